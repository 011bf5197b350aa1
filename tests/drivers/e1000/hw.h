/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Intel 8254x (82540EM family) registers, bits and legacy descriptors, from
 * Intel's PCI/PCI-X Family of Gigabit Ethernet Controllers Software
 * Developer's Manual, as QEMU's -device e1000 implements them.
 */
#ifndef E1K_HW_H
#define E1K_HW_H

#define E1K_VENDOR_ID		0x8086
#define E1K_REG_SIZE		0x20000	/* BAR0: 128 KiB of registers */

/* General registers. */
#define E1K_CTRL		0x0000
#define E1K_STATUS		0x0008
#define E1K_EECD		0x0010
#define E1K_EERD		0x0014
#define E1K_MDIC		0x0020
#define E1K_FCAL		0x0028
#define E1K_FCAH		0x002c
#define E1K_FCT			0x0030
#define E1K_VET			0x0038
#define E1K_ICR			0x00c0	/* read clears */
#define E1K_ITR			0x00c4
#define E1K_ICS			0x00c8
#define E1K_IMS			0x00d0	/* write 1s: enable */
#define E1K_IMC			0x00d8	/* write 1s: disable */
#define E1K_RCTL		0x0100
#define E1K_FCTTV		0x0170
#define E1K_TCTL		0x0400
#define E1K_TIPG		0x0410

/* Receive ring. */
#define E1K_RDBAL		0x2800
#define E1K_RDBAH		0x2804
#define E1K_RDLEN		0x2808
#define E1K_RDH			0x2810
#define E1K_RDT			0x2818
#define E1K_RDTR		0x2820
#define E1K_RADV		0x282c

/* Transmit ring. */
#define E1K_TDBAL		0x3800
#define E1K_TDBAH		0x3804
#define E1K_TDLEN		0x3808
#define E1K_TDH			0x3810
#define E1K_TDT			0x3818
#define E1K_TIDV		0x3820
#define E1K_TADV		0x382c

/* Statistics: every one clears when read (the 64-bit ones on the high half). */
#define E1K_CRCERRS		0x4000
#define E1K_ALGNERRC		0x4004
#define E1K_RXERRC		0x400c
#define E1K_MPC			0x4010	/* missed: no receive buffer */
#define E1K_SCC			0x4014	/* single collision */
#define E1K_ECOL		0x4018	/* excessive collisions */
#define E1K_MCC			0x401c	/* multiple collisions */
#define E1K_LATECOL		0x4020
#define E1K_DC			0x4030	/* deferred */
#define E1K_RLEC		0x4040	/* receive length errors (runts, giants) */

/* Filters. */
#define E1K_MTA			0x5200	/* 128 x 32-bit multicast hash */
#define E1K_MTA_WORDS		128
#define E1K_RAL(n)		(0x5400 + (n) * 8)
#define E1K_RAH(n)		(0x5404 + (n) * 8)
#define E1K_RA_ENTRIES		16
#define E1K_VFTA		0x5600
#define E1K_VFTA_WORDS		128

/* CTRL */
#define E1K_CTRL_FD		0x00000001u
#define E1K_CTRL_LRST		0x00000008u
#define E1K_CTRL_ASDE		0x00000020u	/* speed from the PHY */
#define E1K_CTRL_SLU		0x00000040u	/* set link up */
#define E1K_CTRL_ILOS		0x00000080u
#define E1K_CTRL_FRCSPD		0x00000800u
#define E1K_CTRL_FRCDPLX	0x00001000u
#define E1K_CTRL_RST		0x04000000u	/* self-clearing MAC reset */
#define E1K_CTRL_RFCE		0x08000000u
#define E1K_CTRL_TFCE		0x10000000u
#define E1K_CTRL_VME		0x40000000u
#define E1K_CTRL_PHY_RST	0x80000000u

/* STATUS */
#define E1K_STATUS_FD		0x00000001u
#define E1K_STATUS_LU		0x00000002u
#define E1K_STATUS_SPEED_MASK	0x000000c0u
#define E1K_STATUS_SPEED_100	0x00000040u
#define E1K_STATUS_SPEED_1000	0x00000080u	/* 10b and 11b */

