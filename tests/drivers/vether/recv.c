// SPDX-License-Identifier: GPL-2.0-only
/*
 * vether receive side: the looped frames land in a pool of packet + buffer
 * pairs (common/ndd_rxpool.c) and go up with NdisMIndicateReceivePacket,
 * with NDIS_STATUS_RESOURCES once fewer than a quarter of the buffers are
 * free. A buffer coming back restarts the loop for sends waiting for room.
 */
#include "vether.h"

/* A->Lock held. */
static VOID VetherRxRecycled(PNDD_RX_POOL Pool)
{
	PVETHER_ADAPTER A = CONTAINING_RECORD(Pool, VETHER_ADAPTER, RxPool);

	if (A->SendQueued && !A->TimerArmed && !A->Resetting && !A->Halting)
		VetherArmTimerLocked(A, 0);
}

NDIS_STATUS VetherRxInit(PVETHER_ADAPTER A, ULONG Count)
{
	A->RxPool.LowWater = Count / 4;
	A->RxPool.Recycled = VetherRxRecycled;
	return NddRxPoolInit(&A->RxPool, A->Handle, &A->Eth, &A->Lock, Count,
			     VETHER_TAG);
}

VOID VetherReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PVETHER_ADAPTER A = Context;

	NddRxReturnPacket(&A->RxPool, Packet);
}
