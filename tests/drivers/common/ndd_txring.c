// SPDX-License-Identifier: GPL-2.0-only
/*
 * A deserialized bus master's transmit path around its descriptor ring
 * (NDD_TX): MiniportSendPackets queues, and the queue drains onto the ring
 * as far as the chip's Put finds room; completions from the DPC, each
 * packet with its slot's counters; cancelling, aborting everything at
 * halt or reset, the check-for-hang verdict and the transmit queue length.
 * The descriptors are the driver's (NDD_TX_OPS).
 */
#include "ndd.h"

NDIS_STATUS NddTxInit(PNDD_TX Tx, NDIS_HANDLE Miniport, PNDD_ETH Eth,
		      PNDIS_SPIN_LOCK Lock, const NDD_TX_OPS *Ops,
		      PVOID Context, ULONG Slots, ULONG Capacity, ULONG Tag)
{
	Tx->Capacity = Capacity;
	Tx->MaxTotal = NDD_ETH_MAX_FRAME;
	Tx->Miniport = Miniport;
	Tx->Eth = Eth;
	Tx->Lock = Lock;
	Tx->Ops = Ops;
	Tx->Context = Context;
	InitializeListHead(&Tx->Queue);
	if (NddAllocateZeroed((PVOID *)&Tx->Slot, Slots * sizeof(NDD_TX_SLOT),
			      Tag) != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	Tx->Slots = Slots;
	return NDIS_STATUS_SUCCESS;
}

VOID NddTxFree(PNDD_TX Tx)
{
	if (Tx->Slot)
		NdisFreeMemory(Tx->Slot, Tx->Slots * sizeof(NDD_TX_SLOT), 0);
	Tx->Slot = NULL;
}

VOID NddTxClearSlots(PNDD_TX Tx)
{
	ULONG i;

	for (i = 0; i < Tx->Slots; i++) {
		Tx->Slot[i].Packet = NULL;
		Tx->Slot[i].Count = 0;
		Tx->Slot[i].Bounce = -1;
		Tx->Slot[i].Extra = 0;
	}
	Tx->Available = Tx->Capacity;
	Tx->Bounce.Free = (1u << Tx->Bounce.Count) - 1;
}

static BOOLEAN NddIsDirected(PNDIS_PACKET Packet)
{
	PNDIS_BUFFER Buf;
	PVOID Va;
	UINT Len, Total;

	NdisGetFirstBufferFromPacketSafe(Packet, &Buf, &Va, &Len, &Total,
					 NormalPagePriority);
	return Va && Len && !(((PUCHAR)Va)[0] & 1);
}

VOID NddTxSlotFill(PNDD_TX Tx, PNDD_TX_SLOT S, PNDIS_PACKET Packet,
		   ULONG Count, LONG Bounce, ULONG Length)
{
	Tx->Available -= Count;
	S->Packet = Packet;
	S->Count = Count;
	S->Bounce = Bounce;
	S->Length = Length;
	S->Directed = NddIsDirected(Packet);
}

VOID NddTxSlotDone(PNDD_TX Tx, PNDD_TX_SLOT S, ULONG Descriptors,
		   BOOLEAN Ok, PLIST_ENTRY Done)
{
	NDD_ETH_STATS *Stats = &Tx->Eth->Stats;

	if (S->Bounce >= 0)
		Tx->Bounce.Free |= 1u << S->Bounce;
	if (S->Packet) {
		if (!Ok) {
			Stats->XmitError++;
		} else {
			Stats->XmitOk++;
			if (S->Directed) {
				Stats->DirectedFramesXmit++;
				Stats->DirectedBytesXmit += S->Length;
			}
		}
		NDIS_SET_PACKET_STATUS(S->Packet, Ok ? NDIS_STATUS_SUCCESS :
				       NDIS_STATUS_FAILURE);
		InsertTailList(Done, NDD_PACKET_LINK(S->Packet));
	}
	S->Packet = NULL;
	S->Count = 0;
	S->Bounce = -1;
	S->Extra = 0;
	Tx->Available += Descriptors;
	Tx->Progress++;
}

/* Lock held: move queued packets onto the ring; failures go to Failed. */
static VOID NddTxStart(PNDD_TX Tx, PLIST_ENTRY Failed)
{
	BOOLEAN Kick = FALSE;

	while (!IsListEmpty(&Tx->Queue)) {
		PLIST_ENTRY E = Tx->Queue.Flink;
		PNDIS_PACKET P = NDD_LINK_PACKET(E);
		PSCATTER_GATHER_LIST Sg = NDIS_PER_PACKET_INFO_FROM_PACKET(
			P, ScatterGatherListPacketInfo);
		NDIS_STATUS Fail = NDIS_STATUS_INVALID_PACKET;
		UINT Total;

		NdisQueryPacket(P, NULL, NULL, NULL, &Total);
		if (Sg && Sg->NumberOfElements && Total >= NDD_ETH_HLEN &&
		    Total <= Tx->MaxTotal) {
			if (!Tx->Ops->Put(Tx->Context, P, Sg, Total, &Fail))
				break;
		}
		RemoveEntryList(E);
		if (Fail == NDIS_STATUS_SUCCESS) {
			Kick = TRUE;
		} else {
			Tx->Eth->Stats.XmitError++;
			NDIS_SET_PACKET_STATUS(P, Fail);
			InsertTailList(Failed, E);
		}
	}
	if (Kick)
		Tx->Ops->Kick(Tx->Context);
}

VOID NddTxSend(PNDD_TX Tx, PPNDIS_PACKET Packets, UINT Count,
	       BOOLEAN Stopped)
{
	LIST_ENTRY Failed;
	UINT i;

	InitializeListHead(&Failed);
	NdisAcquireSpinLock(Tx->Lock);
	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Packets[i];
		NDIS_STATUS Fail = NDIS_STATUS_SUCCESS;

		if (Stopped)
			Fail = NDIS_STATUS_FAILURE;
		else if (Tx->Eth->MediaState != NdisMediaStateConnected)
			Fail = NDIS_STATUS_NO_CABLE;
		if (Fail != NDIS_STATUS_SUCCESS) {
			Tx->Eth->Stats.XmitError++;
			NDIS_SET_PACKET_STATUS(P, Fail);
			InsertTailList(&Failed, NDD_PACKET_LINK(P));
			continue;
		}
		NDIS_SET_PACKET_STATUS(P, NDIS_STATUS_PENDING);
		InsertTailList(&Tx->Queue, NDD_PACKET_LINK(P));
	}
	NddTxStart(Tx, &Failed);
	NdisReleaseSpinLock(Tx->Lock);
	NddCompleteSends(Tx->Miniport, &Failed);
}

