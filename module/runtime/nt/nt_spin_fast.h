/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The common cases of the spin lock exports, inline (core/os_fast.h says
 * why): a free lock taken at the level the caller is already at, and a
 * release that leaves the level where it is. Anything else (contention,
 * a real IRQL change, a bug to report) goes out of line to nt_sync.c.
 * For nt_sync.c and ndis_sync.c, whose exports are the only callers.
 */
#ifndef NDL_NT_SPIN_FAST_H
#define NDL_NT_SPIN_FAST_H

#include "core/os_fast.h"
#include "nt/nt_sync.h"

static __always_inline ULONG_PTR ndl_spin_owner_tag(void)
{
	return (ULONG_PTR)ndl_os_fast_thread() | 1;
}

static __always_inline bool ndl_spin_try_as(KSPIN_LOCK *lock, ULONG_PTR me)
{
	ULONG_PTR free_val = 0;

	return ndl_atomic_cmpxchg(lock, &free_val, me);
}

/* KeAcquireSpinLockRaiseToDpc */
static __always_inline KIRQL ndl_spin_lock_dpc_inline(KSPIN_LOCK *lock)
{
	u8 *irql = ndl_os_fast_irql();

	if (__builtin_expect(irql && *irql == NDL_DISPATCH_LEVEL &&
			     ndl_spin_try_as(lock, ndl_spin_owner_tag()), 1))
		return NDL_DISPATCH_LEVEL;
	return ndl_spin_lock_dpc_slow(lock);
}

/* KeReleaseSpinLockFromDpcLevel */
static __always_inline void ndl_spin_release_inline(KSPIN_LOCK *lock)
{
	ndl_atomic_store(lock, (ULONG_PTR)0);
}

/* KeReleaseSpinLock */
static __always_inline void ndl_spin_unlock_dpc_inline(KSPIN_LOCK *lock,
						       KIRQL old)
{
	u8 *irql = ndl_os_fast_irql();

	ndl_spin_release_inline(lock);
	if (__builtin_expect(!irql || *irql != old, 0))
		ndl_irql_lower(old);
}

/* KeAcquireSpinLockAtDpcLevel */
static __always_inline void ndl_spin_acquire_inline(KSPIN_LOCK *lock)
{
	ULONG_PTR me = ndl_spin_owner_tag();

	if (__builtin_expect(!ndl_spin_try_as(lock, me), 0))
		ndl_spin_contended(lock, me);
}

#endif
