/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fpu.c: the FPU/SSE state of Windows code. ndl_os_driver_enter/leave
 * (os.h) bracket calls into Windows code; ndl_fpu_pause/resume bracket
 * calls from Windows context into Linux code that may sleep or (on
 * PREEMPT_RT) take sleeping locks. Both pairs nest and are no-ops off a
 * driver stack.
 */
#ifndef NDL_LINUX_FPU_H
#define NDL_LINUX_FPU_H

#include <linux/kconfig.h>

struct ndl_dctx;
/* A thread ends inside Windows code: drop every frame's FPU state. */
void ndl_fpu_abandon(struct ndl_dctx *ctx);
void ndl_fpu_pause(void);
void ndl_fpu_resume(void);

/* Around calls into the network stack, whose locks sleep on PREEMPT_RT. */
static inline void ndl_fpu_pause_rt(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		ndl_fpu_pause();
}

static inline void ndl_fpu_resume_rt(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		ndl_fpu_resume();
}

#endif
