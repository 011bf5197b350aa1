// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet shared memory: single blocks (rings, control commands) and
 * 2 KiB chunks in blocks of 16 for receive buffers and transmit slots,
 * each with the bus address the device uses.
 */
#include "vionet.h"

NDIS_STATUS VioSharedAlloc(PVIO_ADAPTER A, PVIO_SHARED S, ULONG Length,
			   BOOLEAN Cached)
{
	S->Va = NULL;
	S->Length = Length;
	S->Cached = Cached;
	NdisMAllocateSharedMemory(A->Handle, Length, Cached, &S->Va, &S->Pa);
	if (S->Va == NULL)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(S->Va, Length);
	return NDIS_STATUS_SUCCESS;
}

VOID VioSharedFree(PVIO_ADAPTER A, PVIO_SHARED S)
{
	if (S->Va)
		NdisMFreeSharedMemory(A->Handle, S->Length, S->Cached, S->Va,
				      S->Pa);
	S->Va = NULL;
}

NDIS_STATUS VioChunksAlloc(PVIO_ADAPTER A, ULONG Count, VIO_SHARED **Blocks,
			   ULONG *BlockCount)
{
	ULONG n = (Count + VIO_CHUNKS_PER_BLOCK - 1) / VIO_CHUNKS_PER_BLOCK;
	ULONG i;
	NDIS_STATUS Status;

	*BlockCount = 0;
	Status = NdisAllocateMemoryWithTag((PVOID *)Blocks,
					   n * sizeof(VIO_SHARED), VIO_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisZeroMemory(*Blocks, n * sizeof(VIO_SHARED));
	*BlockCount = n;
	for (i = 0; i < n; i++) {
		/* Cached: bus-master DMA is cache-coherent on x86-64. */
		Status = VioSharedAlloc(A, &(*Blocks)[i],
					VIO_CHUNK * VIO_CHUNKS_PER_BLOCK, TRUE);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;	/* the caller frees what there is */
	}
	return NDIS_STATUS_SUCCESS;
}

VOID VioChunksFree(PVIO_ADAPTER A, VIO_SHARED *Blocks, ULONG BlockCount)
{
	ULONG i;

	if (!Blocks)
		return;
	for (i = 0; i < BlockCount; i++)
		VioSharedFree(A, &Blocks[i]);
	NdisFreeMemory(Blocks, BlockCount * sizeof(VIO_SHARED), 0);
}

VOID VioChunkAt(VIO_SHARED *Blocks, ULONG I, PUCHAR *Va, ULONGLONG *Pa)
{
	PVIO_SHARED B = &Blocks[I / VIO_CHUNKS_PER_BLOCK];
	ULONG Off = (I % VIO_CHUNKS_PER_BLOCK) * VIO_CHUNK;

	*Va = (PUCHAR)B->Va + Off;
	*Pa = (ULONGLONG)B->Pa.QuadPart + Off;
}
