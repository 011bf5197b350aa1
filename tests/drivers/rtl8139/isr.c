// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 interrupts. The ISR (at DIRQL, possibly on a shared line) claims
 * only what our unmasked sources raised, masks the chip, acknowledges the
 * status bits and saves them for the DPC; MiniportHandleInterrupt takes the
 * saved bits under NdisMSynchronizeWithInterrupt, services both rings and
 * the link, and unmasks again. The chip's line is level-triggered: events
 * that arrive while masked raise it again on unmask, so none is lost.
 */
#include "rtl8139.h"

VOID RtlIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;
	USHORT Status;

	*Recognized = FALSE;
	*QueueDpc = FALSE;
	Status = RtlRead16(A, RTL_ISR);
	/* All ones: the card is gone; nothing of ours: a line partner's. */
	if (Status == 0xffff || !(Status & A->ImrShadow))
		return;
	RtlWrite16(A, RTL_IMR, 0);
	A->ImrShadow = 0;
	RtlWrite16(A, RTL_ISR, Status);
	A->IsrEvents |= Status;
	*Recognized = TRUE;
	*QueueDpc = TRUE;
}

typedef struct _RTL_SYNC {
	PRTL_ADAPTER A;
	USHORT Events;
} RTL_SYNC;

static BOOLEAN RtlSyncTakeEvents(PVOID Context)
{
	RTL_SYNC *S = Context;

	S->Events = S->A->IsrEvents;
	S->A->IsrEvents = 0;
	return TRUE;
}

static BOOLEAN RtlSyncEnable(PVOID Context)
{
	RtlEnableInterrupt(Context);
	return TRUE;
}

static BOOLEAN RtlSyncDisable(PVOID Context)
{
	RtlDisableInterrupt(Context);
	return TRUE;
}

VOID RtlEnableInterrupt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	if (A->Halting || A->Removed)
		return;
	A->ImrShadow = RTL_INT_MASK;
	RtlWrite16(A, RTL_IMR, RTL_INT_MASK);
}

VOID RtlDisableInterrupt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;

	A->ImrShadow = 0;
	RtlWrite16(A, RTL_IMR, 0);
}

VOID RtlMaskInterrupts(PRTL_ADAPTER A)
{
	NdisMSynchronizeWithInterrupt(&A->Interrupt, RtlSyncDisable, A);
}

VOID RtlEnableInterruptSynced(PRTL_ADAPTER A)
{
	NdisMSynchronizeWithInterrupt(&A->Interrupt, RtlSyncEnable, A);
}

/* Follow the chip's link state; tell NDIS when it changed. */
VOID RtlCheckLink(PRTL_ADAPTER A, BOOLEAN Indicate)
{
	ULONG Speed;
	BOOLEAN Up = RtlLinkUp(A, &Speed), Changed;

	NdisAcquireSpinLock(&A->TxLock);
	Changed = Up != A->LinkUp;
	A->LinkUp = Up;
	A->Eth.MediaState = Up ? NdisMediaStateConnected :
				 NdisMediaStateDisconnected;
	A->Eth.LinkSpeed = Speed * 10000;	/* Mbit/s to 100 bit/s */
	NdisReleaseSpinLock(&A->TxLock);
	if (Changed && Indicate) {
		NdisMIndicateStatus(A->Handle, Up ? NDIS_STATUS_MEDIA_CONNECT :
				    NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
		NdisMIndicateStatusComplete(A->Handle);
	}
}

VOID RtlHandleInterrupt(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;
	RTL_SYNC S = { A, 0 };

	NdisMSynchronizeWithInterrupt(&A->Interrupt, RtlSyncTakeEvents, &S);
	if (S.Events & RTL_INT_SERR)
		A->PciErrors++;
	if (S.Events & RTL_INT_LINKCHG)
		RtlCheckLink(A, TRUE);
	/* Poll both rings whatever the bits say: cheap, and never stalls. */
	RtlRxProcess(A);
	RtlTxComplete(A);
	RtlEnableInterruptSynced(A);
}
