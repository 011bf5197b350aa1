// SPDX-License-Identifier: GPL-2.0-only
/*
 * .inf lexer: decoded text -> sections of lines of fields. Follows the
 * documented INF syntax: ';' comments outside quotes, "..." quoting with ""
 * for a literal quote, '\' at the end of a line continues it, whitespace
 * around fields dropped, key = value, values separated by commas, and a
 * section that appears twice is one section.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "inf/inf.h"
#include "lib/strutil.h"

void inf_warn(struct inf_warnings *w, const char *file, int line,
	      const char *fmt, ...)
{
	struct inf_warning *item;
	char buf[512];
	va_list ap;

	if (w->count >= 1000)	/* enough to tell what is wrong */
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	item = ARENA_PUSH(w->arena, w->items, w->count, w->cap);
	item->file = file;
	item->line = line;
	item->msg = arena_strdup(w->arena, buf);
}

struct field_buf {
	char *buf;
	size_t len;
	size_t sig;		/* length up to the last significant char */
	bool started;		/* past leading whitespace */
};

struct line_state {
	struct arena *a;
	struct field_buf cur;
	char **fields;
	size_t nfields, cap;
	char *key;
};

static void fb_put(struct field_buf *f, char c, bool significant)
{
	if (!f->started && !significant && (c == ' ' || c == '\t'))
		return;
	f->started = true;
	f->buf[f->len++] = c;
	if (significant || (c != ' ' && c != '\t' && c != '\r'))
		f->sig = f->len;
}

static char *fb_take(struct arena *a, struct field_buf *f)
{
	char *s = arena_strndup(a, f->buf, f->sig);

	f->len = f->sig = 0;
	f->started = false;
	return s;
}

struct inf_section *inf_section(const struct inf_file *f, const char *name)
{
	size_t i;

	for (i = 0; i < f->nsections; i++)
		if (str_ieq(f->sections[i].name, name))
			return &f->sections[i];
	return NULL;
}

const struct inf_line *inf_key(const struct inf_section *sec, const char *key)
{
	size_t i;

	if (!sec)
		return NULL;
	for (i = 0; i < sec->nlines; i++)
		if (sec->lines[i].key && str_ieq(sec->lines[i].key, key))
			return &sec->lines[i];
	return NULL;
}

const char *inf_value(const struct inf_file *f, const char *section,
		      const char *key)
{
	const struct inf_line *l = inf_key(inf_section(f, section), key);

	return l && l->nfields ? l->fields[0] : NULL;
}

/* Splits one logical line (no comment stripped yet) into key and fields. */
static int split_line(struct line_state *st, const char *s, size_t len,
		      const char *file, int lineno, struct inf_warnings *w,
		      struct ndl_err *err)
{
	bool quoted = false;
	size_t i;

	for (i = 0; i < len; i++) {
		char c = s[i];

		if (c == '"') {
			if (quoted && i + 1 < len && s[i + 1] == '"') {
				fb_put(&st->cur, '"', true);
				i++;
			} else {
				quoted = !quoted;
				st->cur.started = true;
				st->cur.sig = st->cur.len;
			}
		} else if (quoted) {
			fb_put(&st->cur, c, true);
		} else if (c == ';') {
			break;
		} else if (c == '=' && !st->key && st->nfields == 0) {
			st->key = fb_take(st->a, &st->cur);
		} else if (c == ',') {
			if (st->nfields >= INF_MAX_FIELDS)
				goto too_many;
			*ARENA_PUSH(st->a, st->fields, st->nfields, st->cap) =
				fb_take(st->a, &st->cur);
		} else {
			fb_put(&st->cur, c, false);
		}
	}
	if (quoted)
		inf_warn(w, file, lineno, "a quoted string is not closed; it runs to the end of the line");
	if (st->nfields >= INF_MAX_FIELDS)
		goto too_many;
	if (st->key || st->nfields || st->cur.sig)
		*ARENA_PUSH(st->a, st->fields, st->nfields, st->cap) =
			fb_take(st->a, &st->cur);
	return 0;
too_many:
	return ndl_fail(err, NDL_E_INVALID, "%s:%d: more than %d values on one line",
			file, lineno, INF_MAX_FIELDS);
}

