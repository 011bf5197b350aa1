// SPDX-License-Identifier: GPL-2.0-only
/*
 * `ndisload license`: show the license state and host ID, install or remove
 * a license; and the same operations for `ndisload serve` as json-c objects.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/cmd_license.h"
#include "ndl_license.h"

/* Exit statuses shared with the rest of the CLI (helper/lib/err.c). */
enum { EXIT_USAGE = 2, EXIT_INVALID = 5, EXIT_LICENSE = 6, EXIT_INTERNAL = 1 };

static struct ndl_license_ctx *ctx_new(void)
{
	struct ndl_license_ctx *ctx = malloc(sizeof(*ctx));

	if (ctx)
		ndl_license_ctx_init(ctx, NULL, ndl_lic_now());
	return ctx;
}

static struct json_object *fail_oom(const char **code, char *msg, size_t msglen)
{
	*code = "internal";
	snprintf(msg, msglen, "out of memory");
	return NULL;
}

struct json_object *ndl_license_op_get(const char **code, char *msg, size_t msglen)
{
	struct ndl_license_ctx *ctx = ctx_new();
	struct ndl_license_status *st = malloc(sizeof(*st));
	struct json_object *o = NULL;

	if (ctx && st) {
		ndl_license_status(ctx, true, st);
		o = ndl_license_status_json(st);
	}
	free(ctx);
	free(st);
	return o ? o : fail_oom(code, msg, msglen);
}

struct json_object *ndl_license_op_install(const char *text, size_t len,
					   const char **code, char *msg, size_t msglen)
{
	struct ndl_license_ctx *ctx = ctx_new();
	struct ndl_license_status *st = malloc(sizeof(*st));
	struct json_object *o = NULL;
	enum ndl_lic_err e;

	if (!ctx || !st) {
		free(ctx);
		free(st);
		return fail_oom(code, msg, msglen);
	}
	e = ndl_license_install(ctx, text, len, st, msg, msglen);
	if (e == NDL_LIC_OK)
		o = ndl_license_status_json(st);
	else
		*code = (e == NDL_LIC_IO || e == NDL_LIC_POLICY) ? "internal" : "invalid";
	free(ctx);
	free(st);
	return o;
}

struct json_object *ndl_license_op_remove(const char **code, char *msg, size_t msglen)
{
	struct ndl_license_ctx *ctx = ctx_new();
	struct ndl_license_status *st = malloc(sizeof(*st));
	struct json_object *o = NULL;

	if (!ctx || !st) {
		free(ctx);
		free(st);
		return fail_oom(code, msg, msglen);
	}
	if (ndl_license_remove(ctx, st, msg, msglen) == 0)
		o = ndl_license_status_json(st);
	else
		*code = "internal";
	free(ctx);
	free(st);
	return o;
}

bool ndl_license_push_allowed(const char *const *sha256, size_t n,
			      char *why, size_t whylen)
{
	struct ndl_license_ctx *ctx = ctx_new();
	bool ok;

	if (!ctx) {
		snprintf(why, whylen, "out of memory while checking the license");
		return false;
	}
	ok = ndl_license_may_push(ctx, sha256, n, why, whylen);
	free(ctx);
	return ok;
}

/* ---- the command ---------------------------------------------------------- */

static void usage(FILE *f)
{
	fputs("usage: ndisload license [status] [--json]\n"
	      "       ndisload license hostid [--json]\n"
	      "       ndisload license install FILE|- [--json]\n"
	      "       ndisload license remove [--json]\n\n"
	      "status   the license state: community, trial (days left), licensed\n"
	      "         (to whom, until when), expired or invalid (and why)\n"
	      "hostid   this host's ID, to give the vendor when asking for a key\n"
	      "install  check a license file (- reads standard input) and install it\n"
	      "remove   remove the installed license\n\n"
	      "Exit status: 0 ok; 2 usage; 5 license refused; 6 a license is needed\n"
	      "and not in force (status); 1 system error.\n", f);
}

static void print_json(struct json_object *o)
{
	puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
					    JSON_C_TO_STRING_NOSLASHESCAPE));
}

static void print_status(const struct ndl_license_ctx *ctx,
			 const struct ndl_license_status *st)
{
	const struct ndl_lic_policy *p = &ctx->policy;
	char exp[11];

	printf("License:  %s\n", st->summary);
	if (p->branded && *p->product)
		printf("Product:  %s%s%s\n", p->product, *p->vendor ? " from " : "", p->vendor);
	if (*st->host_id)
		printf("Host ID:  %s\n", st->host_id);
	else
		printf("Host ID:  unknown (%s)\n", ctx->host.host_id_err);
	if (st->parsed) {
		ndl_lic_date_format(st->lic.expires, exp);
		printf("Licensee: %s (serial %s, expires %s)\n", st->lic.licensee,
		       st->lic.serial, exp);
	}
	if (st->required && st->state != NDL_LIC_STATE_LICENSED)
		printf("Get a key: send the host ID to %s, then run 'ndisload license install FILE'\n",
		       *st->contact ? st->contact : *p->vendor ? p->vendor : "the vendor");
}

