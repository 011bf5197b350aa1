// SPDX-License-Identifier: GPL-2.0-only
/*
 * A bus master's block of shared memory (NdisMAllocateSharedMemory,
 * non-cached, zeroed) for its descriptor rings and the like, used from the
 * first bus address with the alignment the chip asks for: the block is
 * that much larger, and the virtual addresses follow the bus ones.
 */
#include "ndd.h"

NDIS_STATUS NddSharedAlloc(NDIS_HANDLE Miniport, PNDD_SHARED Shared,
			   ULONG Length, ULONG Align)
{
	ULONG64 Pa;

	Shared->Length = Length + Align;
	NdisMAllocateSharedMemory(Miniport, Shared->Length, FALSE,
				  (PVOID *)&Shared->Va, &Shared->Pa);
	if (!Shared->Va)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(Shared->Va, Shared->Length);
	Pa = Shared->Pa.QuadPart;
	Shared->Start = (ULONG)(NDD_ALIGN(Pa, Align) - Pa);
	return NDIS_STATUS_SUCCESS;
}

VOID NddSharedFree(NDIS_HANDLE Miniport, PNDD_SHARED Shared)
{
	if (Shared->Va)
		NdisMFreeSharedMemory(Miniport, Shared->Length, FALSE,
				      Shared->Va, Shared->Pa);
	Shared->Va = NULL;
}

PVOID NddSharedAt(PNDD_SHARED Shared, ULONG Offset, ULONG64 *Pa)
{
	*Pa = Shared->Pa.QuadPart + Shared->Start + Offset;
	return Shared->Va + Shared->Start + Offset;
}
