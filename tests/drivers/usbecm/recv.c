// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receiving: RxIrps bulk IN reads stay posted, one Ethernet frame each
 * (ECM ends a frame with a short or zero-length packet, so a read of a
 * multiple of the packet size completes at the frame's end). The
 * completion routine copies the frame into a receive buffer, indicates
 * it with NdisMIndicateReceivePacket and posts the read again.
 */
#include "usbecm.h"

#define UECM_MAX_ERROR_RUN	16

static NTSTATUS UecmRxDone(PDEVICE_OBJECT Device, PIRP Irp, PVOID Context)
{
	PUECM_XFER X = Context;
	PUECM_ADAPTER A = X->Adapter;
	ULONG Length = X->Urb.UrbBulkOrInterruptTransfer.TransferBufferLength;
	NTSTATUS Status = Irp->IoStatus.Status;
	BOOLEAN Again = TRUE;
	PNDD_RX Rx = NULL;

	NdisAcquireSpinLock(&A->Lock);
	if (NT_SUCCESS(Status)) {
		A->RxErrorRun = 0;
		if (Length >= NDD_ETH_HLEN && Length <= NDD_ETH_MAX_FRAME) {
			Rx = NddRxTake(&A->RxPool);
			if (!Rx)
				A->Eth.Stats.RcvNoBuffer++;
		} else if (Length) {
			A->Eth.Stats.RcvError++;
		}
	} else if (Status == STATUS_CANCELLED ||
		   Status == STATUS_DEVICE_NOT_CONNECTED) {
		Again = FALSE;
	} else {
		A->RxErrors++;
		/* A pipe that keeps failing is not read in a tight loop. */
		Again = ++A->RxErrorRun < UECM_MAX_ERROR_RUN;
	}
	NdisReleaseSpinLock(&A->Lock);
	if (Rx) {
		NdisMoveMemory(Rx->Data, X->Buffer, Length);
		Rx->Length = Length;
		NddRxIndicate(&A->RxPool, &Rx, 1);
	}
	UecmXferDone(X);
	if (Again) {
		UecmBuildBulk(X, A->BulkIn, X->Size, TRUE);
		UecmXferSubmit(X, UecmRxDone);
	}
	return STATUS_MORE_PROCESSING_REQUIRED;
}

NDIS_STATUS UecmRxStart(PUECM_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < A->RxIrps; i++) {
		if (UecmXferAlloc(A, &A->Rx[i], UECM_XFER_SIZE) !=
		    NDIS_STATUS_SUCCESS)
			return NDIS_STATUS_RESOURCES;
	}
	for (i = 0; i < A->RxIrps; i++) {
		UecmBuildBulk(&A->Rx[i], A->BulkIn, UECM_XFER_SIZE, TRUE);
		UecmXferSubmit(&A->Rx[i], UecmRxDone);
	}
	return NDIS_STATUS_SUCCESS;
}

VOID UecmRxFree(PUECM_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < UECM_MAX_RX_IRPS; i++)
		UecmXferFree(&A->Rx[i]);
	NddRxPoolFree(&A->RxPool);
}

VOID UecmReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PUECM_ADAPTER A = Context;

	NddRxReturnPacket(&A->RxPool, Packet);
}
