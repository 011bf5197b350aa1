// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 interrupts. Reading ICR returns and clears every pending cause,
 * so the ISR (at DIRQL, on a line it may share) reads it only while our
 * causes are unmasked: otherwise the interrupt is a line partner's, and
 * ours wait in ICR until the unmask raises the line again. A claimed
 * interrupt masks everything (IMC) and saves the causes for
 * MiniportHandleInterrupt, which takes them under
 * NdisMSynchronizeWithInterrupt, follows a link status change, services
 * both rings and unmasks (IMS).
 */
#include "ndle1000.h"

VOID E1kIsr(PBOOLEAN Recognized, PBOOLEAN QueueDpc, NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;
	ULONG Icr;

	*Recognized = FALSE;
	*QueueDpc = FALSE;
	if (!A->ImsShadow)
		return;
	Icr = E1kRead(A, E1K_ICR);
	/* All ones: the card is gone; nothing of ours: a line partner's. */
	if (Icr == 0xffffffff || !(Icr & A->ImsShadow))
		return;
	E1kWrite(A, E1K_IMC, E1K_INT_ALL);
	A->ImsShadow = 0;
	A->IsrEvents |= Icr;
	*Recognized = TRUE;
	*QueueDpc = TRUE;
}

typedef struct _E1K_SYNC {
	PE1K_ADAPTER A;
	ULONG Events;
} E1K_SYNC;

static BOOLEAN E1kSyncTakeEvents(PVOID Context)
{
	E1K_SYNC *S = Context;

	S->Events = S->A->IsrEvents;
	S->A->IsrEvents = 0;
	return TRUE;
}

static BOOLEAN E1kSyncEnable(PVOID Context)
{
	E1kEnableInterrupt(Context);
	return TRUE;
}

static BOOLEAN E1kSyncDisable(PVOID Context)
{
	E1kDisableInterrupt(Context);
	return TRUE;
}

VOID E1kEnableInterrupt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	if (A->Halting || A->Removed)
		return;
	A->ImsShadow = E1K_INT_MASK;
	E1kWrite(A, E1K_IMS, E1K_INT_MASK);
}

VOID E1kDisableInterrupt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;

	A->ImsShadow = 0;
	if (!A->Removed)
		E1kWrite(A, E1K_IMC, E1K_INT_ALL);
}

VOID E1kMaskInterrupts(PE1K_ADAPTER A)
{
	NdisMSynchronizeWithInterrupt(&A->Interrupt, E1kSyncDisable, A);
}

VOID E1kEnableInterruptSynced(PE1K_ADAPTER A)
{
	NdisMSynchronizeWithInterrupt(&A->Interrupt, E1kSyncEnable, A);
}

/* Follow STATUS.LU; tell NDIS when it changed. */
VOID E1kCheckLink(PE1K_ADAPTER A, BOOLEAN Indicate)
{
	ULONG Speed;
	BOOLEAN Up = E1kLinkUp(A, &Speed), Changed;

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

VOID E1kHandleInterrupt(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;
	E1K_SYNC S = { A, 0 };

	NdisMSynchronizeWithInterrupt(&A->Interrupt, E1kSyncTakeEvents, &S);
	if (S.Events & E1K_INT_LSC)
		E1kCheckLink(A, TRUE);
	/* Poll both rings whatever the causes say: cheap, and never stalls. */
	E1kRxProcess(A);
	E1kTxComplete(A);
	E1kEnableInterruptSynced(A);
}
