// SPDX-License-Identifier: GPL-2.0-only
/*
 * USB binding: each added Windows driver with USB IDs registers a
 * usb_driver named "ndisload-<name>" whose ID table holds exactly those
 * IDs, as pci.c does for PCI. Linux binds interfaces, Windows devices: an
 * ID without &MI_xx names the whole device, so the driver binds the first
 * interface of the active configuration and claims the others; an ID with
 * &MI_xx binds that function of a composite device: the interface and the
 * rest of its interface association, if it starts one.
 *
 * The best match ranks as Windows ranks a device's hardware IDs:
 * VID&PID&REV&MI, VID&PID&MI, VID&PID&REV, VID&PID.
 *
 * A device unplugged while bound is a surprise removal: the runtime fails
 * what is in flight with USBD_STATUS_DEVICE_GONE, the miniport hears of it
 * (PnP event) and is halted. Unbinding a present device (rmmod, driver
 * removal, sysfs unbind) halts it with the device still answering
 * (soft_unbind: the USB core leaves our URBs alone until we return).
 */
#include <linux/slab.h>
#include <linux/usb.h>

#include "ndl.h"
#include "adapter.h"
#include "drv.h"
#include "stack.h"

static struct ndl_drv *ndl_drv_of_intf(struct usb_interface *intf)
{
	return container_of(to_usb_driver(intf->dev.driver), struct ndl_drv,
			    udrv);
}

static u8 ndl_intf_number(struct usb_interface *intf)
{
	return intf->cur_altsetting->desc.bInterfaceNumber;
}

/* The interface a whole-device binding lives on. */
static bool ndl_usb_first_intf(struct usb_interface *intf)
{
	struct usb_host_config *c = interface_to_usbdev(intf)->actconfig;

	return c && c->desc.bNumInterfaces && c->interface[0] == intf;
}

/* The best-matching ID's index, or -1. */
static int ndl_usb_match(const struct ndl_drv *drv, struct usb_interface *intf)
{
	const struct usb_device_descriptor *d =
		&interface_to_usbdev(intf)->descriptor;
	int best = -1, best_score = -1;
	u32 i;

	for (i = 0; i < drv->n_ids; i++) {
		const struct ndl_device_id *id = &drv->ids[i];
		int score = 0;

		if (id->bus != NDL_BUS_USB ||
		    id->vendor != le16_to_cpu(d->idVendor) ||
		    id->device != le16_to_cpu(d->idProduct))
			continue;
		if (id->match & NDL_MATCH_MI) {
			if (id->interface != ndl_intf_number(intf))
				continue;
			score += 2;
		} else if (!ndl_usb_first_intf(intf)) {
			continue;
		}
		if (id->match & NDL_MATCH_REV) {
			if (id->bcd_device != le16_to_cpu(d->bcdDevice))
				continue;
			score += 1;
		}
		if (score > best_score) {
			best = i;
			best_score = score;
		}
	}
	return best;
}

/*
 * Is other one of the interfaces b's device is made of, besides the one
 * b is bound to? A whole device has them all; a function (MI_xx) the
 * rest of its interface association, as Windows' generic parent groups
 * them, and nothing else: other functions stay free for other drivers.
 */
static bool ndl_usb_owns(struct ndl_bound *b, struct usb_interface *other)
{
	struct usb_interface *intf = b->osusb.intf;
	struct usb_interface_assoc_descriptor *iad = intf->intf_assoc;
	u8 n;

	if (!other || other == intf)
		return false;
	if (!(b->drv->ids[b->id_index].match & NDL_MATCH_MI))
		return true;
	n = ndl_intf_number(other);
	return iad && iad->bFirstInterface == ndl_intf_number(intf) &&
	       n >= iad->bFirstInterface &&
	       n - iad->bFirstInterface < iad->bInterfaceCount;
}

/* The other interfaces of the device or function b stands for. */
static int ndl_usb_claim_rest(struct ndl_bound *b)
{
	struct usb_host_config *c = b->osusb.udev->actconfig;
	struct usb_interface *other;
	int i, ret;

	for (i = 0; i < c->desc.bNumInterfaces; i++) {
		other = c->interface[i];
		if (!ndl_usb_owns(b, other) ||
		    other->dev.driver == &b->drv->udrv.driver)
			continue;
		ret = usb_driver_claim_interface(&b->drv->udrv, other, b);
		if (ret) {
			ndl_devrec_fail(b->rec, ret, 0,
					"interface %u is driven by %s",
					ndl_intf_number(other),
					other->dev.driver ?
					other->dev.driver->name : "another driver");
			return ret;
		}
	}
	return 0;
}

