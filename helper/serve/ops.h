/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The helper's operations, as a typed table (OpenBSD privsep style): each
 * has a name, the exact schema of its arguments, whether it changes state,
 * and a handler from checked arguments (plus received file descriptors) to
 * a result object. `ndisload serve` dispatches requests through
 * ops_call(); the CLI commands call the same entry point, so the CLI's
 * --json output is the protocol's result (docs/helper-protocol.md).
 */
#ifndef NDL_OPS_H
#define NDL_OPS_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "lib/err.h"

#define OPS_MAX_FDS 16

/*
 * Runs op with args (NULL = {}); fds/nfds only for ops that take files.
 * Returns the result object, or NULL with err set.
 */
json_object *ops_call(const char *op, json_object *args, const int *fds,
		      size_t nfds, struct ndl_err *err);

/*
 * How `ndisload serve` may run op: *changes is false for operations that
 * only read, *slow true for those that wait on hardware, the network or a
 * timer. An unknown op changes state and is not slow (the safe default).
 */
void ops_plan(const char *op, bool *changes, bool *slow);

#endif
