// SPDX-License-Identifier: GPL-2.0-only
/*
 * The licensing state of this installation — community, trial, licensed,
 * expired or invalid — and the operations on it: install and remove the
 * license, and the helper's question "may this driver be pushed?".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "internal.h"

/* PREFIX/share/ndisload/brand for a program installed as PREFIX/{s,}bin/X. */
static bool exe_brand_dir(char *out, size_t outlen)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return false;
	exe[n] = '\0';
	for (int i = 0; i < 2; i++) {
		slash = strrchr(exe, '/');
		if (!slash)
			return false;
		*slash = '\0';
	}
	return (size_t)snprintf(out, outlen, "%s/share/ndisload/brand", exe) < outlen &&
	       access(out, F_OK) == 0;
}

void ndl_license_ctx_init(struct ndl_license_ctx *ctx, const char *root,
			  time_t now)
{
	const char *brand = getenv("NDISLOAD_BRAND_DIR");

	memset(ctx, 0, sizeof(*ctx));
	if (!root)
		root = getenv("NDISLOAD_ROOT");
	ndll_strlcpy(ctx->root, root ? root : "", sizeof(ctx->root));
	if (brand && *brand) {
		ndll_strlcpy(ctx->brand_dir, brand, sizeof(ctx->brand_dir));
	} else if (!ctx->root[0] && exe_brand_dir(ctx->brand_dir, sizeof(ctx->brand_dir))) {
		/* found next to the installed program */
	} else {
		static const char *const dirs[] = NDL_LIC_BRAND_DIRS;

		for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
			ndll_path(ctx->brand_dir, sizeof(ctx->brand_dir), ctx->root,
				  dirs[i], NULL, 0);
			if (access(ctx->brand_dir, F_OK) == 0)
				break;
		}
	}
	ctx->now = now;
	if (ndl_lic_policy_load(ctx->brand_dir, &ctx->policy, ctx->policy_msg,
			    sizeof(ctx->policy_msg)) != 0)
		ctx->policy_err = NDL_LIC_POLICY;
	ndl_lic_host_scan(ctx->root, now, &ctx->host);
}

const char *ndl_license_state_name(enum ndl_license_state s)
{
	switch (s) {
	case NDL_LIC_STATE_COMMUNITY: return "community";
	case NDL_LIC_STATE_TRIAL: return "trial";
	case NDL_LIC_STATE_LICENSED: return "licensed";
	case NDL_LIC_STATE_EXPIRED: return "expired";
	case NDL_LIC_STATE_INVALID: return "invalid";
	}
	return "invalid";
}

/* Parse, verify and scope-check a license text against this installation. */
static enum ndl_lic_err evaluate(struct ndl_license_ctx *ctx, const char *text,
				 size_t len, struct ndl_license *lic, bool *parsed,
				 char *err, size_t errlen)
{
	enum ndl_lic_err e;

	*parsed = false;
	e = ndl_license_parse(text, len, lic, err, errlen);
	if (e != NDL_LIC_OK)
		return e;
	*parsed = true;
	if (!ctx->policy.has_key) {
		ndll_errf(err, errlen, "this build does not use licenses (it carries no vendor key)");
		return NDL_LIC_NO_KEY;
	}
	e = ndl_license_verify(lic, &ctx->policy.key, err, errlen);
	if (e != NDL_LIC_OK)
		return e;
	return ndl_license_check_scope(lic, &ctx->host, ctx->policy.product,
				       err, errlen);
}

static void load_installed(struct ndl_license_ctx *ctx, struct ndl_license_status *st)
{
	char path[PATH_MAX], *text;
	size_t len;

	if (ndll_path(path, sizeof(path), ctx->root, NDL_LICENSE_PATH,
		     st->problem_msg, sizeof(st->problem_msg)) != 0) {
		st->installed = true;
		st->problem = NDL_LIC_IO;
		return;
	}
	if (ndll_read_file(path, NDL_LICENSE_MAX, &text, &len, st->problem_msg,
			  sizeof(st->problem_msg)) != 0) {
		if (errno == ENOENT) {
			st->problem_msg[0] = '\0';
			return;
		}
		st->installed = true;
		st->problem = errno == EFBIG ? NDL_LIC_MALFORMED : NDL_LIC_IO;
		return;
	}
	st->installed = true;
	st->problem = evaluate(ctx, text, len, &st->lic, &st->parsed,
			       st->problem_msg, sizeof(st->problem_msg));
	free(text);
}

