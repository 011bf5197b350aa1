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
	NDIS_STATUS Status;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	NdisAcquireSpinLock(&A->Lock);
	if (Oid == OID_VSERIAL_TRANSFERS)
		Status = NddCopyInfo(Buffer, Length, &A->TransfersDone,
				     sizeof(A->TransfersDone), BytesWritten,
				     BytesNeeded);
	else
		Status = NddEthQuery(&A->Eth, Oid, Buffer, Length,
				     BytesWritten, BytesNeeded);
	NdisReleaseSpinLock(&A->Lock);
	return Status;
}

NDIS_STATUS VserialSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				  PVOID Buffer, ULONG Length, PULONG BytesRead,
				  PULONG BytesNeeded)
{
	PVSERIAL_ADAPTER A = Context;
	NDIS_STATUS Status;
	ULONG Changed;

	NdisAcquireSpinLock(&A->Lock);
	Status = NddEthSet(&A->Eth, Oid, Buffer, Length, BytesRead,
			   BytesNeeded, &Changed);
	NdisReleaseSpinLock(&A->Lock);
	return Status;
}
