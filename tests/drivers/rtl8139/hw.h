/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RTL8139C+ registers and descriptors (C+ mode), from Realtek's RTL8139C+
 * datasheet as QEMU's -device rtl8139 and Linux's 8139cp program it.
 */
#ifndef RTL_HW_H
#define RTL_HW_H

#define RTL_VENDOR_ID		0x10ec
#define RTL_DEVICE_ID		0x8139
#define RTL_REV_CPLUS		0x20	/* PCI revision of the C+ chip */
#define RTL_REG_SIZE		0x100

/* Register offsets. */
#define RTL_IDR0		0x00	/* MAC address, 32-bit writes */
#define RTL_MAR0		0x08	/* multicast hash, 64 bits */
#define RTL_DTCCR		0x10	/* dump tally counters (64-bit) */
#define RTL_TNPDS		0x20	/* normal-priority Tx ring (64-bit) */
#define RTL_THPDS		0x28	/* high-priority Tx ring (64-bit) */
#define RTL_CR			0x37	/* command */
#define RTL_IMR			0x3c	/* interrupt mask, 16 bit */
#define RTL_ISR			0x3e	/* interrupt status, write 1 to clear */
#define RTL_TCR			0x40	/* transmit configuration */
#define RTL_RCR			0x44	/* receive configuration */
#define RTL_MPC			0x4c	/* missed packets, 24 bit, write clears */
#define RTL_9346CR		0x50	/* EEPROM control / config unlock */
#define RTL_CONFIG1		0x52
#define RTL_MSR			0x58	/* media status */
#define RTL_MULINT		0x5c	/* multiple interrupt select */
#define RTL_BMCR		0x62	/* PHY basic mode control */
#define RTL_BMSR		0x64	/* PHY basic mode status */
#define RTL_TPPOLL		0xd9	/* transmit priority polling */
#define RTL_CPCR		0xe0	/* C+ command */
#define RTL_INTRMIT		0xe2	/* interrupt mitigation */
#define RTL_RDSAR		0xe4	/* Rx ring (64-bit) */
#define RTL_ETTHR		0xec	/* early transmit threshold */

/* CR */
#define RTL_CR_RST		0x10
#define RTL_CR_RE		0x08
#define RTL_CR_TE		0x04

/* ISR / IMR */
#define RTL_INT_SERR		0x8000	/* PCI system error */
#define RTL_INT_TIMEOUT		0x4000
#define RTL_INT_SWINT		0x0100
#define RTL_INT_TDU		0x0080	/* Tx descriptor unavailable */
#define RTL_INT_FOVW		0x0040	/* Rx FIFO overflow */
#define RTL_INT_LINKCHG		0x0020	/* link change */
#define RTL_INT_RDU		0x0010	/* Rx descriptor unavailable */
#define RTL_INT_TER		0x0008
#define RTL_INT_TOK		0x0004
#define RTL_INT_RER		0x0002
#define RTL_INT_ROK		0x0001
#define RTL_INT_MASK		(RTL_INT_SERR | RTL_INT_FOVW | RTL_INT_LINKCHG | \
				 RTL_INT_RDU | RTL_INT_TER | RTL_INT_TOK | \
				 RTL_INT_RER | RTL_INT_ROK)
#define RTL_INT_RX		(RTL_INT_FOVW | RTL_INT_RDU | RTL_INT_RER | \
				 RTL_INT_ROK)
#define RTL_INT_TX		(RTL_INT_TDU | RTL_INT_TER | RTL_INT_TOK)

/* TCR: IFG 9.6 us, 1024-byte DMA bursts */
#define RTL_TCR_VALUE		((3u << 24) | (6u << 8))
#define RTL_TCR_LOOPBACK	(3u << 17)

