// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flat frames from NDIS packets: a packet's buffer chain copied into one
 * buffer, its first bytes read (to see its headers), and runts padded to
 * the Ethernet minimum as a MAC pads them.
 */
#include "ndd.h"

ULONG NddCopyPacket(PNDIS_PACKET Packet, PUCHAR Frame, ULONG Max)
{
	PNDIS_BUFFER Buffer;
	PVOID Va;
	UINT Len;
	ULONG Total = 0;

	NdisQueryPacket(Packet, NULL, NULL, &Buffer, NULL);
	while (Buffer) {
		NdisQueryBufferSafe(Buffer, &Va, &Len, NormalPagePriority);
		if (!Va || Len > Max - Total)
			return 0;
		NdisMoveMemory(Frame + Total, Va, Len);
		Total += Len;
		NdisGetNextBuffer(Buffer, &Buffer);
	}
	return Total;
}

ULONG NddPeekPacket(PNDIS_PACKET Packet, PUCHAR Buf, ULONG Want)
{
	PNDIS_BUFFER Buffer;
	ULONG Got = 0;

	NdisQueryPacket(Packet, NULL, NULL, &Buffer, NULL);
	while (Buffer && Got < Want) {
		PVOID Va;
		UINT Len;

		NdisQueryBufferSafe(Buffer, &Va, &Len, NormalPagePriority);
		if (!Va)
			break;
		if (Len > Want - Got)
			Len = Want - Got;
		NdisMoveMemory(Buf + Got, Va, Len);
		Got += Len;
		NdisGetNextBuffer(Buffer, &Buffer);
	}
	return Got;
}

ULONG NddPadFrame(PUCHAR Frame, ULONG Length)
{
	if (Length >= NDD_ETH_MIN_FRAME)
		return Length;
	NdisZeroMemory(Frame + Length, NDD_ETH_MIN_FRAME - Length);
	return NDD_ETH_MIN_FRAME;
}

ULONG NddCopyFrame(PNDIS_PACKET Packet, PUCHAR Frame)
{
	ULONG Length = NddCopyPacket(Packet, Frame, NDD_ETH_MAX_FRAME);

	return Length ? NddPadFrame(Frame, Length) : 0;
}