/* Read FILE or stdin, at most NDL_LICENSE_MAX + 1 bytes (the parser reports "too large"). */
static char *read_input(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	char *buf;

	if (!f) {
		fprintf(stderr, "ndisload license: cannot read %s: %s\n", path, strerror(errno));
		return NULL;
	}
	buf = malloc(NDL_LICENSE_MAX + 2);
	if (buf) {
		*len = fread(buf, 1, NDL_LICENSE_MAX + 1, f);
		buf[*len] = '\0';
		if (ferror(f)) {
			fprintf(stderr, "ndisload license: cannot read %s: %s\n", path, strerror(errno));
			free(buf);
			buf = NULL;
		}
	}
	if (f != stdin)
		fclose(f);
	return buf;
}

static int finish(struct ndl_license_ctx *ctx, struct ndl_license_status *st,
		  bool json, int rc)
{
	if (rc == 0) {
		if (json) {
			struct json_object *o = ndl_license_status_json(st);

			print_json(o);
			json_object_put(o);
		} else {
			print_status(ctx, st);
		}
	}
	free(ctx);
	free(st);
	return rc;
}

int cmd_license(int argc, char **argv)
{
	const char *sub = NULL, *file = NULL;
	struct ndl_license_ctx *ctx;
	struct ndl_license_status *st;
	char err[NDL_LIC_ERRLEN];
	bool json = false;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "ndisload license: unknown option %s\n", argv[i]);
			usage(stderr);
			return EXIT_USAGE;
		} else if (!sub) {
			sub = argv[i];
		} else if (!file && !strcmp(sub, "install")) {
			file = argv[i];
		} else {
			fprintf(stderr, "ndisload license: unexpected argument \"%s\"\n", argv[i]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!sub)
		sub = "status";
	if (strcmp(sub, "status") && strcmp(sub, "hostid") && strcmp(sub, "install") &&
	    strcmp(sub, "remove")) {
		fprintf(stderr, "ndisload license: unknown command \"%s\"\n", sub);
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(sub, "install") && !file) {
		fprintf(stderr, "ndisload license install: give the license FILE, or - to read it from standard input\n");
		return EXIT_USAGE;
	}

	ctx = ctx_new();
	st = malloc(sizeof(*st));
	if (!ctx || !st) {
		fprintf(stderr, "ndisload license: out of memory\n");
		return finish(ctx, st, json, EXIT_INTERNAL);
	}
	if (!strcmp(sub, "hostid")) {
		if (!*ctx->host.host_id) {
			fprintf(stderr, "ndisload license: %s\n", ctx->host.host_id_err);
			rc = EXIT_INTERNAL;
		} else if (json) {
			printf("{ \"host_id\": \"%s\" }\n", ctx->host.host_id);
		} else {
			puts(ctx->host.host_id);
		}
		free(ctx);
		free(st);
		return rc;
	}
	if (!strcmp(sub, "install")) {
		size_t len;
		char *text = read_input(file, &len);
		enum ndl_lic_err e;

		if (!text)
			return finish(ctx, st, json, EXIT_INTERNAL);
		e = ndl_license_install(ctx, text, len, st, err, sizeof(err));
		free(text);
		if (e != NDL_LIC_OK) {
			fprintf(stderr, "ndisload license: not installed: %s\n", err);
			if (e == NDL_LIC_IO && errno == EACCES)
				fprintf(stderr, "(installing a license needs root: sudo ndisload license install ...)\n");
			return finish(ctx, st, json, e == NDL_LIC_IO ? EXIT_INTERNAL : EXIT_INVALID);
		}
		if (!json)
			printf("Installed the license %s for %s.\n", st->lic.serial, st->lic.licensee);
		return finish(ctx, st, json, 0);
	}
	if (!strcmp(sub, "remove")) {
		if (ndl_license_remove(ctx, st, err, sizeof(err)) != 0) {
			fprintf(stderr, "ndisload license: %s\n", err);
			return finish(ctx, st, json, EXIT_INTERNAL);
		}
		if (!json)
			printf("Removed the installed license.\n");
		return finish(ctx, st, json, 0);
	}
	ndl_license_status(ctx, true, st);
	rc = st->bundled_allowed ? 0 : EXIT_LICENSE;
	finish(ctx, st, json, 0);
	return rc;
}
