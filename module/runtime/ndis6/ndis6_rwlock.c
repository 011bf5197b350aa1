// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6.20 read/write locks: NdisAllocateRWLock, NdisFreeRWLock,
 * NdisAcquireRWLockRead, NdisAcquireRWLockWrite, NdisReleaseRWLock. The
 * opaque NDIS_RW_LOCK_EX wraps the NDIS 5 read/write lock (ndis_sync.c:
 * readers share it, and nest, a writer has it alone, holders run at
 * DISPATCH_LEVEL); the driver's LOCK_STATE_EX keeps the IRQL to restore.
 * A thread that holds the write lock and asks for it again, in either
 * mode, would spin forever: that is reported and bug-checked instead.
 */
#include "ndis6/ndis6_priv.h"

struct ndl_rwlock_ex {
	u64 magic;
	NDIS_RW_LOCK rw;
	void *writer;		/* the write holder's thread, or NULL */
};
#define NDL_RWLOCK_EX_MAGIC 0x4e444c52574c4558ull	/* "NDLRWLEX" */

/* LOCK_STATE_EX.LockState while held */
#define HELD_READ	1
#define HELD_WRITE	2

static struct ndl_rwlock_ex *rwlock(void *h, const char *fn)
{
	struct ndl_rwlock_ex *l = h;

	if (!l || l->magic != NDL_RWLOCK_EX_MAGIC) {
		ndl_err("%s: bad NDIS_RW_LOCK_EX %p", fn, h);
		return NULL;
	}
	return l;
}

NTAPI void *ndlw_NdisAllocateRWLock(NDIS_HANDLE h)
{
	struct ndl_rwlock_ex *l;

	if (!ndl_ndis6_handle_ok(h, "NdisAllocateRWLock"))
		return NULL;
	l = ndl_alloc(sizeof(*l), NDL_OS_ZERO | ndl_alloc_flags_for_irql());
	if (!l)
		return NULL;
	l->magic = NDL_RWLOCK_EX_MAGIC;
	ndlw_NdisInitializeReadWriteLock(&l->rw);
	return l;
}

/* A lock still held is left allocated (its holder would touch freed memory). */
void NTAPI ndlw_NdisFreeRWLock(void *lock)
{
	struct ndl_rwlock_ex *l = rwlock(lock, "NdisFreeRWLock");

	if (!l)
		return;
	if (ndl_atomic_load(&l->writer) || l->rw.RefCountEx[0]) {
		ndl_err("NdisFreeRWLock(%p): the lock is held; not freed", lock);
		return;
	}
	l->magic = 0;
	ndl_free(l);
}

static void acquire(void *lock, LOCK_STATE_EX *ls, bool write, const char *fn)
{
	struct ndl_rwlock_ex *l = rwlock(lock, fn);
	void *me = ndl_os_current_thread();
	LOCK_STATE st;

	if (!l || !ls)
		return;
	if (me && ndl_atomic_load(&l->writer) == me) {
		ndl_err("%s(%p): this thread holds the write lock; it would wait for itself forever",
			fn, lock);
		ndl_os_bugcheck(NDL_BUGCHECK_DEADLOCK, (u64)(uintptr_t)lock,
				write, 0, 0);
	}
	ndlw_NdisAcquireReadWriteLock(&l->rw, write, &st);
	if (write)
		ndl_atomic_store(&l->writer, me);
	ls->OldIrql = st.OldIrql;
	ls->LockState = write ? HELD_WRITE : HELD_READ;
}

void NTAPI ndlw_NdisAcquireRWLockRead(void *lock, LOCK_STATE_EX *ls, UCHAR flags)
{
	acquire(lock, ls, false, "NdisAcquireRWLockRead");
	if (ls)
		ls->Flags = flags;
}

void NTAPI ndlw_NdisAcquireRWLockWrite(void *lock, LOCK_STATE_EX *ls,
				       UCHAR flags)
{
	acquire(lock, ls, true, "NdisAcquireRWLockWrite");
	if (ls)
		ls->Flags = flags;
}

/* Releases what this LOCK_STATE_EX acquired and restores its IRQL. */
void NTAPI ndlw_NdisReleaseRWLock(void *lock, LOCK_STATE_EX *ls)
{
	struct ndl_rwlock_ex *l = rwlock(lock, "NdisReleaseRWLock");
	LOCK_STATE st;

	if (!l || !ls)
		return;
	if (ls->LockState != HELD_READ && ls->LockState != HELD_WRITE) {
		ndl_err("NdisReleaseRWLock(%p): this LOCK_STATE_EX holds nothing",
			lock);
		return;
	}
	if (ls->LockState == HELD_WRITE)
		ndl_atomic_store(&l->writer, NULL);
	st.LockState = ls->LockState;
	st.OldIrql = ls->OldIrql;
	ls->LockState = 0;
	ndlw_NdisReleaseReadWriteLock(&l->rw, &st);
}
