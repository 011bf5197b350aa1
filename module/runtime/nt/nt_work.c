// SPDX-License-Identifier: GPL-2.0-only
/*
 * Work items at PASSIVE_LEVEL: ExQueueWorkItem (driver-owned
 * WORK_QUEUE_ITEM) and IoAllocateWorkItem/IoQueueWorkItem/IoFreeWorkItem.
 * One runtime queue; ndl_rt_run_passive() runs one item per call and asks
 * the host for another call while items remain, so hosts with several
 * workers run items in parallel.
 */
#include "nt/nt_queue.h"
#include "nt/nt_api.h"
#include "nt/nt_list.h"
#include "nt/nt_sync.h"
#include "nt/nt_wait.h"
#include "nt/nt_exports.h"

static KSPIN_LOCK work_lock;
static LIST_ENTRY work_queue = { &work_queue, &work_queue };
static u32 work_queued, work_running;

void ndl_work_queue(WORK_QUEUE_ITEM *item)
{
	KIRQL old = ndl_lock_any(&work_lock);

	ndl_list_add_tail(&work_queue, &item->List);
	work_queued++;
	ndl_unlock_any(&work_lock, old);
	ndl_os_schedule_passive();
}

void ndl_work_queue_call(WORK_QUEUE_ITEM *item, PWORKER_THREAD_ROUTINE fn,
			 void *param)
{
	item->WorkerRoutine = fn;
	item->Parameter = param;
	ndl_work_queue(item);
}

void ndl_rt_run_passive(void)
{
	KIRQL old = ndl_lock_any(&work_lock);
	LIST_ENTRY *e = ndl_list_op(&work_queue, NULL, NDL_LIST_REMOVE_HEAD);
	WORK_QUEUE_ITEM *item;
	PWORKER_THREAD_ROUTINE fn;
	void *param;
	bool more;

	if (!e) {
		ndl_unlock_any(&work_lock, old);
		return;
	}
	work_queued--;
	work_running++;
	more = !ndl_list_empty(&work_queue);
	item = NDL_CONTAINER_OF(e, WORK_QUEUE_ITEM, List);
	fn = item->WorkerRoutine;	/* the item may be freed by fn */
	param = item->Parameter;
	item->List.Flink = NULL;
	ndl_unlock_any(&work_lock, old);
	if (more)
		ndl_os_schedule_passive();

	NDL_CALL_DRIVER_VOID(fn, param);
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL) {
		ndl_err("work item %p returned at IRQL %u", (void *)fn,
			ndl_os_irql_current());
		ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL,
				(u64)(uintptr_t)fn, ndl_os_irql_current(), 0,
				0);
	}
	old = ndl_lock_any(&work_lock);
	work_running--;
	ndl_unlock_any(&work_lock, old);
}

u32 ndl_work_pending(void)
{
	return ndl_atomic_load(&work_queued) + ndl_atomic_load(&work_running);
}

void ndl_work_flush(void)
{
	while (ndl_work_pending())
		ndl_wait_sleep(ndl_os_monotonic_ns() + 1000000);
}

void NTAPI ndlw_ExQueueWorkItem(WORK_QUEUE_ITEM *item, WORK_QUEUE_TYPE type)
{
	ndl_work_queue(item);
}

/* IO_WORKITEM: opaque to drivers; ours wraps a WORK_QUEUE_ITEM. */
struct io_workitem {
	WORK_QUEUE_ITEM item;
	DEVICE_OBJECT *device;
	PIO_WORKITEM_ROUTINE routine;
	void *context;
	bool queued;
};

static void NTAPI io_workitem_run(void *param)
{
	struct io_workitem *w = param;

	w->queued = false;
	w->routine(w->device, w->context);
}

NTAPI void *ndlw_IoAllocateWorkItem(DEVICE_OBJECT *dev)
{
	struct io_workitem *w = ndl_alloc(sizeof(*w), NDL_OS_ZERO |
					  ndl_alloc_flags_for_irql());

	if (w)
		w->device = dev;
	return w;
}

void NTAPI ndlw_IoFreeWorkItem(void *item)
{
	struct io_workitem *w = item;

	if (w && w->queued)
		ndl_err("IoFreeWorkItem(%p) while it is still queued", item);
	else
		ndl_free(w);
}

void NTAPI ndlw_IoQueueWorkItem(void *item, PIO_WORKITEM_ROUTINE routine,
				WORK_QUEUE_TYPE type, void *ctx)
{
	struct io_workitem *w = item;

	if (w->queued) {
		ndl_err("IoQueueWorkItem(%p): already queued", item);
		return;
	}
	w->routine = routine;
	w->context = ctx;
	w->queued = true;
	ndl_work_queue_call(&w->item, io_workitem_run, w);
}

ULONG NTAPI ndlw_IoSizeofWorkItem(void)
{
	return sizeof(struct io_workitem);
}
