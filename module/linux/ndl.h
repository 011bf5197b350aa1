/* SPDX-License-Identifier: GPL-2.0-only */
/* Module-wide declarations of ndisload.ko's Linux side: init/exit pairs. */
#ifndef NDL_LINUX_NDL_H
#define NDL_LINUX_NDL_H

#undef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/printk.h>

#include "../uapi/ndisload.h"

#ifndef NDL_RELEASE
#define NDL_RELEASE "unknown"
#endif

/* Each subsystem's init/uninit pair, called by main.c in this order. */
int ndl_exec_init(void);		/* exec.c */
void ndl_exec_uninit(void);
int ndl_stack_init(void);		/* stack.c */
void ndl_stack_uninit(void);
int ndl_defer_init(void);		/* os_defer.c */
void ndl_defer_uninit(void);
int ndl_rt_glue_init(void);		/* rt_glue.c: the runtime itself */
void ndl_rt_glue_uninit(void);
void ndl_drv_uninit(void);		/* drv.c: remove every driver */
int ndl_selftest(void);			/* selftest.c */
int ndl_selftest_irq_nesting(void);	/* selftest_irq.c */
int ndl_cr8_init(void);			/* cr8.c */
void ndl_cr8_uninit(void);
int ndl_debugfs_init(void);		/* debugfs.c */
void ndl_debugfs_uninit(void);
#ifdef NDL_CONFORM
/* tests/runtime/kernel/conform.c, in builds from the source tree. */
struct dentry;
void ndl_conform_debugfs(struct dentry *dir);
void ndl_conform_log(const char *line);
#endif
int ndl_ctl_init(void);			/* ctl.c: /dev/ndisload */
void ndl_ctl_uninit(void);

#endif
