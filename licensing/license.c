// SPDX-License-Identifier: GPL-2.0-only
/*
 * The license file: strict parser, canonical body (the signed bytes), file
 * writer, Ed25519 signing and verification.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"

enum field {
	F_FORMAT, F_SERIAL, F_VENDOR, F_PRODUCT, F_LICENSEE, F_ISSUED,
	F_NOT_BEFORE, F_EXPIRES, F_HOSTS, F_DEVICES, F_MACS, F_FEATURES,
	F_KEY_ID, F_SIGNATURE, F_COUNT
};

/* Canonical order: the body is written, and signed, in this order. */
static const char *const field_names[F_COUNT] = {
	"format", "serial", "vendor", "product", "licensee", "issued",
	"not-before", "expires", "hosts", "devices", "macs", "features",
	"key-id", "signature",
};

static int hostid_norm(const char *in, char *out, size_t outlen,
		       char *err, size_t errlen)
{
	return ndl_lic_hostid_normalize(in, out, outlen, err, errlen);
}

/* Printable UTF-8 without control characters. */
static bool text_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!*p)
		return false;
	while (*p) {
		int extra;

		if (*p < 0x20 || *p == 0x7f)
			return false;
		if (*p < 0x80) {
			p++;
			continue;
		}
		extra = (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 :
			(*p & 0xf8) == 0xf0 ? 3 : -1;
		if (extra < 0 || (extra == 1 && *p < 0xc2))
			return false;
		p++;
		while (extra--) {
			if ((*p & 0xc0) != 0x80)
				return false;
			p++;
		}
	}
	return true;
}

/* Binary or non-UTF-8 bytes anywhere: then it is not a license at all. */
static bool scan_text(const char *text, size_t len, char *err, size_t errlen)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7f) {
			ndll_errf(err, errlen, "not an ndisload license: it contains binary data (byte 0x%02x at offset %zu)",
				 c, i);
			return false;
		}
	}
	return true;
}

static int set_text(char *dst, size_t dstlen, const char *v, const char *name,
		    int line, char *err, size_t errlen)
{
	if (!text_ok(v) || strlen(v) >= dstlen) {
		ndll_errf(err, errlen, "line %d: \"%s\" must be 1 to %zu bytes of printable UTF-8 text",
			 line, name, dstlen - 1);
		return -1;
	}
	memcpy(dst, v, strlen(v) + 1);
	return 0;
}

static int set_date(int32_t *day, const char *v, const char *name, bool never_ok,
		    int line, char *err, size_t errlen)
{
	if (never_ok && !strcmp(v, "never")) {
		*day = NDL_LIC_NEVER;
		return 0;
	}
	if (ndl_lic_date_parse(v, day) != 0) {
		ndll_errf(err, errlen, "line %d: \"%s\" must be a date YYYY-MM-DD%s, not \"%s\"",
			 line, name, never_ok ? " or \"never\"" : "", v);
		return -1;
	}
	return 0;
}

static int set_list(struct ndl_lic_list *list, const char *v, const char *none,
		    int (*norm)(const char *, char *, size_t, char *, size_t),
		    const char *what, int line, char *err, size_t errlen)
{
	char why[NDL_LIC_ERRLEN];

	if (!strcmp(v, none)) {
		list->n = 0;
		return 0;
	}
	if (ndl_lic_list_parse(v, list, norm, what, why, sizeof(why)) != 0) {
		ndll_errf(err, errlen, "line %d: %s", line, why);
		return -1;
	}
	return 0;
}

