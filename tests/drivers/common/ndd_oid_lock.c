// SPDX-License-Identifier: GPL-2.0-only
/*
 * OID requests answered under the spin lock that guards the adapter's
 * NDD_ETH (deserialized miniports get requests concurrently with sends and
 * receives; the receive path reads the filter and counts frames), and the
 * chip told of a new packet filter or multicast list.
 */
#include "ndd.h"

NDIS_STATUS NddEthQueryWithLock(PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				NDIS_OID Oid, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	NDIS_STATUS Status;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	NdisAcquireSpinLock(Lock);
	Status = NddEthQuery(Eth, Oid, Buffer, Length, BytesWritten,
			     BytesNeeded);
	NdisReleaseSpinLock(Lock);
	return Status;
}

NDIS_STATUS NddEthSetWithLock(PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
			      NDIS_OID Oid, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded,
			      PULONG Changed)
{
	NDIS_STATUS Status;
	ULONG Ignored;

	NdisAcquireSpinLock(Lock);
	Status = NddEthSet(Eth, Oid, Buffer, Length, BytesRead, BytesNeeded,
			   Changed ? Changed : &Ignored);
	NdisReleaseSpinLock(Lock);
	return Status;
}

NDIS_STATUS NddEthSetFilterWithLock(PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				    NDIS_OID Oid, PVOID Buffer, ULONG Length,
				    PULONG BytesRead, PULONG BytesNeeded,
				    NDD_HANDLER Program, NDIS_HANDLE Context)
{
	NDIS_STATUS Status;
	ULONG Changed;

	Status = NddEthSetWithLock(Eth, Lock, Oid, Buffer, Length, BytesRead,
				   BytesNeeded, &Changed);
	if (Status == NDIS_STATUS_SUCCESS && Program &&
	    (Changed & (NDD_CHANGED_FILTER | NDD_CHANGED_MCAST)))
		Program(Context);
	return Status;
}

NDIS_STATUS NddCopyInfoWithLock(PNDIS_SPIN_LOCK Lock, PVOID Buffer,
				ULONG Length, const VOID *Data,
				ULONG DataLength, PULONG BytesWritten,
				PULONG BytesNeeded)
{
	NDIS_STATUS Status;

	NdisAcquireSpinLock(Lock);
	Status = NddCopyInfo(Buffer, Length, Data, DataLength, BytesWritten,
			     BytesNeeded);
	NdisReleaseSpinLock(Lock);
	return Status;
}
