/* SPDX-License-Identifier: GPL-2.0-only */
/* Windows time bases computed from the host clocks. */
#ifndef NDL_NT_TIME_H
#define NDL_NT_TIME_H

#include "core/rt.h"

#define NDL_TICK_100NS 156250u	/* clock tick: 15.625 ms, as Windows */
/* 100 ns units between 1601-01-01 and 1970-01-01 */
#define NDL_EPOCH_DIFF_100NS 116444736000000000ull

void ndl_nt_time_init(void);		/* the start: interrupt time 0 */
u64 ndl_nt_interrupt_time(void);	/* 100 ns since start */
u64 ndl_nt_system_time(void);		/* 100 ns since 1601, UTC */
u64 ndl_nt_tick_count(void);		/* clock ticks since start */
/*
 * Convert a Windows relative (< 0, 100 ns) or absolute (>= 0, system
 * time) due time into a monotonic deadline in ns.
 */
u64 ndl_nt_due_to_monotonic(s64 due);

#endif
