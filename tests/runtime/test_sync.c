// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of IRQL, spinlocks, dispatcher objects and waits, DPCs,
 * timers and work items, with the user host's deterministic loop.
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_queue.h"
#include "nt/nt_status.h"

KIRQL NTAPI ndlw_KeGetCurrentIrql(void);
KIRQL FASTCALL ndlw_KfRaiseIrql(KIRQL to);
void FASTCALL ndlw_KfLowerIrql(KIRQL to);
void FASTCALL ndlw_KeAcquireInStackQueuedSpinLock(KSPIN_LOCK *l,
						  KLOCK_QUEUE_HANDLE *h);
void FASTCALL ndlw_KeReleaseInStackQueuedSpinLock(KLOCK_QUEUE_HANDLE *h);
BOOLEAN FASTCALL ndlw_KeTryToAcquireSpinLockAtDpcLevel(KSPIN_LOCK *l);
void NTAPI ndlw_KeInitializeMutex(KMUTEX *m, ULONG level);
LONG NTAPI ndlw_KeReleaseMutex(KMUTEX *m, BOOLEAN wait);
void NTAPI ndlw_KeInitializeSemaphore(KSEMAPHORE *s, LONG count, LONG limit);
LONG NTAPI ndlw_KeReleaseSemaphore(KSEMAPHORE *s, LONG inc, LONG adj,
				   BOOLEAN wait);
NTSTATUS NTAPI ndlw_KeWaitForMultipleObjects(ULONG n, void *objs[],
					     WAIT_TYPE type, KWAIT_REASON r,
					     KPROCESSOR_MODE m, BOOLEAN a,
					     LARGE_INTEGER *t, void *wb);
BOOLEAN NTAPI ndlw_KeReadStateTimer(KTIMER *t);
void NTAPI ndlw_ExQueueWorkItem(WORK_QUEUE_ITEM *item, WORK_QUEUE_TYPE t);
void *NTAPI ndlw_IoAllocateWorkItem(DEVICE_OBJECT *dev);
void NTAPI ndlw_IoFreeWorkItem(void *item);
void NTAPI ndlw_IoQueueWorkItem(void *item, void *routine,
				WORK_QUEUE_TYPE t, void *ctx);
void NTAPI ndlw_KeFlushQueuedDpcs(void);
void NTAPI ndlw_KeSetImportanceDpc(KDPC *dpc, int importance);
void NTAPI ndlw_KeQueryTickCount(LARGE_INTEGER *t);
LARGE_INTEGER NTAPI ndlw_KeQueryPerformanceCounter(LARGE_INTEGER *f);
void NTAPI ndlw_RtlTimeToTimeFields(LARGE_INTEGER *t, void *tf);
BOOLEAN NTAPI ndlw_RtlTimeFieldsToTime(void *tf, LARGE_INTEGER *t);

