/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Driver parameters (Ndi\params): their value ranges by type, checking a
 * value a user sets, and the registry values a driver finally reads (the
 * .inf's own values, parameter defaults, then user overrides).
 */
#ifndef NDL_PARAMS_H
#define NDL_PARAMS_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/err.h"

/* Numeric bounds of a parameter type: int, long, word, dword. */
bool param_type_numeric(const char *type);
bool param_type_bounds(const char *type, int64_t *min, int64_t *max);
bool param_type_known(const char *type);

/*
 * Checks value against a parameter object (the JSON form of struct
 * inf_param: type, min, max, step, base, enum, limit_text, read_only) and
 * writes the canonical form (decimal, or hex digits for base 16; enum value
 * as the .inf spells it; upper-cased text when asked) into out. value is
 * len bytes (it may hold a NUL, which is refused like any unclean text).
 */
int param_check(json_object *param, const char *value, size_t len, char *out,
		size_t outsize, struct ndl_err *err);

/* JSON form of one .inf parameter (numbers where the type is numeric). */
struct inf_param;
json_object *param_json(const struct inf_param *p);

#endif
