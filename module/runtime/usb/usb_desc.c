// SPDX-License-Identifier: GPL-2.0-only
/* Walking configuration descriptor sets (see usb_desc.h). */
#include "usb/usb_desc.h"

/* The descriptor after d, or NULL at the end or on a bad bLength. */
static const u8 *next(const u8 *d, const u8 *end)
{
	if (d + 2 > end || d[0] < 2 || d + d[0] > end)
		return NULL;
	d += d[0];
	return d + 2 <= end && d[0] >= 2 && d + d[0] <= end ? d : NULL;
}

/* from itself if it is a whole descriptor inside the buffer, else NULL. */
static const u8 *whole(const u8 *from, const u8 *start, const u8 *end)
{
	if (from < start || from + 2 > end || from[0] < 2 ||
	    from + from[0] > end)
		return NULL;
	return from;
}

const USB_COMMON_DESCRIPTOR *ndl_usb_desc_find(const void *buf, u32 len,
					       const void *from, u8 type)
{
	const u8 *end = (const u8 *)buf + len;
	const u8 *d = whole(from ? from : buf, buf, end);

	for (; d; d = next(d, end))
		if (d[1] == type)
			return (const USB_COMMON_DESCRIPTOR *)d;
	return NULL;
}

static bool matches(int want, u8 have)
{
	return want == -1 || want == have;
}

const USB_INTERFACE_DESCRIPTOR *
ndl_usb_desc_interface(const void *buf, u32 len, const void *from,
		       int number, int alternate, int cls, int subclass,
		       int protocol)
{
	const u8 *end = (const u8 *)buf + len;
	const USB_COMMON_DESCRIPTOR *c = ndl_usb_desc_find(buf, len, from,
		USB_INTERFACE_DESCRIPTOR_TYPE);

	while (c) {
		const USB_INTERFACE_DESCRIPTOR *i = (const void *)c;

		if (c->bLength >= sizeof(*i) &&
		    matches(number, i->bInterfaceNumber) &&
		    matches(alternate, i->bAlternateSetting) &&
		    matches(cls, i->bInterfaceClass) &&
		    matches(subclass, i->bInterfaceSubClass) &&
		    matches(protocol, i->bInterfaceProtocol))
			return i;
		c = (const void *)next((const u8 *)c, end);
		if (c)
			c = ndl_usb_desc_find(buf, len, c,
					      USB_INTERFACE_DESCRIPTOR_TYPE);
	}
	return NULL;
}

const USB_ENDPOINT_DESCRIPTOR *
ndl_usb_desc_endpoint(const void *buf, u32 len,
		      const USB_INTERFACE_DESCRIPTOR *intf, u32 n)
{
	const u8 *end = (const u8 *)buf + len;
	const u8 *d = next((const u8 *)intf, end);

	for (; d && d[1] != USB_INTERFACE_DESCRIPTOR_TYPE; d = next(d, end))
		if (d[1] == USB_ENDPOINT_DESCRIPTOR_TYPE &&
		    d[0] >= sizeof(USB_ENDPOINT_DESCRIPTOR) && n-- == 0)
			return (const USB_ENDPOINT_DESCRIPTOR *)d;
	return NULL;
}
