// SPDX-License-Identifier: GPL-2.0-only
/*
 * OID requests. NDIS answers most general queries itself from the
 * general attributes; what a miniport keeps (filters, counters, the
 * lookahead, addresses) is answered here, synchronously.
 */
#include "e1000e6.h"

#define E6_STATS_SUPPORTED \
	(NDIS_STATISTICS_FLAGS_VALID_DIRECTED_FRAMES_RCV | \
	 NDIS_STATISTICS_FLAGS_VALID_MULTICAST_FRAMES_RCV | \
	 NDIS_STATISTICS_FLAGS_VALID_BROADCAST_FRAMES_RCV | \
	 NDIS_STATISTICS_FLAGS_VALID_BYTES_RCV | \
	 NDIS_STATISTICS_FLAGS_VALID_RCV_DISCARDS | \
	 NDIS_STATISTICS_FLAGS_VALID_RCV_ERROR | \
	 NDIS_STATISTICS_FLAGS_VALID_DIRECTED_FRAMES_XMIT | \
	 NDIS_STATISTICS_FLAGS_VALID_MULTICAST_FRAMES_XMIT | \
	 NDIS_STATISTICS_FLAGS_VALID_BROADCAST_FRAMES_XMIT | \
	 NDIS_STATISTICS_FLAGS_VALID_BYTES_XMIT | \
	 NDIS_STATISTICS_FLAGS_VALID_XMIT_ERROR)

/*
 * Vendor OIDs (the 0xFF range is implementation-specific): large sends
 * completed and their TCP payload bytes, for diagnostics and tests.
 */
#define E6_OID_LSO_PACKETS	0xFF8274A0
#define E6_OID_LSO_BYTES	0xFF8274A1

const NDIS_OID E6SupportedOids[] = {
	OID_GEN_SUPPORTED_LIST,
	OID_GEN_HARDWARE_STATUS,
	OID_GEN_MEDIA_SUPPORTED,
	OID_GEN_MEDIA_IN_USE,
	OID_GEN_MAXIMUM_LOOKAHEAD,
	OID_GEN_MAXIMUM_FRAME_SIZE,
	OID_GEN_MAXIMUM_TOTAL_SIZE,
	OID_GEN_LINK_SPEED,
	OID_GEN_TRANSMIT_BUFFER_SPACE,
	OID_GEN_RECEIVE_BUFFER_SPACE,
	OID_GEN_TRANSMIT_BLOCK_SIZE,
	OID_GEN_RECEIVE_BLOCK_SIZE,
	OID_GEN_VENDOR_ID,
	OID_GEN_VENDOR_DESCRIPTION,
	OID_GEN_VENDOR_DRIVER_VERSION,
	OID_GEN_DRIVER_VERSION,
	OID_GEN_CURRENT_PACKET_FILTER,
	OID_GEN_CURRENT_LOOKAHEAD,
	OID_GEN_MAC_OPTIONS,
	OID_GEN_MEDIA_CONNECT_STATUS,
	OID_GEN_MAXIMUM_SEND_PACKETS,
	OID_GEN_XMIT_OK,
	OID_GEN_RCV_OK,
	OID_GEN_XMIT_ERROR,
	OID_GEN_RCV_ERROR,
	OID_GEN_RCV_NO_BUFFER,
	OID_GEN_STATISTICS,
	OID_802_3_PERMANENT_ADDRESS,
	OID_802_3_CURRENT_ADDRESS,
	OID_802_3_MULTICAST_LIST,
	OID_802_3_MAXIMUM_LIST_SIZE,
	OID_802_3_RCV_ERROR_ALIGNMENT,
	OID_802_3_XMIT_ONE_COLLISION,
	OID_802_3_XMIT_MORE_COLLISIONS,
	OID_TCP_OFFLOAD_PARAMETERS,
	OID_OFFLOAD_ENCAPSULATION,
	E6_OID_LSO_PACKETS,
	E6_OID_LSO_BYTES,
};
const ULONG E6SupportedOidsLength = sizeof(E6SupportedOids);

static const char E6Description[] = "Intel(R) 82574L Gigabit Network Connection (ndisload NDIS 6.20 test miniport)";

