/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Duplicate object keys in a JSON text. json-c keeps the last of two equal
 * keys without a word, so {"a": 1, "a": 2} would mean what the last one
 * says while a reader (or another parser) may take the first: such bodies
 * are refused instead.
 */
#ifndef WC_JSONDUP_H
#define WC_JSONDUP_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * true when an object in text (len bytes, which json-c parsed into obj
 * without error) repeats a key; *at is then the offset of that object.
 */
bool wc_json_has_duplicate_key(const char *text, size_t len, json_object *obj, size_t *at);

#endif
