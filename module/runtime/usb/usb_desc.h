/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking a configuration descriptor set (usb/usb_desc.c): shared by the
 * usbd.sys exports that parse for drivers and by SELECT_CONFIGURATION.
 * Each step is bounded by the buffer and stops at a descriptor whose
 * bLength is impossible, so bad descriptors end a walk, never overrun.
 */
#ifndef NDL_USB_DESC_H
#define NDL_USB_DESC_H

#include "usb/usb_types.h"

/* The first descriptor of type at or after from within [buf, buf+len). */
const USB_COMMON_DESCRIPTOR *ndl_usb_desc_find(const void *buf, u32 len,
					       const void *from, u8 type);
/*
 * The first interface descriptor at or after from matching each given
 * value (-1: any). NULL if none.
 */
const USB_INTERFACE_DESCRIPTOR *
ndl_usb_desc_interface(const void *buf, u32 len, const void *from,
		       int number, int alternate, int cls, int subclass,
		       int protocol);
/* The n-th endpoint descriptor of an interface (before the next one). */
const USB_ENDPOINT_DESCRIPTOR *
ndl_usb_desc_endpoint(const void *buf, u32 len,
		      const USB_INTERFACE_DESCRIPTOR *intf, u32 n);

#endif
