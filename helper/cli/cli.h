/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every subcommand shares: printing errors the same way (what, why,
 * what to do), usage and --help, JSON or human output, and a few table
 * helpers.
 */
#ifndef NDL_CLI_H
#define NDL_CLI_H

#include <getopt.h>
#include <json-c/json.h>
#include <stdbool.h>

#include "lib/err.h"

extern const char *cli_prog;	/* "ndisload" */

/* Prints "ndisload CMD: message" and the hint; returns the exit status. */
int cli_error(const char *cmd, const struct ndl_err *e);
/* A usage error: message plus "Try 'ndisload CMD --help'"; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Prints the usage text of a command; returns 0. */
int cli_help(const char *usage);
/* Prints o as pretty JSON on stdout (and drops it); returns 0. */
int cli_print_json(json_object *o);

/*
 * Common option handling: parses argv with the command's long options plus
 * --help and --json; returns the option character, -1 at the end, or
 * 'h' for help. Unknown options print a usage error (returns '?').
 */
int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
	       const struct option *longopts);

/*
 * The whole option parsing of a command whose only options are --json and
 * --help: sets *json; returns -1 to go on with argv[optind...], or the exit
 * status to return (0 after the help, 2 after a usage error).
 */
int cli_json_opts(const char *cmd, int argc, char **argv, const char *usage,
		  bool *json);

/*
 * ops_call() for an operation that can take seconds (a driver's start, a
 * scan, doctor's wait): a moving marker labelled label on a terminal's
 * stderr while it runs.
 */
json_object *cli_slow_call(const char *label, const char *op, json_object *args,
			   struct ndl_err *err);

/* Yes/no on a terminal; false when stdin is not a terminal. */
bool cli_confirm(const char *question);

#endif
