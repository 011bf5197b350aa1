/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndle1000: NDIS 5.1 deserialized bus-master miniport for the Intel 82540EM
 * gigabit controller (QEMU's -device e1000): adapter state and the
 * functions the files share.
 */
#ifndef NDLE1000_H
#define NDLE1000_H

#include "ndd.h"
#include "hw.h"

#define E1K_TAG			'k1dN'
#define E1K_VERSION_MAJOR	1
#define E1K_VERSION_MINOR	0
#define E1K_MAX_FRAGS		16	/* more fragments: copy the frame */
#define E1K_BOUNCE_COUNT	16	/* copy buffers for such frames */
#define E1K_RX_CHUNK		16	/* receive buffers per shared block */

/* IPv4 transmit checksums the chip computes (E1K_ADAPTER.CsumTx). */
#define E1K_CSUM_TCP		NDD_CSUM_TCP
#define E1K_CSUM_UDP		NDD_CSUM_UDP
#define E1K_CSUM_IP		NDD_CSUM_IP
#define E1K_ETH_HLEN		14	/* 802.3 encapsulation: IP starts here */

/*
 * Large send (large_send.c): the TCP payload one may carry (what an IPv4
 * total length leaves beside the smallest IP and TCP headers; PAYLEN
 * would take more), the fewest segments worth a context descriptor, the
 * headers' most (14 + 60 + 60, within HDRLEN's byte), the payload's
 * descriptors at most (more: failed) and with the context and the
 * header's.
 */
#define E1K_LSO_MAX_PAYLOAD	(0xffff - 20 - 20)
#define E1K_LSO_MIN_SEGMENTS	2
#define E1K_LSO_MAX_HEADER	(E1K_ETH_HLEN + 60 + 60)
#define E1K_LSO_MAX_FRAME	(E1K_ETH_HLEN + 0xffff)
#define E1K_LSO_MAX_FRAGS	32
#define E1K_LSO_MAX_DESCS	(E1K_LSO_MAX_FRAGS + 2)
/* Vendor OIDs (ULONG64): large sends completed, their TCP payload bytes. */
#define E1K_OID_LSO_PACKETS	0xff8254a0
#define E1K_OID_LSO_BYTES	0xff8254a1

/* Hardware counters, folded in before they can wrap. */
typedef struct _E1K_HWSTATS {
	ULONG64 CrcErrors, AlignErrors, RxErrors, Missed, LengthErrors;
	ULONG64 SingleCol, MultiCol, ExcessCol, LateCol, Deferred;
} E1K_HWSTATS;

typedef struct _E1K_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;
	USHORT DeviceId;

	/* BAR0 registers, interrupt line. */
	PUCHAR Regs;
	NDIS_PHYSICAL_ADDRESS RegsPa;
	ULONG RegsLength;
	NDD_INTERRUPT Irq;
	ULONG Itr;			/* INF InterruptModeration */

	/* Shared memory: both descriptor rings and the copy buffers. */
	NDD_SHARED Shared;
	PE1K_RX_DESC RxRing;
	PE1K_TX_DESC TxRing;
	ULONG64 RxRingPa, TxRingPa;

	/* Rx: the ring's buffers, spares and position (RxCount entries). */
	NDIS_SPIN_LOCK RxLock;		/* Rx, Rx ring, filter */
	NDD_RX_RING Rx;
	ULONG RxCount;
	ULONG RxTail;			/* RDT as last written */
	BOOLEAN RxDiscard;		/* inside a multi-buffer frame */

	/* Tx: the send queue; a packet's slot is its first descriptor's. */
	NDIS_SPIN_LOCK TxLock;		/* Tx, Tx ring, link state */
	NDD_TX Tx;
	ULONG TxCount, TxProd, TxCons;

	/*
	 * Transmit checksum offload (TxLock): the checksums OID_TCP_TASK_OFFLOAD
	 * turned on (E1K_CSUM_*) and the context the chip was last given (none
	 * after a ring reset).
	 */
	ULONG CsumTx;
	E1K_TX_CTX_DESC TxCtx;
	BOOLEAN TxCtxValid;

	/*
	 * Large send (TxLock): on or off by OID_TCP_TASK_OFFLOAD, the largest
	 * TCP payload the transport turned on; the large sends completed and
	 * their TCP payload bytes.
	 */
	BOOLEAN LsoOn;
	ULONG LsoMaxPayload;
	ULONG64 TxLsoPackets, TxLsoBytes;

	/* ISR-owned, as Irq.Events: touched by ISR and synchronized calls. */
	ULONG ImsShadow;

	NDIS_SPIN_LOCK StatLock;	/* HwStats */
	E1K_HWSTATS HwStats;
	ULONG Rctl;			/* RCTL as last written */

	BOOLEAN Halting;
	BOOLEAN Removed;
	ULONG64 SwRxErrors;		/* bad descriptors (RxLock) */

	/* fault.c's test faults (RxLock), off by default. */
	ULONG CrashOnRx;		/* INF TestCrashOnRxPacket */
	ULONG RxGood;			/* good frames since the ring's init */
	BOOLEAN BogusDma;		/* INF TestBogusDma */
	ULONG BogusEntry;		/* the entry pointing nowhere, or ~0 */
	PULONG Unset;			/* a pointer nobody sets */
} E1K_ADAPTER, *PE1K_ADAPTER;