/* RCR: no Rx FIFO threshold, unlimited DMA burst, plus the accept bits */
#define RTL_RCR_BASE		((7u << 13) | (7u << 8))
#define RTL_RCR_AAP		0x01	/* all physical (promiscuous) */
#define RTL_RCR_APM		0x02	/* physical match */
#define RTL_RCR_AM		0x04	/* multicast (hash filtered) */
#define RTL_RCR_AB		0x08	/* broadcast */

/* 9346CR */
#define RTL_9346_NORMAL		0x00
#define RTL_9346_PROGRAM	0x80	/* EEPROM pins under software control */
#define RTL_9346_UNLOCK		0xc0	/* config registers writable */
#define RTL_EE_CS		0x08
#define RTL_EE_SK		0x04
#define RTL_EE_DI		0x02
#define RTL_EE_DO		0x01
#define RTL_EE_READ_CMD		6	/* start bit + opcode 10 */
#define RTL_EE_SIGNATURE	0x8129
#define RTL_EE_MAC_WORD		7	/* MAC at words 7..9 */

/* MSR */
#define RTL_MSR_LINKB		0x04	/* 1 = link down */
#define RTL_MSR_SPEED10		0x08

/* BMSR */
#define RTL_BMSR_LINK		0x0004

/* TPPOLL */
#define RTL_TPPOLL_NPQ		0x40	/* poll the normal-priority ring */

/* CPCR */
#define RTL_CPCR_RXVLAN		0x0040
#define RTL_CPCR_RXCHKSUM	0x0020
#define RTL_CPCR_DAC		0x0010
#define RTL_CPCR_MULRW		0x0008
#define RTL_CPCR_RXENB		0x0002
#define RTL_CPCR_TXENB		0x0001

/* DTCCR */
#define RTL_DTCCR_CMD		0x08	/* set to dump; chip clears when done */

/* Descriptors: 16 bytes, rings 256-byte aligned. */
typedef struct _RTL_DESC {
	ULONG Opts1;
	ULONG Opts2;
	ULONG AddrLo;
	ULONG AddrHi;
} RTL_DESC, *PRTL_DESC;

#define RTL_DESC_OWN		0x80000000u
#define RTL_DESC_EOR		0x40000000u
#define RTL_DESC_FS		0x20000000u
#define RTL_DESC_LS		0x10000000u
#define RTL_TX_LEN_MASK		0x0000ffffu
#define RTL_TX_TES		0x00800000u	/* transmit error summary */
/*
 * Tx offloads, read from a frame's descriptors: large send with the MSS
 * (TCP payload bytes per segment, 11 bits) where the checksum bits are,
 * which it implies; or IPv4 header / UDP / TCP checksum insertion.
 */
#define RTL_TX_LGSEN		0x08000000u
#define RTL_TX_MSS_SHIFT	16
#define RTL_TX_MSS_MAX		0x7ffu
#define RTL_TX_IPCS		0x00040000u
#define RTL_TX_UDPCS		0x00020000u
#define RTL_TX_TCPCS		0x00010000u
/* The most a frame's descriptors may hold: the chip's assembly buffer. */
#define RTL_TX_MAX_FRAME	65536
#define RTL_RX_LEN_MASK		0x00001fffu
#define RTL_RX_RES		0x00100000u	/* receive error summary */
#define RTL_RX_RUNT		0x00080000u
#define RTL_RX_CRC		0x00040000u
#define RTL_RX_FOVF		0x00400000u
#define RTL_RING_ALIGN		256

/* Tally counters the chip dumps (64 bytes, 64-byte aligned). */
typedef struct _RTL_TALLY {
	ULONG64 TxOk;
	ULONG64 RxOk;
	ULONG64 TxErr;
	ULONG RxErr;
	USHORT MissPkt;
	USHORT Fae;
	ULONG Tx1Col;
	ULONG TxMCol;
	ULONG64 RxOkPhy;
	ULONG64 RxOkBrd;
	ULONG RxOkMul;
	USHORT TxAbt;
	USHORT TxUndrn;
} RTL_TALLY, *PRTL_TALLY;

#endif
