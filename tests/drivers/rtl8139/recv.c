// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 receive: the Rx descriptor ring points at buffers in shared
 * memory. A filled buffer is indicated with NdisMIndicateReceivePacket and
 * its ring entry gets a spare buffer at once; with no spare left the packet
 * goes up with NDIS_STATUS_RESOURCES and its buffer returns to the ring as
 * soon as the indication returns.
 */
#include "rtl8139.h"

NDIS_STATUS RtlRxAlloc(PRTL_ADAPTER A)
{
	NDIS_STATUS Status;
	ULONG i;

	InitializeListHead(&A->RxSpare);
	A->RxBufCount = 2 * A->RxCount;
	Status = NddAllocateZeroed((PVOID *)&A->RxBufs,
				   A->RxBufCount * sizeof(RTL_RXBUF), RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	Status = NddAllocateZeroed((PVOID *)&A->RxSlot,
				   A->RxCount * sizeof(PRTL_RXBUF), RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	A->RxMemLength = A->RxBufCount * RTL_RX_BUF_SIZE;
	NdisMAllocateSharedMemory(A->Handle, A->RxMemLength, FALSE,
				  (PVOID *)&A->RxMemVa, &A->RxMemPa);
	if (!A->RxMemVa)
		return NDIS_STATUS_RESOURCES;
	NdisAllocatePacketPool(&Status, &A->PacketPool, A->RxBufCount,
			       PROTOCOL_RESERVED_SIZE_IN_PACKET);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBufferPool(&Status, &A->BufferPool, A->RxBufCount);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	for (i = 0; i < A->RxBufCount; i++) {
		PRTL_RXBUF B = &A->RxBufs[i];

		B->Va = A->RxMemVa + i * RTL_RX_BUF_SIZE;
		B->Pa.QuadPart = A->RxMemPa.QuadPart + i * RTL_RX_BUF_SIZE;
		NdisAllocatePacket(&Status, &B->Packet, A->PacketPool);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisAllocateBuffer(&Status, &B->Buffer, A->BufferPool, B->Va,
				   RTL_RX_BUF_SIZE);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisChainBufferAtFront(B->Packet, B->Buffer);
		RTL_PACKET_RXBUF(B->Packet) = B;
		InsertTailList(&A->RxSpare, &B->Link);
		A->RxSpareCount++;
	}
	return NDIS_STATUS_SUCCESS;
}

/* Also undoes a partly done RtlRxAlloc. */
VOID RtlRxFree(PRTL_ADAPTER A)
{
	ULONG i;

	if (A->RxBufs) {
		for (i = 0; i < A->RxBufCount; i++) {
			if (A->RxBufs[i].Buffer)
				NdisFreeBuffer(A->RxBufs[i].Buffer);
			if (A->RxBufs[i].Packet)
				NdisFreePacket(A->RxBufs[i].Packet);
		}
		NdisFreeMemory(A->RxBufs, A->RxBufCount * sizeof(RTL_RXBUF), 0);
		A->RxBufs = NULL;
	}
	if (A->RxSlot)
		NdisFreeMemory(A->RxSlot, A->RxCount * sizeof(PRTL_RXBUF), 0);
	A->RxSlot = NULL;
	if (A->BufferPool)
		NdisFreeBufferPool(A->BufferPool);
	if (A->PacketPool)
		NdisFreePacketPool(A->PacketPool);
	A->BufferPool = A->PacketPool = NULL;
	if (A->RxMemVa)
		NdisMFreeSharedMemory(A->Handle, A->RxMemLength, FALSE,
				      A->RxMemVa, A->RxMemPa);
	A->RxMemVa = NULL;
}

/* Hand ring entry i, with buffer B, to the chip. */
static VOID RtlRxGive(PRTL_ADAPTER A, ULONG i, PRTL_RXBUF B)
{
	volatile RTL_DESC *D = &A->RxRing[i];

	A->RxSlot[i] = B;
	D->Opts2 = 0;
	D->AddrLo = NdisGetPhysicalAddressLow(B->Pa);
	D->AddrHi = NdisGetPhysicalAddressHigh(B->Pa);
	RtlBarrier();	/* address before ownership */
	D->Opts1 = RTL_DESC_OWN | (i == A->RxCount - 1 ? RTL_DESC_EOR : 0) |
		   RTL_RX_BUF_SIZE;
}

/* Caller holds RxLock, or the chip is stopped. */
VOID RtlRxRingInit(PRTL_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < A->RxCount; i++) {
		PRTL_RXBUF B = A->RxSlot[i];

		if (!B) {
			B = CONTAINING_RECORD(RemoveHeadList(&A->RxSpare),
					      RTL_RXBUF, Link);
			A->RxSpareCount--;
		}
		RtlRxGive(A, i, B);
	}
	A->RxCur = 0;
}

/* Take up to RTL_BATCH frames off the ring; returns how many. */
static ULONG RtlRxCollect(PRTL_ADAPTER A, PNDIS_PACKET *Pk, ULONG *Slot)
{
	BOOLEAN Low = FALSE;
	ULONG n = 0;

	while (n < RTL_BATCH) {
		ULONG i = A->RxCur;
		PRTL_RXBUF B = A->RxSlot[i];
		ULONG Opts1 = ((volatile RTL_DESC *)&A->RxRing[i])->Opts1;
		ULONG Len = Opts1 & RTL_RX_LEN_MASK;

		if (Opts1 & RTL_DESC_OWN)
			break;
		RtlBarrier();	/* status before data */
		A->RxCur = (i + 1) % A->RxCount;
		if ((Opts1 & (RTL_DESC_FS | RTL_DESC_LS)) !=
		    (RTL_DESC_FS | RTL_DESC_LS) || (Opts1 & RTL_RX_RES) ||
		    Len < NDD_ETH_HLEN + 4 || Len > NDD_ETH_MAX_FRAME + 4) {
			A->Eth.Stats.RcvError++;
			if (Opts1 & RTL_RX_CRC)
				A->Eth.Stats.RcvCrcError++;
			RtlRxGive(A, i, B);
			continue;
		}
		Len -= 4;	/* the chip stores the FCS too */
		NdisMUpdateSharedMemory(A->Handle, Len, B->Va, B->Pa);
		/* The hash filter lets through more than NDIS asked for. */
		if (!NddEthAccepts(&A->Eth, B->Va, Len)) {
			RtlRxGive(A, i, B);
			continue;
		}
		NdisAdjustBufferLength(B->Buffer, Len);
		NdisRecalculatePacketCounts(B->Packet);
		NDIS_SET_PACKET_HEADER_SIZE(B->Packet, NDD_ETH_HLEN);
		if (!Low && !IsListEmpty(&A->RxSpare)) {
			PRTL_RXBUF Spare = CONTAINING_RECORD(
				RemoveHeadList(&A->RxSpare), RTL_RXBUF, Link);

			A->RxSpareCount--;
			RtlRxGive(A, i, Spare);
			NDIS_SET_PACKET_STATUS(B->Packet, NDIS_STATUS_SUCCESS);
			A->RxOutstanding++;
			Slot[n] = ~0u;
		} else {
			/* This one and every later one in the array: copy. */
			Low = TRUE;
			A->RxSlot[i] = B;
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
VOID RtlRxProcess(PRTL_ADAPTER A)
{
	PNDIS_PACKET Pk[RTL_BATCH];
	ULONG Slot[RTL_BATCH];
	ULONG i, n;

	do {
		NdisDprAcquireSpinLock(&A->RxLock);
		n = RtlRxCollect(A, Pk, Slot);
		NdisDprReleaseSpinLock(&A->RxLock);
		if (!n)
			break;

		NdisMIndicateReceivePacket(A->Handle, Pk, n);

		NdisDprAcquireSpinLock(&A->RxLock);
		for (i = 0; i < n; i++) {
			PRTL_RXBUF B = RTL_PACKET_RXBUF(Pk[i]);

			if (Slot[i] != ~0u) {
				RtlRxGive(A, Slot[i], B);
			} else if (NDIS_GET_PACKET_STATUS(Pk[i]) !=
				   NDIS_STATUS_PENDING) {
				InsertTailList(&A->RxSpare, &B->Link);
				A->RxSpareCount++;
				A->RxOutstanding--;
			}
		}
		if (!A->RxOutstanding)
			NdisSetEvent(&A->RxIdle);
		NdisDprReleaseSpinLock(&A->RxLock);
	} while (n == RTL_BATCH);
}

VOID RtlReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PRTL_ADAPTER A = Context;
	PRTL_RXBUF B = RTL_PACKET_RXBUF(Packet);

	NdisAcquireSpinLock(&A->RxLock);
	InsertTailList(&A->RxSpare, &B->Link);
	A->RxSpareCount++;
	if (!--A->RxOutstanding)
		NdisSetEvent(&A->RxIdle);
	NdisReleaseSpinLock(&A->RxLock);
}