/*
 * Releasing a claimed interface unbinds it, and Linux then puts it back to
 * alternate setting 0 (usb_set_interface: a control transfer on an on-stack
 * timer). Linux code that sleeps runs on the task's stack (stack.h): on a
 * driver stack the debug lane's DEBUG_OBJECTS said "object is NOT on stack,
 * but annotated" when usb_ecm's data interface (alternate 1) was released.
 */
static long ndl_usb_release_rest_on_task(void *arg)
{
	struct ndl_bound *b = arg;
	struct usb_host_config *c = b->osusb.udev->actconfig;
	struct usb_interface *other;
	int i;

	for (i = 0; c && i < c->desc.bNumInterfaces; i++) {
		other = c->interface[i];
		if (ndl_usb_owns(b, other) && usb_get_intfdata(other) == b)
			usb_driver_release_interface(&b->drv->udrv, other);
	}
	return 0;
}

static void ndl_usb_bound_free(struct ndl_bound *b)
{
	struct usb_interface *intf = b->osusb.intf;

	ndl_stack_on_task(ndl_usb_release_rest_on_task, b);
	usb_set_intfdata(intf, NULL);
	usb_put_dev(b->osusb.udev);
	ndl_bound_free(b);
}

static int ndl_usb_bound_create(struct ndl_drv *drv,
				struct usb_interface *intf, int idx,
				struct ndl_devrec *rec)
{
	bool whole = !(drv->ids[idx].match & NDL_MATCH_MI);
	struct ndl_bound *b;
	int ret;

	b = ndl_bound_alloc(drv, &intf->dev, idx, rec);
	if (!b)
		return -ENOMEM;
	b->osusb.udev = usb_get_dev(interface_to_usbdev(intf));
	b->osusb.intf = intf;
	usb_set_intfdata(intf, b);
	ret = ndl_usb_claim_rest(b);
	if (ret)
		goto err;
	ret = ndl_usb_os_attach(&b->osusb, whole ? -1 : ndl_intf_number(intf),
				&b->usb);
	if (ret) {
		ndl_devrec_fail(rec, ret, 0, "cannot create its PDO (%d)", ret);
		goto err;
	}
	ret = ndl_bound_run(b);
	if (ret)
		goto err_usb;
	return 0;

err_usb:
	ndl_usb_os_gone(&b->osusb, b->usb);
	ndl_usb_os_detach(&b->osusb, b->usb);
err:
	ndl_usb_bound_free(b);
	return ret;
}

struct ndl_usb_call {
	struct ndl_drv *drv;
	struct usb_interface *intf;
};

static long ndl_usb_probe_on_stack(void *arg)
{
	struct ndl_usb_call *c = arg;
	struct ndl_devrec *rec;
	int idx, ret;

	idx = ndl_usb_match(c->drv, c->intf);
	if (idx < 0 || READ_ONCE(c->drv->state) != NDL_DRV_LOADED)
		return -ENODEV;
	mutex_lock(&ndl_drv_lock);
	rec = ndl_devrec_get_usb(c->drv, interface_to_usbdev(c->intf));
	mutex_unlock(&ndl_drv_lock);
	if (!rec)
		return -ENOMEM;
	ret = ndl_usb_bound_create(c->drv, c->intf, idx, rec);
	mutex_lock(&ndl_drv_lock);
	if (!ret)
		ndl_devrec_running(rec, usb_get_intfdata(c->intf));
	mutex_unlock(&ndl_drv_lock);
	return ret;
}

static int ndl_usb_probe(struct usb_interface *intf,
			 const struct usb_device_id *id)
{
	struct ndl_usb_call c = { ndl_drv_of_intf(intf), intf };

	return ndl_stack_run(ndl_usb_probe_on_stack, &c, -1);
}

static long ndl_usb_disconnect_on_stack(void *arg)
{
	struct ndl_usb_call *c = arg;
	struct ndl_bound *b = usb_get_intfdata(c->intf);

	mutex_lock(&ndl_drv_lock);
	if (b->rec->bound == b)
		ndl_devrec_gone(b->rec);
	mutex_unlock(&ndl_drv_lock);
	b->surprise = b->osusb.udev->state == USB_STATE_NOTATTACHED;
	if (b->surprise)
		ndl_usb_os_gone(&b->osusb, b->usb);
	ndl_bound_stop(b);
	ndl_usb_os_detach(&b->osusb, b->usb);
	b->usb = NULL;
	ndl_usb_bound_free(b);
	return 0;
}

