// SPDX-License-Identifier: GPL-2.0-only
/*
 * vserial OIDs: the mandatory Ethernet set plus a vendor OID counting the
 * MiniportTransferData calls served (so a test can see that they ran).
 */
#include "vserial.h"

#define OID_VSERIAL_TRANSFERS	0xFF4E0001	/* ULONG64 */

const NDIS_OID VserialOids[] = {
	NDD_ETH_MANDATORY_OIDS,
	OID_VSERIAL_TRANSFERS,
};
const ULONG VserialOidsSize = sizeof(VserialOids);

NDIS_STATUS VserialQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				    PVOID Buffer, ULONG Length,
				    PULONG BytesWritten, PULONG BytesNeeded)
{
	PVSERIAL_ADAPTER A = Context;

	if (Oid == OID_VSERIAL_TRANSFERS)
		return NddCopyInfoWithLock(&A->Lock, Buffer, Length,
					   &A->TransfersDone,
					   sizeof(A->TransfersDone),
					   BytesWritten, BytesNeeded);
	return NddEthQueryWithLock(&A->Eth, &A->Lock, Oid, Buffer, Length,
				   BytesWritten, BytesNeeded);
}

NDIS_STATUS VserialSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				  PVOID Buffer, ULONG Length, PULONG BytesRead,
				  PULONG BytesNeeded)
{
	PVSERIAL_ADAPTER A = Context;

	return NddEthSetWithLock(&A->Eth, &A->Lock, Oid, Buffer, Length,
				 BytesRead, BytesNeeded, NULL);
}
