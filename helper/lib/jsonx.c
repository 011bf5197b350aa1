// SPDX-License-Identifier: GPL-2.0-only
/* json-c helpers and the strict request schema check (see jsonx.h). */
#include <string.h>

#include "lib/jsonx.h"

const char *jx_str(json_object *o, const char *key)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

int64_t jx_int(json_object *o, const char *key)
{
	json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int))
		return 0;
	return json_object_get_int64(v);
}

bool jx_bool(json_object *o, const char *key)
{
	json_object *v;

	return o && json_object_object_get_ex(o, key, &v) &&
	       json_object_is_type(v, json_type_boolean) &&
	       json_object_get_boolean(v);
}

bool jx_has(json_object *o, const char *key)
{
	json_object *v;

	return o && json_object_object_get_ex(o, key, &v) && v != NULL;
}

void jx_add_str(json_object *o, const char *key, const char *v)
{
	json_object_object_add(o, key, json_object_new_string(v ? v : ""));
}

void jx_add_str_or_null(json_object *o, const char *key, const char *v)
{
	json_object_object_add(o, key, v ? json_object_new_string(v) : NULL);
}

static const char *jtype_name(enum jtype t)
{
	switch (t) {
	case J_STRING: return "a string";
	case J_BOOL: return "true or false";
	case J_INT: return "an integer";
	case J_OBJECT: return "an object";
	case J_ARRAY: return "an array";
	case J_STRING_OR_NULL: return "a string or null";
	}
	return "?";
}

static bool type_ok(json_object *v, enum jtype t)
{
	switch (t) {
	case J_STRING: return json_object_is_type(v, json_type_string);
	case J_BOOL: return json_object_is_type(v, json_type_boolean);
	case J_INT: return json_object_is_type(v, json_type_int);
	case J_OBJECT: return json_object_is_type(v, json_type_object);
	case J_ARRAY: return json_object_is_type(v, json_type_array);
	case J_STRING_OR_NULL:
		return !v || json_object_is_type(v, json_type_string);
	}
	return false;
}

int jx_check(json_object *o, const struct jfield *fields, size_t n,
	       const char *what, struct ndl_err *err)
{
	size_t i;

	if (!o || !json_object_is_type(o, json_type_object))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "%s must be an object", what);
	{
		json_object_object_foreach(o, key, val) {
			const struct jfield *f = NULL;

			for (i = 0; i < n; i++)
				if (!strcmp(fields[i].name, key))
					f = &fields[i];
			if (!f)
				return ndl_fail(err, NDL_E_BAD_REQUEST,
						"%s has an unknown member \"%.64s\"", what, key);
			if (!type_ok(val, f->type))
				return ndl_fail(err, NDL_E_BAD_REQUEST,
						"%s.%s must be %s", what, key, jtype_name(f->type));
			if (f->max_len && val && json_object_is_type(val, json_type_string) &&
			    (size_t)json_object_get_string_len(val) > f->max_len)
				return ndl_fail(err, NDL_E_BAD_REQUEST,
						"%s.%s is longer than %zu bytes", what, key, f->max_len);
			if (f->max_len && val && json_object_is_type(val, json_type_array) &&
			    json_object_array_length(val) > f->max_len)
				return ndl_fail(err, NDL_E_BAD_REQUEST,
						"%s.%s has more than %zu elements", what, key, f->max_len);
			if (val && json_object_is_type(val, json_type_string) &&
			    strlen(json_object_get_string(val)) !=
			    (size_t)json_object_get_string_len(val))
				return ndl_fail(err, NDL_E_BAD_REQUEST,
						"%s.%s contains a NUL character", what, key);
		}
	}
	for (i = 0; i < n; i++)
		if (fields[i].required && !json_object_object_get_ex(o, fields[i].name, NULL))
			return ndl_fail(err, NDL_E_BAD_REQUEST, "%s.%s is missing",
					what, fields[i].name);
	return 0;
}

/* The end of the string token starting at text[i] (its closing quote). */
static size_t string_end(const char *text, size_t len, size_t i)
{
	for (i++; i < len && text[i] != '"'; i++)
		if (text[i] == '\\')
			i++;
	return i;
}

