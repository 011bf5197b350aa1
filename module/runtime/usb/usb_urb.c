// SPDX-License-Identifier: GPL-2.0-only
/*
 * IOCTL_INTERNAL_USB_SUBMIT_URB: one URB function each, as the USB
 * client-driver documentation describes them. Descriptor, status and
 * vendor/class requests become control transfers on the default pipe
 * with the SETUP packet the documentation derives from the URB's fields;
 * CONTROL_TRANSFER(_EX) sends the driver's own (wLength is the transfer
 * length: a larger one would let the device overrun the buffer). The
 * direction comes from USBD_TRANSFER_DIRECTION_IN for control requests
 * and from the endpoint address for bulk and interrupt pipes. A function
 * the bus does not implement is logged with its name and completes with
 * STATUS_NOT_SUPPORTED (USBD_STATUS_NOT_SUPPORTED for a known one,
 * USBD_STATUS_INVALID_URB_FUNCTION for a code usb.h does not define).
 */
#include "usb/usb_priv.h"

#define RT_IN		0x80
#define RT_STANDARD	0x00
#define RT_CLASS	0x20
#define RT_VENDOR	0x40
#define RCPT_DEVICE	0
#define RCPT_INTERFACE	1
#define RCPT_ENDPOINT	2
#define RCPT_OTHER	3

static void setup_packet(u8 *s, u8 type, u8 request, u16 value, u16 index,
			 u16 length)
{
	s[0] = type;
	s[1] = request;
	s[2] = value & 0xff;
	s[3] = value >> 8;
	s[4] = index & 0xff;
	s[5] = index >> 8;
	s[6] = length & 0xff;
	s[7] = length >> 8;
}

static bool long_enough(URB *urb, size_t need)
{
	return urb->UrbHeader.Length >= need;
}

/* A control transfer on the default pipe with a SETUP packet we built. */
static NTSTATUS control(struct ndl_usb_dev *u, IRP *irp, URB *urb, u8 type,
			u8 request, u16 value, u16 index)
{
	u32 len = urb->transfer.TransferBufferLength;
	u8 setup[8];

	if (len > 0xffff)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	setup_packet(setup, type, request, value, index, (u16)len);
	return ndl_usb_xfer_start(u, irp, urb, &u->ep0, type & RT_IN, setup,
				  0);
}

/* A function's configuration set, answered as usbccgp does: from memory. */
static NTSTATUS function_config(struct ndl_usb_dev *u, IRP *irp, URB *urb)
{
	struct ndl_urb_transfer *t = &urb->transfer;
	void *buf = ndl_urb_buffer(t);
	u32 n = t->TransferBufferLength < u->function_len ?
		t->TransferBufferLength : u->function_len;

	if (n && !buf)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	if (n)
		ndl_memcpy(buf, u->function_desc, n);
	t->TransferBufferLength = n;
	return ndl_urb_finish(irp, urb, USBD_STATUS_SUCCESS);
}

static NTSTATUS descriptor(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			   u8 recipient)
{
	struct _URB_CONTROL_DESCRIPTOR_REQUEST *r =
		&urb->UrbControlDescriptorRequest;

	if (!long_enough(urb, sizeof(*r)))
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	if (u->function_desc && recipient == RCPT_DEVICE &&
	    r->DescriptorType == USB_CONFIGURATION_DESCRIPTOR_TYPE)
		return function_config(u, irp, urb);
	return control(u, irp, urb, RT_IN | RT_STANDARD | recipient,
		       USB_REQUEST_GET_DESCRIPTOR,
		       (u16)(r->DescriptorType << 8 | r->Index),
		       r->LanguageId);
}

static NTSTATUS get_status(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			   u8 recipient)
{
	struct _URB_CONTROL_GET_STATUS_REQUEST *r =
		&urb->UrbControlGetStatusRequest;

	/* The answer is two bytes, and the buffer must hold exactly that. */
	if (!long_enough(urb, sizeof(*r)) || r->TransferBufferLength != 2)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	return control(u, irp, urb, RT_IN | RT_STANDARD | recipient,
		       USB_REQUEST_GET_STATUS, 0, r->Index);
}

static NTSTATUS vendor_class(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			     u8 kind, u8 recipient)
{
	struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST *r =
		&urb->UrbControlVendorClassRequest;
	u8 type;

	if (!long_enough(urb, sizeof(*r)))
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	type = kind | recipient | (r->RequestTypeReservedBits & 0x1f);
	if (r->TransferFlags & USBD_TRANSFER_DIRECTION_IN)
		type |= RT_IN;
	return control(u, irp, urb, type, r->Request, r->Value, r->Index);
}

