// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sending: each packet is copied into one of TxIrps transfer buffers and
 * goes out as one bulk OUT transfer; a frame of a multiple of the
 * endpoint's packet size is followed by a zero-length transfer, which
 * ends it for the device (ECM 1.2 section 3.3.1). Packets wait on the
 * driver's queue while every transfer is in flight.
 */
#include "usbecm.h"

static NTSTATUS UecmTxDone(PDEVICE_OBJECT Device, PIRP Irp, PVOID Context);

/* Send Packet in X (which the caller took off the free list). */
static VOID UecmTxStart(PUECM_ADAPTER A, PUECM_XFER X, PNDIS_PACKET Packet)
{
	X->Packet = Packet;
	X->Length = NddCopyFrame(Packet, X->Buffer);
	X->ZlpDue = X->Length && X->Length % A->BulkOutPacket == 0;
	UecmBuildBulk(X, A->BulkOut, X->Length, FALSE);
	if (X->Length && UecmXferSubmit(X, UecmTxDone))
		return;
	NdisAcquireSpinLock(&A->Lock);
	A->Eth.Stats.XmitError++;
	InsertTailList(&A->TxFree, &X->Link);
	NdisReleaseSpinLock(&A->Lock);
	X->Packet = NULL;
	NdisMSendComplete(A->Handle, Packet, NDIS_STATUS_FAILURE);
}

static NTSTATUS UecmTxDone(PDEVICE_OBJECT Device, PIRP Irp, PVOID Context)
{
	PUECM_XFER X = Context;
	PUECM_ADAPTER A = X->Adapter;
	BOOLEAN Ok = NT_SUCCESS(Irp->IoStatus.Status);
	PNDIS_PACKET Packet = X->Packet, Next = NULL;

	UecmXferDone(X);
	if (Ok && X->ZlpDue) {
		X->ZlpDue = FALSE;
		UecmBuildBulk(X, A->BulkOut, 0, FALSE);
		if (UecmXferSubmit(X, UecmTxDone))
			return STATUS_MORE_PROCESSING_REQUIRED;
		Ok = FALSE;
	}
	X->Packet = NULL;
	NdisAcquireSpinLock(&A->Lock);
	if (Ok)
		NddEthCountTx(&A->Eth, X->Buffer, X->Length);
	else
		A->Eth.Stats.XmitError++;
	if (!IsListEmpty(&A->SendQueue) && !A->Halting && !A->Removed)
		Next = NDD_LINK_PACKET(RemoveHeadList(&A->SendQueue));
	else
		InsertTailList(&A->TxFree, &X->Link);
	NdisReleaseSpinLock(&A->Lock);
	NdisMSendComplete(A->Handle, Packet,
			  Ok ? NDIS_STATUS_SUCCESS : NDIS_STATUS_FAILURE);
	if (Next)
		UecmTxStart(A, X, Next);
	return STATUS_MORE_PROCESSING_REQUIRED;
}

VOID UecmSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PUECM_ADAPTER A = Context;
	UINT i;

	for (i = 0; i < Count; i++) {
		PUECM_XFER X = NULL;
		BOOLEAN Dead;

		NdisAcquireSpinLock(&A->Lock);
		Dead = A->Halting || A->Removed;
		if (!Dead && IsListEmpty(&A->SendQueue) &&
		    !IsListEmpty(&A->TxFree))
			X = CONTAINING_RECORD(RemoveHeadList(&A->TxFree),
					      UECM_XFER, Link);
		else if (!Dead)
			InsertTailList(&A->SendQueue,
				       NDD_PACKET_LINK(Packets[i]));
		NdisReleaseSpinLock(&A->Lock);
		if (Dead) {
			NdisMSendComplete(A->Handle, Packets[i],
					  NDIS_STATUS_FAILURE);
		} else if (X) {
			UecmTxStart(A, X, Packets[i]);
		}
	}
}

VOID UecmCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PUECM_ADAPTER A = Context;
	LIST_ENTRY Cancelled;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(&A->Lock);
	NddCancelSends(&A->SendQueue, CancelId, &Cancelled);
	NdisReleaseSpinLock(&A->Lock);
	NddCompleteSends(A->Handle, &Cancelled);
}

VOID UecmFailQueuedSends(PUECM_ADAPTER A, NDIS_STATUS Status)
{
	LIST_ENTRY Failed;

	InitializeListHead(&Failed);
	NdisAcquireSpinLock(&A->Lock);
	NddFailSends(&A->SendQueue, Status, &Failed);
	NdisReleaseSpinLock(&A->Lock);
	NddCompleteSends(A->Handle, &Failed);
}

NDIS_STATUS UecmTxInit(PUECM_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < A->TxIrps; i++) {
		if (UecmXferAlloc(A, &A->Tx[i], UECM_XFER_SIZE) !=
		    NDIS_STATUS_SUCCESS)
			return NDIS_STATUS_RESOURCES;
		InsertTailList(&A->TxFree, &A->Tx[i].Link);
	}
	return NDIS_STATUS_SUCCESS;
}

VOID UecmTxFree(PUECM_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < UECM_MAX_TX_IRPS; i++)
		UecmXferFree(&A->Tx[i]);
}
