// SPDX-License-Identifier: GPL-2.0-only
/*
 * IRQL and spinlocks: KeRaiseIrql/KeLowerIrql and the Ke*SpinLock family
 * (plain, at DPC level, raise-to-DPC, in-stack queued). A KSPIN_LOCK is
 * the 8-byte word in driver memory: 0 when free, the owning thread's
 * identity | 1 while held, so recursion is reported, not hung on.
 */
#include "nt/nt_sync.h"
#include "nt/nt_spin_fast.h"
#include "nt/nt_objects.h"
#include "nt/nt_exports.h"

/*
 * Raise and lower through one call each: the OS layer leaves the level
 * alone when asked to go the wrong way and says what it was, which is
 * what the checks need. These run for every spin lock a driver takes.
 */
KIRQL ndl_irql_raise(KIRQL to)
{
	KIRQL cur = ndl_os_irql_raise(to);

	if (to < cur) {
		ndl_err("KeRaiseIrql to %u below the current IRQL %u", to, cur);
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_GREATER_OR_EQUAL, cur, to,
				0, 0);
	}
	return cur;
}

void ndl_irql_lower(KIRQL to)
{
	KIRQL cur = ndl_os_irql_lower(to);

	if (to > cur) {
		ndl_err("KeLowerIrql to %u above the current IRQL %u", to, cur);
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL, cur, to,
				0, 0);
	}
}

bool ndl_spin_try(KSPIN_LOCK *lock)
{
	return ndl_spin_try_as(lock, ndl_spin_owner_tag());
}

void ndl_spin_contended(KSPIN_LOCK *lock, ULONG_PTR me)
{
	do {
		if (ndl_atomic_load(lock) == me) {
			ndl_err("spinlock %p acquired recursively by its owner",
				(void *)lock);
			ndl_os_bugcheck(NDL_BUGCHECK_SPIN_LOCK_ALREADY_OWNED,
					(u64)(uintptr_t)lock, 0, 0, 0);
		}
		while (ndl_atomic_load(lock))
			ndl_os_cpu_relax();
	} while (!ndl_spin_try_as(lock, me));
}

void ndl_spin_acquire(KSPIN_LOCK *lock)
{
	ndl_spin_acquire_inline(lock);
}

void ndl_spin_release(KSPIN_LOCK *lock)
{
	ndl_spin_release_inline(lock);
}

KIRQL ndl_lock_any(KSPIN_LOCK *lock)
{
	KIRQL old = ndl_os_irql_raise(NDL_HIGH_LEVEL);

	ndl_spin_acquire(lock);
	return old;
}

void ndl_unlock_any(KSPIN_LOCK *lock, KIRQL old)
{
	ndl_spin_release(lock);
	if (old < NDL_HIGH_LEVEL)
		ndl_os_irql_lower(old);
}

/* ---- exports -------------------------------------------------------- */

KIRQL NTAPI ndlw_KeGetCurrentIrql(void)
{
	return ndl_os_irql_current();
}

KIRQL FASTCALL ndlw_KfRaiseIrql(KIRQL to)
{
	return ndl_irql_raise(to);
}

void FASTCALL ndlw_KfLowerIrql(KIRQL to)
{
	ndl_irql_lower(to);
}

void NTAPI ndlw_KeRaiseIrql(KIRQL to, KIRQL *old)
{
	*old = ndl_irql_raise(to);
}

void NTAPI ndlw_KeLowerIrql(KIRQL to)
{
	ndl_irql_lower(to);
}

KIRQL NTAPI ndlw_KeRaiseIrqlToDpcLevel(void)
{
	return ndl_irql_raise(NDL_DISPATCH_LEVEL);
}

KIRQL NTAPI ndlw_KeRaiseIrqlToSynchLevel(void)
{
	return ndl_irql_raise(12);	/* SYNCH_LEVEL on x64 */
}

void NTAPI ndlw_KeInitializeSpinLock(KSPIN_LOCK *lock)
{
	*lock = 0;
}

/*
 * KeAcquireSpinLockRaiseToDpc and KeReleaseSpinLock in the System V
 * convention, for the runtime's own locks: calling the exports would add
 * the Microsoft-convention register saves and stack realignment to every
 * queue operation.
 */
