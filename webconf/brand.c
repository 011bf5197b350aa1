// SPDX-License-Identifier: GPL-2.0-only
/* Reading and checking the installed brand.json for the pages. */
#include "brand.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "log.h"

static bool colour_ok(const char *s)
{
	if (strlen(s) != 7 || s[0] != '#')
		return false;
	for (int i = 1; i < 7; i++)
		if (!strchr("0123456789abcdefABCDEF", s[i]))
			return false;
	return true;
}

static bool text_ok(json_object *v, size_t max)
{
	const char *s = json_object_get_string(v);

	if (!json_object_is_type(v, json_type_string) || !*s || strlen(s) > max)
		return false;
	for (; *s; s++)
		if ((unsigned char)*s < 0x20)
			return false;
	return true;
}

/* Copies key from src to dst when check accepts it. */
static void copy_text(json_object *dst, json_object *src, const char *key, size_t max)
{
	json_object *v;

	if (json_object_object_get_ex(src, key, &v) && text_ok(v, max))
		json_object_object_add(dst, key, json_object_get(v));
}

json_object *wc_brand_load(const char *brand_dir)
{
	char path[4096];
	json_object *in, *out, *v, *colours;

	if (snprintf(path, sizeof(path), "%s/brand.json", brand_dir) >= (int)sizeof(path))
		return NULL;
	in = json_object_from_file(path);
	if (!in) {
		if (errno != ENOENT)
			wc_log("ignoring the brand %s: %s", path, json_util_get_last_err());
		return NULL;
	}
	if (!json_object_is_type(in, json_type_object)) {
		wc_log("ignoring the brand %s: not a JSON object", path);
		json_object_put(in);
		return NULL;
	}
	out = json_object_new_object();
	copy_text(out, in, "vendor", 64);
	copy_text(out, in, "product", 64);
	copy_text(out, in, "version", 32);
	if (json_object_object_get_ex(in, "support_url", &v) && text_ok(v, 512) &&
	    (!strncmp(json_object_get_string(v), "https://", 8) ||
	     !strncmp(json_object_get_string(v), "http://", 7)))
		json_object_object_add(out, "support_url", json_object_get(v));
	if (json_object_object_get_ex(in, "logo", &v) && json_object_is_type(v, json_type_string) &&
	    (!strcmp(json_object_get_string(v), "logo.svg") ||
	     !strcmp(json_object_get_string(v), "logo.png")))
		json_object_object_add(out, "logo", json_object_get(v));
	colours = json_object_new_object();
	if (json_object_object_get_ex(in, "colors", &v) && json_object_is_type(v, json_type_object)) {
		static const char *const keys[] = { "primary", "accent", "background", "text" };

		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
			json_object *c;

			if (json_object_object_get_ex(v, keys[i], &c) &&
			    json_object_is_type(c, json_type_string) &&
			    colour_ok(json_object_get_string(c)))
				json_object_object_add(colours, keys[i], json_object_get(c));
		}
	}
	json_object_object_add(out, "colors", colours);
	json_object_put(in);
	wc_log("brand: %s", json_object_to_json_string_ext(out, JSON_C_TO_STRING_PLAIN));
	return out;
}
