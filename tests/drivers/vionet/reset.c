// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet MiniportReset and MiniportCheckForHang. Reset is synchronous at
 * DISPATCH_LEVEL: the device is reset (it lets go of every chain), sends
 * on the ring or queued complete with NDIS_STATUS_REQUEST_ABORTED, the
 * queues restart empty, the receive buffers NDIS does not hold go back
 * in, a pending control request's commands are sent again, and the
 * device is started with the same address. The filter is NDIS's to set
 * again (AddressingReset). Hang: packets on the transmit ring and no
 * completion across two checks.
 */
#include "vionet.h"

NDIS_STATUS VioReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	UCHAR Stale;

	VioDeviceReset(A);
	VioTakeIsrBits(A, &Stale);	/* nothing is in the rings now */
	VioTxAbortAll(A, NDIS_STATUS_REQUEST_ABORTED);
	VioDeviceStart(A);

	NdisAcquireSpinLock(&A->RxLock);
	VioQueueRestart(&A->RxQueue);
	VioRxRefill(A);
	NdisReleaseSpinLock(&A->RxLock);
	VioCtrlRestart(A);

	VioQueueActivate(A, &A->RxQueue);
	VioQueueActivate(A, &A->TxQueue);
	if (A->HasCtrl)
		VioQueueActivate(A, &A->CtrlQueue);
	VioWrite8(A, VIRTIO_PCI_STATUS, VIRTIO_STATUS_ACKNOWLEDGE |
		  VIRTIO_STATUS_DRIVER | VIRTIO_STATUS_DRIVER_OK);

	NdisAcquireSpinLock(&A->RxLock);
	VioQueueKick(A, &A->RxQueue);
	NdisReleaseSpinLock(&A->RxLock);
	if (A->HasCtrl) {
		NdisAcquireSpinLock(&A->CtrlLock);
		VioQueueKick(A, &A->CtrlQueue);
		NdisReleaseSpinLock(&A->CtrlLock);
	}
	*AddressingReset = TRUE;
	return NDIS_STATUS_SUCCESS;
}

BOOLEAN VioCheckForHang(NDIS_HANDLE Context)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	BOOLEAN Hung;

	NdisAcquireSpinLock(&A->TxLock);
	if (A->TxInFlight && A->TxDone == A->TxDoneAtLastCheck)
		A->TxStalledChecks++;
	else
		A->TxStalledChecks = 0;
	A->TxDoneAtLastCheck = A->TxDone;
	Hung = A->TxStalledChecks >= 2;
	NdisReleaseSpinLock(&A->TxLock);
	return Hung;
}
