// SPDX-License-Identifier: GPL-2.0-only
/*
 * Indicating filled NDD_RX_POOL buffers with NdisMIndicateReceivePacket,
 * and taking them back: at once (NDIS_STATUS_RESOURCES, or not pended by
 * the protocols) or later through MiniportReturnPacket.
 */
#include "ndd.h"

static VOID NddRxIndicateBatch(PNDD_RX_POOL Pool, PNDD_RX *Rx, ULONG Count)
{
	PNDIS_PACKET Packets[NDD_RX_MAX_BATCH];
	ULONG i, n = 0;
	BOOLEAN Low = FALSE;

	NdisDprAcquireSpinLock(Pool->Lock);
	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Rx[i]->Packet;

		if (!NddEthAccepts(Pool->Eth, Rx[i]->Data, Rx[i]->Length)) {
			NddRxPut(Pool, Rx[i]);
			continue;
		}
		NdisAdjustBufferLength(Rx[i]->Buffer, Rx[i]->Length);
		NdisRecalculatePacketCounts(P);
		NDIS_SET_PACKET_HEADER_SIZE(P, NDD_ETH_HLEN);
		/*
		 * Short of buffers: protocols must copy this packet and every
		 * later one in the array, and we keep ownership of them.
		 */
		if (Pool->FreeCount < Pool->LowWater)
			Low = TRUE;
		NDIS_SET_PACKET_STATUS(P, Low ? NDIS_STATUS_RESOURCES :
				       NDIS_STATUS_SUCCESS);
		NddEthCountRx(Pool->Eth, Rx[i]->Data, Rx[i]->Length);
		Pool->Outstanding++;
		Packets[n++] = P;
	}
	if (Pool->Outstanding)
		NdisResetEvent(&Pool->Idle);
	NdisDprReleaseSpinLock(Pool->Lock);
	if (!n)
		return;

	NdisMIndicateReceivePacket(Pool->Miniport, Packets, n);

	NdisDprAcquireSpinLock(Pool->Lock);
	for (i = 0; i < n; i++) {
		/* Anything but PENDING is ours again right now. */
		if (NDIS_GET_PACKET_STATUS(Packets[i]) == NDIS_STATUS_PENDING)
			continue;
		Pool->Outstanding--;
		NddRxPut(Pool, NDD_RX_OF(Packets[i]));
	}
	if (!Pool->Outstanding)
		NdisSetEvent(&Pool->Idle);
	NdisDprReleaseSpinLock(Pool->Lock);
}

VOID NddRxIndicate(PNDD_RX_POOL Pool, PNDD_RX *Rx, ULONG Count)
{
	while (Count) {
		ULONG n = Count < NDD_RX_MAX_BATCH ? Count : NDD_RX_MAX_BATCH;

		NddRxIndicateBatch(Pool, Rx, n);
		Rx += n;
		Count -= n;
	}
}

VOID NddRxReturnPacket(PNDD_RX_POOL Pool, PNDIS_PACKET Packet)
{
	NdisAcquireSpinLock(Pool->Lock);
	Pool->Outstanding--;
	NddRxPut(Pool, NDD_RX_OF(Packet));
	if (!Pool->Outstanding)
		NdisSetEvent(&Pool->Idle);
	NdisReleaseSpinLock(Pool->Lock);
}
