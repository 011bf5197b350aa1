// SPDX-License-Identifier: GPL-2.0-only
/* ndisload inspect FILE.inf [FILES...]: what ndisload reads from a package. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "inf/inf_json.h"
#include "lib/jsonx.h"
#include "pkg/pkgdir.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload inspect [--json] [--locale LCID] FILE.inf [FILES...]\n"
	"\n"
	"Parses a Windows driver package without installing it and shows what\n"
	"ndisload reads from it: the devices (hardware IDs) for amd64, the install\n"
	"section each uses, the files needed and which are missing, the registry\n"
	"defaults, the parameters, and whether ndisload can run it. Files the .inf\n"
	"needs are looked for next to it.\n"
	"\n"
	"  --json          machine-readable output\n"
	"  --locale LCID   strings from [Strings.LCID] (e.g. 0407), default from $LANG\n"
	"\n"
	"Exit status: 0 the package can be installed, 5 it cannot (see the reason),\n"
	"2 bad usage, 3 a file does not exist.\n";

int cmd_inspect(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "locale", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct inf_options io = { .locale = NULL };
	struct pkg_set set;
	struct inf_pkg_file *files;
	struct inf_driver *d;
	struct ndl_err err;
	bool json = false;
	json_object *o;
	int c, status;

	optind = 1;
	while ((c = cli_getopt("inspect", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'l': io.locale = optarg; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind >= argc)
		return cli_usage_error("inspect", "no .inf file given");
	if (pkg_collect(argv[optind], argv + optind + 1, (size_t)(argc - optind - 1),
			&set, &err)) {
		pkg_free(&set);
		return cli_error("inspect", &err);
	}
	files = pkg_files(&set);
	d = files ? inf_parse_package(files, set.n, 0, &io, &err) : NULL;
	if (!d) {
		if (!files)
			ndl_fail(&err, NDL_E_INTERNAL, "out of memory");
		free(files);
		pkg_free(&set);
		return cli_error("inspect", &err);
	}
	o = inf_driver_json(d);
	status = d->unsupported || d->nmissing ? ndl_code_exit(NDL_E_INVALID) : 0;
	if (json)
		cli_print_json(o);
	else {
		show_package(stdout, o);
		json_object_put(o);
	}
	inf_driver_free(d);
	free(files);
	pkg_free(&set);
	return status;
}
