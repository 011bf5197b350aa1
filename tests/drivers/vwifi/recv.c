// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi receive side: what the radio hears for us (EAPOL from the access
 * point, the LAN host's answers) is copied into a pool of packet + buffer
 * pairs and, with any status indications made meanwhile, delivered to
 * NDIS from a timer at DISPATCH_LEVEL, in order: statuses first (so media
 * connect precedes the first EAPOL frame), then frames.
 */
#include "vwifi.h"

static VOID VwifiArmDeliverLocked(PVWIFI_ADAPTER A)
{
	if (!A->DeliverArmed && !A->Halting) {
		A->DeliverArmed = TRUE;
		NdisMSetTimer(&A->DeliverTimer, 1);
	}
}

VOID VwifiQueueRxLocked(PVWIFI_ADAPTER A, const UCHAR *Frame, ULONG Length)
{
	PNDD_RX Rx;

	if (Length > NDD_ETH_MAX_FRAME || Length < NDD_ETH_HLEN)
		return;
	Rx = NddRxTake(&A->RxPool);
	if (!Rx) {
		A->Eth.Stats.RcvNoBuffer++;
		return;
	}
	NdisMoveMemory(Rx->Data, (PVOID)Frame, Length);
	Rx->Length = NddPadFrame(Rx->Data, Length);
	InsertTailList(&A->RxQueue, &Rx->Link);
	A->RxFragments++;
	VwifiArmDeliverLocked(A);
}

/* Frames from an association that ended are never delivered. */
VOID VwifiPurgeRxLocked(PVWIFI_ADAPTER A)
{
	while (!IsListEmpty(&A->RxQueue))
		NddRxPut(&A->RxPool, CONTAINING_RECORD(
				 RemoveHeadList(&A->RxQueue), NDD_RX, Link));
}

VOID VwifiQueueStatusLocked(PVWIFI_ADAPTER A, NDIS_STATUS Status,
			    const VOID *Buffer, ULONG Length)
{
	VWIFI_STATUS *S;

	if (A->StatusCount == VWIFI_STATUS_RING || Length > sizeof(S->Buffer))
		return;
	S = &A->StatusRing[(A->StatusHead + A->StatusCount) % VWIFI_STATUS_RING];
	S->Status = Status;
	S->Length = Length;
	if (Length)
		NdisMoveMemory(S->Buffer, (PVOID)Buffer, Length);
	A->StatusCount++;
	VwifiArmDeliverLocked(A);
}

/* NDIS timer callback: runs at DISPATCH_LEVEL. */
VOID VwifiDeliverTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVWIFI_ADAPTER A = Context;
	VWIFI_STATUS Status[VWIFI_STATUS_RING];
	PNDD_RX Rx[VWIFI_MAX_BATCH];
	ULONG i, nstatus = 0, nrx = 0;

	if (!VwifiTimerBegin(A))
		return;
	A->DeliverArmed = FALSE;
	while (A->StatusCount) {
		Status[nstatus++] = A->StatusRing[A->StatusHead];
		A->StatusHead = (A->StatusHead + 1) % VWIFI_STATUS_RING;
		A->StatusCount--;
	}
	while (nrx < VWIFI_MAX_BATCH && !IsListEmpty(&A->RxQueue))
		Rx[nrx++] = CONTAINING_RECORD(RemoveHeadList(&A->RxQueue),
					      NDD_RX, Link);
	NdisDprReleaseSpinLock(&A->Lock);

	for (i = 0; i < nstatus; i++)
		NdisMIndicateStatus(A->Handle, Status[i].Status,
				    Status[i].Length ? Status[i].Buffer : NULL,
				    Status[i].Length);
	if (nstatus)
		NdisMIndicateStatusComplete(A->Handle);
	if (nrx)
		NddRxIndicate(&A->RxPool, Rx, nrx);

	NdisDprAcquireSpinLock(&A->Lock);
	if (!IsListEmpty(&A->RxQueue) || A->StatusCount)
		VwifiArmDeliverLocked(A);
	VwifiTimerEnd(A);
}

VOID VwifiReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PVWIFI_ADAPTER A = Context;

	NddRxReturnPacket(&A->RxPool, Packet);
}
