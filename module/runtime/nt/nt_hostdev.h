/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The runtime's interface for hosts to the devices a driver's users open
 * (nt_hostdev.c): what module/linux/ctldev.c and module/user/ctldev.c
 * call. Apart from nt_io.h so the kernel glue can include it beside the
 * uapi header.
 */
#ifndef NDL_NT_HOSTDEV_H
#define NDL_NT_HOSTDEV_H

#include "core/ndl_types.h"
#include "core/win_types.h"

struct _DEVICE_OBJECT;
struct _DRIVER_OBJECT;

/*
 * A driver's device exposed to the host's users (kernel: a character
 * device /dev/ndisload-dev/<name>, module/linux/ctldev.c). The host turns
 * open/close/read/write/ioctl into IRP_MJ_CREATE (+ CLEANUP, CLOSE), READ,
 * WRITE and DEVICE_CONTROL IRPs with the I/O manager's buffering. Every
 * buffer handed in is the host's own memory (copies of the user's data,
 * at most NDL_HOSTDEV_MAX_IO bytes): no user pointer reaches the driver.
 * The host keeps a reference (get/put) on the handle for as long as it
 * may call it; after ndl_hostdev_remove every call fails with
 * STATUS_DELETE_PENDING without touching the driver or its device.
 */
struct ndl_hostdev;
struct ndl_hostfile;
#define NDL_HOSTDEV_MAX_IO	0x10000u
#define NDL_HOSTDEV_NAME_MAX	32

/*
 * Expose dev under name (the last component of its symbolic link; only
 * [A-Za-z0-9._-] are kept, others become '_'). The host is told through
 * ndl_os_ctldev_add. PASSIVE.
 */
NTSTATUS ndl_hostdev_expose(struct _DEVICE_OBJECT *dev, const char *name);
/*
 * Close the way in (IoDeleteDevice does this first): the host is told
 * (ndl_os_ctldev_remove), requests still in the driver are cancelled
 * (IoCancelIrp) and waited for, at most 5 s. PASSIVE.
 */
void ndl_hostdev_remove(struct ndl_hostdev *hd);
/* Remove every exposed device of a driver (unload, before DriverUnload). */
void ndl_hostdev_remove_driver(struct _DRIVER_OBJECT *drv);
void ndl_hostdev_get(struct ndl_hostdev *hd);
void ndl_hostdev_put(struct ndl_hostdev *hd);
const char *ndl_hostdev_name(const struct ndl_hostdev *hd);

/* The host's side; PASSIVE, may sleep until the driver completes. */
NTSTATUS ndl_hostdev_open(struct ndl_hostdev *hd, struct ndl_hostfile **out);
/* CLEANUP and CLOSE (only while the device exists), then frees f. */
void ndl_hostfile_close(struct ndl_hostfile *f);
NTSTATUS ndl_hostfile_read(struct ndl_hostfile *f, void *buf, u32 len,
			   u64 offset, u32 *done);
NTSTATUS ndl_hostfile_write(struct ndl_hostfile *f, const void *buf,
			    u32 len, u64 offset, u32 *done);
/* *done: the bytes of out the driver filled (IoStatus.Information). */
NTSTATUS ndl_hostfile_ioctl(struct ndl_hostfile *f, u32 code, const void *in,
			    u32 in_len, void *out, u32 out_len, u32 *done);
/* The errno (negative, Linux numbering) a failed request reports. */
int ndl_nt_status_errno(NTSTATUS st);

#endif
