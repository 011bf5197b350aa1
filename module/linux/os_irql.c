// SPDX-License-Identifier: GPL-2.0-only
/*
 * Windows IRQL on Linux (os.h: CPU, IRQL and interrupt state).
 *
 * Each driver stack is one execution context and carries its IRQL
 * (stack.h). A context starts at the level its Linux context corresponds
 * to: hard irq or interrupts off = DEVICE_LEVEL; softirq, bh-disabled or
 * preempt-disabled = DISPATCH_LEVEL; otherwise PASSIVE_LEVEL. Raising to
 * DISPATCH disables bottom halves (on !RT that also disables preemption;
 * on PREEMPT_RT it takes the per-CPU bh lock and disables migration, which
 * keeps DPCs and other DISPATCH sections off this CPU while staying
 * preemptible — the RT meaning of DISPATCH). Raising above DISPATCH also
 * disables local interrupts. Lowering undoes exactly what raising did and
 * never goes below the level the context started at.
 *
 * The level is recorded rather than read back from preempt_count() because
 * the FPU section around Windows code (fpu.c) itself disables preemption.
 */
#include <linux/bottom_half.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/processor.h>
#include <linux/sched.h>
#include <linux/smp.h>

#include "ndl.h"
#include "fpu.h"
#include "stack.h"
#include "core/os.h"

u8 ndl_irql_of_context(void)
{
	if (in_nmi())
		return NDL_HIGH_LEVEL;
	if (in_hardirq() || irqs_disabled())
		return NDL_DEVICE_LEVEL;
	if (in_softirq() || !preemptible())
		return NDL_DISPATCH_LEVEL;
	return NDL_PASSIVE_LEVEL;
}

u8 ndl_os_irql_current(void)
{
	struct ndl_dctx *ctx = ndl_dctx_current();

	return ctx ? ctx->irql : ndl_irql_of_context();
}

/* On PREEMPT_RT, local_bh_disable/enable may sleep on the bh lock. */
static void ndl_bh_disable(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		ndl_fpu_pause();
	local_bh_disable();
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		ndl_fpu_resume();
}

static void ndl_bh_enable(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		ndl_fpu_pause();
	local_bh_enable();
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		ndl_fpu_resume();
}

/*
 * Raise and lower are called for every spin lock a driver or the runtime
 * takes, nearly always at the level the context is already at (a DPC's
 * locks): that case is answered before anything else is set up, and the
 * real changes are out of line.
 */
static noinline u8 ndl_irql_raise_slow(struct ndl_dctx *ctx, u8 to)
{
	u8 old;

	if (WARN_ON_ONCE(!ctx))
		return ndl_irql_of_context();
	old = ctx->irql;
	if (old < NDL_DISPATCH_LEVEL && to >= NDL_DISPATCH_LEVEL) {
		ndl_bh_disable();
		ctx->bh_raised = true;
	}
	if (old <= NDL_DISPATCH_LEVEL && to > NDL_DISPATCH_LEVEL) {
		local_irq_save(ctx->irq_flags);
		ctx->irq_raised = true;
	}
	ctx->irql = to;
	return old;
}

u8 ndl_os_irql_raise(u8 to)
{
	struct ndl_dctx *ctx = ndl_dctx_current();

	if (likely(ctx && to <= ctx->irql))
		return ctx->irql;
	return ndl_irql_raise_slow(ctx, to);
}

static noinline u8 ndl_irql_lower_slow(struct ndl_dctx *ctx, u8 to)
{
	u8 old;

	if (WARN_ON_ONCE(!ctx))
		return ndl_irql_of_context();
	old = ctx->irql;
	if (to < ctx->base_irql) {
		pr_warn_ratelimited("driver lowered IRQL to %u below the %u it was called at; kept at %u\n",
				    to, ctx->base_irql, ctx->base_irql);
		to = ctx->base_irql;
	}
	if (to <= NDL_DISPATCH_LEVEL && ctx->irq_raised) {
		ctx->irq_raised = false;
		local_irq_restore(ctx->irq_flags);
	}
	if (to < NDL_DISPATCH_LEVEL && ctx->bh_raised) {
		ctx->bh_raised = false;
		ndl_bh_enable();
	}
	ctx->irql = to;
	return old;
}

u8 ndl_os_irql_lower(u8 to)
{
	struct ndl_dctx *ctx = ndl_dctx_current();

	if (likely(ctx && to >= ctx->irql))
		return ctx->irql;
	return ndl_irql_lower_slow(ctx, to);
}

unsigned long ndl_os_irq_save(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

void ndl_os_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}

void ndl_os_cpu_relax(void)
{
	cpu_relax();
}

u32 ndl_os_cpu_count(void)
{
	return num_online_cpus();
}

u32 ndl_os_cpu_id(void)
{
	return raw_smp_processor_id();
}

void *ndl_os_current_thread(void)
{
	return current;
}