/* EERD (82540/82545 layout) */
#define E1K_EERD_START		0x00000001u
#define E1K_EERD_DONE		0x00000010u
#define E1K_EERD_ADDR_SHIFT	8
#define E1K_EERD_DATA_SHIFT	16
#define E1K_EEPROM_WORDS	64
#define E1K_EEPROM_CSUM_WORD	0x3f
#define E1K_EEPROM_SUM		0xbaba	/* words 0..0x3f add up to this */

/* MDIC: PHY registers through the MAC */
#define E1K_MDIC_DATA_MASK	0x0000ffffu
#define E1K_MDIC_REG_SHIFT	16
#define E1K_MDIC_PHY_SHIFT	21
#define E1K_MDIC_OP_WRITE	0x04000000u
#define E1K_MDIC_OP_READ	0x08000000u
#define E1K_MDIC_READY		0x10000000u
#define E1K_MDIC_ERROR		0x40000000u
#define E1K_PHY_ADDR		1	/* the internal copper PHY */

/* PHY (IEEE 802.3 clause 22) */
#define E1K_PHY_BMCR		0
#define E1K_PHY_BMSR		1
#define E1K_PHY_ANAR		4
#define E1K_PHY_CTRL1000	9
#define E1K_BMCR_ANRESTART	0x0200
#define E1K_BMCR_ANENABLE	0x1000
#define E1K_BMCR_SPEED1000	0x0040
#define E1K_BMCR_FD		0x0100
#define E1K_BMSR_LINK		0x0004
#define E1K_ANAR_ALL		0x01e1	/* 802.3, 10/100 half and full */
#define E1K_CTRL1000_FULL	0x0200

/* Interrupt causes (ICR, ICS, IMS, IMC) */
#define E1K_INT_TXDW		0x00000001u	/* descriptor written back */
#define E1K_INT_TXQE		0x00000002u
#define E1K_INT_LSC		0x00000004u	/* link status change */
#define E1K_INT_RXSEQ		0x00000008u
#define E1K_INT_RXDMT0		0x00000010u	/* few receive descriptors */
#define E1K_INT_RXO		0x00000040u	/* receiver overrun */
#define E1K_INT_RXT0		0x00000080u	/* receive timer */
#define E1K_INT_ALL		0xffffffffu
#define E1K_INT_MASK		(E1K_INT_TXDW | E1K_INT_LSC | E1K_INT_RXSEQ | \
				 E1K_INT_RXDMT0 | E1K_INT_RXO | E1K_INT_RXT0)

/* RCTL */
#define E1K_RCTL_EN		0x00000002u
#define E1K_RCTL_UPE		0x00000008u	/* unicast promiscuous */
#define E1K_RCTL_MPE		0x00000010u	/* multicast promiscuous */
#define E1K_RCTL_LPE		0x00000020u
#define E1K_RCTL_RDMTS_HALF	0x00000000u
#define E1K_RCTL_MO_0		0x00000000u	/* hash: address bits 47:36 */
#define E1K_RCTL_BAM		0x00008000u	/* broadcast */
#define E1K_RCTL_SZ_2048	0x00000000u
#define E1K_RCTL_SECRC		0x04000000u	/* strip the FCS */

/* TCTL */
#define E1K_TCTL_EN		0x00000002u
#define E1K_TCTL_PSP		0x00000008u	/* pad short packets */
#define E1K_TCTL_CT		(0x0fu << 4)	/* collision threshold */
#define E1K_TCTL_COLD_FD	(0x40u << 12)	/* collision distance */
#define E1K_TCTL_RTLC		0x01000000u
#define E1K_TIPG_COPPER		(10u | 8u << 10 | 6u << 20)

/* RAH */
#define E1K_RAH_AV		0x80000000u	/* address valid */

/* ITR counts in 256 ns units: about 8000 interrupts a second. */
#define E1K_ITR_MODERATED	488

/* Legacy transmit descriptor (16 bytes). */
typedef struct _E1K_TX_DESC {
	ULONG64 Addr;
	USHORT Length;
	UCHAR Cso;
	UCHAR Cmd;
	UCHAR Status;
	UCHAR Css;
	USHORT Special;
} E1K_TX_DESC, *PE1K_TX_DESC;