static void test_irql_and_spinlocks(void)
{
	KSPIN_LOCK l;
	KIRQL old;
	KLOCK_QUEUE_HANDLE h;

	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(old, NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_KfLowerIrql(old);
	ndlw_KeInitializeSpinLock(&l);
	CHECK_EQ_INT(l, 0);
	old = ndlw_KeAcquireSpinLockRaiseToDpc(&l);
	CHECK(l != 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	CHECK(!ndlw_KeTryToAcquireSpinLockAtDpcLevel(&l));
	ndlw_KeReleaseSpinLock(&l, old);
	CHECK(l == 0 && ndlw_KeGetCurrentIrql() == NDL_PASSIVE_LEVEL);
	ndlw_KeAcquireInStackQueuedSpinLock(&l, &h);
	CHECK(h.LockQueue.Lock == &l && h.OldIrql == NDL_PASSIVE_LEVEL);
	ndlw_KeReleaseInStackQueuedSpinLock(&h);
	CHECK_EQ_INT(l, 0);
}

static KSPIN_LOCK recursive;

static void recursive_cb(void *ctx)
{
	ndlw_KeAcquireSpinLockRaiseToDpc(&recursive);
	ndlw_KeAcquireSpinLockAtDpcLevel(&recursive);	/* self-deadlock */
}

static void lower_cb(void *ctx)
{
	ndlw_KfRaiseIrql(NDL_PASSIVE_LEVEL + 1);
	ndlw_KfRaiseIrql(NDL_PASSIVE_LEVEL);	/* raise below current */
}

/* KeLowerIrql: "NewIrql must be less than or equal to the current IRQL". */
static void lower_above_cb(void *ctx)
{
	ndlw_KfRaiseIrql(NDL_APC_LEVEL);
	ndlw_KfLowerIrql(NDL_DISPATCH_LEVEL);
}

/* The same, with the first acquisition already at DISPATCH_LEVEL. */
static void recursive_at_dispatch_cb(void *ctx)
{
	ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	ndlw_KeAcquireSpinLockRaiseToDpc(&recursive);
	ndlw_KeAcquireSpinLockRaiseToDpc(&recursive);
}

/* KeReleaseSpinLock restores NewIrql through KeLowerIrql's rule: never up. */
static void release_raises_cb(void *ctx)
{
	KSPIN_LOCK l = 0;

	ndlw_KeAcquireSpinLockRaiseToDpc(&l);
	ndlw_KeReleaseSpinLock(&l, NDL_DISPATCH_LEVEL + 1);
}

/* KeAcquireSpinLock: "Callers must be running at IRQL <= DISPATCH_LEVEL". */
static void spin_above_dispatch_cb(void *ctx)
{
	KSPIN_LOCK l = 0;

	ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL + 1);
	ndlw_KeAcquireSpinLockRaiseToDpc(&l);
}

static void test_misuse_is_a_bugcheck(void)
{
	CHECK_EQ_INT(ndl_user_call_guarded(recursive_cb, NULL), 0x0f);
	recursive = 0;
	CHECK_EQ_INT(ndl_user_call_guarded(recursive_at_dispatch_cb, NULL),
		     0x0f);
	recursive = 0;
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(ndl_user_call_guarded(release_raises_cb, NULL), 0x0a);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(ndl_user_call_guarded(lower_cb, NULL), 0x09);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(ndl_user_call_guarded(lower_above_cb, NULL), 0x0a);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(ndl_user_call_guarded(spin_above_dispatch_cb, NULL), 0x0a);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
}

static void test_events(void)
{
	KEVENT n, s;
	LARGE_INTEGER zero = { .QuadPart = 0 };

	ndlw_KeInitializeEvent(&n, NotificationEvent, FALSE);
	ndlw_KeInitializeEvent(&s, SynchronizationEvent, TRUE);
	CHECK_EQ_INT(ndlw_KeReadStateEvent(&n), 0);
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&n, 0, 0, FALSE, &zero),
		     STATUS_TIMEOUT);
	CHECK_EQ_INT(ndlw_KeSetEvent(&n, 0, FALSE), 0);
	CHECK_EQ_INT(ndlw_KeSetEvent(&n, 0, FALSE), 1);
	/* notification: stays signalled for every waiter */
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&n, 0, 0, FALSE, &zero), 0);
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&n, 0, 0, FALSE, &zero), 0);
	CHECK_EQ_INT(ndlw_KeResetEvent(&n), 1);
	/* synchronization: one waiter consumes it */
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&s, 0, 0, FALSE, NULL), 0);
	CHECK_EQ_INT(ndlw_KeReadStateEvent(&s), 0);
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&s, 0, 0, FALSE, &zero),
		     STATUS_TIMEOUT);
}

