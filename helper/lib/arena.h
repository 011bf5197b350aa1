/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A bump allocator: everything a parse produces lives in one arena and is
 * freed at once, so error paths in the parsers never leak or double-free.
 * Allocation failure aborts the process with a message (there is no sane
 * partial result of a parse that ran out of memory).
 */
#ifndef NDL_ARENA_H
#define NDL_ARENA_H

#include <stddef.h>

struct arena;

struct arena *arena_new(void);
void arena_free(struct arena *a);
void *arena_alloc(struct arena *a, size_t size);	/* zeroed */
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Grows *items (an array of *cap elements of size elem) to hold one more. */
void arena_grow(struct arena *a, void **items, size_t *cap, size_t count,
		size_t elem);

#define ARENA_PUSH(a, arr, n, cap) \
	(arena_grow((a), (void **)&(arr), &(cap), (n), sizeof(*(arr))), &(arr)[(n)++])

#endif
