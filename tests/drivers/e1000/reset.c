// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 reset and hang detection. MiniportReset (DISPATCH_LEVEL) keeps
 * the counters, resets the MAC, fails what was in flight, rebuilds both
 * rings and restarts with the same address, filter and multicast list (no
 * addressing reset). The PHY and its negotiated link are left alone.
 */
#include "ndle1000.h"

NDIS_STATUS E1kReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	*AddressingReset = FALSE;
	NddSynchronized(&A->Irq, E1kDisableInterrupt, A);
	E1kUpdateStats(A);
	if (!E1kResetChip(A))
		return NDIS_STATUS_HARD_ERRORS;
	NddTxAbort(&A->Tx, NDIS_STATUS_REQUEST_ABORTED);
	NdisAcquireSpinLock(&A->RxLock);
	E1kRxRingInit(A);
	NdisReleaseSpinLock(&A->RxLock);
	E1kStartChip(A);
	E1kCheckLink(A, FALSE);
	NddSynchronized(&A->Irq, E1kEnableInterrupt, A);
	return NDIS_STATUS_SUCCESS;
}

/*
 * Every two seconds: fold the counters before they can wrap, follow the
 * link in case its interrupt went missing, and call it hung when packets
 * sit on the ring with none completed across two checks while the link is
 * up (without a link the chip may hold them; a reset would not help).
 */
BOOLEAN E1kCheckForHang(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	if (A->Removed)
		return FALSE;
	E1kUpdateStats(A);
	E1kCheckLink(A, FALSE);
	return NddTxHung(&A->Tx, TRUE);
}
