// SPDX-License-Identifier: GPL-2.0-only
/* ndisload devices [--all] [--json]: devices and the drivers that match. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload devices [--all] [--json]\n"
	"\n"
	"Lists PCI and USB network devices: address, bus, vendor:device, the Linux\n"
	"driver bound now, the ndisload binding, and the installed Windows drivers\n"
	"that match, best first (ranked as Windows ranks hardware IDs). --all\n"
	"lists every PCI and USB device.\n"
	"\n"
	"Exit status: 0; 1 system error.\n";

int cmd_devices(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, all = false;
	struct ndl_err err;
	json_object *args, *r, *a;
	size_t i;
	int c;

	optind = 1;
	while ((c = cli_getopt("devices", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'a': all = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind != argc)
		return cli_usage_error("devices", "unexpected argument %s", argv[optind]);
	args = json_object_new_object();
	json_object_object_add(args, "all", json_object_new_boolean(all));
	r = ops_call("device.list", args, NULL, 0, &err);
	json_object_put(args);
	if (!r)
		return cli_error("devices", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "devices", &a);
	if (!json_object_array_length(a))
		printf("No network devices found.\n");
	else
		printf("%-13s %-4s %-9s  %-10s %-10s %s\n", "DEVICE", "BUS", "ID",
		       "LINUX", "BOUND", "MATCHING DRIVERS");
	for (i = 0; i < json_object_array_length(a); i++)
		show_device(stdout, json_object_array_get_idx(a, i));
	json_object_put(r);
	return 0;
}
