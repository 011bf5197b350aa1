/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System threads (nt_thread.c): what the rest of the runtime needs to know
 * of the threads drivers create.
 */
#ifndef NDL_NT_THREAD_H
#define NDL_NT_THREAD_H

#include "core/rt.h"

/* The calling system thread's object, or NULL on any other thread. */
void *ndl_thread_current_object(void);
/* Live system threads whose start routine lies in [lo, hi). */
u32 ndl_threads_running(const void *lo, const void *hi);
/*
 * PASSIVE: wait up to ms for the threads of the image at base to end;
 * false if some still run (the image must then stay mapped).
 */
bool ndl_threads_wait_image(const void *base, size_t size, u32 ms);

#endif
