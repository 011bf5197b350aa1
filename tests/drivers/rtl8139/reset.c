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
	NddTxAbort(&A->Tx, NDIS_STATUS_REQUEST_ABORTED);
	NdisAcquireSpinLock(&A->RxLock);
	NddRxRingFill(&A->Rx);
	NdisReleaseSpinLock(&A->RxLock);
	RtlWriteMac(A, A->Eth.CurrentAddress);
	RtlStartChip(A);
	RtlCheckLink(A, FALSE);
	NddSynchronized(&A->Irq, RtlEnableInterrupt, A);
	return NDIS_STATUS_SUCCESS;
}

/* Hung: descriptors owned by the chip and none sent for two checks. */
BOOLEAN RtlCheckForHang(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	if (A->Removed)
		return FALSE;
	RtlCheckLink(A, FALSE);	/* in case a link interrupt went missing */
	return NddTxHung(&A->Tx, FALSE);
}
