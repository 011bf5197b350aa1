// SPDX-License-Identifier: GPL-2.0-only
/*
 * The FPU/SSE state of Windows code. Windows x64 kernel code uses SSE
 * freely (compilers inline memset and struct copies with XMM registers),
 * while Linux kernel code does not and leaves user-space FPU state live in
 * the registers. So while Windows code runs on a CPU, that CPU is in a
 * kernel FPU section:
 *
 *  - where the kernel allows it (task or softirq context, interrupts on, no
 *    kernel FPU section active), kernel_fpu_begin()/end(): the user state
 *    is saved by the kernel and preemption is off meanwhile;
 *  - elsewhere (hard irq, interrupts off, or nested inside another kernel
 *    FPU section), the interrupted register state is saved with FXSAVE and
 *    restored with FXRSTOR around the Windows code.
 *
 * Windows code may call functions of ours that sleep or take locks that
 * sleep on PREEMPT_RT (allocation, waits, interrupt setup...). Those are
 * bracketed by ndl_fpu_pause()/resume(): the Windows code's registers are
 * saved into the context block (x64 Windows callers expect XMM6-15 and the
 * MXCSR control bits preserved across calls), the FPU section ends, and is
 * re-entered and the registers restored afterwards. The runtime does the
 * same through ndl_os_driver_leave/enter before it blocks.
 *
 * One save slot per driver stack suffices: a pause saves the registers of
 * the innermost Windows frame, and nested Windows calls made meanwhile
 * restore XMM6-15 on return as the ABI requires. A plain return from
 * Windows code needs no save (nothing of it remains to resume).
 *
 * IBT is suspended on the CPU while the FPU section is open (ibt.c), since
 * Windows code has no ENDBR64 landing pads.
 */
#include <linux/bug.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <asm/fpu/api.h>

#include "ndl.h"
#include "fpu.h"
#include "ibt.h"
#include "stack.h"
#include "core/os.h"

static void ndl_fxsave(struct ndl_fxsave *s)
{
	asm volatile("fxsaveq %0" : "=m" (*s));
}

static void ndl_fxrstor(const struct ndl_fxsave *s)
{
	asm volatile("fxrstorq %0" : : "m" (*s));
}

/* The state Windows code starts with: x87 reset, MXCSR 0x1f80. */
static void ndl_fpu_reset(void)
{
	u32 mxcsr = 0x1f80;

	asm volatile("fninit; ldmxcsr %0" : : "m" (mxcsr));
}

static void ndl_fpu_on(struct ndl_dctx *ctx)
{
	ctx->kmode = !in_nmi() && !in_hardirq() && !irqs_disabled() &&
		     irq_fpu_usable();
	if (ctx->kmode) {
		kernel_fpu_begin_mask(KFPU_387 | KFPU_MXCSR);
	} else {
		ndl_fxsave(&ctx->outer);
		ndl_fpu_reset();
	}
	if (ctx->slot_valid)
		ndl_fxrstor(&ctx->slot);
	ndl_ibt_suspend();
	ctx->fpu_on = true;
}

/* save: Windows code is paused here and resumes later (see above). */
static void ndl_fpu_off(struct ndl_dctx *ctx, bool save)
{
	ndl_ibt_resume();
	if (save) {
		ndl_fxsave(&ctx->slot);
		ctx->slot_valid = true;
	}
	if (ctx->kmode)
		kernel_fpu_end();
	else
		ndl_fxrstor(&ctx->outer);
	ctx->fpu_on = false;
}

/* Make the FPU section match the innermost frame's owner: want is true
 * for Windows code.
 */
static __always_inline void ndl_fpu_sync(struct ndl_dctx *ctx, bool want)
{
	if (want && !ctx->fpu_on)
		ndl_fpu_on(ctx);
	else if (!want && ctx->fpu_on)
		ndl_fpu_off(ctx, ctx->depth);	/* a pause: depth > 0 */
}

static __always_inline void ndl_fpu_push(bool windows)
{
	struct ndl_dctx *ctx = ndl_dctx_current();

	if (!ctx) {
		WARN_ONCE(windows, "ndisload: Windows code entered off a driver stack\n");
		return;
	}
	if (WARN_ON_ONCE(ctx->depth == NDL_FPU_NEST_MAX))
		return;
	ctx->nest[ctx->depth++] = windows;
	ndl_fpu_sync(ctx, windows);
}

static __always_inline void ndl_fpu_pop(bool windows)
{
	struct ndl_dctx *ctx = ndl_dctx_current();

	if (!ctx)
		return;
	if (WARN_ON_ONCE(!ctx->depth || ctx->nest[ctx->depth - 1] != windows))
		return;
	ctx->depth--;
	ndl_fpu_sync(ctx, ctx->depth && ctx->nest[ctx->depth - 1]);
}

void ndl_os_driver_enter(void)
{
	ndl_fpu_push(true);
}

void ndl_os_driver_leave(void)
{
	ndl_fpu_pop(true);
}

void ndl_fpu_abandon(struct ndl_dctx *ctx)
{
	if (ctx->fpu_on)
		ndl_fpu_off(ctx, false);
	ctx->depth = 0;
	ctx->slot_valid = false;
}

void ndl_fpu_pause(void)
{
	ndl_fpu_push(false);
}

void ndl_fpu_resume(void)
{
	ndl_fpu_pop(false);
}