/*
 * Where the line's content ends: before a comment, with the quote state
 * followed. Sets *cont when the last significant character is a '\'
 * outside quotes (a continuation).
 */
static size_t content_end(const char *s, size_t len, bool *cont)
{
	bool quoted = false;
	size_t i, end = len, last = 0;
	bool any = false;

	for (i = 0; i < len; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		else if (s[i] == ';' && !quoted) {
			end = i;
			break;
		}
	}
	for (i = 0; i < end; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
			last = i;
			any = true;
		}
	*cont = any && s[last] == '\\' && !quoted;
	return *cont ? last : end;
}

static struct inf_section *open_section(struct arena *a, struct inf_file *f,
					const char *name, int lineno)
{
	struct inf_section *sec = inf_section(f, name);

	if (sec)
		return sec;
	sec = ARENA_PUSH(a, f->sections, f->nsections, f->cap);
	sec->name = arena_strdup(a, name);
	sec->lineno = lineno;
	return sec;
}

int inf_lex(struct arena *a, struct inf_warnings *w, const char *name,
	    const void *data, size_t len, struct inf_file *out,
	    struct ndl_err *err)
{
	struct inf_section *cur = NULL;
	char *text, *logical;
	const char *p;
	size_t loglen = 0;
	int lineno = 1, start = 1;
	bool outside_warned = false;

	memset(out, 0, sizeof(*out));
	out->name = arena_strdup(a, name);
	out->warnings = w;
	out->arena = a;
	if (len > INF_MAX_SIZE)
		return ndl_fail(err, NDL_E_TOO_LARGE, "%s: %zu bytes is larger than any real .inf (limit %u MiB)",
				name, len, INF_MAX_SIZE >> 20);
	if (inf_decode(a, out->name, data, len, &text, &out->encoding, err))
		return -1;
	logical = arena_alloc(a, INF_MAX_LINE + 1);
	for (p = text; *p; lineno++) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p), end;
		size_t body = n && p[n - 1] == '\r' ? n - 1 : n;
		bool cont;

		if (!loglen)
			start = lineno;
		end = content_end(p, body, &cont);
		if (loglen + end > INF_MAX_LINE)
			return ndl_fail(err, NDL_E_INVALID, "%s:%d: line longer than %d bytes",
					out->name, start, INF_MAX_LINE);
		memcpy(logical + loglen, p, end);
		loglen += end;
		p = nl ? nl + 1 : p + n;
		if (cont && *p)
			continue;
		logical[loglen] = '\0';
		{
			const char *s = logical;

			while (*s == ' ' || *s == '\t' || *s == '\r')
				s++;
			if (*s == '[') {
				const char *close = strchr(s, ']');
				const char *after;

				if (!close)
					return ndl_fail(err, NDL_E_INVALID,
							"%s:%d: section header without a closing ']'",
							out->name, start);
				{
					char *nm = arena_strndup(a, s + 1, (size_t)(close - s - 1));
					size_t k = strlen(nm);
					char *q = nm;

					while (*q == ' ' || *q == '\t')
						q++;
					while (k && (nm[k - 1] == ' ' || nm[k - 1] == '\t'))
						nm[--k] = '\0';
					cur = open_section(a, out, q, start);
				}
				for (after = close + 1; *after == ' ' || *after == '\t' || *after == '\r'; after++)
					;
				if (*after)
					inf_warn(w, out->name, start, "text after the section header [%s] is ignored",
						 cur->name);
			} else if (*s) {
				struct line_state st = { .a = a };
				struct inf_line *l;

				st.cur.buf = arena_alloc(a, loglen + 1);
				if (split_line(&st, s, strlen(s), out->name, start, w, err))
					return -1;
				if (!cur) {
					if (!outside_warned)
						inf_warn(w, out->name, start, "lines before the first section are ignored");
					outside_warned = true;
				} else if (st.nfields) {
					l = ARENA_PUSH(a, cur->lines, cur->nlines, cur->cap);
					l->lineno = start;
					l->key = st.key;
					l->nfields = st.nfields;
					l->fields = st.fields;
				}
			}
		}
		loglen = 0;
	}
	return 0;
}
