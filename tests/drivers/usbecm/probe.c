// SPDX-License-Identifier: GPL-2.0-only
/*
 * TestUnsupportedUrb=1 (a registry value, off by default): during
 * initialization the driver asks the bus for an isochronous transfer,
 * a URB function ndisload's USB bus does not serve, and carries on only
 * if the request comes back refused as documented (STATUS_NOT_SUPPORTED
 * with USBD_STATUS_NOT_SUPPORTED in the URB). It shows that a driver
 * asking for something unsupported gets a precise answer and keeps
 * running.
 */
#include "usbecm.h"

NDIS_STATUS UecmProbeUnsupportedUrb(PUECM_ADAPTER A)
{
	NTSTATUS Status;
	URB Urb;

	NdisZeroMemory(&Urb, sizeof(Urb));
	Urb.UrbHeader.Length = sizeof(struct _URB_ISOCH_TRANSFER);
	Urb.UrbHeader.Function = URB_FUNCTION_ISOCH_TRANSFER;
	Status = UecmCallUsb(A, &Urb);
	if (Status == STATUS_NOT_SUPPORTED &&
	    Urb.UrbHeader.Status == USBD_STATUS_NOT_SUPPORTED)
		return NDIS_STATUS_SUCCESS;
	return NDIS_STATUS_FAILURE;
}
