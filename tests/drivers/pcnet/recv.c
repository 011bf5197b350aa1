// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive: a ring of buffers in shared memory, owned by the chip until it
 * clears OWN. Each whole frame (the chip's frame check sequence cut off) is
 * indicated with NdisMEthIndicateReceive with the whole frame as lookahead,
 * so MiniportTransferData is only called for what a protocol wants again;
 * the buffer goes back to the chip afterwards.
 */
#include "pcnet.h"

static VOID PcnRxGive(PPCN_ADAPTER A, UINT i)
{
	volatile PCN_DESC *D = &A->Sh->Rx[i];

	D->Addr = A->ShBus + FIELD_OFFSET(PCN_SHARED, RxBuf) + i * PCN_BUF;
	D->Misc = 0;
	D->User = 0;
	D->Status = DS_OWN | DS_ONES | ((0x10000 - PCN_BUF) & 0x0fff);
}

VOID PcnRxFill(PPCN_ADAPTER A)
{
	UINT i;

	for (i = 0; i < PCN_RING; i++)
		PcnRxGive(A, i);
}

static BOOLEAN PcnWanted(PPCN_ADAPTER A, const UCHAR *Dest)
{
	ULONG F = A->PacketFilter, i;

	if (F & NDIS_PACKET_TYPE_PROMISCUOUS)
		return TRUE;
	if (!(Dest[0] & 1))
		return (F & NDIS_PACKET_TYPE_DIRECTED) &&
		       NdisEqualMemory(Dest, A->StationAddress, PCN_ALEN);
	if ((Dest[0] & Dest[1] & Dest[2] & Dest[3] & Dest[4] & Dest[5]) == 0xff)
		return (F & NDIS_PACKET_TYPE_BROADCAST) != 0;
	if (F & NDIS_PACKET_TYPE_ALL_MULTICAST)
		return TRUE;
	for (i = 0; (F & NDIS_PACKET_TYPE_MULTICAST) && i < A->McCount; i++)
		if (NdisEqualMemory(Dest, A->McList[i], PCN_ALEN))
			return TRUE;
	return FALSE;
}

BOOLEAN PcnReceive(PPCN_ADAPTER A)
{
	BOOLEAN Indicated = FALSE;
	UINT n;

	for (n = 0; n < PCN_RING; n++) {
		UINT i = A->RxNext;
		volatile PCN_DESC *D = &A->Sh->Rx[i];
		ULONG Status = D->Status;
		UINT Len = D->Misc & 0x0fff;
		PUCHAR Frame = A->Sh->RxBuf[i];

		if (Status & DS_OWN)
			break;
		/* One buffer holds a whole frame; anything else is an error. */
		if ((Status & (DS_ERR | DS_STP | DS_ENP)) != (DS_STP | DS_ENP) ||
		    Len < PCN_HEADER + 4 || Len > PCN_MAX_FRAME + 4) {
			A->RxErr++;
		} else if (PcnWanted(A, Frame)) {
			Len -= 4;		/* the FCS */
			A->RxFrame = Frame;
			A->RxLength = Len;
			NdisMEthIndicateReceive(A->Handle, (NDIS_HANDLE)A,
						(PCHAR)Frame, PCN_HEADER,
						Frame + PCN_HEADER,
						Len - PCN_HEADER, Len - PCN_HEADER);
			A->RxFrame = NULL;
			A->RxOk++;
			Indicated = TRUE;
		}
		PcnRxGive(A, i);
		A->RxNext = (i + 1) % PCN_RING;
	}
	return Indicated;
}

NDIS_STATUS PcnTransferData(PNDIS_PACKET Packet, PUINT BytesTransferred,
			    NDIS_HANDLE Context, NDIS_HANDLE ReceiveContext,
			    UINT ByteOffset, UINT BytesToTransfer)
{
	PPCN_ADAPTER A = Context;
	PNDIS_BUFFER Buffer;
	UINT Offset = PCN_HEADER + ByteOffset, Done = 0;

	*BytesTransferred = 0;
	if (ReceiveContext != (NDIS_HANDLE)A || !A->RxFrame)
		return NDIS_STATUS_FAILURE;
	if (Offset >= A->RxLength)
		return NDIS_STATUS_SUCCESS;
	if (BytesToTransfer > A->RxLength - Offset)
		BytesToTransfer = A->RxLength - Offset;
	NdisQueryPacket(Packet, NULL, NULL, &Buffer, NULL);
	while (Buffer && Done < BytesToTransfer) {
		PVOID Va;
		UINT Len;

		NdisQueryBuffer(Buffer, &Va, &Len);
		if (!Va)
			break;
		if (Len > BytesToTransfer - Done)
			Len = BytesToTransfer - Done;
		NdisMoveMemory(Va, A->RxFrame + Offset + Done, Len);
		Done += Len;
		NdisGetNextBuffer(Buffer, &Buffer);
	}
	*BytesTransferred = Done;
	return NDIS_STATUS_SUCCESS;
}
