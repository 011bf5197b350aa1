// SPDX-License-Identifier: GPL-2.0-only
/* Clean-text check for what clients send (see text.h). */
#include <stdint.h>
#include <stdio.h>

#include "lib/text.h"

/* Decodes one UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at
 * most U+10FFFF); returns its length, or 0 when malformed. */
static size_t utf8_decode(const unsigned char *s, size_t len, uint32_t *cp)
{
	static const uint32_t min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t n, i;
	uint32_t c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, c = s[0] & 0x07;
	else
		return 0;
	if (n > len)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* Unicode general category Cf (format), the line and paragraph separators
 * and the noncharacters U+FFFE/FFFF: invisible or line-breaking, and the
 * bidi ones reorder what is displayed around them. */
static bool is_format(uint32_t c)
{
	return c == 0xad || (c >= 0x600 && c <= 0x605) || c == 0x61c ||
	       c == 0x6dd || c == 0x70f || c == 0x890 || c == 0x891 || c == 0x8e2 ||
	       c == 0x180e || (c >= 0x200b && c <= 0x200f) ||
	       (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) ||
	       (c >= 0x2066 && c <= 0x206f) || c == 0xfeff ||
	       (c >= 0xfff9 && c <= 0xfffb) || c == 0xfffe || c == 0xffff ||
	       c == 0x110bd || c == 0x110cd || (c >= 0x13430 && c <= 0x1343f) ||
	       (c >= 0x1bca0 && c <= 0x1bca3) || (c >= 0x1d173 && c <= 0x1d17a) ||
	       c == 0xe0001 || (c >= 0xe0020 && c <= 0xe007f);
}

bool text_is_clean(const char *s, size_t len, char *why, size_t whysize)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n;
	uint32_t c;

	while (i < len) {
		n = utf8_decode(u + i, len - i, &c);
		if (!n) {
			snprintf(why, whysize, "is not valid UTF-8 (byte %zu)", i + 1);
			return false;
		}
		if (!c) {
			snprintf(why, whysize, "contains a NUL character");
			return false;
		}
		if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
			snprintf(why, whysize, "contains the control character U+%04X",
				 (unsigned int)c);
			return false;
		}
		if (is_format(c)) {
			snprintf(why, whysize,
				 "contains the invisible format or direction character U+%04X",
				 (unsigned int)c);
			return false;
		}
		i += n;
	}
	return true;
}
