// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS string exports (NdisInitUnicodeString, NdisInitializeString,
 * ANSI/Unicode conversion, upcase) over the Rtl implementations, and the
 * UTF-8 <-> UTF-16 conversions between the host's registry and drivers.
 */
#include "ndis/ndis_priv.h"

NTSTATUS NTAPI ndlw_RtlUpcaseUnicodeString(UNICODE_STRING *dst,
					   const UNICODE_STRING *src,
					   BOOLEAN alloc);

static u32 utf8_decode(const u8 *s, u32 len, u32 *i)
{
	u8 c = s[*i];
	u32 cp, more, k;

	if (c < 0x80) {
		(*i)++;
		return c;
	}
	if ((c & 0xe0) == 0xc0) {
		cp = c & 0x1f;
		more = 1;
	} else if ((c & 0xf0) == 0xe0) {
		cp = c & 0x0f;
		more = 2;
	} else if ((c & 0xf8) == 0xf0) {
		cp = c & 0x07;
		more = 3;
	} else {
		(*i)++;
		return 0xfffd;
	}
	for (k = 1; k <= more; k++) {
		if (*i + k >= len || (s[*i + k] & 0xc0) != 0x80) {
			*i += k;
			return 0xfffd;
		}
		cp = cp << 6 | (s[*i + k] & 0x3f);
	}
	*i += more + 1;
	return cp > 0x10ffff ? 0xfffd : cp;
}

bool ndl_utf8_to_ustr(const char *s, u32 len, UNICODE_STRING *out,
		      unsigned int flags)
{
	const u8 *u = (const u8 *)s;
	u32 i = 0, n = 0, cap;
	WCHAR *w;

	/* Worst case one UTF-16 unit per byte, plus a terminator. */
	if (len > 0x7ffe)
		return false;
	cap = len + 1;
	w = ndl_alloc(cap * sizeof(WCHAR), flags);
	if (!w)
		return false;
	while (i < len) {
		u32 cp = utf8_decode(u, len, &i);

		if (cp >= 0x10000) {
			cp -= 0x10000;
			w[n++] = (WCHAR)(0xd800 | (cp >> 10));
			w[n++] = (WCHAR)(0xdc00 | (cp & 0x3ff));
		} else {
			w[n++] = (WCHAR)cp;
		}
	}
	w[n] = 0;
	out->Buffer = w;
	out->Length = (USHORT)(n * sizeof(WCHAR));
	out->MaximumLength = (USHORT)(cap * sizeof(WCHAR));
	return true;
}

bool ndl_ustr_to_utf8(const UNICODE_STRING *s, char *buf, u32 len)
{
	u32 n = s && s->Buffer ? s->Length / 2u : 0, i, o = 0;

	if (!len)
		return false;
	for (i = 0; i < n; i++) {
		u32 cp = s->Buffer[i];
		u8 tmp[4];
		u32 k, tl;

		if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < n &&
		    s->Buffer[i + 1] >= 0xdc00 && s->Buffer[i + 1] < 0xe000) {
			cp = 0x10000 + ((cp - 0xd800) << 10) +
			     (s->Buffer[i + 1] - 0xdc00u);
			i++;
		} else if (cp >= 0xd800 && cp < 0xe000) {
			cp = 0xfffd;
		}
		if (!cp)
			break;	/* counted strings may carry the terminator */
		if (cp < 0x80) {
			tmp[0] = (u8)cp;
			tl = 1;
		} else if (cp < 0x800) {
			tmp[0] = (u8)(0xc0 | cp >> 6);
			tmp[1] = (u8)(0x80 | (cp & 0x3f));
			tl = 2;
		} else if (cp < 0x10000) {
			tmp[0] = (u8)(0xe0 | cp >> 12);
			tmp[1] = (u8)(0x80 | ((cp >> 6) & 0x3f));
			tmp[2] = (u8)(0x80 | (cp & 0x3f));
			tl = 3;
		} else {
			tmp[0] = (u8)(0xf0 | cp >> 18);
			tmp[1] = (u8)(0x80 | ((cp >> 12) & 0x3f));
			tmp[2] = (u8)(0x80 | ((cp >> 6) & 0x3f));
			tmp[3] = (u8)(0x80 | (cp & 0x3f));
			tl = 4;
		}
		if (o + tl >= len) {
			buf[o] = 0;
			return false;
		}
		for (k = 0; k < tl; k++)
			buf[o++] = (char)tmp[k];
	}
	buf[o] = 0;
	return true;
}

/* ---- exports ------------------------------------------------------------ */

/*
 * NdisInitializeString: a counted Unicode copy of an ANSI C string in
 * memory NDIS allocates; the driver frees it with NdisFreeString
 * (NdisFreeMemory on Buffer).
 */
void NTAPI ndlw_NdisInitializeString(NDIS_STRING *dst, const u8 *src)
{
	u32 n = 0, i;

	dst->Length = dst->MaximumLength = 0;
	dst->Buffer = NULL;
	if (!src)
		return;
	while (src[n] && n < 0x7ffe)
		n++;
	dst->Buffer = ndl_alloc((n + 1) * sizeof(WCHAR),
				ndl_alloc_flags_for_irql());
	if (!dst->Buffer)
		return;
	for (i = 0; i < n; i++)
		dst->Buffer[i] = ndl_ansi_to_wchar(src[i]);
	dst->Buffer[n] = 0;
	dst->Length = (USHORT)(n * sizeof(WCHAR));
	dst->MaximumLength = (USHORT)((n + 1) * sizeof(WCHAR));
}

/* The caller provides the destination buffer (MaximumLength). */
NDIS_STATUS NTAPI ndlw_NdisAnsiStringToUnicodeString(NDIS_STRING *dst,
						     ANSI_STRING *src)
{
	if (!dst || !src)
		return NDIS_STATUS_FAILURE;
	return ndlw_RtlAnsiStringToUnicodeString(dst, src, FALSE) ==
	       STATUS_SUCCESS ? NDIS_STATUS_SUCCESS : NDIS_STATUS_FAILURE;
}

NDIS_STATUS NTAPI ndlw_NdisUnicodeStringToAnsiString(ANSI_STRING *dst,
						     NDIS_STRING *src)
{
	if (!dst || !src)
		return NDIS_STATUS_FAILURE;
	return ndlw_RtlUnicodeStringToAnsiString(dst, src, FALSE) ==
	       STATUS_SUCCESS ? NDIS_STATUS_SUCCESS : NDIS_STATUS_FAILURE;
}

NDIS_STATUS NTAPI ndlw_NdisUpcaseUnicodeString(NDIS_STRING *dst,
					       NDIS_STRING *src)
{
	if (!dst || !src)
		return NDIS_STATUS_FAILURE;
	return ndlw_RtlUpcaseUnicodeString(dst, src, FALSE) == STATUS_SUCCESS ?
	       NDIS_STATUS_SUCCESS : NDIS_STATUS_FAILURE;
}
