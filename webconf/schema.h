/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exact checks of a request's JSON object: every field known, of its type,
 * required ones present. Anything else is answered 400 naming the field.
 */
#ifndef WC_SCHEMA_H
#define WC_SCHEMA_H

#include <json-c/json.h>
#include <stdbool.h>

#include "request.h"

enum wc_field_type { WC_F_STRING, WC_F_BOOL, WC_F_OBJECT, WC_F_INT };

struct wc_field {
	const char *name;
	enum wc_field_type type;
	bool required;
	unsigned int max_len;	/* strings: longest allowed (0: any) */
};

/* true if obj fits fields (a NULL-named terminated array); else answered. */
bool wc_schema_check(struct wc_request *req, json_object *obj, const struct wc_field *fields);

#endif