static void test_mutex_semaphore_multiple(void)
{
	KMUTEX m;
	KSEMAPHORE sem;
	KEVENT e;
	void *objs[3] = { &e, &sem, &m };
	LARGE_INTEGER zero = { .QuadPart = 0 };

	ndlw_KeInitializeMutex(&m, 0);
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&m, 0, 0, FALSE, NULL), 0);
	/* recursive acquisition by the owner */
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&m, 0, 0, FALSE, &zero), 0);
	CHECK_EQ_INT(m.Header.SignalState, -1);
	CHECK_EQ_INT(ndlw_KeReleaseMutex(&m, FALSE), -1);
	CHECK_EQ_INT(ndlw_KeReleaseMutex(&m, FALSE), 0);
	CHECK(m.OwnerThread == NULL && m.Header.SignalState == 1);
	log_clear();
	ndlw_KeReleaseMutex(&m, FALSE);		/* not owned: refused */
	CHECK(log_contains("does not own it"));

	ndlw_KeInitializeSemaphore(&sem, 0, 2);
	ndlw_KeInitializeEvent(&e, NotificationEvent, FALSE);
	CHECK_EQ_INT(ndlw_KeWaitForMultipleObjects(2, objs, WaitAny, 0, 0,
						   FALSE, &zero, NULL),
		     STATUS_TIMEOUT);
	CHECK_EQ_INT(ndlw_KeReleaseSemaphore(&sem, 0, 2, FALSE), 0);
	log_clear();
	CHECK_EQ_INT(ndlw_KeReleaseSemaphore(&sem, 0, 1, FALSE), 2);
	CHECK(log_contains("limit 2 exceeded"));
	CHECK_EQ_INT(ndlw_KeWaitForMultipleObjects(2, objs, WaitAny, 0, 0,
						   FALSE, &zero, NULL),
		     STATUS_WAIT_0 + 1);
	CHECK_EQ_INT(sem.Header.SignalState, 1);
	/* WaitAll needs every object: the event is still clear */
	CHECK_EQ_INT(ndlw_KeWaitForMultipleObjects(3, objs, WaitAll, 0, 0,
						   FALSE, &zero, NULL),
		     STATUS_TIMEOUT);
	ndlw_KeSetEvent(&e, 0, FALSE);
	CHECK_EQ_INT(ndlw_KeWaitForMultipleObjects(3, objs, WaitAll, 0, 0,
						   FALSE, &zero, NULL), 0);
	CHECK(sem.Header.SignalState == 0 && m.Header.SignalState == 0);
	ndlw_KeReleaseMutex(&m, FALSE);
	CHECK_EQ_INT(ndlw_KeWaitForMultipleObjects(65, objs, WaitAll, 0, 0,
						   FALSE, &zero, NULL),
		     STATUS_INVALID_PARAMETER);
}

static int dpc_order[4], dpc_count;

static void NTAPI dpc_fn(KDPC *d, void *ctx, void *a1, void *a2)
{
	if (dpc_count < 4)
		dpc_order[dpc_count] = (int)(uintptr_t)ctx * 100 +
				       ndlw_KeGetCurrentIrql();
	dpc_count++;
}

static void test_dpcs(void)
{
	KDPC a, b, c;

	dpc_count = 0;
	ndlw_KeInitializeDpc(&a, dpc_fn, (void *)1);
	ndlw_KeInitializeDpc(&b, dpc_fn, (void *)2);
	ndlw_KeInitializeDpc(&c, dpc_fn, (void *)3);
	ndlw_KeSetImportanceDpc(&c, 2);		/* HighImportance: to front */
	CHECK(ndlw_KeInsertQueueDpc(&a, NULL, NULL));
	CHECK(!ndlw_KeInsertQueueDpc(&a, NULL, NULL));	/* already queued */
	CHECK(ndlw_KeInsertQueueDpc(&b, NULL, NULL));
	CHECK(ndlw_KeInsertQueueDpc(&c, NULL, NULL));
	CHECK(ndlw_KeRemoveQueueDpc(&b));
	CHECK(!ndlw_KeRemoveQueueDpc(&b));
	CHECK_EQ_INT(ndl_dpc_pending(), 2);
	ndlw_KeFlushQueuedDpcs();
	CHECK_EQ_INT(dpc_count, 2);
	CHECK_EQ_INT(dpc_order[0], 302);	/* c first, at DISPATCH_LEVEL */
	CHECK_EQ_INT(dpc_order[1], 102);
	CHECK_EQ_INT(ndl_dpc_pending(), 0);
}

static void test_timers(void)
{
	KTIMER t, p;
	KDPC d;
	LARGE_INTEGER due = { .QuadPart = -10 * 10000 };	/* 10 ms */
	LARGE_INTEGER wait = { .QuadPart = -2 * 10000000LL };
	u64 start = ndl_os_monotonic_ns();

	dpc_count = 0;
	ndlw_KeInitializeDpc(&d, dpc_fn, (void *)4);
	ndlw_KeInitializeTimer(&t);
	CHECK(!ndlw_KeSetTimer(&t, due, &d));
	CHECK(ndlw_KeSetTimer(&t, due, &d));	/* re-set: was armed */
	CHECK(!ndlw_KeReadStateTimer(&t));
	CHECK_EQ_INT(ndlw_KeWaitForSingleObject(&t, 0, 0, FALSE, &wait), 0);
	CHECK(ndl_os_monotonic_ns() - start >= 10000000);
	CHECK(ndlw_KeReadStateTimer(&t));
	ndl_user_run_pending();
	CHECK_EQ_INT(dpc_count, 1);
	CHECK_EQ_INT(dpc_order[0], 402);
	/* periodic: fires repeatedly until cancelled */
	dpc_count = 0;
	ndlw_KeInitializeTimerEx(&p, SynchronizationTimer);
	due.QuadPart = -1 * 10000;
	ndlw_KeSetTimerEx(&p, due, 2, &d);
	ndl_user_run_until(ndl_os_monotonic_ns() + 30000000);
	CHECK(dpc_count >= 5);
	CHECK(ndlw_KeCancelTimer(&p));
	CHECK(!ndlw_KeCancelTimer(&p));
	CHECK(!ndlw_KeCancelTimer(&t));
	CHECK_EQ_INT(ndl_timer_pending(), 0);
}

