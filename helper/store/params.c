// SPDX-License-Identifier: GPL-2.0-only
/* Driver parameters: type bounds, value checks, JSON form (see params.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "inf/inf.h"
#include "lib/jsonx.h"
#include "store/params.h"
#include "lib/strutil.h"
#include "lib/text.h"

static const struct {
	const char *name;
	int64_t min, max;
} numeric[] = {
	/* The ranges Windows' Advanced page gives each type. */
	{ "int", -32768, 32767 },
	{ "long", INT32_MIN, INT32_MAX },
	{ "word", 0, 65535 },
	{ "dword", 0, UINT32_MAX },
};

bool param_type_bounds(const char *type, int64_t *min, int64_t *max)
{
	size_t i;

	for (i = 0; type && i < sizeof(numeric) / sizeof(numeric[0]); i++)
		if (str_ieq(type, numeric[i].name)) {
			*min = numeric[i].min;
			*max = numeric[i].max;
			return true;
		}
	return false;
}

bool param_type_numeric(const char *type)
{
	int64_t a, b;

	return param_type_bounds(type, &a, &b);
}

bool param_type_known(const char *type)
{
	return param_type_numeric(type) || str_ieq(type, "enum") ||
	       str_ieq(type, "edit");
}

static bool is_hex_base(const char *base)
{
	uint64_t b;

	return base && str_to_u64(base, 64, &b) && b == 16;
}

/* Parses a number as the parameter's base says (base 16: bare hex digits). */
static bool parse_num(const char *s, bool hex, int64_t min, int64_t max,
		      int64_t *out)
{
	char buf[40];

	if (hex && !str_istarts(s, "0x") && s[0] != '-') {
		if (strlen(s) > 30)
			return false;
		snprintf(buf, sizeof(buf), "0x%s", s);
		s = buf;
	}
	return str_to_i64(s, min, max, out);
}

json_object *param_json(const struct inf_param *p)
{
	json_object *o = json_object_new_object();
	const char *type = p->type ? p->type : "edit";
	bool hex = is_hex_base(p->base);
	int64_t tmin, tmax, v;
	size_t i;

	jx_add_str(o, "name", p->name);
	jx_add_str(o, "desc", p->desc ? p->desc : p->name);
	jx_add_str(o, "type", type);
	jx_add_str_or_null(o, "default", p->def);
	if (param_type_bounds(type, &tmin, &tmax)) {
		int64_t min = tmin, max = tmax, step = 1;

		if (p->min && parse_num(p->min, hex, tmin, tmax, &v))
			min = v;
		if (p->max && parse_num(p->max, hex, tmin, tmax, &v))
			max = v;
		if (p->step && parse_num(p->step, hex, 1, tmax, &v))
			step = v;
		json_object_object_add(o, "min", json_object_new_int64(min));
		json_object_object_add(o, "max", json_object_new_int64(max));
		json_object_object_add(o, "step", json_object_new_int64(step));
		json_object_object_add(o, "base", json_object_new_int(hex ? 16 : 10));
	}
	if (str_ieq(type, "enum")) {
		json_object *arr = json_object_new_array();

		for (i = 0; i < p->nenums; i++) {
			json_object *e = json_object_new_object();

			jx_add_str(e, "value", p->enums[i].value);
			jx_add_str(e, "desc", p->enums[i].desc ? p->enums[i].desc : "");
			json_object_array_add(arr, e);
		}
		json_object_object_add(o, "enum", arr);
	}
	if (str_ieq(type, "edit")) {
		uint64_t lim;

		if (p->limit_text && str_to_u64(p->limit_text, 65535, &lim))
			json_object_object_add(o, "limit_text", json_object_new_int64((int64_t)lim));
		json_object_object_add(o, "upper_case", json_object_new_boolean(p->upper_case));
	}
	json_object_object_add(o, "optional", json_object_new_boolean(p->optional));
	json_object_object_add(o, "read_only", json_object_new_boolean(p->read_only));
	return o;
}

/* Characters, not bytes: LimitText counts what the user types. */
static size_t utf8_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

