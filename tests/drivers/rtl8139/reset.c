// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 reset and hang detection. MiniportReset (DISPATCH_LEVEL) resets
 * the chip, fails what was in flight, rebuilds both rings and restarts with
 * the same address, filter and multicast list (no addressing reset).
 */
#include "rtl8139.h"

NDIS_STATUS RtlReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	*AddressingReset = FALSE;
	NddSynchronized(&A->Irq, RtlDisableInterrupt, A);
	RtlSaveTally(A);
	RtlStopChip(A);
	if (!RtlResetChip(A))
		return NDIS_STATUS_HARD_ERRORS;
	RtlTxAbortAll(A, NDIS_STATUS_REQUEST_ABORTED);
	NdisAcquireSpinLock(&A->RxLock);
	RtlRxRingInit(A);
	NdisReleaseSpinLock(&A->RxLock);
	RtlWriteMac(A, A->Eth.CurrentAddress);
	RtlStartChip(A);
	RtlCheckLink(A, FALSE);
	NdisAcquireSpinLock(&A->TxLock);
	A->HangStalls = 0;
	NdisReleaseSpinLock(&A->TxLock);
	NddSynchronized(&A->Irq, RtlEnableInterrupt, A);
	return NDIS_STATUS_SUCCESS;
}

/* Hung: descriptors owned by the chip and none sent for two checks. */
BOOLEAN RtlCheckForHang(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;
	BOOLEAN Hung;

	if (A->Removed)
		return FALSE;
	RtlCheckLink(A, FALSE);	/* in case a link interrupt went missing */
	NdisDprAcquireSpinLock(&A->TxLock);
	if (A->TxFree < A->TxCount && A->TxDone == A->TxDoneMark)
		A->HangStalls++;
	else
		A->HangStalls = 0;
	A->TxDoneMark = A->TxDone;
	Hung = A->HangStalls >= 2;
	NdisDprReleaseSpinLock(&A->TxLock);
	return Hung;
}