#define E1K_TXD_CMD_EOP		0x01
#define E1K_TXD_CMD_IFCS	0x02	/* insert the FCS */
#define E1K_TXD_CMD_RS		0x08	/* report status (DD) */
#define E1K_TXD_STAT_DD		0x01
#define E1K_TXD_STAT_EC		0x02	/* excess collisions */
#define E1K_TXD_STAT_LC		0x04	/* late collision */

/*
 * TCP/IP context descriptor (16 bytes): where the IP and TCP/UDP checksums
 * start (CSS), go (CSO) and end (CSE, inclusive; 0 for the end of the
 * packet), in bytes from the frame's start. The chip keeps the context
 * for the data descriptors after it. With TUCMD.TSE it also segments: the
 * first HDRLEN bytes of a packet are the header template, the PAYLEN
 * bytes after it go out MSS at a time.
 */
typedef struct _E1K_TX_CTX_DESC {
	UCHAR Ipcss;
	UCHAR Ipcso;
	USHORT Ipcse;
	UCHAR Tucss;
	UCHAR Tucso;
	USHORT Tucse;
	USHORT PayLen;		/* PAYLEN 15:0, segmentation only */
	UCHAR PayLenHiDtyp;	/* PAYLEN 19:16, DTYP 0000 (context) */
	UCHAR Tucmd;
	UCHAR Status;
	UCHAR HdrLen;		/* segmentation only */
	USHORT Mss;		/* segmentation only */
} E1K_TX_CTX_DESC, *PE1K_TX_CTX_DESC;

#define E1K_TUCMD_TCP		0x01	/* TCP, else UDP */
#define E1K_TUCMD_IP		0x02	/* IPv4, else IPv6 */
#define E1K_TUCMD_TSE		0x04	/* TCP segmentation */
#define E1K_TUCMD_DEXT		0x20	/* an extended descriptor */
#define E1K_PAYLEN_MAX		0xfffff	/* PAYLEN is 20 bits */

/*
 * TCP/IP data descriptor (16 bytes): a legacy descriptor's place, with
 * DTYP 0001 and DEXT, and POPTS where the legacy CSS is. POPTS counts in
 * a packet's first data descriptor.
 */
typedef struct _E1K_TX_DATA_DESC {
	ULONG64 Addr;
	USHORT Length;		/* DTALEN 15:0 */
	UCHAR LenHiDtyp;	/* DTALEN 19:16, DTYP 0001 (data) */
	UCHAR Cmd;		/* E1K_TXD_CMD_*, with E1K_TXD_CMD_DEXT */
	UCHAR Status;
	UCHAR Popts;
	USHORT Special;
} E1K_TX_DATA_DESC, *PE1K_TX_DATA_DESC;

#define E1K_TXD_DTYP_DATA	0x10	/* in LenHiDtyp */
#define E1K_TXD_DTALEN_MAX	0xfffff	/* DTALEN is 20 bits */
#define E1K_TXD_CMD_TSE		0x04	/* segment with the context's TSE */
#define E1K_TXD_CMD_DEXT	0x20
#define E1K_TXD_POPTS_IXSM	0x01	/* insert the IP checksum */
#define E1K_TXD_POPTS_TXSM	0x02	/* insert the TCP/UDP checksum */

/* Legacy receive descriptor (16 bytes). */
typedef struct _E1K_RX_DESC {
	ULONG64 Addr;
	USHORT Length;
	USHORT Csum;
	UCHAR Status;
	UCHAR Errors;
	USHORT Special;
} E1K_RX_DESC, *PE1K_RX_DESC;

#define E1K_RXD_STAT_DD		0x01
#define E1K_RXD_STAT_EOP	0x02
#define E1K_RXD_ERR_CE		0x01	/* CRC */
#define E1K_RXD_ERR_SE		0x02	/* symbol */
#define E1K_RXD_ERR_SEQ		0x04
#define E1K_RXD_ERR_CXE		0x10
#define E1K_RXD_ERR_RXE		0x80
#define E1K_RXD_ERR_FRAME	(E1K_RXD_ERR_CE | E1K_RXD_ERR_SE | \
				 E1K_RXD_ERR_SEQ | E1K_RXD_ERR_CXE | \
				 E1K_RXD_ERR_RXE)

#define E1K_RING_ALIGN		128	/* xDLEN is a multiple of 128 bytes */
#define E1K_RX_BUF_SIZE		2048	/* RCTL.BSIZE 2048 */

#endif