static int work_runs;

static void NTAPI work_fn(void *param)
{
	work_runs += (int)(uintptr_t)param + 10 * ndlw_KeGetCurrentIrql();
}

static void NTAPI io_work_fn(DEVICE_OBJECT *dev, void *ctx)
{
	work_runs += 100;
	ndlw_IoFreeWorkItem(ctx);	/* allowed from its own routine */
}

static void test_work_items(void)
{
	WORK_QUEUE_ITEM w = { .WorkerRoutine = work_fn, .Parameter = (void *)3 };
	void *io = ndlw_IoAllocateWorkItem(NULL);

	work_runs = 0;
	ndlw_ExQueueWorkItem(&w, DelayedWorkQueue);
	CHECK(io != NULL);
	ndlw_IoQueueWorkItem(io, io_work_fn, DelayedWorkQueue, io);
	CHECK_EQ_INT(ndl_work_pending(), 2);
	ndl_work_flush();
	CHECK_EQ_INT(work_runs, 103);
}

static void deadlock_cb(void *ctx)
{
	KEVENT e;

	ndlw_KeInitializeEvent(&e, NotificationEvent, FALSE);
	ndlw_KeWaitForSingleObject(&e, 0, 0, FALSE, NULL);
}

static void test_deadlock_detected(void)
{
	log_clear();
	CHECK_EQ_INT(ndl_user_call_guarded(deadlock_cb, NULL), 0x4e444c01);
	CHECK(log_contains("can never be satisfied"));
}

static void test_time(void)
{
	LARGE_INTEGER a, b, f, st;
	struct { SHORT y, mo, d, h, mi, s, ms, wd; } tf;
	u64 t0;

	ndlw_KeQuerySystemTime(&a);
	/* after 2020-01-01 in 100 ns since 1601 */
	CHECK(a.QuadPart > 132223104000000000LL);
	ndlw_KeQueryTickCount(&b);
	t0 = (u64)b.QuadPart;
	ndlw_KeStallExecutionProcessor(20000);
	ndlw_KeQueryTickCount(&b);
	CHECK((u64)b.QuadPart >= t0 + 1);	/* 20 ms > one 15.6 ms tick */
	a = ndlw_KeQueryPerformanceCounter(&f);
	CHECK_EQ_INT(f.QuadPart, 10000000);
	st.QuadPart = 0;	/* 1601-01-01 00:00 Monday */
	ndlw_RtlTimeToTimeFields(&st, &tf);
	CHECK(tf.y == 1601 && tf.mo == 1 && tf.d == 1 && tf.wd == 1);
	st.QuadPart = 132223104000000000LL + 36000000000LL * 25 + 1234 * 10000;
	ndlw_RtlTimeToTimeFields(&st, &tf);
	CHECK(tf.y == 2020 && tf.mo == 1 && tf.d == 2 && tf.h == 1 &&
	      tf.ms == 234);
	CHECK(ndlw_RtlTimeFieldsToTime(&tf, &a) && a.QuadPart == st.QuadPart);
	a.QuadPart = -5 * 10000;
	t0 = ndl_os_monotonic_ns();
	CHECK_EQ_INT(ndlw_KeDelayExecutionThread(0, FALSE, &a), 0);
	CHECK(ndl_os_monotonic_ns() - t0 >= 5000000);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_irql_and_spinlocks);
	RUN(test_misuse_is_a_bugcheck);
	RUN(test_events);
	RUN(test_mutex_semaphore_multiple);
	RUN(test_dpcs);
	RUN(test_timers);
	RUN(test_work_items);
	RUN(test_deadlock_detected);
	RUN(test_time);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
