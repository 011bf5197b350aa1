/* SPDX-License-Identifier: GPL-2.0-only */
/* The usbd.sys exports (usbd_lib.c; table: usbd.spec.h). */
#ifndef NDL_USBD_API_H
#define NDL_USBD_API_H

#include "usb/usb_types.h"

NTAPI const USB_COMMON_DESCRIPTOR *
ndlw_USBD_ParseDescriptors(const void *buf, ULONG total, const void *start,
			   LONG type);
NTAPI const USB_INTERFACE_DESCRIPTOR *
ndlw_USBD_ParseConfigurationDescriptorEx(const USB_CONFIGURATION_DESCRIPTOR *cd,
					 const void *start, LONG number,
					 LONG alternate, LONG cls,
					 LONG subclass, LONG protocol);
NTAPI const USB_INTERFACE_DESCRIPTOR *
ndlw_USBD_ParseConfigurationDescriptor(const USB_CONFIGURATION_DESCRIPTOR *cd,
				       UCHAR number, UCHAR alternate);
NTAPI ULONG ndlw_USBD_GetInterfaceLength(const USB_INTERFACE_DESCRIPTOR *intf,
					 const UCHAR *end);
NTAPI URB *
ndlw_USBD_CreateConfigurationRequestEx(const USB_CONFIGURATION_DESCRIPTOR *cd,
				       USBD_INTERFACE_LIST_ENTRY *list);
NTAPI URB *
ndlw_USBD_CreateConfigurationRequest(const USB_CONFIGURATION_DESCRIPTOR *cd,
				     USHORT *size);
NTAPI void ndlw_USBD_GetUSBDIVersion(USBD_VERSION_INFORMATION *v);

#endif
