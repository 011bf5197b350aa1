// SPDX-License-Identifier: GPL-2.0-only
/*
 * C runtime functions ntoskrnl.exe exports to drivers: memory, character
 * classes and case, conversions, rand. Plain C with MSVCRT semantics
 * (wchar_t is 16-bit). The str* and wcs* families are crt_strings.c.
 */
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

WINCDECL void *ndlw_memcpy(void *d, const void *s, SIZE_T n)
{
	return ndl_memcpy(d, s, n);
}

WINCDECL void *ndlw_memmove(void *d, const void *s, SIZE_T n)
{
	return ndl_memmove(d, s, n);
}

WINCDECL void *ndlw_memset(void *d, int c, SIZE_T n)
{
	return ndl_memset(d, c, n);
}

int WINCDECL ndlw_memcmp(const void *a, const void *b, SIZE_T n)
{
	const u8 *x = a, *y = b;
	SIZE_T i = ndl_mem_equal_prefix(a, b, n);

	if (i == n)
		return 0;
	return x[i] < y[i] ? -1 : 1;
}

WINCDECL void *ndlw_memchr(const void *s, int c, SIZE_T n)
{
	const u8 *p = s;

	for (SIZE_T i = 0; i < n; i++)
		if (p[i] == (u8)c)
			return (void *)(p + i);
	return NULL;
}

int WINCDECL ndlw_tolower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c + 32 : c;
}

int WINCDECL ndlw_toupper(int c)
{
	return (c >= 'a' && c <= 'z') ? c - 32 : c;
}

WINCDECL char *ndlw__strlwr(char *s)
{
	for (char *p = s; *p; p++)
		*p = (char)ndlw_tolower((u8)*p);
	return s;
}

WINCDECL char *ndlw__strupr(char *s)
{
	for (char *p = s; *p; p++)
		*p = (char)ndlw_toupper((u8)*p);
	return s;
}

int WINCDECL ndlw_isdigit(int c) { return c >= '0' && c <= '9'; }
int WINCDECL ndlw_isxdigit(int c)
{
	return ndlw_isdigit(c) || (c >= 'a' && c <= 'f') ||
	       (c >= 'A' && c <= 'F');
}
int WINCDECL ndlw_isspace(int c) { return c == ' ' || (c >= 9 && c <= 13); }
int WINCDECL ndlw_isprint(int c) { return c >= 0x20 && c < 0x7f; }
int WINCDECL ndlw_isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
int WINCDECL ndlw_isalnum(int c) { return ndlw_isalpha(c) || ndlw_isdigit(c); }
int WINCDECL ndlw_islower(int c) { return c >= 'a' && c <= 'z'; }
int WINCDECL ndlw_isupper(int c) { return c >= 'A' && c <= 'Z'; }

/* strtoul-like core: optional sign, base prefix, overflow saturation. */
static u64 parse_ul(const char *s, char **end, int base, bool *neg,
		    bool *overflow, u64 limit)
{
	const char *p = s, *digits;
	u64 v = 0;

	*neg = false;
	*overflow = false;
	while (ndlw_isspace((u8)*p))
		p++;
	if (*p == '+' || *p == '-')
		*neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' &&
	    (p[1] == 'x' || p[1] == 'X') && ndlw_isxdigit((u8)p[2])) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = p[0] == '0' ? 8 : 10;
	}
	digits = p;
	if (base >= 2 && base <= 36) {
		for (;; p++) {
			int d = ndlw_isdigit((u8)*p) ? *p - '0' :
				ndlw_isalpha((u8)*p) ? ndlw_tolower((u8)*p) -
				'a' + 10 : 99;

			if (d >= base)
				break;
			if (v > (limit - (u64)d) / (u64)base)
				*overflow = true;
			else
				v = v * (u64)base + (u64)d;
		}
	}
	if (end)
		*end = (char *)(p == digits ? s : p);
	return v;
}

unsigned long WINCDECL ndlw_strtoul(const char *s, char **end, int base)
{
	bool neg, ovf;
	u64 v = parse_ul(s, end, base, &neg, &ovf, 0xffffffffu);

	if (ovf)
		return 0xffffffffu;
	return (unsigned long)(u32)(neg ? -(u32)v : (u32)v);
}

long WINCDECL ndlw_strtol(const char *s, char **end, int base)
{
	bool neg, ovf;
	u64 v = parse_ul(s, end, base, &neg, &ovf, 0x80000000u);

	if (ovf || (!neg && v > 0x7fffffff))
		return neg ? (long)(s32)0x80000000 : 0x7fffffff;
	return neg ? -(long)v : (long)v;
}

int WINCDECL ndlw_atoi(const char *s)
{
	return (int)ndlw_strtol(s, NULL, 10);
}

long WINCDECL ndlw_atol(const char *s)
{
	return ndlw_strtol(s, NULL, 10);
}

/* ---- wide characters (WCHAR is 16-bit) ---------------------------------- */

WCHAR WINCDECL ndlw_towlower(WCHAR c)
{
	return ndlw_RtlDowncaseUnicodeChar(c);
}

WCHAR WINCDECL ndlw_towupper(WCHAR c)
{
	return ndlw_RtlUpcaseUnicodeChar(c);
}


/* ---- rand: MSVCRT's LCG ------------------------------------------------ */

static u32 rand_state = 1;

void WINCDECL ndlw_srand(unsigned int seed)
{
	rand_state = seed;
}

int WINCDECL ndlw_rand(void)
{
	rand_state = rand_state * 214013u + 2531011u;
	return (int)((rand_state >> 16) & 0x7fff);
}

/* MSVC's pure-virtual-call trap: a C++ driver bug. */
void WINCDECL ndlw__purecall(void)
{
	ndl_err("driver called a pure virtual function");
	ndl_os_bugcheck(0x20001, 0, 0, 0, 0);
}
