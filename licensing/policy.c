// SPDX-License-Identifier: GPL-2.0-only
/*
 * A brand's license policy: the license_* keys of brand.conf, the vendor's
 * license.pub, and which drivers need a license (license_drivers= digests
 * and every .sys in the brand's driver/ directory).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define BRAND_CONF_MAX 65536

static void unquote(char *v)
{
	size_t n = strlen(v);

	if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
		memmove(v, v + 1, n - 2);
		v[n - 2] = '\0';
	}
}

static int sha_norm(const char *in, char *out, size_t outlen,
		    char *err, size_t errlen)
{
	size_t n = strlen(in);

	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)in[i]))
			n = 0;
	if (n != 64 || outlen < 65) {
		ndl_errf(err, errlen, "\"%s\" is not a SHA-256 digest (64 hex digits)", in);
		return -1;
	}
	for (size_t i = 0; i <= n; i++)
		out[i] = (char)tolower((unsigned char)in[i]);
	return 0;
}

static int add_driver(struct ndl_policy *p, const char *sha, char *err, size_t errlen)
{
	for (size_t i = 0; i < p->drivers.n; i++)
		if (!strcmp(p->drivers.item[i], sha))
			return 0;
	if (p->drivers.n == NDL_LIST_MAX) {
		ndl_errf(err, errlen, "more than %d licensed driver files", NDL_LIST_MAX);
		return -1;
	}
	ndl_strlcpy(p->drivers.item[p->drivers.n++], sha, NDL_ITEM_MAX);
	return 0;
}

static int parse_conf(const char *path, const char *text, size_t len,
		      struct ndl_policy *p, char *err, size_t errlen)
{
	struct ndl_kv_reader r;
	char k[64], v[4096], why[NDL_ERRLEN];
	int rc;

	ndl_kv_init(&r, text, len, '=');
	while ((rc = ndl_kv_next(&r, k, sizeof(k), v, sizeof(v), why, sizeof(why))) > 0) {
		unquote(v);
		if (!strcmp(k, "license_required")) {
			if (!strcasecmp(v, "yes") || !strcasecmp(v, "true") || !strcmp(v, "1"))
				p->required = true;
			else if (!strcasecmp(v, "no") || !strcasecmp(v, "false") || !strcmp(v, "0"))
				p->required = false;
			else
				goto bad;
		} else if (!strcmp(k, "trial_days")) {
			char *end;
			long d = strtol(v, &end, 10);

			if (!*v || *end || d < 0 || d > 3650)
				goto bad;
			p->trial_days = (int)d;
		} else if (!strcmp(k, "license_url")) {
			if (ndl_strlcpy(p->contact, v, sizeof(p->contact)) != 0)
				goto bad;
		} else if (!strcmp(k, "license_product")) {
			if (ndl_strlcpy(p->product, v, sizeof(p->product)) != 0)
				goto bad;
		} else if (!strcmp(k, "license_drivers")) {
			struct ndl_list l;

			for (char *c = v; *c; c++)	/* space- or comma-separated */
				if (*c == ' ' || *c == '\t')
					*c = ',';
			for (char *c = v; (c = strstr(c, ",,")); )
				memmove(c, c + 1, strlen(c));
			if (ndl_list_parse(v, &l, sha_norm, "license_drivers", why, sizeof(why)) != 0) {
				ndl_errf(err, errlen, "%s line %d: %s", path, r.line, why);
				return -1;
			}
			for (size_t i = 0; i < l.n; i++)
				if (add_driver(p, l.item[i], err, errlen) != 0)
					return -1;
		}
		/* Other keys belong to the installer and the web UI. */
		continue;
bad:
		ndl_errf(err, errlen, "%s line %d: bad value for %s: \"%s\"", path, r.line, k, v);
		return -1;
	}
	if (rc < 0) {
		ndl_errf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	return 0;
}

static bool is_sys(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcasecmp(name + n - 4, ".sys");
}

static int hash_bundled(const char *brand_dir, struct ndl_policy *p,
			char *err, size_t errlen)
{
	char dir[PATH_MAX], path[PATH_MAX], sha[65];
	struct dirent **ents;
	int n, rc = 0;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/driver", brand_dir) >= sizeof(dir))
		return 0;
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return 0;	/* no bundled driver directory */
	for (int i = 0; i < n; i++) {
		if (!rc && is_sys(ents[i]->d_name) &&
		    (size_t)snprintf(path, sizeof(path), "%s/%s", dir,
				     ents[i]->d_name) < sizeof(path))
			rc = ndl_sha256_file(path, sha, err, errlen) ||
			     add_driver(p, sha, err, errlen);
		free(ents[i]);
	}
	free(ents);
	return rc ? -1 : 0;
}

int ndl_policy_load(const char *brand_dir, struct ndl_policy *p,
		    char *err, size_t errlen)
{
	char path[PATH_MAX], *text;
	size_t len;
	int rc;

	memset(p, 0, sizeof(*p));
	p->trial_days = 30;
	if ((size_t)snprintf(path, sizeof(path), "%s/brand.conf", brand_dir) >= sizeof(path)) {
		ndl_errf(err, errlen, "brand directory path too long");
		return -1;
	}
	if (ndl_read_file(path, BRAND_CONF_MAX, &text, &len, err, errlen) != 0)
		return errno == ENOENT ? 0 : -1;	/* community build */
	p->branded = true;
	rc = memchr(text, '\0', len) ? -1 : parse_conf(path, text, len, p, err, errlen);
	if (rc && memchr(text, '\0', len))
		ndl_errf(err, errlen, "%s is not a text file", path);
	free(text);
	if (rc)
		return -1;

	/* Drivers first: with a broken key, the helper still knows what to refuse. */
	if (hash_bundled(brand_dir, p, err, errlen) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/license.pub", brand_dir);
	if (ndl_pubkey_load(path, &p->key, err, errlen) == 0) {
		p->has_key = true;
	} else if (errno != ENOENT || p->required) {
		if (errno == ENOENT)
			ndl_errf(err, errlen, "the brand requires a license (license_required=yes) but has no %s",
				 path);
		return -1;
	}
	if (p->required && !p->drivers.n) {
		ndl_errf(err, errlen, "the brand requires a license but names no driver that needs one (license_drivers= or %s/driver/*.sys)",
			 brand_dir);
		return -1;
	}
	return 0;
}
