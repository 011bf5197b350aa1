// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rtl counted strings: init, copy, append, compare, case, ANSI <-> Unicode
 * conversion (Windows-1252 as the ANSI code page), integer <-> string,
 * GUID <-> string. Lengths are in bytes, buffers need no terminator.
 */
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

#define MAX_USTR 0xfffe

/* Windows-1252 0x80..0x9f; the rest of 0x00..0xff maps to itself. */
static const u16 cp1252_hi[32] = {
	0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
	0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
};

WCHAR ndl_ansi_to_wchar(u8 c)
{
	return c >= 0x80 && c < 0xa0 ? cp1252_hi[c - 0x80] : c;
}

u8 ndl_wchar_to_ansi(WCHAR w)
{
	if (w < 0x80 || (w >= 0xa0 && w < 0x100))
		return (u8)w;
	for (int i = 0; i < 32; i++)
		if (cp1252_hi[i] == w)
			return (u8)(0x80 + i);
	return '?';
}

WCHAR NTAPI ndlw_RtlUpcaseUnicodeChar(WCHAR c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 0xe0 && c <= 0xfe && c != 0xf7))
		return c - 0x20;
	if (c == 0xff)
		return 0x178;
	return c;
}

WCHAR NTAPI ndlw_RtlDowncaseUnicodeChar(WCHAR c)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 0xc0 && c <= 0xde && c != 0xd7))
		return c + 0x20;
	if (c == 0x178)
		return 0xff;
	return c;
}

/*
 * A-Z only, as documented; on Windows every byte outside a-z (0x80-0xff
 * included) comes back unchanged, whatever the ANSI code page.
 */
CHAR NTAPI ndlw_RtlUpperChar(CHAR c)
{
	return (c >= 'a' && c <= 'z') ? (CHAR)(c - 0x20) : c;
}

/*
 * min(source Length, destination MaximumLength) bytes, each through
 * RtlUpperChar; the destination's Buffer and MaximumLength stay.
 */
void NTAPI ndlw_RtlUpperString(STRING *dst, const STRING *src)
{
	USHORT n = src->Length < dst->MaximumLength ? src->Length :
		   dst->MaximumLength;

	for (USHORT i = 0; i < n; i++)
		dst->Buffer[i] = ndlw_RtlUpperChar(src->Buffer[i]);
	dst->Length = n;
}

