// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet receive path. Every receive buffer is a shared-memory chunk
 * holding the 10-byte virtio_net_hdr and the frame after it, posted to
 * the receive queue as a two-descriptor chain (the legacy layout keeps
 * the header in its own descriptor), with a packet from our packet pool
 * and an NDIS buffer from our buffer pool over the frame. A used buffer
 * is indicated with NdisMIndicateReceivePacket and goes back into the
 * queue only in MiniportReturnPacket - or right after the indication
 * when it went up with NDIS_STATUS_RESOURCES because few buffers were
 * left in the queue.
 */
#include "vionet.h"

#define VIO_RX_BATCH	32

NDIS_STATUS VioRxAllocate(PVIO_ADAPTER A)
{
	NDIS_STATUS Status;
	ULONG i;

	/* Two descriptors per buffer. */
	if (A->RxCount > A->RxQueue.Size / 2u)
		A->RxCount = A->RxQueue.Size / 2u;
	A->RxLowWater = A->RxCount / 8 > 2 ? A->RxCount / 8 : 2;
	Status = NdisAllocateMemoryWithTag((PVOID *)&A->RxBufs,
					   A->RxCount * sizeof(VIO_RXBUF),
					   VIO_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisZeroMemory(A->RxBufs, A->RxCount * sizeof(VIO_RXBUF));
	Status = VioChunksAlloc(A, A->RxCount, &A->RxBlocks,
				&A->RxBlockCount);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocatePacketPoolEx(&Status, &A->PacketPool, A->RxCount, 0,
				 PROTOCOL_RESERVED_SIZE_IN_PACKET);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisAllocateBufferPool(&Status, &A->BufferPool, A->RxCount);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	for (i = 0; i < A->RxCount; i++) {
		PVIO_RXBUF Rb = &A->RxBufs[i];

		VioChunkAt(A->RxBlocks, i, &Rb->Va, &Rb->Pa);
		NdisAllocatePacket(&Status, &Rb->Packet, A->PacketPool);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisAllocateBuffer(&Status, &Rb->Buffer, A->BufferPool,
				   Rb->Va + VIO_RX_DATA_OFFSET,
				   VIO_RX_DATA_LEN);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisChainBufferAtFront(Rb->Packet, Rb->Buffer);
		NDIS_SET_PACKET_HEADER_SIZE(Rb->Packet, VIO_ETH_HDR);
		VIO_PACKET_RXBUF(Rb->Packet) = Rb;
	}
	return NDIS_STATUS_SUCCESS;
}

VOID VioRxFree(PVIO_ADAPTER A)
{
	ULONG i;

	if (A->RxBufs) {
		for (i = 0; i < A->RxCount; i++) {
			if (A->RxBufs[i].Buffer)
				NdisFreeBuffer(A->RxBufs[i].Buffer);
			if (A->RxBufs[i].Packet)
				NdisFreePacket(A->RxBufs[i].Packet);
		}
		NdisFreeMemory(A->RxBufs, A->RxCount * sizeof(VIO_RXBUF), 0);
		A->RxBufs = NULL;
	}
	if (A->BufferPool)
		NdisFreeBufferPool(A->BufferPool);
	if (A->PacketPool)
		NdisFreePacketPool(A->PacketPool);
	A->BufferPool = A->PacketPool = NULL;
	VioChunksFree(A, A->RxBlocks, A->RxBlockCount);
	A->RxBlocks = NULL;
}

/* RxLock held. The buffer back into the receive queue. */
static VOID VioRxPost(PVIO_ADAPTER A, PVIO_RXBUF Rb)
{
	VIO_SG Sg[2];

	Sg[0].Addr = Rb->Pa;
	Sg[0].Len = VIRTIO_NET_HDR_LEN;
	Sg[1].Addr = Rb->Pa + VIO_RX_DATA_OFFSET;
	Sg[1].Len = VIO_RX_DATA_LEN;
	NdisAdjustBufferLength(Rb->Buffer, VIO_RX_DATA_LEN);
	if (VioQueueAdd(&A->RxQueue, Sg, 0, 2, Rb))
		A->RxPosted++;
}

/*
 * Every buffer NDIS does not hold into the (restarted) queue: at
 * initialize and after a reset, before DRIVER_OK (so no kick here).
 * RxLock held or the device not started.
 */
VOID VioRxRefill(PVIO_ADAPTER A)
{
	ULONG i;

	A->RxPosted = 0;
	for (i = 0; i < A->RxCount; i++)
		if (!A->RxBufs[i].WithNdis)
			VioRxPost(A, &A->RxBufs[i]);
}

/*
 * The DPC's receive work: used buffers indicated in batches. A buffer
 * taken while fewer than RxLowWater remain in the queue goes up with
 * NDIS_STATUS_RESOURCES, so NDIS copies it and we keep it.
 */
VOID VioRxService(PVIO_ADAPTER A)
{
	PNDIS_PACKET Batch[VIO_RX_BATCH];
	BOOLEAN Keep[VIO_RX_BATCH];
	PVIO_RXBUF Rb;
	ULONG n, i, Len, Reposted;

	for (;;) {
		n = 0;
		Reposted = 0;
		NdisDprAcquireSpinLock(&A->RxLock);
		while (n < VIO_RX_BATCH &&
		       (Rb = VioQueueGetUsed(&A->RxQueue, &Len)) != NULL) {
			ULONG FrameLen;

			A->RxPosted--;
			if (Len < VIRTIO_NET_HDR_LEN + VIO_ETH_HDR ||
			    Len > VIRTIO_NET_HDR_LEN + VIO_RX_DATA_LEN) {
				A->RxErrors++;
				VioRxPost(A, Rb);
				Reposted++;
				continue;
			}
			FrameLen = Len - VIRTIO_NET_HDR_LEN;
			if (!VioFrameWanted(A, Rb->Va + VIO_RX_DATA_OFFSET,
					    FrameLen)) {
				VioRxPost(A, Rb);
				Reposted++;
				continue;
			}
			NdisAdjustBufferLength(Rb->Buffer, FrameLen);
			NdisRecalculatePacketCounts(Rb->Packet);
			A->RxOk++;
			A->RxBytes += FrameLen;
			if (A->RxPosted < A->RxLowWater) {
				NDIS_SET_PACKET_STATUS(Rb->Packet,
						       NDIS_STATUS_RESOURCES);
				A->RxResources++;
				Keep[n] = TRUE;
			} else {
				NDIS_SET_PACKET_STATUS(Rb->Packet,
						       NDIS_STATUS_SUCCESS);
				A->RxWithNdis++;
				Keep[n] = FALSE;
			}
			/* Out of the queue until we post it: a reset's refill skips it. */
			Rb->WithNdis = TRUE;
			Batch[n++] = Rb->Packet;
		}
		if (Reposted)
			VioQueueKick(A, &A->RxQueue);
		NdisDprReleaseSpinLock(&A->RxLock);
		if (n == 0)
			break;

		NdisMIndicateReceivePacket(A->Handle, Batch, n);

		/*
		 * Only the packets we marked RESOURCES are ours again now; the
		 * others (whose status we must not read any more) come back
		 * through MiniportReturnPacket.
		 */
		Reposted = 0;
		NdisDprAcquireSpinLock(&A->RxLock);
		for (i = 0; i < n; i++) {
			if (Keep[i]) {
				Rb = VIO_PACKET_RXBUF(Batch[i]);
				Rb->WithNdis = FALSE;
				VioRxPost(A, Rb);
				Reposted++;
			}
		}
		if (Reposted)
			VioQueueKick(A, &A->RxQueue);
		NdisDprReleaseSpinLock(&A->RxLock);
	}
}

/* MiniportReturnPacket: the only place a SUCCESS-indicated buffer is reused. */
VOID VioReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	PVIO_RXBUF Rb = VIO_PACKET_RXBUF(Packet);
	BOOLEAN AllBack;

	NdisAcquireSpinLock(&A->RxLock);
	Rb->WithNdis = FALSE;
	A->RxWithNdis--;
	if (!A->Halting) {
		VioRxPost(A, Rb);
		VioQueueKick(A, &A->RxQueue);
	}
	AllBack = A->Halting && A->RxWithNdis == 0;
	NdisReleaseSpinLock(&A->RxLock);
	if (AllBack)
		NdisSetEvent(&A->RxAllReturned);
}

/*
 * MiniportHalt must not return while NDIS holds indicated packets: they
 * point into our shared memory. The device is stopped already.
 */
VOID VioRxWaitReturned(PVIO_ADAPTER A)
{
	BOOLEAN AllBack;

	NdisAcquireSpinLock(&A->RxLock);
	A->Halting = TRUE;
	AllBack = A->RxWithNdis == 0;
	NdisReleaseSpinLock(&A->RxLock);
	if (!AllBack)
		NdisWaitEvent(&A->RxAllReturned, 0);
}
