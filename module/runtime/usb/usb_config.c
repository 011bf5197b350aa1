// SPDX-License-Identifier: GPL-2.0-only
/*
 * URB_FUNCTION_SELECT_CONFIGURATION and SELECT_INTERFACE, as documented:
 * the driver passes its configuration descriptor and one
 * USBD_INTERFACE_INFORMATION per interface (InterfaceNumber,
 * AlternateSetting, Length big enough for the setting's endpoints); the
 * bus sets the configuration and alternate settings on the device and
 * fills in Class/SubClass/Protocol, the interface handle, NumberOfPipes
 * and each pipe's endpoint, type, packet size, interval and handle.
 * MaximumTransferSize and PipeFlags are the driver's and stay as given.
 * A NULL descriptor unconfigures the device. Handles are addresses of
 * the runtime's records below; one that is not in the current
 * configuration is refused (USBD_STATUS_INVALID_PIPE_HANDLE).
 */
#include "usb/usb_priv.h"
#include "usb/usb_desc.h"

void ndl_usb_config_free(struct ndl_usb_config *c)
{
	u32 i;

	if (!c)
		return;
	for (i = 0; i < c->nifaces; i++)
		ndl_free(c->ifaces[i].pipes);
	ndl_free(c->ifaces);
	ndl_free(c);
}

struct ndl_usb_pipe *ndl_usb_pipe(struct ndl_usb_dev *u, void *handle)
{
	struct ndl_usb_config *c = u->config;
	u32 i, j;

	if (!c || !handle)
		return NULL;
	for (i = 0; i < c->nifaces; i++)
		for (j = 0; j < c->ifaces[i].npipes; j++)
			if (handle == &c->ifaces[i].pipes[j])
				return handle;
	return NULL;
}

/*
 * One alternate setting from its descriptors into out, its pipes owned
 * by the interface record f (out itself, or what it will replace).
 */
static USBD_STATUS build_iface(struct ndl_usb_config *c,
			       struct ndl_usb_iface *f,
			       const USBD_INTERFACE_INFORMATION *info,
			       struct ndl_usb_iface *out)
{
	struct ndl_usb_pipe **pipes = &out->pipes;
	const USB_INTERFACE_DESCRIPTOR *d;
	u32 i, n;

	d = ndl_usb_desc_interface(c->desc, c->desc_len, NULL,
				   info->InterfaceNumber,
				   info->AlternateSetting, -1, -1, -1);
	if (!d)
		return USBD_STATUS_INTERFACE_NOT_FOUND;
	n = d->bNumEndpoints;
	if (info->Length < NDL_USBD_INTERFACE_SIZE(n))
		return USBD_STATUS_BUFFER_TOO_SMALL;
	*pipes = n ? ndl_alloc(n * sizeof(**pipes), NDL_OS_ZERO) : NULL;
	if (n && !*pipes)
		return USBD_STATUS_INSUFFICIENT_RESOURCES;
	for (i = 0; i < n; i++) {
		const USB_ENDPOINT_DESCRIPTOR *e =
			ndl_usb_desc_endpoint(c->desc, c->desc_len, d, i);
		struct ndl_usb_pipe *p = &(*pipes)[i];

		if (!e) {
			ndl_free(*pipes);
			*pipes = NULL;
			return USBD_STATUS_INVALID_PARAMETER;
		}
		p->endpoint = e->bEndpointAddress;
		p->type = e->bmAttributes & 3;
		p->max_packet = e->wMaxPacketSize & 0x7ff;
		p->interval = e->bInterval;
		p->iface = f;
		ndl_list_init(&p->aborts);
	}
	out->npipes = n;
	out->number = d->bInterfaceNumber;
	out->alternate = d->bAlternateSetting;
	out->cls = d->bInterfaceClass;
	out->subclass = d->bInterfaceSubClass;
	out->protocol = d->bInterfaceProtocol;
	return USBD_STATUS_SUCCESS;
}

/* Report an interface's setting and pipes back in the driver's entry. */
static void fill_info(USBD_INTERFACE_INFORMATION *info,
		      struct ndl_usb_iface *f)
{
	u32 i;

