// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive pools for bus masters: the buffers are slices of
 * NdisMAllocateSharedMemory blocks (non-cached), so each has the bus
 * address the chip's descriptors need. A block holds BlockBuffers of them:
 * all of them for a small pool, fewer where one block would be large.
 */
#include "ndd.h"

/* Buffers in the block that starts at entry First. */
static ULONG NddRxBlockCount(PNDD_RX_POOL Pool, ULONG First)
{
	ULONG Left = Pool->Slots - First;

	return Left < Pool->BlockBuffers ? Left : Pool->BlockBuffers;
}

NDIS_STATUS NddRxPoolInitShared(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
				PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				ULONG Count, ULONG BufferSize,
				ULONG BlockBuffers, ULONG Tag)
{
	NDIS_STATUS Status;
	NDIS_PHYSICAL_ADDRESS Pa;
	PUCHAR Va;
	ULONG i, k, n;

	Pool->BlockBuffers = BlockBuffers ? BlockBuffers : 1;
	Status = NddRxPoolSetup(Pool, Miniport, Eth, Lock, Count, BufferSize,
				Tag);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	for (i = 0; i < Count; i += n) {
		n = NddRxBlockCount(Pool, i);
		NdisMAllocateSharedMemory(Miniport, n * BufferSize, FALSE,
					  (PVOID *)&Va, &Pa);
		if (!Va)
			return NDIS_STATUS_RESOURCES;
		for (k = 0; k < n; k++) {
			PNDD_RX Rx = &Pool->Rx[i + k];

			Rx->Data = Va + k * BufferSize;
			Rx->Pa.QuadPart = Pa.QuadPart + k * BufferSize;
			Status = NddRxPoolAdd(Pool, Rx);
			if (Status != NDIS_STATUS_SUCCESS)
				return Status;
		}
	}
	return NDIS_STATUS_SUCCESS;
}

/* A block's first entry has its address once the block is allocated. */
VOID NddRxPoolFreeShared(PNDD_RX_POOL Pool)
{
	ULONG i, n;

	for (i = 0; Pool->Rx && Pool->BlockBuffers && i < Pool->Slots;
	     i += n) {
		PNDD_RX Rx = &Pool->Rx[i];

		n = NddRxBlockCount(Pool, i);
		if (Rx->Data)
			NdisMFreeSharedMemory(Pool->Miniport,
					      n * Pool->BufferSize, FALSE,
					      Rx->Data, Rx->Pa);
	}
	NddRxPoolFree(Pool);
}
