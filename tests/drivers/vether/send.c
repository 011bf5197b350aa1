// SPDX-License-Identifier: GPL-2.0-only
/*
 * vether send side: MiniportSendPackets queues the protocols' packets (we
 * are deserialized, so the queue is ours to keep), and an NDIS timer later
 * copies each one into a receive buffer — the looped wire — completes the
 * send and indicates the copy.
 */
#include "vether.h"

/* Caller holds A->Lock. */
VOID VetherArmTimerLocked(PVETHER_ADAPTER A, ULONG DelayMs)
{
	A->TimerArmed = TRUE;
	NdisMSetTimer(&A->LoopTimer, DelayMs);
}

VOID VetherSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets,
		       UINT Count)
{
	PVETHER_ADAPTER A = Context;
	UINT i, Total;

	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Packets[i];
		NDIS_STATUS Fail = NDIS_STATUS_SUCCESS;

		NdisQueryPacket(P, NULL, NULL, NULL, &Total);
		NdisAcquireSpinLock(&A->Lock);
		if (Total < NDD_ETH_HLEN || Total > NDD_ETH_MAX_FRAME)
			Fail = NDIS_STATUS_INVALID_PACKET;
		else if (A->Halting || A->Removed)
			Fail = NDIS_STATUS_FAILURE;
		else if (A->Resetting)
			Fail = NDIS_STATUS_RESET_IN_PROGRESS;
		else if (A->Eth.MediaState != NdisMediaStateConnected)
			Fail = NDIS_STATUS_NO_CABLE;
		if (Fail != NDIS_STATUS_SUCCESS) {
			A->Eth.Stats.XmitError++;
			NdisReleaseSpinLock(&A->Lock);
			NdisMSendComplete(A->Handle, P, Fail);
			continue;
		}
		NDIS_SET_PACKET_STATUS(P, NDIS_STATUS_PENDING);
		InsertTailList(&A->SendQueue, VETHER_LINK(P));
		A->SendQueued++;
		if (!A->TimerArmed && !A->TimerRunning)
			VetherArmTimerLocked(A, A->LoopDelayMs);
		NdisReleaseSpinLock(&A->Lock);
	}
}

/* Complete every packet on List (already off the send queue). */
static VOID VetherCompleteList(PVETHER_ADAPTER A, PLIST_ENTRY List,
			       NDIS_STATUS Status)
{
	while (!IsListEmpty(List)) {
		PNDIS_PACKET P = VETHER_PACKET(RemoveHeadList(List));

		NdisMSendComplete(A->Handle, P, Status);
	}
}

VOID VetherCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PVETHER_ADAPTER A = Context;
	LIST_ENTRY Cancelled, *E, *Next;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(&A->Lock);
	for (E = A->SendQueue.Flink; E != &A->SendQueue; E = Next) {
		PNDIS_PACKET P = VETHER_PACKET(E);

		Next = E->Flink;
		if (NDIS_GET_PACKET_CANCEL_ID(P) != CancelId)
			continue;
		RemoveEntryList(E);
		A->SendQueued--;
		InsertTailList(&Cancelled, E);
	}
	NdisReleaseSpinLock(&A->Lock);
	VetherCompleteList(A, &Cancelled, NDIS_STATUS_REQUEST_ABORTED);
}

VOID VetherFailQueuedSends(PVETHER_ADAPTER A, NDIS_STATUS Status)
{
	LIST_ENTRY Failed;

	InitializeListHead(&Failed);
	NdisAcquireSpinLock(&A->Lock);
	while (!IsListEmpty(&A->SendQueue)) {
		InsertTailList(&Failed, RemoveHeadList(&A->SendQueue));
		A->Eth.Stats.XmitError++;
	}
	A->SendQueued = 0;
	NdisReleaseSpinLock(&A->Lock);
	VetherCompleteList(A, &Failed, Status);
}

/* NDIS timer callback: runs at DISPATCH_LEVEL. */
VOID VetherLoopTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVETHER_ADAPTER A = Context;
	PNDIS_PACKET Done[VETHER_MAX_BATCH];
	PNDD_RX Rx[VETHER_MAX_BATCH];
	ULONG i, n = 0;

	NdisDprAcquireSpinLock(&A->Lock);
	A->TimerArmed = FALSE;
	if (A->Halting || A->Resetting) {
		NdisDprReleaseSpinLock(&A->Lock);
		return;
	}
	A->TimerRunning = TRUE;
	while (n < VETHER_MAX_BATCH && !IsListEmpty(&A->SendQueue) &&
	       A->RxPool.FreeCount) {
		Done[n] = VETHER_PACKET(RemoveHeadList(&A->SendQueue));
		A->SendQueued--;
		Rx[n] = NddRxTake(&A->RxPool);
		Rx[n]->Length = NddCopyFrame(Done[n], Rx[n]->Data);
		if (Rx[n]->Length)
			NddEthCountTx(&A->Eth, Rx[n]->Data, Rx[n]->Length);
		else
			A->Eth.Stats.XmitError++;
		n++;
	}
	A->SendsDone += n;
	NdisDprReleaseSpinLock(&A->Lock);

	for (i = 0; i < n; i++)
		NdisMSendComplete(A->Handle, Done[i],
				  Rx[i]->Length ? NDIS_STATUS_SUCCESS :
				  NDIS_STATUS_FAILURE);
	NddRxIndicate(&A->RxPool, Rx, n);

	NdisDprAcquireSpinLock(&A->Lock);
	A->TimerRunning = FALSE;
	/* More to loop and room to receive it: go on right away. */
	if (A->SendQueued && A->RxPool.FreeCount && !A->TimerArmed &&
	    !A->Halting && !A->Resetting)
		VetherArmTimerLocked(A, 0);
	NdisDprReleaseSpinLock(&A->Lock);
}
