// SPDX-License-Identifier: GPL-2.0-only
/*
 * The runtime's USB operations (struct ndl_os_usb_ops, core/os.h) over
 * Linux's USB core: each transfer is one URB on a bounce buffer of our
 * own (the miniport's memory may be anything; URB buffers must be
 * DMA-able), submitted GFP_ATOMIC because the runtime submits at
 * DISPATCH_LEVEL under spin locks, and unlinked asynchronously on cancel.
 * The URB's completion handler hands the outcome to the runtime, which
 * completes the IRP at DISPATCH_LEVEL from a DPC.
 *
 * Configuration changes: the binding lives on an interface of the active
 * configuration, so selecting that configuration again is accepted as is
 * and any other is refused with a log line naming both (Linux chose the
 * configuration when the device appeared).
 */
#include <linux/delay.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/usb.h>

#include "fpu.h"
#include "stack.h"
#include "usb_os.h"
#include "usb/usb_bus.h"

static enum ndl_os_usb_status ndl_usb_status(int status)
{
	switch (status) {
	case 0:
		return NDL_OS_USB_OK;
	case -EPIPE:
		return NDL_OS_USB_STALL;
	case -EILSEQ:
		return NDL_OS_USB_CRC;
	case -EPROTO:
		return NDL_OS_USB_PROTOCOL;
	case -ETIME:
	case -ETIMEDOUT:
		return NDL_OS_USB_NO_RESPONSE;
	case -EOVERFLOW:
		return NDL_OS_USB_BABBLE;
	case -ECOMM:
		return NDL_OS_USB_OVERRUN;
	case -ENOSR:
		return NDL_OS_USB_UNDERRUN;
	case -ENOENT:
	case -ECONNRESET:
		return NDL_OS_USB_CANCELLED;
	case -ENODEV:
	case -ESHUTDOWN:
		return NDL_OS_USB_GONE;
	case -ENOMEM:
		return NDL_OS_USB_NO_MEMORY;
	case -EINVAL:
	case -EMSGSIZE:
		return NDL_OS_USB_INVALID;
	default:
		return NDL_OS_USB_ERROR;
	}
}

static long ndl_usb_complete_on_stack(void *arg)
{
	struct ndl_os_usb_xfer *x = arg;

	x->complete(x);
	return 0;
}

static void ndl_usb_urb_done(struct urb *urb)
{
	struct ndl_os_usb_xfer *x = urb->context;

	x->status = ndl_usb_status(urb->status);
	x->actual = min_t(u32, urb->actual_length, x->len);
	if (x->in && x->actual)
		memcpy(x->buf, urb->transfer_buffer, x->actual);
	/*
	 * The runtime never cancels after complete was called, so the URB
	 * stays ours until complete returns. It runs on a driver stack at
	 * the IRQL of the giveback's context (DISPATCH from the HCD's BH).
	 */
	ndl_stack_run(ndl_usb_complete_on_stack, x, -1);
	kfree(urb->transfer_buffer);
	kfree(urb->setup_packet);
	usb_free_urb(urb);
}

static unsigned int ndl_usb_pipe(struct usb_device *udev,
				 const struct ndl_os_usb_xfer *x)
{
	unsigned int ep = x->endpoint & USB_ENDPOINT_NUMBER_MASK;

	switch (x->type) {
	case NDL_OS_USB_CONTROL:
		return x->in ? usb_rcvctrlpipe(udev, ep) :
			       usb_sndctrlpipe(udev, ep);
	case NDL_OS_USB_BULK:
		return x->in ? usb_rcvbulkpipe(udev, ep) :
			       usb_sndbulkpipe(udev, ep);
	default:
		return x->in ? usb_rcvintpipe(udev, ep) :
			       usb_sndintpipe(udev, ep);
	}
}

