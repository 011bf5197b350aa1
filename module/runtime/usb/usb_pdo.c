// SPDX-License-Identifier: GPL-2.0-only
/*
 * A USB device's physical device object, as Windows' hub driver presents
 * it to the function driver above: IDs and location for PnP, and
 * IRP_MJ_INTERNAL_DEVICE_CONTROL with IOCTL_INTERNAL_USB_SUBMIT_URB (the
 * URB in Parameters.Others.Argument1), GET_PORT_STATUS (a ULONG of
 * USBD_PORT_* in Argument1), RESET_PORT and CYCLE_PORT. Other requests
 * get the default PDO handling (nt_pdo.c).
 */
#include "usb/usb_desc.h"
#include "usb/usb_priv.h"
#include "nt/nt_exports.h"
#include "nt/nt_device.h"
#include "nt/nt_queue.h"

static const struct ndl_pdo_ops usb_pdo_ops = { .dispatch = ndl_usb_dispatch };

NTSTATUS ndl_usb_dev_create(struct ndl_os_usb *dev,
			    const struct ndl_os_usb_ops *ops,
			    const struct ndl_pdo_desc *desc,
			    struct ndl_usb_dev **out)
{
	struct ndl_usb_dev *u;
	NTSTATUS st;

	*out = NULL;
	if (!ops || !ops->submit || !ops->cancel || !ops->set_configuration ||
	    !ops->set_interface || !ops->clear_halt || !ops->reset_port ||
	    !ops->port_status || !ops->frame_number)
		return STATUS_INVALID_PARAMETER;
	u = ndl_alloc(sizeof(*u), NDL_OS_ZERO);
	if (!u)
		return STATUS_INSUFFICIENT_RESOURCES;
	u->os = dev;
	u->ops = ops;
	u->ep0.type = UsbdPipeTypeControl;
	ndl_list_init(&u->ep0.aborts);
	ndl_list_init(&u->xfers);
	st = ndl_pdo_create(desc, &usb_pdo_ops, u, &u->pdo);
	if (!NT_SUCCESS(st)) {
		ndl_free(u);
		return st;
	}
	*out = u;
	return STATUS_SUCCESS;
}

NTSTATUS ndl_usb_dev_set_function(struct ndl_usb_dev *u, u8 first)
{
	u32 len = 0, n;
	u8 *raw = NULL, *out;

	if (u->ops->config_descriptor)
		len = u->ops->config_descriptor(u->os, NULL, 0);
	if (len)
		raw = ndl_alloc(len, 0);
	out = raw ? ndl_alloc(len, 0) : NULL;
	if (!out) {
		ndl_free(raw);
		return len ? STATUS_INSUFFICIENT_RESOURCES :
			     STATUS_NOT_FOUND;
	}
	n = u->ops->config_descriptor(u->os, raw, len) == len ?
	    ndl_usb_desc_function(raw, len, first, out) : 0;
	ndl_free(raw);
	if (!n) {
		ndl_err("%s: configuration has no function at interface %u",
			ndl_usb_dev_name(u), first);
		ndl_free(out);
		return STATUS_NOT_FOUND;
	}
	ndl_free(u->function_desc);
	u->function_desc = out;
	u->function_len = n;
	return STATUS_SUCCESS;
}

DEVICE_OBJECT *ndl_usb_dev_pdo(struct ndl_usb_dev *u)
{
	return u->pdo;
}

/* The most specific hardware ID names the device (function) in logs. */
const char *ndl_usb_dev_name(struct ndl_usb_dev *u)
{
	const struct ndl_pdo_desc *d = ndl_pdo_desc_of(u->pdo);

	return d && d->hardware_ids[0] ? d->hardware_ids : "USB device";
}

void ndl_usb_dev_gone(struct ndl_usb_dev *u)
{
	KIRQL old = ndl_lock_any(&u->lock);

	u->gone = true;
	ndl_unlock_any(&u->lock, old);
	ndl_info("USB device %p gone: transfers in flight are cancelled",
		 u->pdo);
	ndl_usb_cancel_all(u);
}

u32 ndl_usb_dev_busy(struct ndl_usb_dev *u)
{
	return ndl_atomic_load(&u->busy);
}

int ndl_usb_dev_delete(struct ndl_usb_dev *u)
{
	if (ndl_atomic_load(&u->busy)) {
		ndl_err("%s: %u requests in flight, not deleted",
			ndl_usb_dev_name(u), u->busy);
		return -NDL_EBUSY;
	}
	ndl_usb_config_free(u->config);
	ndl_free(u->function_desc);
	ndl_pdo_delete(u->pdo);
	ndl_free(u);
	return 0;
}

