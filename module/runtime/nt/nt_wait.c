// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dispatcher objects and KeWaitForSingleObject/MultipleObjects. Waiters
 * link a wait block into each object's WaitListHead; signalling wakes
 * them all and each re-checks (and consumes) under the dispatcher lock,
 * so exactly the documented number of waiters is released.
 */
#include "nt/nt_wait.h"
#include "nt/nt_list.h"
#include "nt/nt_sync.h"
#include "nt/nt_status.h"
#include "nt/nt_time.h"
#include "nt/nt_exports.h"

#define MAXIMUM_WAIT_OBJECTS 64

static KSPIN_LOCK dispatcher_lock;

struct wait_block {
	LIST_ENTRY link;		/* in the object's WaitListHead */
	struct ndl_os_waiter *waiter;
};

void ndl_dispatcher_init(DISPATCHER_HEADER *h, u8 type, u8 size_bytes,
			 LONG state)
{
	h->Type = type;
	h->Absolute = 0;
	h->Size = size_bytes / 4;
	h->Inserted = 0;
	h->SignalState = state;
	ndl_list_init(&h->WaitListHead);
}

KIRQL ndl_dispatcher_lock(void)
{
	return ndl_lock_any(&dispatcher_lock);
}

void ndl_dispatcher_unlock(KIRQL old)
{
	ndl_unlock_any(&dispatcher_lock, old);
}

void ndl_dispatcher_wake(DISPATCHER_HEADER *h)
{
	LIST_ENTRY *e;

	if (!h->WaitListHead.Flink)	/* never initialised: no waiters */
		return;
	for (e = h->WaitListHead.Flink; e && e != &h->WaitListHead; e = e->Flink)
		ndl_os_waiter_wake(NDL_CONTAINER_OF(e, struct wait_block,
						    link)->waiter);
}

static bool is_signaled(DISPATCHER_HEADER *h)
{
	if (h->Type == NDL_OBJ_MUTANT)
		return h->SignalState > 0 ||
		       ((KMUTANT *)h)->OwnerThread == ndl_os_current_thread();
	return h->SignalState > 0;
}

/* The waiter acquires h: apply the object's side effect. */
static void consume(DISPATCHER_HEADER *h)
{
	switch (h->Type) {
	case NDL_OBJ_SYNCHRONIZATION_EVENT:
	case NDL_OBJ_SYNCHRONIZATION_TIMER:
		h->SignalState = 0;
		break;
	case NDL_OBJ_SEMAPHORE:
		h->SignalState--;
		break;
	case NDL_OBJ_MUTANT:
		h->SignalState--;
		((KMUTANT *)h)->OwnerThread = ndl_os_current_thread();
		break;
	default:	/* notification objects stay signalled */
		break;
	}
}

/* Under the lock: is the wait satisfied? Consume and return its status. */
static bool try_satisfy(DISPATCHER_HEADER **objs, ULONG n, WAIT_TYPE type,
			NTSTATUS *status)
{
	if (type == WaitAny) {
		for (ULONG i = 0; i < n; i++) {
			if (is_signaled(objs[i])) {
				consume(objs[i]);
				*status = STATUS_WAIT_0 + (NTSTATUS)i;
				return true;
			}
		}
		return false;
	}
	for (ULONG i = 0; i < n; i++)
		if (!is_signaled(objs[i]))
			return false;
	for (ULONG i = 0; i < n; i++)
		consume(objs[i]);
	*status = STATUS_WAIT_0;
	return true;
}

static void link_blocks(DISPATCHER_HEADER **objs, ULONG n,
			struct wait_block *wb, struct ndl_os_waiter *w)
{
	for (ULONG i = 0; i < n; i++) {
		LIST_ENTRY *head = &objs[i]->WaitListHead;

		if (!head->Flink)	/* zero-filled object: make it a list */
			ndl_list_init(head);
		wb[i].waiter = w;
		ndl_list_add_tail(head, &wb[i].link);
	}
}

static void unlink_blocks(ULONG n, struct wait_block *wb)
{
	for (ULONG i = 0; i < n; i++)
		ndl_list_unlink(&wb[i].link);
}

