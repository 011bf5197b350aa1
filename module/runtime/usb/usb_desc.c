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

/*
 * How many interfaces from first on function first spans: its interface
 * association's count, or 1; 0 if an association holds first but starts
 * before it (first is then no function of its own).
 */
static u32 function_count(const u8 *cfg, const u8 *end, u8 first)
{
	const u8 *d;

	for (d = next(cfg, end); d; d = next(d, end)) {
		u32 count;

		if (d[1] != USB_INTERFACE_ASSOCIATION_DESCRIPTOR_TYPE ||
		    d[0] < 8)
			continue;
		count = d[3] ? d[3] : 1;
		if (d[2] == first)
			return count;
		if (d[2] < first && (u32)(first - d[2]) < count)
			return 0;
	}
	return 1;
}

u32 ndl_usb_desc_function(const void *cfg, u32 len, u8 first, u8 *out)
{
	const USB_CONFIGURATION_DESCRIPTOR *cd = cfg;
	const u8 *end, *d, *last;
	u32 count, n = sizeof(*cd), ifaces = 0;
	bool keep = true, found = false;

	if (len < sizeof(*cd) || cd->bLength < sizeof(*cd) ||
	    cd->bDescriptorType != USB_CONFIGURATION_DESCRIPTOR_TYPE ||
	    cd->wTotalLength < sizeof(*cd))
		return 0;
	if (cd->wTotalLength < len)
		len = cd->wTotalLength;
	end = (const u8 *)cfg + len;
	count = function_count(cfg, end, first);
	if (!count)
		return 0;
	last = cfg;
	/* Descriptors before the first interface are the configuration's. */
	for (d = next(cfg, end); d; d = next(d, end)) {
		last = d;
		if (d[1] == USB_INTERFACE_ASSOCIATION_DESCRIPTOR_TYPE) {
			keep = d[0] >= 8 && d[2] == first;
		} else if (d[1] == USB_INTERFACE_DESCRIPTOR_TYPE) {
			if (d[0] < sizeof(USB_INTERFACE_DESCRIPTOR))
				return 0;
			keep = d[2] >= first && (u32)(d[2] - first) < count;
			if (keep && !d[3])
				ifaces++;
			found |= keep;
		}
		if (keep) {
			ndl_memcpy(out + n, d, d[0]);
			n += d[0];
		}
	}
	/* A walk cut short by a bad bLength left part of the set unread. */
	if (!found || last + last[0] != end)
		return 0;
	ndl_memcpy(out, cd, sizeof(*cd));
	((USB_CONFIGURATION_DESCRIPTOR *)out)->bLength = sizeof(*cd);
	((USB_CONFIGURATION_DESCRIPTOR *)out)->bNumInterfaces = ifaces;
	((USB_CONFIGURATION_DESCRIPTOR *)out)->wTotalLength = n;
	return n;
}
