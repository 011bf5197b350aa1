// SPDX-License-Identifier: GPL-2.0-only
/*
 * DPCs: KeInitializeDpc, KeInsertQueueDpc, KeRemoveQueueDpc,
 * KeFlushQueuedDpcs. One runtime-wide queue drained at DISPATCH_LEVEL by
 * ndl_rt_run_dispatch(); KDPC.DpcData is non-NULL while queued.
 */
#include "nt/nt_list.h"
#include "nt/nt_queue.h"
#include "nt/nt_sync.h"
#include "nt/nt_wait.h"
#include "nt/nt_time.h"
#include "nt/nt_exports.h"

#define HighImportance 2

static KSPIN_LOCK dpc_lock;
static LIST_ENTRY dpc_queue = { &dpc_queue, &dpc_queue };
static u32 dpc_queued, dpc_running;
/* Bit n: CPU n is inside a DPC routine (KeQueryDpcWatchdogInformation). */
static u64 dpc_cpus;

void NTAPI ndlw_KeInitializeDpc(KDPC *dpc, PKDEFERRED_ROUTINE fn, void *ctx)
{
	dpc->Type = NDL_OBJ_DPC;
	dpc->Importance = 1;	/* MediumImportance */
	dpc->Number = 0;
	dpc->DpcListEntry.Flink = dpc->DpcListEntry.Blink = NULL;
	dpc->DeferredRoutine = fn;
	dpc->DeferredContext = ctx;
	dpc->SystemArgument1 = dpc->SystemArgument2 = NULL;
	dpc->DpcData = NULL;
}

void NTAPI ndlw_KeInitializeThreadedDpc(KDPC *dpc, PKDEFERRED_ROUTINE fn,
					void *ctx)
{
	ndlw_KeInitializeDpc(dpc, fn, ctx);	/* runs as a normal DPC */
}

void NTAPI ndlw_KeSetImportanceDpc(KDPC *dpc, int importance)
{
	dpc->Importance = (UCHAR)importance;
}

void NTAPI ndlw_KeSetTargetProcessorDpc(KDPC *dpc, CCHAR number)
{
	dpc->Number = (USHORT)number;	/* one queue: recorded only */
}

BOOLEAN NTAPI ndlw_KeInsertQueueDpc(KDPC *dpc, void *arg1, void *arg2)
{
	KIRQL old = ndl_lock_any(&dpc_lock);
	LIST_ENTRY *e = &dpc->DpcListEntry;

	if (dpc->DpcData) {
		ndl_unlock_any(&dpc_lock, old);
		return FALSE;
	}
	dpc->DpcData = &dpc_queue;
	dpc->SystemArgument1 = arg1;
	dpc->SystemArgument2 = arg2;
	if (dpc->Importance == HighImportance)
		ndl_list_add_head(&dpc_queue, e);
	else
		ndl_list_add_tail(&dpc_queue, e);
	dpc_queued++;
	ndl_unlock_any(&dpc_lock, old);
	ndl_os_schedule_dispatch();
	return TRUE;
}

BOOLEAN NTAPI ndlw_KeRemoveQueueDpc(KDPC *dpc)
{
	KIRQL old = ndl_lock_any(&dpc_lock);
	bool was = dpc->DpcData != NULL;

	if (was) {
		ndl_list_unlink(&dpc->DpcListEntry);
		dpc->DpcData = NULL;
		dpc_queued--;
	}
	ndl_unlock_any(&dpc_lock, old);
	return was;
}

/* A DPC runs to its end on the CPU it started on (DISPATCH_LEVEL). */
static u64 dpc_cpu_bit(void)
{
	u32 cpu = ndl_os_cpu_id();

	return cpu < 64 ? (u64)1 << cpu : 0;
}

bool ndl_dpc_running_here(void)
{
	KIRQL old = ndl_lock_any(&dpc_lock);
	bool here = (dpc_cpus & dpc_cpu_bit()) != 0;

	ndl_unlock_any(&dpc_lock, old);
	return here;
}

void ndl_rt_run_dispatch(void)
{
	KIRQL irql = ndl_os_irql_raise(NDL_DISPATCH_LEVEL);

	for (;;) {
		KIRQL old = ndl_lock_any(&dpc_lock);
		PKDEFERRED_ROUTINE fn;
		void *ctx, *a1, *a2;
		LIST_ENTRY *e = ndl_list_op(&dpc_queue, NULL,
					    NDL_LIST_REMOVE_HEAD);
		KDPC *dpc;

		if (!e) {
			ndl_unlock_any(&dpc_lock, old);
			break;
		}
		dpc = NDL_CONTAINER_OF(e, KDPC, DpcListEntry);
		dpc->DpcData = NULL;
		dpc_queued--;
		dpc_running++;
		dpc_cpus |= dpc_cpu_bit();
		fn = dpc->DeferredRoutine;
		ctx = dpc->DeferredContext;
		a1 = dpc->SystemArgument1;
		a2 = dpc->SystemArgument2;
		ndl_unlock_any(&dpc_lock, old);

		if (fn)
			NDL_CALL_DRIVER_VOID(fn, dpc, ctx, a1, a2);
		if (ndl_os_irql_current() != NDL_DISPATCH_LEVEL) {
			ndl_err("DPC routine %p returned at IRQL %u (entered at DISPATCH_LEVEL)",
				(void *)fn, ndl_os_irql_current());
			ndl_os_bugcheck(NDL_BUGCHECK_IRQL_NOT_LESS_OR_EQUAL,
					(u64)(uintptr_t)fn,
					ndl_os_irql_current(), 0, 0);
		}
		old = ndl_lock_any(&dpc_lock);
		dpc_cpus &= ~dpc_cpu_bit();
		dpc_running--;
		ndl_unlock_any(&dpc_lock, old);
	}
	ndl_os_irql_lower(irql);
}

u32 ndl_dpc_pending(void)
{
	return ndl_atomic_load(&dpc_queued) + ndl_atomic_load(&dpc_running);
}

void ndl_dpc_flush(void)
{
	while (ndl_dpc_pending())
		ndl_wait_sleep(ndl_os_monotonic_ns() + 1000000);
}

void NTAPI ndlw_KeFlushQueuedDpcs(void)
{
	ndl_dpc_flush();
}
