// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PCI adapter's resources from NdisMQueryAdapterResources: asked first
 * with room for one descriptor, as NDIS 5 drivers do, then again with the
 * size NDIS answered; the interrupt is taken here, the register ranges by
 * the driver (NddFindRange).
 */
#include "ndd.h"

PCM_PARTIAL_RESOURCE_DESCRIPTOR NddFindRange(PNDIS_RESOURCE_LIST List,
					     UCHAR Type, ULONG MinLength)
{
	ULONG i;

	for (i = 0; i < List->Count; i++) {
		PCM_PARTIAL_RESOURCE_DESCRIPTOR D =
			&List->PartialDescriptors[i];

		if (D->Type == Type && D->u.Generic.Length >= MinLength)
			return D;
	}
	return NULL;
}

/* A PCI function's one line-based interrupt (NDIS 5 has no MSI). */
static BOOLEAN NddFindInterrupt(PNDIS_RESOURCE_LIST List, PNDD_INTERRUPT Irq)
{
	PCM_PARTIAL_RESOURCE_DESCRIPTOR D;

	D = NddFindRange(List, CmResourceTypeInterrupt, 0);
	if (!D)
		return FALSE;
	Irq->Vector = D->u.Interrupt.Vector;
	Irq->Level = D->u.Interrupt.Level;
	Irq->Mode = D->Flags & CM_RESOURCE_INTERRUPT_LATCHED ?
		    NdisInterruptLatched : NdisInterruptLevelSensitive;
	return TRUE;
}

NDIS_STATUS NddQueryResources(NDIS_HANDLE Wcc, PNDD_INTERRUPT Irq,
			      NDD_PARSE_RESOURCES Parse, PVOID Context,
			      ULONG Tag)
{
	PNDIS_RESOURCE_LIST List;
	NDIS_STATUS Status;
	UINT Size = sizeof(NDIS_RESOURCE_LIST);
	UINT Alloc = Size;

	if (NdisAllocateMemoryWithTag((PVOID *)&List, Alloc, Tag) !=
	    NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	NdisMQueryAdapterResources(&Status, Wcc, List, &Size);
	if (Status == NDIS_STATUS_RESOURCES) {
		NdisFreeMemory(List, Alloc, 0);
		Alloc = Size;
		if (NdisAllocateMemoryWithTag((PVOID *)&List, Alloc, Tag) !=
		    NDIS_STATUS_SUCCESS)
			return NDIS_STATUS_RESOURCES;
		NdisMQueryAdapterResources(&Status, Wcc, List, &Size);
	}
	if (Status == NDIS_STATUS_SUCCESS && !NddFindInterrupt(List, Irq))
		Status = NDIS_STATUS_RESOURCE_CONFLICT;
	if (Status == NDIS_STATUS_SUCCESS)
		Status = Parse(Context, List);
	NdisFreeMemory(List, Alloc, 0);
	return Status;
}
