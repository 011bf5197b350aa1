/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json-c helpers: typed getters that tolerate absence, adders for optional
 * values, and the strict schema check every serve request goes through.
 */
#ifndef NDL_JSONX_H
#define NDL_JSONX_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/err.h"

const char *jx_str(json_object *o, const char *key);	/* NULL unless a string */
int64_t jx_int(json_object *o, const char *key);	/* 0 unless a number */
bool jx_bool(json_object *o, const char *key);	/* false unless true */
bool jx_has(json_object *o, const char *key);	/* present and not null */
void jx_add_str(json_object *o, const char *key, const char *v);
void jx_add_str_or_null(json_object *o, const char *key, const char *v);

/* One allowed member of a request object. */
enum jtype { J_STRING, J_BOOL, J_INT, J_OBJECT, J_ARRAY, J_STRING_OR_NULL };
struct jfield {
	const char *name;
	enum jtype type;
	bool required;
	size_t max_len;		/* strings: bytes; arrays: elements; 0 = none */
};

/*
 * Checks that o is an object whose members are exactly among fields, with
 * the right types and sizes, and every required one present. what names
 * the object in messages ("args", "files[2]").
 */
int jx_check(json_object *o, const struct jfield *fields, size_t n,
	       const char *what, struct ndl_err *err);

/* Parses text (len bytes, no NUL needed) as one JSON object, strictly. */
json_object *jx_parse_object(const char *text, size_t len,
			       struct ndl_err *err);
/* Pretty (for humans) or compact text of o. */
const char *jx_text(json_object *o, bool pretty);

#endif
