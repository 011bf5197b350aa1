/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Intel 82574L registers, bits and legacy descriptors, from Intel's
 * 82574 GbE Controller Family datasheet (as QEMU's -device e1000e
 * implements it). Only what this driver programs.
 */
#ifndef E6_HW82574_H
#define E6_HW82574_H

#define E6_VENDOR_ID		0x8086
#define E6_DEVICE_ID		0x10d3
#define E6_BAR0_MIN		0x20000	/* 128 KiB of memory-mapped registers */

#define E6_CTRL			0x00000
#define E6_STATUS		0x00008
#define E6_EERD			0x00014
#define E6_CTRL_EXT		0x00018
#define E6_CTRL_EXT_PBA_SUPPORT	0x80000000u	/* must be set for MSI-X */
#define E6_ICR			0x000c0	/* read clears (INTx and MSI) */
#define E6_ITR			0x000c4
#define E6_IMS			0x000d0
#define E6_IMC			0x000d8
#define E6_IVAR			0x000e4	/* MSI-X: each cause's vector */
#define E6_RCTL			0x00100
#define E6_RFCTL		0x05008	/* EXSTEN: extended rx descriptors */
#define E6_TCTL			0x00400
#define E6_TIPG			0x00410
#define E6_RDBAL		0x02800
#define E6_RDBAH		0x02804
#define E6_RDLEN		0x02808
#define E6_RDH			0x02810
#define E6_RDT			0x02818
#define E6_RDTR			0x02820
#define E6_RADV			0x0282c
#define E6_TDBAL		0x03800
#define E6_TDBAH		0x03804
#define E6_TDLEN		0x03808
#define E6_TDH			0x03810
#define E6_TDT			0x03818
#define E6_TIDV			0x03820
#define E6_TADV			0x0382c
#define E6_MTA			0x05200	/* 128 words of multicast hash */
#define E6_MTA_WORDS		128
#define E6_RXCSUM		0x05000
#define E6_RAL0			0x05400
#define E6_RAH0			0x05404

/* Statistics (clear on read; the 64-bit octet counters low word first). */
#define E6_CRCERRS		0x04000
#define E6_ALGNERRC		0x04004
#define E6_RXERRC		0x0400c
#define E6_MPC			0x04010
#define E6_SCC			0x04014
#define E6_ECOL			0x04018
#define E6_MCC			0x0401c
#define E6_LATECOL		0x04020
#define E6_DC			0x04030
#define E6_RLEC			0x04040
#define E6_GPRC			0x04074	/* good packets received */
#define E6_BPRC			0x04078
#define E6_MPRC			0x0407c
#define E6_GPTC			0x04080
#define E6_GORCL		0x04088
#define E6_GORCH		0x0408c
#define E6_GOTCL		0x04090
#define E6_GOTCH		0x04094
#define E6_RNBC			0x040a0	/* no receive buffer */
#define E6_MPTC			0x040f0
#define E6_BPTC			0x040f4

#define E6_CTRL_FD		0x00000001u
#define E6_CTRL_ASDE		0x00000020u
#define E6_CTRL_SLU		0x00000040u
#define E6_CTRL_RST		0x04000000u
#define E6_CTRL_PHY_RST		0x80000000u

#define E6_STATUS_FD		0x00000001u
#define E6_STATUS_LU		0x00000002u
#define E6_STATUS_SPEED_MASK	0x000000c0u
#define E6_STATUS_SPEED_10	0x00000000u
#define E6_STATUS_SPEED_100	0x00000040u

/* EERD on the 82574: start bit 0, done bit 1, word address from bit 2. */
#define E6_EERD_START		0x00000001u
#define E6_EERD_DONE		0x00000002u
#define E6_EERD_ADDR_SHIFT	2
#define E6_EERD_DATA_SHIFT	16

#define E6_INT_TXDW		0x00000001u
#define E6_INT_LSC		0x00000004u
#define E6_INT_RXDMT0		0x00000010u
#define E6_INT_RXO		0x00000040u
#define E6_INT_RXT0		0x00000080u
/* MSI-X mode: per-queue causes replace RXT0/TXDW; LSC also sets OTHER */
#define E6_INT_RXQ0		0x00100000u
#define E6_INT_TXQ0		0x00400000u
#define E6_INT_OTHER		0x01000000u
#define E6_INT_MSIX		(E6_INT_RXQ0 | E6_INT_TXQ0 | E6_INT_OTHER)
#define E6_INT_ASSERTED		0x80000000u
#define E6_INT_ALL		0xffffffffu
#define E6_INT_SERVICED		(E6_INT_TXDW | E6_INT_LSC | E6_INT_RXDMT0 | \
				 E6_INT_RXO | E6_INT_RXT0)

