// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive pools for bus masters: the buffers are slices of one
 * NdisMAllocateSharedMemory block (non-cached), so each has the bus address
 * the chip's descriptors need.
 */
#include "ndd.h"

NDIS_STATUS NddRxPoolInitShared(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
				PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				ULONG Count, ULONG BufferSize, ULONG Tag)
{
	NDIS_STATUS Status;
	ULONG i;

	Status = NddRxPoolSetup(Pool, Miniport, Eth, Lock, Count, BufferSize,
				Tag);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	Pool->SharedLength = Count * BufferSize;
	NdisMAllocateSharedMemory(Miniport, Pool->SharedLength, FALSE,
				  (PVOID *)&Pool->SharedVa, &Pool->SharedPa);
	if (!Pool->SharedVa)
		return NDIS_STATUS_RESOURCES;
	for (i = 0; i < Count; i++) {
		PNDD_RX Rx = &Pool->Rx[i];

		Rx->Data = Pool->SharedVa + i * BufferSize;
		Rx->Pa.QuadPart = Pool->SharedPa.QuadPart + i * BufferSize;
		Status = NddRxPoolAdd(Pool, Rx);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
	}
	return NDIS_STATUS_SUCCESS;
}

VOID NddRxPoolFreeShared(PNDD_RX_POOL Pool)
{
	NddRxPoolFree(Pool);
	if (Pool->SharedVa)
		NdisMFreeSharedMemory(Pool->Miniport, Pool->SharedLength, FALSE,
				      Pool->SharedVa, Pool->SharedPa);
	Pool->SharedVa = NULL;
}