/* The decoded string of the token text[i..e] (quotes included). */
static json_object *decode_string(const char *text, size_t i, size_t e)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *o = NULL;

	if (tok) {
		o = json_tokener_parse_ex(tok, text + i, (int)(e + 1 - i));
		json_tokener_free(tok);
	}
	if (o && !json_object_is_type(o, json_type_string)) {
		json_object_put(o);
		o = NULL;
	}
	return o;
}

/*
 * json-c keeps the last of duplicate object keys and cuts keys at an escaped
 * NUL, so both are found on the text (already parsed strictly, so well
 * formed): a "\u0000" escape in a key, and a key an object already has
 * (compared decoded, so "a" and "\u0061" are the same key). NULs in values
 * are left to the checks that know the field (jx_check, param_check).
 */
static int check_keys(const char *text, size_t len, struct ndl_err *err)
{
	json_object *keys[33];	/* per open object/array: its keys, or NULL */
	int depth = -1, ret = 0;
	bool want_key = false;
	size_t i, e;

	for (i = 0; i < len && !ret; i++) {
		char c = text[i];

		if (c == '{' || c == '[') {
			if (depth + 1 >= (int)(sizeof(keys) / sizeof(keys[0]))) {
				ret = ndl_fail(err, NDL_E_BAD_REQUEST, "malformed JSON: nested too deeply");
				break;
			}
			keys[++depth] = c == '{' ? json_object_new_object() : NULL;
			want_key = c == '{';
		} else if ((c == '}' || c == ']') && depth >= 0) {
			json_object_put(keys[depth--]);
			want_key = false;
		} else if (c == ',') {
			want_key = depth >= 0 && keys[depth];
		} else if (c == '"') {
			size_t k;
			json_object *key;

			e = string_end(text, len, i);
			for (k = i + 1; want_key && k + 5 < e; k++)
				if (text[k] == '\\') {
					if (text[k + 1] == 'u' && !memcmp(text + k + 2, "0000", 4)) {
						ret = ndl_fail(err, NDL_E_BAD_REQUEST,
							       "a key contains a NUL character (\\u0000)");
						break;
					}
					k++;
				}
			if (!ret && want_key) {
				key = decode_string(text, i, e);
				if (key && json_object_object_get_ex(keys[depth],
								     json_object_get_string(key), NULL))
					ret = ndl_fail(err, NDL_E_BAD_REQUEST,
						       "the key \"%.64s\" appears twice in one object",
						       json_object_get_string(key));
				else if (key)
					json_object_object_add(keys[depth],
							       json_object_get_string(key), NULL);
				json_object_put(key);
				want_key = false;
			}
			i = e;
		}
	}
	while (depth >= 0)
		json_object_put(keys[depth--]);
	return ret;
}

json_object *jx_parse_object(const char *text, size_t len,
			       struct ndl_err *err)
{
	struct json_tokener *tok = json_tokener_new_ex(32);
	json_object *o;
	enum json_tokener_error jerr;

	if (!tok) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	o = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	if (!o || jerr != json_tokener_success) {
		if (jerr == json_tokener_continue)
			ndl_fail(err, NDL_E_BAD_REQUEST, "malformed JSON: the text ends early");
		else
			ndl_fail(err, NDL_E_BAD_REQUEST, "malformed JSON: %s",
				 json_tokener_error_desc(jerr));
		json_object_put(o);
		json_tokener_free(tok);
		return NULL;
	}
	/* Only whitespace may follow the object. */
	{
		size_t off = json_tokener_get_parse_end(tok);

		while (off < len && (text[off] == ' ' || text[off] == '\n' ||
				     text[off] == '\r' || text[off] == '\t'))
			off++;
		if (off != len) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "malformed JSON: text after the object");
			json_object_put(o);
			json_tokener_free(tok);
			return NULL;
		}
	}
	json_tokener_free(tok);
	if (check_keys(text, len, err)) {
		json_object_put(o);
		return NULL;
	}
	if (!json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		ndl_fail(err, NDL_E_BAD_REQUEST, "the request must be a JSON object");
		return NULL;
	}
	return o;
}

const char *jx_text(json_object *o, bool pretty)
{
	return json_object_to_json_string_ext(o, pretty ?
		JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE :
		JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}