	info->Class = f->cls;
	info->SubClass = f->subclass;
	info->Protocol = f->protocol;
	info->InterfaceHandle = f;
	info->NumberOfPipes = f->npipes;
	for (i = 0; i < f->npipes; i++) {
		USBD_PIPE_INFORMATION *pi = &info->Pipes[i];
		struct ndl_usb_pipe *p = &f->pipes[i];

		pi->MaximumPacketSize = p->max_packet;
		pi->EndpointAddress = p->endpoint;
		pi->Interval = p->interval;
		pi->PipeType = (USBD_PIPE_TYPE)p->type;
		pi->PipeHandle = p;
	}
}

/* Nothing may be in flight on pipes that a selection replaces. */
static bool iface_busy(struct ndl_usb_dev *u, struct ndl_usb_iface *only)
{
	struct ndl_usb_config *c = u->config;
	u32 i, j;

	for (i = 0; c && i < c->nifaces; i++) {
		if (only && &c->ifaces[i] != only)
			continue;
		for (j = 0; j < c->ifaces[i].npipes; j++)
			if (c->ifaces[i].pipes[j].busy)
				return true;
	}
	return false;
}

static USBD_STATUS host_status(enum ndl_os_usb_status s, USBD_STATUS fail)
{
	return s == NDL_OS_USB_OK ? USBD_STATUS_SUCCESS :
	       s == NDL_OS_USB_GONE ? USBD_STATUS_DEVICE_GONE : fail;
}

/* The configuration a select-configuration URB describes. */
static USBD_STATUS build_config(URB *urb, struct ndl_usb_config **out)
{
	struct _URB_SELECT_CONFIGURATION *sc = &urb->UrbSelectConfiguration;
	const USB_CONFIGURATION_DESCRIPTOR *cd = sc->ConfigurationDescriptor;
	u8 *pos = (u8 *)&sc->Interface, *end = (u8 *)urb + sc->Hdr.Length;
	struct ndl_usb_config *c;
	USBD_STATUS st = USBD_STATUS_SUCCESS;
	u32 i, len = cd->wTotalLength;

	if (cd->bLength < sizeof(*cd) ||
	    cd->bDescriptorType != USB_CONFIGURATION_DESCRIPTOR_TYPE ||
	    len < sizeof(*cd) || !cd->bNumInterfaces)
		return USBD_STATUS_INVALID_PARAMETER;
	c = ndl_alloc(sizeof(*c) + len, NDL_OS_ZERO);
	if (!c)
		return USBD_STATUS_INSUFFICIENT_RESOURCES;
	c->ifaces = ndl_alloc(cd->bNumInterfaces * sizeof(*c->ifaces),
			      NDL_OS_ZERO);
	if (!c->ifaces) {
		ndl_free(c);
		return USBD_STATUS_INSUFFICIENT_RESOURCES;
	}
	ndl_memcpy(c->desc, cd, len);
	c->desc_len = len;
	c->value = cd->bConfigurationValue;
	for (i = 0; i < cd->bNumInterfaces && st == USBD_STATUS_SUCCESS; i++) {
		USBD_INTERFACE_INFORMATION *info = (void *)pos;
		struct ndl_usb_iface *f = &c->ifaces[i];

		if (pos + offsetof(USBD_INTERFACE_INFORMATION, Pipes) > end ||
		    info->Length < offsetof(USBD_INTERFACE_INFORMATION, Pipes) ||
		    pos + info->Length > end) {
			st = USBD_STATUS_INVALID_PARAMETER;
			break;
		}
		st = build_iface(c, f, info, f);
		if (st == USBD_STATUS_SUCCESS)
			c->nifaces++;
		pos += info->Length;
	}
	if (st != USBD_STATUS_SUCCESS) {
		ndl_usb_config_free(c);
		return st;
	}
	*out = c;
	return st;
}

static void swap_config(struct ndl_usb_dev *u, struct ndl_usb_config *c)
{
	struct ndl_usb_config *old;
	KIRQL irql = ndl_lock_any(&u->lock);

	old = u->config;
	u->config = c;
	ndl_unlock_any(&u->lock, irql);
	ndl_usb_config_free(old);
}

