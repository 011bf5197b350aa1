// SPDX-License-Identifier: GPL-2.0-only
/*
 * %strkey% substitution. Strings come from [Strings.LCID] for the chosen
 * locale, then [Strings], then [Strings.0409], then any other [Strings.*]
 * section; "%%" is a literal '%'; %N% (a DIRID such as %13%) stays as it is;
 * an undefined key stays as it is with a warning.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inf/inf.h"
#include "lib/strutil.h"

#define MAX_STRSECS 64

struct strtab {
	const struct inf_section *secs[MAX_STRSECS];
	size_t n;
};

static void add_sec(struct strtab *t, const struct inf_section *s)
{
	size_t i;

	if (!s || t->n >= MAX_STRSECS)
		return;
	for (i = 0; i < t->n; i++)
		if (t->secs[i] == s)
			return;
	t->secs[t->n++] = s;
}

static const char *lookup(const struct strtab *t, const char *key, size_t n)
{
	size_t i, j;

	for (i = 0; i < t->n; i++) {
		const struct inf_section *s = t->secs[i];

		for (j = 0; j < s->nlines; j++) {
			const struct inf_line *l = &s->lines[j];

			if (l->key && strlen(l->key) == n &&
			    str_istarts(key, l->key) && l->nfields)
				return l->fields[0];
		}
	}
	return NULL;
}

static bool all_digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return n > 0;
}

static char *subst(struct inf_file *f, const struct strtab *t, char *s,
		   int lineno)
{
	const char *p = strchr(s, '%');
	char *out, *o;
	size_t cap;

	if (!p)
		return s;
	/* Room for the original plus the longest reasonable expansion. */
	cap = strlen(s) + 1;
	for (p = s; (p = strchr(p, '%')) != NULL;) {
		const char *q = strchr(p + 1, '%');
		const char *v;

		if (!q)
			break;
		v = lookup(t, p + 1, (size_t)(q - p - 1));
		if (v)
			cap += strlen(v);
		p = q + 1;
	}
	o = out = arena_alloc(f->arena, cap);
	for (p = s; *p;) {
		const char *q;
		const char *v;
		size_t n;

		if (*p != '%') {
			*o++ = *p++;
			continue;
		}
		q = strchr(p + 1, '%');
		if (!q) {		/* lone '%': keep it */
			*o++ = *p++;
			continue;
		}
		n = (size_t)(q - p - 1);
		if (n == 0) {
			*o++ = '%';
			p = q + 1;
			continue;
		}
		v = lookup(t, p + 1, n);
		if (v) {
			size_t vl = strlen(v);

			memcpy(o, v, vl);
			o += vl;
		} else {
			if (!all_digits(p + 1, n))
				inf_warn(f->warnings, f->name, lineno,
					 "%%%.*s%% is not defined in [Strings]",
					 (int)(n > 80 ? 80 : n), p + 1);
			memcpy(o, p, n + 2);
			o += n + 2;
		}
		p = q + 1;
	}
	*o = '\0';
	return out;
}

void inf_subst_all(struct inf_file *f, const char *locale)
{
	struct strtab t = { .n = 0 };
	char want[32];
	size_t i, j, k;

	if (!locale)
		locale = inf_locale_lcid(getenv("LC_ALL") ? getenv("LC_ALL") :
					 getenv("LANG"));
	snprintf(want, sizeof(want), "Strings.%s", locale);
	add_sec(&t, inf_section(f, want));
	add_sec(&t, inf_section(f, "Strings"));
	add_sec(&t, inf_section(f, "Strings.0409"));
	for (i = 0; i < f->nsections; i++)
		if (str_istarts(f->sections[i].name, "Strings."))
			add_sec(&t, &f->sections[i]);
	f->strings_used = t.n ? t.secs[0]->name : NULL;

	for (i = 0; i < f->nsections; i++) {
		struct inf_section *s = &f->sections[i];

		if (str_ieq(s->name, "Strings") || str_istarts(s->name, "Strings."))
			continue;
		for (j = 0; j < s->nlines; j++) {
			struct inf_line *l = &s->lines[j];

			if (l->key)
				l->key = subst(f, &t, l->key, l->lineno);
			for (k = 0; k < l->nfields; k++)
				l->fields[k] = subst(f, &t, l->fields[k], l->lineno);
		}
	}
}

const char *inf_locale_lcid(const char *loc)
{
	static const struct {
		const char *prefix, *lcid;
	} map[] = {
		{ "en_GB", "0809" }, { "en", "0409" }, { "de_AT", "0c07" },
		{ "de_CH", "0807" }, { "de", "0407" }, { "fr_CA", "0c0c" },
		{ "fr", "040c" }, { "es", "0c0a" }, { "it", "0410" },
		{ "pt_BR", "0416" }, { "pt", "0816" }, { "nl", "0413" },
		{ "sv", "041d" }, { "da", "0406" }, { "nb", "0414" },
		{ "fi", "040b" }, { "pl", "0415" }, { "cs", "0405" },
		{ "hu", "040e" }, { "ru", "0419" }, { "tr", "041f" },
		{ "el", "0408" }, { "ja", "0411" }, { "ko", "0412" },
		{ "zh_TW", "0404" }, { "zh_HK", "0c04" }, { "zh", "0804" },
		{ "ar", "0401" }, { "he", "040d" },
	};
	size_t i;

	if (!loc || !*loc || str_ieq(loc, "C") || str_istarts(loc, "C.") ||
	    str_ieq(loc, "POSIX"))
		return "0409";
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (str_istarts(loc, map[i].prefix))
			return map[i].lcid;
	return "0409";
}
