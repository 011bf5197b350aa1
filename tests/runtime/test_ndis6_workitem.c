// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the NDIS 6 I/O work items (module/runtime/ndis6/
 * ndis6_workitem.c): one rule of the NdisAllocateIoWorkItem,
 * NdisQueueIoWorkItem, NdisFreeIoWorkItem and NDIS_IO_WORKITEM_FUNCTION
 * reference pages per test. The host's loop runs the work queue.
 */
#include "check.h"
#include "ndis6_testdrv.h"
#include "nt/nt_exports.h"

static NDIS_HANDLE drv_handle;
static int runs;
static void *run_ctx;
static NDIS_HANDLE run_handle;
static KIRQL run_irql;
static enum { PLAIN, REQUEUE_ONCE, FREE_SELF } behaviour;

static NTAPI void routine(void *ctx, NDIS_HANDLE item)
{
	runs++;
	run_ctx = ctx;
	run_handle = item;
	run_irql = ndlw_KeGetCurrentIrql();
	if (behaviour == REQUEUE_ONCE) {
		behaviour = PLAIN;
		ndlw_NdisQueueIoWorkItem(item, routine, (void *)0x2);
	} else if (behaviour == FREE_SELF) {
		ndlw_NdisFreeIoWorkItem(item);
	}
}

static void reset(void)
{
	runs = 0;
	run_ctx = NULL;
	run_handle = NULL;
	behaviour = PLAIN;
	log_clear();
}

static void run_queue(void)
{
	ndl_user_run_pending();
	ndl_user_run_pending();
}

/* NdisObjectHandle is a handle NDIS gave the driver: NULL otherwise. */
static void test_allocate_needs_an_ndis_handle(void)
{
	u64 junk[64] = { 0 };
	NDIS_HANDLE w;

	reset();
	CHECK(ndlw_NdisAllocateIoWorkItem(NULL) == NULL);
	CHECK(ndlw_NdisAllocateIoWorkItem(junk) == NULL);
	CHECK(log_contains("neither a miniport adapter handle nor an NDIS driver handle"));
	w = ndlw_NdisAllocateIoWorkItem(drv_handle);
	CHECK(w != NULL);
	ndlw_NdisFreeIoWorkItem(w);
}

/*
 * The routine runs once, at PASSIVE_LEVEL, with the context given to
 * NdisQueueIoWorkItem and the work item's own handle.
 */
static void test_routine_runs_once_at_passive(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);

	reset();
	ndlw_NdisQueueIoWorkItem(w, routine, (void *)0x1234);
	CHECK_EQ_INT(runs, 0);		/* later, not within the call */
	run_queue();
	CHECK_EQ_INT(runs, 1);
	CHECK(run_ctx == (void *)0x1234);
	CHECK(run_handle == w);
	CHECK_EQ_INT(run_irql, NDL_PASSIVE_LEVEL);
	run_queue();
	CHECK_EQ_INT(runs, 1);
	ndlw_NdisFreeIoWorkItem(w);
}

/* Queued from DISPATCH_LEVEL (a DPC), it still runs at PASSIVE_LEVEL. */
static void test_queued_at_dispatch(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);
	KIRQL old;

	reset();
	ndlw_KeRaiseIrql(NDL_DISPATCH_LEVEL, &old);
	ndlw_NdisQueueIoWorkItem(w, routine, NULL);
	ndlw_KeLowerIrql(old);
	run_queue();
	CHECK_EQ_INT(runs, 1);
	CHECK_EQ_INT(run_irql, NDL_PASSIVE_LEVEL);
	ndlw_NdisFreeIoWorkItem(w);
}

/* A queued item is not queued a second time: one run per queueing. */
static void test_not_queued_twice(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);

	reset();
	ndlw_NdisQueueIoWorkItem(w, routine, (void *)0x1);
	ndlw_NdisQueueIoWorkItem(w, routine, (void *)0x2);
	CHECK(log_contains("already queued"));
	run_queue();
	CHECK_EQ_INT(runs, 1);
	CHECK(run_ctx == (void *)0x1);
	ndlw_NdisFreeIoWorkItem(w);
}

/* Once it runs it may be queued again, also from its own routine. */
static void test_requeue_from_routine(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);

	reset();
	behaviour = REQUEUE_ONCE;
	ndlw_NdisQueueIoWorkItem(w, routine, (void *)0x1);
	run_queue();
	run_queue();
	CHECK_EQ_INT(runs, 2);
	CHECK(run_ctx == (void *)0x2);
	CHECK(!log_contains("already queued"));
	ndlw_NdisFreeIoWorkItem(w);
}

/* The routine may free its work item (nothing touches it afterwards). */
static void test_free_from_routine(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);

	reset();
	behaviour = FREE_SELF;
	ndlw_NdisQueueIoWorkItem(w, routine, NULL);
	run_queue();
	CHECK_EQ_INT(runs, 1);
}

/*
 * Freeing an item that is still queued is a driver bug: logged, its
 * routine does not run, and the memory still goes (leak check).
 */
static void test_free_while_queued(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);

	reset();
	ndlw_NdisQueueIoWorkItem(w, routine, NULL);
	ndlw_NdisFreeIoWorkItem(w);
	CHECK(log_contains("still queued"));
	run_queue();
	CHECK_EQ_INT(runs, 0);
}

/* Bad handles and a NULL routine are refused, never followed. */
static void test_bad_input(void)
{
	NDIS_HANDLE w = ndlw_NdisAllocateIoWorkItem(drv_handle);
	u64 junk[8] = { 0 };

	reset();
	ndlw_NdisQueueIoWorkItem(w, NULL, NULL);
	CHECK(log_contains("no routine"));
	ndlw_NdisQueueIoWorkItem(junk, routine, NULL);
	ndlw_NdisFreeIoWorkItem(NULL);
	CHECK(log_contains("bad I/O work item"));
	run_queue();
	CHECK_EQ_INT(runs, 0);
	ndlw_NdisFreeIoWorkItem(w);
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
	RUN(test_allocate_needs_an_ndis_handle);
	RUN(test_routine_runs_once_at_passive);
	RUN(test_queued_at_dispatch);
	RUN(test_not_queued_twice);
	RUN(test_requeue_from_routine);
	RUN(test_free_from_routine);
	RUN(test_free_while_queued);
	RUN(test_bad_input);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
