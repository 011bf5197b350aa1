// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet: an NDIS 5.1 deserialized miniport for the legacy virtio network
 * device (PCI 1AF4:1000, QEMU's virtio-net-pci), written from the OASIS
 * virtio specification's legacy interface and the NDIS 5.1 reference.
 * Adapter state, the virtqueue helper and the functions each file offers.
 */
#ifndef VIONET_H
#define VIONET_H

#include <ndis.h>
#include "virtio_pci.h"

#define VIO_TAG			'oiVn'
#define VIO_VENDOR_ID		0x1af4
#define VIO_DEVICE_NET		0x1000	/* transitional network device */
#define VIO_ETH_HDR		14
#define VIO_MAX_FRAME		1514
#define VIO_MAX_LOOKAHEAD	(VIO_MAX_FRAME - VIO_ETH_HDR)
#define VIO_MCAST_MAX		32
#define VIO_LINK_SPEED		100000000UL	/* 10 Gbit/s in 100 bit/s */
#define VIO_DRIVER_VERSION	0x0105		/* NDIS 5.1 */
#define VIO_VENDOR_VERSION	0x00010000	/* 1.0 */

/*
 * Shared-memory chunks: every receive buffer and transmit slot is a
 * 2 KiB chunk, allocated 16 to a block (two chunks per page).
 */
#define VIO_CHUNK		2048
#define VIO_CHUNKS_PER_BLOCK	16
#define VIO_RX_DATA_OFFSET	VIRTIO_NET_HDR_LEN	/* frame after header */
#define VIO_RX_DATA_LEN		1536
#define VIO_TX_BOUNCE_OFFSET	64
#define VIO_TX_MAX_SG		16	/* more fragments: copied */

typedef struct _VIO_SHARED {
	PVOID Va;
	NDIS_PHYSICAL_ADDRESS Pa;
	ULONG Length;
	BOOLEAN Cached;
} VIO_SHARED, *PVIO_SHARED;

/* One split virtqueue in legacy layout. */
typedef struct _VIO_QUEUE {
	USHORT Index;
	USHORT Size;
	VIO_SHARED Mem;
	ULONGLONG RingPa;	/* 4096-aligned */
	PUCHAR RingVa;
	ULONG RingBytes;
	VRING_DESC *Desc;
	VRING_AVAIL *Avail;
	VRING_USED *Used;
	USHORT FreeHead;
	USHORT NumFree;
	USHORT AvailIdx;	/* our copy of avail->idx */
	USHORT LastUsed;	/* next used entry to look at */
	PVOID *Cookie;		/* per head descriptor */
} VIO_QUEUE, *PVIO_QUEUE;

typedef struct _VIO_SG {
	ULONGLONG Addr;
	ULONG Len;
} VIO_SG;

/* A receive buffer: header + frame in one chunk, its packet and buffer. */
typedef struct _VIO_RXBUF {
	PUCHAR Va;
	ULONGLONG Pa;
	PNDIS_PACKET Packet;
	PNDIS_BUFFER Buffer;
	BOOLEAN WithNdis;	/* indicated: out of the queue until posted */
} VIO_RXBUF, *PVIO_RXBUF;

/* A transmit slot: the header and a bounce buffer for copied frames. */
typedef struct _VIO_TXSLOT {
	PUCHAR Va;
	ULONGLONG Pa;
	PNDIS_PACKET Packet;
	struct _VIO_TXSLOT *NextFree;
} VIO_TXSLOT, *PVIO_TXSLOT;

/* Control-queue command buffers, one page. */
#define VIO_CTRL_CMDS		3
#define VIO_CTRL_CMD_SIZE	1024
#define VIO_CTRL_ACK_OFFSET	8
#define VIO_CTRL_DATA_OFFSET	16

/* A packet's link in our send queue: NDIS gives us MiniportReservedEx. */
#define VIO_PACKET_LINK(p)	((PLIST_ENTRY)(p)->MiniportReservedEx)
#define VIO_LINK_PACKET(l)	CONTAINING_RECORD(l, NDIS_PACKET, MiniportReservedEx)
#define VIO_PACKET_RXBUF(p)	(*(PVIO_RXBUF *)(p)->MiniportReserved)

typedef struct _VIO_ADAPTER {
	NDIS_HANDLE Handle;
	PVOID IoBase;
	ULONG IoPort;
	ULONG IoLength;
	NDIS_MINIPORT_INTERRUPT Interrupt;
	BOOLEAN InterruptRegistered;
	/*
	 * InterruptApi 1: the ISR connected the WDM way (IoConnectInterrupt,
	 * a DPC of its own, KeSynchronizeExecution), as NDIS-WDM drivers do.
	 */
	BOOLEAN WdmInterrupt;
	PKINTERRUPT WdmObject;
	KDPC WdmDpc;
	ULONG HostFeatures;
	ULONG Features;

	UCHAR PermanentAddress[6];
	UCHAR CurrentAddress[6];
	BOOLEAN AddressOverridden;
	BOOLEAN LinkUp;
	ULONG PacketFilter;
	ULONG McastCount;
	UCHAR McastList[VIO_MCAST_MAX][6];
	ULONG Lookahead;

	/* ISR-shared: the ISR status bits the DPC has not taken yet. */
	UCHAR PendingIsr;

	/* Receive: RxLock guards RxQueue and every buffer's WithNdis. */
	NDIS_SPIN_LOCK RxLock;
	VIO_QUEUE RxQueue;
	ULONG RxCount;
	PVIO_RXBUF RxBufs;
	VIO_SHARED *RxBlocks;
	ULONG RxBlockCount;
	NDIS_HANDLE PacketPool;
	NDIS_HANDLE BufferPool;
	ULONG RxPosted;		/* buffers in the virtqueue */
	ULONG RxWithNdis;	/* indicated, not yet returned */
	ULONG RxLowWater;
	NDIS_EVENT RxAllReturned;

	/* Transmit: TxLock guards TxQueue, the slots and SendQueue. */
	NDIS_SPIN_LOCK TxLock;
	VIO_QUEUE TxQueue;
	ULONG TxSlotCount;
	PVIO_TXSLOT TxSlots;
	PVIO_TXSLOT TxFree;
	VIO_SHARED *TxBlocks;
	ULONG TxBlockCount;
	LIST_ENTRY SendQueue;
	ULONG SendQueued;
	ULONG TxInFlight;
	ULONG TxDoneAtLastCheck;
	ULONG TxStalledChecks;
	ULONG TxDone;

	/* Control queue: CtrlLock guards it and the pending set request. */
	NDIS_SPIN_LOCK CtrlLock;
	VIO_QUEUE CtrlQueue;
	BOOLEAN HasCtrl;
	VIO_SHARED CtrlMem;
	ULONG CtrlOutstanding;	/* commands the device has not answered */
	ULONG CtrlSubmitted;
	BOOLEAN CtrlPended;	/* MiniportSetInformation returned PENDING */
	NDIS_STATUS CtrlStatus;

	/* Counters (64-bit, updated under the lock of their path). */
	ULONGLONG TxOk, TxErrors, RxOk, RxErrors, RxNoBuffer, RxResources;
	ULONGLONG TxBytes, RxBytes, TxCopied;
	BOOLEAN Halting;
} VIO_ADAPTER, *PVIO_ADAPTER;

/* hw.c: register access, the device's start and stop */
UCHAR VioRead8(PVIO_ADAPTER A, ULONG Reg);
USHORT VioRead16(PVIO_ADAPTER A, ULONG Reg);
ULONG VioRead32(PVIO_ADAPTER A, ULONG Reg);
VOID VioWrite8(PVIO_ADAPTER A, ULONG Reg, UCHAR V);
VOID VioWrite16(PVIO_ADAPTER A, ULONG Reg, USHORT V);
VOID VioWrite32(PVIO_ADAPTER A, ULONG Reg, ULONG V);
VOID VioDeviceReset(PVIO_ADAPTER A);
NDIS_STATUS VioDeviceStart(PVIO_ADAPTER A);
VOID VioReadLink(PVIO_ADAPTER A, BOOLEAN *Up);
VOID VioMemoryBarrier(VOID);

/* vring.c: the split virtqueue */
NDIS_STATUS VioQueueAllocate(PVIO_ADAPTER A, PVIO_QUEUE Q, USHORT Index);
VOID VioQueueFree(PVIO_ADAPTER A, PVIO_QUEUE Q);
VOID VioQueueRestart(PVIO_QUEUE Q);
VOID VioQueueActivate(PVIO_ADAPTER A, PVIO_QUEUE Q);
BOOLEAN VioQueueAdd(PVIO_QUEUE Q, const VIO_SG *Sg, ULONG Out, ULONG In,
		    PVOID Cookie);
VOID VioQueueKick(PVIO_ADAPTER A, PVIO_QUEUE Q);
PVOID VioQueueGetUsed(PVIO_QUEUE Q, ULONG *Len);
PVOID VioQueueDetachHead(PVIO_QUEUE Q, USHORT Head);

/* shared.c: shared memory blocks and chunks */
NDIS_STATUS VioSharedAlloc(PVIO_ADAPTER A, PVIO_SHARED S, ULONG Length,
			   BOOLEAN Cached);
VOID VioSharedFree(PVIO_ADAPTER A, PVIO_SHARED S);
NDIS_STATUS VioChunksAlloc(PVIO_ADAPTER A, ULONG Count, VIO_SHARED **Blocks,
			   ULONG *BlockCount);
VOID VioChunksFree(PVIO_ADAPTER A, VIO_SHARED *Blocks, ULONG BlockCount);
VOID VioChunkAt(VIO_SHARED *Blocks, ULONG I, PUCHAR *Va, ULONGLONG *Pa);

/* recv.c */
NDIS_STATUS VioRxAllocate(PVIO_ADAPTER A);
VOID VioRxFree(PVIO_ADAPTER A);
VOID VioRxRefill(PVIO_ADAPTER A);
VOID VioRxService(PVIO_ADAPTER A);
VOID VioReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet);
VOID VioRxWaitReturned(PVIO_ADAPTER A);

