// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 receive: legacy receive descriptors point at 2 KiB buffers in
 * shared memory (allocated E1K_RX_CHUNK at a time). A filled buffer is
 * indicated with NdisMIndicateReceivePacket and its ring entry gets a spare
 * buffer at once; with no spare left the packet goes up with
 * NDIS_STATUS_RESOURCES and its buffer returns to the ring as soon as the
 * indication returns. The chip owns the entries from RDH up to RDT; RDT
 * moves past an entry only once it holds a buffer again.
 */
#include "ndle1000.h"

#define E1K_CHUNK_BYTES	(E1K_RX_CHUNK * E1K_RX_BUF_SIZE)

NDIS_STATUS E1kRxAlloc(PE1K_ADAPTER A)
{
	NDIS_STATUS Status;
	ULONG i;

	InitializeListHead(&A->RxSpare);
	A->RxBufCount = 2 * A->RxCount;
	A->RxChunks = (A->RxBufCount + E1K_RX_CHUNK - 1) / E1K_RX_CHUNK;
	Status = NddAllocateZeroed((PVOID *)&A->RxBufs,
				   A->RxBufCount * sizeof(E1K_RXBUF), E1K_TAG);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = NddAllocateZeroed((PVOID *)&A->RxSlot,
					   A->RxCount * sizeof(PE1K_RXBUF),
					   E1K_TAG);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = NddAllocateZeroed((PVOID *)&A->RxChunkVa,
					   A->RxChunks * sizeof(PUCHAR),
					   E1K_TAG);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = NddAllocateZeroed((PVOID *)&A->RxChunkPa,
					   A->RxChunks *
					   sizeof(NDIS_PHYSICAL_ADDRESS),
					   E1K_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	for (i = 0; i < A->RxChunks; i++) {
		NdisMAllocateSharedMemory(A->Handle, E1K_CHUNK_BYTES, FALSE,
					  (PVOID *)&A->RxChunkVa[i],
					  &A->RxChunkPa[i]);
		if (!A->RxChunkVa[i])
			return NDIS_STATUS_RESOURCES;
	}
	NdisAllocatePacketPool(&Status, &A->PacketPool, A->RxBufCount,
			       PROTOCOL_RESERVED_SIZE_IN_PACKET);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBufferPool(&Status, &A->BufferPool, A->RxBufCount);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	for (i = 0; i < A->RxBufCount; i++) {
		PE1K_RXBUF B = &A->RxBufs[i];
		ULONG Off = (i % E1K_RX_CHUNK) * E1K_RX_BUF_SIZE;

		B->Va = A->RxChunkVa[i / E1K_RX_CHUNK] + Off;
		B->Pa.QuadPart = A->RxChunkPa[i / E1K_RX_CHUNK].QuadPart + Off;
		NdisAllocatePacket(&Status, &B->Packet, A->PacketPool);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisAllocateBuffer(&Status, &B->Buffer, A->BufferPool, B->Va,
				   E1K_RX_BUF_SIZE);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisChainBufferAtFront(B->Packet, B->Buffer);
		E1K_PACKET_RXBUF(B->Packet) = B;
		InsertTailList(&A->RxSpare, &B->Link);
	}
	return NDIS_STATUS_SUCCESS;
}

/* Also undoes a partly done E1kRxAlloc. */
VOID E1kRxFree(PE1K_ADAPTER A)
{
	ULONG i;

	if (A->RxBufs) {
		for (i = 0; i < A->RxBufCount; i++) {
			if (A->RxBufs[i].Buffer)
				NdisFreeBuffer(A->RxBufs[i].Buffer);
			if (A->RxBufs[i].Packet)
				NdisFreePacket(A->RxBufs[i].Packet);
		}
		NdisFreeMemory(A->RxBufs, A->RxBufCount * sizeof(E1K_RXBUF), 0);
		A->RxBufs = NULL;
	}
	if (A->RxSlot)
		NdisFreeMemory(A->RxSlot, A->RxCount * sizeof(PE1K_RXBUF), 0);
	A->RxSlot = NULL;
	if (A->BufferPool)
		NdisFreeBufferPool(A->BufferPool);
	if (A->PacketPool)
		NdisFreePacketPool(A->PacketPool);
	A->BufferPool = A->PacketPool = NULL;
	for (i = 0; A->RxChunkVa && i < A->RxChunks; i++)
		if (A->RxChunkVa[i])
			NdisMFreeSharedMemory(A->Handle, E1K_CHUNK_BYTES, FALSE,
					      A->RxChunkVa[i], A->RxChunkPa[i]);
	if (A->RxChunkVa)
		NdisFreeMemory(A->RxChunkVa, A->RxChunks * sizeof(PUCHAR), 0);
	if (A->RxChunkPa)
		NdisFreeMemory(A->RxChunkPa,
			       A->RxChunks * sizeof(NDIS_PHYSICAL_ADDRESS), 0);
	A->RxChunkVa = NULL;
	A->RxChunkPa = NULL;
}

/* Put buffer B in ring entry i, its status cleared for the chip. */
static VOID E1kRxGive(PE1K_ADAPTER A, ULONG i, PE1K_RXBUF B)
{
	volatile E1K_RX_DESC *D = &A->RxRing[i];

	A->RxSlot[i] = B;
	D->Addr = B->Pa.QuadPart;
	D->Length = 0;
	D->Csum = 0;
	D->Errors = 0;
	D->Special = 0;
	D->Status = 0;
}

/* Caller holds RxLock, or the chip is stopped (E1kStartChip sets RDT). */
VOID E1kRxRingInit(PE1K_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < A->RxCount; i++) {
		PE1K_RXBUF B = A->RxSlot[i];

		if (!B)
			B = CONTAINING_RECORD(RemoveHeadList(&A->RxSpare),
					      E1K_RXBUF, Link);
		E1kRxGive(A, i, B);
	}
	A->RxCur = 0;
	A->RxTail = A->RxCount - 1;
	A->RxDiscard = FALSE;
}

