// SPDX-License-Identifier: GPL-2.0-only
/*
 * A bus master's receive ring (NDD_RX_RING) filled from an NDD_RX_POOL in
 * shared memory with twice as many buffers as entries: the DPC takes the
 * frames the chip has written, indicates them with
 * NdisMIndicateReceivePacket and re-arms each entry at once with a spare
 * buffer. With no spare left, the frame and the rest of its batch go up
 * NDIS_STATUS_RESOURCES and their buffers return to their entries as soon
 * as the indication returns. The descriptors are the driver's
 * (NDD_RX_RING_OPS).
 */
#include "ndd.h"

/* In place of a ring entry: a spare took it, NDIS may keep the packet. */
#define NDD_RX_LENT	(~0u)

NDIS_STATUS NddRxRingInit(PNDD_RX_RING Ring, NDIS_HANDLE Miniport,
			  PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
			  const NDD_RX_RING_OPS *Ops, PVOID Context,
			  ULONG Entries, ULONG BufferSize, ULONG BlockBuffers,
			  ULONG Tag)
{
	NDIS_STATUS Status;

	Ring->Ops = Ops;
	Ring->Context = Context;
	Status = NddAllocateZeroed((PVOID *)&Ring->Slot,
				   Entries * sizeof(PNDD_RX), Tag);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	Ring->Entries = Entries;
	return NddRxPoolInitShared(&Ring->Pool, Miniport, Eth, Lock,
				   2 * Entries, BufferSize, BlockBuffers, Tag);
}

VOID NddRxRingFree(PNDD_RX_RING Ring)
{
	if (Ring->Slot)
		NdisFreeMemory(Ring->Slot, Ring->Entries * sizeof(PNDD_RX), 0);
	Ring->Slot = NULL;
	NddRxPoolFreeShared(&Ring->Pool);
}

static VOID NddRxRingGive(PNDD_RX_RING Ring, ULONG Entry, PNDD_RX Rx)
{
	Ring->Slot[Entry] = Rx;
	Ring->Ops->Give(Ring->Context, Entry, Rx);
}

VOID NddRxRingFill(PNDD_RX_RING Ring)
{
	ULONG i;

	for (i = 0; i < Ring->Entries; i++) {
		PNDD_RX Rx = Ring->Slot[i];

		if (!Rx)
			Rx = NddRxTake(&Ring->Pool);
		NddRxRingGive(Ring, i, Rx);
	}
	Ring->Cur = 0;
}

/* Lock held: take up to NDD_RX_MAX_BATCH frames off the ring. */
static ULONG NddRxRingCollect(PNDD_RX_RING Ring, PNDIS_PACKET *Packets,
			      PULONG Entries)
{
	PNDD_RX_POOL Pool = &Ring->Pool;
	BOOLEAN Low = FALSE;
	ULONG n = 0, Entry, Length;
	PNDD_RX Rx, Spare;

	while (n < NDD_RX_MAX_BATCH &&
	       (Rx = Ring->Ops->Next(Ring->Context, &Entry, &Length)) != NULL) {
		NdisMUpdateSharedMemory(Pool->Miniport, Length, Rx->Data,
					Rx->Pa);
		/* The hash filter lets through more than NDIS asked for. */
		if (!NddEthAccepts(Pool->Eth, Rx->Data, Length)) {
			NddRxRingGive(Ring, Entry, Rx);
			continue;
		}
		NdisAdjustBufferLength(Rx->Buffer, Length);
		NdisRecalculatePacketCounts(Rx->Packet);
		NDIS_SET_PACKET_HEADER_SIZE(Rx->Packet, NDD_ETH_HLEN);
		Spare = Low ? NULL : NddRxTake(Pool);
		if (Spare) {
			NddRxRingGive(Ring, Entry, Spare);
			NDIS_SET_PACKET_STATUS(Rx->Packet, NDIS_STATUS_SUCCESS);
			Pool->Outstanding++;
			Entries[n] = NDD_RX_LENT;
		} else {
			/* This one and every later one in the array: copy. */
			Low = TRUE;
			NDIS_SET_PACKET_STATUS(Rx->Packet,
					       NDIS_STATUS_RESOURCES);
			Entries[n] = Entry;
		}
		NddEthCountRx(Pool->Eth, Rx->Data, Length);
		Packets[n++] = Rx->Packet;
	}
	if (Pool->Outstanding)
		NdisResetEvent(&Pool->Idle);
	return n;
}

VOID NddRxRingProcess(PNDD_RX_RING Ring)
{
	PNDD_RX_POOL Pool = &Ring->Pool;
	PNDIS_PACKET Packets[NDD_RX_MAX_BATCH];
	ULONG Entries[NDD_RX_MAX_BATCH];
	ULONG i, n;

	do {
		NdisDprAcquireSpinLock(Pool->Lock);
		n = NddRxRingCollect(Ring, Packets, Entries);
		if (n) {
			NdisDprReleaseSpinLock(Pool->Lock);
			NdisMIndicateReceivePacket(Pool->Miniport, Packets, n);
			NdisDprAcquireSpinLock(Pool->Lock);
		}
		for (i = 0; i < n; i++) {
			PNDD_RX Rx = NDD_RX_OF(Packets[i]);

			if (Entries[i] != NDD_RX_LENT) {
				NddRxRingGive(Ring, Entries[i], Rx);
			} else if (NDIS_GET_PACKET_STATUS(Packets[i]) !=
				   NDIS_STATUS_PENDING) {
				NddRxPut(Pool, Rx);
				Pool->Outstanding--;
			}
		}
		if (n && !Pool->Outstanding)
			NdisSetEvent(&Pool->Idle);
		if (Ring->Ops->Refilled)
			Ring->Ops->Refilled(Ring->Context);
		NdisDprReleaseSpinLock(Pool->Lock);
	} while (n == NDD_RX_MAX_BATCH);
}
