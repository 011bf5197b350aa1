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

	if (Oid == OID_GEN_TRANSMIT_QUEUE_LENGTH)
		return NddCopyInfoWithLock(&A->Lock, Buffer, Length,
					   &A->SendQueued, sizeof(A->SendQueued),
					   BytesWritten, BytesNeeded);
	return NddEthQueryWithLock(&A->Eth, &A->Lock, Oid, Buffer, Length,
				   BytesWritten, BytesNeeded);
}

NDIS_STATUS VetherSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length, PULONG BytesRead,
				 PULONG BytesNeeded)
{
	PVETHER_ADAPTER A = Context;

	return NddEthSetWithLock(&A->Eth, &A->Lock, Oid, Buffer, Length,
				 BytesRead, BytesNeeded, NULL);
}
