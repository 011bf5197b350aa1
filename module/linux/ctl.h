/* SPDX-License-Identifier: GPL-2.0-only */
/* The ioctl handlers of /dev/ndisload, one file per request family. */
#ifndef NDL_LINUX_CTL_H
#define NDL_LINUX_CTL_H

#include <linux/compiler.h>
#include <linux/types.h>

#include "../uapi/ndisload.h"

/*
 * Read an argument struct of exactly size bytes that starts with struct
 * ndl_hdr: -EFAULT, -EPROTO (ABI version), -EINVAL (size), or 0.
 */
int ndl_ctl_read(void *karg, const void __user *uarg, size_t size);
/* May the caller change state (CAP_NET_ADMIN or CAP_SYS_ADMIN)? */
bool ndl_ctl_may_change(void);
/* Is this NUL-terminated within len? */
bool ndl_ctl_terminated(const char *s, size_t len);

long ndl_ctl_add(void __user *uarg);		/* ctl_add.c */
long ndl_ctl_list_drivers(void __user *uarg);	/* ctl_list.c */
long ndl_ctl_list_devices(void __user *uarg);

#endif
