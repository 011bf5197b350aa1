// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet transmit path, deserialized: MiniportSendPackets queues every
 * packet on our own send queue and never refuses one by status; the
 * queue drains onto the transmit virtqueue while slots and descriptors
 * last, and the DPC completes what the device used with
 * NdisMSendComplete. A packet goes out as the chain [virtio_net_hdr in
 * its slot][the elements of the scatter-gather list NDIS built for it];
 * one with more fragments than VIO_TX_MAX_SG is copied into its slot's
 * bounce buffer instead.
 */
#include "vionet.h"

typedef enum { VIO_TX_POSTED, VIO_TX_BUSY, VIO_TX_BAD } VIO_TX_RESULT;

NDIS_STATUS VioTxAllocate(PVIO_ADAPTER A)
{
	NDIS_STATUS Status;
	ULONG i;

	/* Every slot can hold a copied frame: two descriptors. */
	if (A->TxSlotCount > A->TxQueue.Size / 2u)
		A->TxSlotCount = A->TxQueue.Size / 2u;
	Status = NdisAllocateMemoryWithTag((PVOID *)&A->TxSlots,
					   A->TxSlotCount * sizeof(VIO_TXSLOT),
					   VIO_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisZeroMemory(A->TxSlots, A->TxSlotCount * sizeof(VIO_TXSLOT));
	Status = VioChunksAlloc(A, A->TxSlotCount, &A->TxBlocks,
				&A->TxBlockCount);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->TxFree = NULL;
	for (i = A->TxSlotCount; i-- > 0;) {
		VioChunkAt(A->TxBlocks, i, &A->TxSlots[i].Va,
			   &A->TxSlots[i].Pa);
		A->TxSlots[i].NextFree = A->TxFree;
		A->TxFree = &A->TxSlots[i];
	}
	InitializeListHead(&A->SendQueue);
	return NDIS_STATUS_SUCCESS;
}

VOID VioTxFree(PVIO_ADAPTER A)
{
	VioChunksFree(A, A->TxBlocks, A->TxBlockCount);
	A->TxBlocks = NULL;
	if (A->TxSlots)
		NdisFreeMemory(A->TxSlots, A->TxSlotCount * sizeof(VIO_TXSLOT),
			       0);
	A->TxSlots = NULL;
}

/* The packet's bytes into the slot's bounce buffer; FALSE if unmapped. */
static BOOLEAN VioTxCopy(PNDIS_PACKET Packet, PUCHAR To, ULONG Total)
{
	PNDIS_BUFFER Buf;
	PVOID Va;
	UINT Len, Done = 0;

	NdisQueryPacket(Packet, NULL, NULL, &Buf, NULL);
	while (Buf && Done < Total) {
		NdisQueryBufferSafe(Buf, &Va, &Len, NormalPagePriority);
		if (Va == NULL)
			return FALSE;
		if (Len > Total - Done)
			Len = Total - Done;
		NdisMoveMemory(To + Done, Va, Len);
		Done += Len;
		NdisGetNextBuffer(Buf, &Buf);
	}
	return Done == Total;
}

/* TxLock held. One packet onto the transmit queue. */
static VIO_TX_RESULT VioTxPost(PVIO_ADAPTER A, PNDIS_PACKET Packet)
{
	VIO_SG Sg[1 + VIO_TX_MAX_SG];
	PSCATTER_GATHER_LIST List;
	PVIO_TXSLOT Slot;
	UINT Total;
	ULONG Need, i;
	BOOLEAN UseSg;

	NdisQueryPacket(Packet, NULL, NULL, NULL, &Total);
	if (Total < VIO_ETH_HDR || Total > VIO_MAX_FRAME)
		return VIO_TX_BAD;
	List = (PSCATTER_GATHER_LIST)NDIS_PER_PACKET_INFO_FROM_PACKET(
		Packet, ScatterGatherListPacketInfo);
	UseSg = List && List->NumberOfElements >= 1 &&
		List->NumberOfElements <= VIO_TX_MAX_SG;
	Need = UseSg ? 1 + List->NumberOfElements : 2;
	if (A->TxFree == NULL || A->TxQueue.NumFree < Need)
		return VIO_TX_BUSY;

	Slot = A->TxFree;
	NdisZeroMemory(Slot->Va, VIRTIO_NET_HDR_LEN);	/* no offloads */
	Sg[0].Addr = Slot->Pa;
	Sg[0].Len = VIRTIO_NET_HDR_LEN;
	if (UseSg) {
		for (i = 0; i < List->NumberOfElements; i++) {
			Sg[1 + i].Addr = List->Elements[i].Address.QuadPart;
			Sg[1 + i].Len = List->Elements[i].Length;
		}
	} else {
		if (!VioTxCopy(Packet, Slot->Va + VIO_TX_BOUNCE_OFFSET, Total))
			return VIO_TX_BAD;
		Sg[1].Addr = Slot->Pa + VIO_TX_BOUNCE_OFFSET;
		Sg[1].Len = Total;
		A->TxCopied++;
	}
	if (!VioQueueAdd(&A->TxQueue, Sg, Need, 0, Slot))
		return VIO_TX_BUSY;
	A->TxFree = Slot->NextFree;
	Slot->Packet = Packet;
	Slot->NextFree = NULL;
	A->TxInFlight++;
	A->TxBytes += Total;
	return VIO_TX_POSTED;
}

/* TxLock held. The send queue onto the ring; bad packets into Failed. */
static VOID VioTxDrain(PVIO_ADAPTER A, PLIST_ENTRY Failed)
{
	BOOLEAN Posted = FALSE;

	while (!IsListEmpty(&A->SendQueue)) {
		PLIST_ENTRY L = A->SendQueue.Flink;
		PNDIS_PACKET P = VIO_LINK_PACKET(L);
		VIO_TX_RESULT R = VioTxPost(A, P);

		if (R == VIO_TX_BUSY)
			break;
		RemoveEntryList(L);
		A->SendQueued--;
		if (R == VIO_TX_BAD) {
			A->TxErrors++;
			InsertTailList(Failed, L);
		} else {
			Posted = TRUE;
		}
	}
	if (Posted)
		VioQueueKick(A, &A->TxQueue);
}

static VOID VioTxComplete(PVIO_ADAPTER A, PLIST_ENTRY List, NDIS_STATUS S)
{
	while (!IsListEmpty(List)) {
		PLIST_ENTRY L = RemoveHeadList(List);

		NdisMSendComplete(A->Handle, VIO_LINK_PACKET(L), S);
	}
}

VOID VioSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	LIST_ENTRY Failed;
	UINT i;

	InitializeListHead(&Failed);
	NdisAcquireSpinLock(&A->TxLock);
	for (i = 0; i < Count; i++) {
		InsertTailList(&A->SendQueue, VIO_PACKET_LINK(Packets[i]));
		A->SendQueued++;
	}
	VioTxDrain(A, &Failed);
	NdisReleaseSpinLock(&A->TxLock);
	VioTxComplete(A, &Failed, NDIS_STATUS_FAILURE);
}

