// SPDX-License-Identifier: GPL-2.0-only
/*
 * Remove locks (IoInitializeRemoveLockEx, IoAcquireRemoveLockEx,
 * IoReleaseRemoveLockEx, IoReleaseRemoveLockAndWaitEx) on the caller's
 * IO_REMOVE_LOCK. Checked-build drivers pass a larger lock with a debug
 * block after the common one; only the common block is used, so both
 * sizes work. As documented: acquiring after the remove wait started
 * fails with STATUS_DELETE_PENDING; the wait returns once every acquire
 * before it was released (the lock's own initial count included).
 */
#include "nt/nt_io.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

static bool lock_ok(IO_REMOVE_LOCK *l, ULONG size, const char *fn)
{
	if (l && size >= sizeof(*l))
		return true;
	ndl_warn("%s: remove lock %p of size %u (needs >= %u)", fn, l, size,
		 (u32)sizeof(*l));
	return false;
}

void NTAPI ndlw_IoInitializeRemoveLockEx(IO_REMOVE_LOCK *l, ULONG tag,
					 ULONG max_minutes, ULONG high_water,
					 ULONG size)
{
	if (!lock_ok(l, size, "IoInitializeRemoveLockEx"))
		return;
	ndl_memset(l, 0, size);
	l->Removed = FALSE;
	l->IoCount = 1;
	ndlw_KeInitializeEvent(&l->RemoveEvent, NotificationEvent, FALSE);
}

NTSTATUS NTAPI ndlw_IoAcquireRemoveLockEx(IO_REMOVE_LOCK *l, void *tag,
					  const char *file, ULONG line,
					  ULONG size)
{
	if (!lock_ok(l, size, "IoAcquireRemoveLockEx"))
		return STATUS_INVALID_PARAMETER;
	__atomic_add_fetch(&l->IoCount, 1, __ATOMIC_SEQ_CST);
	if (!__atomic_load_n(&l->Removed, __ATOMIC_SEQ_CST))
		return STATUS_SUCCESS;
	if (!__atomic_sub_fetch(&l->IoCount, 1, __ATOMIC_SEQ_CST))
		ndlw_KeSetEvent(&l->RemoveEvent, 0, FALSE);
	return STATUS_DELETE_PENDING;
}

void NTAPI ndlw_IoReleaseRemoveLockEx(IO_REMOVE_LOCK *l, void *tag,
				      ULONG size)
{
	LONG n;

	if (!lock_ok(l, size, "IoReleaseRemoveLockEx"))
		return;
	n = __atomic_sub_fetch(&l->IoCount, 1, __ATOMIC_SEQ_CST);
	if (n < 0)
		ndl_warn("IoReleaseRemoveLockEx: lock %p released more often than acquired",
			 l);
	if (!n)
		ndlw_KeSetEvent(&l->RemoveEvent, 0, FALSE);
}

/*
 * Called (PASSIVE_LEVEL) by the holder of one acquisition, normally in
 * IRP_MN_REMOVE_DEVICE: drop it and the initial count, then wait.
 */
void NTAPI ndlw_IoReleaseRemoveLockAndWaitEx(IO_REMOVE_LOCK *l, void *tag,
					     ULONG size)
{
	if (!lock_ok(l, size, "IoReleaseRemoveLockAndWaitEx"))
		return;
	__atomic_store_n(&l->Removed, TRUE, __ATOMIC_SEQ_CST);
	__atomic_sub_fetch(&l->IoCount, 1, __ATOMIC_SEQ_CST);
	if (__atomic_sub_fetch(&l->IoCount, 1, __ATOMIC_SEQ_CST) > 0)
		ndlw_KeWaitForSingleObject(&l->RemoveEvent, Executive, 0, FALSE,
					   NULL);
}
