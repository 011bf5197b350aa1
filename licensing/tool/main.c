// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-license: the vendor's offline tool to make signing keys and
 * issue, verify and show license files. Subcommand table and shared helpers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

#ifndef NDL_VERSION
#define NDL_VERSION "unknown"
#endif

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;
} commands[] = {
	{ "keygen", cmd_keygen,
	  "keygen --out PREFIX [--vendor NAME] [--product NAME]\n"
	  "      make a signing key: PREFIX.key (secret, mode 0600) and PREFIX.pub" },
	{ "issue", cmd_issue,
	  "issue --key PREFIX.key --licensee NAME [--host ID]... [--devices IDS]\n"
	  "      [--macs MACS] [--features LIST] [--expires YYYY-MM-DD|never]\n"
	  "      [--not-before YYYY-MM-DD] [--vendor NAME] [--product NAME] --out FILE|-\n"
	  "      write a signed license" },
	{ "verify", cmd_verify,
	  "verify --pubkey PREFIX.pub [--host ID] [--devices IDS] [--macs MACS]\n"
	  "      [--date YYYY-MM-DD] FILE|-\n"
	  "      check a license's signature (and, if given, that it applies to a host)" },
	{ "show", cmd_show,
	  "show FILE|-\n"
	  "      print a license's fields (without checking its signature)" },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: ndisload-license COMMAND [OPTIONS]\n\n"
		"Make vendor signing keys and issue license files for vendor-branded\n"
		"ndisload builds. Works offline. See ndisload-license(1).\n\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %s\n\n", commands[i].usage);
	fprintf(f, "Exit status: 0 success, 1 invalid license or key, 2 usage error,\n"
		"3 system error. 'ndisload-license COMMAND --help' shows one command.\n");
}

int tool_fail(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("ndisload-license: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

int tool_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "ndisload-license %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(see 'ndisload-license %s --help')\n", cmd);
	return EX_USAGE;
}

int tool_read_license(const char *path, char **text, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t got;

	if (!f) {
		tool_fail(EX_SYS, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	*text = malloc(NDL_LICENSE_MAX + 2);
	if (!*text) {
		if (f != stdin)
			fclose(f);
		tool_fail(EX_SYS, "out of memory");
		return -1;
	}
	/* One byte more than the limit, so the parser sees it is too large. */
	got = fread(*text, 1, NDL_LICENSE_MAX + 1, f);
	(*text)[got] = '\0';
	*len = got;
	if (ferror(f)) {
		tool_fail(EX_SYS, "cannot read %s: %s", path, strerror(errno));
		free(*text);
		if (f != stdin)
			fclose(f);
		return -1;
	}
	if (f != stdin)
		fclose(f);
	return 0;
}

static void print_list(const char *name, const struct ndl_lic_list *l, const char *none)
{
	printf("%-12s", name);
	if (!l->n)
		printf("%s", none);
	for (size_t i = 0; i < l->n; i++)
		printf("%s%s", i ? ", " : "", l->item[i]);
	putchar('\n');
}

void tool_print_license(const struct ndl_license *lic)
{
	char issued[11], nb[11], exp[11];

	ndl_lic_date_format(lic->issued, issued);
	ndl_lic_date_format(lic->not_before, nb);
	ndl_lic_date_format(lic->expires, exp);
	printf("%-12s%s\n%-12s%s\n%-12s%s\n%-12s%s\n", "licensee:", lic->licensee,
	       "vendor:", lic->vendor, "product:", lic->product, "serial:", lic->serial);
	printf("%-12s%s\n%-12s%s\n%-12s%s\n", "issued:", issued, "valid from:", nb,
	       "expires:", exp);
	print_list("hosts:", &lic->hosts, "any");
	print_list("devices:", &lic->devices, "any");
	print_list("macs:", &lic->macs, "any");
	print_list("features:", &lic->features, "none");
	printf("%-12s%s\n", "vendor key:", lic->key_id);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EX_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EX_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("ndisload-license %s\n", NDL_VERSION);
		return EX_OK;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		for (int a = 2; a < argc; a++) {
			if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
				printf("usage: ndisload-license %s\n", commands[i].usage);
				return EX_OK;
			}
		}
		return commands[i].fn(argc - 1, argv + 1);
	}
	fprintf(stderr, "ndisload-license: unknown command \"%s\"\n\n", argv[1]);
	usage(stderr);
	return EX_USAGE;
}
