// SPDX-License-Identifier: GPL-2.0-only
/*
 * RTL8139C+ chip control: reset, start and stop in C+ mode, the MAC address
 * (93C46/93C56 EEPROM, ID registers), receive filter, link state and the
 * tally counters the chip dumps into shared memory.
 */
#include "rtl8139.h"

BOOLEAN RtlResetChip(PRTL_ADAPTER A)
{
	ULONG i;

	RtlWrite8(A, RTL_CR, RTL_CR_RST);
	for (i = 0; i < 1000; i++) {
		if (!(RtlRead8(A, RTL_CR) & RTL_CR_RST))
			return TRUE;
		NdisStallExecution(10);
	}
	return FALSE;
}

static VOID RtlEeWrite(PRTL_ADAPTER A, UCHAR Pins)
{
	RtlWrite8(A, RTL_9346CR, RTL_9346_PROGRAM | Pins);
	NdisStallExecution(2);
}

/* Microwire read of one 16-bit word; AddrBits is 6 (93C46) or 8 (93C56). */
static USHORT RtlEepromRead(PRTL_ADAPTER A, ULONG Word, ULONG AddrBits)
{
	ULONG Cmd = Word | RTL_EE_READ_CMD << AddrBits;
	USHORT Val = 0;
	LONG i;

	RtlEeWrite(A, 0);
	RtlEeWrite(A, RTL_EE_CS);
	for (i = 2 + AddrBits; i >= 0; i--) {
		UCHAR Di = (Cmd >> i) & 1 ? RTL_EE_DI : 0;

		RtlEeWrite(A, RTL_EE_CS | Di);
		RtlEeWrite(A, RTL_EE_CS | Di | RTL_EE_SK);
	}
	RtlEeWrite(A, RTL_EE_CS);
	for (i = 0; i < 16; i++) {
		RtlEeWrite(A, RTL_EE_CS | RTL_EE_SK);
		Val = Val << 1 | (RtlRead8(A, RTL_9346CR) & RTL_EE_DO);
		RtlEeWrite(A, RTL_EE_CS);
	}
	RtlWrite8(A, RTL_9346CR, RTL_9346_NORMAL);
	return Val;
}

/* The EEPROM's address if it has a valid one, else the ID registers'. */
VOID RtlReadMac(PRTL_ADAPTER A, PUCHAR Mac)
{
	ULONG Bits = 6, i;

	if (RtlEepromRead(A, 0, Bits) != RTL_EE_SIGNATURE)
		Bits = 8;
	if (RtlEepromRead(A, 0, Bits) == RTL_EE_SIGNATURE) {
		for (i = 0; i < 3; i++) {
			USHORT W = RtlEepromRead(A, RTL_EE_MAC_WORD + i, Bits);

			Mac[2 * i] = (UCHAR)W;
			Mac[2 * i + 1] = (UCHAR)(W >> 8);
		}
		if (!(Mac[0] & 1) && (Mac[0] | Mac[1] | Mac[2] | Mac[3] |
				      Mac[4] | Mac[5]))
			return;
	}
	for (i = 0; i < NDD_ETH_ALEN; i++)
		Mac[i] = RtlRead8(A, RTL_IDR0 + i);
}

/* The ID registers take 32-bit writes with the config registers unlocked. */
VOID RtlWriteMac(PRTL_ADAPTER A, const UCHAR *Mac)
{
	RtlWrite8(A, RTL_9346CR, RTL_9346_UNLOCK);
	RtlWrite32(A, RTL_IDR0, Mac[0] | Mac[1] << 8 | Mac[2] << 16 |
		   (ULONG)Mac[3] << 24);
	RtlWrite32(A, RTL_IDR0 + 4, Mac[4] | Mac[5] << 8);
	RtlWrite8(A, RTL_9346CR, RTL_9346_NORMAL);
}

/* Big-endian CRC-32 of an address; its top 6 bits index the hash. */
static ULONG RtlEtherCrc(const UCHAR *Addr)
{
	ULONG Crc = 0xffffffff, i, j;

	for (i = 0; i < NDD_ETH_ALEN; i++) {
		UCHAR B = Addr[i];

		for (j = 0; j < 8; j++, B >>= 1) {
			ULONG Carry = (Crc >> 31 ^ B) & 1;

			Crc <<= 1;
			if (Carry)
				Crc = (Crc ^ 0x04c11db6) | Carry;
		}
	}
	return Crc;
}

