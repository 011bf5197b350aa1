// SPDX-License-Identifier: GPL-2.0-only
/*
 * RtlFindLeastSignificantBit / RtlFindMostSignificantBit: the zero-based
 * position of the lowest / highest set bit of a 64-bit value, -1 for 0.
 */
#include "nt/nt_procgroup.h"

CCHAR NTAPI ndlw_RtlFindLeastSignificantBit(ULONGLONG set)
{
	return set ? (CCHAR)__builtin_ctzll(set) : -1;
}

CCHAR NTAPI ndlw_RtlFindMostSignificantBit(ULONGLONG set)
{
	return set ? (CCHAR)(63 - __builtin_clzll(set)) : -1;
}
