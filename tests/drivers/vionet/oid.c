// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet OIDs: the general and 802.3 queries NDIS 5.1 requires, counters
 * 64-bit when the buffer has room (else their low 32 bits), and the sets:
 * packet filter and multicast list (through the control queue, pended),
 * lookahead. Also the software filter the receive path applies, since
 * the device passes unicast and broadcast whatever the filter says.
 */
#include "vionet.h"

#define VIO_SUPPORTED_FILTER (NDIS_PACKET_TYPE_DIRECTED | \
	NDIS_PACKET_TYPE_MULTICAST | NDIS_PACKET_TYPE_ALL_MULTICAST | \
	NDIS_PACKET_TYPE_BROADCAST | NDIS_PACKET_TYPE_PROMISCUOUS)

static const NDIS_OID VioOids[] = {
	OID_GEN_SUPPORTED_LIST, OID_GEN_HARDWARE_STATUS,
	OID_GEN_MEDIA_SUPPORTED, OID_GEN_MEDIA_IN_USE,
	OID_GEN_MAXIMUM_LOOKAHEAD, OID_GEN_MAXIMUM_FRAME_SIZE,
	OID_GEN_LINK_SPEED, OID_GEN_TRANSMIT_BUFFER_SPACE,
	OID_GEN_RECEIVE_BUFFER_SPACE, OID_GEN_TRANSMIT_BLOCK_SIZE,
	OID_GEN_RECEIVE_BLOCK_SIZE, OID_GEN_VENDOR_ID,
	OID_GEN_VENDOR_DESCRIPTION, OID_GEN_CURRENT_PACKET_FILTER,
	OID_GEN_CURRENT_LOOKAHEAD, OID_GEN_DRIVER_VERSION,
	OID_GEN_MAXIMUM_TOTAL_SIZE, OID_GEN_MAC_OPTIONS,
	OID_GEN_MEDIA_CONNECT_STATUS, OID_GEN_MAXIMUM_SEND_PACKETS,
	OID_GEN_VENDOR_DRIVER_VERSION, OID_GEN_PHYSICAL_MEDIUM,
	OID_GEN_XMIT_OK, OID_GEN_RCV_OK, OID_GEN_XMIT_ERROR,
	OID_GEN_RCV_ERROR, OID_GEN_RCV_NO_BUFFER,
	OID_GEN_DIRECTED_BYTES_XMIT, OID_GEN_DIRECTED_BYTES_RCV,
	OID_GEN_TRANSMIT_QUEUE_LENGTH,
	OID_802_3_PERMANENT_ADDRESS, OID_802_3_CURRENT_ADDRESS,
	OID_802_3_MULTICAST_LIST, OID_802_3_MAXIMUM_LIST_SIZE,
	OID_802_3_RCV_ERROR_ALIGNMENT, OID_802_3_XMIT_ONE_COLLISION,
	OID_802_3_XMIT_MORE_COLLISIONS,
};

static const char VioVendorDescription[] =
	"Legacy virtio network adapter (ndisload test driver)";

static BOOLEAN VioIsCounter(NDIS_OID Oid)
{
	switch (Oid) {
	case OID_GEN_XMIT_OK: case OID_GEN_RCV_OK: case OID_GEN_XMIT_ERROR:
	case OID_GEN_RCV_ERROR: case OID_GEN_RCV_NO_BUFFER:
	case OID_GEN_DIRECTED_BYTES_XMIT: case OID_GEN_DIRECTED_BYTES_RCV:
	case OID_802_3_RCV_ERROR_ALIGNMENT:
	case OID_802_3_XMIT_ONE_COLLISION:
	case OID_802_3_XMIT_MORE_COLLISIONS:
		return TRUE;
	default:
		return FALSE;
	}
}