/* Trial days left (0 when over); false and why when the trial has ended. */
static bool trial_running(struct ndl_license_ctx *ctx, bool record,
			  struct ndl_license_status *st, char *why, size_t whylen)
{
	struct ndll_trial t;
	time_t now = ctx->now, end, eff;
	char date[11];

	ndll_trial_read(ctx, &t);
	if (t.tampered) {
		st->trial_days_left = 0;
		ndll_errf(why, whylen, "the trial has ended: its record in %s was altered",
			 NDL_LIC_TRIAL_PATH);
		return false;
	}
	if (!t.valid) {
		t.first = t.seen = now;
		if (record)
			ndll_trial_write(ctx, &t, NULL, 0);
	} else if (record && (now > t.seen || t.copies < 2)) {
		/* Advance last-seen, and restore a deleted copy. */
		if (now > t.seen)
			t.seen = now;
		ndll_trial_write(ctx, &t, NULL, 0);
	}
	/* A clock set back does not win days back. */
	eff = now > t.seen ? now : t.seen;
	end = t.first + (time_t)ctx->policy.trial_days * 86400;
	st->trial_end = ndl_lic_day_of(end);
	st->trial_days_left = end > eff ? (int)((end - eff + 86399) / 86400) : 0;
	if (st->trial_days_left > 0)
		return true;
	ndl_lic_date_format(st->trial_end, date);
	if (ctx->policy.trial_days == 0)
		ndll_errf(why, whylen, "this build has no trial period");
	else
		ndll_errf(why, whylen, "the %d-day trial ended on %s",
			 ctx->policy.trial_days, date);
	return false;
}

static void licensed_summary(struct ndl_license_status *st)
{
	char date[11];

	ndl_lic_date_format(st->lic.expires, date);
	if (st->lic.expires == NDL_LIC_NEVER)
		ndll_errf(st->summary, sizeof(st->summary), "Licensed to %s, with no expiry date.",
			 st->lic.licensee);
	else
		ndll_errf(st->summary, sizeof(st->summary), "Licensed to %s until %s.",
			 st->lic.licensee, date);
}

void ndl_license_status(struct ndl_license_ctx *ctx, bool record,
			struct ndl_license_status *st)
{
	char why[NDL_LIC_ERRLEN], date[11];

	memset(st, 0, sizeof(*st));
	st->trial_days_left = -1;
	st->trial_end = -1;
	st->required = ctx->policy.required;
	st->trial_days = ctx->policy.trial_days;
	memcpy(st->host_id, ctx->host.host_id, sizeof(st->host_id));
	memcpy(st->contact, ctx->policy.contact, sizeof(st->contact));
	load_installed(ctx, st);

	if (ctx->policy_err != NDL_LIC_OK) {
		st->state = NDL_LIC_STATE_INVALID;
		st->problem = ctx->policy_err;
		memcpy(st->problem_msg, ctx->policy_msg, sizeof(st->problem_msg));
		ndll_errf(st->summary, sizeof(st->summary),
			 "Not valid: the license policy of this build is broken: %s.", ctx->policy_msg);
		return;
	}
	if (!ctx->policy.has_key) {
		st->state = NDL_LIC_STATE_COMMUNITY;
		st->bundled_allowed = true;
		ndll_errf(st->summary, sizeof(st->summary), "Community build: no license needed.");
		return;
	}
	if (st->installed && st->problem == NDL_LIC_OK) {
		st->state = NDL_LIC_STATE_LICENSED;
		st->bundled_allowed = true;
		licensed_summary(st);
		return;
	}
	if (!st->required) {
		st->state = st->installed ? NDL_LIC_STATE_INVALID : NDL_LIC_STATE_COMMUNITY;
		st->bundled_allowed = true;
		if (st->installed)
			ndll_errf(st->summary, sizeof(st->summary),
				 "Not valid: %s. (This build needs no license.)",
				 st->problem_msg);
		else
			ndll_errf(st->summary, sizeof(st->summary), "No license needed.");
		return;
	}
	st->bundled_allowed = trial_running(ctx, record, st, why, sizeof(why));
	ndl_lic_date_format(st->trial_end, date);
	if (st->bundled_allowed && !st->installed) {
		st->state = NDL_LIC_STATE_TRIAL;
		ndll_errf(st->summary, sizeof(st->summary), "Trial: %d day%s left (ends %s).",
			  st->trial_days_left, st->trial_days_left == 1 ? "" : "s", date);
	} else if (st->bundled_allowed) {
		st->state = NDL_LIC_STATE_INVALID;
		ndll_errf(st->summary, sizeof(st->summary),
			  "Not valid: %s. Trial: %d day%s left (ends %s).",
			  st->problem_msg, st->trial_days_left,
			  st->trial_days_left == 1 ? "" : "s", date);
	} else if (!st->installed) {
		st->state = NDL_LIC_STATE_EXPIRED;
		ndll_errf(st->summary, sizeof(st->summary), "Expired: %s.", why);
	} else if (st->problem == NDL_LIC_EXPIRED) {
		st->state = NDL_LIC_STATE_EXPIRED;
		ndl_lic_date_format(st->lic.expires, date);
		ndll_errf(st->summary, sizeof(st->summary),
			  "Expired: the license for %s was valid until %s.",
			  st->lic.licensee, date);
	} else {
		st->state = NDL_LIC_STATE_INVALID;
		ndll_errf(st->summary, sizeof(st->summary), "Not valid: %s; %s.",
			  st->problem_msg, why);
	}
}

