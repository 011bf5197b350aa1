// SPDX-License-Identifier: GPL-2.0-only
/*
 * 82540EM MAC control: reset, start and stop (rings, transmit and receive
 * units), the receive address and multicast hash filters, link state.
 * After a reset every register the driver relies on is written again:
 * it never trusts what the reset (or an emulation of it) left behind.
 */
#include "ndle1000.h"

/* Stop both DMA engines and mask every interrupt cause. */
VOID E1kStopChip(PE1K_ADAPTER A)
{
	E1kWrite(A, E1K_IMC, E1K_INT_ALL);
	E1kWrite(A, E1K_RCTL, 0);
	E1kWrite(A, E1K_TCTL, E1K_TCTL_PSP);
	E1kFlush(A);
	/* Let a frame in flight finish its DMA. */
	NdisStallExecution(50);
	(VOID)E1kRead(A, E1K_ICR);
	A->Rctl = 0;
}

BOOLEAN E1kResetChip(PE1K_ADAPTER A)
{
	ULONG i, Ctrl;

	if (E1kRead(A, E1K_STATUS) == 0xffffffff)
		return FALSE;	/* the card is gone */
	E1kStopChip(A);
	Ctrl = E1kRead(A, E1K_CTRL);
	E1kWrite(A, E1K_CTRL, Ctrl | E1K_CTRL_RST);
	/* The manual asks for a microsecond before the next access. */
	NdisStallExecution(10);
	for (i = 0; i < 1000; i++) {
		if (!(E1kRead(A, E1K_CTRL) & E1K_CTRL_RST))
			break;
		NdisStallExecution(10);
	}
	if (i == 1000)
		return FALSE;
	/* The chip reloads its EEPROM settings after a reset: 5 ms. */
	for (i = 0; i < 100; i++)
		NdisStallExecution(50);
	/* Masked again, and whatever the reset latched cleared. */
	E1kWrite(A, E1K_IMC, E1K_INT_ALL);
	(VOID)E1kRead(A, E1K_ICR);
	return TRUE;
}

/* Receive address 0 is ours; the other fifteen are invalidated. */
VOID E1kWriteMac(PE1K_ADAPTER A, const UCHAR *Mac)
{
	ULONG i;

	E1kWrite(A, E1K_RAL(0), Mac[0] | Mac[1] << 8 | Mac[2] << 16 |
		 (ULONG)Mac[3] << 24);
	E1kWrite(A, E1K_RAH(0), Mac[4] | Mac[5] << 8 | E1K_RAH_AV);
	for (i = 1; i < E1K_RA_ENTRIES; i++) {
		E1kWrite(A, E1K_RAH(i), 0);
		E1kWrite(A, E1K_RAL(i), 0);
	}
	E1kFlush(A);
}

/* RCTL.MO = 0: the hash is destination address bits 47:36. */
static ULONG E1kHash(const UCHAR *Addr)
{
	return ((Addr[4] >> 4) | (ULONG)Addr[5] << 4) & 0xfff;
}

VOID E1kSetRxMode(NDIS_HANDLE Context)
{
	PE1K_ADAPTER A = Context;
	ULONG Filter = A->Eth.PacketFilter;
	ULONG Mta[E1K_MTA_WORDS];
	ULONG Rctl, i;

	NdisZeroMemory(Mta, sizeof(Mta));
	Rctl = E1K_RCTL_EN | E1K_RCTL_SECRC | E1K_RCTL_SZ_2048 |
	       E1K_RCTL_RDMTS_HALF | E1K_RCTL_MO_0;
	if (Filter & NDIS_PACKET_TYPE_PROMISCUOUS)
		Rctl |= E1K_RCTL_UPE | E1K_RCTL_MPE | E1K_RCTL_BAM;
	if (Filter & NDIS_PACKET_TYPE_BROADCAST)
		Rctl |= E1K_RCTL_BAM;
	if (Filter & NDIS_PACKET_TYPE_ALL_MULTICAST) {
		Rctl |= E1K_RCTL_MPE;
	} else if (Filter & NDIS_PACKET_TYPE_MULTICAST) {
		for (i = 0; i < A->Eth.McastCount; i++) {
			ULONG Hash = E1kHash(A->Eth.McastList[i]);

			Mta[Hash >> 5] |= 1u << (Hash & 31);
		}
	}
	for (i = 0; i < E1K_MTA_WORDS; i++)
		E1kWrite(A, E1K_MTA + i * 4, Mta[i]);
	/* A receive control write restarts the receive unit: only on change. */
	if (Rctl != A->Rctl) {
		E1kWrite(A, E1K_RCTL, Rctl);
		A->Rctl = Rctl;
	}
	E1kFlush(A);
}

