// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 receive: legacy receive descriptors point at 2 KiB buffers in
 * shared memory (E1K_RX_CHUNK to a block); the DPC's indications and the
 * spare buffers are common/ndd_rxring.c's. The chip owns the entries from
 * RDH up to RDT; RDT moves past an entry only once it holds a buffer again.
 */
#include "ndle1000.h"

/* Ring entry i now holds buffer B: its status cleared for the chip. */
static VOID E1kRxGive(PVOID Context, ULONG i, PNDD_RX B)
{
	PE1K_ADAPTER A = Context;
	volatile E1K_RX_DESC *D = &A->RxRing[i];

	D->Addr = B->Pa.QuadPart;
	D->Length = 0;
	D->Csum = 0;
	D->Errors = 0;
	D->Special = 0;
	D->Status = 0;
}

/* Give the chip every entry before Rx.Cur again. RxLock held. */
static VOID E1kRxTail(PVOID Context)
{
	PE1K_ADAPTER A = Context;
	ULONG Tail = (A->Rx.Cur + A->RxCount - 1) % A->RxCount;

	if (Tail == A->RxTail)
		return;
	A->RxTail = Tail;
	E1kBarrier();	/* descriptors before the tail */
	E1kWrite(A, E1K_RDT, Tail);
}

/* Is the completed entry with these fields a whole, good frame? */
static BOOLEAN E1kRxGood(PE1K_ADAPTER A, UCHAR Status, UCHAR Errors,
			 ULONG Len)
{
	/* A frame over several buffers: drop up to and with its last one. */
	if (!(Status & E1K_RXD_STAT_EOP)) {
		A->RxDiscard = TRUE;
		return FALSE;
	}
	if (A->RxDiscard) {
		A->RxDiscard = FALSE;
		A->SwRxErrors++;
		return FALSE;
	}
	if ((Errors & E1K_RXD_ERR_FRAME) || Len < NDD_ETH_HLEN ||
	    Len > NDD_ETH_MAX_FRAME) {
		A->SwRxErrors++;
		return FALSE;
	}
	return TRUE;
}

/* The next good frame on the ring; bad ones go straight back. */
static PNDD_RX E1kRxNext(PVOID Context, PULONG Entry, PULONG Length)
{
	PE1K_ADAPTER A = Context;

	for (;;) {
		ULONG i = A->Rx.Cur;
		volatile E1K_RX_DESC *D = &A->RxRing[i];
		UCHAR Status = D->Status;

		if (!(Status & E1K_RXD_STAT_DD))
			return NULL;
		E1kBarrier();	/* status before the rest */
		*Length = D->Length;
		A->Rx.Cur = (i + 1) % A->RxCount;
		if (E1kFaultRxDone(A, i, E1kRxGood(A, Status, D->Errors,
							  *Length))) {
			*Entry = i;
			return A->Rx.Slot[i];
		}
		E1kRxGive(A, i, A->Rx.Slot[i]);
	}
}

const NDD_RX_RING_OPS E1kRxOps = {
	.Next = E1kRxNext,
	.Give = E1kRxGive,
	.Refilled = E1kRxTail,
};

/* Caller holds RxLock, or the chip is stopped (E1kStartChip sets RDT). */
VOID E1kRxRingInit(PE1K_ADAPTER A)
{
	NddRxRingFill(&A->Rx);
	A->RxTail = A->RxCount - 1;
	A->RxDiscard = FALSE;
	E1kFaultRxRingInit(A);
}

VOID E1kReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PE1K_ADAPTER A = Context;

	NddRxReturnPacket(&A->Rx.Pool, Packet);
}
