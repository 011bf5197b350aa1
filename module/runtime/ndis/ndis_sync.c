// SPDX-License-Identifier: GPL-2.0-only
/*
 * Synchronisation exports of ndis.sys on ntoskrnl's objects: events
 * (NdisInitializeEvent, NdisSetEvent, NdisResetEvent, NdisWaitEvent), work
 * items (NdisScheduleWorkItem), spin locks (NdisAllocateSpinLock and the
 * acquire/release forms older drivers import), read/write locks, delays
 * (NdisMSleep, NdisStallExecution) and interlocked helpers.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_spin_fast.h"

/* ---- events ------------------------------------------------------------------- */

void NTAPI ndlw_NdisInitializeEvent(NDIS_EVENT *ev)
{
	ndlw_KeInitializeEvent(&ev->Event, NotificationEvent, FALSE);
}

void NTAPI ndlw_NdisSetEvent(NDIS_EVENT *ev)
{
	ndlw_KeSetEvent(&ev->Event, 0, FALSE);
}

/*
 * Returns nothing, so KeClearEvent's store will do: the WDK points callers
 * that do not need KeResetEvent's previous state to it as the faster form.
 * Miniports reset an event per receive batch (packets out, packets back).
 */
void NTAPI ndlw_NdisResetEvent(NDIS_EVENT *ev)
{
	ndlw_KeClearEvent(&ev->Event);
}

/* ms == 0 waits forever; TRUE if the event is signalled. PASSIVE only. */
BOOLEAN NTAPI ndlw_NdisWaitEvent(NDIS_EVENT *ev, UINT ms)
{
	LARGE_INTEGER to = ndl_due_ms(ms);
	NTSTATUS st;

	st = ndlw_KeWaitForSingleObject(&ev->Event, Executive, 0, FALSE,
					ms ? &to : NULL);
	return st == STATUS_SUCCESS;
}

/* ---- work items --------------------------------------------------------------- */

/*
 * NDIS_WORK_ITEM.WrapperReserved holds the WORK_QUEUE_ITEM the runtime
 * queues; the routine may free the work item, so nothing touches it after.
 */
NDL_STATIC_ASSERT(sizeof(WORK_QUEUE_ITEM) <= sizeof(((NDIS_WORK_ITEM *)0)->
						    WrapperReserved),
		  "WORK_QUEUE_ITEM fits in NDIS_WORK_ITEM.WrapperReserved");

static void NTAPI ndis_work(void *param)
{
	NDIS_WORK_ITEM *w = param;
	NDIS_PROC fn = w->Routine;
	void *ctx = w->Context;

	NDL_CALL_DRIVER_VOID(fn, w, ctx);
}

NDIS_STATUS NTAPI ndlw_NdisScheduleWorkItem(NDIS_WORK_ITEM *w)
{
	if (!w || !w->Routine)
		return NDIS_STATUS_FAILURE;
	ndl_work_queue_call((WORK_QUEUE_ITEM *)(void *)w->WrapperReserved,
			    ndis_work, w);
	return NDIS_STATUS_SUCCESS;
}

/* ---- spin locks ----------------------------------------------------------------- */

void NTAPI ndlw_NdisAllocateSpinLock(NDIS_SPIN_LOCK *l)
{
	l->SpinLock = 0;
	l->OldIrql = 0;
}

void NTAPI ndlw_NdisFreeSpinLock(NDIS_SPIN_LOCK *l)
{
}

void NTAPI ndlw_NdisAcquireSpinLock(NDIS_SPIN_LOCK *l)
{
	l->OldIrql = ndl_spin_lock_dpc_inline(&l->SpinLock);
}

void NTAPI ndlw_NdisReleaseSpinLock(NDIS_SPIN_LOCK *l)
{
	ndl_spin_unlock_dpc_inline(&l->SpinLock, l->OldIrql);
}

void NTAPI ndlw_NdisDprAcquireSpinLock(NDIS_SPIN_LOCK *l)
{
	ndl_spin_acquire_inline(&l->SpinLock);
}

void NTAPI ndlw_NdisDprReleaseSpinLock(NDIS_SPIN_LOCK *l)
{
	ndl_spin_release_inline(&l->SpinLock);
}

