// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 receive: the Rx descriptor ring points at buffers in shared
 * memory; the DPC's indications and the spare buffers are
 * common/ndd_rxring.c's. The chip's length includes the FCS.
 */
#include "rtl8139.h"

/* Hand ring entry i, now holding buffer B, to the chip. */
static VOID RtlRxGive(PVOID Context, ULONG i, PNDD_RX B)
{
	PRTL_ADAPTER A = Context;
	volatile RTL_DESC *D = &A->RxRing[i];

	D->Opts2 = 0;
	D->AddrLo = NdisGetPhysicalAddressLow(B->Pa);
	D->AddrHi = NdisGetPhysicalAddressHigh(B->Pa);
	RtlBarrier();	/* address before ownership */
	D->Opts1 = RTL_DESC_OWN | (i == A->RxCount - 1 ? RTL_DESC_EOR : 0) |
		   RTL_RX_BUF_SIZE;
}

/* The next good frame on the ring; bad ones are counted and go back. */
static PNDD_RX RtlRxNext(PVOID Context, PULONG Entry, PULONG Length)
{
	PRTL_ADAPTER A = Context;

	for (;;) {
		ULONG i = A->Rx.Cur;
		ULONG Opts1 = ((volatile RTL_DESC *)&A->RxRing[i])->Opts1;
		ULONG Len = Opts1 & RTL_RX_LEN_MASK;

		if (Opts1 & RTL_DESC_OWN)
			return NULL;
		RtlBarrier();	/* status before data */
		A->Rx.Cur = (i + 1) % A->RxCount;
		if ((Opts1 & (RTL_DESC_FS | RTL_DESC_LS)) ==
		    (RTL_DESC_FS | RTL_DESC_LS) && !(Opts1 & RTL_RX_RES) &&
		    Len >= NDD_ETH_HLEN + 4 && Len <= NDD_ETH_MAX_FRAME + 4) {
			*Entry = i;
			*Length = Len - 4;	/* without the FCS */
			return A->Rx.Slot[i];
		}
		A->Eth.Stats.RcvError++;
		if (Opts1 & RTL_RX_CRC)
			A->Eth.Stats.RcvCrcError++;
		RtlRxGive(A, i, A->Rx.Slot[i]);
	}
}

const NDD_RX_RING_OPS RtlRxOps = {
	.Next = RtlRxNext,
	.Give = RtlRxGive,
};

VOID RtlReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PRTL_ADAPTER A = Context;

	NddRxReturnPacket(&A->Rx.Pool, Packet);
}
