// SPDX-License-Identifier: GPL-2.0-only
/*
 * Answers to the general and 802.3 OIDs that every Ethernet miniport must
 * support (NDIS 5.1 "Mandatory OIDs"), from the NDD_ETH state a driver keeps.
 */
#include "ndd.h"

NDIS_STATUS NddCopyInfo(PVOID Buffer, ULONG Length, const VOID *Data,
			ULONG DataLength, PULONG BytesWritten,
			PULONG BytesNeeded)
{
	*BytesNeeded = DataLength;
	if (Length < DataLength) {
		*BytesWritten = 0;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Buffer, (PVOID)Data, DataLength);
	*BytesWritten = DataLength;
	return NDIS_STATUS_SUCCESS;
}

/* Counters answer in 64 bits when the buffer allows, else in 32 bits. */
static NDIS_STATUS NddCounter(PVOID Buffer, ULONG Length, ULONG64 Value,
			      PULONG BytesWritten, PULONG BytesNeeded)
{
	ULONG Low = (ULONG)Value;

	if (Length >= sizeof(ULONG64) || Length < sizeof(ULONG)) {
		return NddCopyInfo(Buffer, Length, &Value, sizeof(Value),
				   BytesWritten, BytesNeeded);
	}
	NddCopyInfo(Buffer, Length, &Low, sizeof(Low), BytesWritten,
		    BytesNeeded);
	*BytesNeeded = sizeof(ULONG64);
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS NddStatQuery(PNDD_ETH Eth, NDIS_OID Oid, PVOID Buffer,
				ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded)
{
	ULONG64 Value;

	switch (Oid) {
	case OID_GEN_XMIT_OK:
		Value = Eth->Stats.XmitOk;
		break;
	case OID_GEN_RCV_OK:
		Value = Eth->Stats.RcvOk;
		break;
	case OID_GEN_XMIT_ERROR:
		Value = Eth->Stats.XmitError;
		break;
	case OID_GEN_RCV_ERROR:
		Value = Eth->Stats.RcvError;
		break;
	case OID_GEN_RCV_NO_BUFFER:
		Value = Eth->Stats.RcvNoBuffer;
		break;
	case OID_GEN_RCV_CRC_ERROR:
		Value = Eth->Stats.RcvCrcError;
		break;
	case OID_GEN_DIRECTED_BYTES_XMIT:
		Value = Eth->Stats.DirectedBytesXmit;
		break;
	case OID_GEN_DIRECTED_FRAMES_XMIT:
		Value = Eth->Stats.DirectedFramesXmit;
		break;
	case OID_GEN_DIRECTED_BYTES_RCV:
		Value = Eth->Stats.DirectedBytesRcv;
		break;
	case OID_GEN_DIRECTED_FRAMES_RCV:
		Value = Eth->Stats.DirectedFramesRcv;
		break;
	case OID_802_3_RCV_ERROR_ALIGNMENT:
		Value = Eth->Stats.RcvAlignmentError;
		break;
	case OID_802_3_XMIT_ONE_COLLISION:
		Value = Eth->Stats.XmitOneCollision;
		break;
	case OID_802_3_XMIT_MORE_COLLISIONS:
		Value = Eth->Stats.XmitMoreCollisions;
		break;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	return NddCounter(Buffer, Length, Value, BytesWritten, BytesNeeded);
}

NDIS_STATUS NddEthQuery(PNDD_ETH Eth, NDIS_OID Oid, PVOID Buffer, ULONG Length,
			PULONG BytesWritten, PULONG BytesNeeded)
{
	const VOID *Data;
	ULONG Size = sizeof(ULONG);
	ULONG Value = 0;
	USHORT Version;
	NDIS_MEDIUM Medium = NdisMedium802_3;
	NDIS_PHYSICAL_MEDIUM Physical = NdisPhysicalMediumUnspecified;

	Data = &Value;
	switch (Oid) {
	case OID_GEN_SUPPORTED_LIST:
		Data = Eth->SupportedOids;
		Size = Eth->SupportedOidsSize;
		break;
	case OID_GEN_HARDWARE_STATUS:
		Value = Eth->HardwareStatus;
		break;
	case OID_GEN_MEDIA_SUPPORTED:
	case OID_GEN_MEDIA_IN_USE:
		Data = &Medium;
		Size = sizeof(Medium);
		break;
	case OID_GEN_PHYSICAL_MEDIUM:
		Data = &Physical;
		Size = sizeof(Physical);
		break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
	case OID_GEN_MAXIMUM_FRAME_SIZE:
		Value = NDD_ETH_MAX_DATA;
		break;
	case OID_GEN_TRANSMIT_BLOCK_SIZE:
	case OID_GEN_RECEIVE_BLOCK_SIZE:
	case OID_GEN_MAXIMUM_TOTAL_SIZE:
		Value = NDD_ETH_MAX_FRAME;
		break;
	case OID_GEN_LINK_SPEED:
		Value = Eth->LinkSpeed;
		break;
	case OID_GEN_TRANSMIT_BUFFER_SPACE:
		Value = Eth->TxBufferSpace;
		break;
	case OID_GEN_RECEIVE_BUFFER_SPACE:
		Value = Eth->RxBufferSpace;
		break;
	case OID_GEN_VENDOR_ID:
		Value = Eth->VendorId;
		break;
	case OID_GEN_VENDOR_DESCRIPTION:
		Data = Eth->VendorDescription;
		Size = (ULONG)strlen(Eth->VendorDescription) + 1;
		break;
	case OID_GEN_VENDOR_DRIVER_VERSION:
		Value = Eth->VendorDriverVersion;
		break;
	case OID_GEN_DRIVER_VERSION:
		Version = Eth->NdisVersion;
		Data = &Version;
		Size = sizeof(Version);
		break;
	case OID_GEN_CURRENT_PACKET_FILTER:
		Value = Eth->PacketFilter;
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		Value = Eth->Lookahead;
		break;
	case OID_GEN_MAC_OPTIONS:
		Value = Eth->MacOptions;
		break;
	case OID_GEN_MEDIA_CONNECT_STATUS:
		Value = Eth->MediaState;
		break;
	case OID_GEN_MAXIMUM_SEND_PACKETS:
		Value = Eth->MaxSendPackets;
		break;
	case OID_802_3_PERMANENT_ADDRESS:
		Data = Eth->PermanentAddress;
		Size = NDD_ETH_ALEN;
		break;
	case OID_802_3_CURRENT_ADDRESS:
		Data = Eth->CurrentAddress;
		Size = NDD_ETH_ALEN;
		break;
	case OID_802_3_MULTICAST_LIST:
		Data = Eth->McastList;
		Size = Eth->McastCount * NDD_ETH_ALEN;
		break;
	case OID_802_3_MAXIMUM_LIST_SIZE:
		Value = NDD_MAX_MCAST;
		break;
	case OID_802_3_MAC_OPTIONS:
		Value = 0;	/* no 802.3 priority */
		break;
	default:
		return NddStatQuery(Eth, Oid, Buffer, Length, BytesWritten,
				    BytesNeeded);
	}
	return NddCopyInfo(Buffer, Length, Data, Size, BytesWritten,
			   BytesNeeded);
}

static NDIS_STATUS NddSetUlong(PVOID Buffer, ULONG Length, PULONG Value,
			       PULONG BytesRead, PULONG BytesNeeded)
{
	*BytesNeeded = sizeof(ULONG);
	if (Length < sizeof(ULONG)) {
		*BytesRead = 0;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Value, Buffer, sizeof(ULONG));
	*BytesRead = sizeof(ULONG);
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS NddEthSet(PNDD_ETH Eth, NDIS_OID Oid, PVOID Buffer, ULONG Length,
		      PULONG BytesRead, PULONG BytesNeeded, PULONG Changed)
{
	NDIS_STATUS Status;
	ULONG Value;

	*Changed = 0;
	*BytesRead = 0;
	*BytesNeeded = 0;
	switch (Oid) {
	case OID_GEN_CURRENT_PACKET_FILTER:
		Status = NddSetUlong(Buffer, Length, &Value, BytesRead,
				     BytesNeeded);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		if (Value & ~NDD_FILTERS)
			return NDIS_STATUS_NOT_SUPPORTED;
		Eth->PacketFilter = Value;
		*Changed = NDD_CHANGED_FILTER;
		return NDIS_STATUS_SUCCESS;
	case OID_GEN_CURRENT_LOOKAHEAD:
		Status = NddSetUlong(Buffer, Length, &Value, BytesRead,
				     BytesNeeded);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		if (Value > NDD_ETH_MAX_DATA)
			return NDIS_STATUS_INVALID_DATA;
		Eth->Lookahead = Value;
		*Changed = NDD_CHANGED_LOOKAHEAD;
		return NDIS_STATUS_SUCCESS;
	case OID_GEN_PROTOCOL_OPTIONS:
		return NddSetUlong(Buffer, Length, &Value, BytesRead,
				   BytesNeeded);
	case OID_802_3_MULTICAST_LIST:
		if (Length % NDD_ETH_ALEN) {
			*BytesNeeded = (Length / NDD_ETH_ALEN + 1) * NDD_ETH_ALEN;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		if (Length / NDD_ETH_ALEN > NDD_MAX_MCAST)
			return NDIS_STATUS_MULTICAST_FULL;
		NdisMoveMemory(Eth->McastList, Buffer, Length);
		Eth->McastCount = Length / NDD_ETH_ALEN;
		*BytesRead = Length;
		*Changed = NDD_CHANGED_MCAST;
		return NDIS_STATUS_SUCCESS;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
}

static BOOLEAN NddIsBroadcast(const UCHAR *Dest)
{
	return (Dest[0] & Dest[1] & Dest[2] & Dest[3] & Dest[4] & Dest[5]) ==
		0xff;
}

BOOLEAN NddEthAccepts(PNDD_ETH Eth, const UCHAR *Frame, ULONG Length)
{
	ULONG Filter = Eth->PacketFilter;
	ULONG i;

	if (Length < NDD_ETH_HLEN)
		return FALSE;
	if (Filter & NDIS_PACKET_TYPE_PROMISCUOUS)
		return TRUE;
	if (NddIsBroadcast(Frame))
		return (Filter & NDIS_PACKET_TYPE_BROADCAST) != 0;
	if (Frame[0] & 1) {
		if (Filter & NDIS_PACKET_TYPE_ALL_MULTICAST)
			return TRUE;
		if (!(Filter & NDIS_PACKET_TYPE_MULTICAST))
			return FALSE;
		for (i = 0; i < Eth->McastCount; i++)
			if (NdisEqualMemory(Frame, Eth->McastList[i],
					    NDD_ETH_ALEN))
				return TRUE;
		return FALSE;
	}
	return (Filter & NDIS_PACKET_TYPE_DIRECTED) &&
		NdisEqualMemory(Frame, Eth->CurrentAddress, NDD_ETH_ALEN);
}

VOID NddEthCountRx(PNDD_ETH Eth, const UCHAR *Frame, ULONG Length)
{
	Eth->Stats.RcvOk++;
	if (Length >= NDD_ETH_HLEN && !(Frame[0] & 1)) {
		Eth->Stats.DirectedFramesRcv++;
		Eth->Stats.DirectedBytesRcv += Length;
	}
}

VOID NddEthCountTx(PNDD_ETH Eth, const UCHAR *Frame, ULONG Length)
{
	Eth->Stats.XmitOk++;
	if (Length >= NDD_ETH_HLEN && !(Frame[0] & 1)) {
		Eth->Stats.DirectedFramesXmit++;
		Eth->Stats.DirectedBytesXmit += Length;
	}
}
