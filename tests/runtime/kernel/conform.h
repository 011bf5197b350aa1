/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the kernel copies of check.h and common.h call in conform.c: the
 * run's report and the runtime log lines captured during it.
 */
#ifndef NDL_CONFORM_H
#define NDL_CONFORM_H

#include <linux/compiler.h>
#include <linux/types.h>

__printf(1, 2) void ndl_conform_printf(const char *fmt, ...);
bool ndl_conform_log_contains(const char *needle);
void ndl_conform_log_clear(void);
/*
 * check.h around each test: the caller's IRQL and preemption state, and
 * how many of the two differ afterwards (each reported).
 */
unsigned long ndl_conform_context(void);
int ndl_conform_context_changed(const char *test, unsigned long before);
/* Live runtime allocations now (test_init/test_exit compare them). */
u64 ndl_conform_live(void);

#endif