NTSTATUS ndl_urb_finish(IRP *irp, URB *urb, USBD_STATUS st)
{
	if (urb)
		urb->UrbHeader.Status = st;
	return ndl_irp_complete(irp, ndl_usbd_ntstatus(st), 0);
}

struct passive_call {
	WORK_QUEUE_ITEM item;
	struct ndl_usb_dev *u;
	IRP *irp;
	URB *urb;
	NTSTATUS (*fn)(struct ndl_usb_dev *u, IRP *irp, URB *urb);
};

static NTAPI void passive_run(void *param)
{
	struct passive_call *c = param;
	struct ndl_usb_dev *u = c->u;

	c->fn(u, c->irp, c->urb);
	ndl_free(c);
	ndl_atomic_add(&u->busy, -1);
}

/*
 * Configuration, interface selection and pipe/port resets wait for the
 * device (the host's calls sleep): a driver sending one above
 * PASSIVE_LEVEL gets it done from a work item, the IRP pending.
 */
NTSTATUS ndl_usb_at_passive(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    NTSTATUS (*fn)(struct ndl_usb_dev *u, IRP *irp,
					   URB *urb))
{
	struct passive_call *c;

	if (ndl_os_irql_current() == NDL_PASSIVE_LEVEL)
		return fn(u, irp, urb);
	c = ndl_alloc(sizeof(*c), NDL_OS_ATOMIC | NDL_OS_ZERO);
	if (!c)
		return ndl_urb_finish(irp, urb,
				      USBD_STATUS_INSUFFICIENT_RESOURCES);
	c->u = u;
	c->irp = irp;
	c->urb = urb;
	c->fn = fn;
	ndl_atomic_add(&u->busy, 1);
	ndl_irp_cur_sl(irp)->Control |= SL_PENDING_RETURNED;
	ndl_work_queue_call(&c->item, passive_run, c);
	return STATUS_PENDING;
}

static NTSTATUS port_reset(struct ndl_usb_dev *u, IRP *irp, URB *urb)
{
	enum ndl_os_usb_status s = u->ops->reset_port(u->os);

	return ndl_irp_complete(irp, ndl_usbd_ntstatus(ndl_usbd_status(s)),
				0);
}

static NTSTATUS internal_ioctl(struct ndl_usb_dev *u, IRP *irp)
{
	IO_STACK_LOCATION *sl = ndl_irp_cur_sl(irp);
	u32 code = sl->Parameters.DeviceIoControl.IoControlCode;
	ULONG *port;

	switch (code) {
	case IOCTL_INTERNAL_USB_SUBMIT_URB:
		return ndl_urb_submit(u, irp, sl->Parameters.Others.Argument1);
	case IOCTL_INTERNAL_USB_GET_PORT_STATUS:
		port = sl->Parameters.Others.Argument1;
		if (!port)
			return ndl_irp_complete(irp, STATUS_INVALID_PARAMETER,
						0);
		*port = u->gone ? 0 : u->ops->port_status(u->os) &
			(USBD_PORT_ENABLED | USBD_PORT_CONNECTED);
		return ndl_irp_complete(irp, STATUS_SUCCESS, 0);
	case IOCTL_INTERNAL_USB_RESET_PORT:
	case IOCTL_INTERNAL_USB_CYCLE_PORT:
		/*
		 * Cycling re-enumerates on Windows; here the device keeps
		 * its binding and gets a port reset, which is what drivers
		 * use it for (recovering a wedged device).
		 */
		if (u->gone)
			return ndl_irp_complete(irp,
						STATUS_DEVICE_NOT_CONNECTED, 0);
		return ndl_usb_at_passive(u, irp, NULL, port_reset);
	}
	ndl_warn("%s: internal IOCTL 0x%08x not supported",
		 ndl_usb_dev_name(u), code);
	return ndl_irp_complete(irp, STATUS_NOT_SUPPORTED, 0);
}

bool ndl_usb_dispatch(void *ctx, DEVICE_OBJECT *pdo, IRP *irp, NTSTATUS *ret)
{
	if (ndl_irp_cur_sl(irp)->MajorFunction !=
	    IRP_MJ_INTERNAL_DEVICE_CONTROL)
		return false;
	*ret = internal_ioctl(ctx, irp);
	return true;
}