/* Give the chip every entry before RxCur again. RxLock held. */
static VOID E1kRxTail(PE1K_ADAPTER A)
{
	ULONG Tail = (A->RxCur + A->RxCount - 1) % A->RxCount;

	if (Tail == A->RxTail)
		return;
	A->RxTail = Tail;
	E1kBarrier();	/* descriptors before the tail */
	E1kWrite(A, E1K_RDT, Tail);
}

/* Is the completed entry with these fields a whole, good frame? */
static BOOLEAN E1kRxGood(PE1K_ADAPTER A, UCHAR Status, UCHAR Errors,
			 ULONG Len)
{
	/* A frame over several buffers: drop up to and with its last one. */
	if (!(Status & E1K_RXD_STAT_EOP)) {
		A->RxDiscard = TRUE;
		return FALSE;
	}
	if (A->RxDiscard) {
		A->RxDiscard = FALSE;
		A->SwRxErrors++;
		return FALSE;
	}
	if ((Errors & E1K_RXD_ERR_FRAME) || Len < NDD_ETH_HLEN ||
	    Len > NDD_ETH_MAX_FRAME) {
		A->SwRxErrors++;
		return FALSE;
	}
	return TRUE;
}

/* Take up to E1K_BATCH frames off the ring; returns how many. */
static ULONG E1kRxCollect(PE1K_ADAPTER A, PNDIS_PACKET *Pk, ULONG *Slot)
{
	BOOLEAN Low = FALSE;
	ULONG n = 0;

	while (n < E1K_BATCH) {
		ULONG i = A->RxCur;
		PE1K_RXBUF B = A->RxSlot[i];
		volatile E1K_RX_DESC *D = &A->RxRing[i];
		UCHAR Status = D->Status;
		ULONG Len;

		if (!(Status & E1K_RXD_STAT_DD))
			break;
		E1kBarrier();	/* status before the rest */
		Len = D->Length;
		A->RxCur = (i + 1) % A->RxCount;
		if (!E1kRxGood(A, Status, D->Errors, Len)) {
			E1kRxGive(A, i, B);
			continue;
		}
		NdisMUpdateSharedMemory(A->Handle, Len, B->Va, B->Pa);
		/* The hash filter lets through more than NDIS asked for. */
		if (!NddEthAccepts(&A->Eth, B->Va, Len)) {
			E1kRxGive(A, i, B);
			continue;
		}
		NdisAdjustBufferLength(B->Buffer, Len);
		NdisRecalculatePacketCounts(B->Packet);
		NDIS_SET_PACKET_HEADER_SIZE(B->Packet, NDD_ETH_HLEN);
		if (!Low && !IsListEmpty(&A->RxSpare)) {
			PE1K_RXBUF Spare = CONTAINING_RECORD(
				RemoveHeadList(&A->RxSpare), E1K_RXBUF, Link);

			E1kRxGive(A, i, Spare);
			NDIS_SET_PACKET_STATUS(B->Packet, NDIS_STATUS_SUCCESS);
			A->RxOutstanding++;
			Slot[n] = ~0u;
		} else {
			/* This one and every later one in the array: copy. */
			Low = TRUE;
			NDIS_SET_PACKET_STATUS(B->Packet,
					       NDIS_STATUS_RESOURCES);
			Slot[n] = i;
		}
		NddEthCountRx(&A->Eth, B->Va, Len);
		Pk[n++] = B->Packet;
	}
	if (A->RxOutstanding)
		NdisResetEvent(&A->RxIdle);
	return n;
}

/* DPC: indicate everything the chip has received. */
VOID E1kRxProcess(PE1K_ADAPTER A)
{
	PNDIS_PACKET Pk[E1K_BATCH];
	ULONG Slot[E1K_BATCH];
	ULONG i, n;

	do {
		NdisDprAcquireSpinLock(&A->RxLock);
		n = E1kRxCollect(A, Pk, Slot);
		if (!n) {
			E1kRxTail(A);
			NdisDprReleaseSpinLock(&A->RxLock);
			break;
		}
		NdisDprReleaseSpinLock(&A->RxLock);

		NdisMIndicateReceivePacket(A->Handle, Pk, n);

		NdisDprAcquireSpinLock(&A->RxLock);
		for (i = 0; i < n; i++) {
			PE1K_RXBUF B = E1K_PACKET_RXBUF(Pk[i]);

			if (Slot[i] != ~0u) {
				E1kRxGive(A, Slot[i], B);
			} else if (NDIS_GET_PACKET_STATUS(Pk[i]) !=
				   NDIS_STATUS_PENDING) {
				InsertTailList(&A->RxSpare, &B->Link);
				A->RxOutstanding--;
			}
		}
		if (!A->RxOutstanding)
			NdisSetEvent(&A->RxIdle);
		E1kRxTail(A);
		NdisDprReleaseSpinLock(&A->RxLock);
	} while (n == E1K_BATCH);
}

VOID E1kReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PE1K_ADAPTER A = Context;
	PE1K_RXBUF B = E1K_PACKET_RXBUF(Packet);

	NdisAcquireSpinLock(&A->RxLock);
	InsertTailList(&A->RxSpare, &B->Link);
	if (!--A->RxOutstanding)
		NdisSetEvent(&A->RxIdle);
	NdisReleaseSpinLock(&A->RxLock);
}
