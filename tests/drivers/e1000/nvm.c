// SPDX-License-Identifier: GPL-2.0-only
/*
 * The permanent MAC address: from the EEPROM (words 0-2) through the EERD
 * register once its checksum (words 0..0x3f add up to 0xBABA) is right,
 * else from receive address 0, which the chip loads from the EEPROM at
 * power-up.
 */
#include "ndle1000.h"

static BOOLEAN E1kEepromRead(PE1K_ADAPTER A, ULONG Word, PUSHORT Value)
{
	ULONG i, V;

	E1kWrite(A, E1K_EERD, Word << E1K_EERD_ADDR_SHIFT | E1K_EERD_START);
	for (i = 0; i < 100; i++) {
		V = E1kRead(A, E1K_EERD);
		if (V & E1K_EERD_DONE) {
			*Value = (USHORT)(V >> E1K_EERD_DATA_SHIFT);
			return TRUE;
		}
		NdisStallExecution(5);
	}
	return FALSE;
}

static BOOLEAN E1kValidMac(const UCHAR *Mac)
{
	return !(Mac[0] & 1) &&
	       (Mac[0] | Mac[1] | Mac[2] | Mac[3] | Mac[4] | Mac[5]);
}

static BOOLEAN E1kMacFromEeprom(PE1K_ADAPTER A, PUCHAR Mac)
{
	USHORT Words[3], W, Sum = 0;
	ULONG i;

	for (i = 0; i < E1K_EEPROM_WORDS; i++) {
		if (!E1kEepromRead(A, i, &W))
			return FALSE;
		if (i < 3)
			Words[i] = W;
		Sum += W;
	}
	if (Sum != E1K_EEPROM_SUM) {
		NdisWriteErrorLogEntry(A->Handle,
				       NDIS_ERROR_CODE_HARDWARE_FAILURE, 1,
				       (ULONG)Sum);
		return FALSE;
	}
	for (i = 0; i < 3; i++) {
		Mac[2 * i] = (UCHAR)Words[i];
		Mac[2 * i + 1] = (UCHAR)(Words[i] >> 8);
	}
	return E1kValidMac(Mac);
}

BOOLEAN E1kReadMac(PE1K_ADAPTER A, PUCHAR Mac)
{
	ULONG Low, High;

	if (E1kMacFromEeprom(A, Mac))
		return TRUE;
	Low = E1kRead(A, E1K_RAL(0));
	High = E1kRead(A, E1K_RAH(0));
	if (!(High & E1K_RAH_AV))
		return FALSE;
	Mac[0] = (UCHAR)Low;
	Mac[1] = (UCHAR)(Low >> 8);
	Mac[2] = (UCHAR)(Low >> 16);
	Mac[3] = (UCHAR)(Low >> 24);
	Mac[4] = (UCHAR)High;
	Mac[5] = (UCHAR)(High >> 8);
	return E1kValidMac(Mac);
}
