// SPDX-License-Identifier: GPL-2.0-only
/*
 * DriverEntry's NDIS half: the wrapper, and the miniport characteristics
 * registered with the NDIS version the driver is built for.
 */
#include "ndd.h"

NDIS_STATUS NddRegisterMiniport(PDRIVER_OBJECT DriverObject,
				PUNICODE_STRING RegistryPath,
				PNDIS_MINIPORT_CHARACTERISTICS Chars,
				PNDIS_HANDLE Wrapper)
{
	NDIS_HANDLE Handle;
	NDIS_STATUS Status;

	NdisMInitializeWrapper(&Handle, DriverObject, RegistryPath, NULL);
	if (!Handle)
		return NDIS_STATUS_FAILURE;
	Chars->MajorNdisVersion = NDD_NDIS_MAJOR;
	Chars->MinorNdisVersion = NDD_NDIS_MINOR;
	Status = NdisMRegisterMiniport(Handle, Chars, sizeof(*Chars));
	if (Status != NDIS_STATUS_SUCCESS)
		NdisTerminateWrapper(Handle, NULL);
	else if (Wrapper)
		*Wrapper = Handle;
	return Status;
}