int param_check(json_object *param, const char *value, size_t len, char *out,
		size_t outsize, struct ndl_err *err)
{
	char why[96];

	const char *name = jx_str(param, "name");
	const char *type = jx_str(param, "type");
	int64_t min, max, v;
	size_t i, n;

	if (!name)
		name = "?";
	if (jx_bool(param, "read_only"))
		return ndl_fail(err, NDL_E_INVALID, "parameter %s is read-only", name);
	if (len >= outsize || len > 4096)
		return ndl_fail(err, NDL_E_INVALID, "the value of %s is too long", name);
	/* Before any use as a C string: a NUL would cut it short unseen. */
	if (!text_is_clean(value, len, why, sizeof(why))) {
		ndl_fail(err, NDL_E_INVALID, "the value of %s %s", name, why);
		return ndl_hint(err, "give printable text (UTF-8, no control, direction or invisible characters)");
	}
	if (type && str_ieq(type, "enum")) {
		json_object *arr, *e;
		char choices[512] = "";

		if (json_object_object_get_ex(param, "enum", &arr) &&
		    json_object_is_type(arr, json_type_array)) {
			n = json_object_array_length(arr);
			for (i = 0; i < n; i++) {
				const char *ev, *ed;

				e = json_object_array_get_idx(arr, i);
				ev = jx_str(e, "value");
				ed = jx_str(e, "desc");
				if (ev && (str_ieq(ev, value) || (ed && str_ieq(ed, value)))) {
					str_copy(out, outsize, ev);
					return 0;
				}
				if (ev && strlen(choices) + strlen(ev) + 40 < sizeof(choices)) {
					size_t l = strlen(choices);

					snprintf(choices + l, sizeof(choices) - l, "%s%s (%s)",
						 l ? ", " : "", ev, ed ? ed : "");
				}
			}
		}
		ndl_fail(err, NDL_E_INVALID, "\"%s\" is not one of the choices of %s",
			 value, name);
		return ndl_hint(err, "choose one of: %s", choices[0] ? choices : "(the .inf lists none)");
	}
	if (type && param_type_numeric(type)) {
		json_object *jb;
		bool hex = json_object_object_get_ex(param, "base", &jb) &&
			   json_object_get_int(jb) == 16;
		int64_t step = 1;

		param_type_bounds(type, &min, &max);
		if (jx_has(param, "min"))
			min = jx_int(param, "min");
		if (jx_has(param, "max"))
			max = jx_int(param, "max");
		if (jx_has(param, "step"))
			step = jx_int(param, "step");
		if (!parse_num(value, hex, INT64_MIN / 2, INT64_MAX / 2, &v)) {
			ndl_fail(err, NDL_E_INVALID, "\"%s\" is not a %s number for %s",
				 value, hex ? "hexadecimal" : "decimal", name);
			return ndl_hint(err, "give a number from %" PRId64 " to %" PRId64,
					min, max);
		}
		if (v < min || v > max) {
			ndl_fail(err, NDL_E_INVALID, "%s must be from %" PRId64 " to %" PRId64 "; %" PRId64 " is out of range",
				 name, min, max, v);
			return ndl_hint(err, "give a value from %" PRId64 " to %" PRId64, min, max);
		}
		if (step > 1 && (v - min) % step) {
			ndl_fail(err, NDL_E_INVALID, "%s moves in steps of %" PRId64 " from %" PRId64 "; %" PRId64 " is not on a step",
				 name, step, min, v);
			return ndl_hint(err, "try %" PRId64, v - (v - min) % step);
		}
		if (hex)
			snprintf(out, outsize, "%" PRIx64, (uint64_t)v);
		else
			snprintf(out, outsize, "%" PRId64, v);
		return 0;
	}
	/* edit (or an unknown type, treated as text) */
	if (jx_has(param, "limit_text") &&
	    (int64_t)utf8_chars(value) > jx_int(param, "limit_text"))
		return ndl_fail(err, NDL_E_INVALID, "%s takes at most %" PRId64 " characters",
				name, jx_int(param, "limit_text"));
	str_copy(out, outsize, value);
	if (jx_bool(param, "upper_case"))
		for (i = 0; out[i]; i++)
			if (out[i] >= 'a' && out[i] <= 'z')
				out[i] = (char)(out[i] - 32);
	return 0;
}