static void ndl_usb_disconnect(struct usb_interface *intf)
{
	struct ndl_usb_call c = { ndl_drv_of_intf(intf), intf };
	struct ndl_bound *b = usb_get_intfdata(intf);

	if (!b)
		return;
	if (b->osusb.intf != intf) {
		/* A claimed interface: the bound one's disconnect frees it. */
		usb_set_intfdata(intf, NULL);
		return;
	}
	ndl_stack_run(ndl_usb_disconnect_on_stack, &c, -1);
}

struct ndl_usb_survey {
	struct ndl_drv *drv;
	u32 bound, owned;
};

static int ndl_usb_survey_dev(struct usb_device *udev, void *data)
{
	struct ndl_usb_survey *s = data;
	struct usb_host_config *c = udev->actconfig;
	struct device_driver *dd;
	struct ndl_devrec *rec;
	int i;

	for (i = 0; c && i < c->desc.bNumInterfaces; i++) {
		struct usb_interface *intf = c->interface[i];

		if (!intf || ndl_usb_match(s->drv, intf) < 0)
			continue;
		dd = intf->dev.driver;
		if (dd == &s->drv->udrv.driver) {
			s->bound++;
			continue;
		}
		if (!dd)
			continue;	/* our probe failed: its record says why */
		s->owned++;
		pr_info("%s: %s (%04x:%04x) is driven by the native driver %s; left alone\n",
			s->drv->name, dev_name(&intf->dev),
			le16_to_cpu(udev->descriptor.idVendor),
			le16_to_cpu(udev->descriptor.idProduct), dd->name);
		mutex_lock(&ndl_drv_lock);
		rec = ndl_devrec_get_usb(s->drv, udev);
		if (rec) {
			rec->state = NDL_DEV_OWNED;
			strscpy(rec->owner, dd->name, sizeof(rec->owner));
			snprintf(rec->message, sizeof(rec->message),
				 "driven by the native driver %s", dd->name);
		}
		mutex_unlock(&ndl_drv_lock);
	}
	return 0;
}

int ndl_usb_register(struct ndl_drv *drv, u32 *bound, u32 *owned)
{
	struct ndl_usb_survey s = { drv };
	u32 i, n = 0;
	int ret;

	*bound = 0;
	*owned = 0;
	for (i = 0; i < drv->n_ids; i++)
		n += drv->ids[i].bus == NDL_BUS_USB;
	if (!n)
		return 0;
	drv->usb_id_table = kcalloc(n + 1, sizeof(*drv->usb_id_table),
				    GFP_KERNEL);
	if (!drv->usb_id_table)
		return -ENOMEM;
	for (i = 0, n = 0; i < drv->n_ids; i++) {
		const struct ndl_device_id *id = &drv->ids[i];
		struct usb_device_id *u = &drv->usb_id_table[n];

		if (id->bus != NDL_BUS_USB)
			continue;
		n++;
		u->match_flags = USB_DEVICE_ID_MATCH_DEVICE;
		u->idVendor = id->vendor;
		u->idProduct = id->device;
		if (id->match & NDL_MATCH_REV) {
			u->match_flags |= USB_DEVICE_ID_MATCH_DEV_RANGE;
			u->bcdDevice_lo = id->bcd_device;
			u->bcdDevice_hi = id->bcd_device;
		}
		if (id->match & NDL_MATCH_MI) {
			u->match_flags |= USB_DEVICE_ID_MATCH_INT_NUMBER;
			u->bInterfaceNumber = id->interface;
		}
		u->driver_info = i;
	}
	/* drv->pci_name is "ndisload-<name>" (pci.c sets it first). */
	drv->udrv.name = drv->pci_name;
	drv->udrv.id_table = drv->usb_id_table;
	drv->udrv.probe = ndl_usb_probe;
	drv->udrv.disconnect = ndl_usb_disconnect;
	drv->udrv.soft_unbind = 1;
	drv->udrv.disable_hub_initiated_lpm = 1;
	ret = usb_register(&drv->udrv);
	if (ret)
		return ret;
	drv->udrv_registered = true;
	usb_for_each_dev(&s, ndl_usb_survey_dev);
	*bound = s.bound;
	*owned = s.owned;
	return 0;
}

void ndl_usb_unregister(struct ndl_drv *drv)
{
	if (drv->udrv_registered)
		usb_deregister(&drv->udrv);
	drv->udrv_registered = false;
}
