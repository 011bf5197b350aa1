// SPDX-License-Identifier: GPL-2.0-only
/*
 * Line reader for the "key: value" texts of license and key files and the
 * "key=value" lines of brand.conf.
 */
#define _GNU_SOURCE
#include <string.h>

#include "internal.h"

void ndll_kv_init(struct ndll_kv_reader *r, const char *text, size_t len,
		 char sep)
{
	r->p = text;
	r->end = text + len;
	r->line = 0;
	r->sep = sep;
}

static void trim(const char **b, const char **e)
{
	while (*b < *e && (**b == ' ' || **b == '\t'))
		(*b)++;
	while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
		(*e)--;
}

int ndll_kv_next(struct ndll_kv_reader *r, char *key, size_t keylen,
		char *val, size_t vallen, char *err, size_t errlen)
{
	while (r->p < r->end) {
		const char *b = r->p, *e = memchr(b, '\n', (size_t)(r->end - b));
		const char *sep, *kb, *ke, *vb, *ve;

		if (!e)
			e = r->end;
		r->p = e < r->end ? e + 1 : e;
		r->line++;
		trim(&b, &e);
		if (b == e || *b == '#')
			continue;
		sep = memchr(b, r->sep, (size_t)(e - b));
		if (!sep) {
			ndll_errf(err, errlen, "line %d is not \"key%s value\"",
				 r->line, r->sep == ':' ? ":" : "=");
			return -1;
		}
		kb = b;
		ke = sep;
		vb = sep + 1;
		ve = e;
		trim(&kb, &ke);
		trim(&vb, &ve);
		if (kb == ke || (size_t)(ke - kb) >= keylen) {
			ndll_errf(err, errlen, "line %d has %s key", r->line,
				 kb == ke ? "an empty" : "too long a");
			return -1;
		}
		if ((size_t)(ve - vb) >= vallen) {
			ndll_errf(err, errlen, "line %d: the value of \"%.*s\" is longer than %zu bytes",
				 r->line, (int)(ke - kb), kb, vallen - 1);
			return -1;
		}
		memcpy(key, kb, (size_t)(ke - kb));
		key[ke - kb] = '\0';
		memcpy(val, vb, (size_t)(ve - vb));
		val[ve - vb] = '\0';
		return 1;
	}
	return 0;
}
