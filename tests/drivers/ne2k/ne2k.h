/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ne2k: an NDIS 3.0 miniport for the NE2000-compatible RTL8029AS (PCI
 * 10EC:8029, QEMU's ne2k_pci), written from the DP8390 register description
 * and Microsoft's NDIS 3.0/4.0 documentation, sharing no code with the
 * other test drivers. Serialized: MiniportSend takes one packet at a time
 * into the card's transmit buffer; received frames go up with
 * NdisMEthIndicateReceive and a short lookahead, the rest is fetched from
 * the card's ring by MiniportTransferData.
 */
#ifndef NE2K_H
#define NE2K_H

#include <ndis.h>

#define NE2K_TAG		'k2eN'
#define NE2K_VERSION		0x00010000	/* 1.0 */

/* Port offsets in the I/O range (BAR0, 32 ports used). */
#define NE_CR		0x00	/* command, every page */
#define NE_P0_PSTART	0x01	/* page 0 (write) */
#define NE_P0_PSTOP	0x02
#define NE_P0_BNRY	0x03
#define NE_P0_TPSR	0x04
#define NE_P0_TSR	0x04	/* read */
#define NE_P0_TBCR0	0x05
#define NE_P0_TBCR1	0x06
#define NE_P0_ISR	0x07
#define NE_P0_RSAR0	0x08
#define NE_P0_RSAR1	0x09
#define NE_P0_RBCR0	0x0a
#define NE_P0_RBCR1	0x0b
#define NE_P0_8029ID0	0x0a	/* read: RTL8029 ID, 'P' */
#define NE_P0_8029ID1	0x0b	/* read: 'C' */
#define NE_P0_RCR	0x0c
#define NE_P0_TCR	0x0d
#define NE_P0_CNTR0	0x0d	/* read: frame alignment errors */
#define NE_P0_DCR	0x0e
#define NE_P0_CNTR1	0x0e	/* read: CRC errors */
#define NE_P0_IMR	0x0f
#define NE_P0_CNTR2	0x0f	/* read: missed frames */
#define NE_P1_PAR0	0x01	/* page 1: physical address 0..5 */
#define NE_P1_CURR	0x07
#define NE_P1_MAR0	0x08	/* multicast hash 0..7 */
#define NE_DATA		0x10	/* remote DMA data port */
#define NE_RESET	0x1f	/* read, then write: board reset */
#define NE_PORTS	0x20

/* CR */
#define CR_STP		0x01
#define CR_STA		0x02
#define CR_TXP		0x04
#define CR_RD_READ	0x08
#define CR_RD_WRITE	0x10
#define CR_RD_ABORT	0x20	/* complete / abort remote DMA */
#define CR_PAGE0	0x00
#define CR_PAGE1	0x40

/* ISR and IMR */
#define ISR_PRX		0x01
#define ISR_PTX		0x02
#define ISR_RXE		0x04
#define ISR_TXE		0x08
#define ISR_OVW		0x10
#define ISR_CNT		0x20
#define ISR_RDC		0x40
#define ISR_RST		0x80
#define NE2K_IMR	(ISR_PRX | ISR_PTX | ISR_RXE | ISR_TXE | ISR_OVW | ISR_CNT)

/* RCR */
#define RCR_AB		0x04
#define RCR_AM		0x08
#define RCR_PRO		0x10
#define RCR_MON		0x20
/* TCR */
#define TCR_LOOPBACK	0x02	/* internal loopback (LB0) */
/* DCR: word transfers, normal operation, FIFO threshold 8 bytes */
#define DCR_WTS		0x01
#define DCR_LS		0x08
#define DCR_FT1		0x40
#define NE2K_DCR	(DCR_WTS | DCR_LS | DCR_FT1)
/* Receive status (RSR and the frame header) */
#define RSR_PRX		0x01

/* Card memory: 256-byte pages; the ring follows one transmit buffer. */
#define NE2K_PAGE	256
#define NE2K_MEM_START	0x40	/* 16 KiB at 0x4000 */
#define NE2K_MEM_STOP16	0x80
#define NE2K_MEM_STOP32	0xc0	/* 32 KiB cards end at 0xc000 */
#define NE2K_TX_PAGES	6	/* one 1536-byte frame */

#define NE2K_HEADER	14
#define NE2K_MAX_FRAME	1514
#define NE2K_MIN_FRAME	60
#define NE2K_MAX_LOOKAHEAD 252	/* our lookahead buffer, reported honestly */
#define NE2K_DEF_LOOKAHEAD 128
#define NE2K_MCAST_MAX	32
#define NE2K_ALEN	6

#define NE2K_FILTERS (NDIS_PACKET_TYPE_DIRECTED | NDIS_PACKET_TYPE_MULTICAST | \
		      NDIS_PACKET_TYPE_ALL_MULTICAST | NDIS_PACKET_TYPE_BROADCAST | \
		      NDIS_PACKET_TYPE_PROMISCUOUS)