enum ndl_lic_err ndl_license_install(struct ndl_license_ctx *ctx,
				     const char *text, size_t len,
				     struct ndl_license_status *st,
				     char *err, size_t errlen)
{
	struct ndl_license lic;
	char path[PATH_MAX], out[NDL_LICENSE_MAX + 512];
	enum ndl_lic_err e;
	bool parsed;
	int n;

	if (ctx->policy_err != NDL_LIC_OK) {
		ndll_errf(err, errlen, "the license policy of this build is broken: %s",
			 ctx->policy_msg);
		return ctx->policy_err;
	}
	if (!ctx->policy.has_key) {
		ndll_errf(err, errlen, "this build does not use licenses (it carries no vendor key): there is nothing to install");
		return NDL_LIC_NO_KEY;
	}
	e = evaluate(ctx, text, len, &lic, &parsed, err, errlen);
	/* Worth keeping: valid later, or once the device is plugged in. */
	if (e != NDL_LIC_OK && e != NDL_LIC_NOT_YET_VALID &&
	    e != NDL_LIC_WRONG_DEVICE && e != NDL_LIC_WRONG_MAC)
		return e;
	n = ndl_license_format(&lic, out, sizeof(out));
	if (n < 0 || ndll_path(path, sizeof(path), ctx->root, NDL_LICENSE_PATH, err, errlen) != 0) {
		if (n < 0)
			ndll_errf(err, errlen, "the license is too large to store");
		return NDL_LIC_IO;
	}
	if (ndll_write_atomic(path, out, (size_t)n, 0644, err, errlen) != 0)
		return NDL_LIC_IO;
	ndl_license_status(ctx, true, st);
	return NDL_LIC_OK;
}

int ndl_license_remove(struct ndl_license_ctx *ctx,
		       struct ndl_license_status *st, char *err, size_t errlen)
{
	char path[PATH_MAX];

	if (ndll_path(path, sizeof(path), ctx->root, NDL_LICENSE_PATH, err, errlen) != 0)
		return -1;
	if (unlink(path) != 0 && errno != ENOENT) {
		ndll_errf(err, errlen, "cannot remove %s: %s", path, strerror(errno));
		return -1;
	}
	ndl_license_status(ctx, true, st);
	return 0;
}

bool ndl_license_may_push(struct ndl_license_ctx *ctx,
			  const char *const *sha256, size_t n,
			  char *why, size_t whylen)
{
	const struct ndl_lic_policy *p = &ctx->policy;
	struct ndl_license_status *st;
	bool covered = false, ok;

	for (size_t i = 0; i < n && !covered; i++)
		for (size_t j = 0; j < p->drivers.n && !covered; j++)
			covered = !strcasecmp(sha256[i], p->drivers.item[j]);
	if (!covered)
		return true;	/* drivers the user brings are never limited */
	st = malloc(sizeof(*st));
	if (!st) {
		ndll_errf(why, whylen, "out of memory while checking the license");
		return false;
	}
	ndl_license_status(ctx, true, st);
	ok = st->bundled_allowed;
	if (!ok)
		ndll_errf(why, whylen,
			  "The driver%s%s%s bundled with %s%s%s needs a license. %s "
			  "Your host ID is %s. To get a license key, contact %s with this host ID, "
			  "then install the key with 'ndisload license install FILE' or on the "
			  "License page of the web configurator. Drivers you install yourself keep working.",
			  *p->driver ? " \"" : "", p->driver, *p->driver ? "\"" : "",
			  *p->product ? p->product : "this build",
			  *p->vendor ? " from " : "", p->vendor, st->summary,
			  *st->host_id ? st->host_id : "unknown (see 'ndisload license hostid')",
			  *st->contact ? st->contact : *p->vendor ? p->vendor : "the vendor of this build");
	free(st);
	return ok;
}
