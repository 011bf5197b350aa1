// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PCI adapter's resources from NdisMQueryAdapterResources: asked first
 * with room for one descriptor, as NDIS 5 drivers do, then again with the
 * size NDIS answered; the interrupt is taken here, the register ranges by
 * the driver.
 */
#include "ndd.h"

/* The interrupt among List's descriptors (the last, if several). */
static BOOLEAN NddFindInterrupt(PNDIS_RESOURCE_LIST List, PNDD_INTERRUPT Irq)
{
	BOOLEAN Found = FALSE;
	ULONG i;

	for (i = 0; i < List->Count; i++) {
		PCM_PARTIAL_RESOURCE_DESCRIPTOR D =
			&List->PartialDescriptors[i];

		if (D->Type != CmResourceTypeInterrupt)
			continue;
		Irq->Vector = D->u.Interrupt.Vector;
		Irq->Level = D->u.Interrupt.Level;
		Irq->Mode = D->Flags & CM_RESOURCE_INTERRUPT_LATCHED ?
			    NdisInterruptLatched : NdisInterruptLevelSensitive;
		Found = TRUE;
	}
	return Found;
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
