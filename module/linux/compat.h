/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel API differences between the kernels ndisload supports (Debian
 * 12's 6.1 and 6.12, generic and PREEMPT_RT; docs/kernels.md), in one
 * place. Each entry names the kernel that changed the API. Code elsewhere
 * uses only the ndl_ names below, never a version check of its own.
 */
#ifndef NDL_LINUX_COMPAT_H
#define NDL_LINUX_COMPAT_H

#include <linux/hrtimer.h>
#include <linux/version.h>

/*
 * Driver stacks are chosen by preemptible() (stack.c), which is only
 * meaningful with a preempt count. Every Debian kernel has one
 * (PREEMPT_DYNAMIC or PREEMPT_RT select it).
 */
#ifndef CONFIG_PREEMPT_COUNT
#error "ndisload needs CONFIG_PREEMPT_COUNT"
#endif

/* 6.13 replaced hrtimer_init() + setting ->function by hrtimer_setup(). */
static inline void ndl_hrtimer_setup(struct hrtimer *t,
				     enum hrtimer_restart (*fn)(struct hrtimer *),
				     clockid_t clock, enum hrtimer_mode mode)
{
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
	hrtimer_setup(t, fn, clock, mode);
#else
	hrtimer_init(t, clock, mode);
	t->function = fn;
#endif
}

#endif
