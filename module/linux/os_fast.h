/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The OS interface's two answers a spin lock needs, inline (core/os_fast.h
 * says why): where the current context's IRQL is kept, and the calling
 * thread's identity.
 */
#ifndef NDL_LINUX_OS_FAST_H
#define NDL_LINUX_OS_FAST_H

#include <asm/current.h>

#include "stack.h"

/*
 * The IRQL of the driver stack we are on, when the per-CPU hint names it
 * (nearly always: ndl_dctx_current); NULL sends the caller to the
 * out-of-line ndl_os_irql_* functions, which find it in every case.
 */
static __always_inline u8 *ndl_os_fast_irql(void)
{
	struct ndl_dctx *ctx = ndl_dctx_hinted(current_stack_pointer &
					       ~(NDL_STACK_SIZE - 1));

	return ctx ? &ctx->irql : NULL;
}

/* ndl_os_current_thread */
static __always_inline void *ndl_os_fast_thread(void)
{
	return current;
}

#endif
