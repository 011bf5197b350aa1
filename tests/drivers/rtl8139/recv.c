// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 receive: the Rx descriptor ring points at buffers of an
 * NDD_RX_POOL in shared memory, twice as many as the ring has entries. The
 * DPC indicates filled buffers and re-arms their entries
 * (common/ndd_rxring.c).
 */
#include "rtl8139.h"

NDIS_STATUS RtlRxAlloc(PRTL_ADAPTER A)
{
	NDIS_STATUS Status;

	Status = NddAllocateZeroed((PVOID *)&A->RxSlot,
				   A->RxCount * sizeof(PNDD_RX), RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	return NddRxPoolInitShared(&A->RxPool, A->Handle, &A->Eth, &A->RxLock,
				   2 * A->RxCount, RTL_RX_BUF_SIZE,
				   2 * A->RxCount, RTL_TAG);
}

/* Also undoes a partly done RtlRxAlloc. */
VOID RtlRxFree(PRTL_ADAPTER A)
{
	if (A->RxSlot)
		NdisFreeMemory(A->RxSlot, A->RxCount * sizeof(PNDD_RX), 0);
	A->RxSlot = NULL;
	NddRxPoolFreeShared(&A->RxPool);
}

/* Hand ring entry i, with buffer B, to the chip. */
static VOID RtlRxGive(PVOID Context, ULONG i, PNDD_RX B)
{
	PRTL_ADAPTER A = Context;
	volatile RTL_DESC *D = &A->RxRing[i];

	A->RxSlot[i] = B;
	D->Opts2 = 0;
	D->AddrLo = NdisGetPhysicalAddressLow(B->Pa);
	D->AddrHi = NdisGetPhysicalAddressHigh(B->Pa);
	RtlBarrier();	/* address before ownership */
	D->Opts1 = RTL_DESC_OWN | (i == A->RxCount - 1 ? RTL_DESC_EOR : 0) |
		   RTL_RX_BUF_SIZE;
}

/* Caller holds RxLock, or the chip is stopped. */
VOID RtlRxRingInit(PRTL_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < A->RxCount; i++) {
		PNDD_RX B = A->RxSlot[i];

		if (!B)
			B = NddRxTake(&A->RxPool);
		RtlRxGive(A, i, B);
	}
	A->RxCur = 0;
}

/* The next good frame on the ring; bad ones are counted and go back. */
static PNDD_RX RtlRxNext(PVOID Context, PULONG Entry, PULONG Length)
{
	PRTL_ADAPTER A = Context;

	for (;;) {
		ULONG i = A->RxCur;
		ULONG Opts1 = ((volatile RTL_DESC *)&A->RxRing[i])->Opts1;
		ULONG Len = Opts1 & RTL_RX_LEN_MASK;

		if (Opts1 & RTL_DESC_OWN)
			return NULL;
		RtlBarrier();	/* status before data */
		A->RxCur = (i + 1) % A->RxCount;
		if ((Opts1 & (RTL_DESC_FS | RTL_DESC_LS)) ==
		    (RTL_DESC_FS | RTL_DESC_LS) && !(Opts1 & RTL_RX_RES) &&
		    Len >= NDD_ETH_HLEN + 4 && Len <= NDD_ETH_MAX_FRAME + 4) {
			*Entry = i;
			*Length = Len - 4;	/* the chip stores the FCS too */
			return A->RxSlot[i];
		}
		A->Eth.Stats.RcvError++;
		if (Opts1 & RTL_RX_CRC)
			A->Eth.Stats.RcvCrcError++;
		RtlRxGive(A, i, A->RxSlot[i]);
	}
}

static const NDD_RX_RING_OPS RtlRxOps = {
	.Next = RtlRxNext,
	.Give = RtlRxGive,
};

/* DPC: indicate everything the chip has received. */
VOID RtlRxProcess(PRTL_ADAPTER A)
{
	NddRxRingProcess(&A->RxPool, &RtlRxOps, A);
}

VOID RtlReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PRTL_ADAPTER A = Context;

	NddRxReturnPacket(&A->RxPool, Packet);
}
