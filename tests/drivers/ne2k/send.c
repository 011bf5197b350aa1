// SPDX-License-Identifier: GPL-2.0-only
/*
 * Transmit: the card has one transmit buffer. MiniportSend (serialized,
 * one packet per call) copies the packet into it by remote DMA, starts the
 * transmission and returns NDIS_STATUS_PENDING; while a frame is still in
 * the buffer it answers NDIS_STATUS_RESOURCES and NDIS resubmits after the
 * NdisMSendComplete that the transmit interrupt brings.
 */
#include "ne2k.h"

NDIS_STATUS Ne2kSend(NDIS_HANDLE Context, PNDIS_PACKET Packet, UINT Flags)
{
	PNE2K_ADAPTER A = Context;
	PNDIS_BUFFER Buffer;
	UINT Total, Len = 0;

	if (A->TxPacket)
		return NDIS_STATUS_RESOURCES;
	NdisQueryPacket(Packet, NULL, NULL, &Buffer, &Total);
	if (Total < NE2K_HEADER || Total > NE2K_MAX_FRAME) {
		A->TxErr++;
		return NDIS_STATUS_FAILURE;
	}
	while (Buffer) {
		PVOID Va;
		UINT N;

		NdisQueryBuffer(Buffer, &Va, &N);
		if (N > Total - Len)
			N = Total - Len;
		if (N && !Va) {
			A->TxErr++;
			return NDIS_STATUS_RESOURCES;
		}
		NdisMoveMemory(A->TxFrame + Len, Va, N);
		Len += N;
		NdisGetNextBuffer(Buffer, &Buffer);
	}
	if (Len < NE2K_MIN_FRAME) {	/* the chip does not pad */
		NdisZeroMemory(A->TxFrame + Len, NE2K_MIN_FRAME - Len);
		Len = NE2K_MIN_FRAME;
	}
	A->TxFrame[Len] = 0;		/* the odd byte of the last word */

	Ne2kRemoteWrite(A, (USHORT)(A->TxPage * NE2K_PAGE), A->TxFrame, Len);
	A->TxPacket = Packet;
	A->TxStalls = 0;
	Ne2kOut(A, NE_P0_TPSR, A->TxPage);
	Ne2kOut(A, NE_P0_TBCR0, (UCHAR)Len);
	Ne2kOut(A, NE_P0_TBCR1, (UCHAR)(Len >> 8));
	Ne2kOut(A, NE_CR, CR_STA | CR_RD_ABORT | CR_TXP);
	return NDIS_STATUS_PENDING;
}

/* The transmit buffer is free again: complete the packet that was in it. */
VOID Ne2kSendDone(PNE2K_ADAPTER A, NDIS_STATUS Status)
{
	PNDIS_PACKET P = A->TxPacket;

	if (!P)
		return;
	A->TxPacket = NULL;
	if (Status == NDIS_STATUS_SUCCESS)
		A->TxOk++;
	else
		A->TxErr++;
	NdisMSendComplete(A->Handle, P, Status);
}
