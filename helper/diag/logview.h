/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The driver's log (`ndisload log`, helper op "log", the Log page): the
 * module's kernel log records and the helper's own entries (hlog.h),
 * merged in time order, each attributed to a driver, device and
 * interface, filtered by them, and read on from a cursor.
 */
#ifndef NDL_LOGVIEW_H
#define NDL_LOGVIEW_H

#include <json-c/json.h>
#include <stddef.h>

#include "lib/err.h"

#define LOGVIEW_DEFAULT_LIMIT 200
#define LOGVIEW_MAX_LIMIT 1000

struct logview_query {
	const char *driver;	/* NULL: every driver */
	const char *device;	/* PCI address, USB path or interface; NULL: all */
	const char *since;	/* a cursor from an earlier answer; NULL: all */
	size_t limit;		/* the newest this many (0: the default) */
};

/*
 * {"entries": [{"source": "kernel"|"helper", "time", "seq" (kernel),
 * "uptime" (kernel, seconds), "level", "driver", "device", "interface",
 * "message"}], "cursor", "truncated", "kernel": {"readable", "error"?}}.
 * NULL with err set for a malformed cursor.
 */
json_object *logview_collect(const struct logview_query *q, struct ndl_err *err);

#endif
