// SPDX-License-Identifier: GPL-2.0-only
/*
 * A pool of receive buffers, each with the NDIS packet and buffer that
 * describe it, for miniports that indicate with NdisMIndicateReceivePacket:
 * setting it up (here with buffers from nonpaged pool), the free list, and
 * waiting for NDIS to give everything back.
 */
#include "ndd.h"

NDIS_STATUS NddRxPoolSetup(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
			   PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock, ULONG Count,
			   ULONG BufferSize, ULONG Tag)
{
	NDIS_STATUS Status;

	Pool->Miniport = Miniport;
	Pool->Eth = Eth;
	Pool->Lock = Lock;
	Pool->BufferSize = BufferSize;
	InitializeListHead(&Pool->Free);
	NdisInitializeEvent(&Pool->Idle);
	NdisSetEvent(&Pool->Idle);
	Status = NddAllocateZeroed((PVOID *)&Pool->Rx, Count * sizeof(NDD_RX),
				   Tag);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	Pool->Slots = Count;
	NdisAllocatePacketPool(&Status, &Pool->PacketPool, Count,
			       PROTOCOL_RESERVED_SIZE_IN_PACKET);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBufferPool(&Status, &Pool->BufferPool, Count);
	return Status;
}

NDIS_STATUS NddRxPoolAdd(PNDD_RX_POOL Pool, PNDD_RX Rx)
{
	NDIS_STATUS Status;

	NdisAllocatePacket(&Status, &Rx->Packet, Pool->PacketPool);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBuffer(&Status, &Rx->Buffer, Pool->BufferPool, Rx->Data,
			   Pool->BufferSize);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisChainBufferAtFront(Rx->Packet, Rx->Buffer);
	NDD_RX_OF(Rx->Packet) = Rx;
	InsertTailList(&Pool->Free, &Rx->Link);
	Pool->FreeCount++;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS NddRxPoolInit(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
			  PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock, ULONG Count,
			  ULONG Tag)
{
	NDIS_STATUS Status;
	ULONG i;

	Status = NddRxPoolSetup(Pool, Miniport, Eth, Lock, Count,
				NDD_ETH_MAX_FRAME, Tag);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	for (i = 0; i < Count; i++) {
		PNDD_RX Rx = &Pool->Rx[i];

		Status = NdisAllocateMemoryWithTag((PVOID *)&Rx->Data,
						   Pool->BufferSize, Tag);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		Status = NddRxPoolAdd(Pool, Rx);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
	}
	return NDIS_STATUS_SUCCESS;
}

VOID NddRxPoolFree(PNDD_RX_POOL Pool)
{
	ULONG i;

	if (Pool->Rx) {
		for (i = 0; i < Pool->Slots; i++) {
			PNDD_RX Rx = &Pool->Rx[i];

			if (Rx->Buffer)
				NdisFreeBuffer(Rx->Buffer);
			if (Rx->Packet)
				NdisFreePacket(Rx->Packet);
			/* Slices of a shared block are freed with the block. */
			if (Rx->Data && !Pool->BlockBuffers)
				NdisFreeMemory(Rx->Data, Pool->BufferSize, 0);
		}
		NdisFreeMemory(Pool->Rx, Pool->Slots * sizeof(NDD_RX), 0);
		Pool->Rx = NULL;
	}
	if (Pool->BufferPool)
		NdisFreeBufferPool(Pool->BufferPool);
	if (Pool->PacketPool)
		NdisFreePacketPool(Pool->PacketPool);
	Pool->BufferPool = Pool->PacketPool = NULL;
}

PNDD_RX NddRxTake(PNDD_RX_POOL Pool)
{
	if (IsListEmpty(&Pool->Free))
		return NULL;
	Pool->FreeCount--;
	return CONTAINING_RECORD(RemoveHeadList(&Pool->Free), NDD_RX, Link);
}

VOID NddRxPut(PNDD_RX_POOL Pool, PNDD_RX Rx)
{
	InsertTailList(&Pool->Free, &Rx->Link);
	Pool->FreeCount++;
	if (Pool->Recycled)
		Pool->Recycled(Pool);
}

/* Protocols return what they hold before NDIS halts us; be sure. */
VOID NddRxWaitIdle(PNDD_RX_POOL Pool)
{
	while (!NdisWaitEvent(&Pool->Idle, 2000))
		;
}
