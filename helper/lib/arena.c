// SPDX-License-Identifier: GPL-2.0-only
/* Bump allocator backing the parsers' results (see arena.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/arena.h"

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct arena {
	struct chunk *head;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("ndisload: out of memory\n", stderr);
		abort();
	}
	return p;
}

struct arena *arena_new(void)
{
	struct arena *a = xmalloc(sizeof(*a));

	a->head = NULL;
	return a;
}

void arena_free(struct arena *a)
{
	struct chunk *c, *next;

	if (!a)
		return;
	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void *arena_alloc(struct arena *a, size_t size)
{
	const size_t align = sizeof(max_align_t);
	struct chunk *c = a->head;
	void *p;

	size = (size + align - 1) / align * align;
	if (!size)
		size = align;
	if (!c || c->size - c->used < size) {
		size_t want = size > 32768 ? size : 32768;

		if (want > SIZE_MAX - sizeof(*c)) {
			fputs("ndisload: allocation too large\n", stderr);
			abort();
		}
		c = xmalloc(sizeof(*c) + want);
		c->used = 0;
		c->size = want;
		c->next = a->head;
		a->head = c;
	}
	p = (char *)c->data + c->used;
	c->used += size;
	memset(p, 0, size);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	p = arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void arena_grow(struct arena *a, void **items, size_t *cap, size_t count,
		size_t elem)
{
	size_t ncap;
	void *n;

	if (count < *cap)
		return;
	ncap = *cap ? *cap * 2 : 8;
	if (ncap > SIZE_MAX / elem) {
		fputs("ndisload: array too large\n", stderr);
		abort();
	}
	n = arena_alloc(a, ncap * elem);
	if (*items)
		memcpy(n, *items, count * elem);
	*items = n;
	*cap = ncap;
}
