// SPDX-License-Identifier: GPL-2.0-only
/* ndisload list [-v] [--json]: the installed drivers. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload list [-v|--verbose] [--json] [DRIVER]\n"
	"\n"
	"Lists the drivers in the driver store: name, version, state (installed,\n"
	"bound to a device, loaded in the module) and provider. With DRIVER or -v,\n"
	"also the .inf, device IDs, bindings and the pre-flight check.\n"
	"\n"
	"Exit status: 0; 3 no such driver; 1 system error.\n";

int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, verbose = false;
	struct ndl_err err;
	json_object *r, *a, *args = NULL;
	size_t i;
	int c;

	optind = 1;
	while ((c = cli_getopt("list", argc, argv, "v", opts)) != -1) {
		switch (c) {
		case 'v': verbose = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (argc - optind > 1)
		return cli_usage_error("list", "give at most one driver name");
	if (optind < argc) {
		args = json_object_new_object();
		jx_add_str(args, "name", argv[optind]);
		r = ops_call("driver.get", args, NULL, 0, &err);
		json_object_put(args);
		if (!r)
			return cli_error("list", &err);
		if (json)
			return cli_print_json(r);
		json_object_object_get_ex(r, "driver", &a);
		show_driver(stdout, a, 1);
		json_object_put(r);
		return 0;
	}
	r = ops_call("driver.list", NULL, NULL, 0, &err);
	if (!r)
		return cli_error("list", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "drivers", &a);
	if (!json_object_array_length(a))
		printf("No drivers installed. 'ndisload install FILE.inf' installs one.\n");
	else
		printf("%-16s %-10s %-12s %s\n", "DRIVER", "VERSION", "STATE", "PROVIDER");
	for (i = 0; i < json_object_array_length(a); i++)
		show_driver(stdout, json_object_array_get_idx(a, i), verbose);
	json_object_put(r);
	return 0;
}
