/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internals of the USB bus (the files of usb/): a bound device's state, its
 * configuration and pipes (whose addresses are the handles drivers get),
 * and transfers in flight.
 */
#ifndef NDL_USB_PRIV_H
#define NDL_USB_PRIV_H

#include "nt/nt_api.h"
#include "nt/nt_list.h"
#include "nt/nt_sync.h"
#include "nt/nt_status.h"
#include "usb/usb_types.h"
#include "usb/usb_bus.h"

struct ndl_usb_iface;

struct ndl_usb_pipe {
	u8 endpoint;			/* address, bit 7 = IN */
	u8 type;			/* USBD_PIPE_TYPE */
	u8 interval;
	u16 max_packet;
	struct ndl_usb_iface *iface;	/* NULL: the default pipe */
	u32 busy;			/* transfers in flight */
	LIST_ENTRY aborts;		/* ABORT_PIPE IRPs waiting for busy 0 */
};

struct ndl_usb_iface {
	u8 number, alternate, cls, subclass, protocol;
	u32 npipes;
	struct ndl_usb_pipe *pipes;
};

struct ndl_usb_config {
	u8 value;
	u32 nifaces;
	struct ndl_usb_iface *ifaces;
	u32 desc_len;
	u8 desc[];			/* the driver's configuration descriptor */
};

struct ndl_usb_dev {
	struct ndl_os_usb *os;
	const struct ndl_os_usb_ops *ops;
	DEVICE_OBJECT *pdo;
	KSPIN_LOCK lock;		/* ndl_lock_any: everything below */
	struct ndl_usb_config *config;
	u8 *function_desc;		/* a function's configuration set */
	u32 function_len;
	struct ndl_usb_pipe ep0;
	LIST_ENTRY xfers;
	u32 busy;			/* transfers + deferred requests */
	bool gone;
};

enum ndl_usb_xfer_state { NDL_XFER_NEW, NDL_XFER_SUBMITTED };

struct ndl_usb_xfer {
	struct ndl_os_usb_xfer os;	/* first: the host's view */
	LIST_ENTRY link;
	struct ndl_usb_dev *dev;
	struct ndl_usb_pipe *pipe;
	IRP *irp;
	URB *urb;
	KDPC dpc;			/* completion at DISPATCH_LEVEL */
	KTIMER timer;			/* CONTROL_TRANSFER_EX Timeout */
	KDPC timer_dpc;
	u32 refs;			/* dispatch path + completion */
	u8 state;
	bool host_done, cancel_asked, timed_out, timer_set;
};

/* usb_pdo.c: the PDO's IRP_MJ_INTERNAL_DEVICE_CONTROL. */
bool ndl_usb_dispatch(void *ctx, DEVICE_OBJECT *pdo, IRP *irp,
		      NTSTATUS *ret);
/* Complete irp for urb now with a USBD status (and its NTSTATUS). */
NTSTATUS ndl_urb_finish(IRP *irp, URB *urb, USBD_STATUS st);
/* Run fn(u, irp, urb) at PASSIVE_LEVEL: now, or from a work item. */
NTSTATUS ndl_usb_at_passive(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    NTSTATUS (*fn)(struct ndl_usb_dev *u, IRP *irp,
					   URB *urb));

/* usb_urb.c: IOCTL_INTERNAL_USB_SUBMIT_URB. */
NTSTATUS ndl_urb_submit(struct ndl_usb_dev *u, IRP *irp, URB *urb);

/* usb_config.c: configurations, interfaces and pipe handles. */
NTSTATUS ndl_urb_select_configuration(struct ndl_usb_dev *u, IRP *irp,
				      URB *urb);
NTSTATUS ndl_urb_select_interface(struct ndl_usb_dev *u, IRP *irp, URB *urb);
/* The pipe a handle names in the current configuration, or NULL. */
struct ndl_usb_pipe *ndl_usb_pipe(struct ndl_usb_dev *u, void *handle);
void ndl_usb_config_free(struct ndl_usb_config *c);

/* usb_xfer.c: transfers to the host. */
/* A transfer URB's buffer (MDL or pointer), NULL if it has none or is bad. */
void *ndl_urb_buffer(struct ndl_urb_transfer *t);
NTSTATUS ndl_usb_xfer_start(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    struct ndl_usb_pipe *pipe, bool in,
			    const u8 *setup, u32 timeout_ms);
/* ABORT_PIPE: cancel what the pipe has in flight, complete when empty. */
NTSTATUS ndl_usb_abort_pipe(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    struct ndl_usb_pipe *pipe);
/* Ask the host to end every transfer in flight (the device went away). */
void ndl_usb_cancel_all(struct ndl_usb_dev *u);

/* usb_status.c */
USBD_STATUS ndl_usbd_status(enum ndl_os_usb_status s);
NTSTATUS ndl_usbd_ntstatus(USBD_STATUS s);
const char *ndl_urb_function_name(u16 function);

#endif