NTSTATUS ndl_urb_select_configuration(struct ndl_usb_dev *u, IRP *irp,
				      URB *urb)
{
	struct _URB_SELECT_CONFIGURATION *sc = &urb->UrbSelectConfiguration;
	struct ndl_usb_config *c = NULL;
	enum ndl_os_usb_status hs;
	USBD_STATUS st;
	u8 *pos;
	u32 i;

	if (sc->Hdr.Length < offsetof(struct _URB_SELECT_CONFIGURATION,
				      Interface))
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	if (iface_busy(u, NULL))
		return ndl_urb_finish(irp, urb, USBD_STATUS_ERROR_BUSY);
	if (!sc->ConfigurationDescriptor) {
		hs = u->ops->set_configuration(u->os, 0);
		st = host_status(hs, USBD_STATUS_SET_CONFIG_FAILED);
		if (st == USBD_STATUS_SUCCESS)
			swap_config(u, NULL);
		sc->ConfigurationHandle = NULL;
		return ndl_urb_finish(irp, urb, st);
	}
	st = build_config(urb, &c);
	if (st != USBD_STATUS_SUCCESS)
		return ndl_urb_finish(irp, urb, st);
	hs = u->ops->set_configuration(u->os, c->value);
	for (i = 0; hs == NDL_OS_USB_OK && i < c->nifaces; i++)
		if (c->ifaces[i].alternate)
			hs = u->ops->set_interface(u->os, c->ifaces[i].number,
						   c->ifaces[i].alternate);
	st = host_status(hs, USBD_STATUS_SET_CONFIG_FAILED);
	if (st != USBD_STATUS_SUCCESS) {
		ndl_usb_config_free(c);
		return ndl_urb_finish(irp, urb, st);
	}
	pos = (u8 *)&sc->Interface;
	for (i = 0; i < c->nifaces; i++) {
		USBD_INTERFACE_INFORMATION *info = (void *)pos;

		fill_info(info, &c->ifaces[i]);
		pos += info->Length;
	}
	sc->ConfigurationHandle = c;
	swap_config(u, c);
	return ndl_urb_finish(irp, urb, USBD_STATUS_SUCCESS);
}

NTSTATUS ndl_urb_select_interface(struct ndl_usb_dev *u, IRP *irp, URB *urb)
{
	struct _URB_SELECT_INTERFACE *si = &urb->UrbSelectInterface;
	USBD_INTERFACE_INFORMATION *info = &si->Interface;
	struct ndl_usb_config *c = u->config;
	struct ndl_usb_iface *f = NULL, tmp = { 0 };
	struct ndl_usb_pipe *old;
	enum ndl_os_usb_status hs;
	USBD_STATUS st;
	KIRQL irql;
	u32 i;

	if (si->Hdr.Length < offsetof(struct _URB_SELECT_INTERFACE,
				      Interface.Pipes) ||
	    info->Length < offsetof(USBD_INTERFACE_INFORMATION, Pipes) ||
	    (u8 *)info + info->Length > (u8 *)urb + si->Hdr.Length)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	if (!c || si->ConfigurationHandle != c)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	for (i = 0; i < c->nifaces; i++)
		if (c->ifaces[i].number == info->InterfaceNumber)
			f = &c->ifaces[i];
	if (!f)
		return ndl_urb_finish(irp, urb,
				      USBD_STATUS_INTERFACE_NOT_FOUND);
	if (iface_busy(u, f))
		return ndl_urb_finish(irp, urb, USBD_STATUS_ERROR_BUSY);
	st = build_iface(c, f, info, &tmp);
	if (st != USBD_STATUS_SUCCESS)
		return ndl_urb_finish(irp, urb, st);
	hs = u->ops->set_interface(u->os, info->InterfaceNumber,
				   info->AlternateSetting);
	st = host_status(hs, USBD_STATUS_INVALID_PARAMETER);
	if (st != USBD_STATUS_SUCCESS) {
		ndl_free(tmp.pipes);
		return ndl_urb_finish(irp, urb, st);
	}
	irql = ndl_lock_any(&u->lock);
	old = f->pipes;
	*f = tmp;
	ndl_unlock_any(&u->lock, irql);
	ndl_free(old);
	fill_info(info, f);
	return ndl_urb_finish(irp, urb, USBD_STATUS_SUCCESS);
}
