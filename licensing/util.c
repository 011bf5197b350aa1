// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small string, error, path and encoding helpers for libndllicense.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"

void ndll_errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int ndll_strlcpy(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (!size)
		return -1;
	if (n >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -1;
	}
	memcpy(dst, src, n + 1);
	return 0;
}

int ndll_path(char *out, size_t outlen, const char *root, const char *path,
	     char *err, size_t errlen)
{
	size_t rl = strlen(root);

	/* A trailing slash on the root would double the separator. */
	while (rl && root[rl - 1] == '/')
		rl--;
	if ((size_t)snprintf(out, outlen, "%.*s%s", (int)rl, root, path) >= outlen) {
		ndll_errf(err, errlen, "path too long: %s%s", root, path);
		return -1;
	}
	return 0;
}

const char *ndl_lic_err_name(enum ndl_lic_err e)
{
	static const char *const names[] = {
		[NDL_LIC_OK] = "ok",
		[NDL_LIC_MALFORMED] = "malformed",
		[NDL_LIC_BAD_SIGNATURE] = "bad_signature",
		[NDL_LIC_WRONG_KEY] = "wrong_key",
		[NDL_LIC_NOT_YET_VALID] = "not_yet_valid",
		[NDL_LIC_EXPIRED] = "expired",
		[NDL_LIC_WRONG_HOST] = "wrong_host",
		[NDL_LIC_WRONG_DEVICE] = "wrong_device",
		[NDL_LIC_WRONG_MAC] = "wrong_mac",
		[NDL_LIC_WRONG_PRODUCT] = "wrong_product",
		[NDL_LIC_NO_KEY] = "no_key",
		[NDL_LIC_POLICY] = "policy",
		[NDL_LIC_IO] = "io",
	};

	if ((size_t)e < sizeof(names) / sizeof(names[0]) && names[e])
		return names[e];
	return "unknown";
}

int ndll_b64_decode(const char *text, unsigned char *out, size_t n)
{
	size_t got = 0;
	const char *end = NULL;

	if (sodium_base642bin(out, n, text, strlen(text), NULL, &got, &end,
			      sodium_base64_VARIANT_ORIGINAL) != 0)
		return -1;
	return (got == n && *end == '\0') ? 0 : -1;
}

void ndll_b64_encode(const unsigned char *in, size_t n, char *out, size_t outlen)
{
	sodium_bin2base64(out, outlen, in, n, sodium_base64_VARIANT_ORIGINAL);
}

void ndll_hex(const unsigned char *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = '\0';
}

/* Random bytes chosen once for ndisload; changing them changes every host ID. */
const unsigned char ndll_app_key[32] = {
	0x6e, 0x64, 0x69, 0x73, 0x6c, 0x6f, 0x61, 0x64,
	0x9b, 0x1f, 0x4c, 0xe2, 0x07, 0xa8, 0x5d, 0x33,
	0xc4, 0x71, 0x0e, 0xbd, 0x92, 0x5a, 0xf6, 0x18,
	0x2d, 0x87, 0xe9, 0x40, 0x3b, 0xc5, 0x66, 0x01,
};