static NDIS_STATUS E6Query(PE6_ADAPTER Adapter, PNDIS_OID_REQUEST Request)
{
	NDIS_OID oid = Request->DATA.QUERY_INFORMATION.Oid;
	PVOID out = Request->DATA.QUERY_INFORMATION.InformationBuffer;
	ULONG outLen = Request->DATA.QUERY_INFORMATION.InformationBufferLength;
	const VOID *src = NULL;
	ULONG len = sizeof(ULONG);
	ULONG u = 0;
	ULONG64 u64 = 0;
	BOOLEAN counter = FALSE;
	NDIS_STATISTICS_INFO st;
	E6_STATS *s = &Adapter->Stats;

	switch (oid) {
	case OID_GEN_SUPPORTED_LIST:
		src = E6SupportedOids;
		len = E6SupportedOidsLength;
		break;
	case OID_GEN_HARDWARE_STATUS:
		u = NdisHardwareStatusReady;
		break;
	case OID_GEN_MEDIA_SUPPORTED:
	case OID_GEN_MEDIA_IN_USE:
		u = NdisMedium802_3;
		break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
	case OID_GEN_MAXIMUM_FRAME_SIZE:
		u = E6_MTU;
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		u = Adapter->Lookahead;
		break;
	case OID_GEN_MAXIMUM_TOTAL_SIZE:
	case OID_GEN_TRANSMIT_BLOCK_SIZE:
	case OID_GEN_RECEIVE_BLOCK_SIZE:
		u = E6_MAX_FRAME;
		break;
	case OID_GEN_LINK_SPEED:	/* in 100 bit/s */
		u = (ULONG)(Adapter->LinkSpeed / 100);
		break;
	case OID_GEN_TRANSMIT_BUFFER_SPACE:
		u = E6_TCBS * E6_MAX_FRAME;
		break;
	case OID_GEN_RECEIVE_BUFFER_SPACE:
		u = E6_RX_DESCS * E6_RX_BUFFER;
		break;
	case OID_GEN_VENDOR_ID:
		/* the IEEE OUI of the permanent address, NIC number 0 */
		u = Adapter->PermanentAddress[0] |
		    Adapter->PermanentAddress[1] << 8 |
		    Adapter->PermanentAddress[2] << 16;
		break;
	case OID_GEN_VENDOR_DESCRIPTION:
		src = E6Description;
		len = sizeof(E6Description);
		break;
	case OID_GEN_VENDOR_DRIVER_VERSION:
		u = E6_VENDOR_DRIVER_VERSION;
		break;
	case OID_GEN_DRIVER_VERSION:
		u = (NDIS_MINIPORT_MAJOR_VERSION << 8) | NDIS_MINIPORT_MINOR_VERSION;
		len = sizeof(USHORT);
		break;
	case OID_GEN_CURRENT_PACKET_FILTER:
		u = Adapter->PacketFilter;
		break;
	case OID_GEN_MAC_OPTIONS:
		u = NDIS_MAC_OPTION_COPY_LOOKAHEAD_DATA |
		    NDIS_MAC_OPTION_TRANSFERS_NOT_PEND |
		    NDIS_MAC_OPTION_NO_LOOPBACK;
		break;
	case OID_GEN_MEDIA_CONNECT_STATUS:
		u = Adapter->LinkUp ? NdisMediaStateConnected :
				      NdisMediaStateDisconnected;
		break;
	case OID_GEN_MAXIMUM_SEND_PACKETS:
		u = E6_TCBS;
		break;
	case OID_GEN_XMIT_OK:
		u64 = s->TxFrames;
		counter = TRUE;
		break;
	case OID_GEN_RCV_OK:
		u64 = s->RxFrames;
		counter = TRUE;
		break;
	case OID_GEN_XMIT_ERROR:
		u64 = s->TxErrors;
		counter = TRUE;
		break;
	case OID_GEN_RCV_ERROR:
		NdisAcquireSpinLock(&Adapter->Lock);
		E6HwCollectStats(Adapter);
		NdisReleaseSpinLock(&Adapter->Lock);
		u64 = s->RxErrors + s->RxCrcErrors + s->RxAlignErrors;
		counter = TRUE;
		break;
	case OID_GEN_RCV_NO_BUFFER:
		NdisAcquireSpinLock(&Adapter->Lock);
		E6HwCollectStats(Adapter);
		NdisReleaseSpinLock(&Adapter->Lock);
		u64 = s->RxNoBuffer;
		counter = TRUE;
		break;
	case E6_OID_LSO_PACKETS:
		u64 = s->TxLsoPackets;
		counter = TRUE;
		break;
	case E6_OID_LSO_BYTES:
		u64 = s->TxLsoBytes;
		counter = TRUE;
		break;
	case OID_802_3_RCV_ERROR_ALIGNMENT:
		u64 = s->RxAlignErrors;
		counter = TRUE;
		break;
	case OID_802_3_XMIT_ONE_COLLISION:
		u64 = s->Collisions1;
		counter = TRUE;
		break;
	case OID_802_3_XMIT_MORE_COLLISIONS:
		u64 = s->CollisionsN;
		counter = TRUE;
		break;
	case OID_GEN_STATISTICS:
		NdisZeroMemory(&st, sizeof(st));
		st.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
		st.Header.Revision = NDIS_STATISTICS_INFO_REVISION_1;
		st.Header.Size = NDIS_SIZEOF_STATISTICS_INFO_REVISION_1;
		st.SupportedStatistics = E6_STATS_SUPPORTED;
		NdisAcquireSpinLock(&Adapter->Lock);
		E6HwCollectStats(Adapter);
		st.ifInDiscards = s->RxDiscards + s->RxNoBuffer;
		st.ifInErrors = s->RxErrors + s->RxCrcErrors + s->RxAlignErrors;
		st.ifHCInOctets = s->RxBytes;
		st.ifHCInUcastPkts = s->RxUcast;
		st.ifHCInMulticastPkts = s->RxMcast;
		st.ifHCInBroadcastPkts = s->RxBcast;
		st.ifHCOutOctets = s->TxBytes;
		st.ifHCOutUcastPkts = s->TxUcast;
		st.ifHCOutMulticastPkts = s->TxMcast;
		st.ifHCOutBroadcastPkts = s->TxBcast;
		st.ifOutErrors = s->TxErrors;
		NdisReleaseSpinLock(&Adapter->Lock);
		src = &st;
		len = NDIS_SIZEOF_STATISTICS_INFO_REVISION_1;
		break;
	case OID_802_3_PERMANENT_ADDRESS:
		src = Adapter->PermanentAddress;
		len = 6;
		break;
	case OID_802_3_CURRENT_ADDRESS:
		src = Adapter->CurrentAddress;
		len = 6;
		break;
	case OID_802_3_MULTICAST_LIST:
		src = Adapter->McastList;
		len = Adapter->McastCount * 6;
		break;
	case OID_802_3_MAXIMUM_LIST_SIZE:
		u = E6_MCAST_MAX;
		break;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}

	/* counters: 64 bits when there is room, else the low 32 */
	if (counter) {
		if (outLen >= sizeof(ULONG64)) {
			src = &u64;
			len = sizeof(ULONG64);
		} else {
			u = (ULONG)u64;
			len = sizeof(ULONG);
		}
	}
	if (!src)
		src = &u;
	if (outLen < len) {
		Request->DATA.QUERY_INFORMATION.BytesNeeded = len;
		return NDIS_STATUS_BUFFER_TOO_SHORT;
	}
	NdisMoveMemory(out, src, len);
	Request->DATA.QUERY_INFORMATION.BytesWritten = len;
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS E6Set(PE6_ADAPTER Adapter, PNDIS_OID_REQUEST Request)
{
	NDIS_OID oid = Request->DATA.SET_INFORMATION.Oid;
	PUCHAR in = Request->DATA.SET_INFORMATION.InformationBuffer;
	ULONG inLen = Request->DATA.SET_INFORMATION.InformationBufferLength;
	ULONG u;

	switch (oid) {
	case OID_GEN_CURRENT_PACKET_FILTER:
		if (inLen < sizeof(ULONG)) {
			Request->DATA.SET_INFORMATION.BytesNeeded = sizeof(ULONG);
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&u, in, sizeof(u));
		if (u & ~E6_PACKET_FILTERS)
			return NDIS_STATUS_NOT_SUPPORTED;
		NdisAcquireSpinLock(&Adapter->Lock);
		Adapter->PacketFilter = u;
		E6HwApplyFilter(Adapter);
		NdisReleaseSpinLock(&Adapter->Lock);
		Request->DATA.SET_INFORMATION.BytesRead = sizeof(ULONG);
		return NDIS_STATUS_SUCCESS;
	case OID_GEN_CURRENT_LOOKAHEAD:
		if (inLen < sizeof(ULONG)) {
			Request->DATA.SET_INFORMATION.BytesNeeded = sizeof(ULONG);
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&u, in, sizeof(u));
		if (u > E6_MTU)
			return NDIS_STATUS_INVALID_DATA;
		Adapter->Lookahead = u;
		Request->DATA.SET_INFORMATION.BytesRead = sizeof(ULONG);
		return NDIS_STATUS_SUCCESS;
	case OID_802_3_MULTICAST_LIST:
		if (inLen % 6) {
			Request->DATA.SET_INFORMATION.BytesNeeded =
				(inLen / 6 + 1) * 6;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		if (inLen / 6 > E6_MCAST_MAX)
			return NDIS_STATUS_MULTICAST_FULL;
		NdisAcquireSpinLock(&Adapter->Lock);
		if (inLen)
			NdisMoveMemory(Adapter->McastList, in, inLen);
		Adapter->McastCount = inLen / 6;
		E6HwApplyFilter(Adapter);
		NdisReleaseSpinLock(&Adapter->Lock);
		Request->DATA.SET_INFORMATION.BytesRead = inLen;
		return NDIS_STATUS_SUCCESS;
	case OID_TCP_OFFLOAD_PARAMETERS:
		return E6SetOffloadParameters(Adapter, Request);
	case OID_OFFLOAD_ENCAPSULATION:
		return E6SetOffloadEncapsulation(Adapter, Request);
	case OID_GEN_NETWORK_LAYER_ADDRESSES:
		/* nothing offloads them: accepted and ignored, as documented */
		Request->DATA.SET_INFORMATION.BytesRead = inLen;
		return NDIS_STATUS_SUCCESS;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
}

NDIS_STATUS E6OidRequest(NDIS_HANDLE Context, PNDIS_OID_REQUEST Request)
{
	PE6_ADAPTER adapter = Context;

	switch (Request->RequestType) {
	case NdisRequestQueryInformation:
	case NdisRequestQueryStatistics:
		return E6Query(adapter, Request);
	case NdisRequestSetInformation:
		return E6Set(adapter, Request);
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
}

/* Every request completes before E6OidRequest returns: nothing to cancel. */
VOID E6CancelOidRequest(NDIS_HANDLE Context, PVOID RequestId)
{
}
