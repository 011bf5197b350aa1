// SPDX-License-Identifier: GPL-2.0-only
/*
 * Zeroed allocations with the driver's pool tag (NdisAllocateMemoryWithTag
 * leaves the memory as it finds it).
 */
#include "ndd.h"

NDIS_STATUS NddAllocateZeroed(PVOID *Memory, UINT Length, ULONG Tag)
{
	NDIS_STATUS Status;

	Status = NdisAllocateMemoryWithTag(Memory, Length, Tag);
	if (Status == NDIS_STATUS_SUCCESS)
		NdisZeroMemory(*Memory, Length);
	return Status;
}
