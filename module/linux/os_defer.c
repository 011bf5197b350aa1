// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deferred execution for the runtime (os.h: deferred execution). The
 * runtime keeps its own DPC, timer and work-item queues; Linux only wakes
 * it up in the right context:
 *
 *  - DPCs: a per-CPU tasklet (softirq context: DISPATCH_LEVEL; on
 *    PREEMPT_RT the softirq thread, still with bottom halves disabled);
 *  - timers: one hrtimer in soft mode, its callback in softirq context;
 *  - PASSIVE_LEVEL work: work items on an unbound workqueue. Windows work
 *    items may block waiting for each other, so requests are spread over
 *    NDL_PASSIVE_SLOTS work items that run in parallel; no allocation on
 *    this path, so it is safe from any context, PREEMPT_RT included.
 *
 * Every callback enters the runtime on a driver stack.
 */
#include <linux/bitops.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/percpu.h>
#include <linux/workqueue.h>

#include "ndl.h"
#include "compat.h"
#include "stack.h"
#include "stats.h"
#include "core/os.h"

#define NDL_PASSIVE_SLOTS	64

static DEFINE_PER_CPU(struct tasklet_struct, ndl_dpc_tasklet);
static struct hrtimer ndl_timer;
static struct workqueue_struct *ndl_passive_wq;
static struct work_struct ndl_passive_work[NDL_PASSIVE_SLOTS];
static unsigned long ndl_passive_busy[BITS_TO_LONGS(NDL_PASSIVE_SLOTS)];
static bool ndl_defer_up;

static long ndl_run_dispatch(void *unused)
{
	ndl_rt_run_dispatch();
	return 0;
}

static long ndl_run_timers(void *unused)
{
	ndl_rt_run_timers();
	return 0;
}

static long ndl_run_passive(void *unused)
{
	ndl_rt_run_passive();
	return 0;
}

static void ndl_dpc_tasklet_fn(struct tasklet_struct *t)
{
	ndl_stack_run(ndl_run_dispatch, NULL, NDL_DISPATCH_LEVEL);
}

static enum hrtimer_restart ndl_timer_fn(struct hrtimer *t)
{
	ndl_stack_run(ndl_run_timers, NULL, NDL_DISPATCH_LEVEL);
	return HRTIMER_NORESTART;
}

static void ndl_passive_fn(struct work_struct *work)
{
	unsigned int slot = work - ndl_passive_work;

	clear_bit(slot, ndl_passive_busy);
	atomic64_dec(&ndl_stats.passive_live);
	ndl_stack_run(ndl_run_passive, NULL, NDL_PASSIVE_LEVEL);
}

void ndl_os_schedule_dispatch(void)
{
	if (READ_ONCE(ndl_defer_up))
		tasklet_schedule(raw_cpu_ptr(&ndl_dpc_tasklet));
}

void ndl_os_schedule_passive(void)
{
	unsigned int slot;

	if (!READ_ONCE(ndl_defer_up))
		return;
	for (slot = 0; slot < NDL_PASSIVE_SLOTS; slot++)
		if (!test_and_set_bit(slot, ndl_passive_busy))
			break;
	if (slot == NDL_PASSIVE_SLOTS) {
		/* All busy: slot 0 runs (again) after this request anyway. */
		queue_work(ndl_passive_wq, &ndl_passive_work[0]);
		return;
	}
	atomic64_inc(&ndl_stats.passive_live);
	queue_work(ndl_passive_wq, &ndl_passive_work[slot]);
}

void ndl_os_timer_arm(u64 due_ns)
{
	if (!READ_ONCE(ndl_defer_up))
		return;
	if (!due_ns)
		hrtimer_try_to_cancel(&ndl_timer);
	else
		hrtimer_start(&ndl_timer, ns_to_ktime(due_ns),
			      HRTIMER_MODE_ABS_SOFT);
}

int ndl_defer_init(void)
{
	unsigned int i;
	int cpu;

	ndl_passive_wq = alloc_workqueue("ndisload", WQ_UNBOUND, 0);
	if (!ndl_passive_wq)
		return -ENOMEM;
	for (i = 0; i < NDL_PASSIVE_SLOTS; i++)
		INIT_WORK(&ndl_passive_work[i], ndl_passive_fn);
	for_each_possible_cpu(cpu)
		tasklet_setup(per_cpu_ptr(&ndl_dpc_tasklet, cpu),
			      ndl_dpc_tasklet_fn);
	ndl_hrtimer_setup(&ndl_timer, ndl_timer_fn, CLOCK_MONOTONIC,
			  HRTIMER_MODE_ABS_SOFT);
	WRITE_ONCE(ndl_defer_up, true);
	return 0;
}

/* After every driver is gone: nothing can schedule work any more. */
void ndl_defer_uninit(void)
{
	int cpu;

	WRITE_ONCE(ndl_defer_up, false);
	hrtimer_cancel(&ndl_timer);
	for_each_possible_cpu(cpu)
		tasklet_kill(per_cpu_ptr(&ndl_dpc_tasklet, cpu));
	destroy_workqueue(ndl_passive_wq);
	WARN_ON(atomic64_read(&ndl_stats.passive_live));
}
