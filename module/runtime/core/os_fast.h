/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inline fast paths of the OS interface (os.h), for nt/nt_spin_fast.h alone.
 *
 * Every spin lock a driver takes raises and lowers IRQL, nearly always
 * without changing it (a DPC's locks), and tags the lock with the thread.
 * Through os.h's calls, each lock pair paid three calls into the OS layer
 * and, in the Microsoft-convention exports, the saves and realignment
 * gcc adds to any ms_abi function that calls System V code: about 110
 * instructions a pair. Read inline, the common case calls nothing, so the
 * exports need no saves at all. This is the one place the runtime sees
 * into the OS layer; each OS layer provides:
 *   u8 *ndl_os_fast_irql(void)    the current context's IRQL byte, or
 *                                 NULL when not known cheaply (then the
 *                                 ndl_os_irql_* calls answer)
 *   void *ndl_os_fast_thread(void) ndl_os_current_thread()
 */
#ifndef NDL_CORE_OS_FAST_H
#define NDL_CORE_OS_FAST_H

#include "core/os.h"

#ifdef __KERNEL__
#include "../../linux/os_fast.h"
#else
#include "os_posix_fast.h"	/* module/user/ */
#endif

#endif