VOID RtlSetRxMode(NDIS_HANDLE Context)
{
	PRTL_ADAPTER A = Context;
	ULONG Filter = A->Eth.PacketFilter;
	ULONG Rcr = RTL_RCR_BASE, Mar[2] = { 0, 0 }, i;

	if (Filter & NDIS_PACKET_TYPE_PROMISCUOUS) {
		Rcr |= RTL_RCR_AAP | RTL_RCR_APM | RTL_RCR_AM | RTL_RCR_AB;
		Mar[0] = Mar[1] = 0xffffffff;
	} else {
		if (Filter & NDIS_PACKET_TYPE_DIRECTED)
			Rcr |= RTL_RCR_APM;
		if (Filter & NDIS_PACKET_TYPE_BROADCAST)
			Rcr |= RTL_RCR_AB;
		if (Filter & NDIS_PACKET_TYPE_ALL_MULTICAST) {
			Rcr |= RTL_RCR_AM;
			Mar[0] = Mar[1] = 0xffffffff;
		} else if (Filter & NDIS_PACKET_TYPE_MULTICAST) {
			Rcr |= RTL_RCR_AM;
			for (i = 0; i < A->Eth.McastCount; i++) {
				ULONG Bit = RtlEtherCrc(A->Eth.McastList[i]) >> 26;

				Mar[Bit >> 5] |= 1u << (Bit & 31);
			}
		}
	}
	RtlWrite32(A, RTL_MAR0, Mar[0]);
	RtlWrite32(A, RTL_MAR0 + 4, Mar[1]);
	RtlWrite32(A, RTL_RCR, Rcr);
}

/* Rings must be initialised; interrupts stay masked (see isr.c). */
VOID RtlStartChip(PRTL_ADAPTER A)
{
	/* C+ mode first: the ring addresses are only kept once it is on. */
	RtlWrite16(A, RTL_CPCR, RTL_CPCR_MULRW | RTL_CPCR_RXENB |
		   RTL_CPCR_TXENB);
	RtlWrite32(A, RTL_THPDS, 0);
	RtlWrite32(A, RTL_THPDS + 4, 0);
	RtlWrite32(A, RTL_RDSAR, (ULONG)A->RxRingPa);
	RtlWrite32(A, RTL_RDSAR + 4, (ULONG)(A->RxRingPa >> 32));
	RtlWrite32(A, RTL_TNPDS, (ULONG)A->TxRingPa);
	RtlWrite32(A, RTL_TNPDS + 4, (ULONG)(A->TxRingPa >> 32));
	/* Enabling the engines restarts them at the first descriptor. */
	RtlWrite8(A, RTL_CR, RTL_CR_RE | RTL_CR_TE);
	RtlWrite8(A, RTL_ETTHR, 0x06);
	RtlWrite32(A, RTL_TCR, RTL_TCR_VALUE);
	RtlSetRxMode(A);
	RtlWrite16(A, RTL_MULINT, 0);
	RtlWrite16(A, RTL_INTRMIT, 0);
	RtlWrite32(A, RTL_MPC, 0);
	RtlWrite16(A, RTL_ISR, 0xffff);
}

VOID RtlStopChip(PRTL_ADAPTER A)
{
	RtlWrite16(A, RTL_IMR, 0);
	RtlWrite8(A, RTL_CR, 0);
	RtlWrite16(A, RTL_CPCR, 0);
	RtlWrite16(A, RTL_ISR, 0xffff);
}

BOOLEAN RtlLinkUp(PRTL_ADAPTER A, PULONG Speed)
{
	UCHAR Msr = RtlRead8(A, RTL_MSR);

	if (Speed)
		*Speed = Msr & RTL_MSR_SPEED10 ? 10 : 100;
	return !(Msr & RTL_MSR_LINKB);
}

/* Ask the chip to dump its tally counters and fold them into Eth.Stats. */
VOID RtlUpdateTally(PRTL_ADAPTER A)
{
	volatile RTL_TALLY *T = A->Tally;
	ULONG i;

	if (A->Removed)
		return;
	RtlWrite32(A, RTL_DTCCR + 4, (ULONG)(A->TallyPa >> 32));
	RtlWrite32(A, RTL_DTCCR, (ULONG)A->TallyPa | RTL_DTCCR_CMD);
	for (i = 0; i < 1000; i++) {
		if (!(RtlRead32(A, RTL_DTCCR) & RTL_DTCCR_CMD))
			break;
		NdisStallExecution(10);
	}
	if (i == 1000)
		return;
	A->Eth.Stats.RcvAlignmentError = A->TallyBase.Fae + T->Fae;
	A->Eth.Stats.XmitOneCollision = A->TallyBase.Tx1Col + T->Tx1Col;
	A->Eth.Stats.XmitMoreCollisions = A->TallyBase.TxMCol + T->TxMCol;
	A->Eth.Stats.RcvNoBuffer = A->TallyBase.MissPkt + T->MissPkt;
}

/* Before a chip reset clears the counters, keep what they hold. */
VOID RtlSaveTally(PRTL_ADAPTER A)
{
	RtlUpdateTally(A);
	A->TallyBase.Fae = A->Eth.Stats.RcvAlignmentError;
	A->TallyBase.Tx1Col = A->Eth.Stats.XmitOneCollision;
	A->TallyBase.TxMCol = A->Eth.Stats.XmitMoreCollisions;
	A->TallyBase.MissPkt = A->Eth.Stats.RcvNoBuffer;
}