static NTSTATUS wait_objects(ULONG n, DISPATCHER_HEADER **objs,
			     WAIT_TYPE type, LARGE_INTEGER *timeout)
{
	struct wait_block local[4], *wb = local;
	struct ndl_os_waiter *w = NULL;
	u64 deadline = NDL_OS_WAIT_FOREVER;
	NTSTATUS status = STATUS_TIMEOUT;
	KIRQL irql = ndl_os_irql_current(), old;
	bool done;

	if (timeout)
		deadline = ndl_nt_due_to_monotonic(timeout->QuadPart);
	old = ndl_dispatcher_lock();
	done = try_satisfy(objs, n, type, &status);
	ndl_dispatcher_unlock(old);
	if (done || (timeout && timeout->QuadPart == 0))
		return done ? status : STATUS_TIMEOUT;
	if (irql > NDL_APC_LEVEL) {
		ndl_err("KeWaitFor*Object(s) with a non-zero timeout at IRQL %u",
			irql);
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL, 0, irql,
				0, 0);
	}
	if (n > NDL_ARRAY_SIZE(local)) {
		wb = ndl_alloc(sizeof(*wb) * n, 0);
		if (!wb)
			return STATUS_INSUFFICIENT_RESOURCES;
	}
	w = ndl_os_waiter_create();
	if (!w) {
		status = STATUS_INSUFFICIENT_RESOURCES;
		goto out;
	}
	for (;;) {
		enum ndl_os_wait_result r;

		old = ndl_dispatcher_lock();
		if (try_satisfy(objs, n, type, &status)) {
			ndl_dispatcher_unlock(old);
			break;
		}
		link_blocks(objs, n, wb, w);
		ndl_dispatcher_unlock(old);

		ndl_os_driver_leave();
		r = ndl_os_waiter_wait(w, deadline);
		ndl_os_driver_enter();

		old = ndl_dispatcher_lock();
		unlink_blocks(n, wb);
		if (r != NDL_OS_WAIT_WOKEN &&
		    !try_satisfy(objs, n, type, &status))
			status = STATUS_TIMEOUT;
		ndl_dispatcher_unlock(old);
		if (r == NDL_OS_WAIT_DEADLOCK && status == STATUS_TIMEOUT) {
			ndl_err("wait on %u object(s) can never be satisfied: nothing queued or armed could signal them",
				n);
			ndl_os_waiter_destroy(w);	/* bug check never returns */
			if (wb != local)
				ndl_free(wb);
			ndl_os_bugcheck(NDL_BUGCHECK_DEADLOCK,
					(u64)(uintptr_t)objs[0], n, 0, 0);
		}
		if (r != NDL_OS_WAIT_WOKEN)
			break;
	}
	ndl_os_waiter_destroy(w);
out:
	if (wb != local)
		ndl_free(wb);
	return status;
}

NTSTATUS ndl_wait_sleep(u64 deadline_ns)
{
	struct ndl_os_waiter *w = ndl_os_waiter_create();

	if (!w)
		return STATUS_INSUFFICIENT_RESOURCES;
	ndl_os_driver_leave();
	while (ndl_os_waiter_wait(w, deadline_ns) == NDL_OS_WAIT_WOKEN)
		;
	ndl_os_driver_enter();
	ndl_os_waiter_destroy(w);
	return STATUS_SUCCESS;
}

/* ---- exports -------------------------------------------------------- */

NTSTATUS NTAPI ndlw_KeWaitForSingleObject(void *obj, KWAIT_REASON reason,
					  KPROCESSOR_MODE mode,
					  BOOLEAN alertable,
					  LARGE_INTEGER *timeout)
{
	DISPATCHER_HEADER *h = obj;

	return wait_objects(1, &h, WaitAny, timeout);
}

NTSTATUS NTAPI ndlw_KeWaitForMultipleObjects(ULONG count, void *objs[],
					     WAIT_TYPE type,
					     KWAIT_REASON reason,
					     KPROCESSOR_MODE mode,
					     BOOLEAN alertable,
					     LARGE_INTEGER *timeout,
					     void *wait_block_array)
{
	if (count == 0 || count > MAXIMUM_WAIT_OBJECTS ||
	    (type != WaitAll && type != WaitAny)) {
		ndl_err("KeWaitForMultipleObjects: count %u, type %d invalid",
			count, type);
		return STATUS_INVALID_PARAMETER;
	}
	return wait_objects(count, (DISPATCHER_HEADER **)objs, type, timeout);
}

