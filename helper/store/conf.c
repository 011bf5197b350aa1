// SPDX-License-Identifier: GPL-2.0-only
/* The /etc/ndisload configuration format: parse, edit, write (see conf.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/conf.h"
#include "lib/fsutil.h"
#include "lib/strutil.h"

void conf_init(struct conf *c)
{
	memset(c, 0, sizeof(*c));
	c->arena = arena_new();
}

void conf_free(struct conf *c)
{
	arena_free(c->arena);
	memset(c, 0, sizeof(*c));
}

bool conf_key_ok(const char *key)
{
	size_t n;

	if (!key || !*key)
		return false;
	for (n = 0; key[n]; n++) {
		char ch = key[n];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_' || ch == '*' ||
		      ch == '.' || ch == '-' || ch == ':'))
			return false;
	}
	return n <= 128;
}

bool conf_value_ok(const char *value)
{
	size_t n;

	for (n = 0; value[n]; n++)
		if ((unsigned char)value[n] < 0x20 || value[n] == 0x7f)
			return false;
	return n <= 4096;
}

static bool section_ok(const char *s)
{
	size_t n;

	for (n = 0; s[n]; n++)
		if ((unsigned char)s[n] < 0x20 || s[n] == '[' || s[n] == ']' ||
		    s[n] == '#' || s[n] == '"' || s[n] == 0x7f)
			return false;
	return n > 0 && n <= 128;
}

static char *trim(char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* Unquotes a "..." value in place; false when malformed. */
static bool unquote(char *v)
{
	char *r = v + 1, *w = v;

	for (; *r && *r != '"'; r++) {
		if (*r == '\\') {
			r++;
			if (*r != '"' && *r != '\\')
				return false;
		}
		*w++ = *r;
	}
	if (*r != '"')
		return false;
	r = trim(r + 1);
	if (*r && *r != '#')
		return false;
	*w = '\0';
	return true;
}

int conf_parse(struct conf *c, const char *name, const char *text, size_t len,
	       struct ndl_err *err)
{
	char *buf, *line, *next;
	const char *section = "";
	int lineno = 0;

	if (len > CONF_MAX_SIZE)
		return ndl_fail(err, NDL_E_INVALID, "%s: larger than %u KiB", name,
				CONF_MAX_SIZE >> 10);
	if (memchr(text, '\0', len))
		return ndl_fail(err, NDL_E_INVALID, "%s: contains a NUL byte", name);
	buf = arena_strndup(c->arena, text, len);
	for (line = buf; line; line = next) {
		char *eq, *key, *val;

		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line = trim(line);
		if (!*line || *line == '#')
			continue;
		if (*line == '[') {
			char *close = strchr(line, ']');

			if (!close || *trim(close + 1)) {
				ndl_fail(err, NDL_E_INVALID, "%s:%d: a section header must be \"[name]\" alone on its line",
					 name, lineno);
				return ndl_hint(err, "fix or remove that line");
			}
			*close = '\0';
			section = trim(line + 1);
			if (!section_ok(section)) {
				ndl_fail(err, NDL_E_INVALID, "%s:%d: bad section name", name, lineno);
				return ndl_hint(err, "fix or remove that line");
			}
			continue;
		}
		eq = strchr(line, '=');
		if (!eq) {
			ndl_fail(err, NDL_E_INVALID, "%s:%d: expected \"key = value\"", name, lineno);
			return ndl_hint(err, "fix or remove that line");
		}
		*eq = '\0';
		key = trim(line);
		val = trim(eq + 1);
		if (!conf_key_ok(key)) {
			ndl_fail(err, NDL_E_INVALID, "%s:%d: \"%.64s\" is not a valid key", name, lineno, key);
			return ndl_hint(err, "keys use letters, digits and _ * . - : only");
		}
		if (*val == '"') {
			if (!unquote(val)) {
				ndl_fail(err, NDL_E_INVALID, "%s:%d: malformed quoted value", name, lineno);
				return ndl_hint(err, "inside quotes, write \\\" for a quote and \\\\ for a backslash");
			}
		} else {
			char *hash = strchr(val, '#');

			if (hash) {
				*hash = '\0';
				val = trim(val);
			}
		}
		if (!conf_value_ok(val))
			return ndl_fail(err, NDL_E_INVALID, "%s:%d: value contains a control character or is too long",
					name, lineno);
		conf_set(c, section, key, val);
		c->e[c->n - 1].line = lineno;
	}
	return 0;
}

