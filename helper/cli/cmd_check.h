/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload check: the runtime's verdict on a Windows driver image — its
 * headers, its imports against the runtime's export tables, the inline
 * intrinsics it uses, and (in a sandboxed child process) what DriverEntry
 * does and which miniport characteristics it registers.
 */
#ifndef NDL_CMD_CHECK_H
#define NDL_CMD_CHECK_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * The report as a JSON object (caller owns it). name labels the file;
 * run: also run DriverEntry in the sandbox. Never fails: a broken image
 * gives {"verdict": "fail", "error": "..."}. Keys: docs/runtime.md,
 * "ndisload check".
 */
json_object *check_driver_report(const char *name, const void *image,
				 size_t len, bool run);

int cmd_check(int argc, char **argv);

#endif