/*
 * An inbound transfer's buffer, owning whole cache lines (kmalloc aligns a
 * power-of-two size to itself, whatever the debug options): two small ones
 * sharing a line is what DMA-API debug calls "overlapping mappings"
 * (usb_ecm on the debug kernel), and breaks where DMA is not coherent.
 */
static void *ndl_usb_in_buf(u32 len)
{
	return kmalloc(roundup_pow_of_two(max_t(u32, len, L1_CACHE_BYTES)),
		       GFP_ATOMIC);
}

static enum ndl_os_usb_status ndl_usb_do_submit(struct ndl_os_usb *dev,
						struct ndl_os_usb_xfer *x)
{
	struct usb_device *udev = dev->udev;
	struct usb_host_endpoint *hep;
	unsigned int pipe;
	struct urb *urb;
	void *buf = NULL;
	int ret;

	if (x->type == NDL_OS_USB_ISOC)
		return NDL_OS_USB_INVALID;	/* no isochronous transfers */
	if (READ_ONCE(dev->gone))
		return NDL_OS_USB_GONE;
	pipe = ndl_usb_pipe(udev, x);
	hep = usb_pipe_endpoint(udev, pipe);
	if (!hep)
		return NDL_OS_USB_INVALID;	/* not in the current setting */
	urb = usb_alloc_urb(0, GFP_ATOMIC);
	if (!urb)
		return NDL_OS_USB_NO_MEMORY;
	if (x->len) {
		buf = x->in ? ndl_usb_in_buf(x->len) :
			      kmemdup(x->buf, x->len, GFP_ATOMIC);
		if (!buf)
			goto nomem;
	}
	if (x->type == NDL_OS_USB_CONTROL) {
		u8 *setup = kmemdup(x->setup, sizeof(x->setup), GFP_ATOMIC);

		if (!setup)
			goto nomem;
		usb_fill_control_urb(urb, udev, pipe, setup, buf, x->len,
				     ndl_usb_urb_done, x);
	} else if (x->type == NDL_OS_USB_BULK) {
		usb_fill_bulk_urb(urb, udev, pipe, buf, x->len,
				  ndl_usb_urb_done, x);
	} else {
		usb_fill_int_urb(urb, udev, pipe, buf, x->len,
				 ndl_usb_urb_done, x, hep->desc.bInterval);
	}
	x->host = urb;
	ret = usb_submit_urb(urb, GFP_ATOMIC);
	if (!ret)
		return NDL_OS_USB_OK;
	x->host = NULL;
	kfree(urb->setup_packet);
	kfree(buf);
	usb_free_urb(urb);
	return ndl_usb_status(ret);
nomem:
	kfree(buf);
	usb_free_urb(urb);
	return NDL_OS_USB_NO_MEMORY;
}

/*
 * Called from Windows context: the USB core's locks sleep on PREEMPT_RT,
 * so the FPU section (which disables preemption) pauses around them; the
 * calls that may sleep anywhere pause it always.
 */
static enum ndl_os_usb_status ndl_usb_submit(struct ndl_os_usb *dev,
					     struct ndl_os_usb_xfer *x)
{
	enum ndl_os_usb_status st;

	ndl_fpu_pause_rt();
	st = ndl_usb_do_submit(dev, x);
	ndl_fpu_resume_rt();
	return st;
}

static void ndl_usb_cancel(struct ndl_os_usb *dev, struct ndl_os_usb_xfer *x)
{
	if (!x->host)
		return;
	ndl_fpu_pause_rt();
	usb_unlink_urb(x->host);
	ndl_fpu_resume_rt();
}

static enum ndl_os_usb_status ndl_usb_set_configuration(struct ndl_os_usb *dev,
							u8 value)
{
	struct usb_host_config *c = dev->udev->actconfig;

	/* 0 (unconfigure at halt) leaves the device to Linux as it was. */
	if (!value || (c && c->desc.bConfigurationValue == value))
		return NDL_OS_USB_OK;
	dev_warn(&dev->intf->dev,
		 "the driver selects configuration %u; Linux chose %u, which ndisload cannot change under a bound interface\n",
		 value, c ? c->desc.bConfigurationValue : 0);
	return NDL_OS_USB_STALL;
}

