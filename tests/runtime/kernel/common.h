/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/runtime/common.h for the suites built into ndisload.ko: the
 * runtime is the module's own, already started; test_init/test_exit
 * bracket a suite and check that it gave back every runtime allocation
 * it made; ndl_user_run_pending waits until every queued DPC has run
 * (in the kernel they run on their own, on any processor).
 */
#ifndef NDL_TEST_RUNTIME_COMMON_H
#define NDL_TEST_RUNTIME_COMMON_H

#include "conform.h"
#include "core/rt.h"
#include "core/driver.h"
#include "nt/nt_queue.h"

/* The suite's entry: module/Kbuild renames each file's main. */
int main(void);

static u64 common_live_at_init;

static inline unsigned int ndl_user_run_pending(void)
{
	ndl_dpc_flush();
	return 0;
}

static inline bool log_contains(const char *needle)
{
	return ndl_conform_log_contains(needle);
}

static inline void log_clear(void)
{
	ndl_conform_log_clear();
}

static inline void test_init(void)
{
	ndl_conform_log_clear();
	common_live_at_init = ndl_conform_live();
}

static inline int test_exit(void)
{
	u64 live;

	ndl_dpc_flush();
	live = ndl_conform_live();
	if (live != common_live_at_init) {
		ndl_conform_printf("FAIL: %s/leak-check (%lld runtime allocations left)\n",
				   KBUILD_BASENAME,
				   (long long)(live - common_live_at_init));
		return 1;
	}
	ndl_conform_printf("PASS: %s/leak-check\n", KBUILD_BASENAME);
	return 0;
}

#endif