static size_t wlen(const WCHAR *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

void NTAPI ndlw_RtlInitUnicodeString(UNICODE_STRING *dst, const WCHAR *src)
{
	size_t n = src ? wlen(src) * 2 : 0;

	if (n > MAX_USTR - 2)
		n = MAX_USTR - 2;
	dst->Length = (USHORT)n;
	dst->MaximumLength = src ? (USHORT)(n + 2) : 0;
	dst->Buffer = (WCHAR *)src;
}

NTSTATUS NTAPI ndlw_RtlInitUnicodeStringEx(UNICODE_STRING *dst,
					   const WCHAR *src)
{
	if (src && wlen(src) * 2 > MAX_USTR - 2)
		return STATUS_NAME_TOO_LONG;
	ndlw_RtlInitUnicodeString(dst, src);
	return STATUS_SUCCESS;
}

void NTAPI ndlw_RtlInitAnsiString(ANSI_STRING *dst, const char *src)
{
	size_t n = src ? ndl_strlen(src) : 0;

	if (n > 0xfffe)
		n = 0xfffe;
	dst->Length = (USHORT)n;
	dst->MaximumLength = src ? (USHORT)(n + 1) : 0;
	dst->Buffer = (CHAR *)src;
}

void NTAPI ndlw_RtlCopyUnicodeString(UNICODE_STRING *dst,
				     const UNICODE_STRING *src)
{
	USHORT n;

	if (!src || !src->Buffer) {
		dst->Length = 0;
		return;
	}
	n = src->Length < dst->MaximumLength ? src->Length : dst->MaximumLength;
	n &= ~1;
	ndl_memmove(dst->Buffer, src->Buffer, n);
	dst->Length = n;
	if (n + 2 <= dst->MaximumLength)
		dst->Buffer[n / 2] = 0;
}

void NTAPI ndlw_RtlCopyString(STRING *dst, const STRING *src)
{
	USHORT n;

	if (!src || !src->Buffer) {
		dst->Length = 0;
		return;
	}
	n = src->Length < dst->MaximumLength ? src->Length : dst->MaximumLength;
	ndl_memmove(dst->Buffer, src->Buffer, n);
	dst->Length = n;
	if (n < dst->MaximumLength)
		dst->Buffer[n] = 0;
}

NTSTATUS NTAPI ndlw_RtlAnsiStringToUnicodeString(UNICODE_STRING *dst,
						 const ANSI_STRING *src,
						 BOOLEAN alloc)
{
	u32 need = (u32)src->Length * 2;

	if (need > MAX_USTR)
		return STATUS_INVALID_PARAMETER_2;
	if (alloc) {
		dst->Buffer = ndl_alloc(need + 2, ndl_alloc_flags_for_irql());
		if (!dst->Buffer)
			return STATUS_NO_MEMORY;
		dst->MaximumLength = (USHORT)(need + 2);
	} else if (need > dst->MaximumLength) {
		return STATUS_BUFFER_OVERFLOW;
	}
	for (u32 i = 0; i < src->Length; i++)
		dst->Buffer[i] = ndl_ansi_to_wchar((u8)src->Buffer[i]);
	dst->Length = (USHORT)need;
	if (need + 2 <= dst->MaximumLength)
		dst->Buffer[need / 2] = 0;
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlUnicodeStringToAnsiString(ANSI_STRING *dst,
						 const UNICODE_STRING *src,
						 BOOLEAN alloc)
{
	u32 need = src->Length / 2, n = need;
	NTSTATUS st = STATUS_SUCCESS;

	if (alloc) {
		dst->Buffer = ndl_alloc(need + 1, ndl_alloc_flags_for_irql());
		if (!dst->Buffer)
			return STATUS_NO_MEMORY;
		dst->MaximumLength = (USHORT)(need + 1);
	} else if (need + 1 > dst->MaximumLength) {
		if (!dst->MaximumLength)
			return STATUS_BUFFER_OVERFLOW;
		n = dst->MaximumLength - 1u;
		st = STATUS_BUFFER_OVERFLOW;
	}
	for (u32 i = 0; i < n; i++)
		dst->Buffer[i] = (CHAR)ndl_wchar_to_ansi(src->Buffer[i]);
	dst->Buffer[n] = 0;
	dst->Length = (USHORT)n;
	return st;
}

void NTAPI ndlw_RtlFreeUnicodeString(UNICODE_STRING *s)
{
	ndl_free(s->Buffer);
	s->Buffer = NULL;
	s->Length = s->MaximumLength = 0;
}

void NTAPI ndlw_RtlFreeAnsiString(ANSI_STRING *s)
{
	ndl_free(s->Buffer);
	s->Buffer = NULL;
	s->Length = s->MaximumLength = 0;
}

BOOLEAN NTAPI ndlw_RtlCreateUnicodeString(UNICODE_STRING *dst,
					  const WCHAR *src)
{
	size_t n = wlen(src) * 2 + 2;

	if (n > MAX_USTR)
		return FALSE;
	dst->Buffer = ndl_alloc(n, ndl_alloc_flags_for_irql());
	if (!dst->Buffer)
		return FALSE;
	ndl_memcpy(dst->Buffer, src, n);
	dst->Length = (USHORT)(n - 2);
	dst->MaximumLength = (USHORT)n;
	return TRUE;
}

LONG NTAPI ndlw_RtlCompareUnicodeString(const UNICODE_STRING *a,
					const UNICODE_STRING *b, BOOLEAN ci)
{
	u32 na = a->Length / 2, nb = b->Length / 2, n = na < nb ? na : nb;

	for (u32 i = 0; i < n; i++) {
		WCHAR x = a->Buffer[i], y = b->Buffer[i];

		if (ci) {
			x = ndlw_RtlUpcaseUnicodeChar(x);
			y = ndlw_RtlUpcaseUnicodeChar(y);
		}
		if (x != y)
			return (LONG)x - (LONG)y;
	}
	return (LONG)na - (LONG)nb;
}

BOOLEAN NTAPI ndlw_RtlEqualUnicodeString(const UNICODE_STRING *a,
					 const UNICODE_STRING *b, BOOLEAN ci)
{
	return a->Length == b->Length &&
	       ndlw_RtlCompareUnicodeString(a, b, ci) == 0;
}

LONG NTAPI ndlw_RtlCompareString(const STRING *a, const STRING *b, BOOLEAN ci)
{
	u32 n = a->Length < b->Length ? a->Length : b->Length;

	for (u32 i = 0; i < n; i++) {
		u8 x = (u8)a->Buffer[i], y = (u8)b->Buffer[i];

		if (ci) {
			x = (u8)ndlw_RtlUpperChar((CHAR)x);
			y = (u8)ndlw_RtlUpperChar((CHAR)y);
		}
		if (x != y)
			return (LONG)x - (LONG)y;
	}
	return (LONG)a->Length - (LONG)b->Length;
}

BOOLEAN NTAPI ndlw_RtlEqualString(const STRING *a, const STRING *b, BOOLEAN ci)
{
	return a->Length == b->Length && ndlw_RtlCompareString(a, b, ci) == 0;
}

static NTSTATUS append(UNICODE_STRING *dst, const WCHAR *src, u32 bytes)
{
	if ((u32)dst->Length + bytes > dst->MaximumLength)
		return STATUS_BUFFER_TOO_SMALL;
	ndl_memmove((u8 *)dst->Buffer + dst->Length, src, bytes);
	dst->Length = (USHORT)(dst->Length + bytes);
	if (dst->Length + 2u <= dst->MaximumLength)
		dst->Buffer[dst->Length / 2] = 0;
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlAppendUnicodeStringToString(UNICODE_STRING *dst,
						   const UNICODE_STRING *src)
{
	return src->Length ? append(dst, src->Buffer, src->Length) :
			     STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlAppendUnicodeToString(UNICODE_STRING *dst,
					     const WCHAR *src)
{
	return src ? append(dst, src, (u32)wlen(src) * 2) : STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlAppendStringToString(STRING *dst, const STRING *src)
{
	if ((u32)dst->Length + src->Length > dst->MaximumLength)
		return STATUS_BUFFER_TOO_SMALL;
	ndl_memmove(dst->Buffer + dst->Length, src->Buffer, src->Length);
	dst->Length = (USHORT)(dst->Length + src->Length);
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlUpcaseUnicodeString(UNICODE_STRING *dst,
					   const UNICODE_STRING *src,
					   BOOLEAN alloc)
{
	if (alloc) {
		dst->Buffer = ndl_alloc(src->Length + 2u,
					ndl_alloc_flags_for_irql());
		if (!dst->Buffer)
			return STATUS_NO_MEMORY;
		dst->MaximumLength = src->Length;
	} else if (src->Length > dst->MaximumLength) {
		return STATUS_BUFFER_OVERFLOW;
	}
	for (u32 i = 0; i < src->Length / 2u; i++)
		dst->Buffer[i] = ndlw_RtlUpcaseUnicodeChar(src->Buffer[i]);
	dst->Length = src->Length;
	return STATUS_SUCCESS;
}

ULONG NTAPI ndlw_RtlxAnsiStringToUnicodeSize(const ANSI_STRING *s)
{
	return (s->Length + 1u) * 2;
}

ULONG NTAPI ndlw_RtlxUnicodeStringToAnsiSize(const UNICODE_STRING *s)
{
	return s->Length / 2u + 1;
}

NTSTATUS NTAPI ndlw_RtlMultiByteToUnicodeN(WCHAR *dst, ULONG max, ULONG *out,
					   const char *src, ULONG len)
{
	ULONG n = len < max / 2 ? len : max / 2;

	for (ULONG i = 0; i < n; i++)
		dst[i] = ndl_ansi_to_wchar((u8)src[i]);
	if (out)
		*out = n * 2;
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlUnicodeToMultiByteN(char *dst, ULONG max, ULONG *out,
					   const WCHAR *src, ULONG len)
{
	ULONG n = len / 2 < max ? len / 2 : max;

	for (ULONG i = 0; i < n; i++)
		dst[i] = (char)ndl_wchar_to_ansi(src[i]);
	if (out)
		*out = n;
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlUnicodeToMultiByteSize(ULONG *out, const WCHAR *src,
					      ULONG len)
{
	*out = len / 2;
	return STATUS_SUCCESS;
}

/* ---- integers ---------------------------------------------------------- */

static int digit_value(WCHAR c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/* Shared by the Unicode and ANSI parsers: chars fetched through get(). */
static NTSTATUS parse_integer(const void *s, u32 n, bool wide, ULONG base,
			      ULONG *value)
{
	u32 i = 0;
	bool neg = false;
	ULONG v = 0;

#define CH(k) (wide ? ((const WCHAR *)s)[k] : (WCHAR)((const u8 *)s)[k])
	if (base != 0 && base != 2 && base != 8 && base != 10 && base != 16)
		return STATUS_INVALID_PARAMETER;
	if (!value)
		return STATUS_ACCESS_VIOLATION;
	while (i < n && CH(i) && CH(i) <= ' ')
		i++;
	if (i < n && (CH(i) == '+' || CH(i) == '-'))
		neg = CH(i++) == '-';
	if (base == 0) {
		base = 10;
		if (i + 1 < n && CH(i) == '0') {
			WCHAR p = CH(i + 1);

			if (p == 'x' || p == 'X')
				base = 16;
			else if (p == 'o' || p == 'O')
				base = 8;
			else if (p == 'b' || p == 'B')
				base = 2;
			if (base != 10)
				i += 2;
		}
	}
	for (; i < n && CH(i); i++) {
		int d = digit_value(CH(i));

		if (d >= (int)base)
			break;
		v = v * base + (ULONG)d;
	}
#undef CH
	*value = neg ? (ULONG)-(LONG)v : v;
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlUnicodeStringToInteger(const UNICODE_STRING *s,
					      ULONG base, ULONG *value)
{
	return parse_integer(s->Buffer, s->Length / 2u, true, base, value);
}

NTSTATUS NTAPI ndlw_RtlCharToInteger(const char *s, ULONG base, ULONG *value)
{
	return parse_integer(s, 0xffffffffu, false, base, value);
}

/*
 * Digits of v in base (0 means 10) into buf, most significant first;
 * returns their count, or 0 for a base Windows refuses.
 */
static u32 format_u64(u64 v, ULONG base, char *buf)
{
	char tmp[65];
	u32 n = 0, k = 0;

	if (base == 0)
		base = 10;
	if (base != 2 && base != 8 && base != 10 && base != 16)
		return 0;
	do {
		tmp[n++] = "0123456789ABCDEF"[v % base];
		v /= base;
	} while (v);
	while (n)
		buf[k++] = tmp[--n];
	return k;
}

static NTSTATUS int_to_ustr(u64 v, ULONG base, UNICODE_STRING *s)
{
	char digits[65];
	u32 n = format_u64(v, base, digits);

	if (!n)
		return STATUS_INVALID_PARAMETER;
	if (n * 2 > s->MaximumLength)
		return STATUS_BUFFER_OVERFLOW;
	for (u32 i = 0; i < n; i++)
		s->Buffer[i] = (WCHAR)digits[i];
	s->Length = (USHORT)(n * 2);
	if (n * 2 + 2 <= s->MaximumLength)
		s->Buffer[n] = 0;
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlIntegerToUnicodeString(ULONG v, ULONG base,
					      UNICODE_STRING *s)
{
	return int_to_ustr(v, base, s);
}

NTSTATUS NTAPI ndlw_RtlInt64ToUnicodeString(ULONGLONG v, ULONG base,
					    UNICODE_STRING *s)
{
	return int_to_ustr(v, base, s);
}

NTSTATUS NTAPI ndlw_RtlIntegerToChar(ULONG v, ULONG base, LONG len, char *str)
{
	char digits[65];
	u32 n = format_u64(v, base, digits);

	if (!n)
		return STATUS_INVALID_PARAMETER;
	if (len < 0 || (u32)len < n)
		return STATUS_BUFFER_OVERFLOW;
	ndl_memcpy(str, digits, n);
	if ((u32)len > n)
		str[n] = 0;
	return STATUS_SUCCESS;
}

/* ---- GUIDs ------------------------------------------------------------- */

static bool hex_field(const WCHAR *s, u32 digits, u64 *out)
{
	u64 v = 0;

	for (u32 i = 0; i < digits; i++) {
		int d = digit_value(s[i]);

		if (d > 15)
			return false;
		v = v << 4 | (u64)d;
	}
	*out = v;
	return true;
}

NTSTATUS NTAPI ndlw_RtlGUIDFromString(const UNICODE_STRING *s, GUID *g)
{
	static const u8 dash_at[] = { 9, 14, 19, 24 };
	const WCHAR *b = s->Buffer;
	u64 v;

	if (s->Length != 38 * 2 || b[0] != '{' || b[37] != '}')
		return STATUS_INVALID_PARAMETER;
	for (u32 i = 0; i < sizeof(dash_at); i++)
		if (b[dash_at[i]] != '-')
			return STATUS_INVALID_PARAMETER;
	if (!hex_field(b + 1, 8, &v))
		return STATUS_INVALID_PARAMETER;
	g->Data1 = (ULONG)v;
	if (!hex_field(b + 10, 4, &v))
		return STATUS_INVALID_PARAMETER;
	g->Data2 = (USHORT)v;
	if (!hex_field(b + 15, 4, &v))
		return STATUS_INVALID_PARAMETER;
	g->Data3 = (USHORT)v;
	for (u32 i = 0; i < 8; i++) {
		u32 at = i < 2 ? 20 + 2 * i : 25 + 2 * (i - 2);

		if (!hex_field(b + at, 2, &v))
			return STATUS_INVALID_PARAMETER;
		g->Data4[i] = (UCHAR)v;
	}
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_RtlStringFromGUID(const GUID *g, UNICODE_STRING *s)
{
	char buf[40];
	size_t n = ndl_snprintf(buf, sizeof(buf),
		"{%08X-%04X-%04X-%02X%02X-%02X%02X%02X%02X%02X%02X}",
		g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1],
		g->Data4[2], g->Data4[3], g->Data4[4], g->Data4[5],
		g->Data4[6], g->Data4[7]);

	s->Buffer = ndl_alloc((n + 1) * 2, ndl_alloc_flags_for_irql());
	if (!s->Buffer)
		return STATUS_NO_MEMORY;
	for (size_t i = 0; i <= n; i++)
		s->Buffer[i] = (WCHAR)buf[i];
	s->Length = (USHORT)(n * 2);
	s->MaximumLength = (USHORT)(n * 2 + 2);
	return STATUS_SUCCESS;
}
