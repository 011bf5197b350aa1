// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the NDIS 6 timer objects (module/runtime/ndis6/
 * ndis6_timer.c): one rule of the NdisAllocateTimerObject,
 * NdisSetTimerObject, NdisCancelTimerObject, NdisFreeTimerObject and
 * NDIS_TIMER_CHARACTERISTICS reference pages per test. The host's loop
 * runs the timers' DPCs (ndl_user_run_until).
 */
#include "check.h"
#include "ndis6_testdrv.h"
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

static NDIS_HANDLE drv_handle;
static int fired;
static u64 fired_ns;		/* monotonic time of the last callback */
static void *fired_ctx;
static KIRQL fired_irql;
static NDIS_HANDLE rearm;	/* the callback sets this timer again once */

static NTAPI void on_timer(void *ss1, void *ctx, void *ss2, void *ss3)
{
	fired++;
	fired_ns = ndl_os_monotonic_ns();
	fired_ctx = ctx;
	fired_irql = ndlw_KeGetCurrentIrql();
	if (rearm) {
		NDIS_HANDLE t = rearm;
		LARGE_INTEGER due = { .QuadPart = -10000 };	/* 1 ms */

		rearm = NULL;
		ndlw_NdisSetTimerObject(t, due, 0, NULL);
	}
}

static NDIS_TIMER_CHARACTERISTICS chars(void *ctx)
{
	NDIS_TIMER_CHARACTERISTICS c = {
		.Header = { NDIS_OBJECT_TYPE_TIMER_CHARACTERISTICS,
			    NDIS_TIMER_CHARACTERISTICS_REVISION_1,
			    NDIS_SIZEOF_TIMER_CHARACTERISTICS_REVISION_1 },
		.AllocationTag = 0x544d4954,
		.TimerFunction = on_timer,
		.FunctionContext = ctx,
	};
	return c;
}

static NDIS_HANDLE new_timer(void *ctx)
{
	NDIS_TIMER_CHARACTERISTICS c = chars(ctx);
	NDIS_HANDLE t = NULL;

	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(drv_handle, &c, &t),
		     NDIS_STATUS_SUCCESS);
	CHECK(t != NULL);
	fired = 0;
	fired_ctx = NULL;
	return t;
}

static LARGE_INTEGER in_ms(LONGLONG ms)
{
	LARGE_INTEGER due = { .QuadPart = -ms * 10000 };

	return due;
}

static void run_ms(u64 ms)
{
	ndl_user_run_until(ndl_os_monotonic_ns() + ms * 1000000);
}

/*
 * Run the host loop until the callback ran n times in all (at most 5 s:
 * valgrind and a loaded host are slow; only order is asserted, never
 * how quickly).
 */
static void run_until_fired(int n)
{
	u64 end = ndl_os_monotonic_ns() + 5000000000ull;

	while (fired < n && ndl_os_monotonic_ns() < end)
		run_ms(1);
}

/* Header.Type/Revision/Size name NDIS_TIMER_CHARACTERISTICS revision 1. */
static void test_allocate_checks_characteristics(void)
{
	NDIS_TIMER_CHARACTERISTICS c = chars(NULL);
	NDIS_HANDLE t = (void *)1;

	c.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(drv_handle, &c, &t),
		     NDIS_STATUS_FAILURE);
	CHECK(t == NULL);
	c = chars(NULL);
	c.Header.Revision = 0;
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(drv_handle, &c, &t),
		     NDIS_STATUS_FAILURE);
	c = chars(NULL);
	c.Header.Size = NDIS_SIZEOF_TIMER_CHARACTERISTICS_REVISION_1 - 1;
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(drv_handle, &c, &t),
		     NDIS_STATUS_FAILURE);
	c = chars(NULL);
	c.TimerFunction = NULL;
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(drv_handle, &c, &t),
		     NDIS_STATUS_FAILURE);
	CHECK(log_contains("no TimerFunction"));
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(drv_handle, NULL, &t),
		     NDIS_STATUS_FAILURE);
}

/* NdisHandle is a handle NDIS gave the driver; nothing else is taken. */
static void test_allocate_needs_an_ndis_handle(void)
{
	NDIS_TIMER_CHARACTERISTICS c = chars(NULL);
	u64 junk[64] = { 0 };
	NDIS_HANDLE t = (void *)1;

	log_clear();
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(NULL, &c, &t),
		     NDIS_STATUS_FAILURE);
	CHECK(t == NULL);
	CHECK_EQ_INT(ndlw_NdisAllocateTimerObject(junk, &c, &t),
		     NDIS_STATUS_FAILURE);
	CHECK(log_contains("neither a miniport adapter handle nor an NDIS driver handle"));
}

/*
 * A relative due time fires the callback once, at DISPATCH_LEVEL, with
 * the characteristics' FunctionContext when the set passes none.
 */
static void test_one_shot_relative(void)
{
	NDIS_HANDLE t = new_timer((void *)0xc0de);
	u64 start = ndl_os_monotonic_ns();

	CHECK(!ndlw_NdisSetTimerObject(t, in_ms(10), 0, NULL));
	run_until_fired(1);
	CHECK_EQ_INT(fired, 1);
	CHECK(fired_ns - start >= 10000000);	/* not before it is due */
	CHECK(fired_ctx == (void *)0xc0de);
	CHECK_EQ_INT(fired_irql, NDL_DISPATCH_LEVEL);
	run_ms(20);
	CHECK_EQ_INT(fired, 1);
	ndlw_NdisFreeTimerObject(t);
}

