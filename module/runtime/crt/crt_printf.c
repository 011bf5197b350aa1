// SPDX-License-Identifier: GPL-2.0-only
/*
 * printf family exports: sprintf/_snprintf/_vsnprintf (MSVCRT: -1 and no
 * terminator when the output does not fit), snprintf/vsnprintf (C99),
 * and the wide forms swprintf/_snwprintf/_vsnwprintf.
 */
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

static int win_format(void *buf, size_t size, bool wide, bool msvcrt,
		      const void *fmt, win_va_list *ap)
{
	struct ndl_fmt_out out = { .wide = wide, .buf = buf, .size = size,
				   .no_nul = msvcrt };
	struct ndl_fmt_args args = { .kind = 1, .win = ap };

	ndl_fmt(&out, fmt, wide, &args);
	if (msvcrt && out.len > size)
		return -1;
	return (int)out.len;
}

int WINCDECL ndlw__vsnprintf(char *buf, SIZE_T n, const char *fmt,
			     win_va_list ap)
{
	return win_format(buf, n, false, true, fmt, &ap);
}

int WINCDECL ndlw__snprintf(char *buf, SIZE_T n, const char *fmt, ...)
{
	win_va_list ap;
	int r;

	win_va_start(ap, fmt);
	r = win_format(buf, n, false, true, fmt, &ap);
	win_va_end(ap);
	return r;
}

int WINCDECL ndlw_vsnprintf(char *buf, SIZE_T n, const char *fmt,
			    win_va_list ap)
{
	return win_format(buf, n, false, false, fmt, &ap);
}

int WINCDECL ndlw_snprintf(char *buf, SIZE_T n, const char *fmt, ...)
{
	win_va_list ap;
	int r;

	win_va_start(ap, fmt);
	r = win_format(buf, n, false, false, fmt, &ap);
	win_va_end(ap);
	return r;
}

/* Unbounded forms: the caller promises room; cap at 64 KiB. */
int WINCDECL ndlw_vsprintf(char *buf, const char *fmt, win_va_list ap)
{
	return win_format(buf, 0x10000, false, false, fmt, &ap);
}

int WINCDECL ndlw_sprintf(char *buf, const char *fmt, ...)
{
	win_va_list ap;
	int r;

	win_va_start(ap, fmt);
	r = win_format(buf, 0x10000, false, false, fmt, &ap);
	win_va_end(ap);
	return r;
}

int WINCDECL ndlw__vsnwprintf(WCHAR *buf, SIZE_T n, const WCHAR *fmt,
			      win_va_list ap)
{
	return win_format(buf, n, true, true, fmt, &ap);
}

int WINCDECL ndlw__snwprintf(WCHAR *buf, SIZE_T n, const WCHAR *fmt, ...)
{
	win_va_list ap;
	int r;

	win_va_start(ap, fmt);
	r = win_format(buf, n, true, true, fmt, &ap);
	win_va_end(ap);
	return r;
}

int WINCDECL ndlw_swprintf(WCHAR *buf, const WCHAR *fmt, ...)
{
	win_va_list ap;
	int r;

	win_va_start(ap, fmt);
	r = win_format(buf, 0x8000, true, false, fmt, &ap);
	win_va_end(ap);
	return r;
}

int WINCDECL ndlw_vswprintf(WCHAR *buf, const WCHAR *fmt, win_va_list ap)
{
	return win_format(buf, 0x8000, true, false, fmt, &ap);
}
