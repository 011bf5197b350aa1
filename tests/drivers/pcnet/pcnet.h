/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pcnet: an NDIS 4.0 serialized bus-master miniport for the AMD Am79C970A
 * (PCnet-PCI II, PCI 1022:2000, QEMU's pcnet), written from the chip's
 * register and descriptor description and the NDIS 4.0 documentation,
 * sharing no code with the other test drivers. Transmit buffers are handed
 * to the chip through map registers (NdisMAllocateMapRegisters,
 * NdisMStartBufferPhysicalMapping / NdisMCompleteBufferPhysicalMapping);
 * descriptor rings, the initialization block and receive buffers live in
 * shared memory.
 */
#ifndef PCNET_H
#define PCNET_H

#include <ndis.h>

#define PCN_TAG		'nCPn'
#define PCN_VERSION	0x00010000

/* Word I/O (WIO) ports in the 32-byte I/O range. */
#define PCN_APROM	0x00	/* station address PROM, 16 bytes */
#define PCN_RDP		0x10	/* register data port (the CSR RAP names) */
#define PCN_RAP		0x12	/* register address port */
#define PCN_RESET	0x14	/* a read resets the chip */
#define PCN_BDP		0x16	/* bus configuration register data port */
#define PCN_PORTS	0x20

/* CSR0 */
#define CSR0_INIT	0x0001
#define CSR0_STRT	0x0002
#define CSR0_STOP	0x0004
#define CSR0_TDMD	0x0008
#define CSR0_IENA	0x0040
#define CSR0_INTR	0x0080
#define CSR0_IDON	0x0100
#define CSR0_TINT	0x0200
#define CSR0_RINT	0x0400
#define CSR0_MERR	0x0800
#define CSR0_MISS	0x1000
#define CSR0_CERR	0x2000
#define CSR0_BABL	0x4000
#define CSR0_EVENTS	0x7f00	/* write 1 to clear */
#define CSR3_IDONM	0x0100	/* no interrupt for init done (polled) */
#define CSR4_APAD_XMT	0x0800
#define BCR20_SWSTYLE2	0x0002	/* 32-bit structures, PCnet-PCI layout */

/* Descriptor status (upper half of the second DWORD). */
#define DS_OWN		0x80000000
#define DS_ERR		0x40000000
#define DS_STP		0x02000000
#define DS_ENP		0x01000000
#define TX_ADD_FCS	0x20000000
#define DS_ONES		0x0000f000	/* the BCNT field's top bits */

#define PCN_RING_LOG2	5
#define PCN_RING	(1 << PCN_RING_LOG2)
#define PCN_MAPS	PCN_RING	/* one map register per transmit buffer */
#define PCN_BUF		1536
#define PCN_MAX_FRAME	1514
#define PCN_MIN_FRAME	60
#define PCN_HEADER	14
#define PCN_ALEN	6
#define PCN_MCAST_MAX	32
#define PCN_MAX_SEGS	8	/* per packet; more are copied */

typedef struct _PCN_DESC {	/* SWSTYLE 2, 16 bytes */
	ULONG Addr;
	ULONG Status;		/* OWN..ENP, BCNT (two's complement) */
	ULONG Misc;		/* receive: message byte count */
	ULONG User;
} PCN_DESC;

typedef struct _PCN_INIT_BLOCK {	/* SSIZE32 layout, 28 bytes */
	USHORT Mode;
	UCHAR RLen, TLen;	/* log2 of the ring sizes, in bits 7:4 */
	UCHAR Padr[6];
	USHORT Reserved;
	UCHAR Ladrf[8];
	ULONG Rdra, Tdra;
} PCN_INIT_BLOCK;

/* Shared memory: init block, rings (16-byte aligned), buffers. */
typedef struct _PCN_SHARED {
	PCN_INIT_BLOCK Init;
	ULONG Pad;
	PCN_DESC Rx[PCN_RING];
	PCN_DESC Tx[PCN_RING];
	UCHAR RxBuf[PCN_RING][PCN_BUF];
	UCHAR Bounce[PCN_RING][PCN_BUF];	/* per first descriptor */
} PCN_SHARED;

/* A packet on the transmit ring, kept at its first descriptor. */
typedef struct _PCN_TX {
	PNDIS_PACKET Packet;
	UINT Descs;
	UINT Maps;		/* map registers from MapHead on */
	UINT MapFirst;
} PCN_TX;

typedef struct _PCN_ADAPTER {
	NDIS_HANDLE Handle;
	PUCHAR Port;
	UINT IoBase;
	UINT IrqVector, IrqLevel;
	NDIS_INTERRUPT_MODE IrqMode;
	NDIS_MINIPORT_INTERRUPT Interrupt;
	BOOLEAN InterruptRegistered;
	BOOLEAN MapsAllocated;
	BOOLEAN IntEnabled;

	PCN_SHARED *Sh;
	NDIS_PHYSICAL_ADDRESS ShPa;
	ULONG ShBus;			/* its 32-bit bus address */

	UCHAR PermanentAddress[PCN_ALEN];
	UCHAR StationAddress[PCN_ALEN];
	ULONG PacketFilter;
	UCHAR McList[PCN_MCAST_MAX][PCN_ALEN];
	ULONG McCount;

	UINT RxNext;
	PUCHAR RxFrame;			/* valid inside the indication */
	UINT RxLength;

	PCN_TX Tx[PCN_RING];
	UINT TxHead, TxTail, TxFree;	/* descriptors */
	UINT MapHead, MapTail, MapFree;	/* map registers */
	ULONG TxStalls;

	ULONG TxOk, TxErr, RxOk, RxErr, RxMissed, Mapped, Bounced;
} PCN_ADAPTER, *PPCN_ADAPTER;

/* ndis.sys exports that mingw-w64's ndis.h does not declare. */
DECLSPEC_IMPORT VOID NTAPI NdisMStartBufferPhysicalMapping(
	NDIS_HANDLE MiniportAdapterHandle, PNDIS_BUFFER Buffer,
	ULONG PhysicalMapRegister, BOOLEAN WriteToDevice,
	PNDIS_PHYSICAL_ADDRESS_UNIT PhysicalAddressArray, PUINT ArraySize);
DECLSPEC_IMPORT VOID NTAPI NdisMCompleteBufferPhysicalMapping(
	NDIS_HANDLE MiniportAdapterHandle, PNDIS_BUFFER Buffer,
	ULONG PhysicalMapRegister);

/* hw.c */
USHORT PcnReadCsr(PPCN_ADAPTER A, USHORT Csr);
VOID PcnWriteCsr(PPCN_ADAPTER A, USHORT Csr, USHORT Value);
NDIS_STATUS PcnProbe(PPCN_ADAPTER A);
NDIS_STATUS PcnStart(PPCN_ADAPTER A);
VOID PcnStop(PPCN_ADAPTER A);
VOID PcnKick(PPCN_ADAPTER A);
VOID PcnUnmask(PPCN_ADAPTER A);
VOID PcnMask(PPCN_ADAPTER A);

/* isr.c */
VOID PcnIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context);
VOID PcnHandleInterrupt(NDIS_HANDLE Context);

/* send.c */
NDIS_STATUS PcnSend(NDIS_HANDLE Context, PNDIS_PACKET Packet, UINT Flags);
VOID PcnSendDone(PPCN_ADAPTER A, BOOLEAN Abort);

/* recv.c */
BOOLEAN PcnReceive(PPCN_ADAPTER A);
VOID PcnRxFill(PPCN_ADAPTER A);
NDIS_STATUS PcnTransferData(PNDIS_PACKET Packet, PUINT BytesTransferred,
			    NDIS_HANDLE Context, NDIS_HANDLE ReceiveContext,
			    UINT ByteOffset, UINT BytesToTransfer);

/* oid.c */
NDIS_STATUS PcnQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS PcnSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			      PVOID Buffer, ULONG Length, PULONG BytesRead,
			      PULONG BytesNeeded);

#endif
