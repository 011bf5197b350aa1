// SPDX-License-Identifier: GPL-2.0-only
/*
 * OIDs: the mandatory general and 802.3 set from common/, plus the
 * packet filter sent to the device as SET_ETHERNET_PACKET_FILTER (ECM
 * 1.2 section 6.2.4). MiniportSetInformation runs at DISPATCH_LEVEL, so
 * the request goes down asynchronously and the set completes from its
 * completion routine. The driver filters received frames too, so a device
 * that refuses the request still gives NDIS only what it asked for.
 */
#include "usbecm.h"

const NDIS_OID UecmOids[] = { NDD_ETH_MANDATORY_OIDS };
const ULONG UecmOidsSize = sizeof(UecmOids);

USHORT UecmEcmFilter(ULONG NdisFilter)
{
	USHORT F = 0;

	if (NdisFilter & NDIS_PACKET_TYPE_PROMISCUOUS)
		F |= ECM_FILTER_PROMISCUOUS;
	if (NdisFilter & NDIS_PACKET_TYPE_ALL_MULTICAST)
		F |= ECM_FILTER_ALL_MULTICAST;
	if (NdisFilter & NDIS_PACKET_TYPE_DIRECTED)
		F |= ECM_FILTER_DIRECTED;
	if (NdisFilter & NDIS_PACKET_TYPE_BROADCAST)
		F |= ECM_FILTER_BROADCAST;
	if (NdisFilter & NDIS_PACKET_TYPE_MULTICAST)
		F |= ECM_FILTER_MULTICAST;
	return F;
}

static VOID UecmBuildFilter(PUECM_ADAPTER A, PURB Urb, USHORT Filter)
{
	NdisZeroMemory(Urb, sizeof(*Urb));
	UsbBuildVendorRequest(Urb, URB_FUNCTION_CLASS_INTERFACE,
			      sizeof(struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST),
			      USBD_TRANSFER_DIRECTION_OUT, 0,
			      CDC_SET_ETHERNET_PACKET_FILTER, Filter,
			      A->CommInterface, NULL, NULL, 0, NULL);
}

/* At PASSIVE_LEVEL (initialize). */
NDIS_STATUS UecmSetDeviceFilter(PUECM_ADAPTER A, USHORT Filter)
{
	URB Urb;

	UecmBuildFilter(A, &Urb, Filter);
	if (!NT_SUCCESS(UecmCallUsb(A, &Urb)))
		return NDIS_STATUS_FAILURE;
	A->DeviceFilter = Filter;
	return NDIS_STATUS_SUCCESS;
}

static NTSTATUS UecmFilterDone(PDEVICE_OBJECT Device, PIRP Irp,
			       PVOID Context)
{
	PUECM_XFER X = Context;
	PUECM_ADAPTER A = X->Adapter;

	NdisAcquireSpinLock(&A->Lock);
	if (NT_SUCCESS(Irp->IoStatus.Status))
		A->DeviceFilter = X->Urb.UrbControlVendorClassRequest.Value;
	else
		A->FilterFailures++;
	A->FilterPending = FALSE;
	NdisReleaseSpinLock(&A->Lock);
	UecmXferDone(X);
	NdisMSetInformationComplete(A->Handle, NDIS_STATUS_SUCCESS);
	return STATUS_MORE_PROCESSING_REQUIRED;
}

NDIS_STATUS UecmQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length,
				 PULONG BytesWritten, PULONG BytesNeeded)
{
	PUECM_ADAPTER A = Context;

	return NddEthQueryWithLock(&A->Eth, &A->Lock, Oid, Buffer, Length,
				   BytesWritten, BytesNeeded);
}

NDIS_STATUS UecmSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			       PVOID Buffer, ULONG Length, PULONG BytesRead,
			       PULONG BytesNeeded)
{
	PUECM_ADAPTER A = Context;
	NDIS_STATUS Status;
	ULONG Changed = 0;
	USHORT Filter;

	Status = NddEthSetWithLock(&A->Eth, &A->Lock, Oid, Buffer, Length,
				   BytesRead, BytesNeeded, &Changed);
	if (Status != NDIS_STATUS_SUCCESS || !(Changed & NDD_CHANGED_FILTER))
		return Status;
	NdisAcquireSpinLock(&A->Lock);
	Filter = UecmEcmFilter(A->Eth.PacketFilter);
	if (Filter == A->DeviceFilter || A->FilterPending) {
		NdisReleaseSpinLock(&A->Lock);
		return NDIS_STATUS_SUCCESS;
	}
	A->FilterPending = TRUE;
	NdisReleaseSpinLock(&A->Lock);
	UecmBuildFilter(A, &A->Ctl.Urb, Filter);
	if (UecmXferSubmit(&A->Ctl, UecmFilterDone))
		return NDIS_STATUS_PENDING;
	NdisAcquireSpinLock(&A->Lock);
	A->FilterPending = FALSE;
	NdisReleaseSpinLock(&A->Lock);
	return NDIS_STATUS_SUCCESS;	/* removed or halting */
}
