// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi receive side: what the radio hears for us (EAPOL from the access
 * point, the LAN host's answers) is copied into a pool of packet + buffer
 * pairs and, with any status indications made meanwhile, delivered to
 * NDIS from a timer at DISPATCH_LEVEL, in order: statuses first (so media
 * connect precedes the first EAPOL frame), then frames.
 */
#include "vwifi.h"

NDIS_STATUS VwifiRxInit(PVWIFI_ADAPTER A, ULONG Count)
{
	NDIS_STATUS Status;
	ULONG i;

	Status = NdisAllocateMemoryWithTag((PVOID *)&A->Rx,
					   Count * sizeof(VWIFI_RX), VWIFI_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisZeroMemory(A->Rx, Count * sizeof(VWIFI_RX));
	A->RxSlots = Count;
	NdisAllocatePacketPool(&Status, &A->PacketPool, Count,
			       PROTOCOL_RESERVED_SIZE_IN_PACKET);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBufferPool(&Status, &A->BufferPool, Count);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	for (i = 0; i < Count; i++) {
		PVWIFI_RX Rx = &A->Rx[i];

		Status = NdisAllocateMemoryWithTag((PVOID *)&Rx->Data,
						   NDD_ETH_MAX_FRAME,
						   VWIFI_TAG);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisAllocatePacket(&Status, &Rx->Packet, A->PacketPool);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisAllocateBuffer(&Status, &Rx->Buffer, A->BufferPool,
				   Rx->Data, NDD_ETH_MAX_FRAME);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisChainBufferAtFront(Rx->Packet, Rx->Buffer);
		VWIFI_RX_OF(Rx->Packet) = Rx;
		InsertTailList(&A->RxFree, &Rx->Link);
	}
	return NDIS_STATUS_SUCCESS;
}

/* Also undoes a partly failed VwifiRxInit. */
VOID VwifiRxFree(PVWIFI_ADAPTER A)
{
	ULONG i;

	if (A->Rx) {
		for (i = 0; i < A->RxSlots; i++) {
			PVWIFI_RX Rx = &A->Rx[i];

			if (Rx->Buffer)
				NdisFreeBuffer(Rx->Buffer);
			if (Rx->Packet)
				NdisFreePacket(Rx->Packet);
			if (Rx->Data)
				NdisFreeMemory(Rx->Data, NDD_ETH_MAX_FRAME, 0);
		}
		NdisFreeMemory(A->Rx, A->RxSlots * sizeof(VWIFI_RX), 0);
		A->Rx = NULL;
	}
	if (A->BufferPool)
		NdisFreeBufferPool(A->BufferPool);
	if (A->PacketPool)
		NdisFreePacketPool(A->PacketPool);
	A->BufferPool = A->PacketPool = NULL;
}

static VOID VwifiArmDeliverLocked(PVWIFI_ADAPTER A)
{
	if (!A->DeliverArmed && !A->Halting) {
		A->DeliverArmed = TRUE;
		NdisMSetTimer(&A->DeliverTimer, 1);
	}
}

VOID VwifiQueueRxLocked(PVWIFI_ADAPTER A, const UCHAR *Frame, ULONG Length)
{
	PVWIFI_RX Rx;

	if (Length > NDD_ETH_MAX_FRAME || Length < NDD_ETH_HLEN)
		return;
	if (IsListEmpty(&A->RxFree)) {
		A->Eth.Stats.RcvNoBuffer++;
		return;
	}
	Rx = CONTAINING_RECORD(RemoveHeadList(&A->RxFree), VWIFI_RX, Link);
	NdisMoveMemory(Rx->Data, (PVOID)Frame, Length);
	if (Length < NDD_ETH_MIN_FRAME) {
		NdisZeroMemory(Rx->Data + Length, NDD_ETH_MIN_FRAME - Length);
		Length = NDD_ETH_MIN_FRAME;
	}
	Rx->Length = Length;
	InsertTailList(&A->RxQueue, &Rx->Link);
	A->RxFragments++;
	VwifiArmDeliverLocked(A);
}

/* Frames from an association that ended are never delivered. */
VOID VwifiPurgeRxLocked(PVWIFI_ADAPTER A)
{
	while (!IsListEmpty(&A->RxQueue))
		InsertTailList(&A->RxFree, RemoveHeadList(&A->RxQueue));
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

static VOID VwifiRecycleLocked(PVWIFI_ADAPTER A, PVWIFI_RX Rx)
{
	InsertTailList(&A->RxFree, &Rx->Link);
}

static VOID VwifiIndicateFrames(PVWIFI_ADAPTER A, PVWIFI_RX *Rx, ULONG Count)
{
	PNDIS_PACKET Packets[VWIFI_MAX_BATCH];
	ULONG i, n = 0;

	NdisDprAcquireSpinLock(&A->Lock);
	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Rx[i]->Packet;

		if (!NddEthAccepts(&A->Eth, Rx[i]->Data, Rx[i]->Length)) {
			VwifiRecycleLocked(A, Rx[i]);
			continue;
		}
		NdisAdjustBufferLength(Rx[i]->Buffer, Rx[i]->Length);
		NdisRecalculatePacketCounts(P);
		NDIS_SET_PACKET_HEADER_SIZE(P, NDD_ETH_HLEN);
		NDIS_SET_PACKET_STATUS(P, NDIS_STATUS_SUCCESS);
		NddEthCountRx(&A->Eth, Rx[i]->Data, Rx[i]->Length);
		A->RxOutstanding++;
		Packets[n++] = P;
	}
	if (A->RxOutstanding)
		NdisResetEvent(&A->RxIdle);
	NdisDprReleaseSpinLock(&A->Lock);
	if (!n)
		return;

	NdisMIndicateReceivePacket(A->Handle, Packets, n);

	NdisDprAcquireSpinLock(&A->Lock);
	for (i = 0; i < n; i++) {
		/* Anything but PENDING is ours again right now. */
		if (NDIS_GET_PACKET_STATUS(Packets[i]) == NDIS_STATUS_PENDING)
			continue;
		A->RxOutstanding--;
		VwifiRecycleLocked(A, VWIFI_RX_OF(Packets[i]));
	}
	if (!A->RxOutstanding)
		NdisSetEvent(&A->RxIdle);
	NdisDprReleaseSpinLock(&A->Lock);
}

/* NDIS timer callback: runs at DISPATCH_LEVEL. */
VOID VwifiDeliverTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVWIFI_ADAPTER A = Context;
	VWIFI_STATUS Status[VWIFI_STATUS_RING];
	PVWIFI_RX Rx[VWIFI_MAX_BATCH];
	ULONG i, nstatus = 0, nrx = 0;

	if (!VwifiTimerEnter(A))
		return;
	NdisDprAcquireSpinLock(&A->Lock);
	A->DeliverArmed = FALSE;
	while (A->StatusCount) {
		Status[nstatus++] = A->StatusRing[A->StatusHead];
		A->StatusHead = (A->StatusHead + 1) % VWIFI_STATUS_RING;
		A->StatusCount--;
	}
	while (nrx < VWIFI_MAX_BATCH && !IsListEmpty(&A->RxQueue))
		Rx[nrx++] = CONTAINING_RECORD(RemoveHeadList(&A->RxQueue),
					      VWIFI_RX, Link);
	NdisDprReleaseSpinLock(&A->Lock);

	for (i = 0; i < nstatus; i++)
		NdisMIndicateStatus(A->Handle, Status[i].Status,
				    Status[i].Length ? Status[i].Buffer : NULL,
				    Status[i].Length);
	if (nstatus)
		NdisMIndicateStatusComplete(A->Handle);
	if (nrx)
		VwifiIndicateFrames(A, Rx, nrx);

	NdisDprAcquireSpinLock(&A->Lock);
	if (!IsListEmpty(&A->RxQueue) || A->StatusCount)
		VwifiArmDeliverLocked(A);
	NdisDprReleaseSpinLock(&A->Lock);
	VwifiTimerLeave(A);
}

VOID VwifiReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PVWIFI_ADAPTER A = Context;

	NdisAcquireSpinLock(&A->Lock);
	A->RxOutstanding--;
	VwifiRecycleLocked(A, VWIFI_RX_OF(Packet));
	if (!A->RxOutstanding)
		NdisSetEvent(&A->RxIdle);
	NdisReleaseSpinLock(&A->Lock);
}
