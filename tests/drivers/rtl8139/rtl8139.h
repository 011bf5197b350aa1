/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rtl8139: NDIS 5.1 deserialized miniport for the Realtek RTL8139C+ in C+
 * (descriptor ring) mode: adapter state and the functions the files share.
 */
#ifndef RTL8139_H
#define RTL8139_H

#include "ndd.h"
#include "hw.h"

#define RTL_TAG			'8ltR'
#define RTL_VERSION_MAJOR	1
#define RTL_VERSION_MINOR	0
#define RTL_RX_BUF_SIZE		1536	/* frame + CRC, 8-byte multiple */
#define RTL_MAX_FRAGS		8	/* more fragments: copy the frame */
#define RTL_BOUNCE_COUNT	16	/* copy buffers for odd frames */
#define RTL_TX_RING_MAX		64	/* the chip's Tx ring wraps there */
/*
 * A large send takes one descriptor per fragment (it cannot be copied
 * into a bounce buffer), at most this many, and is offered only with a
 * ring of twice that, so one always fits beside others in flight.
 */
#define RTL_LSO_MAX_FRAGS	32
/* Offload the transport turned on (RTL_ADAPTER.CsumTx). */
#define RTL_CSUM_TCP		NDD_CSUM_TCP
#define RTL_CSUM_UDP		NDD_CSUM_UDP
#define RTL_CSUM_IP		NDD_CSUM_IP

typedef struct _RTL_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;

	/* Registers: BAR0 ports or BAR1 memory, as the INF's IoMode says. */
	BOOLEAN UseMmio;
	/* Test knob TestFirstBufferOnly: put only a packet's first buffer on
	 * the wire, the bug of real drivers that single_buffer_sends cures.
	 */
	BOOLEAN FirstBufferOnly;
	/* Test knob TestMulticastClobbersMac: a multicast list overwrites the
	 * chip's own address (ID registers), the bug multicast_all cures.
	 */
	BOOLEAN McastClobbersMac;
	NDIS_PHYSICAL_ADDRESS IoStart;	/* BAR0 port number */
	ULONG_PTR IoBase;		/* what NDIS mapped it to */
	ULONG IoLength;
	PUCHAR Mmio;
	NDIS_PHYSICAL_ADDRESS MmioPa;
	ULONG MmioLength;
	BOOLEAN IoRegistered;
	NDD_INTERRUPT Irq;

	/* Shared memory: both rings, tally area, bounce buffers. */
	NDD_SHARED Shared;
	PRTL_DESC RxRing, TxRing;
	ULONG64 RxRingPa, TxRingPa;
	PRTL_TALLY Tally;
	ULONG64 TallyPa;

	/* Rx: the ring's buffers, spares and position (RxCount entries). */
	NDIS_SPIN_LOCK RxLock;		/* Rx, Rx ring, filter */
	NDD_RX_RING Rx;
	ULONG RxCount;

	/* Tx: the send queue; a packet's slot is its last descriptor's. */
	NDIS_SPIN_LOCK TxLock;		/* Tx, Tx ring, link state */
	NDD_TX Tx;
	ULONG TxCount, TxProd, TxCons;
	/*
	 * Offloads (TxLock): the checksums and the large send the transport
	 * turned on with OID_TCP_TASK_OFFLOAD; each large send's TCP payload
	 * bytes at its last descriptor, reported when it is sent.
	 */
	ULONG CsumTx;
	BOOLEAN LsoOn;
	ULONG LsoBytes[RTL_TX_RING_MAX];

	/* ISR-owned, as Irq.Events: touched by ISR and synchronized calls. */
	USHORT ImrShadow;

	BOOLEAN Halting;
	BOOLEAN Removed;
	ULONG PciErrors;
	struct {			/* counts from before the last reset */
		ULONG64 Fae, Tx1Col, TxMCol, MissPkt;
	} TallyBase;
} RTL_ADAPTER, *PRTL_ADAPTER;

/*
 * Full fence between descriptor writes and the ownership flag, as the x64
 * WDK's KeMemoryBarrier (__faststorefence); mingw-w64 lacks it on x64.
 */
#define RtlBarrier() __asm__ __volatile__("lock; orl $0, (%%rsp)" ::: "memory")

