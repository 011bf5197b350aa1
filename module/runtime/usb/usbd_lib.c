// SPDX-License-Identifier: GPL-2.0-only
/*
 * usbd.sys: the helpers client drivers link against to parse descriptors
 * and build the select-configuration URB, as documented:
 *  - USBD_ParseDescriptors: the first descriptor of a type at or after
 *    StartPosition within TotalLength bytes of DescriptorBuffer;
 *  - USBD_ParseConfigurationDescriptorEx: the first interface descriptor
 *    at or after StartPosition matching number, alternate setting,
 *    class, subclass and protocol (-1: any), within wTotalLength;
 *  - USBD_CreateConfigurationRequestEx: a pool-allocated URB (freed by
 *    the driver with ExFreePool) for URB_FUNCTION_SELECT_CONFIGURATION
 *    with one USBD_INTERFACE_INFORMATION per list entry (up to the entry
 *    whose InterfaceDescriptor is NULL), sized for its endpoints, each
 *    pipe's MaximumTransferSize the default (a page), and each entry's
 *    Interface member pointing at its part of the URB;
 *  - USBD_GetUSBDIVersion: interface 0x500 (Windows XP, whose kernel
 *    version the runtime reports) over USB 2.0.
 */
#include "usb/usb_desc.h"
#include "usb/usbd_api.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"

#define USBD_DEFAULT_MAXIMUM_TRANSFER_SIZE	NDL_OS_PAGE_SIZE
#define USBDI_VERSION_XP			0x00000500
#define USB_SPEC_2_0				0x00000200
#define USBD_POOL_TAG				0x44425355	/* "USBD" */

NTAPI const USB_COMMON_DESCRIPTOR *
ndlw_USBD_ParseDescriptors(const void *buf, ULONG total, const void *start,
			   LONG type)
{
	if (!buf || type < 0 || type > 0xff)
		return NULL;
	return ndl_usb_desc_find(buf, total, start, (u8)type);
}

NTAPI const USB_INTERFACE_DESCRIPTOR *
ndlw_USBD_ParseConfigurationDescriptorEx(const USB_CONFIGURATION_DESCRIPTOR *cd,
					 const void *start, LONG number,
					 LONG alternate, LONG cls,
					 LONG subclass, LONG protocol)
{
	if (!cd)
		return NULL;
	return ndl_usb_desc_interface(cd, cd->wTotalLength, start, number,
				      alternate, cls, subclass, protocol);
}

NTAPI const USB_INTERFACE_DESCRIPTOR *
ndlw_USBD_ParseConfigurationDescriptor(const USB_CONFIGURATION_DESCRIPTOR *cd,
				       UCHAR number, UCHAR alternate)
{
	return ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, number,
							alternate, -1, -1, -1);
}

/* The interface descriptor and what belongs to it, up to the next one. */
NTAPI ULONG ndlw_USBD_GetInterfaceLength(const USB_INTERFACE_DESCRIPTOR *intf,
					 const UCHAR *end)
{
	const u8 *d = (const u8 *)intf;
	ULONG len = 0;

	while (d + 2 <= end && d[0] >= 2 && d + d[0] <= end &&
	       (len == 0 || d[1] != USB_INTERFACE_DESCRIPTOR_TYPE)) {
		len += d[0];
		d += d[0];
	}
	return len;
}

NTAPI URB *
ndlw_USBD_CreateConfigurationRequestEx(const USB_CONFIGURATION_DESCRIPTOR *cd,
				       USBD_INTERFACE_LIST_ENTRY *list)
{
	size_t size = offsetof(struct _URB_SELECT_CONFIGURATION, Interface);
	USBD_INTERFACE_INFORMATION *info;
	URB *urb;
	u32 i, j;

	if (!cd || !list)
		return NULL;
	for (i = 0; list[i].InterfaceDescriptor; i++)
		size += NDL_USBD_INTERFACE_SIZE(
			list[i].InterfaceDescriptor->bNumEndpoints);
	if (!i)
		size += sizeof(USBD_INTERFACE_INFORMATION);
	if (size > 0xffff)
		return NULL;
	if (size < sizeof(URB))
		size = sizeof(URB);
	urb = ndlw_ExAllocatePoolWithTag(NonPagedPool, size, USBD_POOL_TAG);
	if (!urb)
		return NULL;
	ndl_memset(urb, 0, size);
	urb->UrbHeader.Length = (USHORT)size;
	urb->UrbHeader.Function = URB_FUNCTION_SELECT_CONFIGURATION;
	urb->UrbSelectConfiguration.ConfigurationDescriptor =
		(USB_CONFIGURATION_DESCRIPTOR *)cd;
	info = &urb->UrbSelectConfiguration.Interface;
	for (i = 0; list[i].InterfaceDescriptor; i++) {
		const USB_INTERFACE_DESCRIPTOR *d = list[i].InterfaceDescriptor;

		info->Length = (USHORT)NDL_USBD_INTERFACE_SIZE(d->bNumEndpoints);
		info->InterfaceNumber = d->bInterfaceNumber;
		info->AlternateSetting = d->bAlternateSetting;
		info->NumberOfPipes = d->bNumEndpoints;
		for (j = 0; j < d->bNumEndpoints; j++)
			info->Pipes[j].MaximumTransferSize =
				USBD_DEFAULT_MAXIMUM_TRANSFER_SIZE;
		list[i].Interface = info;
		info = (void *)((u8 *)info + info->Length);
	}
	return urb;
}

/*
 * The deprecated form: every interface's alternate setting 0, and the
 * URB's size in *size.
 */
NTAPI URB *
ndlw_USBD_CreateConfigurationRequest(const USB_CONFIGURATION_DESCRIPTOR *cd,
				     USHORT *size)
{
	USBD_INTERFACE_LIST_ENTRY *list;
	const void *from = cd;
	URB *urb;
	u32 i, n;

	if (!cd || !size)
		return NULL;
	n = cd->bNumInterfaces;
	list = ndl_alloc((n + 1) * sizeof(*list),
			 ndl_alloc_flags_for_irql() | NDL_OS_ZERO);
	if (!list)
		return NULL;
	for (i = 0; i < n; i++) {
		const USB_INTERFACE_DESCRIPTOR *d =
			ndl_usb_desc_interface(cd, cd->wTotalLength, from, -1,
					       0, -1, -1, -1);

		if (!d)
			break;
		list[i].InterfaceDescriptor = (USB_INTERFACE_DESCRIPTOR *)d;
		from = (const u8 *)d + d->bLength;
	}
	urb = ndlw_USBD_CreateConfigurationRequestEx(cd, list);
	*size = urb ? urb->UrbHeader.Length : 0;
	ndl_free(list);
	return urb;
}

NTAPI void ndlw_USBD_GetUSBDIVersion(USBD_VERSION_INFORMATION *v)
{
	if (!v)
		return;
	v->USBDI_Version = USBDI_VERSION_XP;
	v->Supported_USB_Version = USB_SPEC_2_0;
}
