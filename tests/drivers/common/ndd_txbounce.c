// SPDX-License-Identifier: GPL-2.0-only
/*
 * A bus master's copy buffers: a frame its transmit ring cannot take as
 * NDIS mapped it (too many fragments, or too short for a chip that does
 * not pad) is copied into one buffer of shared memory instead.
 */
#include "ndd.h"

LONG NddTxBounceTake(PNDD_TX Tx)
{
	NDD_BOUNCE *B = &Tx->Bounce;
	LONG b;

	for (b = 0; !(B->Free & (1u << b)); b++)
		;
	B->Free &= ~(1u << b);
	return b;
}

LONG NddTxBounce(PNDD_TX Tx, PNDIS_PACKET Packet, BOOLEAN Pad,
		 PULONG Length)
{
	NDD_BOUNCE *B = &Tx->Bounce;
	LONG b = NddTxBounceTake(Tx);
	PUCHAR Frame = B->Va + b * B->Size;

	*Length = Pad ? NddCopyFrame(Packet, Frame) :
			NddCopyPacket(Packet, Frame, NDD_ETH_MAX_FRAME);
	if (!*Length) {
		B->Free |= 1u << b;
		return -1;
	}
	return b;
}