static bool is_hex(const char *s, size_t n)
{
	if (strlen(s) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return false;
	return true;
}

static int set_field(struct ndl_license *lic, enum field f, const char *v,
		     int line, char *err, size_t errlen)
{
	const char *name = field_names[f];

	switch (f) {
	case F_FORMAT:
		if (strcmp(v, NDL_LICENSE_FORMAT)) {
			ndll_errf(err, errlen, "unsupported license format \"%s\" (this ndisload reads %s)",
				 v, NDL_LICENSE_FORMAT);
			return -1;
		}
		return 0;
	case F_SERIAL:
		if (!is_hex(v, NDL_LIC_SERIAL_LEN)) {
			ndll_errf(err, errlen, "line %d: \"serial\" must be %d lower-case hex digits",
				 line, NDL_LIC_SERIAL_LEN);
			return -1;
		}
		memcpy(lic->serial, v, NDL_LIC_SERIAL_LEN + 1);
		return 0;
	case F_VENDOR:
		return set_text(lic->vendor, sizeof(lic->vendor), v, name, line, err, errlen);
	case F_PRODUCT:
		return set_text(lic->product, sizeof(lic->product), v, name, line, err, errlen);
	case F_LICENSEE:
		return set_text(lic->licensee, sizeof(lic->licensee), v, name, line, err, errlen);
	case F_ISSUED:
		return set_date(&lic->issued, v, name, false, line, err, errlen);
	case F_NOT_BEFORE:
		return set_date(&lic->not_before, v, name, false, line, err, errlen);
	case F_EXPIRES:
		return set_date(&lic->expires, v, name, true, line, err, errlen);
	case F_HOSTS:
		return set_list(&lic->hosts, v, "any", hostid_norm, "hosts", line, err, errlen);
	case F_DEVICES:
		return set_list(&lic->devices, v, "any", ndl_lic_device_id_normalize,
				"devices", line, err, errlen);
	case F_MACS:
		return set_list(&lic->macs, v, "any", ndl_lic_mac_normalize, "macs",
				line, err, errlen);
	case F_FEATURES:
		return set_list(&lic->features, v, "none", NULL, "features", line, err, errlen);
	case F_KEY_ID:
		if (!is_hex(v, NDL_LIC_KEYID_LEN)) {
			ndll_errf(err, errlen, "line %d: \"key-id\" must be %d lower-case hex digits",
				 line, NDL_LIC_KEYID_LEN);
			return -1;
		}
		memcpy(lic->key_id, v, NDL_LIC_KEYID_LEN + 1);
		return 0;
	case F_SIGNATURE:
		if (ndll_b64_decode(v, lic->sig, sizeof(lic->sig)) != 0) {
			ndll_errf(err, errlen, "the signature is damaged: it is not 64 bytes of base64 (was the text cut off when copying?)");
			return -1;
		}
		return 0;
	case F_COUNT:
		break;
	}
	return -1;
}

/* Is there a "signature" line at all? A copy cut short loses it first. */
static bool has_signature_line(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if ((size_t)(end - p) >= 10 && !strncmp(p, "signature:", 10))
			return true;
		p = e ? e + 1 : end;
	}
	return false;
}

static const char incomplete[] =
	"the license is incomplete: the \"signature\" line is missing (was the text cut off when copying?)";

enum ndl_lic_err ndl_license_parse(const char *text, size_t len,
				   struct ndl_license *lic,
				   char *err, size_t errlen)
{
	struct ndll_kv_reader r;
	int seen[F_COUNT] = { 0 };
	char key[32], val[NDL_LICENSE_MAX], why[NDL_LIC_ERRLEN];
	size_t i;
	int rc, n = 0;

	memset(lic, 0, sizeof(*lic));
	for (i = 0; i < len && strchr(" \t\r\n", text[i]); i++)
		;
	if (i == len) {
		ndll_errf(err, errlen, "the license is empty");
		return NDL_LIC_MALFORMED;
	}
	if (len > NDL_LICENSE_MAX) {
		ndll_errf(err, errlen, "not an ndisload license: it is larger than %d bytes",
			 NDL_LICENSE_MAX);
		return NDL_LIC_MALFORMED;
	}
	if (!scan_text(text, len, err, errlen))
		return NDL_LIC_MALFORMED;

	ndll_kv_init(&r, text, len, ':');
	while ((rc = ndll_kv_next(&r, key, sizeof(key), val, sizeof(val),
				 why, sizeof(why))) > 0) {
		enum field f;

		for (f = 0; f < F_COUNT; f++)
			if (!strcmp(key, field_names[f]))
				break;
		if (n++ == 0 && f != F_FORMAT) {
			ndll_errf(err, errlen, "not an ndisload license: it does not start with \"format: %s\"",
				 NDL_LICENSE_FORMAT);
			return NDL_LIC_MALFORMED;
		}
		if (f == F_COUNT) {
			ndll_errf(err, errlen, "unknown field \"%s\" on line %d", key, r.line);
			return NDL_LIC_MALFORMED;
		}
		if (seen[f]) {
			ndll_errf(err, errlen, "line %d repeats the field \"%s\" (first on line %d)",
				 r.line, key, seen[f]);
			return NDL_LIC_MALFORMED;
		}
		seen[f] = r.line;
		if (set_field(lic, f, val, r.line, err, errlen) != 0) {
			/* A field cut in the middle: say it was cut, not that it is bad. */
			if (f != F_FORMAT && !has_signature_line(text, len))
				ndll_errf(err, errlen, "%s", incomplete);
			return NDL_LIC_MALFORMED;
		}
	}
	if (rc < 0) {
		if (n == 0)
			ndll_errf(err, errlen, "not an ndisload license: %s", why);
		else if (!has_signature_line(text, len))
			ndll_errf(err, errlen, "%s", incomplete);
		else
			ndll_errf(err, errlen, "the license is damaged: %s", why);
		return NDL_LIC_MALFORMED;
	}
	if (!seen[F_SIGNATURE]) {
		ndll_errf(err, errlen, "%s", incomplete);
		return NDL_LIC_MALFORMED;
	}
	for (enum field f = 0; f < F_COUNT; f++) {
		if (!seen[f]) {
			ndll_errf(err, errlen, "the license is incomplete: it has no \"%s\" line",
				 field_names[f]);
			return NDL_LIC_MALFORMED;
		}
	}
	if (lic->expires != NDL_LIC_NEVER && lic->expires < lic->not_before) {
		char nb[11], exp[11];

		ndl_lic_date_format(lic->not_before, nb);
		ndl_lic_date_format(lic->expires, exp);
		ndll_errf(err, errlen, "the license expires (%s) before it becomes valid (%s)",
			 exp, nb);
		return NDL_LIC_MALFORMED;
	}
	return NDL_LIC_OK;
}

