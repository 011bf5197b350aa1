// SPDX-License-Identifier: GPL-2.0-only
/*
 * URBs to the USB device: synchronous ones (initialization, at
 * PASSIVE_LEVEL) in IRPs from IoBuildDeviceIoControlRequest waited for
 * with a timeout, and the driver's own reusable IRPs (reads kept posted,
 * sends, the filter request) sent with a completion routine that runs at
 * DISPATCH_LEVEL or below.
 */
#include "usbecm.h"

#define UECM_SYNC_TIMEOUT_MS	5000

NTSTATUS UecmCallUsb(PUECM_ADAPTER A, PURB Urb)
{
	IO_STATUS_BLOCK Iosb;
	LARGE_INTEGER Timeout;
	PIO_STACK_LOCATION Sl;
	NTSTATUS Status;
	KEVENT Event;
	PIRP Irp;

	KeInitializeEvent(&Event, NotificationEvent, FALSE);
	Irp = IoBuildDeviceIoControlRequest(IOCTL_INTERNAL_USB_SUBMIT_URB,
					    A->NextDevice, NULL, 0, NULL, 0,
					    TRUE, &Event, &Iosb);
	if (!Irp)
		return STATUS_INSUFFICIENT_RESOURCES;
	Sl = IoGetNextIrpStackLocation(Irp);
	Sl->Parameters.Others.Argument1 = Urb;
	Status = IoCallDriver(A->NextDevice, Irp);
	if (Status == STATUS_PENDING) {
		Timeout.QuadPart = -10000LL * UECM_SYNC_TIMEOUT_MS;
		if (KeWaitForSingleObject(&Event, Executive, KernelMode,
					  FALSE, &Timeout) == STATUS_TIMEOUT) {
			/* A device that never answers: take the IRP back. */
			IoCancelIrp(Irp);
			KeWaitForSingleObject(&Event, Executive, KernelMode,
					      FALSE, NULL);
		}
		Status = Iosb.Status;
	}
	return Status;
}

NDIS_STATUS UecmXferAlloc(PUECM_ADAPTER A, PUECM_XFER X, ULONG Size)
{
	X->Adapter = A;
	X->Irp = IoAllocateIrp(A->NextDevice->StackSize, FALSE);
	if (!X->Irp)
		return NDIS_STATUS_RESOURCES;
	if (Size && NddAllocateZeroed((PVOID *)&X->Buffer, Size, UECM_TAG) !=
		    NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	X->Size = Size;
	return NDIS_STATUS_SUCCESS;
}

VOID UecmXferFree(PUECM_XFER X)
{
	if (X->Irp)
		IoFreeIrp(X->Irp);
	if (X->Buffer)
		NdisFreeMemory(X->Buffer, X->Size, 0);
	X->Irp = NULL;
	X->Buffer = NULL;
}

VOID UecmBuildBulk(PUECM_XFER X, USBD_PIPE_HANDLE Pipe, ULONG Length,
		   BOOLEAN In)
{
	NdisZeroMemory(&X->Urb, sizeof(X->Urb));
	UsbBuildInterruptOrBulkTransferRequest(
		&X->Urb, sizeof(struct _URB_BULK_OR_INTERRUPT_TRANSFER), Pipe,
		Length ? X->Buffer : NULL, NULL, Length,
		In ? USBD_TRANSFER_DIRECTION_IN | USBD_SHORT_TRANSFER_OK :
		     USBD_TRANSFER_DIRECTION_OUT, NULL);
}

BOOLEAN UecmXferSubmit(PUECM_XFER X, PIO_COMPLETION_ROUTINE Done)
{
	PUECM_ADAPTER A = X->Adapter;
	PIO_STACK_LOCATION Sl;

	IoReuseIrp(X->Irp, STATUS_NOT_SUPPORTED);
	Sl = IoGetNextIrpStackLocation(X->Irp);
	Sl->MajorFunction = IRP_MJ_INTERNAL_DEVICE_CONTROL;
	Sl->Parameters.DeviceIoControl.IoControlCode =
		IOCTL_INTERNAL_USB_SUBMIT_URB;
	Sl->Parameters.Others.Argument1 = &X->Urb;
	IoSetCompletionRoutine(X->Irp, Done, X, TRUE, TRUE, TRUE);

	NdisAcquireSpinLock(&A->Lock);
	if (A->Halting || A->Removed) {
		NdisReleaseSpinLock(&A->Lock);
		return FALSE;
	}
	if (A->Posted++ == 0)
		NdisResetEvent(&A->Idle);
	X->Busy = TRUE;
	NdisReleaseSpinLock(&A->Lock);
	IoCallDriver(A->NextDevice, X->Irp);
	return TRUE;
}

VOID UecmXferDone(PUECM_XFER X)
{
	PUECM_ADAPTER A = X->Adapter;

	NdisAcquireSpinLock(&A->Lock);
	X->Busy = FALSE;
	if (--A->Posted == 0)
		NdisSetEvent(&A->Idle);
	NdisReleaseSpinLock(&A->Lock);
}

VOID UecmXferCancel(PUECM_XFER X)
{
	PUECM_ADAPTER A = X->Adapter;
	BOOLEAN Busy;

	if (!X->Irp)
		return;			/* never allocated (initialize failed) */
	/* Halting is set: a completed IRP is not sent again. */
	NdisAcquireSpinLock(&A->Lock);
	Busy = X->Busy;
	NdisReleaseSpinLock(&A->Lock);
	if (Busy)
		IoCancelIrp(X->Irp);
}
