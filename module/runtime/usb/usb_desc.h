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
/*
 * The configuration descriptor set Windows' generic parent (usbccgp)
 * gives the driver of one function of a composite device, the function
 * whose first interface is first (the MI_xx of its hardware ID): the
 * interface association whose bFirstInterface is first and all its
 * interfaces, or without one that interface alone; each with every
 * alternate setting and the descriptors that follow it. Interface numbers
 * stay; bNumInterfaces and wTotalLength are recounted. cfg is the device's
 * whole set (len bytes); out has room for len bytes. Returns the filtered
 * length, or 0 if the set is malformed or has no interface first.
 */
u32 ndl_usb_desc_function(const void *cfg, u32 len, u8 first, u8 *out);

#endif