/*
 * Read/write locks. Windows keeps per-processor reader counts; here one
 * spin lock guards a reader count and a writer flag kept in RefCount[0]
 * (readers) and RefCount[1] (writer held), and readers and writers spin.
 * LOCK_STATE records what the caller took and the IRQL to restore.
 */
#define RW_READERS(l) ((l)->RefCountEx[0])
#define RW_WRITER(l) ((l)->RefCountEx[1])

void NTAPI ndlw_NdisInitializeReadWriteLock(NDIS_RW_LOCK *l)
{
	ndl_memset(l, 0, sizeof(*l));
}

void NTAPI ndlw_NdisAcquireReadWriteLock(NDIS_RW_LOCK *l, BOOLEAN write,
					 LOCK_STATE *ls)
{
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	for (;;) {
		ndl_spin_acquire(&l->SpinLock);
		if (!RW_WRITER(l) && (!write || !RW_READERS(l))) {
			if (write)
				RW_WRITER(l) = 1;
			else
				RW_READERS(l)++;
			ndl_spin_release(&l->SpinLock);
			break;
		}
		ndl_spin_release(&l->SpinLock);
		ndl_os_cpu_relax();
	}
	ls->LockState = write ? 2 : 1;
	ls->OldIrql = old;
}

void NTAPI ndlw_NdisReleaseReadWriteLock(NDIS_RW_LOCK *l, LOCK_STATE *ls)
{
	ndl_spin_acquire(&l->SpinLock);
	if (ls->LockState == 2)
		RW_WRITER(l) = 0;
	else if (RW_READERS(l))
		RW_READERS(l)--;
	ndl_spin_release(&l->SpinLock);
	ls->LockState = 0;
	ndl_irql_lower(ls->OldIrql);
}

/* ---- delays -------------------------------------------------------------------- */

/* PASSIVE: sleep at least us microseconds. */
void NTAPI ndlw_NdisMSleep(ULONG us)
{
	LARGE_INTEGER iv;

	iv.QuadPart = -(LONGLONG)(us ? (us + 9) / 10 : 1);
	ndlw_KeDelayExecutionThread(0, FALSE, &iv);
}

/* ---- interlocked ------------------------------------------------------------------ */

LONG NTAPI ndlw_NdisInterlockedIncrement(LONG *v)
{
	return __atomic_add_fetch(v, 1, __ATOMIC_SEQ_CST);
}

LONG NTAPI ndlw_NdisInterlockedDecrement(LONG *v)
{
	return __atomic_sub_fetch(v, 1, __ATOMIC_SEQ_CST);
}

void NTAPI ndlw_NdisInterlockedAddUlong(ULONG *v, ULONG inc,
					NDIS_SPIN_LOCK *l)
{
	__atomic_fetch_add(v, inc, __ATOMIC_SEQ_CST);
}

/* NDIS queues: an NDIS_SPIN_LOCK, taken as NdisAcquireSpinLock takes it. */
static LIST_ENTRY *ndis_list_op(LIST_ENTRY *head, LIST_ENTRY *e,
				NDIS_SPIN_LOCK *l, enum ndl_list_op op)
{
	KIRQL old = ndl_spin_lock_dpc(&l->SpinLock);

	e = ndl_list_op(head, e, op);
	ndl_spin_unlock_dpc(&l->SpinLock, old);
	return e;
}

NTAPI LIST_ENTRY *ndlw_NdisInterlockedInsertHeadList(LIST_ENTRY *head,
						     LIST_ENTRY *e,
						     NDIS_SPIN_LOCK *l)
{
	return ndis_list_op(head, e, l, NDL_LIST_INSERT_HEAD);
}

NTAPI LIST_ENTRY *ndlw_NdisInterlockedInsertTailList(LIST_ENTRY *head,
						     LIST_ENTRY *e,
						     NDIS_SPIN_LOCK *l)
{
	return ndis_list_op(head, e, l, NDL_LIST_INSERT_TAIL);
}

NTAPI LIST_ENTRY *ndlw_NdisInterlockedRemoveHeadList(LIST_ENTRY *head,
						     NDIS_SPIN_LOCK *l)
{
	return ndis_list_op(head, NULL, l, NDL_LIST_REMOVE_HEAD);
}
