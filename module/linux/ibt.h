/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Indirect-branch tracking (IBT) off while this CPU runs code without
 * ENDBR64 landing pads: Windows driver code, and the kernel functions
 * exec.c calls through pointers (objtool "seals" functions whose address
 * the kernel never takes, so an indirect call to them traps as well).
 */
#ifndef NDL_LINUX_IBT_H
#define NDL_LINUX_IBT_H

#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_X86_KERNEL_IBT)
/*
 * Nestable; the caller keeps preemption or migration disabled from
 * suspend to resume, so both run on the same CPU.
 */
void ndl_ibt_suspend(void);
void ndl_ibt_resume(void);
bool ndl_ibt_active(void);
#else
static inline void ndl_ibt_suspend(void) { }
static inline void ndl_ibt_resume(void) { }
static inline bool ndl_ibt_active(void) { return false; }
#endif

#endif
