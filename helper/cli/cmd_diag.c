// SPDX-License-Identifier: GPL-2.0-only
/* ndisload diag [-o FILE]: the redacted diagnostic report, shown before saving. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "diag/diag.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"

static const char usage[] =
	"Usage: ndisload diag [-o FILE [--yes]] [--json]\n"
	"\n"
	"Collects a report for bug reports: versions, module state and its kernel\n"
	"log lines, devices, installed drivers, bindings and parameters — with\n"
	"keys, passphrases and other secrets replaced by <redacted>. The report is\n"
	"always shown first; with -o it is then written to FILE after you confirm\n"
	"(--yes confirms without asking).\n"
	"\n"
	"Exit status: 0; 1 not written (declined or an error).\n";

int cmd_diag(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "yes", no_argument, NULL, 'y' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL;
	bool yes = false, json = false;
	struct ndl_err err;
	char *text, q[600];
	int c;

	optind = 1;
	while ((c = cli_getopt("diag", argc, argv, "o:", opts)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'y': yes = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind != argc)
		return cli_usage_error("diag", "unexpected argument %s", argv[optind]);
	text = diag_collect();
	if (!text) {
		fprintf(stderr, "ndisload diag: out of memory\n");
		return 1;
	}
	if (json) {
		json_object *o = json_object_new_object();

		jx_add_str(o, "text", text);
		cli_print_json(o);
	} else {
		fputs(text, stdout);
	}
	if (out) {
		snprintf(q, sizeof(q), "Write this report to %s?", out);
		fflush(stdout);
		if (!yes && !cli_confirm(q)) {
			fprintf(stderr, "ndisload diag: not written (confirm, or pass --yes)\n");
			free(text);
			return 1;
		}
		if (fs_write_atomic(out, text, strlen(text), 0600, &err)) {
			free(text);
			return cli_error("diag", &err);
		}
		fprintf(stderr, "Wrote %s.\n", out);
	}
	free(text);
	return 0;
}
