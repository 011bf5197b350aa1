/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The runtime's deferred-execution queues: DPCs (run at DISPATCH_LEVEL),
 * timers (due at a monotonic time, then signalled and their DPC queued)
 * and work items (run at PASSIVE_LEVEL). The host wakes them through
 * ndl_os_schedule_dispatch/_passive and ndl_os_timer_arm (os.h).
 */
#ifndef NDL_NT_QUEUE_H
#define NDL_NT_QUEUE_H

#include "nt/nt_objects.h"

/* Queue a WORK_QUEUE_ITEM (WorkerRoutine(Parameter) at PASSIVE). */
void ndl_work_queue(WORK_QUEUE_ITEM *item);
/* Fill in the runtime's own item to run fn(param), and queue it. */
void ndl_work_queue_call(WORK_QUEUE_ITEM *item, PWORKER_THREAD_ROUTINE fn,
			 void *param);
/* PASSIVE: wait until no DPC / work item is queued or running. */
void ndl_dpc_flush(void);
void ndl_work_flush(void);
/* Pending counts (tests, diagnostics). */
u32 ndl_dpc_pending(void);
u32 ndl_work_pending(void);
u32 ndl_timer_pending(void);
/* Whether this CPU is inside a DPC routine now. */
bool ndl_dpc_running_here(void);
/* Earliest armed timer's monotonic due time, or 0 if none. */
u64 ndl_timer_next_due(void);

#endif