/* Rings must be initialised; interrupts stay masked (see isr.c). */
VOID E1kStartChip(PE1K_ADAPTER A)
{
	ULONG Ctrl = E1kRead(A, E1K_CTRL);

	/* Copper: the MAC takes speed and duplex from the PHY. */
	Ctrl &= ~(E1K_CTRL_LRST | E1K_CTRL_ILOS | E1K_CTRL_FRCSPD |
		  E1K_CTRL_FRCDPLX | E1K_CTRL_PHY_RST | E1K_CTRL_RST |
		  E1K_CTRL_VME | E1K_CTRL_RFCE | E1K_CTRL_TFCE);
	E1kWrite(A, E1K_CTRL, Ctrl | E1K_CTRL_SLU | E1K_CTRL_ASDE);
	/* No flow control frames. */
	E1kWrite(A, E1K_FCAL, 0);
	E1kWrite(A, E1K_FCAH, 0);
	E1kWrite(A, E1K_FCT, 0);
	E1kWrite(A, E1K_FCTTV, 0);
	E1kWriteMac(A, A->Eth.CurrentAddress);

	E1kWrite(A, E1K_TDBAL, (ULONG)A->TxRingPa);
	E1kWrite(A, E1K_TDBAH, (ULONG)(A->TxRingPa >> 32));
	E1kWrite(A, E1K_TDLEN, A->TxCount * sizeof(E1K_TX_DESC));
	E1kWrite(A, E1K_TDH, 0);
	E1kWrite(A, E1K_TDT, 0);
	E1kWrite(A, E1K_TIDV, 0);
	E1kWrite(A, E1K_TADV, 0);
	E1kWrite(A, E1K_TIPG, E1K_TIPG_COPPER);

	E1kWrite(A, E1K_RDBAL, (ULONG)A->RxRingPa);
	E1kWrite(A, E1K_RDBAH, (ULONG)(A->RxRingPa >> 32));
	E1kWrite(A, E1K_RDLEN, A->RxCount * sizeof(E1K_RX_DESC));
	E1kWrite(A, E1K_RDH, 0);
	/* Every descriptor but one belongs to the chip. */
	E1kWrite(A, E1K_RDT, A->RxCount - 1);
	E1kWrite(A, E1K_RDTR, 0);
	E1kWrite(A, E1K_RADV, 0);
	E1kWrite(A, E1K_ITR, A->Itr);

	E1kWrite(A, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP | E1K_TCTL_CT |
		 E1K_TCTL_COLD_FD | E1K_TCTL_RTLC);
	E1kSetRxMode(A);
	E1kWrite(A, E1K_IMC, E1K_INT_ALL);
	(VOID)E1kRead(A, E1K_ICR);
}

BOOLEAN E1kLinkUp(PE1K_ADAPTER A, PULONG Speed)
{
	ULONG Status = E1kRead(A, E1K_STATUS);

	if (Speed) {
		if (Status & E1K_STATUS_SPEED_1000)
			*Speed = 1000;
		else if (Status & E1K_STATUS_SPEED_100)
			*Speed = 100;
		else
			*Speed = 10;
	}
	return Status != 0xffffffff && (Status & E1K_STATUS_LU);
}
