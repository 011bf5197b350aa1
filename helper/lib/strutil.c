// SPDX-License-Identifier: GPL-2.0-only
/* Small string helpers shared by the parsers, the store and the CLI. */
#include <errno.h>
#include <string.h>

#include "lib/strutil.h"
#include "lib/text.h"

static int lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c + 32 : c;
}

int str_icmp(const char *a, const char *b)
{
	while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) {
		a++;
		b++;
	}
	return lower((unsigned char)*a) - lower((unsigned char)*b);
}

bool str_ieq(const char *a, const char *b)
{
	return a && b && str_icmp(a, b) == 0;
}

bool str_istarts(const char *s, const char *prefix)
{
	while (*prefix) {
		if (lower((unsigned char)*s) != lower((unsigned char)*prefix))
			return false;
		s++;
		prefix++;
	}
	return true;
}

bool str_iends(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && str_ieq(s + n - m, suffix);
}

bool str_copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (!size)
		return false;
	if (n >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return false;
	}
	memcpy(dst, src, n + 1);
	return true;
}

void str_lower(char *s)
{
	for (; *s; s++)
		*s = (char)lower((unsigned char)*s);
}

bool str_to_u64(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	unsigned base = 10;
	int digits = 0;

	if (!s)
		return false;
	while (*s == ' ' || *s == '\t')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s; s++) {
		unsigned d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (base == 16 && lower((unsigned char)*s) >= 'a' &&
			 lower((unsigned char)*s) <= 'f')
			d = (unsigned)(lower((unsigned char)*s) - 'a' + 10);
		else
			break;
		if (v > (max - d) / base)
			return false;
		v = v * base + d;
		digits++;
	}
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s || !digits)
		return false;
	*out = v;
	return true;
}

bool str_to_i64(const char *s, int64_t min, int64_t max, int64_t *out)
{
	uint64_t v;

	if (!s)
		return false;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '-') {
		uint64_t lim = min < 0 ? (uint64_t)(-(min + 1)) + 1 : 0;

		if (!str_to_u64(s + 1, lim, &v))
			return false;
		*out = v ? -(int64_t)(v - 1) - 1 : 0;
		return *out >= min;
	}
	if (max < 0 || !str_to_u64(*s == '+' ? s + 1 : s, (uint64_t)max, &v))
		return false;
	if ((int64_t)v < min)
		return false;
	*out = (int64_t)v;
	return true;
}

bool name_is_safe_file(const char *name)
{
	char why[96];
	size_t n = 0;

	if (!name || !*name || name[0] == '.')
		return false;
	for (; name[n]; n++) {
		unsigned char c = (unsigned char)name[n];

		if (c < 0x20 || c == 0x7f || c == '/' || c == '\\')
			return false;
	}
	/* Valid UTF-8 without direction overrides: what a page shows is what
	 * is stored. */
	return n <= 255 && text_is_clean(name, n, why, sizeof(why));
}

bool name_is_driver(const char *name)
{
	size_t n;

	if (!name || !*name)
		return false;
	for (n = 0; name[n]; n++) {
		char c = name[n];
		bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');

		if (!alnum && (n == 0 || (c != '_' && c != '-' && c != '.')))
			return false;
	}
	return n <= NDL_NAME_LEN;
}

void name_from_inf(const char *inf_name, char *out, size_t size)
{
	const char *base = path_basename_any(inf_name);
	size_t n = 0;

	for (; *base && n + 1 < size && n < NDL_NAME_LEN; base++) {
		char c = (char)lower((unsigned char)*base);

		if (str_ieq(base, ".inf"))
			break;
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      (n && (c == '-' || c == '.'))))
			c = n ? '_' : 'd';
		out[n++] = c;
	}
	if (!n && size > 1)
		out[n++] = 'd';
	out[n] = '\0';
}

const char *path_basename_any(const char *path)
{
	const char *p = path, *base = path;

	for (; *p; p++)
		if (*p == '/' || *p == '\\')
			base = p + 1;
	return base;
}
