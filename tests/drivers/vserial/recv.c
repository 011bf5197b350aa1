// SPDX-License-Identifier: GPL-2.0-only
/*
 * vserial receive side: NdisMEthIndicateReceive with the header and only
 * the current lookahead; MiniportTransferData copies the rest of the frame
 * from the card while the indication is in progress.
 */
#include "vserial.h"

VOID VserialIndicateAll(PVSERIAL_ADAPTER A)
{
	BOOLEAN Indicated = FALSE;

	for (;;) {
		PVSERIAL_FRAME F;
		ULONG Data, Look;

		NdisAcquireSpinLock(&A->Lock);
		if (!A->RxCount) {
			NdisReleaseSpinLock(&A->Lock);
			break;
		}
		F = &A->RxFrame[A->RxHead];
		if (!NddEthAccepts(&A->Eth, F->Data, F->Length)) {
			A->RxHead = (A->RxHead + 1) % VSERIAL_RX_SLOTS;
			A->RxCount--;
			NdisReleaseSpinLock(&A->Lock);
			continue;
		}
		Data = F->Length - NDD_ETH_HLEN;
		Look = Data < A->Eth.Lookahead ? Data : A->Eth.Lookahead;
		NddEthCountRx(&A->Eth, F->Data, F->Length);
		A->Indicating = F;
		NdisReleaseSpinLock(&A->Lock);

		/* F stays put until the indication returns. */
		NdisMEthIndicateReceive(A->Handle, (NDIS_HANDLE)F, (PVOID)F->Data,
					NDD_ETH_HLEN, F->Data + NDD_ETH_HLEN,
					Look, Data);
		Indicated = TRUE;

		NdisAcquireSpinLock(&A->Lock);
		A->Indicating = NULL;
		A->RxHead = (A->RxHead + 1) % VSERIAL_RX_SLOTS;
		A->RxCount--;
		NdisReleaseSpinLock(&A->Lock);
	}
	if (Indicated)
		NdisMEthIndicateReceiveComplete(A->Handle);
}

NDIS_STATUS VserialTransferData(PNDIS_PACKET Packet, PUINT BytesTransferred,
				NDIS_HANDLE Context, NDIS_HANDLE ReceiveContext,
				UINT ByteOffset, UINT BytesToTransfer)
{
	PVSERIAL_ADAPTER A = Context;
	PVSERIAL_FRAME F = (PVSERIAL_FRAME)ReceiveContext;
	PNDIS_BUFFER Buffer;
	PUCHAR Src;
	ULONG Avail;
	UINT Done = 0;

	*BytesTransferred = 0;
	if (F != A->Indicating)
		return NDIS_STATUS_FAILURE;	/* not inside ProtocolReceive */
	/* ByteOffset counts from the end of the header. */
	Avail = F->Length - NDD_ETH_HLEN;
	if (ByteOffset >= Avail)
		return NDIS_STATUS_SUCCESS;
	if (BytesToTransfer > Avail - ByteOffset)
		BytesToTransfer = Avail - ByteOffset;
	Src = F->Data + NDD_ETH_HLEN + ByteOffset;

	NdisQueryPacket(Packet, NULL, NULL, &Buffer, NULL);
	while (Buffer && Done < BytesToTransfer) {
		PVOID Va;
		UINT Len;

		NdisQueryBufferSafe(Buffer, &Va, &Len, NormalPagePriority);
		if (!Va)
			return NDIS_STATUS_RESOURCES;
		if (Len > BytesToTransfer - Done)
			Len = BytesToTransfer - Done;
		NdisMoveMemory(Va, Src + Done, Len);
		Done += Len;
		NdisGetNextBuffer(Buffer, &Buffer);
	}
	*BytesTransferred = Done;
	A->TransfersDone++;
	return NDIS_STATUS_SUCCESS;
}
