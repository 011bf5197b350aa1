// SPDX-License-Identifier: GPL-2.0-only
/*
 * ntsys' control device, written from the NdisMRegisterDevice,
 * NdisMDeregisterDevice and I/O-request reference pages: registered when
 * the first adapter initializes (\Device\NtsysCtl, link
 * \DosDevices\ntsys), deregistered when the last one halts, as
 * Microsoft's NDIS samples do. Requests:
 *  - IRP_MJ_CREATE, CLEANUP, CLOSE succeed; opens are counted;
 *  - IRP_MJ_READ (buffered I/O): "ntsys opens=N written=M\n", cut to fit;
 *  - IRP_MJ_WRITE: counts the bytes;
 *  - IOCTL_NTSYS_REVERSE_{BUFFERED,DIRECT,NEITHER}: the input reversed
 *    into the output through that transfer type's buffers (system buffer,
 *    MDL, the requester's pointers, probed when the request came from
 *    user mode); STATUS_BUFFER_TOO_SMALL when the output is shorter;
 *  - IOCTL_NTSYS_STATE: ULONG opens, creates, bytes written;
 *  - anything else: STATUS_INVALID_DEVICE_REQUEST.
 */
#include "ntsys.h"

static NDIS_HANDLE CtlHandle;
static PDEVICE_OBJECT CtlDevice;
static LONG Adapters;
static LONG Opens, Creates, Written;

static NTSTATUS Complete(PIRP Irp, NTSTATUS Status, ULONG_PTR Info)
{
	Irp->IoStatus.Status = Status;
	Irp->IoStatus.Information = Info;
	IoCompleteRequest(Irp, IO_NO_INCREMENT);
	return Status;
}

static NTSTATUS Reverse(const UCHAR *In, ULONG InLen, UCHAR *Out,
			ULONG OutLen, ULONG_PTR *Info)
{
	ULONG I;

	if (OutLen < InLen)
		return STATUS_BUFFER_TOO_SMALL;
	if (InLen && (!In || !Out))
		return STATUS_INVALID_PARAMETER;
	if (In == Out) {
		for (I = 0; I < InLen / 2; I++) {
			UCHAR T = Out[I];

			Out[I] = Out[InLen - 1 - I];
			Out[InLen - 1 - I] = T;
		}
	} else {
		for (I = 0; I < InLen; I++)
			Out[I] = In[InLen - 1 - I];
	}
	*Info = InLen;
	return STATUS_SUCCESS;
}

static NTSTATUS DeviceControl(PIRP Irp, PIO_STACK_LOCATION Sl)
{
	ULONG InLen = Sl->Parameters.DeviceIoControl.InputBufferLength;
	ULONG OutLen = Sl->Parameters.DeviceIoControl.OutputBufferLength;
	PUCHAR Sys = Irp->AssociatedIrp.SystemBuffer;
	ULONG_PTR Info = 0;
	NTSTATUS Status;
	PUCHAR Out;

	switch (Sl->Parameters.DeviceIoControl.IoControlCode) {
	case IOCTL_NTSYS_REVERSE_BUFFERED:
		Status = Reverse(Sys, InLen, Sys, OutLen, &Info);
		break;
	case IOCTL_NTSYS_REVERSE_DIRECT:
		Out = Irp->MdlAddress ?
		      MmGetSystemAddressForMdlSafe(Irp->MdlAddress,
						   NormalPagePriority) : NULL;
		Status = Reverse(Sys, InLen, Out, OutLen, &Info);
		break;
	case IOCTL_NTSYS_REVERSE_NEITHER:
		if (Irp->RequestorMode == UserMode) {
			ProbeForRead(Sl->Parameters.DeviceIoControl.Type3InputBuffer,
				     InLen, 1);
			ProbeForWrite(Irp->UserBuffer, OutLen, 1);
		}
		Status = Reverse(Sl->Parameters.DeviceIoControl.Type3InputBuffer,
				 InLen, Irp->UserBuffer, OutLen, &Info);
		break;
	case IOCTL_NTSYS_STATE:
		if (OutLen < 3 * sizeof(ULONG)) {
			Status = STATUS_BUFFER_TOO_SMALL;
			break;
		}
		((PULONG)Sys)[0] = (ULONG)Opens;
		((PULONG)Sys)[1] = (ULONG)Creates;
		((PULONG)Sys)[2] = (ULONG)Written;
		Info = 3 * sizeof(ULONG);
		Status = STATUS_SUCCESS;
		break;
	default:
		Status = STATUS_INVALID_DEVICE_REQUEST;
	}
	return Complete(Irp, Status, Info);
}

