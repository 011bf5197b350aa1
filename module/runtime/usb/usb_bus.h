/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The runtime's USB bus: one physical device object per USB device the
 * host bound, answering IRP_MJ_INTERNAL_DEVICE_CONTROL as Windows' USB
 * hub driver does (URBs through IOCTL_INTERNAL_USB_SUBMIT_URB, port
 * status, reset and cycle), over the host's struct ndl_os_usb_ops.
 */
#ifndef NDL_USB_BUS_H
#define NDL_USB_BUS_H

#include "core/os.h"
#include "nt/nt_io.h"

struct ndl_usb_dev;

/*
 * A bound USB device and its PDO (desc from ndl_pdo_desc_usb). The ops
 * and dev stay the host's. PASSIVE. STATUS_*.
 */
NTSTATUS ndl_usb_dev_create(struct ndl_os_usb *dev,
			    const struct ndl_os_usb_ops *ops,
			    const struct ndl_pdo_desc *desc,
			    struct ndl_usb_dev **out);
DEVICE_OBJECT *ndl_usb_dev_pdo(struct ndl_usb_dev *u);
const char *ndl_usb_dev_name(struct ndl_usb_dev *u);
/*
 * The device was unplugged: every URB from now on fails with
 * USBD_STATUS_DEVICE_GONE / STATUS_DEVICE_NOT_CONNECTED, and what the
 * host still holds is cancelled (completing as DEVICE_GONE). Any IRQL
 * <= DISPATCH.
 */
void ndl_usb_dev_gone(struct ndl_usb_dev *u);
/*
 * u serves function first (the MI_xx of its IDs) of a composite device:
 * configuration descriptor requests get that function's set only
 * (ndl_usb_desc_function), as from Windows' generic parent driver.
 * PASSIVE. STATUS_*.
 */
NTSTATUS ndl_usb_dev_set_function(struct ndl_usb_dev *u, u8 first);
/* Transfers and deferred requests not yet completed to the driver. */
u32 ndl_usb_dev_busy(struct ndl_usb_dev *u);
/* Delete device and PDO once nothing is in flight (else -NDL_EBUSY). */
int ndl_usb_dev_delete(struct ndl_usb_dev *u);

/*
 * A USB device's IDs as Windows' hub driver reports them:
 * USB\VID_v&PID_p&REV_r, USB\VID_v&PID_p (with &MI_ii for an interface
 * of a composite device, interface >= 0) and the class IDs
 * USB\Class_cc&SubClass_ss&Prot_pp, ..., USB\Class_cc.
 */
void ndl_pdo_desc_usb(struct ndl_pdo_desc *d, u16 vendor, u16 product,
		      u16 bcd_device, int interface, u8 cls, u8 subclass,
		      u8 protocol, u32 bus, u32 port);

#endif