VOID NddTxCancel(PNDD_TX Tx, PVOID CancelId)
{
	LIST_ENTRY Cancelled;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(Tx->Lock);
	NddCancelSends(&Tx->Queue, CancelId, &Cancelled);
	NdisReleaseSpinLock(Tx->Lock);
	NddCompleteSends(Tx->Miniport, &Cancelled);
}

VOID NddTxComplete(PNDD_TX Tx)
{
	LIST_ENTRY Done;

	InitializeListHead(&Done);
	NdisDprAcquireSpinLock(Tx->Lock);
	Tx->Ops->Reclaim(Tx->Context, &Done);
	NddTxStart(Tx, &Done);
	NdisDprReleaseSpinLock(Tx->Lock);
	NddCompleteSends(Tx->Miniport, &Done);
}

VOID NddTxAbort(PNDD_TX Tx, NDIS_STATUS Status)
{
	LIST_ENTRY Done;
	ULONG i;

	InitializeListHead(&Done);
	NdisAcquireSpinLock(Tx->Lock);
	for (i = 0; i < Tx->Slots; i++) {
		PNDIS_PACKET P = Tx->Slot[i].Packet;

		if (P) {
			NDIS_SET_PACKET_STATUS(P, Status);
			InsertTailList(&Done, NDD_PACKET_LINK(P));
			Tx->Eth->Stats.XmitError++;
		}
	}
	Tx->Eth->Stats.XmitError += NddFailSends(&Tx->Queue, Status, &Done);
	Tx->Ops->Clear(Tx->Context);
	Tx->Stalls = 0;
	NdisReleaseSpinLock(Tx->Lock);
	NddCompleteSends(Tx->Miniport, &Done);
}

BOOLEAN NddTxHung(PNDD_TX Tx, BOOLEAN NeedsLink)
{
	BOOLEAN Busy, Hung;

	NdisDprAcquireSpinLock(Tx->Lock);
	Busy = Tx->Available < Tx->Capacity &&
	       (!NeedsLink ||
		Tx->Eth->MediaState == NdisMediaStateConnected);
	if (Busy && Tx->Progress == Tx->ProgressMark)
		Tx->Stalls++;
	else
		Tx->Stalls = 0;
	Tx->ProgressMark = Tx->Progress;
	Hung = Tx->Stalls >= 2;
	NdisDprReleaseSpinLock(Tx->Lock);
	return Hung;
}

NDIS_STATUS NddTxQueryQueueLength(PNDD_TX Tx, PVOID Buffer, ULONG Length,
				  PULONG BytesWritten, PULONG BytesNeeded)
{
	ULONG Queued;

	NdisAcquireSpinLock(Tx->Lock);
	Queued = Tx->Capacity - Tx->Available;
	NdisReleaseSpinLock(Tx->Lock);
	return NddCopyInfo(Buffer, Length, &Queued, sizeof(Queued),
			   BytesWritten, BytesNeeded);
}
