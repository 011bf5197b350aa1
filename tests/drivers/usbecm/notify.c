// SPDX-License-Identifier: GPL-2.0-only
/*
 * Notifications on the interrupt IN endpoint (CDC 1.2 section 6.3, ECM
 * 1.2 section 6.3): one read of the endpoint's packet size stays posted;
 * a notification (8-byte header plus wLength bytes) may span reads, so
 * the bytes are assembled before NETWORK_CONNECTION (link up or down)
 * and CONNECTION_SPEED_CHANGE (bit rates) are acted on.
 */
#include "usbecm.h"

#define UECM_NOTE_HEADER	8

static VOID UecmNoteParse(PUECM_ADAPTER A)
{
	while (A->NoteLength >= UECM_NOTE_HEADER) {
		PUCHAR N = A->Note;
		ULONG Data = N[6] | N[7] << 8;
		ULONG Total = UECM_NOTE_HEADER + Data;
		ULONG Bps;

		if (N[0] != 0xa1 || Total > sizeof(A->Note)) {
			A->NoteLength = 0;	/* lost sync: start over */
			return;
		}
		if (A->NoteLength < Total)
			return;
		if (N[1] == CDC_NOTIFY_NETWORK_CONNECTION) {
			NddEthSetLink(A->Handle, &A->Eth, &A->Lock, N[2] != 0,
				      A->Eth.LinkSpeed / 10000, FALSE);
		} else if (N[1] == CDC_NOTIFY_SPEED_CHANGE && Data >= 8) {
			/* DLBitRate: what the device receives from the wire. */
			Bps = N[8] | N[9] << 8 | N[10] << 16 | (ULONG)N[11] << 24;
			NdisAcquireSpinLock(&A->Lock);
			if (Bps)
				A->Eth.LinkSpeed = Bps / 100;
			NdisReleaseSpinLock(&A->Lock);
		}
		NdisMoveMemory(A->Note, A->Note + Total, A->NoteLength - Total);
		A->NoteLength -= Total;
	}
}

static NTSTATUS UecmNotifyDone(PDEVICE_OBJECT Device, PIRP Irp,
			       PVOID Context)
{
	PUECM_XFER X = Context;
	PUECM_ADAPTER A = X->Adapter;
	ULONG Length = X->Urb.UrbBulkOrInterruptTransfer.TransferBufferLength;
	NTSTATUS Status = Irp->IoStatus.Status;

	/* Only this routine touches Note: one read is posted at a time. */
	if (NT_SUCCESS(Status) && Length) {
		if (A->NoteLength + Length > sizeof(A->Note))
			A->NoteLength = 0;
		NdisMoveMemory(A->Note + A->NoteLength, X->Buffer, Length);
		A->NoteLength += Length;
		UecmNoteParse(A);
	}
	UecmXferDone(X);
	if (NT_SUCCESS(Status)) {
		UecmBuildBulk(X, A->Notify, X->Size, TRUE);
		UecmXferSubmit(X, UecmNotifyDone);
	}
	return STATUS_MORE_PROCESSING_REQUIRED;
}

NDIS_STATUS UecmNotifyStart(PUECM_ADAPTER A)
{
	ULONG Size = A->NotifyPacket;

	if (!Size || Size > UECM_NOTIFY_SIZE)
		Size = UECM_NOTIFY_SIZE;
	if (UecmXferAlloc(A, &A->Int, Size) != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	UecmBuildBulk(&A->Int, A->Notify, Size, TRUE);
	UecmXferSubmit(&A->Int, UecmNotifyDone);
	return NDIS_STATUS_SUCCESS;
}
