// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the spin lock exports' results, as the WDK
 * documents them: the IRQL each acquire returns, the level each release
 * leaves, the lock word. The common cases (a lock taken at the level the
 * caller is at, a release that keeps it) are answered inline from the OS
 * layer's own state (runtime/core/os_fast.h), which differs between user
 * space and the kernel, so this suite also runs inside ndisload.ko
 * (tests/runtime/kernel/suites.h) on each kernel the VM tests boot. The
 * bug checks for misuse are in test_sync.c (they need the user host).
 */
#include "check.h"
#include "common.h"
#include "ndis/ndis_api.h"
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

/*
 * At DISPATCH_LEVEL already (a DPC's locks: the inline common case),
 * KeAcquireSpinLockRaiseToDpc returns DISPATCH_LEVEL as the old IRQL and
 * KeReleaseSpinLock with it leaves the level alone; nested locks taken
 * from PASSIVE_LEVEL unwind to PASSIVE_LEVEL only with the outer one.
 */
static void test_spinlocks_at_dispatch(void)
{
	KSPIN_LOCK a = 0, b = 0;
	KIRQL outer, inner, old;
	KLOCK_QUEUE_HANDLE h;

	outer = ndlw_KeAcquireSpinLockRaiseToDpc(&a);
	CHECK_EQ_INT(outer, NDL_PASSIVE_LEVEL);
	inner = ndlw_KeAcquireSpinLockRaiseToDpc(&b);
	CHECK_EQ_INT(inner, NDL_DISPATCH_LEVEL);
	CHECK(a != 0 && b != 0 && a == b);	/* both tagged by this thread */
	CHECK(!ndlw_KeTryToAcquireSpinLockAtDpcLevel(&b));
	ndlw_KeReleaseSpinLock(&b, inner);
	CHECK(b == 0 && a != 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_KeAcquireInStackQueuedSpinLock(&b, &h);
	CHECK(h.OldIrql == NDL_DISPATCH_LEVEL && b != 0);
	ndlw_KeReleaseInStackQueuedSpinLock(&h);
	CHECK(b == 0 && ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	ndlw_KeReleaseSpinLock(&a, outer);
	CHECK(a == 0 && ndlw_KeGetCurrentIrql() == NDL_PASSIVE_LEVEL);

	/* Released out of order: each release restores what its acquire saw. */
	outer = ndlw_KeAcquireSpinLockRaiseToDpc(&a);
	inner = ndlw_KeAcquireSpinLockRaiseToDpc(&b);
	ndlw_KeReleaseSpinLock(&a, outer);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK(a == 0 && b != 0);
	old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	ndlw_KeReleaseSpinLock(&b, inner);
	CHECK(b == 0 && ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	ndlw_KfLowerIrql(old);
}

/*
 * KeAcquireSpinLockAtDpcLevel and the in-stack form "at DPC level" take
 * the lock without touching IRQL; the caller must already be at
 * DISPATCH_LEVEL.
 */
static void test_spinlocks_at_dpc_level_keep_irql(void)
{
	KSPIN_LOCK l = 0;
	KLOCK_QUEUE_HANDLE h;
	KIRQL old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);

	ndlw_KeAcquireSpinLockAtDpcLevel(&l);
	CHECK(l != 0 && ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	CHECK(!ndlw_KeTryToAcquireSpinLockAtDpcLevel(&l));
	ndlw_KeReleaseSpinLockFromDpcLevel(&l);
	CHECK(l == 0 && ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	CHECK(ndlw_KeTryToAcquireSpinLockAtDpcLevel(&l));
	ndlw_KeReleaseSpinLockFromDpcLevel(&l);
	ndlw_KeAcquireInStackQueuedSpinLockAtDpcLevel(&l, &h);
	CHECK(h.LockQueue.Lock == &l && l != 0);
	ndlw_KeReleaseInStackQueuedSpinLockFromDpcLevel(&h);
	CHECK(l == 0 && ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	ndlw_KfLowerIrql(old);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
}

/*
 * NdisAcquireSpinLock raises to DISPATCH_LEVEL and keeps the old IRQL in
 * the NDIS_SPIN_LOCK; NdisReleaseSpinLock restores it. NdisDpr* are for
 * callers at DISPATCH_LEVEL and leave IRQL alone.
 */
static void test_ndis_spinlocks(void)
{
	NDIS_SPIN_LOCK a, b;
	KIRQL old;

	ndlw_NdisAllocateSpinLock(&a);
	ndlw_NdisAllocateSpinLock(&b);
	ndlw_NdisAcquireSpinLock(&a);
	CHECK(a.OldIrql == NDL_PASSIVE_LEVEL && a.SpinLock != 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_NdisAcquireSpinLock(&b);
	CHECK_EQ_INT(b.OldIrql, NDL_DISPATCH_LEVEL);
	ndlw_NdisReleaseSpinLock(&b);
	CHECK(b.SpinLock == 0 &&
	      ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	ndlw_NdisDprAcquireSpinLock(&b);
	CHECK(b.SpinLock != 0 &&
	      ndlw_KeGetCurrentIrql() == NDL_DISPATCH_LEVEL);
	ndlw_NdisDprReleaseSpinLock(&b);
	CHECK_EQ_INT(b.SpinLock, 0);
	ndlw_NdisReleaseSpinLock(&a);
	CHECK(a.SpinLock == 0 &&
	      ndlw_KeGetCurrentIrql() == NDL_PASSIVE_LEVEL);

	old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	ndlw_NdisAcquireSpinLock(&a);
	CHECK_EQ_INT(a.OldIrql, NDL_DISPATCH_LEVEL);
	ndlw_NdisReleaseSpinLock(&a);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_DISPATCH_LEVEL);
	ndlw_KfLowerIrql(old);
	ndlw_NdisFreeSpinLock(&a);
	ndlw_NdisFreeSpinLock(&b);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_spinlocks_at_dispatch);
	RUN(test_spinlocks_at_dpc_level_keep_irql);
	RUN(test_ndis_spinlocks);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
