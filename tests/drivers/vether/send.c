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
		InsertTailList(&A->SendQueue, NDD_PACKET_LINK(P));
		A->SendQueued++;
		if (!A->TimerArmed && !A->TimerRunning)
			VetherArmTimerLocked(A, A->LoopDelayMs);
		NdisReleaseSpinLock(&A->Lock);
	}
}

VOID VetherCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PVETHER_ADAPTER A = Context;
	LIST_ENTRY Cancelled;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(&A->Lock);
	A->SendQueued -= NddCancelSends(&A->SendQueue, CancelId, &Cancelled);
	NdisReleaseSpinLock(&A->Lock);
	NddCompleteSends(A->Handle, &Cancelled);
}

VOID VetherFailQueuedSends(PVETHER_ADAPTER A, NDIS_STATUS Status)
{
	LIST_ENTRY Failed;

	InitializeListHead(&Failed);
	NdisAcquireSpinLock(&A->Lock);
	A->Eth.Stats.XmitError += NddFailSends(&A->SendQueue, Status, &Failed);
	A->SendQueued = 0;
	NdisReleaseSpinLock(&A->Lock);
	NddCompleteSends(A->Handle, &Failed);
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
		Done[n] = NDD_LINK_PACKET(RemoveHeadList(&A->SendQueue));
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
