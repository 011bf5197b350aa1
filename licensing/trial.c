// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trial record: when this host first ran a brand that requires a
 * license. Kept in two places (var/lib/ndisload/trial and
 * etc/ndisload/trial) with a keyed MAC, so deleting or editing one copy
 * neither restarts nor extends the trial. docs/licensing.md says what this
 * does not prevent.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"

#define TRIAL_MAX 1024

struct record {
	char brand[NDL_LIC_KEYID_LEN + 8];
	char host[NDL_LIC_HOSTID_LEN + 8];
	long long first, seen;
	char mac[65];
};

static const char *brand_of(const struct ndl_license_ctx *ctx)
{
	return ctx->policy.has_key ? ctx->policy.key.key_id : "none";
}

static const char *host_of(const struct ndl_license_ctx *ctx)
{
	return *ctx->host.host_id ? ctx->host.host_id : "unknown";
}

static int body(const struct record *r, char *buf, size_t len)
{
	return snprintf(buf, len, "brand-key: %s\nhost: %s\nfirst-run: %lld\nlast-seen: %lld\n",
			r->brand, r->host, r->first, r->seen);
}

static void mac(const struct record *r, char out[65])
{
	static const char context[] = "ndisload trial record v1";
	unsigned char h[32];
	char text[256];
	int n = body(r, text, sizeof(text));
	crypto_generichash_state st;

	crypto_generichash_init(&st, ndll_app_key, sizeof(ndll_app_key), sizeof(h));
	crypto_generichash_update(&st, (const unsigned char *)context, sizeof(context));
	crypto_generichash_update(&st, (const unsigned char *)text, (size_t)n);
	crypto_generichash_final(&st, h, sizeof(h));
	ndll_hex(h, sizeof(h), out);
}

static int parse(const char *text, size_t len, struct record *r)
{
	struct ndll_kv_reader kv;
	char k[32], v[128], *end;
	unsigned got = 0;
	int rc;

	memset(r, 0, sizeof(*r));
	ndll_kv_init(&kv, text, len, ':');
	while ((rc = ndll_kv_next(&kv, k, sizeof(k), v, sizeof(v), NULL, 0)) > 0) {
		if (!strcmp(k, "brand-key") && !ndll_strlcpy(r->brand, v, sizeof(r->brand)))
			got |= 1;
		else if (!strcmp(k, "host") && !ndll_strlcpy(r->host, v, sizeof(r->host)))
			got |= 2;
		else if (!strcmp(k, "first-run") && (r->first = strtoll(v, &end, 10), !*end))
			got |= 4;
		else if (!strcmp(k, "last-seen") && (r->seen = strtoll(v, &end, 10), !*end))
			got |= 8;
		else if (!strcmp(k, "mac") && !ndll_strlcpy(r->mac, v, sizeof(r->mac)))
			got |= 16;
		else
			return -1;
	}
	return (rc == 0 && got == 31) ? 0 : -1;
}

static void paths(const struct ndl_license_ctx *ctx, char p[2][PATH_MAX])
{
	ndll_path(p[0], PATH_MAX, ctx->root, NDL_LIC_TRIAL_PATH, NULL, 0);
	ndll_path(p[1], PATH_MAX, ctx->root, NDL_LIC_TRIAL_MIRROR_PATH, NULL, 0);
}

void ndll_trial_read(const struct ndl_license_ctx *ctx, struct ndll_trial *t)
{
	char p[2][PATH_MAX], want[65];
	bool altered = false;

	memset(t, 0, sizeof(*t));
	if (sodium_init() < 0)
		return;
	paths(ctx, p);
	for (int i = 0; i < 2; i++) {
		struct record r;
		char *text;
		size_t len;
		int ok;

		if (ndll_read_file(p[i], TRIAL_MAX, &text, &len, NULL, 0) != 0) {
			/* Present but unreadable (or huge) counts as altered. */
			altered |= errno != ENOENT;
			continue;
		}
		ok = parse(text, len, &r) == 0;
		free(text);
		if (ok) {
			mac(&r, want);
			ok = strlen(r.mac) == 64 && sodium_memcmp(want, r.mac, 64) == 0;
		}
		if (!ok) {
			altered = true;
			continue;
		}
		/* Another brand's or host's genuine record: not ours to count. */
		if (strcmp(r.brand, brand_of(ctx)) || strcmp(r.host, host_of(ctx)))
			continue;
		if (!t->valid || r.first < t->first)
			t->first = (time_t)r.first;
		if (!t->valid || r.seen > t->seen)
			t->seen = (time_t)r.seen;
		t->valid = true;
		t->copies++;
	}
	t->found = t->valid || altered;
	t->tampered = altered && !t->valid;
}

int ndll_trial_write(const struct ndl_license_ctx *ctx,
		    const struct ndll_trial *t, char *err, size_t errlen)
{
	char p[2][PATH_MAX], text[512];
	struct record r;
	int n;

	if (ndl_lic_crypto_init(err, errlen) != 0)
		return -1;
	memset(&r, 0, sizeof(r));
	ndll_strlcpy(r.brand, brand_of(ctx), sizeof(r.brand));
	ndll_strlcpy(r.host, host_of(ctx), sizeof(r.host));
	r.first = (long long)t->first;
	r.seen = (long long)t->seen;
	mac(&r, r.mac);
	n = snprintf(text, sizeof(text),
		     "# ndisload trial record. Editing it ends the trial; deleting it\n"
		     "# does not restart it. See docs/licensing.md.\n");
	n += body(&r, text + n, sizeof(text) - (size_t)n);
	n += snprintf(text + n, sizeof(text) - (size_t)n, "mac: %s\n", r.mac);
	paths(ctx, p);
	for (int i = 0; i < 2; i++)
		if (ndll_write_atomic(p[i], text, (size_t)n, 0644, err, errlen) != 0)
			return -1;
	return 0;
}
