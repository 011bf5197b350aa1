// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 82574L itself: reset, MAC address, link, ring registers, receive
 * filter and statistics registers. Callers hold the adapter lock or own
 * the adapter alone (initialize, halt).
 */
#include "e1000e6.h"

/* The datasheet gives the MAC reset 1 us; allow 10 ms before giving up. */
NDIS_STATUS E6HwReset(PE6_ADAPTER Adapter)
{
	ULONG i;

	E6_WRITE(Adapter, E6_IMC, E6_INT_ALL);
	E6_WRITE(Adapter, E6_RCTL, 0);
	E6_WRITE(Adapter, E6_TCTL, E6_TCTL_PSP);
	E6_WRITE(Adapter, E6_CTRL, E6_READ(Adapter, E6_CTRL) | E6_CTRL_RST);
	for (i = 0; i < 1000; i++) {
		NdisStallExecution(10);
		if (!(E6_READ(Adapter, E6_CTRL) & E6_CTRL_RST))
			break;
	}
	if (E6_READ(Adapter, E6_CTRL) & E6_CTRL_RST)
		return NDIS_STATUS_HARD_ERRORS;
	E6_WRITE(Adapter, E6_IMC, E6_INT_ALL);
	(void)E6_READ(Adapter, E6_ICR);
	return NDIS_STATUS_SUCCESS;
}

static BOOLEAN E6ReadEepromWord(PE6_ADAPTER Adapter, ULONG Word, USHORT *Value)
{
	ULONG i, v;

	E6_WRITE(Adapter, E6_EERD,
		 (Word << E6_EERD_ADDR_SHIFT) | E6_EERD_START);
	for (i = 0; i < 1000; i++) {
		v = E6_READ(Adapter, E6_EERD);
		if (v & E6_EERD_DONE) {
			*Value = (USHORT)(v >> E6_EERD_DATA_SHIFT);
			return TRUE;
		}
		NdisStallExecution(5);
	}
	return FALSE;
}

/*
 * The permanent address: NVM words 0-2, else what the hardware loaded
 * into receive address 0 at reset.
 */
VOID E6HwReadMac(PE6_ADAPTER Adapter)
{
	USHORT w[3];
	ULONG i, lo, hi;

	for (i = 0; i < 3; i++)
		if (!E6ReadEepromWord(Adapter, i, &w[i]))
			break;
	if (i == 3 && (w[0] | w[1] | w[2]) != 0) {
		for (i = 0; i < 3; i++) {
			Adapter->PermanentAddress[2 * i] = (UCHAR)w[i];
			Adapter->PermanentAddress[2 * i + 1] = (UCHAR)(w[i] >> 8);
		}
		return;
	}
	lo = E6_READ(Adapter, E6_RAL0);
	hi = E6_READ(Adapter, E6_RAH0);
	for (i = 0; i < 4; i++)
		Adapter->PermanentAddress[i] = (UCHAR)(lo >> (8 * i));
	Adapter->PermanentAddress[4] = (UCHAR)hi;
	Adapter->PermanentAddress[5] = (UCHAR)(hi >> 8);
}

VOID E6HwSetMac(PE6_ADAPTER Adapter)
{
	const UCHAR *m = Adapter->CurrentAddress;

	E6_WRITE(Adapter, E6_RAL0, m[0] | m[1] << 8 | m[2] << 16 |
		 (ULONG)m[3] << 24);
	E6_WRITE(Adapter, E6_RAH0, m[4] | m[5] << 8 | E6_RAH_AV);
}

/* Speed and duplex come from the PHY's auto-negotiation (ASDE). */
VOID E6HwStartLink(PE6_ADAPTER Adapter)
{
	ULONG ctrl = E6_READ(Adapter, E6_CTRL);

	ctrl &= ~(E6_CTRL_RST | E6_CTRL_PHY_RST);
	E6_WRITE(Adapter, E6_CTRL, ctrl | E6_CTRL_SLU | E6_CTRL_ASDE);
}

/* STATUS into the adapter's link fields; TRUE when something changed. */
BOOLEAN E6HwReadLink(PE6_ADAPTER Adapter)
{
	ULONG s = E6_READ(Adapter, E6_STATUS);
	BOOLEAN up = (s & E6_STATUS_LU) != 0;
	BOOLEAN fd = (s & E6_STATUS_FD) != 0;
	ULONG64 speed;

	switch (s & E6_STATUS_SPEED_MASK) {
	case E6_STATUS_SPEED_10:
		speed = 10000000ull;
		break;
	case E6_STATUS_SPEED_100:
		speed = 100000000ull;
		break;
	default:
		speed = E6_LINK_SPEED_1000;
		break;
	}
	if (!up)
		speed = 0;
	if (up == Adapter->LinkUp && fd == Adapter->FullDuplex &&
	    speed == Adapter->LinkSpeed)
		return FALSE;
	Adapter->LinkUp = up;
	Adapter->FullDuplex = fd;
	Adapter->LinkSpeed = speed;
	return TRUE;
}

