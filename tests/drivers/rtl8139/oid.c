// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 OIDs: the mandatory Ethernet set, with the 802.3 error counters
 * and missed-packet count read from the chip's tally counters, and packet
 * filter / multicast list changes programmed into RCR and the MAR hash;
 * transmit checksum and large send offload (offload.c).
 */
#include "rtl8139.h"

const NDIS_OID RtlOids[] = {
	NDD_ETH_MANDATORY_OIDS,
	OID_GEN_TRANSMIT_QUEUE_LENGTH,
	OID_TCP_TASK_OFFLOAD,
};
const ULONG RtlOidsSize = sizeof(RtlOids);

NDIS_STATUS RtlQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded)
{
	PRTL_ADAPTER A = Context;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	switch (Oid) {
	case OID_GEN_RCV_NO_BUFFER:
	case OID_802_3_RCV_ERROR_ALIGNMENT:
	case OID_802_3_XMIT_ONE_COLLISION:
	case OID_802_3_XMIT_MORE_COLLISIONS:
		RtlUpdateTally(A);
		break;
	case OID_GEN_TRANSMIT_QUEUE_LENGTH:
		return NddTxQueryQueueLength(&A->Tx, Buffer, Length,
					     BytesWritten, BytesNeeded);
	case OID_TCP_TASK_OFFLOAD:
		return RtlQueryTaskOffload(A, Buffer, Length, BytesWritten,
					   BytesNeeded);
	default:
		break;
	}
	return NddEthQuery(&A->Eth, Oid, Buffer, Length, BytesWritten,
			   BytesNeeded);
}

NDIS_STATUS RtlSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			      PVOID Buffer, ULONG Length, PULONG BytesRead,
			      PULONG BytesNeeded)
{
	PRTL_ADAPTER A = Context;
	NDIS_STATUS Status;

	if (Oid == OID_TCP_TASK_OFFLOAD)
		return RtlSetTaskOffload(A, Buffer, Length, BytesRead,
					 BytesNeeded);
	/* The receive DPC filters with the same state: change it locked. */
	Status = NddEthSetFilterWithLock(&A->Eth, &A->RxLock, Oid, Buffer,
					 Length, BytesRead, BytesNeeded,
					 A->Removed ? NULL : RtlSetRxMode, A);
	if (Status == NDIS_STATUS_SUCCESS && A->McastClobbersMac &&
	    Oid == OID_802_3_MULTICAST_LIST && Length >= NDD_ETH_ALEN &&
	    !A->Removed)
		RtlWriteMac(A, Buffer);	/* the bug, on purpose */
	return Status;
}
