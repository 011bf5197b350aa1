// SPDX-License-Identifier: GPL-2.0-only
/*
 * A brand's license policy, read from the installed brand directory:
 * brand.json's "license" object, the vendor's license.pub, and the SHA-256
 * of each .sys of the bundled driver (driver/), which is what needs a
 * license.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "internal.h"

#define BRAND_JSON_MAX 65536

static bool is_sys(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcasecmp(name + n - 4, ".sys");
}

static int hash_bundled(const char *brand_dir, struct ndl_lic_policy *p,
			char *err, size_t errlen)
{
	char dir[PATH_MAX], path[PATH_MAX], sha[65];
	struct dirent **ents;
	int n, rc = 0;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/driver", brand_dir) >= sizeof(dir))
		return 0;
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return 0;	/* no bundled driver */
	for (int i = 0; i < n; i++) {
		if (!rc && is_sys(ents[i]->d_name) &&
		    (size_t)snprintf(path, sizeof(path), "%s/%s", dir,
				     ents[i]->d_name) < sizeof(path)) {
			if (p->drivers.n == NDL_LIC_LIST_MAX) {
				ndll_errf(err, errlen, "%s holds more than %d .sys files", dir,
					  NDL_LIC_LIST_MAX);
				rc = -1;
			} else {
				rc = ndl_lic_sha256_file(path, sha, err, errlen);
				if (!rc)
					memcpy(p->drivers.item[p->drivers.n++], sha, sizeof(sha));
			}
		}
		free(ents[i]);
	}
	free(ents);
	return rc;
}

/* Optional string member; false if present with another type or too long. */
static bool get_str(struct json_object *o, const char *key, char *out, size_t outlen)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_null))
		return true;
	return json_object_is_type(v, json_type_string) &&
	       ndll_strlcpy(out, json_object_get_string(v), outlen) == 0;
}

static int parse_brand(const char *path, const char *text, struct ndl_lic_policy *p,
		       char *pubname, size_t publen, char *err, size_t errlen)
{
	struct json_object *root, *lic, *v, *drv;
	enum json_tokener_error jerr;
	const char *bad = NULL;

	root = json_tokener_parse_verbose(text, &jerr);
	if (!root || !json_object_is_type(root, json_type_object)) {
		ndll_errf(err, errlen, "%s is not a JSON object (%s)", path,
			  root ? "wrong type" : json_tokener_error_desc(jerr));
		json_object_put(root);
		return -1;
	}
	if (!get_str(root, "vendor", p->vendor, sizeof(p->vendor)))
		bad = "vendor";
	else if (!get_str(root, "product", p->product, sizeof(p->product)))
		bad = "product";
	else if (!get_str(root, "support_url", p->contact, sizeof(p->contact)))
		bad = "support_url";
	else if (json_object_object_get_ex(root, "driver", &drv) &&
		 json_object_is_type(drv, json_type_object) &&
		 !get_str(drv, "name", p->driver, sizeof(p->driver)))
		bad = "driver.name";
	if (!bad && json_object_object_get_ex(root, "license", &lic) &&
	    !json_object_is_type(lic, json_type_null)) {
		if (!json_object_is_type(lic, json_type_object)) {
			bad = "license";
		} else if (json_object_object_get_ex(lic, "required", &v) &&
			   !json_object_is_type(v, json_type_boolean)) {
			bad = "license.required";
		} else {
			p->required = v && json_object_get_boolean(v);
			if (json_object_object_get_ex(lic, "trial_days", &v)) {
				int64_t d = json_object_get_int64(v);

				if (!json_object_is_type(v, json_type_int) || d < 0 || d > 9999)
					bad = "license.trial_days";
				else
					p->trial_days = (int)d;
			}
			if (!bad && !get_str(lic, "pubkey", pubname, publen))
				bad = "license.pubkey";
		}
	}
	json_object_put(root);
	if (bad) {
		ndll_errf(err, errlen, "%s: bad value for \"%s\"", path, bad);
		return -1;
	}
	/* The key file must sit in the brand directory itself. */
	if (strchr(pubname, '/') || !strcmp(pubname, "..")) {
		ndll_errf(err, errlen, "%s: license.pubkey must be a file name, not a path", path);
		return -1;
	}
	return 0;
}

int ndl_lic_policy_load(const char *brand_dir, struct ndl_lic_policy *p,
			char *err, size_t errlen)
{
	char path[PATH_MAX], pubname[256] = "license.pub", *text;
	size_t len;
	int rc;

	memset(p, 0, sizeof(*p));
	p->trial_days = 30;
	if ((size_t)snprintf(path, sizeof(path), "%s/brand.json", brand_dir) >= sizeof(path)) {
		ndll_errf(err, errlen, "brand directory path too long");
		return -1;
	}
	if (ndll_read_file(path, BRAND_JSON_MAX, &text, &len, err, errlen) != 0)
		return errno == ENOENT ? 0 : -1;	/* community build */
	p->branded = true;
	rc = memchr(text, '\0', len) ? -1 :
	     parse_brand(path, text, p, pubname, sizeof(pubname), err, errlen);
	if (rc && memchr(text, '\0', len))
		ndll_errf(err, errlen, "%s is not a text file", path);
	free(text);
	if (rc)
		return -1;
	/* Drivers first: with a broken key the helper still knows what to refuse. */
	if (hash_bundled(brand_dir, p, err, errlen) != 0)
		return -1;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", brand_dir, pubname) >= sizeof(path)) {
		ndll_errf(err, errlen, "brand directory path too long");
		return -1;
	}
	if (ndl_lic_pubkey_load(path, &p->key, err, errlen) == 0) {
		p->has_key = true;
	} else if (errno != ENOENT || p->required) {
		if (errno == ENOENT)
			ndll_errf(err, errlen, "the brand requires a license but its vendor key %s is missing (reinstall the package)",
				  path);
		return -1;
	}
	if (p->required && !p->drivers.n) {
		ndll_errf(err, errlen, "the brand requires a license but bundles no driver (%s/driver/*.sys)",
			  brand_dir);
		return -1;
	}
	return 0;
}