/* Vendor OID: NdisMEthIndicateReceive and MiniportTransferData counts. */
#define OID_NE2K_RX_INDICATED	0xFF4E0101	/* ULONG: frames indicated */
#define OID_NE2K_TRANSFERS	0xFF4E0102	/* ULONG: TransferData calls */
#define OID_NE2K_TRANSFERRED	0xFF4E0103	/* ULONG: bytes they copied */

/* The frame being indicated: MiniportTransferData's receive context. */
typedef struct _NE2K_RX {
	BOOLEAN Valid;		/* only inside NdisMEthIndicateReceive */
	USHORT Start;		/* card address of the frame's first byte */
	UINT Length;		/* header + data, no FCS */
} NE2K_RX, *PNE2K_RX;

typedef struct _NE2K_ADAPTER {
	NDIS_HANDLE Handle;
	PUCHAR Port;			/* NdisMRegisterIoPortRange */
	UINT IoBase;
	UINT IrqVector, IrqLevel;
	NDIS_INTERRUPT_MODE IrqMode;
	NDIS_MINIPORT_INTERRUPT Interrupt;
	BOOLEAN InterruptRegistered;
	BOOLEAN RequestIsr;		/* INF RequestIsr */
	BOOLEAN IntEnabled;		/* IMR unmasked (ISR's view) */
	BOOLEAN Started;		/* CR.STA (else STP) */
	UCHAR SyncValue;		/* a register read under the ISR lock */

	UCHAR PermanentAddress[NE2K_ALEN];
	UCHAR StationAddress[NE2K_ALEN];
	UCHAR RingStart, RingStop;	/* receive ring pages */
	UCHAR NextPage;			/* next frame to read (BNRY + 1) */
	UCHAR TxPage;

	ULONG PacketFilter;
	ULONG Lookahead;
	UCHAR McList[NE2K_MCAST_MAX][NE2K_ALEN];
	ULONG McCount;

	PNDIS_PACKET TxPacket;		/* in the card, waiting for PTX/TXE */
	ULONG TxStalls;			/* hang checks with it still there */
	UCHAR TxFrame[NE2K_MAX_FRAME + 1];

	NE2K_RX Rx;
	UCHAR Lookbuf[NE2K_HEADER + NE2K_MAX_LOOKAHEAD + 2];

	ULONG TxOk, TxErr, RxOk, RxErr, RxNoBuffer, RxAlign, RxCrc;
	ULONG Indicated, Transfers, Transferred, Resets, Overflows;
} NE2K_ADAPTER, *PNE2K_ADAPTER;

/* hw.c */
UCHAR Ne2kIn(PNE2K_ADAPTER A, UINT Reg);
VOID Ne2kOut(PNE2K_ADAPTER A, UINT Reg, UCHAR Value);
NDIS_STATUS Ne2kResetChip(PNE2K_ADAPTER A);
NDIS_STATUS Ne2kProbe(PNE2K_ADAPTER A);
VOID Ne2kStart(PNE2K_ADAPTER A);
VOID Ne2kStop(PNE2K_ADAPTER A);
VOID Ne2kRemoteRead(PNE2K_ADAPTER A, USHORT Addr, PUCHAR Dst, UINT Len);
VOID Ne2kRemoteWrite(PNE2K_ADAPTER A, USHORT Addr, const UCHAR *Src, UINT Len);
VOID Ne2kRingRead(PNE2K_ADAPTER A, USHORT Addr, PUCHAR Dst, UINT Len);
UCHAR Ne2kReadCurr(PNE2K_ADAPTER A);
VOID Ne2kApplyFilter(PNE2K_ADAPTER A);
VOID Ne2kReadCounters(PNE2K_ADAPTER A);

/* isr.c */
VOID Ne2kIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context);
VOID Ne2kHandleInterrupt(NDIS_HANDLE Context);
VOID Ne2kEnableInterrupt(NDIS_HANDLE Context);
VOID Ne2kDisableInterrupt(NDIS_HANDLE Context);

/* send.c */
NDIS_STATUS Ne2kSend(NDIS_HANDLE Context, PNDIS_PACKET Packet, UINT Flags);
VOID Ne2kSendDone(PNE2K_ADAPTER A, NDIS_STATUS Status);

/* recv.c */
BOOLEAN Ne2kReceive(PNE2K_ADAPTER A);
NDIS_STATUS Ne2kTransferData(PNDIS_PACKET Packet, PUINT BytesTransferred,
			     NDIS_HANDLE Context, NDIS_HANDLE ReceiveContext,
			     UINT ByteOffset, UINT BytesToTransfer);

/* oid.c */
NDIS_STATUS Ne2kQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length,
				 PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS Ne2kSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			       PVOID Buffer, ULONG Length, PULONG BytesRead,
			       PULONG BytesNeeded);

#endif
