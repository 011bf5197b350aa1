/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * printf-style formatting with Windows semantics, shared by the runtime's
 * own logging and the CRT/DbgPrint exports. Understands the C conversions
 * plus Microsoft's: %ws %S %wZ %Z %C %wc, size prefixes h l ll w I I32 I64
 * z j t. Floating point is not formatted (the kernel has none): %f/%e/%g
 * print "?" and consume one argument.
 */
#ifndef NDL_FMT_H
#define NDL_FMT_H

#include "core/win_types.h"

/* Where arguments come from: a C va_list or a Windows (ms) va_list. */
struct ndl_fmt_args {
	int kind;		/* 0: C va_list, 1: Windows va_list */
	va_list *c;
	win_va_list *win;
};

/*
 * Output sink: narrow (char) or wide (WCHAR) buffer of size units. Always
 * counts the full length; writes at most size units, NUL-terminating when
 * there is room for the terminator.
 */
struct ndl_fmt_out {
	bool wide;
	void *buf;
	size_t size;		/* in units */
	size_t len;		/* units produced so far (may exceed size) */
	bool no_nul;		/* MSVCRT _snprintf: NUL only if it fits */
};

/*
 * Format into out. wide_fmt: the format string is WCHAR (swprintf family),
 * where %s means a wide string and %S a narrow one.
 */
void ndl_fmt(struct ndl_fmt_out *out, const void *fmt, bool wide_fmt,
	     struct ndl_fmt_args *args);

/* Conveniences. Return the full length (C99 snprintf semantics). */
size_t ndl_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
size_t ndl_snprintf(char *buf, size_t size, const char *fmt, ...)
	__printf(3, 4);

#endif
