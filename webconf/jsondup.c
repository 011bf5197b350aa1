// SPDX-License-Identifier: GPL-2.0-only
/*
 * Finding repeated object keys. json-c keeps an object's members in the
 * order of their first appearance and replaces the value of a repeated key
 * in place, so an object whose text has more members than the parsed object
 * repeats a key. The text is walked in step with the parsed tree to count
 * each object's members; the text is known to be valid JSON already.
 */
#include "jsondup.h"

#include <string.h>

struct walk {
	const char *s;
	size_t len, pos;
	size_t dup_at;
	bool dup;
};

static void skip_space(struct walk *w)
{
	while (w->pos < w->len && (w->s[w->pos] == ' ' || w->s[w->pos] == '\t' ||
				   w->s[w->pos] == '\r' || w->s[w->pos] == '\n'))
		w->pos++;
}

/* At the opening quote: moves past the closing one. */
static void skip_string(struct walk *w)
{
	for (w->pos++; w->pos < w->len && w->s[w->pos] != '"'; w->pos++)
		if (w->s[w->pos] == '\\')
			w->pos++;
	w->pos++;
}

static void walk_value(struct walk *w, json_object *obj);

static void walk_object(struct walk *w, json_object *obj)
{
	size_t start = w->pos, members = 0;
	bool is_obj = json_object_is_type(obj, json_type_object);
	struct json_object_iterator it, end;

	if (is_obj) {
		it = json_object_iter_begin(obj);
		end = json_object_iter_end(obj);
	}
	w->pos++;	/* { */
	skip_space(w);
	while (!w->dup && w->pos < w->len && w->s[w->pos] != '}') {
		json_object *child = NULL;

		if (w->s[w->pos] == ',') {
			w->pos++;
			skip_space(w);
		}
		skip_string(w);	/* the key */
		skip_space(w);
		w->pos++;	/* : */
		skip_space(w);
		/* Without repeated keys the n-th member in the text is the n-th parsed. */
		if (is_obj && !json_object_iter_equal(&it, &end)) {
			child = json_object_iter_peek_value(&it);
			json_object_iter_next(&it);
		}
		walk_value(w, child);
		members++;
		skip_space(w);
	}
	w->pos++;	/* } */
	if (!w->dup && (!is_obj || members != (size_t)json_object_object_length(obj))) {
		w->dup = true;
		w->dup_at = start;
	}
}

static void walk_array(struct walk *w, json_object *obj)
{
	bool is_array = json_object_is_type(obj, json_type_array);
	size_t i = 0, n = is_array ? json_object_array_length(obj) : 0;

	w->pos++;	/* [ */
	skip_space(w);
	while (!w->dup && w->pos < w->len && w->s[w->pos] != ']') {
		if (w->s[w->pos] == ',') {
			w->pos++;
			skip_space(w);
		}
		walk_value(w, i < n ? json_object_array_get_idx(obj, i) : NULL);
		i++;
		skip_space(w);
	}
	w->pos++;	/* ] */
}

static void walk_value(struct walk *w, json_object *obj)
{
	skip_space(w);
	if (w->pos >= w->len)
		return;
	switch (w->s[w->pos]) {
	case '{':
		/* The parser's depth limit already bounds this recursion. */
		walk_object(w, obj);
		break;
	case '[':
		walk_array(w, obj);
		break;
	case '"':
		skip_string(w);
		break;
	default:	/* number, true, false, null */
		while (w->pos < w->len && !strchr(",]} \t\r\n", w->s[w->pos]))
			w->pos++;
		break;
	}
}

bool wc_json_has_duplicate_key(const char *text, size_t len, json_object *obj, size_t *at)
{
	struct walk w = { .s = text, .len = len };

	walk_value(&w, obj);
	*at = w.dup_at;
	return w.dup;
}
