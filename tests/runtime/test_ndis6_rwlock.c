// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the NDIS 6.20 read/write locks (module/runtime/
 * ndis6/ndis6_rwlock.c): one rule of the NdisAllocateRWLock,
 * NdisAcquireRWLockRead, NdisAcquireRWLockWrite, NdisReleaseRWLock and
 * NdisFreeRWLock reference pages per test.
 */
#include "check.h"
#include "ndis6_testdrv.h"
#include "nt/nt_exports.h"
#include "nt/nt_sync.h"

static NDIS_HANDLE drv_handle;

/* NdisHandle is a handle NDIS gave the driver: NULL otherwise. */
static void test_allocate_needs_an_ndis_handle(void)
{
	u64 junk[64] = { 0 };
	void *l;

	log_clear();
	CHECK(ndlw_NdisAllocateRWLock(NULL) == NULL);
	CHECK(ndlw_NdisAllocateRWLock(junk) == NULL);
	CHECK(log_contains("neither a miniport adapter handle nor an NDIS driver handle"));
	l = ndlw_NdisAllocateRWLock(drv_handle);
	CHECK(l != NULL);
	ndlw_NdisFreeRWLock(l);
}

/*
 * Either acquisition runs the holder at DISPATCH_LEVEL; the release
 * restores the IRQL the LOCK_STATE_EX recorded.
 */
static void test_acquire_raises_release_restores(void)
{
	void *l = ndlw_NdisAllocateRWLock(drv_handle);
	LOCK_STATE_EX ls;

	ndlw_NdisAcquireRWLockRead(l, &ls, 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(ls.OldIrql, NDL_PASSIVE_LEVEL);
	ndlw_NdisReleaseRWLock(l, &ls);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	ndlw_NdisAcquireRWLockWrite(l, &ls, 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_NdisReleaseRWLock(l, &ls);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	ndlw_NdisFreeRWLock(l);
}

/* NDIS_RWL_AT_DISPATCH_LEVEL: the caller is (and stays) at DISPATCH_LEVEL. */
static void test_at_dispatch_flag(void)
{
	void *l = ndlw_NdisAllocateRWLock(drv_handle);
	LOCK_STATE_EX ls;
	KIRQL old;

	ndlw_KeRaiseIrql(NDL_DISPATCH_LEVEL, &old);
	ndlw_NdisAcquireRWLockWrite(l, &ls, NDIS_RWL_AT_DISPATCH_LEVEL);
	ndlw_NdisReleaseRWLock(l, &ls);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_KeLowerIrql(old);
	ndlw_NdisFreeRWLock(l);
}

/*
 * Read locks nest on one processor (each with its own LOCK_STATE_EX);
 * the lock is free only after the last release, and then a writer gets
 * it. The IRQL comes back step by step.
 */
static void test_read_lock_nests(void)
{
	void *l = ndlw_NdisAllocateRWLock(drv_handle);
	LOCK_STATE_EX a, b, w;

	log_clear();
	ndlw_NdisAcquireRWLockRead(l, &a, 0);
	ndlw_NdisAcquireRWLockRead(l, &b, NDIS_RWL_AT_DISPATCH_LEVEL);
	CHECK_EQ_INT(b.OldIrql, NDL_DISPATCH_LEVEL);
	ndlw_NdisReleaseRWLock(l, &b);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_NdisFreeRWLock(l);		/* still held: refused */
	CHECK(log_contains("the lock is held"));
	ndlw_NdisReleaseRWLock(l, &a);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	ndlw_NdisAcquireRWLockWrite(l, &w, 0);	/* free: no wait */
	ndlw_NdisReleaseRWLock(l, &w);
	ndlw_NdisFreeRWLock(l);
}

static void *deadlock_lock;
static bool deadlock_write;

static void acquire_again(void *ctx)
{
	LOCK_STATE_EX again;

	if (deadlock_write)
		ndlw_NdisAcquireRWLockWrite(deadlock_lock, &again, 0);
	else
		ndlw_NdisAcquireRWLockRead(deadlock_lock, &again, 0);
}

/*
 * The write holder asking again (for write, or for read) would wait for
 * itself forever: a bug check naming the deadlock, not a hang.
 */
static void test_write_holder_asking_again(void)
{
	void *l = ndlw_NdisAllocateRWLock(drv_handle);
	LOCK_STATE_EX ls;

	deadlock_lock = l;
	for (int w = 0; w < 2; w++) {
		u32 code;

		log_clear();
		ndlw_NdisAcquireRWLockWrite(l, &ls, 0);
		deadlock_write = w;
		code = ndl_user_call_guarded(acquire_again, NULL);
		CHECK_EQ_INT(code, NDL_BUGCHECK_DEADLOCK);
		CHECK(log_contains("holds the write lock"));
		ndlw_NdisReleaseRWLock(l, &ls);
		CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	}
	ndlw_NdisFreeRWLock(l);
}

/* Bad locks and a LOCK_STATE_EX that holds nothing are refused. */
static void test_bad_input(void)
{
	void *l = ndlw_NdisAllocateRWLock(drv_handle);
	LOCK_STATE_EX ls = { 0 };
	u64 junk[8] = { 0 };

	log_clear();
	ndlw_NdisReleaseRWLock(l, &ls);
	CHECK(log_contains("holds nothing"));
	ndlw_NdisAcquireRWLockRead(junk, &ls, 0);
	ndlw_NdisFreeRWLock(NULL);
	CHECK(log_contains("bad NDIS_RW_LOCK_EX"));
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	ndlw_NdisFreeRWLock(l);
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
	RUN(test_acquire_raises_release_restores);
	RUN(test_at_dispatch_flag);
	RUN(test_read_lock_nests);
	RUN(test_write_holder_asking_again);
	RUN(test_bad_input);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
