// SPDX-License-Identifier: GPL-2.0-only
/*
 * .inf text decoding: vendor INFs come as UTF-16LE/BE with a BOM (most),
 * UTF-8 with or without a BOM, or 8-bit ANSI (Windows-1252). Everything is
 * turned into UTF-8 for the lexer; text that is not text (NUL characters)
 * is refused with the line it appears on.
 */
#include <stdint.h>
#include <string.h>

#include "inf/inf.h"

/* Windows-1252 0x80..0x9F; the rest of the 8-bit range is Latin-1. */
static const uint16_t cp1252_high[32] = {
	0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd, 0x017d, 0xfffd,
	0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0xfffd, 0x017e, 0x0178,
};

struct sink {
	char *buf;
	size_t len, cap;
	int line;
};

static void put_cp(struct arena *a, struct sink *s, uint32_t cp)
{
	char tmp[4];
	size_t n;

	if (cp < 0x80) {
		tmp[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		tmp[0] = (char)(0xc0 | (cp >> 6));
		tmp[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		tmp[0] = (char)(0xe0 | (cp >> 12));
		tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		tmp[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		tmp[0] = (char)(0xf0 | (cp >> 18));
		tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		tmp[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	if (s->len + n + 1 > s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 4096;
		char *nb;

		while (ncap < s->len + n + 1)
			ncap *= 2;
		nb = arena_alloc(a, ncap);
		if (s->len)
			memcpy(nb, s->buf, s->len);
		s->buf = nb;
		s->cap = ncap;
	}
	memcpy(s->buf + s->len, tmp, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

/* Length of the valid UTF-8 sequence at p, or 0. */
static size_t utf8_seq(const uint8_t *p, size_t left, uint32_t *cp)
{
	size_t n, i;
	uint32_t v;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	} else if ((p[0] & 0xe0) == 0xc0) {
		n = 2;
		v = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		n = 3;
		v = p[0] & 0x0f;
	} else if ((p[0] & 0xf8) == 0xf0) {
		n = 4;
		v = p[0] & 0x07;
	} else {
		return 0;
	}
	if (n > left)
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		v = (v << 6) | (p[i] & 0x3f);
	}
	if ((n == 2 && v < 0x80) || (n == 3 && v < 0x800) ||
	    (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

static bool valid_utf8(const uint8_t *p, size_t len)
{
	uint32_t cp;
	size_t i = 0, n;

	while (i < len) {
		n = utf8_seq(p + i, len - i, &cp);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

static int bad_nul(const char *file, int line, struct ndl_err *err)
{
	ndl_fail(err, NDL_E_INVALID,
		 "%s:%d: contains a NUL character: this is not a text .inf file",
		 file, line);
	return ndl_hint(err, "check that the file is the driver's .inf and not a binary or damaged copy");
}

/* Adds one decoded code point; 0x1A (DOS end-of-file) ends the text. */
static int emit(struct arena *a, struct sink *s, uint32_t cp, bool *eof,
		const char *file, struct ndl_err *err)
{
	if (cp == 0)
		return bad_nul(file, s->line, err);
	if (cp == 0x1a) {
		*eof = true;
		return 0;
	}
	if (cp == '\n')
		s->line++;
	put_cp(a, s, cp);
	return 0;
}

static int decode_utf16(struct arena *a, struct sink *s, const uint8_t *p,
			size_t len, bool be, const char *file,
			struct ndl_err *err)
{
	size_t i;
	bool eof = false;

	for (i = 0; i + 1 < len && !eof; i += 2) {
		uint32_t u = be ? (uint32_t)(p[i] << 8 | p[i + 1])
				: (uint32_t)(p[i + 1] << 8 | p[i]);

		if (u >= 0xd800 && u <= 0xdbff && i + 3 < len) {
			uint32_t lo = be ? (uint32_t)(p[i + 2] << 8 | p[i + 3])
					 : (uint32_t)(p[i + 3] << 8 | p[i + 2]);

			if (lo >= 0xdc00 && lo <= 0xdfff) {
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
				i += 2;
			} else {
				u = 0xfffd;
			}
		} else if (u >= 0xd800 && u <= 0xdfff) {
			u = 0xfffd;
		}
		if (emit(a, s, u, &eof, file, err))
			return -1;
	}
	return 0;
}

/* UTF-16 without a BOM: most ASCII characters have a zero high byte. */
static int guess_utf16(const uint8_t *p, size_t len)
{
	size_t i, even = 0, odd = 0, n = len < 512 ? len : 512;

	for (i = 0; i + 1 < n; i += 2) {
		even += p[i] == 0;
		odd += p[i + 1] == 0;
	}
	if (n >= 8 && odd * 4 >= n / 2 * 3 && even == 0)
		return 1;	/* little-endian */
	if (n >= 8 && even * 4 >= n / 2 * 3 && odd == 0)
		return 2;	/* big-endian */
	return 0;
}

int inf_decode(struct arena *a, const char *file, const void *data,
	       size_t len, char **text, const char **encoding,
	       struct ndl_err *err)
{
	const uint8_t *p = data;
	struct sink s = { .line = 1 };
	bool eof = false;
	size_t i;
	int g;

	put_cp(a, &s, ' ');	/* make sure buf exists, then drop it */
	s.len = 0;
	s.buf[0] = '\0';
	if (len >= 2 && p[0] == 0xff && p[1] == 0xfe) {
		*encoding = "UTF-16LE";
		if (decode_utf16(a, &s, p + 2, len - 2, false, file, err))
			return -1;
	} else if (len >= 2 && p[0] == 0xfe && p[1] == 0xff) {
		*encoding = "UTF-16BE";
		if (decode_utf16(a, &s, p + 2, len - 2, true, file, err))
			return -1;
	} else if ((g = guess_utf16(p, len)) != 0) {
		*encoding = g == 1 ? "UTF-16LE (no BOM)" : "UTF-16BE (no BOM)";
		if (decode_utf16(a, &s, p, len, g == 2, file, err))
			return -1;
	} else if (len >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
		*encoding = "UTF-8";
		p += 3;
		len -= 3;
		goto utf8;
	} else if (valid_utf8(p, len)) {
		*encoding = "UTF-8 (no BOM)";
utf8:
		for (i = 0; i < len && !eof;) {
			uint32_t cp;
			size_t n = utf8_seq(p + i, len - i, &cp);

			if (!n) {	/* only after a BOM: replace */
				cp = 0xfffd;
				n = 1;
			}
			if (emit(a, &s, cp, &eof, file, err))
				return -1;
			i += n;
		}
	} else {
		*encoding = "ANSI (Windows-1252)";
		for (i = 0; i < len && !eof; i++) {
			uint32_t cp = p[i];

			if (cp >= 0x80 && cp < 0xa0)
				cp = cp1252_high[cp - 0x80];
			if (emit(a, &s, cp, &eof, file, err))
				return -1;
		}
	}
	*text = s.buf;
	return 0;
}
