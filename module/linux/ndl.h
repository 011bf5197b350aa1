/* SPDX-License-Identifier: GPL-2.0-only */
/* Declarations shared by the Linux-side files of ndisload.ko. */
#ifndef NDL_LINUX_NDL_H
#define NDL_LINUX_NDL_H

#include "../uapi/ndisload.h"

#ifndef NDL_RELEASE
#define NDL_RELEASE "unknown"
#endif

#undef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

/* ctl.c: the /dev/ndisload misc device */
int ndl_ctl_init(void);
void ndl_ctl_uninit(void);

#endif
