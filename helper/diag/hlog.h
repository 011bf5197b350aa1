/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The helper's own log of what it did to drivers and devices, for
 * `ndisload log` and the Log page beside the kernel's lines:
 * $NDISLOAD_ROOT/var/lib/ndisload/helper.log, one tab-separated line per
 * entry ("USEC LEVEL DRIVER DEVICE TEXT", "-" for none), kept under
 * 256 KiB by moving it to helper.log.1 (the older half is dropped).
 * Writing is best effort: a CLI run by a user who cannot write there
 * simply logs nothing.
 */
#ifndef NDL_HLOG_H
#define NDL_HLOG_H

#include <json-c/json.h>
#include <stdint.h>

#include "lib/err.h"

#define HLOG_FILE "/var/lib/ndisload/helper.log"

struct hlog_entry {
	uint64_t usec;		/* wall clock, microseconds since 1970 */
	char level[8];		/* "error", "warning", "info" */
	char driver[65];	/* "" none */
	char device[32];
	char text[1024];
};

void hlog_write(const char *level, const char *driver, const char *device,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * What an operation did, as log lines (ops.c calls it after every op):
 * refusals and failures, and the changes made by the operations that
 * change drivers, devices and bindings.
 */
void hlog_op(const char *op, json_object *args, json_object *result,
	     const struct ndl_err *err);

/* Parses one line of the file; -1 when it is not an entry. */
int hlog_parse(const char *line, struct hlog_entry *e);

/* Calls fn for each entry in the log (older file first); -1 if unreadable. */
int hlog_each(void (*fn)(const struct hlog_entry *e, void *ctx), void *ctx);

#endif
