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

	Status = NddAllocateZeroed((PVOID *)&A->RxSlot,
				   A->RxCount * sizeof(PNDD_RX), RTL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	return NddRxPoolInitShared(&A->RxPool, A->Handle, &A->Eth, &A->RxLock,
				   2 * A->RxCount, RTL_RX_BUF_SIZE, RTL_TAG);
}

/* Also undoes a partly done RtlRxAlloc. */
VOID RtlRxFree(PRTL_ADAPTER A)
{
	if (A->RxSlot)
		NdisFreeMemory(A->RxSlot, A->RxCount * sizeof(PNDD_RX), 0);
	A->RxSlot = NULL;
	NddRxPoolFreeShared(&A->RxPool);
}

/* Hand ring entry i, with buffer B, to the chip. */
static VOID RtlRxGive(PRTL_ADAPTER A, ULONG i, PNDD_RX B)
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
		PNDD_RX B = A->RxSlot[i];

		if (!B)
			B = NddRxTake(&A->RxPool);
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
		PNDD_RX B = A->RxSlot[i];
		PNDD_RX Spare;
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
		NdisMUpdateSharedMemory(A->Handle, Len, B->Data, B->Pa);
		/* The hash filter lets through more than NDIS asked for. */
		if (!NddEthAccepts(&A->Eth, B->Data, Len)) {
			RtlRxGive(A, i, B);
			continue;
		}
		NdisAdjustBufferLength(B->Buffer, Len);
		NdisRecalculatePacketCounts(B->Packet);
		NDIS_SET_PACKET_HEADER_SIZE(B->Packet, NDD_ETH_HLEN);
		Spare = Low ? NULL : NddRxTake(&A->RxPool);
		if (Spare) {
			RtlRxGive(A, i, Spare);
			NDIS_SET_PACKET_STATUS(B->Packet, NDIS_STATUS_SUCCESS);
			A->RxPool.Outstanding++;
			Slot[n] = ~0u;
		} else {
			/* This one and every later one in the array: copy. */
			Low = TRUE;
			A->RxSlot[i] = B;
			NDIS_SET_PACKET_STATUS(B->Packet,
					       NDIS_STATUS_RESOURCES);
			Slot[n] = i;
		}
		NddEthCountRx(&A->Eth, B->Data, Len);
		Pk[n++] = B->Packet;
	}
	if (A->RxPool.Outstanding)
		NdisResetEvent(&A->RxPool.Idle);
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
			PNDD_RX B = NDD_RX_OF(Pk[i]);

			if (Slot[i] != ~0u) {
				RtlRxGive(A, Slot[i], B);
			} else if (NDIS_GET_PACKET_STATUS(Pk[i]) !=
				   NDIS_STATUS_PENDING) {
				NddRxPut(&A->RxPool, B);
				A->RxPool.Outstanding--;
			}
		}
		if (!A->RxPool.Outstanding)
			NdisSetEvent(&A->RxPool.Idle);
		NdisDprReleaseSpinLock(&A->RxLock);
	} while (n == RTL_BATCH);
}

VOID RtlReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PRTL_ADAPTER A = Context;

	NddRxReturnPacket(&A->RxPool, Packet);
}
