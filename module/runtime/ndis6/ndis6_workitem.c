// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 I/O work items: NdisAllocateIoWorkItem, NdisQueueIoWorkItem and
 * NdisFreeIoWorkItem on the runtime's PASSIVE_LEVEL work queue. The
 * routine gets its context and the work item's handle; it may free the
 * item or queue it again. An item runs once per queueing and is never
 * queued twice at the same time.
 */
#include "ndis6/ndis6_priv.h"
#include "nt/nt_queue.h"

struct ndl_io_workitem {
	u64 magic;
	WORK_QUEUE_ITEM item;
	NDIS_HANDLE owner;
	NDIS_IO_WORKITEM_ROUTINE routine;
	void *ctx;
	KSPIN_LOCK lock;
	bool queued;
	bool free_when_run;	/* freed while queued: drop it at its turn */
};
#define NDL_IO_WORKITEM_MAGIC 0x4e444c494f574b49ull	/* "NDLIOWKI" */

static struct ndl_io_workitem *workitem(NDIS_HANDLE h, const char *fn)
{
	struct ndl_io_workitem *w = h;

	if (!w || w->magic != NDL_IO_WORKITEM_MAGIC) {
		ndl_err("%s: bad I/O work item %p", fn, h);
		return NULL;
	}
	return w;
}

static void NTAPI workitem_run(void *param)
{
	struct ndl_io_workitem *w = param;
	NDIS_IO_WORKITEM_ROUTINE routine;
	void *ctx;
	bool drop;
	KIRQL old = ndl_lock_any(&w->lock);

	w->queued = false;
	drop = w->free_when_run;
	routine = w->routine;
	ctx = w->ctx;
	ndl_unlock_any(&w->lock, old);
	if (drop) {
		w->magic = 0;
		ndl_free(w);
		return;
	}
	NDL_CALL_DRIVER_VOID(routine, ctx, (NDIS_HANDLE)w);
}

NTAPI NDIS_HANDLE ndlw_NdisAllocateIoWorkItem(NDIS_HANDLE h)
{
	struct ndl_io_workitem *w;

	if (!ndl_ndis6_handle_ok(h, "NdisAllocateIoWorkItem"))
		return NULL;
	w = ndl_alloc(sizeof(*w), NDL_OS_ZERO | ndl_alloc_flags_for_irql());
	if (!w)
		return NULL;
	w->magic = NDL_IO_WORKITEM_MAGIC;
	w->owner = h;
	return w;
}

void NTAPI ndlw_NdisQueueIoWorkItem(NDIS_HANDLE h,
				    NDIS_IO_WORKITEM_ROUTINE routine, void *ctx)
{
	struct ndl_io_workitem *w = workitem(h, "NdisQueueIoWorkItem");
	KIRQL old;

	if (!w)
		return;
	if (!routine) {
		ndl_err("NdisQueueIoWorkItem(%p): no routine", h);
		return;
	}
	old = ndl_lock_any(&w->lock);
	if (w->queued || w->free_when_run) {
		ndl_unlock_any(&w->lock, old);
		ndl_err("NdisQueueIoWorkItem(%p): %s", h, w->queued ?
			"already queued (it runs once per queueing)" :
			"the work item was freed");
		return;
	}
	w->routine = routine;
	w->ctx = ctx;
	w->queued = true;
	ndl_unlock_any(&w->lock, old);
	ndl_work_queue_call(&w->item, workitem_run, w);
}

/*
 * A driver frees an item that is not queued (typically at halt, or from
 * its own routine). One still queued is a driver bug: its routine will
 * not run, and the memory goes when the queue reaches it.
 */
void NTAPI ndlw_NdisFreeIoWorkItem(NDIS_HANDLE h)
{
	struct ndl_io_workitem *w = workitem(h, "NdisFreeIoWorkItem");
	KIRQL old;

	if (!w)
		return;
	old = ndl_lock_any(&w->lock);
	if (w->queued) {
		w->free_when_run = true;
		ndl_unlock_any(&w->lock, old);
		ndl_err("NdisFreeIoWorkItem(%p): still queued; its routine will not run",
			h);
		return;
	}
	ndl_unlock_any(&w->lock, old);
	w->magic = 0;
	ndl_free(w);
}