KIRQL ndl_spin_lock_dpc(KSPIN_LOCK *lock)
{
	return ndl_spin_lock_dpc_inline(lock);
}

/* Everything but a free lock taken at DISPATCH_LEVEL already. */
KIRQL ndl_spin_lock_dpc_slow(KSPIN_LOCK *lock)
{
	KIRQL old = ndl_os_irql_raise(NDL_DISPATCH_LEVEL);

	if (old > NDL_DISPATCH_LEVEL) {
		ndl_err("KeAcquireSpinLock at IRQL %u (must be <= DISPATCH_LEVEL)",
			old);
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL,
				(u64)(uintptr_t)lock, old, 0, 0);
	}
	ndl_spin_acquire(lock);
	return old;
}

void ndl_spin_unlock_dpc(KSPIN_LOCK *lock, KIRQL old)
{
	ndl_spin_unlock_dpc_inline(lock, old);
}

KIRQL NTAPI ndlw_KeAcquireSpinLockRaiseToDpc(KSPIN_LOCK *lock)
{
	return ndl_spin_lock_dpc_inline(lock);
}

void NTAPI ndlw_KeAcquireSpinLock(KSPIN_LOCK *lock, KIRQL *old)
{
	*old = ndlw_KeAcquireSpinLockRaiseToDpc(lock);
}

KIRQL FASTCALL ndlw_KfAcquireSpinLock(KSPIN_LOCK *lock)
{
	return ndlw_KeAcquireSpinLockRaiseToDpc(lock);
}

void NTAPI ndlw_KeReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old)
{
	ndl_spin_unlock_dpc_inline(lock, old);
}

void FASTCALL ndlw_KfReleaseSpinLock(KSPIN_LOCK *lock, KIRQL old)
{
	ndlw_KeReleaseSpinLock(lock, old);
}

void NTAPI ndlw_KeAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock)
{
	ndl_spin_acquire_inline(lock);
}

void FASTCALL ndlw_KefAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock)
{
	ndl_spin_acquire_inline(lock);
}

void NTAPI ndlw_KeReleaseSpinLockFromDpcLevel(KSPIN_LOCK *lock)
{
	ndl_spin_release_inline(lock);
}

void FASTCALL ndlw_KefReleaseSpinLockFromDpcLevel(KSPIN_LOCK *lock)
{
	ndl_spin_release_inline(lock);
}

BOOLEAN FASTCALL ndlw_KeTryToAcquireSpinLockAtDpcLevel(KSPIN_LOCK *lock)
{
	return ndl_spin_try(lock);
}

/*
 * In-stack queued spinlocks: the handle records the lock and the old
 * IRQL; fairness (the queue) is not modelled, exclusion is.
 */
void FASTCALL ndlw_KeAcquireInStackQueuedSpinLock(KSPIN_LOCK *lock,
						  KLOCK_QUEUE_HANDLE *h)
{
	h->LockQueue.Next = NULL;
	h->LockQueue.Lock = lock;
	h->OldIrql = ndlw_KeAcquireSpinLockRaiseToDpc(lock);
}

void FASTCALL ndlw_KeReleaseInStackQueuedSpinLock(KLOCK_QUEUE_HANDLE *h)
{
	ndlw_KeReleaseSpinLock(h->LockQueue.Lock, h->OldIrql);
}

void FASTCALL ndlw_KeAcquireInStackQueuedSpinLockAtDpcLevel(
	KSPIN_LOCK *lock, KLOCK_QUEUE_HANDLE *h)
{
	h->LockQueue.Next = NULL;
	h->LockQueue.Lock = lock;
	ndl_spin_acquire_inline(lock);
}

void FASTCALL ndlw_KeReleaseInStackQueuedSpinLockFromDpcLevel(
	KLOCK_QUEUE_HANDLE *h)
{
	ndl_spin_release_inline(h->LockQueue.Lock);
}

BOOLEAN NTAPI ndlw_KeTestSpinLock(KSPIN_LOCK *lock)
{
	return ndl_atomic_load(lock) == 0;
}

void NTAPI ndlw_KeEnterCriticalRegion(void)
{
}

void NTAPI ndlw_KeLeaveCriticalRegion(void)
{
}
