// SPDX-License-Identifier: GPL-2.0-only
/* Field-by-field validation of request JSON objects. */
#include "schema.h"

#include <string.h>

#include "reply.h"

static const char *type_name(enum wc_field_type t)
{
	switch (t) {
	case WC_F_STRING: return "a string";
	case WC_F_BOOL: return "true or false";
	case WC_F_OBJECT: return "an object";
	case WC_F_INT: return "an integer";
	}
	return "?";
}

static bool type_ok(json_object *v, enum wc_field_type t)
{
	switch (t) {
	case WC_F_STRING: return json_object_is_type(v, json_type_string);
	case WC_F_BOOL: return json_object_is_type(v, json_type_boolean);
	case WC_F_OBJECT: return json_object_is_type(v, json_type_object);
	case WC_F_INT: return json_object_is_type(v, json_type_int);
	}
	return false;
}

bool wc_schema_check(struct wc_request *req, json_object *obj, const struct wc_field *fields)
{
	json_object_object_foreach(obj, key, val) {
		const struct wc_field *f = fields;

		while (f->name && strcmp(f->name, key))
			f++;
		if (!f->name) {
			wc_reply_error(req, WC_E_BAD_REQUEST, "unknown field \"%.64s\"", key);
			return false;
		}
		if (!type_ok(val, f->type)) {
			wc_reply_error(req, WC_E_BAD_REQUEST, "field \"%s\" must be %s",
				       key, type_name(f->type));
			return false;
		}
		if (f->type == WC_F_STRING && f->max_len &&
		    (unsigned int)json_object_get_string_len(val) > f->max_len) {
			wc_reply_error(req, WC_E_BAD_REQUEST,
				       "field \"%s\" is longer than %u characters", key, f->max_len);
			return false;
		}
	}
	for (const struct wc_field *f = fields; f->name; f++) {
		if (f->required && !json_object_object_get_ex(obj, f->name, NULL)) {
			wc_reply_error(req, WC_E_BAD_REQUEST, "field \"%s\" is required", f->name);
			return false;
		}
	}
	return true;
}
