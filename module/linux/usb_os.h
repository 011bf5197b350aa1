/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A USB device as the runtime sees it (struct ndl_os_usb, opaque in
 * core/os.h) and the operations over Linux's USB core (usb_os.c).
 */
#ifndef NDL_LINUX_USB_OS_H
#define NDL_LINUX_USB_OS_H

#include <linux/usb.h>

#include "core/os.h"

struct ndl_os_usb {
	struct usb_device *udev;
	struct usb_interface *intf;	/* the interface we are bound to */
	bool gone;			/* disconnected: submit refuses */
};

extern const struct ndl_os_usb_ops ndl_linux_usb_ops;

struct ndl_usb_dev;	/* the runtime's (usb/usb_bus.h) */

/*
 * The runtime's USB device and PDO for o (udev and intf set), with the
 * IDs Windows gives the whole device (mi < 0) or its interface mi.
 * PASSIVE, on a driver stack. 0 or -errno.
 */
int ndl_usb_os_attach(struct ndl_os_usb *o, int mi, struct ndl_usb_dev **out);
/* Unplugged: transfers in flight and from now on fail as DEVICE_GONE. */
void ndl_usb_os_gone(struct ndl_os_usb *o, struct ndl_usb_dev *u);
/* After the miniport halted: wait out what is in flight, then delete. */
void ndl_usb_os_detach(struct ndl_os_usb *o, struct ndl_usb_dev *u);

#endif
