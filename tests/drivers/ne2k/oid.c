// SPDX-License-Identifier: GPL-2.0-only
/*
 * OIDs as an NDIS 3.0 Ethernet miniport answers them: the general and
 * 802.3 set of the time (32-bit counters), OID_GEN_MAXIMUM_LOOKAHEAD the
 * size of the driver's lookahead buffer, OID_GEN_CURRENT_LOOKAHEAD
 * settable up to it; the packet filter and multicast list program the
 * chip. Vendor OIDs count indications and TransferData calls (tests).
 */
#include "ne2k.h"

static const NDIS_OID Ne2kOids[] = {
	OID_GEN_SUPPORTED_LIST, OID_GEN_HARDWARE_STATUS,
	OID_GEN_MEDIA_SUPPORTED, OID_GEN_MEDIA_IN_USE,
	OID_GEN_MAXIMUM_LOOKAHEAD, OID_GEN_MAXIMUM_FRAME_SIZE,
	OID_GEN_MAXIMUM_TOTAL_SIZE, OID_GEN_LINK_SPEED,
	OID_GEN_TRANSMIT_BUFFER_SPACE, OID_GEN_RECEIVE_BUFFER_SPACE,
	OID_GEN_TRANSMIT_BLOCK_SIZE, OID_GEN_RECEIVE_BLOCK_SIZE,
	OID_GEN_VENDOR_ID, OID_GEN_VENDOR_DESCRIPTION,
	OID_GEN_VENDOR_DRIVER_VERSION, OID_GEN_DRIVER_VERSION,
	OID_GEN_CURRENT_PACKET_FILTER, OID_GEN_CURRENT_LOOKAHEAD,
	OID_GEN_PROTOCOL_OPTIONS, OID_GEN_MAC_OPTIONS,
	OID_GEN_MEDIA_CONNECT_STATUS,
	OID_GEN_XMIT_OK, OID_GEN_RCV_OK, OID_GEN_XMIT_ERROR,
	OID_GEN_RCV_ERROR, OID_GEN_RCV_NO_BUFFER,
	OID_802_3_PERMANENT_ADDRESS, OID_802_3_CURRENT_ADDRESS,
	OID_802_3_MULTICAST_LIST, OID_802_3_MAXIMUM_LIST_SIZE,
	OID_802_3_RCV_ERROR_ALIGNMENT, OID_802_3_XMIT_ONE_COLLISION,
	OID_802_3_XMIT_MORE_COLLISIONS,
	OID_NE2K_RX_INDICATED, OID_NE2K_TRANSFERS, OID_NE2K_TRANSFERRED,
};

static const char Ne2kDescription[] = "ndisload NE2000 (RTL8029AS) NDIS 3.0 adapter";

