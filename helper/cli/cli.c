// SPDX-License-Identifier: GPL-2.0-only
/* Shared CLI output and option handling (see cli.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

const char *cli_prog = "ndisload";

int cli_error(const char *cmd, const struct ndl_err *e)
{
	fprintf(stderr, "%s %s: %s\n", cli_prog, cmd, e->msg[0] ? e->msg : "failed");
	if (e->hint[0])
		fprintf(stderr, "  %s\n", e->hint);
	return ndl_code_exit(e->code ? e->code : NDL_E_INTERNAL);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", cli_prog, cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s %s --help'.\n", cli_prog, cmd);
	return ndl_code_exit(NDL_E_BAD_REQUEST);
}

int cli_help(const char *usage)
{
	fputs(usage, stdout);
	return 0;
}

int cli_print_json(json_object *o)
{
	puts(jx_text(o, true));
	json_object_put(o);
	return 0;
}

int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
	       const struct option *longopts)
{
	int c;

	opterr = 0;
	c = getopt_long(argc, argv, shortopts, longopts, NULL);
	/* Every command answers --version, as the programs themselves do. */
	if (c == '?' && !optopt && !strcmp(argv[optind - 1], "--version")) {
		printf("ndisload %s\n", NDL_VERSION);
		exit(0);
	}
	if (c == '?' || c == ':') {
		if (c == ':')
			cli_usage_error(cmd, "option %s needs a value", argv[optind - 1]);
		else if (optopt)
			cli_usage_error(cmd, "unknown option -%c", optopt);
		else
			cli_usage_error(cmd, "unknown option %s", argv[optind - 1]);
		return '?';
	}
	return c;
}

int cli_json_opts(const char *cmd, int argc, char **argv, const char *usage,
		  bool *json)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*json = false;
	optind = 1;
	while ((c = cli_getopt(cmd, argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'j': *json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	return -1;
}

bool cli_confirm(const char *question)
{
	char buf[16];

	if (!isatty(0))
		return false;
	fprintf(stderr, "%s [y/N] ", question);
	if (!fgets(buf, sizeof(buf), stdin))
		return false;
	return buf[0] == 'y' || buf[0] == 'Y';
}

json_object *cli_slow_call(const char *label, const char *op, json_object *args,
			   struct ndl_err *err)
{
	struct progress_ticker t;
	json_object *r;

	progress_tick_begin(&t, label);
	r = ops_call(op, args, NULL, 0, err);
	progress_tick_end(&t);
	return r;
}
