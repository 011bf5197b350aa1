/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The configuration file format of /etc/ndisload: human-readable and
 * editable, INI-like:
 *
 *     # comment
 *     [section name]
 *     key = value
 *     key = "value with \"quotes\", a \\ or # in it"
 *
 * Keys and sections compare case-insensitively (like the registry names
 * they often hold). The parser is strict — a line it cannot read is an
 * error naming the file and line — and fuzzed (tests/helper/fuzz_conf.c).
 */
#ifndef NDL_CONF_H
#define NDL_CONF_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib/arena.h"
#include "lib/err.h"

#define CONF_MAX_SIZE (1u << 20)

struct conf_entry {
	const char *section;
	const char *key;
	const char *value;
	int line;
};

struct conf {
	struct arena *arena;
	struct conf_entry *e;
	size_t n, cap;
};

void conf_init(struct conf *c);
void conf_free(struct conf *c);
int conf_parse(struct conf *c, const char *name, const char *text, size_t len,
	       struct ndl_err *err);
/* Loads path; a missing file is an empty configuration. */
int conf_load(struct conf *c, const char *path, struct ndl_err *err);
const char *conf_get(const struct conf *c, const char *section, const char *key);
/* Sets (value != NULL) or removes a key; sections appear in first-use order. */
void conf_set(struct conf *c, const char *section, const char *key,
	      const char *value);
void conf_drop_section(struct conf *c, const char *section);
bool conf_key_ok(const char *key);
bool conf_value_ok(const char *value);
/* The file text (malloc'ed), starting with header as '#' comment lines. */
char *conf_format(const struct conf *c, const char *header);
int conf_save(const struct conf *c, const char *path, const char *header,
	      mode_t mode, struct ndl_err *err);

#endif
