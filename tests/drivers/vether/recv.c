// SPDX-License-Identifier: GPL-2.0-only
/*
 * vether receive side: a pool of packet + buffer pairs, indicated with
 * NdisMIndicateReceivePacket. Packets go back to the pool either at once
 * (indicated with NDIS_STATUS_RESOURCES, or not pended by the protocols) or
 * later through MiniportReturnPacket.
 */
#include "vether.h"

NDIS_STATUS VetherRxInit(PVETHER_ADAPTER A, ULONG Count)
{
	NDIS_STATUS Status;
	ULONG i;

	InitializeListHead(&A->RxFree);
	Status = NdisAllocateMemoryWithTag((PVOID *)&A->Rx,
					   Count * sizeof(VETHER_RX),
					   VETHER_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisZeroMemory(A->Rx, Count * sizeof(VETHER_RX));
	A->RxSlots = Count;
	NdisAllocatePacketPool(&Status, &A->PacketPool, Count,
			       PROTOCOL_RESERVED_SIZE_IN_PACKET);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBufferPool(&Status, &A->BufferPool, Count);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	for (i = 0; i < Count; i++) {
		PVETHER_RX Rx = &A->Rx[i];

		Status = NdisAllocateMemoryWithTag((PVOID *)&Rx->Data,
						   NDD_ETH_MAX_FRAME,
						   VETHER_TAG);
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
		VETHER_RX_OF(Rx->Packet) = Rx;
		InsertTailList(&A->RxFree, &Rx->Link);
		A->RxCount++;
	}
	A->RxFreeCount = A->RxCount;
	A->RxLowWater = A->RxCount / 4;
	return NDIS_STATUS_SUCCESS;
}

/* Also undoes a partly failed VetherRxInit. */
VOID VetherRxFree(PVETHER_ADAPTER A)
{
	ULONG i;

	if (A->Rx) {
		for (i = 0; i < A->RxSlots; i++) {
			PVETHER_RX Rx = &A->Rx[i];

			if (Rx->Buffer)
				NdisFreeBuffer(Rx->Buffer);
			if (Rx->Packet)
				NdisFreePacket(Rx->Packet);
			if (Rx->Data)
				NdisFreeMemory(Rx->Data, NDD_ETH_MAX_FRAME, 0);
		}
		NdisFreeMemory(A->Rx, A->RxSlots * sizeof(VETHER_RX), 0);
		A->Rx = NULL;
	}
	if (A->BufferPool)
		NdisFreeBufferPool(A->BufferPool);
	if (A->PacketPool)
		NdisFreePacketPool(A->PacketPool);
	A->BufferPool = A->PacketPool = NULL;
}

static VOID VetherRecycle(PVETHER_ADAPTER A, PVETHER_RX Rx)
{
	InsertTailList(&A->RxFree, &Rx->Link);
	A->RxFreeCount++;
	if (A->SendQueued && !A->TimerArmed && !A->Resetting && !A->Halting)
		VetherArmTimerLocked(A, 0);
}

/* Runs at DISPATCH_LEVEL from the loop timer, with the lock not held. */
VOID VetherIndicate(PVETHER_ADAPTER A, PVETHER_RX *Rx, ULONG *Length,
		    ULONG Count)
{
	PNDIS_PACKET Packets[VETHER_MAX_BATCH];
	ULONG i, n = 0;
	BOOLEAN Low = FALSE;

	NdisDprAcquireSpinLock(&A->Lock);
	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Rx[i]->Packet;

		if (!NddEthAccepts(&A->Eth, Rx[i]->Data, Length[i])) {
			VetherRecycle(A, Rx[i]);
			continue;
		}
		NdisAdjustBufferLength(Rx[i]->Buffer, Length[i]);
		NdisRecalculatePacketCounts(P);
		NDIS_SET_PACKET_HEADER_SIZE(P, NDD_ETH_HLEN);
		/*
		 * Short of buffers: protocols must copy this packet and every
		 * later one in the array, and we keep ownership of them.
		 */
		if (A->RxFreeCount < A->RxLowWater)
			Low = TRUE;
		NDIS_SET_PACKET_STATUS(P, Low ? NDIS_STATUS_RESOURCES :
				       NDIS_STATUS_SUCCESS);
		NddEthCountRx(&A->Eth, Rx[i]->Data, Length[i]);
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
		VetherRecycle(A, VETHER_RX_OF(Packets[i]));
	}
	if (!A->RxOutstanding)
		NdisSetEvent(&A->RxIdle);
	NdisDprReleaseSpinLock(&A->Lock);
}

VOID VetherReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PVETHER_ADAPTER A = Context;

	NdisAcquireSpinLock(&A->Lock);
	A->RxOutstanding--;
	VetherRecycle(A, VETHER_RX_OF(Packet));
	if (!A->RxOutstanding)
		NdisSetEvent(&A->RxIdle);
	NdisReleaseSpinLock(&A->Lock);
}
