// SPDX-License-Identifier: GPL-2.0-only
/*
 * vserial send side. NDIS serializes MiniportSend with our other handlers;
 * when every transmit slot is busy we answer NDIS_STATUS_RESOURCES and, as
 * many real serialized drivers do, never call NdisMSendResourcesAvailable:
 * NDIS must resubmit the packet after our next send completion.
 */
#include "vserial.h"

NDIS_STATUS VserialSend(NDIS_HANDLE Context, PNDIS_PACKET Packet, UINT Flags)
{
	PVSERIAL_ADAPTER A = Context;
	ULONG Slot, Len;
	UINT Total;

	NdisQueryPacket(Packet, NULL, NULL, NULL, &Total);
	if (Total < NDD_ETH_HLEN || Total > NDD_ETH_MAX_FRAME) {
		A->Eth.Stats.XmitError++;
		return NDIS_STATUS_INVALID_PACKET;
	}
	if (A->Eth.MediaState != NdisMediaStateConnected)
		return NDIS_STATUS_NO_CABLE;

	NdisAcquireSpinLock(&A->Lock);
	if (A->TxCount == A->TxSlots) {
		NdisReleaseSpinLock(&A->Lock);
		return NDIS_STATUS_RESOURCES;
	}
	Slot = (A->TxHead + A->TxCount) % A->TxSlots;
	Len = NddCopyFrame(Packet, A->TxFrame[Slot].Data);
	if (!Len) {
		A->Eth.Stats.XmitError++;
		NdisReleaseSpinLock(&A->Lock);
		return NDIS_STATUS_FAILURE;
	}
	A->TxFrame[Slot].Length = Len;
	A->TxPacket[Slot] = Packet;
	A->TxCount++;
	if (!A->TimerArmed) {
		A->TimerArmed = TRUE;
		NdisMSetTimer(&A->WireTimer, A->WireDelayMs);
	}
	NdisReleaseSpinLock(&A->Lock);
	return NDIS_STATUS_PENDING;
}

/* The card's receive memory takes the looped frame, if it has room. */
static VOID VserialLoopFrame(PVSERIAL_ADAPTER A, PVSERIAL_FRAME Tx)
{
	PVSERIAL_FRAME Rx;

	if (A->RxCount == VSERIAL_RX_SLOTS) {
		A->Eth.Stats.RcvNoBuffer++;
		return;
	}
	Rx = &A->RxFrame[(A->RxHead + A->RxCount) % VSERIAL_RX_SLOTS];
	Rx->Length = Tx->Length;
	NdisMoveMemory(Rx->Data, Tx->Data, Tx->Length);
	A->RxCount++;
}

/* NDIS timer callback (DISPATCH_LEVEL): the frames cross the wire. */
VOID VserialWireTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVSERIAL_ADAPTER A = Context;
	PNDIS_PACKET Done[VSERIAL_MAX_TX];
	ULONG i, n = 0;

	NdisDprAcquireSpinLock(&A->Lock);
	A->TimerArmed = FALSE;
	A->TimerRunning = TRUE;
	while (A->TxCount) {
		PVSERIAL_FRAME Tx = &A->TxFrame[A->TxHead];

		NddEthCountTx(&A->Eth, Tx->Data, Tx->Length);
		VserialLoopFrame(A, Tx);
		Done[n++] = A->TxPacket[A->TxHead];
		A->TxPacket[A->TxHead] = NULL;
		A->TxHead = (A->TxHead + 1) % A->TxSlots;
		A->TxCount--;
	}
	A->HangStalls = 0;
	NdisDprReleaseSpinLock(&A->Lock);

	for (i = 0; i < n; i++)
		NdisMSendComplete(A->Handle, Done[i], NDIS_STATUS_SUCCESS);
	VserialIndicateAll(A);

	NdisDprAcquireSpinLock(&A->Lock);
	A->TimerRunning = FALSE;
	NdisDprReleaseSpinLock(&A->Lock);
}

VOID VserialAbortSends(PVSERIAL_ADAPTER A, NDIS_STATUS Status)
{
	PNDIS_PACKET Done[VSERIAL_MAX_TX];
	ULONG i, n = 0;

	NdisAcquireSpinLock(&A->Lock);
	while (A->TxCount) {
		Done[n++] = A->TxPacket[A->TxHead];
		A->TxPacket[A->TxHead] = NULL;
		A->TxHead = (A->TxHead + 1) % A->TxSlots;
		A->TxCount--;
		A->Eth.Stats.XmitError++;
	}
	A->TxHead = 0;
	NdisReleaseSpinLock(&A->Lock);
	for (i = 0; i < n; i++)
		NdisMSendComplete(A->Handle, Done[i], Status);
}