/* Ring bases and lengths, then the receiver and transmitter on. */
VOID E6HwStartRings(PE6_ADAPTER Adapter)
{
	E6_WRITE(Adapter, E6_TDBAL, NdisGetPhysicalAddressLow(Adapter->TxRingPa));
	E6_WRITE(Adapter, E6_TDBAH, NdisGetPhysicalAddressHigh(Adapter->TxRingPa));
	E6_WRITE(Adapter, E6_TDLEN, E6_TX_DESCS * sizeof(E6_TX_DESC));
	E6_WRITE(Adapter, E6_TDH, 0);
	E6_WRITE(Adapter, E6_TDT, 0);
	E6_WRITE(Adapter, E6_TIDV, 8);
	E6_WRITE(Adapter, E6_TADV, 32);
	E6_WRITE(Adapter, E6_TIPG, E6_TIPG_DEFAULT);
	E6_WRITE(Adapter, E6_TCTL, E6_TCTL_EN | E6_TCTL_PSP | E6_TCTL_CT |
		 E6_TCTL_COLD | E6_TCTL_RTLC);

	/*
	 * Legacy receive descriptors, the format this driver reads: a driver
	 * that had the card before may have left extended ones on, and a
	 * software reset need not clear them (QEMU's does not).
	 */
	E6_WRITE(Adapter, E6_RFCTL, 0);
	E6_WRITE(Adapter, E6_RDBAL, NdisGetPhysicalAddressLow(Adapter->RxRingPa));
	E6_WRITE(Adapter, E6_RDBAH, NdisGetPhysicalAddressHigh(Adapter->RxRingPa));
	E6_WRITE(Adapter, E6_RDLEN, E6_RX_DESCS * sizeof(E6_RX_DESC));
	E6_WRITE(Adapter, E6_RDH, 0);
	/* every descriptor but one is the hardware's */
	E6_WRITE(Adapter, E6_RDT, E6_RX_DESCS - 1);
	E6_WRITE(Adapter, E6_RDTR, 0);
	E6_WRITE(Adapter, E6_RADV, 8);
	E6_WRITE(Adapter, E6_ITR, 500);	/* 128 us between interrupts at most */
	E6HwApplyOffload(Adapter);
	E6HwApplyFilter(Adapter);
}

/* Receive checksum checks for what is on and activated (offload.c). */
VOID E6HwApplyOffload(PE6_ADAPTER Adapter)
{
	ULONG rx4 = Adapter->Encap4 ? Adapter->RxCsum4 : 0;
	ULONG rx6 = Adapter->Encap6 ? Adapter->RxCsum6 : 0;
	ULONG rxcsum = 0;

	if (rx4 & E6_CSUM_IP)
		rxcsum |= E6_RXCSUM_IPOFL;
	if ((rx4 | rx6) & (E6_CSUM_TCP | E6_CSUM_UDP))
		rxcsum |= E6_RXCSUM_TUOFL;
	E6_WRITE(Adapter, E6_RXCSUM, rxcsum);
}

VOID E6HwStop(PE6_ADAPTER Adapter)
{
	E6_WRITE(Adapter, E6_RCTL, 0);
	E6_WRITE(Adapter, E6_TCTL, E6_TCTL_PSP);
}

/* Multicast hash with MO = 00: destination address bits 47:36. */
static ULONG E6McastHash(const UCHAR *Addr)
{
	return ((Addr[4] >> 4) | ((ULONG)Addr[5] << 4)) & 0xfff;
}

VOID E6HwApplyFilter(PE6_ADAPTER Adapter)
{
	ULONG f = Adapter->PacketFilter, rctl, i, mta[E6_MTA_WORDS];

	E6HwSetMac(Adapter);
	NdisZeroMemory(mta, sizeof(mta));
	for (i = 0; i < Adapter->McastCount; i++) {
		ULONG h = E6McastHash(Adapter->McastList[i]);

		mta[h >> 5] |= 1u << (h & 31);
	}
	for (i = 0; i < E6_MTA_WORDS; i++)
		E6_WRITE(Adapter, E6_MTA + 4 * i, mta[i]);

	rctl = E6_RCTL_SECRC;
	if (f != 0)
		rctl |= E6_RCTL_EN;
	if (f & NDIS_PACKET_TYPE_BROADCAST)
		rctl |= E6_RCTL_BAM;
	if (f & NDIS_PACKET_TYPE_PROMISCUOUS)
		rctl |= E6_RCTL_UPE | E6_RCTL_MPE | E6_RCTL_BAM;
	if (f & NDIS_PACKET_TYPE_ALL_MULTICAST)
		rctl |= E6_RCTL_MPE;
	E6_WRITE(Adapter, E6_RCTL, rctl);
}

/*
 * The chip's clear-on-read error counters added into the adapter's
 * totals; frames and octets per class the driver counts itself.
 */
VOID E6HwCollectStats(PE6_ADAPTER Adapter)
{
	E6_STATS *s = &Adapter->Stats;

	s->RxCrcErrors += E6_READ(Adapter, E6_CRCERRS);
	s->RxAlignErrors += E6_READ(Adapter, E6_ALGNERRC);
	s->RxErrors += E6_READ(Adapter, E6_RXERRC) +
		       E6_READ(Adapter, E6_RLEC);
	s->RxNoBuffer += E6_READ(Adapter, E6_RNBC) +
			 E6_READ(Adapter, E6_MPC);
	s->Collisions1 += E6_READ(Adapter, E6_SCC);
	s->CollisionsN += E6_READ(Adapter, E6_MCC);
	s->LateCollisions += E6_READ(Adapter, E6_LATECOL);
	s->TxErrors += E6_READ(Adapter, E6_ECOL);
	s->Deferred += E6_READ(Adapter, E6_DC);
}