static ULONGLONG VioCounter(PVIO_ADAPTER A, NDIS_OID Oid)
{
	switch (Oid) {
	case OID_GEN_XMIT_OK: return A->TxOk;
	case OID_GEN_RCV_OK: return A->RxOk;
	case OID_GEN_XMIT_ERROR: return A->TxErrors;
	case OID_GEN_RCV_ERROR: return A->RxErrors;
	case OID_GEN_RCV_NO_BUFFER: return A->RxNoBuffer;
	case OID_GEN_DIRECTED_BYTES_XMIT: return A->TxBytes;
	case OID_GEN_DIRECTED_BYTES_RCV: return A->RxBytes;
	default: return 0;	/* no collisions or alignment errors */
	}
}

NDIS_STATUS VioQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buf, ULONG Len, PULONG Written,
				PULONG Needed)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	ULONG U = 0;
	ULONGLONG U64;
	const VOID *Src = &U;
	ULONG Size = sizeof(ULONG);

	*Written = 0;
	*Needed = 0;
	if (VioIsCounter(Oid)) {
		U64 = VioCounter(A, Oid);
		Src = &U64;
		/* 64-bit when there is room, the low part otherwise. */
		Size = Len >= sizeof(ULONGLONG) ? sizeof(ULONGLONG) :
						   sizeof(ULONG);
	} else {
		switch (Oid) {
		case OID_GEN_SUPPORTED_LIST:
			Src = VioOids;
			Size = sizeof(VioOids);
			break;
		case OID_GEN_HARDWARE_STATUS:
			U = NdisHardwareStatusReady;
			break;
		case OID_GEN_MEDIA_SUPPORTED:
		case OID_GEN_MEDIA_IN_USE:
			U = NdisMedium802_3;
			break;
		case OID_GEN_PHYSICAL_MEDIUM:
			U = NdisPhysicalMedium802_3;
			break;
		case OID_GEN_MAXIMUM_LOOKAHEAD:
			U = VIO_MAX_LOOKAHEAD;
			break;
		case OID_GEN_CURRENT_LOOKAHEAD:
			U = A->Lookahead;
			break;
		case OID_GEN_MAXIMUM_FRAME_SIZE:
			U = VIO_MAX_FRAME - VIO_ETH_HDR;
			break;
		case OID_GEN_MAXIMUM_TOTAL_SIZE:
		case OID_GEN_TRANSMIT_BLOCK_SIZE:
		case OID_GEN_RECEIVE_BLOCK_SIZE:
			U = VIO_MAX_FRAME;
			break;
		case OID_GEN_LINK_SPEED:
			U = VIO_LINK_SPEED;
			break;
		case OID_GEN_TRANSMIT_BUFFER_SPACE:
			U = VIO_MAX_FRAME * A->TxSlotCount;
			break;
		case OID_GEN_RECEIVE_BUFFER_SPACE:
			U = VIO_MAX_FRAME * A->RxCount;
			break;
		case OID_GEN_VENDOR_ID:
			/* No IEEE OUI of our own: the low byte numbers the NIC. */
			U = 0xffffff00;
			break;
		case OID_GEN_VENDOR_DESCRIPTION:
			Src = VioVendorDescription;
			Size = sizeof(VioVendorDescription);
			break;
		case OID_GEN_CURRENT_PACKET_FILTER:
			U = A->PacketFilter;
			break;
		case OID_GEN_DRIVER_VERSION:
			U = VIO_DRIVER_VERSION;
			Size = sizeof(USHORT);
			break;
		case OID_GEN_VENDOR_DRIVER_VERSION:
			U = VIO_VENDOR_VERSION;
			break;
		case OID_GEN_MAC_OPTIONS:
			U = NDIS_MAC_OPTION_COPY_LOOKAHEAD_DATA |
			    NDIS_MAC_OPTION_TRANSFERS_NOT_PEND |
			    NDIS_MAC_OPTION_NO_LOOPBACK;
			break;
		case OID_GEN_MEDIA_CONNECT_STATUS:
			U = A->LinkUp ? NdisMediaStateConnected :
					NdisMediaStateDisconnected;
			break;
		case OID_GEN_MAXIMUM_SEND_PACKETS:
			U = A->TxSlotCount;
			break;
		case OID_GEN_TRANSMIT_QUEUE_LENGTH:
			U = A->SendQueued + A->TxInFlight;
			break;
		case OID_802_3_PERMANENT_ADDRESS:
			Src = A->PermanentAddress;
			Size = 6;
			break;
		case OID_802_3_CURRENT_ADDRESS:
			Src = A->CurrentAddress;
			Size = 6;
			break;
		case OID_802_3_MULTICAST_LIST:
			Src = A->McastList;
			Size = A->McastCount * 6;
			break;
		case OID_802_3_MAXIMUM_LIST_SIZE:
			U = VIO_MCAST_MAX;
			break;
		default:
			return NDIS_STATUS_NOT_SUPPORTED;
		}
	}
	if (Len < Size) {
		*Needed = Size;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Buf, Src, Size);
	*Written = Size;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS VioSetInformation(NDIS_HANDLE Context, NDIS_OID Oid, PVOID Buf,
			      ULONG Len, PULONG Read, PULONG Needed)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;
	ULONG U;

	*Read = 0;
	*Needed = 0;
	switch (Oid) {
	case OID_GEN_CURRENT_PACKET_FILTER:
		if (Len != sizeof(ULONG)) {
			*Needed = sizeof(ULONG);
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&U, Buf, sizeof(U));
		*Read = sizeof(ULONG);
		if (U & ~VIO_SUPPORTED_FILTER)
			return NDIS_STATUS_NOT_SUPPORTED;
		NdisAcquireSpinLock(&A->RxLock);
		A->PacketFilter = U;
		NdisReleaseSpinLock(&A->RxLock);
		/* The MULTICAST bit decides whether the table is empty. */
		return VioCtrlApplyFilter(A, TRUE, TRUE);

	case OID_802_3_MULTICAST_LIST:
		if (Len % 6) {
			*Needed = (Len / 6 + 1) * 6;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		if (Len / 6 > VIO_MCAST_MAX) {
			*Needed = VIO_MCAST_MAX * 6;
			return NDIS_STATUS_MULTICAST_FULL;
		}
		*Read = Len;
		NdisAcquireSpinLock(&A->RxLock);
		NdisMoveMemory(A->McastList, Buf, Len);
		A->McastCount = Len / 6;
		NdisReleaseSpinLock(&A->RxLock);
		return VioCtrlApplyFilter(A, FALSE, TRUE);

	case OID_GEN_CURRENT_LOOKAHEAD:
		if (Len != sizeof(ULONG)) {
			*Needed = sizeof(ULONG);
			return NDIS_STATUS_INVALID_LENGTH;
		}
		NdisMoveMemory(&U, Buf, sizeof(U));
		*Read = sizeof(ULONG);
		if (U > VIO_MAX_LOOKAHEAD)
			return NDIS_STATUS_INVALID_DATA;
		/* Whole frames are always indicated: only remembered. */
		A->Lookahead = U;
		return NDIS_STATUS_SUCCESS;

	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
}

/*
 * RxLock held. What NDIS asked for: the device passes unicast to us and
 * broadcast whatever the filter, a reset device everything (it starts
 * promiscuous), and one without a control queue keeps doing so.
 */
BOOLEAN VioFrameWanted(PVIO_ADAPTER A, const UCHAR *Frame, ULONG Len)
{
	ULONG F = A->PacketFilter, i;
	static const UCHAR Bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	(void)Len;
	if (F & NDIS_PACKET_TYPE_PROMISCUOUS)
		return TRUE;
	if (!(Frame[0] & 1))
		return (F & NDIS_PACKET_TYPE_DIRECTED) &&
		       NdisEqualMemory(Frame, A->CurrentAddress, 6);
	if (NdisEqualMemory(Frame, Bcast, 6))
		return (F & NDIS_PACKET_TYPE_BROADCAST) != 0;
	if (F & NDIS_PACKET_TYPE_ALL_MULTICAST)
		return TRUE;
	if (!(F & NDIS_PACKET_TYPE_MULTICAST))
		return FALSE;
	for (i = 0; i < A->McastCount; i++)
		if (NdisEqualMemory(Frame, A->McastList[i], 6))
			return TRUE;
	return FALSE;
}
