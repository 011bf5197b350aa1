/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by the runtime tests: files, fixtures, log capture. */
#ifndef NDL_TEST_RUNTIME_COMMON_H
#define NDL_TEST_RUNTIME_COMMON_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include "core/rt.h"
#include "host.h"
#include "core/driver.h"

/* Read a whole file (malloc'ed); NULL and a message on failure. */
void *read_file(const char *path, size_t *len);
/* Path of a fixture or test driver: $NDL_BUILD or build/ of the tree. */
const char *fixture_path(const char *name);	/* fx_basic -> .../fx_basic.sys */
/* vether -> build/drivers/vether/vether.sys, e1000/ndle1000 -> .../e1000/ndle1000.sys */
const char *driver_path(const char *name);
/* Start the host; every line logged is kept for log_contains(). */
void test_init(void);
/*
 * Print the runtime's live memory by category, less what it held at
 * *base (a snapshot taken before the driver loaded): docs/kernel.md's
 * memory breakdown, without a VM.
 */
struct ndl_mem_stats;
void print_mem_breakdown(const char *label, const struct ndl_mem_stats *base);
/* Stop the host; prints the leak-check result, returns 1 on a leak. */
int test_exit(void);
bool log_contains(const char *needle);
void log_clear(void);

/* fx_report of the fixtures (tests/runtime/fixtures/fx.h). */
struct fx_report {
	uint32_t magic, step, failed, value;
	uint64_t values[8];
};

#endif