int conf_load(struct conf *c, const char *path, struct ndl_err *err)
{
	char *data;
	size_t len;
	int ret;
	struct ndl_err e2;

	if (fs_read_file(path, CONF_MAX_SIZE, &data, &len, &e2)) {
		if (e2.code == NDL_E_NOT_FOUND)
			return 0;
		*err = e2;
		return -1;
	}
	ret = conf_parse(c, path, data, len, err);
	free(data);
	return ret;
}

static size_t find(const struct conf *c, const char *section, const char *key)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (str_ieq(c->e[i].section, section) && str_ieq(c->e[i].key, key))
			return i;
	return (size_t)-1;
}

const char *conf_get(const struct conf *c, const char *section, const char *key)
{
	size_t i = find(c, section, key);

	return i == (size_t)-1 ? NULL : c->e[i].value;
}

void conf_set(struct conf *c, const char *section, const char *key,
	      const char *value)
{
	size_t i = find(c, section, key), last = (size_t)-1, k;
	struct conf_entry ne;

	if (i != (size_t)-1) {
		if (value) {
			c->e[i].value = arena_strdup(c->arena, value);
		} else {
			memmove(&c->e[i], &c->e[i + 1], (c->n - i - 1) * sizeof(c->e[0]));
			c->n--;
		}
		return;
	}
	if (!value)
		return;
	ne.section = arena_strdup(c->arena, section);
	ne.key = arena_strdup(c->arena, key);
	ne.value = arena_strdup(c->arena, value);
	ne.line = 0;
	/* Keep a section's keys together: insert after its last key. */
	for (k = 0; k < c->n; k++)
		if (str_ieq(c->e[k].section, section))
			last = k;
	ARENA_PUSH(c->arena, c->e, c->n, c->cap);
	if (last == (size_t)-1) {
		c->e[c->n - 1] = ne;
	} else {
		memmove(&c->e[last + 2], &c->e[last + 1], (c->n - last - 2) * sizeof(c->e[0]));
		c->e[last + 1] = ne;
	}
}

void conf_drop_section(struct conf *c, const char *section)
{
	size_t i;

	for (i = 0; i < c->n;) {
		if (str_ieq(c->e[i].section, section)) {
			memmove(&c->e[i], &c->e[i + 1], (c->n - i - 1) * sizeof(c->e[0]));
			c->n--;
		} else {
			i++;
		}
	}
}

static bool needs_quotes(const char *v)
{
	size_t n = strlen(v);

	return !n || v[0] == ' ' || v[n - 1] == ' ' || v[0] == '"' ||
	       strpbrk(v, "#\"\\\t") != NULL;
}

char *conf_format(const struct conf *c, const char *header)
{
	size_t cap = 256, len = 0, i;
	char *out = malloc(cap);
	const char *cur = NULL;

	if (!out)
		return NULL;
	out[0] = '\0';
#define APPEND(...) do {							\
		int n_ = snprintf(NULL, 0, __VA_ARGS__);			\
		while (len + (size_t)n_ + 1 > cap) {				\
			char *nb_ = realloc(out, cap * 2);			\
			if (!nb_) { free(out); return NULL; }			\
			out = nb_;						\
			cap *= 2;						\
		}								\
		snprintf(out + len, cap - len, __VA_ARGS__);			\
		len += (size_t)n_;						\
	} while (0)
	if (header) {
		const char *p = header;

		while (*p) {
			size_t n = strcspn(p, "\n");

			APPEND("# %.*s\n", (int)n, p);
			p += n;
			if (*p)
				p++;
		}
	}
	/* Keys outside any section first, then each section in order. */
	for (i = 0; i < 2 * c->n; i++) {
		const struct conf_entry *e = &c->e[i % c->n];

		if ((i < c->n) != !*e->section)
			continue;
		if (!cur || !str_ieq(cur, e->section)) {
			cur = e->section;
			if (*cur)
				APPEND("\n[%s]\n", cur);
		}
		if (needs_quotes(e->value)) {
			const char *v;

			APPEND("%s = \"", e->key);
			for (v = e->value; *v; v++) {
				if (*v == '"' || *v == '\\')
					APPEND("\\");
				APPEND("%c", *v);
			}
			APPEND("\"\n");
		} else {
			APPEND("%s = %s\n", e->key, e->value);
		}
	}
#undef APPEND
	return out;
}

int conf_save(const struct conf *c, const char *path, const char *header,
	      mode_t mode, struct ndl_err *err)
{
	char *text = conf_format(c, header);
	int ret;

	if (!text)
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	ret = fs_write_atomic(path, text, strlen(text), mode, err);
	free(text);
	return ret;
}