static NTSTATUS control_transfer(struct ndl_usb_dev *u, IRP *irp, URB *urb,
				 bool ex)
{
	struct _URB_CONTROL_TRANSFER *c = &urb->UrbControlTransfer;
	struct _URB_CONTROL_TRANSFER_EX *cx = &urb->UrbControlTransferEx;
	struct ndl_usb_pipe *pipe = &u->ep0;
	u8 setup[8];

	if (!long_enough(urb, ex ? sizeof(*cx) : sizeof(*c)) ||
	    c->TransferBufferLength > 0xffff)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	if (!(c->TransferFlags & USBD_DEFAULT_PIPE_TRANSFER)) {
		pipe = ndl_usb_pipe(u, c->PipeHandle);
		if (!pipe || pipe->type != UsbdPipeTypeControl)
			return ndl_urb_finish(irp, urb,
					USBD_STATUS_INVALID_PIPE_HANDLE);
	}
	ndl_memcpy(setup, ex ? cx->SetupPacket : c->SetupPacket, 8);
	setup[6] = c->TransferBufferLength & 0xff;
	setup[7] = c->TransferBufferLength >> 8;
	return ndl_usb_xfer_start(u, irp, urb, pipe,
				  c->TransferFlags & USBD_TRANSFER_DIRECTION_IN,
				  setup, ex ? cx->Timeout : 0);
}

static NTSTATUS bulk_or_interrupt(struct ndl_usb_dev *u, IRP *irp, URB *urb)
{
	struct _URB_BULK_OR_INTERRUPT_TRANSFER *b =
		&urb->UrbBulkOrInterruptTransfer;
	struct ndl_usb_pipe *pipe;

	if (!long_enough(urb, sizeof(*b)))
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	pipe = ndl_usb_pipe(u, b->PipeHandle);
	if (!pipe || (pipe->type != UsbdPipeTypeBulk &&
		      pipe->type != UsbdPipeTypeInterrupt))
		return ndl_urb_finish(irp, urb,
				      USBD_STATUS_INVALID_PIPE_HANDLE);
	return ndl_usb_xfer_start(u, irp, urb, pipe, pipe->endpoint & 0x80,
				  NULL, 0);
}

static NTSTATUS pipe_request(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			     struct ndl_usb_pipe **pipe)
{
	*pipe = NULL;
	if (!long_enough(urb, sizeof(struct _URB_PIPE_REQUEST)))
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	*pipe = ndl_usb_pipe(u, urb->UrbPipeRequest.PipeHandle);
	if (!*pipe)
		return ndl_urb_finish(irp, urb,
				      USBD_STATUS_INVALID_PIPE_HANDLE);
	return STATUS_SUCCESS;
}

/* RESET_PIPE and the SYNC_ forms: clear the halt, reset the toggle. */
static NTSTATUS reset_pipe(struct ndl_usb_dev *u, IRP *irp, URB *urb)
{
	struct ndl_usb_pipe *pipe;
	enum ndl_os_usb_status hs;
	NTSTATUS st = pipe_request(u, irp, urb, &pipe);

	if (!pipe)
		return st;
	hs = u->ops->clear_halt(u->os, pipe->endpoint);
	return ndl_urb_finish(irp, urb, ndl_usbd_status(hs));
}

static NTSTATUS unsupported(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    u16 fn)
{
	const char *name = ndl_urb_function_name(fn);
	bool known = ndl_strcmp(name, "unknown") != 0;

	if (known)
		ndl_warn("%s: URB_FUNCTION_%s (0x%04x) not supported",
			 ndl_usb_dev_name(u), name, fn);
	else
		ndl_warn("%s: unknown URB function 0x%04x",
			 ndl_usb_dev_name(u), fn);
	return ndl_urb_finish(irp, urb, known ? USBD_STATUS_NOT_SUPPORTED :
			      USBD_STATUS_INVALID_URB_FUNCTION);
}

