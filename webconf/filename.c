// SPDX-License-Identifier: GPL-2.0-only
/* Checking uploaded file names and quoting them safely in messages. */
#include "filename.h"

#include <stdio.h>

/* Length of the UTF-8 sequence at s (max n bytes), its code point in *out; 0 when invalid. */
static size_t utf8_seq(const unsigned char *s, size_t n, unsigned int *out)
{
	size_t len;
	unsigned int cp;

	*out = s[0];
	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and values past U+10FFFF. */
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
	    (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	*out = cp;
	return len;
}

/*
 * Characters that are invisible or reorder the text around them: a name
 * with one can show as something it is not ("exe.sys" that is
 * "sys\u202e.exe"). C1 controls, bidi marks, embeddings, overrides and
 * isolates, zero-width characters, line and paragraph separators, the BOM,
 * interlinear annotations and tag characters.
 */
static bool invisible_or_bidi(unsigned int cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0xad || cp == 0x61c || cp == 0x180e ||
	       (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff ||
	       (cp >= 0xfff9 && cp <= 0xfffb) || (cp >= 0xe0000 && cp <= 0xe007f);
}

const char *wc_filename_problem(const char *name, size_t len)
{
	const unsigned char *s = (const unsigned char *)name;

	if (len == 0)
		return "the file name is empty";
	if (len > WC_FILENAME_MAX)
		return "the file name is longer than 255 bytes";
	for (size_t i = 0; i < len; i++)
		if (s[i] == '/' || s[i] == '\\')
			return "the file name contains a path separator; send the bare file name";
	if (name[0] == '.')
		return "the file name starts with '.'";
	for (size_t i = 0; i < len;) {
		unsigned int cp;
		size_t n;

		if (s[i] < 0x20 || s[i] == 0x7f)
			return "the file name contains a control character";
		n = utf8_seq(s + i, len - i, &cp);
		if (!n)
			return "the file name is not valid UTF-8";
		if (invisible_or_bidi(cp))
			return "the file name contains an invisible or text-direction character "
			       "(e.g. U+202E), which could make it show as another name";
		i += n;
	}
	return NULL;
}

void wc_filename_quote(const char *name, size_t len, char *out, size_t size)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 5 < size; i++) {
		unsigned char c = (unsigned char)name[i];

		if (i == 60) {
			snprintf(out + o, size - o, "...");
			return;
		}
		if (c < 0x20 || c == 0x7f || c == '"' || c >= 0x80)
			o += (size_t)snprintf(out + o, size - o, "\\x%02x", c);
		else
			out[o++] = (char)c;
	}
	out[o] = 0;
}
