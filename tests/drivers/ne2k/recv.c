// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive: frames are taken from the card's ring in order (each starts
 * with the chip's 4-byte header: status, next page, byte count), and
 * indicated with NdisMEthIndicateReceive handing over only the header and
 * the current lookahead, read into host memory. MiniportTransferData copies
 * whatever part of the frame a protocol asks for straight from the ring by
 * remote DMA, while the indication is in progress; BNRY moves on after it.
 */
#include "ne2k.h"

static BOOLEAN Ne2kIsOurs(PNE2K_ADAPTER A, const UCHAR *Dest)
{
	ULONG F = A->PacketFilter, i;

	if (F & NDIS_PACKET_TYPE_PROMISCUOUS)
		return TRUE;
	if (!(Dest[0] & 1))
		return (F & NDIS_PACKET_TYPE_DIRECTED) &&
		       NdisEqualMemory(Dest, A->StationAddress, NE2K_ALEN);
	if ((Dest[0] & Dest[1] & Dest[2] & Dest[3] & Dest[4] & Dest[5]) == 0xff)
		return (F & NDIS_PACKET_TYPE_BROADCAST) != 0;
	if (F & NDIS_PACKET_TYPE_ALL_MULTICAST)
		return TRUE;
	if (!(F & NDIS_PACKET_TYPE_MULTICAST))
		return FALSE;
	/* The hash let through more than the list asks for. */
	for (i = 0; i < A->McCount; i++)
		if (NdisEqualMemory(Dest, A->McList[i], NE2K_ALEN))
			return TRUE;
	return FALSE;
}

/* The ring is inconsistent (a bad header): start it over, empty. */
static VOID Ne2kRingReset(PNE2K_ADAPTER A)
{
	A->RxErr++;
	Ne2kStop(A);
	Ne2kStart(A);
}

/* Serve every frame in the ring; TRUE if any was indicated. */
BOOLEAN Ne2kReceive(PNE2K_ADAPTER A)
{
	UINT Pages = A->RingStop - A->RingStart, n;
	BOOLEAN Indicated = FALSE;

	for (n = 0; n < Pages; n++) {
		UCHAR Hdr[4], Next, Bnry;
		USHORT Frame = (USHORT)(A->NextPage * NE2K_PAGE);
		UINT Count, Len, Look;

		if (A->NextPage == Ne2kReadCurr(A))
			break;
		Ne2kRemoteRead(A, Frame, Hdr, sizeof(Hdr));
		Next = Hdr[1];
		Count = Hdr[2] | (UINT)Hdr[3] << 8;	/* header included */
		if (Next < A->RingStart || Next >= A->RingStop ||
		    Count < sizeof(Hdr) + NE2K_HEADER ||
		    Count > sizeof(Hdr) + NE2K_MAX_FRAME + 4) {
			Ne2kRingReset(A);
			break;
		}
		Len = Count - sizeof(Hdr);
		if (Len > NE2K_MAX_FRAME)
			Len = NE2K_MAX_FRAME;	/* a frame check sequence */

		Look = Len - NE2K_HEADER;
		if (Look > A->Lookahead)
			Look = A->Lookahead;
		if (!(Hdr[0] & RSR_PRX)) {
			A->RxErr++;
		} else {
			Ne2kRingRead(A, (USHORT)(Frame + sizeof(Hdr)), A->Lookbuf,
				     NE2K_HEADER + Look);
			if (Ne2kIsOurs(A, A->Lookbuf)) {
				A->Rx.Start = (USHORT)(Frame + sizeof(Hdr));
				A->Rx.Length = Len;
				A->Rx.Valid = TRUE;
				NdisMEthIndicateReceive(A->Handle, (NDIS_HANDLE)&A->Rx,
							(PCHAR)A->Lookbuf, NE2K_HEADER,
							A->Lookbuf + NE2K_HEADER,
							Look, Len - NE2K_HEADER);
				A->Rx.Valid = FALSE;
				A->RxOk++;
				A->Indicated++;
				Indicated = TRUE;
			}
		}
		/* BNRY trails the next frame by one page. */
		A->NextPage = Next;
		Bnry = (UCHAR)((Next == A->RingStart ? A->RingStop : Next) - 1);
		Ne2kOut(A, NE_P0_BNRY, Bnry);
	}
	return Indicated;
}

NDIS_STATUS Ne2kTransferData(PNDIS_PACKET Packet, PUINT BytesTransferred,
			     NDIS_HANDLE Context, NDIS_HANDLE ReceiveContext,
			     UINT ByteOffset, UINT BytesToTransfer)
{
	PNE2K_ADAPTER A = Context;
	PNE2K_RX Rx = ReceiveContext;
	PNDIS_BUFFER Buffer;
	UINT Offset, Done = 0;

	*BytesTransferred = 0;
	if (Rx != &A->Rx || !Rx->Valid)
		return NDIS_STATUS_FAILURE;	/* not inside the indication */
	/* ByteOffset counts from the end of the Ethernet header. */
	Offset = NE2K_HEADER + ByteOffset;
	if (ByteOffset >= Rx->Length || Offset >= Rx->Length)
		return NDIS_STATUS_SUCCESS;
	if (BytesToTransfer > Rx->Length - Offset)
		BytesToTransfer = Rx->Length - Offset;

	NdisQueryPacket(Packet, NULL, NULL, &Buffer, NULL);
	while (Buffer && Done < BytesToTransfer) {
		PVOID Va;
		UINT Len;

		NdisQueryBuffer(Buffer, &Va, &Len);
		if (!Va)
			break;
		if (Len > BytesToTransfer - Done)
			Len = BytesToTransfer - Done;
		/* Ne2kRingRead wraps an address past the ring's end. */
		Ne2kRingRead(A, (USHORT)(Rx->Start + Offset + Done), Va, Len);
		Done += Len;
		NdisGetNextBuffer(Buffer, &Buffer);
	}
	*BytesTransferred = Done;
	A->Transfers++;
	A->Transferred += Done;
	return NDIS_STATUS_SUCCESS;
}
