// SPDX-License-Identifier: GPL-2.0-only
/*
 * A bus master's receive ring filled from an NDD_RX_POOL in shared memory:
 * the DPC takes the frames the chip has written, indicates them with
 * NdisMIndicateReceivePacket and re-arms each ring entry at once with a
 * spare buffer. With no spare left, the frame and the rest of its batch
 * go up NDIS_STATUS_RESOURCES and their buffers return to their entries
 * as soon as the indication returns. The chip's descriptors are the
 * driver's (NDD_RX_RING_OPS).
 */
#include "ndd.h"

#define NDD_RX_LENT	(~0u)	/* the entry has a spare; NDIS may keep it */

/* Lock held: take up to NDD_RX_MAX_BATCH frames off the ring. */
static ULONG NddRxRingCollect(PNDD_RX_POOL Pool, const NDD_RX_RING_OPS *Ops,
			      PVOID Context, PNDIS_PACKET *Packets,
			      PULONG Entries)
{
	BOOLEAN Low = FALSE;
	ULONG n = 0, Entry, Length;
	PNDD_RX Rx, Spare;

	while (n < NDD_RX_MAX_BATCH &&
	       (Rx = Ops->Next(Context, &Entry, &Length)) != NULL) {
		NdisMUpdateSharedMemory(Pool->Miniport, Length, Rx->Data,
					Rx->Pa);
		/* The hash filter lets through more than NDIS asked for. */
		if (!NddEthAccepts(Pool->Eth, Rx->Data, Length)) {
			Ops->Give(Context, Entry, Rx);
			continue;
		}
		NdisAdjustBufferLength(Rx->Buffer, Length);
		NdisRecalculatePacketCounts(Rx->Packet);
		NDIS_SET_PACKET_HEADER_SIZE(Rx->Packet, NDD_ETH_HLEN);
		Spare = Low ? NULL : NddRxTake(Pool);
		if (Spare) {
			Ops->Give(Context, Entry, Spare);
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

VOID NddRxRingProcess(PNDD_RX_POOL Pool, const NDD_RX_RING_OPS *Ops,
		      PVOID Context)
{
	PNDIS_PACKET Packets[NDD_RX_MAX_BATCH];
	ULONG Entries[NDD_RX_MAX_BATCH];
	ULONG i, n;

	do {
		NdisDprAcquireSpinLock(Pool->Lock);
		n = NddRxRingCollect(Pool, Ops, Context, Packets, Entries);
		if (n) {
			NdisDprReleaseSpinLock(Pool->Lock);
			NdisMIndicateReceivePacket(Pool->Miniport, Packets, n);
			NdisDprAcquireSpinLock(Pool->Lock);
		}
		for (i = 0; i < n; i++) {
			PNDD_RX Rx = NDD_RX_OF(Packets[i]);

			if (Entries[i] != NDD_RX_LENT) {
				Ops->Give(Context, Entries[i], Rx);
			} else if (NDIS_GET_PACKET_STATUS(Packets[i]) !=
				   NDIS_STATUS_PENDING) {
				NddRxPut(Pool, Rx);
				Pool->Outstanding--;
			}
		}
		if (n && !Pool->Outstanding)
			NdisSetEvent(&Pool->Idle);
		if (Ops->Refilled)
			Ops->Refilled(Context);
		NdisDprReleaseSpinLock(Pool->Lock);
	} while (n == NDD_RX_MAX_BATCH);
}