NDIS_STATUS Ne2kQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length,
				 PULONG BytesWritten, PULONG BytesNeeded)
{
	PNE2K_ADAPTER A = Context;
	const VOID *Src = NULL;
	ULONG Value = 0, Size = sizeof(ULONG);
	USHORT Short;
	UCHAR Vendor[4];

	*BytesWritten = 0;
	*BytesNeeded = 0;
	switch (Oid) {
	case OID_GEN_SUPPORTED_LIST:
		Src = Ne2kOids;
		Size = sizeof(Ne2kOids);
		break;
	case OID_GEN_HARDWARE_STATUS:
		Value = NdisHardwareStatusReady;
		break;
	case OID_GEN_MEDIA_SUPPORTED:
	case OID_GEN_MEDIA_IN_USE:
		Value = NdisMedium802_3;
		break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
		Value = NE2K_MAX_LOOKAHEAD;
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		Value = A->Lookahead;
		break;
	case OID_GEN_MAXIMUM_FRAME_SIZE:
		Value = NE2K_MAX_FRAME - NE2K_HEADER;
		break;
	case OID_GEN_MAXIMUM_TOTAL_SIZE:
	case OID_GEN_TRANSMIT_BLOCK_SIZE:
		Value = NE2K_MAX_FRAME;
		break;
	case OID_GEN_RECEIVE_BLOCK_SIZE:
		Value = NE2K_PAGE;
		break;
	case OID_GEN_LINK_SPEED:
		Value = 100000;		/* 10 Mbit/s in 100 bit/s units */
		break;
	case OID_GEN_TRANSMIT_BUFFER_SPACE:
		Value = NE2K_TX_PAGES * NE2K_PAGE;
		break;
	case OID_GEN_RECEIVE_BUFFER_SPACE:
		Value = (ULONG)(A->RingStop - A->RingStart) * NE2K_PAGE;
		break;
	case OID_GEN_VENDOR_ID:
		NdisMoveMemory(Vendor, A->PermanentAddress, 3);
		Vendor[3] = 0;
		Src = Vendor;
		Size = sizeof(Vendor);
		break;
	case OID_GEN_VENDOR_DESCRIPTION:
		Src = Ne2kDescription;
		Size = sizeof(Ne2kDescription);
		break;
	case OID_GEN_VENDOR_DRIVER_VERSION:
		Value = NE2K_VERSION;
		break;
	case OID_GEN_DRIVER_VERSION:
		Short = 0x0300;		/* the NDIS version it is written for */
		Src = &Short;
		Size = sizeof(Short);
		break;
	case OID_GEN_CURRENT_PACKET_FILTER:
		Value = A->PacketFilter;
		break;
	case OID_GEN_MAC_OPTIONS:
		Value = NDIS_MAC_OPTION_COPY_LOOKAHEAD_DATA |
			NDIS_MAC_OPTION_RECEIVE_SERIALIZED |
			NDIS_MAC_OPTION_TRANSFERS_NOT_PEND |
			NDIS_MAC_OPTION_NO_LOOPBACK;
		break;
	case OID_GEN_MEDIA_CONNECT_STATUS:
		Value = NdisMediaStateConnected;	/* no link sense */
		break;
	case OID_GEN_XMIT_OK:
		Value = A->TxOk;
		break;
	case OID_GEN_RCV_OK:
		Value = A->RxOk;
		break;
	case OID_GEN_XMIT_ERROR:
		Value = A->TxErr;
		break;
	case OID_GEN_RCV_ERROR:
		Ne2kReadCounters(A);
		Value = A->RxErr + A->RxCrc + A->RxAlign;
		break;
	case OID_GEN_RCV_NO_BUFFER:
		Ne2kReadCounters(A);
		Value = A->RxNoBuffer;
		break;
	case OID_802_3_PERMANENT_ADDRESS:
		Src = A->PermanentAddress;
		Size = NE2K_ALEN;
		break;
	case OID_802_3_CURRENT_ADDRESS:
		Src = A->StationAddress;
		Size = NE2K_ALEN;
		break;
	case OID_802_3_MULTICAST_LIST:
		Src = A->McList;
		Size = A->McCount * NE2K_ALEN;
		break;
	case OID_802_3_MAXIMUM_LIST_SIZE:
		Value = NE2K_MCAST_MAX;
		break;
	case OID_802_3_RCV_ERROR_ALIGNMENT:
		Ne2kReadCounters(A);
		Value = A->RxAlign;
		break;
	case OID_802_3_XMIT_ONE_COLLISION:
	case OID_802_3_XMIT_MORE_COLLISIONS:
		Value = 0;		/* no per-frame collision count kept */
		break;
	case OID_NE2K_RX_INDICATED:
		Value = A->Indicated;
		break;
	case OID_NE2K_TRANSFERS:
		Value = A->Transfers;
		break;
	case OID_NE2K_TRANSFERRED:
		Value = A->Transferred;
		break;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (!Src)
		Src = &Value;
	if (Length < Size) {
		*BytesNeeded = Size;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Buffer, Src, Size);
	*BytesWritten = Size;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS Ne2kSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			       PVOID Buffer, ULONG Length, PULONG BytesRead,
			       PULONG BytesNeeded)
{
	PNE2K_ADAPTER A = Context;
	ULONG Value;

	*BytesRead = 0;
	*BytesNeeded = 0;
	switch (Oid) {
	case OID_802_3_MULTICAST_LIST:
		if (Length % NE2K_ALEN)
			return NDIS_STATUS_INVALID_LENGTH;
		if (Length / NE2K_ALEN > NE2K_MCAST_MAX)
			return NDIS_STATUS_MULTICAST_FULL;
		NdisMoveMemory(A->McList, Buffer, Length);
		A->McCount = Length / NE2K_ALEN;
		Ne2kApplyFilter(A);
		*BytesRead = Length;
		return NDIS_STATUS_SUCCESS;
	case OID_GEN_CURRENT_PACKET_FILTER:
	case OID_GEN_CURRENT_LOOKAHEAD:
	case OID_GEN_PROTOCOL_OPTIONS:
		break;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (Length < sizeof(ULONG)) {
		*BytesNeeded = sizeof(ULONG);
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(&Value, Buffer, sizeof(Value));
	*BytesRead = sizeof(ULONG);
	switch (Oid) {
	case OID_GEN_CURRENT_PACKET_FILTER:
		if (Value & ~NE2K_FILTERS)
			return NDIS_STATUS_NOT_SUPPORTED;
		A->PacketFilter = Value;
		Ne2kApplyFilter(A);
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		if (Value > NE2K_MAX_LOOKAHEAD)
			return NDIS_STATUS_INVALID_DATA;
		A->Lookahead = Value;
		break;
	default:
		break;			/* protocol options: nothing to keep */
	}
	return NDIS_STATUS_SUCCESS;
}