/*
 * usb_set_interface, usb_clear_halt and usb_reset_device sleep in
 * usb_control_msg, on an on-stack timer: they run on the task's stack
 * (stack.h). On a driver stack the debug lane's DEBUG_OBJECTS said "object
 * is NOT on stack, but annotated" (usb_ecm_msvc).
 */
struct ndl_usb_ctl {
	struct ndl_os_usb *dev;
	unsigned int pipe;
	u8 interface, alternate;
};

static long ndl_usb_set_interface_on_task(void *arg)
{
	struct ndl_usb_ctl *c = arg;

	return usb_set_interface(c->dev->udev, c->interface, c->alternate);
}

static long ndl_usb_clear_halt_on_task(void *arg)
{
	struct ndl_usb_ctl *c = arg;

	return usb_clear_halt(c->dev->udev, c->pipe);
}

static long ndl_usb_reset_on_task(void *arg)
{
	struct ndl_usb_ctl *c = arg;
	int ret = usb_lock_device_for_reset(c->dev->udev, c->dev->intf);

	if (!ret) {
		ret = usb_reset_device(c->dev->udev);
		usb_unlock_device(c->dev->udev);
	}
	return ret;
}

static enum ndl_os_usb_status ndl_usb_ctl_call(long (*fn)(void *arg),
					       struct ndl_usb_ctl *c)
{
	long ret;

	ndl_fpu_pause();
	ret = ndl_stack_on_task(fn, c);
	ndl_fpu_resume();
	return ndl_usb_status(ret);
}

static enum ndl_os_usb_status ndl_usb_set_interface(struct ndl_os_usb *dev,
						    u8 interface, u8 alternate)
{
	struct ndl_usb_ctl c = {
		.dev = dev, .interface = interface, .alternate = alternate,
	};

	return ndl_usb_ctl_call(ndl_usb_set_interface_on_task, &c);
}

static enum ndl_os_usb_status ndl_usb_clear_halt(struct ndl_os_usb *dev,
						 u8 endpoint)
{
	struct usb_device *udev = dev->udev;
	unsigned int ep = endpoint & USB_ENDPOINT_NUMBER_MASK;
	bool in = endpoint & USB_DIR_IN;
	struct usb_host_endpoint *hep = in ? udev->ep_in[ep] : udev->ep_out[ep];
	struct ndl_usb_ctl c = { .dev = dev };

	if (!hep)
		return NDL_OS_USB_INVALID;
	if (usb_endpoint_xfer_int(&hep->desc))
		c.pipe = in ? usb_rcvintpipe(udev, ep) : usb_sndintpipe(udev, ep);
	else
		c.pipe = in ? usb_rcvbulkpipe(udev, ep) : usb_sndbulkpipe(udev, ep);
	return ndl_usb_ctl_call(ndl_usb_clear_halt_on_task, &c);
}

static enum ndl_os_usb_status ndl_usb_reset_port(struct ndl_os_usb *dev)
{
	struct ndl_usb_ctl c = { .dev = dev };

	return ndl_usb_ctl_call(ndl_usb_reset_on_task, &c);
}

static u32 ndl_usb_port_status(struct ndl_os_usb *dev)
{
	if (READ_ONCE(dev->gone) ||
	    dev->udev->state == USB_STATE_NOTATTACHED)
		return 0;
	return NDL_OS_USB_PORT_ENABLED | NDL_OS_USB_PORT_CONNECTED;
}

static u32 ndl_usb_frame_number(struct ndl_os_usb *dev)
{
	int n;

	ndl_fpu_pause_rt();
	n = usb_get_current_frame_number(dev->udev);
	ndl_fpu_resume_rt();
	return n < 0 ? 0 : n;
}

/*
 * USB core keeps each configuration's set as read; its parsed
 * wTotalLength is what it parsed, so never more than it read.
 */
