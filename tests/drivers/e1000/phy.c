// SPDX-License-Identifier: GPL-2.0-only
/*
 * The internal copper PHY (address 1), reached through the MDIC register:
 * advertise every speed and restart auto-negotiation. The link drops while
 * it runs; its end raises a link status change interrupt (isr.c).
 */
#include "ndle1000.h"

static BOOLEAN E1kMdic(PE1K_ADAPTER A, ULONG Cmd, PULONG Result)
{
	ULONG i, V;

	E1kWrite(A, E1K_MDIC, Cmd);
	for (i = 0; i < 64; i++) {
		NdisStallExecution(10);
		V = E1kRead(A, E1K_MDIC);
		if (V & E1K_MDIC_READY) {
			*Result = V;
			return !(V & E1K_MDIC_ERROR);
		}
	}
	return FALSE;
}

static BOOLEAN E1kPhyRead(PE1K_ADAPTER A, ULONG Reg, PUSHORT Value)
{
	ULONG V;

	if (!E1kMdic(A, Reg << E1K_MDIC_REG_SHIFT |
		     E1K_PHY_ADDR << E1K_MDIC_PHY_SHIFT | E1K_MDIC_OP_READ, &V))
		return FALSE;
	*Value = (USHORT)(V & E1K_MDIC_DATA_MASK);
	return TRUE;
}

static BOOLEAN E1kPhyWrite(PE1K_ADAPTER A, ULONG Reg, USHORT Value)
{
	ULONG V;

	return E1kMdic(A, Value | Reg << E1K_MDIC_REG_SHIFT |
		       E1K_PHY_ADDR << E1K_MDIC_PHY_SHIFT | E1K_MDIC_OP_WRITE,
		       &V);
}

BOOLEAN E1kPhyStartAutoneg(PE1K_ADAPTER A)
{
	USHORT Bmcr;

	if (!E1kPhyWrite(A, E1K_PHY_ANAR, E1K_ANAR_ALL) ||
	    !E1kPhyWrite(A, E1K_PHY_CTRL1000, E1K_CTRL1000_FULL) ||
	    !E1kPhyRead(A, E1K_PHY_BMCR, &Bmcr))
		return FALSE;
	Bmcr &= ~(E1K_BMCR_SPEED1000 | E1K_BMCR_FD);
	return E1kPhyWrite(A, E1K_PHY_BMCR, Bmcr | E1K_BMCR_ANENABLE |
			   E1K_BMCR_ANRESTART);
}
