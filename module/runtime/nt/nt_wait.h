/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Dispatcher objects (events, mutexes, semaphores, timers) and the waits
 * on them. One dispatcher lock guards every object's state and wait list,
 * as Windows' dispatcher database lock does.
 */
#ifndef NDL_NT_WAIT_H
#define NDL_NT_WAIT_H

#include "nt/nt_objects.h"
#include "core/rt.h"

void ndl_dispatcher_init(DISPATCHER_HEADER *h, u8 type, u8 size_bytes,
			 LONG state);
KIRQL ndl_dispatcher_lock(void);
void ndl_dispatcher_unlock(KIRQL old);
/* With the lock held: wake every thread waiting on h to re-check. */
void ndl_dispatcher_wake(DISPATCHER_HEADER *h);
/* PASSIVE: sleep until the monotonic deadline (ns). STATUS_SUCCESS. */
NTSTATUS ndl_wait_sleep(u64 deadline_ns);

#endif
