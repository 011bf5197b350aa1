// SPDX-License-Identifier: GPL-2.0-only
/*
 * Blocking waits for the runtime (os.h: waiters): an auto-reset flag and a
 * simple wait queue. Wake-ups come from any context (a DPC, an ISR), so
 * the queue is a swait queue, whose lock stays a raw spinlock on
 * PREEMPT_RT. Sleeps are TASK_IDLE: drivers legitimately wait for a long
 * time (worker threads), which is no hung task. Timeouts are absolute on
 * the monotonic clock and slept with an hrtimer, so short Windows waits
 * are not rounded up to a jiffy.
 */
#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/swait.h>

#include "ndl.h"
#include "fpu.h"
#include "stack.h"
#include "stats.h"
#include "core/os.h"

/* Timer slack for waits: Windows timers are no finer than this anyway. */
#define NDL_WAIT_SLACK_NS	(50 * NSEC_PER_USEC)

struct ndl_os_waiter {
	struct swait_queue_head wq;
	atomic_t flag;
};

struct ndl_os_waiter *ndl_os_waiter_create(void)
{
	struct ndl_os_waiter *w;

	ndl_fpu_pause();
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	ndl_fpu_resume();
	if (!w)
		return NULL;
	init_swait_queue_head(&w->wq);
	atomic_set(&w->flag, 0);
	atomic64_inc(&ndl_stats.waiter_live);
	return w;
}

void ndl_os_waiter_destroy(struct ndl_os_waiter *w)
{
	if (!w)
		return;
	atomic64_dec(&ndl_stats.waiter_live);
	ndl_fpu_pause();
	kfree(w);
	ndl_fpu_resume();
}

void ndl_os_waiter_wake(struct ndl_os_waiter *w)
{
	atomic_set_release(&w->flag, 1);
	swake_up_one(&w->wq);
}

struct ndl_wait_call {
	struct ndl_os_waiter *w;
	u64 deadline_ns;
};

static long ndl_waiter_sleep(void *arg)
{
	struct ndl_wait_call *c = arg;
	struct ndl_os_waiter *w = c->w;
	ktime_t deadline = ns_to_ktime(c->deadline_ns);
	enum ndl_os_wait_result ret;
	DECLARE_SWAITQUEUE(wait);

	for (;;) {
		prepare_to_swait_exclusive(&w->wq, &wait, TASK_IDLE);
		if (atomic_xchg(&w->flag, 0)) {
			ret = NDL_OS_WAIT_WOKEN;
			break;
		}
		if (c->deadline_ns == NDL_OS_WAIT_FOREVER) {
			schedule();
			continue;
		}
		if (ktime_get_ns() >= c->deadline_ns) {
			ret = NDL_OS_WAIT_TIMEOUT;
			break;
		}
		schedule_hrtimeout_range(&deadline, NDL_WAIT_SLACK_NS,
					 HRTIMER_MODE_ABS);
	}
	finish_swait(&w->wq, &wait);
	return ret;
}

enum ndl_os_wait_result ndl_os_waiter_wait(struct ndl_os_waiter *w,
					   u64 deadline_ns)
{
	struct ndl_wait_call c = { .w = w, .deadline_ns = deadline_ns };
	enum ndl_os_wait_result ret;

	ndl_fpu_pause();
	/*
	 * The sleep (its on-stack hrtimer above all) happens on the task's
	 * stack: the debug-kernel lane's DEBUG_OBJECTS flagged the timer on a
	 * driver stack as "not on stack, but annotated".
	 */
	ret = ndl_stack_on_task(ndl_waiter_sleep, &c);
	ndl_fpu_resume();
	return ret;
}