/*
 * Full fence between descriptor writes and the tail register, as the x64
 * WDK's KeMemoryBarrier (__faststorefence); mingw-w64 lacks it on x64.
 */
#define E1kBarrier() __asm__ __volatile__("lock; orl $0, (%%rsp)" ::: "memory")

/* The chip takes 32-bit register accesses only. */
static __inline ULONG E1kRead(PE1K_ADAPTER A, ULONG Reg)
{
	ULONG V;

	NdisReadRegisterUlong((volatile ULONG *)(A->Regs + Reg), &V);
	return V;
}

static __inline VOID E1kWrite(PE1K_ADAPTER A, ULONG Reg, ULONG V)
{
	NdisWriteRegisterUlong((PULONG)(A->Regs + Reg), V);
}

/* Posted writes reach the chip before this read returns. */
static __inline VOID E1kFlush(PE1K_ADAPTER A)
{
	(VOID)E1kRead(A, E1K_STATUS);
}

/* hw.c */
BOOLEAN E1kResetChip(PE1K_ADAPTER A);
VOID E1kWriteMac(PE1K_ADAPTER A, const UCHAR *Mac);
VOID E1kStartChip(PE1K_ADAPTER A);
VOID E1kStopChip(PE1K_ADAPTER A);
VOID E1kSetRxMode(NDIS_HANDLE Context);
BOOLEAN E1kLinkUp(PE1K_ADAPTER A, PULONG Speed);

/* nvm.c */
BOOLEAN E1kReadMac(PE1K_ADAPTER A, PUCHAR Mac);

/* phy.c */
BOOLEAN E1kPhyStartAutoneg(PE1K_ADAPTER A);

/* stats.c */
VOID E1kUpdateStats(PE1K_ADAPTER A);

/* recv.c */
extern const NDD_RX_RING_OPS E1kRxOps;
VOID E1kRxRingInit(PE1K_ADAPTER A);
VOID E1kReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet);

/* fault.c */
VOID E1kFaultReadConfig(PE1K_ADAPTER A, NDIS_HANDLE Config);
VOID E1kFaultRxRingInit(PE1K_ADAPTER A);
BOOLEAN E1kFaultRxDone(PE1K_ADAPTER A, ULONG i, BOOLEAN Good);

/* send.c */
extern const NDD_TX_OPS E1kTxOps;
VOID E1kTxRingInit(PVOID Context);
VOID E1kSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count);
VOID E1kCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId);

/* offload.c */
NDIS_STATUS E1kQueryTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS E1kSetTaskOffload(PE1K_ADAPTER A, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded);

/* A packet's large send as the chip takes it (large_send.c). */
typedef struct _E1K_TX_LSO {
	E1K_TX_CTX_DESC Ctx;	/* with TSE */
	UCHAR Popts;
	ULONG HdrLen;		/* Ethernet, IP and TCP headers */
	ULONG Payload;		/* TCP payload bytes; 0: no large send */
	UCHAR Hdr[E1K_LSO_MAX_HEADER];	/* the chip's template */
} E1K_TX_LSO, *PE1K_TX_LSO;

/* large_send.c */
NDIS_STATUS E1kTxLargeSend(PE1K_ADAPTER A, PNDIS_PACKET P, UINT Total,
			   PE1K_TX_LSO L);
VOID E1kTxLargeSendDone(PE1K_ADAPTER A, PNDIS_PACKET P, ULONG Payload,
			BOOLEAN Ok);

/* csum.c */
NDIS_STATUS E1kTxCsum(PE1K_ADAPTER A, PNDIS_PACKET P, UINT Total,
		      PE1K_TX_CTX_DESC Ctx, PUCHAR Popts);

/* isr.c */
VOID E1kIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context);
VOID E1kHandleInterrupt(NDIS_HANDLE Context);
VOID E1kEnableInterrupt(NDIS_HANDLE Context);
VOID E1kDisableInterrupt(NDIS_HANDLE Context);
VOID E1kCheckLink(PE1K_ADAPTER A, BOOLEAN Always);

/* reset.c */
NDIS_STATUS E1kReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context);
BOOLEAN E1kCheckForHang(NDIS_HANDLE Context);

/* oid.c */
extern const NDIS_OID E1kOids[];
extern const ULONG E1kOidsSize;
NDIS_STATUS E1kQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded);
NDIS_STATUS E1kSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			      PVOID Buffer, ULONG Length, PULONG BytesRead,
			      PULONG BytesNeeded);

#endif
