// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flat frames from NDIS packets: a packet's buffer chain copied into one
 * buffer, and runts padded to the Ethernet minimum as a MAC pads them.
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