static int append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*pos >= len)
		return -1;
	va_start(ap, fmt);
	n = vsnprintf(buf + *pos, len - *pos, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - *pos) {
		*pos = len;
		return -1;
	}
	*pos += (size_t)n;
	return 0;
}

static void append_list(char *buf, size_t len, size_t *pos, const char *name,
			const struct ndl_lic_list *l, const char *none)
{
	append(buf, len, pos, "%s: ", name);
	if (!l->n)
		append(buf, len, pos, "%s", none);
	for (size_t i = 0; i < l->n; i++)
		append(buf, len, pos, "%s%s", i ? ", " : "", l->item[i]);
	append(buf, len, pos, "\n");
}

int ndl_license_body(const struct ndl_license *lic, char *buf, size_t len)
{
	char issued[11], nb[11], exp[11];
	size_t pos = 0;

	ndl_lic_date_format(lic->issued, issued);
	ndl_lic_date_format(lic->not_before, nb);
	ndl_lic_date_format(lic->expires, exp);
	append(buf, len, &pos,
	       "format: %s\nserial: %s\nvendor: %s\nproduct: %s\nlicensee: %s\n"
	       "issued: %s\nnot-before: %s\nexpires: %s\n",
	       NDL_LICENSE_FORMAT, lic->serial, lic->vendor, lic->product,
	       lic->licensee, issued, nb, exp);
	append_list(buf, len, &pos, "hosts", &lic->hosts, "any");
	append_list(buf, len, &pos, "devices", &lic->devices, "any");
	append_list(buf, len, &pos, "macs", &lic->macs, "any");
	append_list(buf, len, &pos, "features", &lic->features, "none");
	append(buf, len, &pos, "key-id: %s\n", lic->key_id);
	return pos >= len ? -1 : (int)pos;
}

int ndl_license_format(const struct ndl_license *lic, char *buf, size_t len)
{
	char sig[sodium_base64_ENCODED_LEN(64, sodium_base64_VARIANT_ORIGINAL)];
	size_t pos = 0;
	int n;

	append(buf, len, &pos,
	       "# ndisload license for %s. Install it with\n"
	       "#   ndisload license install FILE\n"
	       "# or paste it on the License page of the web configurator.\n"
	       "# Changing any line below invalidates it.\n", lic->product);
	if (pos >= len)
		return -1;
	n = ndl_license_body(lic, buf + pos, len - pos);
	if (n < 0)
		return -1;
	pos += (size_t)n;
	ndll_b64_encode(lic->sig, sizeof(lic->sig), sig, sizeof(sig));
	append(buf, len, &pos, "signature: %s\n", sig);
	return pos >= len ? -1 : (int)pos;
}

int ndl_license_sign(struct ndl_license *lic, const struct ndl_lic_seckey *key,
		     char *err, size_t errlen)
{
	char body[NDL_LICENSE_MAX];
	int n;

	if (ndl_lic_crypto_init(err, errlen) != 0)
		return -1;
	memcpy(lic->key_id, key->pub.key_id, sizeof(lic->key_id));
	n = ndl_license_body(lic, body, sizeof(body));
	if (n < 0) {
		ndll_errf(err, errlen, "the license would be larger than %d bytes", NDL_LICENSE_MAX);
		return -1;
	}
	crypto_sign_detached(lic->sig, NULL, (const unsigned char *)body,
			     (unsigned long long)n, key->sk);
	return 0;
}

enum ndl_lic_err ndl_license_verify(const struct ndl_license *lic,
				    const struct ndl_lic_pubkey *pub,
				    char *err, size_t errlen)
{
	char body[NDL_LICENSE_MAX];
	int n;

	if (ndl_lic_crypto_init(err, errlen) != 0)
		return NDL_LIC_IO;
	if (strcmp(lic->key_id, pub->key_id)) {
		ndll_errf(err, errlen, "the license was signed with vendor key %s, but the key expected here is %s (is it a license for another vendor's product?)",
			 lic->key_id, pub->key_id);
		return NDL_LIC_WRONG_KEY;
	}
	n = ndl_license_body(lic, body, sizeof(body));
	if (n < 0 || crypto_sign_verify_detached(lic->sig, (const unsigned char *)body,
						 (unsigned long long)n, pub->pk) != 0) {
		ndll_errf(err, errlen, "the signature does not match the license text: it was changed after it was issued");
		return NDL_LIC_BAD_SIGNATURE;
	}
	return NDL_LIC_OK;
}
