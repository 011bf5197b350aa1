// SPDX-License-Identifier: GPL-2.0-only
/*
 * The user host's event loop: deferred execution (DPCs, timers, work
 * items, system threads) and blocking waits, all on the calling thread. A wait runs
 * whatever is pending until its waiter is woken or its deadline passes,
 * and proves a deadlock when nothing queued, armed or simulated could
 * ever wake it.
 */
#include <stdlib.h>

#include "host.h"
#include "usbsim.h"

static bool want_dispatch, want_passive;
static u64 timer_due;

void ndl_os_schedule_dispatch(void)
{
	want_dispatch = true;
}

void ndl_os_schedule_passive(void)
{
	want_passive = true;
}

void ndl_os_timer_arm(u64 due_ns)
{
	timer_due = due_ns;
}

unsigned int ndl_user_run_pending(void)
{
	unsigned int ran = 0;
	u8 irql = ndl_os_irql_current();

	for (;;) {
		bool did = false;

		if (ndl_user_dev_poll())
			did = true;
		if (ndl_usbsim_poll_all())
			did = true;
		if (irql == NDL_PASSIVE_LEVEL && ndl_user_threads_run())
			did = true;
		if (timer_due && ndl_os_monotonic_ns() >= timer_due &&
		    irql < NDL_DISPATCH_LEVEL) {
			timer_due = 0;
			ndl_rt_run_timers();
			did = true;
		}
		if (want_dispatch && irql < NDL_DISPATCH_LEVEL) {
			want_dispatch = false;
			ndl_rt_run_dispatch();
			did = true;
		}
		if (want_passive && irql == NDL_PASSIVE_LEVEL) {
			want_passive = false;
			ndl_rt_run_passive();
			did = true;
		}
		if (!did)
			return ran;
		ran++;
	}
}

/* Idle until deadline or a device event; wake at least every 100 ms. */
static void sleep_until(u64 deadline)
{
	u64 now = ndl_os_monotonic_ns();

	if (deadline <= now)
		return;
	if (deadline - now > 100000000)
		deadline = now + 100000000;
	ndl_user_dev_idle(deadline);
}

u64 ndl_user_next_due(void)
{
	u64 next = timer_due ? timer_due : NDL_OS_WAIT_FOREVER;

	if (ndl_user_threads_next_due() < next)
		next = ndl_user_threads_next_due();
	return next;
}

void ndl_user_run_until(u64 deadline_ns)
{
	while (ndl_os_monotonic_ns() < deadline_ns) {
		if (ndl_user_run_pending())
			continue;
		u64 next = ndl_user_next_due();

		sleep_until(next < deadline_ns ? next : deadline_ns);
	}
	ndl_user_run_pending();
}

struct ndl_os_waiter {
	bool woken;
};

struct ndl_os_waiter *ndl_os_waiter_create(void)
{
	return calloc(1, sizeof(struct ndl_os_waiter));
}

void ndl_os_waiter_destroy(struct ndl_os_waiter *w)
{
	free(w);
}

void ndl_os_waiter_wake(struct ndl_os_waiter *w)
{
	w->woken = true;
}

enum ndl_os_wait_result ndl_os_waiter_wait(struct ndl_os_waiter *w,
					   u64 deadline_ns)
{
	if (ndl_user_thread_running())
		return ndl_user_thread_wait(&w->woken, deadline_ns);
	for (;;) {
		u64 next;

		if (w->woken) {
			w->woken = false;
			return NDL_OS_WAIT_WOKEN;
		}
		if (ndl_user_run_pending())
			continue;
		if (w->woken)
			continue;
		if (ndl_os_monotonic_ns() >= deadline_ns)
			return NDL_OS_WAIT_TIMEOUT;
		next = ndl_user_next_due();
		if (deadline_ns < next)
			next = deadline_ns;
		if (next == NDL_OS_WAIT_FOREVER)
			return NDL_OS_WAIT_DEADLOCK;
		sleep_until(next);
	}
}