/* send.c */
NDIS_STATUS VioTxAllocate(PVIO_ADAPTER A);
VOID VioTxFree(PVIO_ADAPTER A);
VOID VioSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count);
VOID VioTxService(PVIO_ADAPTER A);
VOID VioTxAbortAll(PVIO_ADAPTER A, NDIS_STATUS Status);
VOID VioCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId);

/* ctrl.c */
NDIS_STATUS VioCtrlAllocate(PVIO_ADAPTER A);
VOID VioCtrlFree(PVIO_ADAPTER A);
NDIS_STATUS VioCtrlApplyFilter(PVIO_ADAPTER A, BOOLEAN Rx, BOOLEAN Mac);
VOID VioCtrlService(PVIO_ADAPTER A);
VOID VioCtrlRestart(PVIO_ADAPTER A);

/* isr.c */
VOID VioIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context);
VOID VioHandleInterrupt(NDIS_HANDLE Context);
/* The interrupt through NDIS or IoConnectInterrupt (A->WdmInterrupt). */
NDIS_STATUS VioConnectInterrupt(PVIO_ADAPTER A, ULONG Vector, ULONG Level,
				BOOLEAN IsLatched, KAFFINITY Affinity);
VOID VioDisconnectInterrupt(PVIO_ADAPTER A);
VOID VioLinkChanged(PVIO_ADAPTER A);

/* oid.c */
NDIS_STATUS VioQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buf, ULONG Len, PULONG Written,
				PULONG Needed);
NDIS_STATUS VioSetInformation(NDIS_HANDLE Context, NDIS_OID Oid, PVOID Buf,
			      ULONG Len, PULONG Read, PULONG Needed);
BOOLEAN VioFrameWanted(PVIO_ADAPTER A, const UCHAR *Frame, ULONG Len);

/* reset.c */
NDIS_STATUS VioReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context);
BOOLEAN VioCheckForHang(NDIS_HANDLE Context);
VOID VioTakeIsrBits(PVIO_ADAPTER A, UCHAR *Bits);

#endif
