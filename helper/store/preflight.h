/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The runtime's pre-flight report on a driver image, as stored in the
 * manifest: {"verdict": "ok"|"warn"|"fail"|"unchecked", ...}. Comes from
 * helper/cli/cmd_check.c (the runtime library) when this build has it.
 */
#ifndef NDL_PREFLIGHT_H
#define NDL_PREFLIGHT_H

#include <json-c/json.h>
#include <stddef.h>

json_object *check_report(const char *name, const void *image, size_t len);

#endif
