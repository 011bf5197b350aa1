// SPDX-License-Identifier: GPL-2.0-only
/*
 * Load-time self-test: a hard interrupt that arrives while Windows code
 * runs in a DPC gets a driver context of its own (stack.c). A tasklet
 * stands for the DPC: it enters the FPU section on a driver stack, puts a
 * value in XMM6 and raises a hard interrupt (a hard irq_work, delivered
 * by a self-IPI). The interrupt enters the runtime as an ISR would, at
 * DEVICE_LEVEL, and writes XMM6 itself. Afterwards the DPC must still
 * see its own XMM6 and its own IRQL, and the ISR must have run in another
 * context at DEVICE_LEVEL — what Windows guarantees, since interrupts save
 * the state they interrupt.
 *
 * Where the tasklet runs from the IRQ stack (softirqs run from
 * local_bh_enable), x86 takes the interrupt on the DPC's driver stack:
 * the case that used to share the context and clobber the DPC's registers.
 */
#include <linux/bottom_half.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/irq_work.h>

#include "ndl.h"
#include "stack.h"
#include "core/os.h"

#define NDL_NEST_DPC_XMM	0x0123456789abcdefULL
#define NDL_NEST_ISR_XMM	0xfedcba9876543210ULL
#define NDL_NEST_WAIT_US	200000

struct ndl_nest_test {
	struct tasklet_struct dpc;
	struct irq_work isr;
	struct completion done;
	bool fired;
	struct ndl_dctx *dpc_ctx, *isr_ctx;
	u8 dpc_irql_before, dpc_irql_after, isr_irql;
	u64 dpc_xmm;
};

static struct ndl_nest_test ndl_nest;

/* XMM6 is callee-saved in the Windows x64 ABI. The FPU section is open. */
static void ndl_xmm6_set(u64 v)
{
	asm volatile("movq %0, %%xmm6" : : "r" (v));
}

static u64 ndl_xmm6_get(void)
{
	u64 v;

	asm volatile("movq %%xmm6, %0" : "=r" (v));
	return v;
}

static long ndl_nest_isr_on_stack(void *arg)
{
	struct ndl_nest_test *t = arg;

	t->isr_ctx = ndl_dctx_current();
	t->isr_irql = ndl_os_irql_current();
	ndl_os_driver_enter();
	ndl_xmm6_set(NDL_NEST_ISR_XMM);
	ndl_os_driver_leave();
	return 0;
}

static void ndl_nest_isr(struct irq_work *work)
{
	struct ndl_nest_test *t = container_of(work, struct ndl_nest_test, isr);

	ndl_stack_run(ndl_nest_isr_on_stack, t, NDL_DEVICE_LEVEL);
	WRITE_ONCE(t->fired, true);
}

static long ndl_nest_dpc_on_stack(void *arg)
{
	struct ndl_nest_test *t = arg;
	unsigned int us;

	t->dpc_ctx = ndl_dctx_current();
	t->dpc_irql_before = ndl_os_irql_current();
	ndl_os_driver_enter();
	ndl_xmm6_set(NDL_NEST_DPC_XMM);
	irq_work_queue(&t->isr);
	for (us = 0; us < NDL_NEST_WAIT_US && !READ_ONCE(t->fired); us++)
		udelay(1);
	t->dpc_xmm = ndl_xmm6_get();
	ndl_os_driver_leave();
	t->dpc_irql_after = ndl_os_irql_current();
	return 0;
}

static void ndl_nest_dpc(struct tasklet_struct *tl)
{
	struct ndl_nest_test *t = from_tasklet(t, tl, dpc);

	ndl_stack_run(ndl_nest_dpc_on_stack, t, -1);
	complete(&t->done);
}

int ndl_selftest_irq_nesting(void)
{
	struct ndl_nest_test *t = &ndl_nest;

	if (!arch_irq_work_has_interrupt()) {
		pr_info("self-test: interrupts during DPCs not tested: no self-interrupt on this machine\n");
		return 0;
	}
	memset(t, 0, sizeof(*t));
	tasklet_setup(&t->dpc, ndl_nest_dpc);
	t->isr = IRQ_WORK_INIT_HARD(ndl_nest_isr);
	init_completion(&t->done);

	local_bh_disable();
	tasklet_schedule(&t->dpc);
	local_bh_enable();		/* runs it here, unless ksoftirqd does */
	wait_for_completion(&t->done);
	irq_work_sync(&t->isr);
	tasklet_kill(&t->dpc);

	if (!t->fired) {
		pr_info("self-test: interrupts during DPCs not tested: the self-interrupt did not arrive\n");
		return 0;
	}
	if (t->isr_ctx == t->dpc_ctx || t->isr_irql != NDL_DEVICE_LEVEL ||
	    t->dpc_xmm != NDL_NEST_DPC_XMM ||
	    t->dpc_irql_after != t->dpc_irql_before) {
		pr_err("self-test: an interrupt during a DPC shared its context (same context %d, ISR IRQL %u, DPC XMM6 %s, DPC IRQL %u -> %u)\n",
		       t->isr_ctx == t->dpc_ctx, t->isr_irql,
		       t->dpc_xmm == NDL_NEST_DPC_XMM ? "kept" : "clobbered",
		       t->dpc_irql_before, t->dpc_irql_after);
		return -EIO;
	}
	return 0;
}
