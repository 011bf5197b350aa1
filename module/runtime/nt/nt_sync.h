/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Runtime-internal synchronisation: IRQL changes and spinlocks on
 * Windows' KSPIN_LOCK word. Used by the exports and by every runtime
 * queue (DPCs, timers, work items, dispatcher objects).
 */
#ifndef NDL_NT_SYNC_H
#define NDL_NT_SYNC_H

#include "core/rt.h"

KIRQL ndl_irql_raise(KIRQL to);		/* bug check if to < current */
void ndl_irql_lower(KIRQL to);		/* bug check if to > current */

/* The lock word alone; caller manages IRQL. */
void ndl_spin_acquire(KSPIN_LOCK *lock);
void ndl_spin_release(KSPIN_LOCK *lock);
bool ndl_spin_try(KSPIN_LOCK *lock);

/* KeAcquireSpinLockRaiseToDpc / KeReleaseSpinLock for the runtime. */
KIRQL ndl_spin_lock_dpc(KSPIN_LOCK *lock);
void ndl_spin_unlock_dpc(KSPIN_LOCK *lock, KIRQL old);
/* The out-of-line parts of nt_spin_fast.h's inline common cases. */
KIRQL ndl_spin_lock_dpc_slow(KSPIN_LOCK *lock);
void ndl_spin_contended(KSPIN_LOCK *lock, ULONG_PTR me);

/*
 * Lock usable at any IRQL, including from ISRs: raises to HIGH_LEVEL
 * (local interrupts off) while held. For the runtime's own short
 * critical sections.
 */
KIRQL ndl_lock_any(KSPIN_LOCK *lock);
void ndl_unlock_any(KSPIN_LOCK *lock, KIRQL old);

/* Bug check codes the runtime raises itself. */
#define NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL	0x0a
#define NDL_BUGCHECK_SPIN_LOCK_ALREADY_OWNED	0x0f
#define NDL_BUGCHECK_IRQL_NOT_GREATER_OR_EQUAL	0x09
#define NDL_BUGCHECK_ATTEMPTED_SWITCH_FROM_DPC	0xb8
#define NDL_BUGCHECK_DRIVER_IRQL_NOT_LESS_OR_EQUAL 0xd1
#define NDL_BUGCHECK_DEADLOCK			0x4e444c01 /* ndisload */

#endif