static ULONG FormatState(PCHAR Buf, ULONG Len)
{
	CHAR Text[64];
	ULONG N = 0, V, I;
	const CHAR *Parts[2] = { "ntsys opens=", " written=" };
	LONG Values[2] = { Opens, Written };

	for (I = 0; I < 2; I++) {
		CHAR Digits[12];
		ULONG D = 0;
		const CHAR *P;

		for (P = Parts[I]; *P; P++)
			Text[N++] = *P;
		V = (ULONG)Values[I];
		do {
			Digits[D++] = (CHAR)('0' + V % 10);
			V /= 10;
		} while (V);
		while (D)
			Text[N++] = Digits[--D];
	}
	Text[N++] = '\n';
	if (N > Len)
		N = Len;
	RtlCopyMemory(Buf, Text, N);
	return N;
}

static NTSTATUS CtlDispatch(PDEVICE_OBJECT Device, PIRP Irp)
{
	PIO_STACK_LOCATION Sl = IoGetCurrentIrpStackLocation(Irp);

	UNREFERENCED_PARAMETER(Device);
	switch (Sl->MajorFunction) {
	case IRP_MJ_CREATE:
		InterlockedIncrement(&Opens);
		InterlockedIncrement(&Creates);
		return Complete(Irp, STATUS_SUCCESS, 0);
	case IRP_MJ_CLEANUP:
		return Complete(Irp, STATUS_SUCCESS, 0);
	case IRP_MJ_CLOSE:
		InterlockedDecrement(&Opens);
		return Complete(Irp, STATUS_SUCCESS, 0);
	case IRP_MJ_READ:
		return Complete(Irp, STATUS_SUCCESS,
				FormatState(Irp->AssociatedIrp.SystemBuffer,
					    Sl->Parameters.Read.Length));
	case IRP_MJ_WRITE:
		InterlockedExchangeAdd(&Written,
				       (LONG)Sl->Parameters.Write.Length);
		return Complete(Irp, STATUS_SUCCESS,
				Sl->Parameters.Write.Length);
	case IRP_MJ_DEVICE_CONTROL:
		return DeviceControl(Irp, Sl);
	default:
		return Complete(Irp, STATUS_INVALID_DEVICE_REQUEST, 0);
	}
}

VOID NtsysCtlRegister(NDIS_HANDLE Wrapper)
{
	PDRIVER_DISPATCH Major[IRP_MJ_MAXIMUM_FUNCTION + 1];
	UNICODE_STRING Name, Link;
	ULONG I;

	if (InterlockedIncrement(&Adapters) != 1)
		return;
	NdisZeroMemory(Major, sizeof(Major));
	for (I = 0; I <= IRP_MJ_MAXIMUM_FUNCTION; I++)
		Major[I] = CtlDispatch;
	RtlInitUnicodeString(&Name, L"\\Device\\NtsysCtl");
	RtlInitUnicodeString(&Link, L"\\DosDevices\\ntsys");
	if (NdisMRegisterDevice(Wrapper, &Name, &Link, Major, &CtlDevice,
				&CtlHandle) != NDIS_STATUS_SUCCESS) {
		CtlHandle = NULL;
		return;
	}
	CtlDevice->Flags |= DO_BUFFERED_IO;
}

VOID NtsysCtlDeregister(VOID)
{
	if (InterlockedDecrement(&Adapters) != 0 || !CtlHandle)
		return;
	NdisMDeregisterDevice(CtlHandle);
	CtlHandle = NULL;
	CtlDevice = NULL;
}
