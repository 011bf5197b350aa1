// SPDX-License-Identifier: GPL-2.0-only
/*
 * System threads: PsCreateSystemThread, PsTerminateSystemThread, and the
 * thread object drivers wait on (KeWaitForSingleObject on the object
 * ObReferenceObjectByHandle returns for the thread handle: it becomes
 * signalled when the thread ends, as Windows' thread objects do).
 *
 * Each thread runs on a host thread (ndl_os_thread_start) at PASSIVE
 * level. Its object holds a reference for the running thread and one per
 * handle or ObReference; PsGetCurrentThread on the thread returns it.
 */
#include "nt/nt_thread.h"
#include "nt/nt_list.h"
#include "nt/nt_ob.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_wait.h"
#include "nt/nt_exports.h"
#include "pe/pe.h"

typedef NTAPI_PTR void (*PKSTART_ROUTINE)(void *ctx);

struct sys_thread {
	DISPATCHER_HEADER header;	/* first: a waitable object */
	LIST_ENTRY link;		/* live threads */
	void *os_id;			/* ndl_os_current_thread() on it */
	PKSTART_ROUTINE start;
	void *ctx;
	NTSTATUS exit_status;
	u32 id;
};

struct _CLIENT_ID {
	HANDLE UniqueProcess;
	HANDLE UniqueThread;
};

static const struct ndl_ob_type thread_type = { .name = "thread" };

/*
 * The type data export: a POBJECT_TYPE * (drivers pass *PsThreadType, as
 * the WDK declares it), pointing at the type's address.
 */
static const void *const psthreadtype_type = &thread_type;
const void *const *ndlw_PsThreadType = &psthreadtype_type;

static KSPIN_LOCK threads_lock;
static LIST_ENTRY threads = { &threads, &threads };
static u32 next_id = 0x100;

static struct sys_thread *current_sys_thread(void)
{
	void *me = ndl_os_current_thread();
	struct sys_thread *found = NULL;
	KIRQL old = ndl_lock_any(&threads_lock);
	LIST_ENTRY *e;

	for (e = threads.Flink; e != &threads; e = e->Flink) {
		struct sys_thread *t = NDL_CONTAINER_OF(e, struct sys_thread,
							link);

		if (t->os_id == me) {
			found = t;
			break;
		}
	}
	ndl_unlock_any(&threads_lock, old);
	return found;
}

void *ndl_thread_current_object(void)
{
	return current_sys_thread();
}

/* The thread ended: signal its object, drop the running reference. */
static void finish(struct sys_thread *t, NTSTATUS status)
{
	KIRQL old = ndl_lock_any(&threads_lock);

	ndl_list_unlink(&t->link);
	ndl_unlock_any(&threads_lock, old);
	old = ndl_dispatcher_lock();
	t->exit_status = status;
	t->header.SignalState = 1;
	ndl_dispatcher_wake(&t->header);
	ndl_dispatcher_unlock(old);
	ndl_ob_deref(t);
}

static void check_passive(const char *what)
{
	u8 irql = ndl_os_irql_current();

	if (irql == NDL_PASSIVE_LEVEL)
		return;
	ndl_err("%s at IRQL %u: a system thread must end at PASSIVE_LEVEL",
		what, irql);
	ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL, 0, irql, 0, 0);
}

static void thread_main(void *arg)
{
	struct sys_thread *t = arg;

	t->os_id = ndl_os_current_thread();
	NDL_CALL_DRIVER_VOID(t->start, t->ctx);
	check_passive("system thread routine returned");
	finish(t, STATUS_SUCCESS);
}

NTSTATUS NTAPI ndlw_PsCreateSystemThread(HANDLE *handle, ULONG access,
					 OBJECT_ATTRIBUTES *attrs,
					 HANDLE process, CLIENT_ID *client,
					 PKSTART_ROUTINE start, void *ctx)
{
	struct sys_thread *t;
	NTSTATUS st;
	KIRQL old;

	if (!handle || !start)
		return STATUS_INVALID_PARAMETER;
	*handle = NULL;
	/* Only the system process exists: NULL or NtCurrentProcess(). */
	if (process && process != (HANDLE)-1) {
		ndl_warn("PsCreateSystemThread: process handle %p is not the system process",
			 process);
		return STATUS_INVALID_HANDLE;
	}
	t = ndl_ob_create(&thread_type, sizeof(*t));
	if (!t)
		return STATUS_INSUFFICIENT_RESOURCES;
	ndl_dispatcher_init(&t->header, NDL_OBJ_THREAD, sizeof(t->header), 0);
	t->start = start;
	t->ctx = ctx;
	t->exit_status = STATUS_PENDING;
	st = ndl_handle_create(t, handle);
	if (st) {
		ndl_ob_deref(t);
		return st;
	}
	old = ndl_lock_any(&threads_lock);
	t->id = next_id;
	next_id += 4;
	t->os_id = t;		/* matches nothing until it runs */
	ndl_list_add_tail(&threads, &t->link);
	ndl_unlock_any(&threads_lock, old);
	if (client) {
		client->UniqueProcess = (HANDLE)4;	/* System */
		client->UniqueThread = (HANDLE)(uintptr_t)t->id;
	}
	/* The running thread's reference (dropped in finish). */
	if (ndl_os_thread_start(thread_main, t)) {
		old = ndl_lock_any(&threads_lock);
		ndl_list_unlink(&t->link);
		ndl_unlock_any(&threads_lock, old);
		ndl_handle_close(*handle);
		*handle = NULL;
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_PsTerminateSystemThread(NTSTATUS status)
{
	struct sys_thread *t = current_sys_thread();

	if (!t) {
		ndl_warn("PsTerminateSystemThread: not called on a system thread");
		return STATUS_INVALID_PARAMETER;
	}
	check_passive("PsTerminateSystemThread");
	finish(t, status);
	ndl_os_thread_exit();
}

u32 ndl_threads_running(const void *lo, const void *hi)
{
	KIRQL old = ndl_lock_any(&threads_lock);
	u32 n = 0;
	LIST_ENTRY *e;

	for (e = threads.Flink; e != &threads; e = e->Flink) {
		const u8 *start = (const u8 *)(uintptr_t)
			NDL_CONTAINER_OF(e, struct sys_thread, link)->start;

		if (start >= (const u8 *)lo && start < (const u8 *)hi)
			n++;
	}
	ndl_unlock_any(&threads_lock, old);
	return n;
}

bool ndl_threads_wait_image(const void *base, size_t size, u32 ms)
{
	const u8 *hi = (const u8 *)base + size;
	u64 end = ndl_os_monotonic_ns() + (u64)ms * 1000000;

	while (ndl_threads_running(base, hi)) {
		if (ndl_os_monotonic_ns() >= end)
			return false;
		ndl_wait_sleep(ndl_os_monotonic_ns() + 10000000);
	}
	return true;
}
