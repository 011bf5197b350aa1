// SPDX-License-Identifier: GPL-2.0-only
/*
 * How every MiniportInitialize here begins: pick 802.3 from the media NDIS
 * offers (NDIS 5.1 wireless miniports present 802.3 too) and allocate the
 * zeroed adapter context; and the attributes the PCI bus masters declare.
 */
#include "ndd.h"

NDIS_STATUS NddAllocateAdapter(PUINT SelectedMediumIndex,
			       PNDIS_MEDIUM MediumArray, UINT MediumArraySize,
			       PVOID *Adapter, UINT Size, ULONG Tag)
{
	UINT i;

	for (i = 0; i < MediumArraySize; i++)
		if (MediumArray[i] == NdisMedium802_3)
			break;
	if (i == MediumArraySize)
		return NDIS_STATUS_UNSUPPORTED_MEDIA;
	*SelectedMediumIndex = i;
	if (NddAllocateZeroed(Adapter, Size, Tag) != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	return NDIS_STATUS_SUCCESS;
}

VOID NddSetBusMasterAttributes(NDIS_HANDLE Miniport, PVOID Adapter)
{
	NdisMSetAttributesEx(Miniport, Adapter, 0,
			     NDIS_ATTRIBUTE_BUS_MASTER |
			     NDIS_ATTRIBUTE_DESERIALIZE |
			     NDIS_ATTRIBUTE_SURPRISE_REMOVE_OK |
			     NDIS_ATTRIBUTE_USES_SAFE_BUFFER_APIS,
			     NdisInterfacePci);
}
