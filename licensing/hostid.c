// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host ID: a keyed BLAKE2b of /etc/machine-id, so a host can be named in a
 * license without revealing its machine ID, written in Crockford base32
 * with a check character for reading over the phone.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"

#define DATA_CHARS 15
static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/* Weighted sum mod 31 (prime): catches any single wrong character (but 0/Z) and swaps. */
static int check_value(const int v[DATA_CHARS])
{
	int sum = 0;

	for (int i = 0; i < DATA_CHARS; i++)
		sum += (i + 1) * v[i];
	return sum % 31;
}

static void format(const int v[DATA_CHARS + 1], char *out)
{
	int o = 0;

	for (int i = 0; i < DATA_CHARS + 1; i++) {
		if (i && i % 4 == 0)
			out[o++] = '-';
		out[o++] = alphabet[v[i]];
	}
	out[o] = '\0';
}

int ndl_lic_hostid_from_machine_id(const char *machine_id,
			       char out[NDL_LIC_HOSTID_LEN + 1])
{
	static const char context[] = "ndisload host id v1";
	unsigned char h[10];
	int v[DATA_CHARS + 1];
	crypto_generichash_state st;

	if (sodium_init() < 0)
		return -1;
	crypto_generichash_init(&st, ndll_app_key, sizeof(ndll_app_key), sizeof(h));
	crypto_generichash_update(&st, (const unsigned char *)context, sizeof(context));
	crypto_generichash_update(&st, (const unsigned char *)machine_id,
				  strlen(machine_id));
	crypto_generichash_final(&st, h, sizeof(h));
	/* 75 bits, 5 per character, most significant first. */
	for (int i = 0; i < DATA_CHARS; i++) {
		int bit = i * 5, val = 0;

		for (int b = 0; b < 5; b++, bit++)
			val = (val << 1) | ((h[bit / 8] >> (7 - bit % 8)) & 1);
		v[i] = val;
	}
	v[DATA_CHARS] = check_value(v);
	format(v, out);
	return 0;
}

int ndl_lic_hostid_compute(const char *root, char out[NDL_LIC_HOSTID_LEN + 1],
		       char *err, size_t errlen)
{
	static const char *const paths[] = {
		"/etc/machine-id", "/var/lib/dbus/machine-id",
	};
	char path[PATH_MAX], first[PATH_MAX] = "", *text = NULL;
	size_t len;

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (ndll_path(path, sizeof(path), root, paths[i], err, errlen) != 0)
			return -1;
		if (!*first)
			ndll_strlcpy(first, path, sizeof(first));
		if (ndll_read_file(path, 256, &text, &len, NULL, 0) == 0)
			break;
		text = NULL;
	}
	if (!text) {
		ndll_errf(err, errlen, "cannot read %s: the host ID is derived from systemd's machine ID (create it with systemd-machine-id-setup)",
			 first);
		return -1;
	}
	len = strcspn(text, "\r\n");
	text[len] = '\0';
	for (size_t i = 0; i < len; i++) {
		if (!isxdigit((unsigned char)text[i]))
			len = 0;
	}
	if (len != 32) {
		ndll_errf(err, errlen, "%s does not hold a machine ID (32 hex digits); recreate it with systemd-machine-id-setup",
			 path);
		free(text);
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		text[i] = (char)tolower((unsigned char)text[i]);
	ndl_lic_hostid_from_machine_id(text, out);
	free(text);
	return 0;
}

int ndl_lic_hostid_normalize(const char *in, char *out, size_t outlen,
			 char *err, size_t errlen)
{
	int v[DATA_CHARS + 1], n = 0;

	for (const char *p = in; *p; p++) {
		int c = toupper((unsigned char)*p);
		const char *pos;

		if (c == '-' || c == ' ')
			continue;
		/* Crockford's reading rules: O is 0, I and L are 1. */
		c = c == 'O' ? '0' : (c == 'I' || c == 'L') ? '1' : c;
		pos = c ? strchr(alphabet, c) : NULL;
		if (!pos || n == DATA_CHARS + 1) {
			n = -1;
			break;
		}
		v[n++] = (int)(pos - alphabet);
	}
	if (n != DATA_CHARS + 1 || outlen < NDL_LIC_HOSTID_LEN + 1) {
		ndll_errf(err, errlen, "\"%s\" is not a host ID (16 characters like K7QF-3MZD-9XHA-2BWC; see 'ndisload license hostid')",
			 in);
		return -1;
	}
	if (check_value(v) != v[DATA_CHARS]) {
		ndll_errf(err, errlen, "\"%s\" is not a host ID: its check character does not match (a character was misread?)",
			 in);
		return -1;
	}
	format(v, out);
	return 0;
}
