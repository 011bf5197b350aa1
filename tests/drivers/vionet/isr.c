// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet interrupts. The legacy device has one line and an ISR status
 * register that clears when read (which also lowers the line): the ISR
 * reads it, declines the interrupt when it is 0 (a line partner's),
 * else adds the bits to PendingIsr for the DPC. MiniportHandleInterrupt
 * takes them under NdisMSynchronizeWithInterrupt and services the used
 * rings (receive, transmit, control) and a configuration change (link).
 *
 * With the INF's InterruptApi 1 the same ISR is connected the WDM way, as
 * NDIS-WDM hybrid drivers do: IoConnectInterrupt on the vector of the
 * resource list, a KDPC of the driver's own queued from the ISR, and
 * KeSynchronizeExecution instead of NdisMSynchronizeWithInterrupt.
 */
#include "vionet.h"

VOID VioIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	UCHAR Isr = VioRead8(A, VIRTIO_PCI_ISR);

	/* 0xff: the device is gone (reads of a removed card). */
	if (Isr == 0 || Isr == 0xff) {
		*Recognized = FALSE;
		*QueueDpc = FALSE;
		return;
	}
	A->PendingIsr |= Isr;
	*Recognized = TRUE;
	*QueueDpc = TRUE;
}

typedef struct _VIO_TAKE {
	PVIO_ADAPTER Adapter;
	UCHAR Bits;
} VIO_TAKE;

/* Runs at the interrupt's DIRQL, the ISR held off. */
static BOOLEAN VioSyncTake(PVOID Context)
{
	VIO_TAKE *T = (VIO_TAKE *)Context;

	T->Bits = T->Adapter->PendingIsr;
	T->Adapter->PendingIsr = 0;
	return TRUE;
}

/* Config change: the link bit of the status field, indicated if new. */
VOID VioLinkChanged(PVIO_ADAPTER A)
{
	BOOLEAN Up;

	VioReadLink(A, &Up);
	if (Up == A->LinkUp)
		return;
	A->LinkUp = Up;
	NdisMIndicateStatus(A->Handle, Up ? NDIS_STATUS_MEDIA_CONNECT :
			    NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
	NdisMIndicateStatusComplete(A->Handle);
}

/* The bits the ISR saved, taken with the ISR held off. */
VOID VioTakeIsrBits(PVIO_ADAPTER A, UCHAR *Bits)
{
	VIO_TAKE T;

	T.Adapter = A;
	T.Bits = 0;
	if (A->WdmObject)
		KeSynchronizeExecution(A->WdmObject, VioSyncTake, &T);
	else
		NdisMSynchronizeWithInterrupt(&A->Interrupt, VioSyncTake, &T);
	*Bits = T.Bits;
}

VOID VioHandleInterrupt(NDIS_HANDLE Context)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	UCHAR Bits;

	VioTakeIsrBits(A, &Bits);
	if (Bits & VIRTIO_ISR_CONFIG)
		VioLinkChanged(A);
	/*
	 * The queue bit does not say which queue: look at all. A chain the
	 * device uses after this point raises the interrupt again.
	 */
	VioTxService(A);
	VioRxService(A);
	VioCtrlService(A);
}

/* The WDM ISR: at the interrupt's DIRQL, its spin lock held. */
static BOOLEAN VioWdmIsr(PKINTERRUPT Interrupt, PVOID Context)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	BOOLEAN Recognized, QueueDpc;

	VioIsr(&Recognized, &QueueDpc, A);
	if (QueueDpc)
		KeInsertQueueDpc(&A->WdmDpc, NULL, NULL);
	return Recognized;
}

/* Our own DPC (DISPATCH_LEVEL) does what MiniportHandleInterrupt does. */
static VOID VioWdmDpc(PKDPC Dpc, PVOID Context, PVOID Arg1, PVOID Arg2)
{
	VioHandleInterrupt(Context);
}

NDIS_STATUS VioConnectInterrupt(PVIO_ADAPTER A, ULONG Vector, ULONG Level,
				BOOLEAN IsLatched, KAFFINITY Affinity)
{
	NDIS_STATUS Status;
	NTSTATUS St;

	if (!A->WdmInterrupt) {
		Status = NdisMRegisterInterrupt(&A->Interrupt, A->Handle,
						Vector, Level, TRUE, TRUE,
						IsLatched ? NdisInterruptLatched :
						NdisInterruptLevelSensitive);
		A->InterruptRegistered = Status == NDIS_STATUS_SUCCESS;
		return Status;
	}
	KeInitializeDpc(&A->WdmDpc, VioWdmDpc, A);
	St = IoConnectInterrupt(&A->WdmObject, VioWdmIsr, A, NULL, Vector,
				(KIRQL)Level, (KIRQL)Level,
				IsLatched ? Latched : LevelSensitive, TRUE,
				Affinity, FALSE);
	if (!NT_SUCCESS(St)) {
		A->WdmObject = NULL;
		NdisWriteErrorLogEntry(A->Handle,
				       NDIS_ERROR_CODE_INTERRUPT_CONNECT, 1,
				       St);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	return NDIS_STATUS_SUCCESS;
}

/* Once this returns neither the ISR nor the DPC runs any more. */
VOID VioDisconnectInterrupt(PVIO_ADAPTER A)
{
	if (A->InterruptRegistered)
		NdisMDeregisterInterrupt(&A->Interrupt);
	A->InterruptRegistered = FALSE;
	if (A->WdmObject) {
		IoDisconnectInterrupt(A->WdmObject);
		A->WdmObject = NULL;
		KeRemoveQueueDpc(&A->WdmDpc);
		KeFlushQueuedDpcs();
	}
}
