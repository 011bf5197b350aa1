// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 OIDs: the mandatory Ethernet set (common/ndd_oid.c) with the
 * error, missed-frame and collision counters folded in from the chip's
 * statistics registers first, the transmit queue length and the optional
 * 802.3 transmit counters, checksum offload and large send (offload.c),
 * two vendor OIDs counting large sends for tests; packet filter and
 * multicast list changes are programmed into RCTL and the multicast hash
 * table.
 */
#include "ndle1000.h"

const NDIS_OID E1kOids[] = {
	NDD_ETH_MANDATORY_OIDS,
	OID_GEN_TRANSMIT_QUEUE_LENGTH,
	OID_802_3_XMIT_DEFERRED,
	OID_802_3_XMIT_MAX_COLLISIONS,
	OID_802_3_XMIT_LATE_COLLISIONS,
	OID_TCP_TASK_OFFLOAD,
	E1K_OID_LSO_PACKETS,
	E1K_OID_LSO_BYTES,
};
const ULONG E1kOidsSize = sizeof(E1kOids);

/* The optional 802.3 counters are ULONGs. */
static NDIS_STATUS E1kQueryUlong(PE1K_ADAPTER A, ULONG64 *Counter,
				 PVOID Buffer, ULONG Length,
				 PULONG BytesWritten, PULONG BytesNeeded)
{
	ULONG Value;

	E1kUpdateStats(A);
	Value = (ULONG)*Counter;
	return NddCopyInfo(Buffer, Length, &Value, sizeof(Value),
			   BytesWritten, BytesNeeded);
}

NDIS_STATUS E1kQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded)
{
	PE1K_ADAPTER A = Context;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	switch (Oid) {
	case OID_GEN_RCV_ERROR:
	case OID_GEN_RCV_NO_BUFFER:
	case OID_GEN_RCV_CRC_ERROR:
	case OID_802_3_RCV_ERROR_ALIGNMENT:
	case OID_802_3_XMIT_ONE_COLLISION:
	case OID_802_3_XMIT_MORE_COLLISIONS:
		E1kUpdateStats(A);
		break;
	case OID_802_3_XMIT_DEFERRED:
		return E1kQueryUlong(A, &A->HwStats.Deferred, Buffer, Length,
				     BytesWritten, BytesNeeded);
	case OID_802_3_XMIT_MAX_COLLISIONS:
		return E1kQueryUlong(A, &A->HwStats.ExcessCol, Buffer, Length,
				     BytesWritten, BytesNeeded);
	case OID_802_3_XMIT_LATE_COLLISIONS:
		return E1kQueryUlong(A, &A->HwStats.LateCol, Buffer, Length,
				     BytesWritten, BytesNeeded);
	case OID_GEN_TRANSMIT_QUEUE_LENGTH:
		return NddTxQueryQueueLength(&A->Tx, Buffer, Length,
					     BytesWritten, BytesNeeded);
	case OID_TCP_TASK_OFFLOAD:
		return E1kQueryTaskOffload(A, Buffer, Length, BytesWritten,
					   BytesNeeded);
	case E1K_OID_LSO_PACKETS:
		return NddCopyInfoWithLock(&A->TxLock, Buffer, Length,
					   &A->TxLsoPackets,
					   sizeof(A->TxLsoPackets),
					   BytesWritten, BytesNeeded);
	case E1K_OID_LSO_BYTES:
		return NddCopyInfoWithLock(&A->TxLock, Buffer, Length,
					   &A->TxLsoBytes, sizeof(A->TxLsoBytes),
					   BytesWritten, BytesNeeded);
	default:
		break;
	}
	return NddEthQuery(&A->Eth, Oid, Buffer, Length, BytesWritten,
			   BytesNeeded);
}

NDIS_STATUS E1kSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			      PVOID Buffer, ULONG Length, PULONG BytesRead,
			      PULONG BytesNeeded)
{
	PE1K_ADAPTER A = Context;

	if (Oid == OID_TCP_TASK_OFFLOAD)
		return E1kSetTaskOffload(A, Buffer, Length, BytesRead,
					 BytesNeeded);
	/* The receive DPC filters with the same state: change it locked. */
	return NddEthSetFilterWithLock(&A->Eth, &A->RxLock, Oid, Buffer,
				       Length, BytesRead, BytesNeeded,
				       A->Removed ? NULL : E1kSetRxMode, A);
}
