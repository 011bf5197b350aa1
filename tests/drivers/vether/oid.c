// SPDX-License-Identifier: GPL-2.0-only
/*
 * vether OIDs: the mandatory Ethernet set (common/ndd_oid.c) plus the
 * transmit queue length; a looped wire has no hardware filter to program.
 */
#include "vether.h"

const NDIS_OID VetherOids[] = {
	NDD_ETH_MANDATORY_OIDS,
	OID_GEN_TRANSMIT_QUEUE_LENGTH,
};
const ULONG VetherOidsSize = sizeof(VetherOids);

NDIS_STATUS VetherQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				   PVOID Buffer, ULONG Length,
				   PULONG BytesWritten, PULONG BytesNeeded)
{
	PVETHER_ADAPTER A = Context;
	NDIS_STATUS Status;
	ULONG Queued;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	NdisAcquireSpinLock(&A->Lock);
	if (Oid == OID_GEN_TRANSMIT_QUEUE_LENGTH) {
		Queued = A->SendQueued;
		Status = NddCopyInfo(Buffer, Length, &Queued, sizeof(Queued),
				     BytesWritten, BytesNeeded);
	} else {
		Status = NddEthQuery(&A->Eth, Oid, Buffer, Length,
				     BytesWritten, BytesNeeded);
	}
	NdisReleaseSpinLock(&A->Lock);
	return Status;
}

NDIS_STATUS VetherSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length, PULONG BytesRead,
				 PULONG BytesNeeded)
{
	PVETHER_ADAPTER A = Context;
	NDIS_STATUS Status;
	ULONG Changed;

	NdisAcquireSpinLock(&A->Lock);
	Status = NddEthSet(&A->Eth, Oid, Buffer, Length, BytesRead,
			   BytesNeeded, &Changed);
	NdisReleaseSpinLock(&A->Lock);
	return Status;
}