void NTAPI ndlw_KeInitializeEvent(KEVENT *ev, EVENT_TYPE type, BOOLEAN state)
{
	ndl_dispatcher_init(&ev->Header, type == SynchronizationEvent ?
			    NDL_OBJ_SYNCHRONIZATION_EVENT :
			    NDL_OBJ_NOTIFICATION_EVENT, sizeof(*ev), !!state);
}

LONG NTAPI ndlw_KeSetEvent(KEVENT *ev, LONG increment, BOOLEAN wait)
{
	KIRQL old = ndl_dispatcher_lock();
	LONG prev = ev->Header.SignalState;

	ev->Header.SignalState = 1;
	if (!prev)
		ndl_dispatcher_wake(&ev->Header);
	ndl_dispatcher_unlock(old);
	return prev;
}

LONG NTAPI ndlw_KeResetEvent(KEVENT *ev)
{
	KIRQL old = ndl_dispatcher_lock();
	LONG prev = ev->Header.SignalState;

	ev->Header.SignalState = 0;
	ndl_dispatcher_unlock(old);
	return prev;
}

/* No lock: a waiter sees the event signalled or not, either is correct. */
void NTAPI ndlw_KeClearEvent(KEVENT *ev)
{
	ndl_atomic_store(&ev->Header.SignalState, 0);
}

LONG NTAPI ndlw_KeReadStateEvent(KEVENT *ev)
{
	return ev->Header.SignalState;
}

/* Release every current waiter of a notification event, leave it reset. */
LONG NTAPI ndlw_KePulseEvent(KEVENT *ev, LONG increment, BOOLEAN wait)
{
	LONG prev = ndlw_KeSetEvent(ev, increment, FALSE);

	ndlw_KeResetEvent(ev);
	return prev;
}

void NTAPI ndlw_KeInitializeMutex(KMUTEX *m, ULONG level)
{
	ndl_dispatcher_init(&m->Header, NDL_OBJ_MUTANT, sizeof(*m), 1);
	m->MutantListEntry.Flink = m->MutantListEntry.Blink = NULL;
	m->OwnerThread = NULL;
	m->Abandoned = FALSE;
	m->ApcDisable = 1;
}

LONG NTAPI ndlw_KeReleaseMutex(KMUTEX *m, BOOLEAN wait)
{
	KIRQL old = ndl_dispatcher_lock();
	LONG prev = m->Header.SignalState;

	if (m->OwnerThread != ndl_os_current_thread() || prev > 0) {
		ndl_dispatcher_unlock(old);
		ndl_err("KeReleaseMutex(%p) by a thread that does not own it",
			(void *)m);
		return prev;
	}
	if (++m->Header.SignalState > 0) {
		m->OwnerThread = NULL;
		ndl_dispatcher_wake(&m->Header);
	}
	ndl_dispatcher_unlock(old);
	return prev;
}

LONG NTAPI ndlw_KeReadStateMutex(KMUTEX *m)
{
	return m->Header.SignalState;
}

void NTAPI ndlw_KeInitializeSemaphore(KSEMAPHORE *s, LONG count, LONG limit)
{
	ndl_dispatcher_init(&s->Header, NDL_OBJ_SEMAPHORE, sizeof(*s), count);
	s->Limit = limit;
}

LONG NTAPI ndlw_KeReleaseSemaphore(KSEMAPHORE *s, LONG increment,
				   LONG adjustment, BOOLEAN wait)
{
	KIRQL old = ndl_dispatcher_lock();
	LONG prev = s->Header.SignalState;

	if (adjustment <= 0 || prev > s->Limit - adjustment) {
		ndl_dispatcher_unlock(old);
		ndl_err("KeReleaseSemaphore(%p, +%d): limit %d exceeded",
			(void *)s, adjustment, s->Limit);
		return prev;	/* Windows raises STATUS_SEMAPHORE_LIMIT_EXCEEDED */
	}
	s->Header.SignalState += adjustment;
	if (!prev)
		ndl_dispatcher_wake(&s->Header);
	ndl_dispatcher_unlock(old);
	return prev;
}

LONG NTAPI ndlw_KeReadStateSemaphore(KSEMAPHORE *s)
{
	return s->Header.SignalState;
}