/* FunctionContext of the set replaces the default, for that setting. */
static void test_set_context_overrides_default(void)
{
	NDIS_HANDLE t = new_timer((void *)0xc0de);

	ndlw_NdisSetTimerObject(t, in_ms(1), 0, (void *)0xbeef);
	run_until_fired(1);
	CHECK_EQ_INT(fired, 1);
	CHECK(fired_ctx == (void *)0xbeef);
	ndlw_NdisSetTimerObject(t, in_ms(1), 0, NULL);
	run_until_fired(2);
	CHECK_EQ_INT(fired, 2);
	CHECK(fired_ctx == (void *)0xc0de);
	ndlw_NdisFreeTimerObject(t);
}

/* A positive DueTime is an absolute system time. */
static void test_absolute_due_time(void)
{
	NDIS_HANDLE t = new_timer(NULL);
	LARGE_INTEGER now, due;
	u64 start = ndl_os_monotonic_ns();

	ndlw_KeQuerySystemTime(&now);
	due.QuadPart = now.QuadPart + 15 * 10000;	/* now + 15 ms */
	CHECK(!ndlw_NdisSetTimerObject(t, due, 0, NULL));
	run_until_fired(1);
	CHECK_EQ_INT(fired, 1);
	CHECK(fired_ns - start >= 14000000);	/* system clock granularity */
	ndlw_NdisFreeTimerObject(t);
}

/* TRUE when the timer was already queued; the new setting replaces it. */
static void test_set_returns_already_queued(void)
{
	NDIS_HANDLE t = new_timer(NULL);

	CHECK(!ndlw_NdisSetTimerObject(t, in_ms(500), 0, NULL));
	CHECK(ndlw_NdisSetTimerObject(t, in_ms(5), 0, NULL));
	run_until_fired(1);
	CHECK_EQ_INT(fired, 1);
	CHECK(!ndlw_NdisSetTimerObject(t, in_ms(5), 0, NULL));	/* fired */
	run_until_fired(2);
	CHECK_EQ_INT(fired, 2);
	ndlw_NdisFreeTimerObject(t);
}

/* A period fires the callback again and again until cancelled. */
static void test_periodic_until_cancelled(void)
{
	NDIS_HANDLE t = new_timer(NULL);
	int seen;

	ndlw_NdisSetTimerObject(t, in_ms(1), 2, NULL);
	run_until_fired(4);
	CHECK(fired >= 4);
	CHECK(ndlw_NdisCancelTimerObject(t));
	seen = fired;
	run_ms(20);
	CHECK_EQ_INT(fired, seen);
	CHECK(!ndlw_NdisCancelTimerObject(t));
	ndlw_NdisFreeTimerObject(t);
}

/*
 * Cancel: TRUE while the timer is queued (the callback then never runs),
 * FALSE when it was never set or has already fired.
 */
static void test_cancel_return_value(void)
{
	NDIS_HANDLE t = new_timer(NULL);

	CHECK(!ndlw_NdisCancelTimerObject(t));
	ndlw_NdisSetTimerObject(t, in_ms(5), 0, NULL);
	CHECK(ndlw_NdisCancelTimerObject(t));
	run_ms(30);
	CHECK_EQ_INT(fired, 0);
	ndlw_NdisSetTimerObject(t, in_ms(1), 0, NULL);
	run_until_fired(1);
	CHECK_EQ_INT(fired, 1);
	CHECK(!ndlw_NdisCancelTimerObject(t));
	ndlw_NdisFreeTimerObject(t);
}

/* The callback may set its own timer again (a common driver pattern). */
static void test_callback_sets_its_timer(void)
{
	NDIS_HANDLE t = new_timer(NULL);

	rearm = t;
	ndlw_NdisSetTimerObject(t, in_ms(1), 0, NULL);
	run_until_fired(2);
	CHECK_EQ_INT(fired, 2);
	CHECK(rearm == NULL);
	ndlw_NdisFreeTimerObject(t);
}

/* Freed while still set: cancelled, never fires into freed memory. */
static void test_free_while_set(void)
{
	NDIS_HANDLE t = new_timer(NULL);

	log_clear();
	ndlw_NdisSetTimerObject(t, in_ms(2), 1, NULL);
	ndlw_NdisFreeTimerObject(t);
	CHECK(log_contains("was still set"));
	run_ms(20);
	CHECK_EQ_INT(fired, 0);
}

/* A handle that is not a timer object is refused, not followed. */
static void test_bad_timer_handle(void)
{
	u64 junk[8] = { 0 };

	log_clear();
	CHECK(!ndlw_NdisSetTimerObject(junk, in_ms(1), 0, NULL));
	CHECK(!ndlw_NdisCancelTimerObject(NULL));
	ndlw_NdisFreeTimerObject(junk);
	CHECK(log_contains("bad timer object"));
}

int main(void)
{
	struct ndl_driver *drv;
	int rc;

	test_init();
	drv = ndis6_test_driver(&drv_handle);
	CHECK(drv && drv_handle);
	if (!drv)
		return test_exit() | 1;
	RUN(test_allocate_checks_characteristics);
	RUN(test_allocate_needs_an_ndis_handle);
	RUN(test_one_shot_relative);
	RUN(test_set_context_overrides_default);
	RUN(test_absolute_due_time);
	RUN(test_set_returns_already_queued);
	RUN(test_periodic_until_cancelled);
	RUN(test_cancel_return_value);
	RUN(test_callback_sets_its_timer);
	RUN(test_free_while_set);
	RUN(test_bad_timer_handle);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
