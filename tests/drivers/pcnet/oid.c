// SPDX-License-Identifier: GPL-2.0-only
/*
 * OIDs of an NDIS 4.0 Ethernet miniport. A new packet filter or multicast
 * list restarts the chip: its mode and logical address filter are read
 * from the initialization block only at INIT.
 */
#include "pcnet.h"

static const NDIS_OID PcnOids[] = {
	OID_GEN_SUPPORTED_LIST, OID_GEN_HARDWARE_STATUS, OID_GEN_MEDIA_SUPPORTED,
	OID_GEN_MEDIA_IN_USE, OID_GEN_MAXIMUM_LOOKAHEAD,
	OID_GEN_MAXIMUM_FRAME_SIZE, OID_GEN_MAXIMUM_TOTAL_SIZE,
	OID_GEN_LINK_SPEED, OID_GEN_TRANSMIT_BUFFER_SPACE,
	OID_GEN_RECEIVE_BUFFER_SPACE, OID_GEN_TRANSMIT_BLOCK_SIZE,
	OID_GEN_RECEIVE_BLOCK_SIZE, OID_GEN_VENDOR_ID,
	OID_GEN_VENDOR_DESCRIPTION, OID_GEN_VENDOR_DRIVER_VERSION,
	OID_GEN_DRIVER_VERSION, OID_GEN_CURRENT_PACKET_FILTER,
	OID_GEN_CURRENT_LOOKAHEAD, OID_GEN_MAC_OPTIONS,
	OID_GEN_MEDIA_CONNECT_STATUS, OID_GEN_MAXIMUM_SEND_PACKETS,
	OID_GEN_XMIT_OK, OID_GEN_RCV_OK, OID_GEN_XMIT_ERROR, OID_GEN_RCV_ERROR,
	OID_GEN_RCV_NO_BUFFER, OID_802_3_PERMANENT_ADDRESS,
	OID_802_3_CURRENT_ADDRESS, OID_802_3_MULTICAST_LIST,
	OID_802_3_MAXIMUM_LIST_SIZE,
};

static const char PcnName[] = "ndisload AMD PCnet-PCI II NDIS 4.0 adapter";

NDIS_STATUS PcnQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	PPCN_ADAPTER A = Context;
	ULONG V = 0, Size = sizeof(ULONG);
	const VOID *Src = &V;
	USHORT Ver = 0x0400;

	*BytesWritten = *BytesNeeded = 0;
	switch (Oid) {
	case OID_GEN_SUPPORTED_LIST:
		Src = PcnOids; Size = sizeof(PcnOids); break;
	case OID_GEN_HARDWARE_STATUS:
		V = NdisHardwareStatusReady; break;
	case OID_GEN_MEDIA_SUPPORTED:
	case OID_GEN_MEDIA_IN_USE:
		V = NdisMedium802_3; break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
	case OID_GEN_CURRENT_LOOKAHEAD:
	case OID_GEN_MAXIMUM_FRAME_SIZE:
		V = PCN_MAX_FRAME - PCN_HEADER; break;	/* whole frames */
	case OID_GEN_MAXIMUM_TOTAL_SIZE:
	case OID_GEN_TRANSMIT_BLOCK_SIZE:
	case OID_GEN_RECEIVE_BLOCK_SIZE:
		V = PCN_MAX_FRAME; break;
	case OID_GEN_LINK_SPEED:
		V = 100000; break;			/* 10 Mbit/s */
	case OID_GEN_TRANSMIT_BUFFER_SPACE:
	case OID_GEN_RECEIVE_BUFFER_SPACE:
		V = PCN_RING * PCN_BUF; break;
	case OID_GEN_VENDOR_ID:
		NdisMoveMemory(&V, A->PermanentAddress, 3); break;
	case OID_GEN_VENDOR_DESCRIPTION:
		Src = PcnName; Size = sizeof(PcnName); break;
	case OID_GEN_VENDOR_DRIVER_VERSION:
		V = PCN_VERSION; break;
	case OID_GEN_DRIVER_VERSION:
		Src = &Ver; Size = sizeof(Ver); break;
	case OID_GEN_CURRENT_PACKET_FILTER:
		V = A->PacketFilter; break;
	case OID_GEN_MAC_OPTIONS:
		V = NDIS_MAC_OPTION_COPY_LOOKAHEAD_DATA |
		    NDIS_MAC_OPTION_TRANSFERS_NOT_PEND |
		    NDIS_MAC_OPTION_NO_LOOPBACK; break;
	case OID_GEN_MEDIA_CONNECT_STATUS:
		V = NdisMediaStateConnected; break;
	case OID_GEN_MAXIMUM_SEND_PACKETS:
		V = 1; break;
	case OID_GEN_XMIT_OK:
		V = A->TxOk; break;
	case OID_GEN_RCV_OK:
		V = A->RxOk; break;
	case OID_GEN_XMIT_ERROR:
		V = A->TxErr; break;
	case OID_GEN_RCV_ERROR:
		V = A->RxErr; break;
	case OID_GEN_RCV_NO_BUFFER:
		V = A->RxMissed; break;
	case OID_802_3_PERMANENT_ADDRESS:
		Src = A->PermanentAddress; Size = PCN_ALEN; break;
	case OID_802_3_CURRENT_ADDRESS:
		Src = A->StationAddress; Size = PCN_ALEN; break;
	case OID_802_3_MULTICAST_LIST:
		Src = A->McList; Size = A->McCount * PCN_ALEN; break;
	case OID_802_3_MAXIMUM_LIST_SIZE:
		V = PCN_MCAST_MAX; break;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (Length < Size) {
		*BytesNeeded = Size;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Buffer, Src, Size);
	*BytesWritten = Size;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS PcnSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			      PVOID Buffer, ULONG Length, PULONG BytesRead,
			      PULONG BytesNeeded)
{
	PPCN_ADAPTER A = Context;
	ULONG V;

	*BytesRead = *BytesNeeded = 0;
	if (Oid == OID_802_3_MULTICAST_LIST) {
		if (Length % PCN_ALEN)
			return NDIS_STATUS_INVALID_LENGTH;
		if (Length > sizeof(A->McList))
			return NDIS_STATUS_MULTICAST_FULL;
		NdisMoveMemory(A->McList, Buffer, Length);
		A->McCount = Length / PCN_ALEN;
		*BytesRead = Length;
		return PcnStart(A);
	}
	if (Oid != OID_GEN_CURRENT_PACKET_FILTER &&
	    Oid != OID_GEN_CURRENT_LOOKAHEAD && Oid != OID_GEN_PROTOCOL_OPTIONS)
		return NDIS_STATUS_NOT_SUPPORTED;
	if (Length < sizeof(V)) {
		*BytesNeeded = sizeof(V);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(&V, Buffer, sizeof(V));
	*BytesRead = sizeof(V);
	if (Oid != OID_GEN_CURRENT_PACKET_FILTER)
		return NDIS_STATUS_SUCCESS;	/* the whole frame is indicated anyway */
	if (V & ~(NDIS_PACKET_TYPE_DIRECTED | NDIS_PACKET_TYPE_MULTICAST |
		  NDIS_PACKET_TYPE_ALL_MULTICAST | NDIS_PACKET_TYPE_BROADCAST |
		  NDIS_PACKET_TYPE_PROMISCUOUS))
		return NDIS_STATUS_NOT_SUPPORTED;
	A->PacketFilter = V;
	return PcnStart(A);
}