NTSTATUS ndl_urb_submit(struct ndl_usb_dev *u, IRP *irp, URB *urb)
{
	struct ndl_usb_pipe *pipe;
	NTSTATUS st;
	u16 fn;

	if (!urb || urb->UrbHeader.Length < sizeof(struct _URB_HEADER))
		return ndl_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	fn = urb->UrbHeader.Function;
	if (ndl_atomic_load(&u->gone))
		return ndl_urb_finish(irp, urb, USBD_STATUS_DEVICE_GONE);
	switch (fn) {
	case URB_FUNCTION_SELECT_CONFIGURATION:
		return ndl_usb_at_passive(u, irp, urb,
					  ndl_urb_select_configuration);
	case URB_FUNCTION_SELECT_INTERFACE:
		return ndl_usb_at_passive(u, irp, urb,
					  ndl_urb_select_interface);
	case URB_FUNCTION_ABORT_PIPE:
		st = pipe_request(u, irp, urb, &pipe);
		return pipe ? ndl_usb_abort_pipe(u, irp, urb, pipe) : st;
	case URB_FUNCTION_SYNC_RESET_PIPE_AND_CLEAR_STALL:
	case URB_FUNCTION_SYNC_RESET_PIPE:
	case URB_FUNCTION_SYNC_CLEAR_STALL:
		return ndl_usb_at_passive(u, irp, urb, reset_pipe);
	case URB_FUNCTION_GET_CURRENT_FRAME_NUMBER:
		if (!long_enough(urb,
				 sizeof(struct _URB_GET_CURRENT_FRAME_NUMBER)))
			return ndl_urb_finish(irp, urb,
					      USBD_STATUS_INVALID_PARAMETER);
		urb->UrbGetCurrentFrameNumber.FrameNumber =
			u->ops->frame_number(u->os);
		return ndl_urb_finish(irp, urb, USBD_STATUS_SUCCESS);
	case URB_FUNCTION_CONTROL_TRANSFER:
		return control_transfer(u, irp, urb, false);
	case URB_FUNCTION_CONTROL_TRANSFER_EX:
		return control_transfer(u, irp, urb, true);
	case URB_FUNCTION_BULK_OR_INTERRUPT_TRANSFER:
		return bulk_or_interrupt(u, irp, urb);
	case URB_FUNCTION_GET_DESCRIPTOR_FROM_DEVICE:
		return descriptor(u, irp, urb, RCPT_DEVICE);
	case URB_FUNCTION_GET_DESCRIPTOR_FROM_INTERFACE:
		return descriptor(u, irp, urb, RCPT_INTERFACE);
	case URB_FUNCTION_GET_DESCRIPTOR_FROM_ENDPOINT:
		return descriptor(u, irp, urb, RCPT_ENDPOINT);
	case URB_FUNCTION_GET_STATUS_FROM_DEVICE:
		return get_status(u, irp, urb, RCPT_DEVICE);
	case URB_FUNCTION_GET_STATUS_FROM_INTERFACE:
		return get_status(u, irp, urb, RCPT_INTERFACE);
	case URB_FUNCTION_GET_STATUS_FROM_ENDPOINT:
		return get_status(u, irp, urb, RCPT_ENDPOINT);
	case URB_FUNCTION_GET_STATUS_FROM_OTHER:
		return get_status(u, irp, urb, RCPT_OTHER);
	case URB_FUNCTION_VENDOR_DEVICE:
		return vendor_class(u, irp, urb, RT_VENDOR, RCPT_DEVICE);
	case URB_FUNCTION_VENDOR_INTERFACE:
		return vendor_class(u, irp, urb, RT_VENDOR, RCPT_INTERFACE);
	case URB_FUNCTION_VENDOR_ENDPOINT:
		return vendor_class(u, irp, urb, RT_VENDOR, RCPT_ENDPOINT);
	case URB_FUNCTION_VENDOR_OTHER:
		return vendor_class(u, irp, urb, RT_VENDOR, RCPT_OTHER);
	case URB_FUNCTION_CLASS_DEVICE:
		return vendor_class(u, irp, urb, RT_CLASS, RCPT_DEVICE);
	case URB_FUNCTION_CLASS_INTERFACE:
		return vendor_class(u, irp, urb, RT_CLASS, RCPT_INTERFACE);
	case URB_FUNCTION_CLASS_ENDPOINT:
		return vendor_class(u, irp, urb, RT_CLASS, RCPT_ENDPOINT);
	case URB_FUNCTION_CLASS_OTHER:
		return vendor_class(u, irp, urb, RT_CLASS, RCPT_OTHER);
	}
	return unsupported(u, irp, urb, fn);
}
