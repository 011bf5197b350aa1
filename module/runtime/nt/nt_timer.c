// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel timers: KeInitializeTimer(Ex), KeSetTimer(Ex), KeCancelTimer,
 * KeReadStateTimer. Armed timers sit in one list sorted by due time
 * (monotonic ns in KTIMER.DueTime) under the dispatcher lock; the host's
 * one-shot alarm is kept at the head's due time.
 */
#include "nt/nt_list.h"
#include "nt/nt_queue.h"
#include "nt/nt_sync.h"
#include "nt/nt_wait.h"
#include "nt/nt_time.h"
#include "core/intrinsics.h"
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

static LIST_ENTRY timer_list = { &timer_list, &timer_list };
static u32 timers_armed;
static u64 armed_due;

/* Dispatcher lock held: the earliest due time, 0 if no timer is armed. */
static u64 first_due(void)
{
	if (ndl_list_empty(&timer_list))
		return 0;
	return NDL_CONTAINER_OF(timer_list.Flink, KTIMER,
				TimerListEntry)->DueTime.QuadPart;
}

/* Dispatcher lock held: tell the host about the earliest due time. */
static void rearm(void)
{
	u64 due = first_due();

	if (due != armed_due) {
		armed_due = due;
		ndl_os_timer_arm(due);
	}
}

static void timer_remove(KTIMER *t)
{
	ndl_list_unlink(&t->TimerListEntry);
	t->Header.Inserted = 0;
	timers_armed--;
}

static void timer_insert(KTIMER *t)
{
	LIST_ENTRY *e = timer_list.Flink;

	while (e != &timer_list &&
	       NDL_CONTAINER_OF(e, KTIMER, TimerListEntry)->DueTime.QuadPart <=
	       t->DueTime.QuadPart)
		e = e->Flink;
	ndl_list_insert_before(&t->TimerListEntry, e);
	t->Header.Inserted = 1;
	timers_armed++;
}

void NTAPI ndlw_KeInitializeTimerEx(KTIMER *t, TIMER_TYPE type)
{
	ndl_dispatcher_init(&t->Header, type == SynchronizationTimer ?
			    NDL_OBJ_SYNCHRONIZATION_TIMER :
			    NDL_OBJ_NOTIFICATION_TIMER, sizeof(*t), 0);
	t->DueTime.QuadPart = 0;
	t->TimerListEntry.Flink = t->TimerListEntry.Blink = NULL;
	t->Dpc = NULL;
	t->Period = 0;
}

void NTAPI ndlw_KeInitializeTimer(KTIMER *t)
{
	ndlw_KeInitializeTimerEx(t, NotificationTimer);
}

BOOLEAN NTAPI ndlw_KeSetTimerEx(KTIMER *t, LARGE_INTEGER due, LONG period,
				KDPC *dpc)
{
	KIRQL old = ndl_dispatcher_lock();
	bool was = t->Header.Inserted;

	if (was)
		timer_remove(t);
	t->DueTime.QuadPart = ndl_nt_due_to_monotonic(due.QuadPart);
	t->Period = period < 0 ? 0 : period;
	t->Dpc = dpc;
	t->Header.SignalState = 0;
	timer_insert(t);
	rearm();
	ndl_dispatcher_unlock(old);
	return was;
}

BOOLEAN NTAPI ndlw_KeSetTimer(KTIMER *t, LARGE_INTEGER due, KDPC *dpc)
{
	return ndlw_KeSetTimerEx(t, due, 0, dpc);
}

BOOLEAN NTAPI ndlw_KeCancelTimer(KTIMER *t)
{
	KIRQL old = ndl_dispatcher_lock();
	bool was = t->Header.Inserted;

	if (was) {
		timer_remove(t);
		rearm();
	}
	ndl_dispatcher_unlock(old);
	return was;
}

BOOLEAN NTAPI ndlw_KeReadStateTimer(KTIMER *t)
{
	return t->Header.SignalState > 0;
}

void ndl_rt_run_timers(void)
{
	KIRQL irql = ndl_os_irql_raise(NDL_DISPATCH_LEVEL);
	u64 now = ndl_os_monotonic_ns();
	KIRQL old = ndl_dispatcher_lock();

	ndl_kusd_update();
	while (!ndl_list_empty(&timer_list)) {
		KTIMER *t = NDL_CONTAINER_OF(timer_list.Flink, KTIMER,
					     TimerListEntry);
		LARGE_INTEGER st;

		if ((u64)t->DueTime.QuadPart > now)
			break;
		timer_remove(t);
		t->Header.SignalState = 1;
		ndl_dispatcher_wake(&t->Header);
		if (t->Period) {
			u64 next = (u64)t->DueTime.QuadPart +
				   (u64)t->Period * 1000000;

			t->DueTime.QuadPart = (LONGLONG)(next > now ? next :
						       now + (u64)t->Period *
						       1000000);
			timer_insert(t);
		}
		if (t->Dpc) {
			st.QuadPart = (LONGLONG)ndl_nt_system_time();
			ndlw_KeInsertQueueDpc(t->Dpc,
					      (void *)(uintptr_t)st.LowPart,
					      (void *)(uintptr_t)(ULONG)st.HighPart);
		}
	}
	armed_due = 0;		/* the host's alarm fired: re-arm always */
	rearm();
	ndl_dispatcher_unlock(old);
	ndl_os_irql_lower(irql);
}

u32 ndl_timer_pending(void)
{
	return ndl_atomic_load(&timers_armed);
}

u64 ndl_timer_next_due(void)
{
	KIRQL old = ndl_dispatcher_lock();
	u64 due = first_due();

	ndl_dispatcher_unlock(old);
	return due;
}