/* The DPC's transmit work: used chains completed, the queue drained. */
VOID VioTxService(PVIO_ADAPTER A)
{
	LIST_ENTRY Done, Failed;
	PVIO_TXSLOT Slot;
	ULONG Len;

	InitializeListHead(&Done);
	InitializeListHead(&Failed);
	NdisDprAcquireSpinLock(&A->TxLock);
	while ((Slot = VioQueueGetUsed(&A->TxQueue, &Len)) != NULL) {
		InsertTailList(&Done, VIO_PACKET_LINK(Slot->Packet));
		Slot->Packet = NULL;
		Slot->NextFree = A->TxFree;
		A->TxFree = Slot;
		A->TxInFlight--;
		A->TxDone++;
		A->TxOk++;
	}
	VioTxDrain(A, &Failed);
	NdisDprReleaseSpinLock(&A->TxLock);
	VioTxComplete(A, &Done, NDIS_STATUS_SUCCESS);
	VioTxComplete(A, &Failed, NDIS_STATUS_FAILURE);
}

/*
 * The device is reset (it holds no chain any more): every packet on the
 * ring or in our queue completes with Status, the ring starts empty.
 */
VOID VioTxAbortAll(PVIO_ADAPTER A, NDIS_STATUS Status)
{
	LIST_ENTRY Aborted;
	ULONG i;

	InitializeListHead(&Aborted);
	NdisAcquireSpinLock(&A->TxLock);
	A->TxFree = NULL;
	for (i = A->TxSlotCount; i-- > 0;) {
		PVIO_TXSLOT Slot = &A->TxSlots[i];

		if (Slot->Packet) {
			InsertTailList(&Aborted, VIO_PACKET_LINK(Slot->Packet));
			Slot->Packet = NULL;
			A->TxErrors++;
		}
		Slot->NextFree = A->TxFree;
		A->TxFree = Slot;
	}
	while (!IsListEmpty(&A->SendQueue))
		InsertTailList(&Aborted, RemoveHeadList(&A->SendQueue));
	A->SendQueued = 0;
	A->TxInFlight = 0;
	A->TxStalledChecks = 0;
	VioQueueRestart(&A->TxQueue);
	NdisReleaseSpinLock(&A->TxLock);
	VioTxComplete(A, &Aborted, Status);
}

/* MiniportCancelSendPackets: queued packets with that ID come back. */
VOID VioCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	LIST_ENTRY Cancelled;
	PLIST_ENTRY L, Next;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(&A->TxLock);
	for (L = A->SendQueue.Flink; L != &A->SendQueue; L = Next) {
		Next = L->Flink;
		if (NDIS_GET_PACKET_CANCEL_ID(VIO_LINK_PACKET(L)) == CancelId) {
			RemoveEntryList(L);
			A->SendQueued--;
			InsertTailList(&Cancelled, L);
		}
	}
	NdisReleaseSpinLock(&A->TxLock);
	VioTxComplete(A, &Cancelled, NDIS_STATUS_REQUEST_ABORTED);
}