#define E6_RCTL_EN		0x00000002u
#define E6_RCTL_UPE		0x00000008u
#define E6_RCTL_MPE		0x00000010u
#define E6_RCTL_BAM		0x00008000u
#define E6_RCTL_SECRC		0x04000000u	/* strip the FCS */
/* BSIZE 00 with BSEX 0: 2048-byte buffers */

#define E6_TCTL_EN		0x00000002u
#define E6_TCTL_PSP		0x00000008u	/* pad short packets to 64 bytes */
#define E6_TCTL_CT		(0x0fu << 4)
#define E6_TCTL_COLD		(0x3fu << 12)
#define E6_TCTL_RTLC		0x01000000u
#define E6_TIPG_DEFAULT		(8u | 8u << 10 | 6u << 20)

#define E6_RAH_AV		0x80000000u

/* RXCSUM: the IPv4 header and TCP/UDP checksums checked on receive */
#define E6_RXCSUM_IPOFL		0x00000100u
#define E6_RXCSUM_TUOFL		0x00000200u

typedef struct _E6_TX_DESC {	/* legacy transmit descriptor */
	ULONG64 Addr;
	USHORT Length;
	UCHAR Cso;
	UCHAR Cmd;
	UCHAR Status;
	UCHAR Css;
	USHORT Special;
} E6_TX_DESC;
#define E6_TXD_CMD_EOP		0x01
#define E6_TXD_CMD_IFCS		0x02
#define E6_TXD_CMD_RS		0x08
#define E6_TXD_STAT_DD		0x01
/*
 * The same 16 bytes as an extended data descriptor: DTYP 0001 in the
 * upper nibble of Cso, DEXT in Cmd, POPTS in Css (checksums to insert,
 * as the context descriptor before it places them).
 */
#define E6_TXD_DTYP_DATA	0x10	/* in Cso */
#define E6_TXD_CMD_TSE		0x04	/* extended: segment (large send) */
#define E6_TXD_CMD_DEXT		0x20
#define E6_TXD_POPTS_IXSM	0x01	/* in Css: the IPv4 header checksum */
#define E6_TXD_POPTS_TXSM	0x02	/* ... the TCP/UDP checksum */

typedef struct _E6_TX_CTX_DESC {	/* TCP/IP context descriptor */
	UCHAR Ipcss;		/* IPv4 header: checksum start, */
	UCHAR Ipcso;		/* where it goes, */
	USHORT Ipcse;		/* last byte covered (inclusive) */
	UCHAR Tucss;		/* TCP/UDP: checksum start, */
	UCHAR Tucso;		/* where it goes, */
	USHORT Tucse;		/* last byte (0: the end of the packet) */
	ULONG CmdLen;		/* PAYLEN 19:0, DTYP 23:20 (0000), TUCMD 31:24 */
	UCHAR Status;
	UCHAR HdrLen;		/* segmentation: header template's bytes */
	USHORT Mss;		/* ... payload bytes per segment */
} E6_TX_CTX_DESC;
#define E6_TXC_TCP		0x01000000u	/* TUCMD.TCP: TCP, else UDP */
#define E6_TXC_IP		0x02000000u	/* TUCMD.IP: IPv4, else IPv6 */
#define E6_TXC_TSE		0x04000000u	/* TUCMD.TSE: segment into MSS */
#define E6_TXC_DEXT		0x20000000u
#define E6_TXC_PAYLEN_MAX	0x000fffffu

typedef struct _E6_RX_DESC {	/* legacy receive descriptor */
	ULONG64 Addr;
	USHORT Length;
	USHORT Csum;
	UCHAR Status;
	UCHAR Errors;
	USHORT Special;
} E6_RX_DESC;
#define E6_RXD_STAT_DD		0x01
#define E6_RXD_STAT_EOP		0x02
#define E6_RXD_STAT_IXSM	0x04	/* no checksum indication */
#define E6_RXD_STAT_UDPCS	0x10	/* UDP checksum checked */
#define E6_RXD_STAT_TCPCS	0x20	/* TCP (QEMU: or UDP) checksum checked */
#define E6_RXD_STAT_IPCS	0x40	/* IPv4 header checksum checked */
#define E6_RXD_ERR_FRAME	0x97	/* CE, SE, SEQ, CXE, RXE */
#define E6_RXD_ERR_TCPE		0x20	/* the TCP/UDP checksum is wrong */
#define E6_RXD_ERR_IPE		0x40	/* the IPv4 header checksum is wrong */

#endif
