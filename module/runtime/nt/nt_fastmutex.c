// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fast mutexes: ExAcquireFastMutex(Unsafe), ExReleaseFastMutex(Unsafe),
 * ExTryToAcquireFastMutex. ExInitializeFastMutex is inline in the DDK
 * headers (Count = 1, synchronization event), so the layout is fixed:
 * Count counts down from 1; contenders wait on the event, and a release
 * that sees contention sets it for exactly one of them.
 */
#include "nt/nt_api.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

struct _FAST_MUTEX {
	LONG Count;
	void *Owner;
	ULONG Contention;
	KEVENT Event;
	ULONG OldIrql;
};
#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(FAST_MUTEX) == 0x38, "x64 FAST_MUTEX");
NDL_STATIC_ASSERT(offsetof(FAST_MUTEX, Event) == 0x18, "x64 FAST_MUTEX.Event");
#endif

static void acquire(FAST_MUTEX *m)
{
	if (__atomic_sub_fetch(&m->Count, 1, __ATOMIC_ACQUIRE) != 0) {
		m->Contention++;
		ndlw_KeWaitForSingleObject(&m->Event, 0, 0, FALSE, NULL);
	}
	m->Owner = ndl_os_current_thread();
}

static void release(FAST_MUTEX *m)
{
	m->Owner = NULL;
	if (__atomic_add_fetch(&m->Count, 1, __ATOMIC_RELEASE) != 1)
		ndlw_KeSetEvent(&m->Event, 0, FALSE);
}

FASTCALL void ndlw_ExAcquireFastMutex(FAST_MUTEX *m)
{
	KIRQL old = ndl_irql_raise(NDL_APC_LEVEL);

	acquire(m);
	m->OldIrql = old;
}

FASTCALL void ndlw_ExReleaseFastMutex(FAST_MUTEX *m)
{
	KIRQL old = (KIRQL)m->OldIrql;

	release(m);
	ndl_irql_lower(old);
}

FASTCALL BOOLEAN ndlw_ExTryToAcquireFastMutex(FAST_MUTEX *m)
{
	KIRQL old = ndl_irql_raise(NDL_APC_LEVEL);
	LONG one = 1;

	if (!__atomic_compare_exchange_n(&m->Count, &one, 0, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		ndl_irql_lower(old);
		return FALSE;
	}
	m->Owner = ndl_os_current_thread();
	m->OldIrql = old;
	return TRUE;
}

/* The Unsafe forms leave IRQL to the caller (already at APC_LEVEL). */
FASTCALL void ndlw_ExAcquireFastMutexUnsafe(FAST_MUTEX *m)
{
	acquire(m);
}

FASTCALL void ndlw_ExReleaseFastMutexUnsafe(FAST_MUTEX *m)
{
	release(m);
}
