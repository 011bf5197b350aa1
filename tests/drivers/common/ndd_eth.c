// SPDX-License-Identifier: GPL-2.0-only
/*
 * An adapter's NDD_ETH as MiniportInitialize starts it: who it is (OIDs,
 * vendor, versions, address) and what every miniport here reports alike.
 */
#include "ndd.h"

VOID NddEthInit(PNDD_ETH Eth, const NDIS_OID *Oids, ULONG OidsSize,
		ULONG VendorId, const char *VendorDescription,
		ULONG VendorDriverVersion, const UCHAR *Address)
{
	Eth->SupportedOids = Oids;
	Eth->SupportedOidsSize = OidsSize;
	Eth->VendorId = VendorId;
	Eth->VendorDescription = VendorDescription;
	Eth->VendorDriverVersion = VendorDriverVersion;
	Eth->NdisVersion = NDD_NDIS_MAJOR << 8 | NDD_NDIS_MINOR;
	/* Lookahead in plain memory, synchronous TransferData, NDIS loops back. */
	Eth->MacOptions = NDIS_MAC_OPTION_COPY_LOOKAHEAD_DATA |
			  NDIS_MAC_OPTION_TRANSFERS_NOT_PEND |
			  NDIS_MAC_OPTION_NO_LOOPBACK;
	Eth->HardwareStatus = NdisHardwareStatusReady;
	Eth->Lookahead = NDD_ETH_MAX_DATA;
	if (Address) {
		NdisMoveMemory(Eth->PermanentAddress, (PVOID)Address,
			       NDD_ETH_ALEN);
		NdisMoveMemory(Eth->CurrentAddress, (PVOID)Address,
			       NDD_ETH_ALEN);
	}
}