/* Register access through the port or memory window. */
static __inline UCHAR RtlRead8(PRTL_ADAPTER A, ULONG Reg)
{
	UCHAR V;

	if (A->UseMmio)
		NdisReadRegisterUchar((volatile UCHAR *)(A->Mmio + Reg), &V);
	else
		NdisRawReadPortUchar(A->IoBase + Reg, &V);
	return V;
}

static __inline USHORT RtlRead16(PRTL_ADAPTER A, ULONG Reg)
{
	USHORT V;

	if (A->UseMmio)
		NdisReadRegisterUshort((volatile USHORT *)(A->Mmio + Reg), &V);
	else
		NdisRawReadPortUshort(A->IoBase + Reg, &V);
	return V;
}

static __inline ULONG RtlRead32(PRTL_ADAPTER A, ULONG Reg)
{
	ULONG V;

	if (A->UseMmio)
		NdisReadRegisterUlong((volatile ULONG *)(A->Mmio + Reg), &V);
	else
		NdisRawReadPortUlong(A->IoBase + Reg, &V);
	return V;
}

static __inline VOID RtlWrite8(PRTL_ADAPTER A, ULONG Reg, UCHAR V)
{
	if (A->UseMmio)
		NdisWriteRegisterUchar((PUCHAR)(A->Mmio + Reg), V);
	else
		NdisRawWritePortUchar(A->IoBase + Reg, V);
}

static __inline VOID RtlWrite16(PRTL_ADAPTER A, ULONG Reg, USHORT V)
{
	if (A->UseMmio)
		NdisWriteRegisterUshort((PUSHORT)(A->Mmio + Reg), V);
	else
		NdisRawWritePortUshort(A->IoBase + Reg, V);
}

static __inline VOID RtlWrite32(PRTL_ADAPTER A, ULONG Reg, ULONG V)
{
	if (A->UseMmio)
		NdisWriteRegisterUlong((PULONG)(A->Mmio + Reg), V);
	else
		NdisRawWritePortUlong(A->IoBase + Reg, V);
}

/* hw.c */
BOOLEAN RtlResetChip(PRTL_ADAPTER A);
VOID RtlReadMac(PRTL_ADAPTER A, PUCHAR Mac);
VOID RtlWriteMac(PRTL_ADAPTER A, const UCHAR *Mac);
VOID RtlStartChip(PRTL_ADAPTER A);
VOID RtlStopChip(PRTL_ADAPTER A);
VOID RtlSetRxMode(NDIS_HANDLE Context);
BOOLEAN RtlLinkUp(PRTL_ADAPTER A, PULONG Speed);
VOID RtlUpdateTally(PRTL_ADAPTER A);
VOID RtlSaveTally(PRTL_ADAPTER A);

/* recv.c */
extern const NDD_RX_RING_OPS RtlRxOps;
VOID RtlReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet);

/* send.c */
extern const NDD_TX_OPS RtlTxOps;
VOID RtlTxRingInit(PVOID Context);
VOID RtlSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count);
VOID RtlCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId);

/* isr.c */
VOID RtlIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context);
VOID RtlHandleInterrupt(NDIS_HANDLE Context);
VOID RtlEnableInterrupt(NDIS_HANDLE Context);
VOID RtlDisableInterrupt(NDIS_HANDLE Context);
VOID RtlCheckLink(PRTL_ADAPTER A, BOOLEAN Always);

/* reset.c */
NDIS_STATUS RtlReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context);
BOOLEAN RtlCheckForHang(NDIS_HANDLE Context);

/* offload.c */
BOOLEAN RtlLsoPossible(PRTL_ADAPTER A);
NDIS_STATUS RtlQueryTaskOffload(PRTL_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS RtlSetTaskOffload(PRTL_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded);

/* txoffload.c */
NDIS_STATUS RtlTxOffloadBits(PRTL_ADAPTER A, PNDIS_PACKET P, UINT Total,
			     PULONG Opts, PULONG LsoBytes);

/* oid.c */
extern const NDIS_OID RtlOids[];
extern const ULONG RtlOidsSize;
NDIS_STATUS RtlQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded);
NDIS_STATUS RtlSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			      PVOID Buffer, ULONG Length, PULONG BytesRead,
			      PULONG BytesNeeded);

#endif