static u32 ndl_usb_config_descriptor(struct ndl_os_usb *dev, void *buf,
				     u32 size)
{
	struct usb_device *udev = dev->udev;
	u32 i, len;

	/* USB core keeps config[] and rawdescriptors[] in the same order. */
	if (!udev->actconfig || !udev->rawdescriptors)
		return 0;
	i = udev->actconfig - udev->config;
	if (i >= udev->descriptor.bNumConfigurations || !udev->rawdescriptors[i])
		return 0;
	len = le16_to_cpu(udev->actconfig->desc.wTotalLength);
	if (size)
		memcpy(buf, udev->rawdescriptors[i], min(size, len));
	return len;
}

const struct ndl_os_usb_ops ndl_linux_usb_ops = {
	.submit = ndl_usb_submit,
	.cancel = ndl_usb_cancel,
	.set_configuration = ndl_usb_set_configuration,
	.set_interface = ndl_usb_set_interface,
	.clear_halt = ndl_usb_clear_halt,
	.reset_port = ndl_usb_reset_port,
	.port_status = ndl_usb_port_status,
	.frame_number = ndl_usb_frame_number,
	.config_descriptor = ndl_usb_config_descriptor,
};

int ndl_usb_os_attach(struct ndl_os_usb *o, int mi, struct ndl_usb_dev **out)
{
	const struct usb_device_descriptor *dd = &o->udev->descriptor;
	const struct usb_interface_descriptor *id =
		&o->intf->cur_altsetting->desc;
	struct ndl_pdo_desc *desc;
	bool dev_class = mi < 0 && dd->bDeviceClass;
	NTSTATUS st;

	desc = kzalloc(sizeof(*desc), GFP_KERNEL);
	if (!desc)
		return -ENOMEM;
	/* Class IDs: the device's own, else the (first) interface's. */
	ndl_pdo_desc_usb(desc, le16_to_cpu(dd->idVendor),
			 le16_to_cpu(dd->idProduct), le16_to_cpu(dd->bcdDevice),
			 mi,
			 dev_class ? dd->bDeviceClass : id->bInterfaceClass,
			 dev_class ? dd->bDeviceSubClass : id->bInterfaceSubClass,
			 dev_class ? dd->bDeviceProtocol : id->bInterfaceProtocol,
			 o->udev->bus->busnum, o->udev->portnum);
	st = ndl_usb_dev_create(o, &ndl_linux_usb_ops, desc, out);
	kfree(desc);
	if (NT_SUCCESS(st) && mi >= 0) {
		st = ndl_usb_dev_set_function(*out, mi);
		if (!NT_SUCCESS(st)) {
			ndl_usb_dev_delete(*out);
			*out = NULL;
			return -ENODEV;
		}
	}
	return NT_SUCCESS(st) ? 0 : -ENOMEM;
}

void ndl_usb_os_gone(struct ndl_os_usb *o, struct ndl_usb_dev *u)
{
	WRITE_ONCE(o->gone, true);
	if (u)
		ndl_usb_dev_gone(u);
}

/* Linux code that sleeps runs on the task's stack (stack.h). */
static long ndl_usb_nap_on_task(void *arg)
{
	msleep(20);
	return 0;
}

void ndl_usb_os_detach(struct ndl_os_usb *o, struct ndl_usb_dev *u)
{
	int i;

	if (!u)
		return;
	/* Cancelled URBs complete within milliseconds; 5 s is a broken HCD. */
	for (i = 0; i < 250 && ndl_usb_dev_busy(u); i++) {
		if (i == 0)
			ndl_usb_dev_gone(u);	/* the miniport left some */
		ndl_stack_on_task(ndl_usb_nap_on_task, NULL);
	}
	if (ndl_usb_dev_delete(u))
		dev_err(&o->intf->dev,
			"%u USB requests never completed; their memory is kept\n",
			ndl_usb_dev_busy(u));
}
