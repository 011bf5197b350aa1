// SPDX-License-Identifier: GPL-2.0-only
/* ndisload remove [--force] DRIVER: a driver out of the store. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload remove [--force] [--json] DRIVER\n"
	"\n"
	"Removes an installed driver and its parameter settings. A driver bound\n"
	"to a device, loaded in the module or with saved virtual adapters is kept\n"
	"unless --force is given; then it is unloaded and its bindings and virtual\n"
	"adapters are dropped too.\n"
	"\n"
	"Exit status: 0 removed; 3 no such driver; 4 bound or loaded (use --force);\n"
	"7 the module refused to unload it; 1 system error.\n";

int cmd_remove(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "force", no_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, force = false;
	struct ndl_err err;
	json_object *args, *r, *v;
	char buf[512];
	int c;

	optind = 1;
	while ((c = cli_getopt("remove", argc, argv, "f", opts)) != -1) {
		switch (c) {
		case 'f': force = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (argc - optind != 1)
		return cli_usage_error("remove", "give one driver name");
	args = json_object_new_object();
	jx_add_str(args, "name", argv[optind]);
	json_object_object_add(args, "force", json_object_new_boolean(force));
	r = ops_call("driver.remove", args, NULL, 0, &err);
	json_object_put(args);
	if (!r)
		return cli_error("remove", &err);
	if (json)
		return cli_print_json(r);
	printf("Removed driver %s.\n", argv[optind]);
	if (json_object_object_get_ex(r, "unbound", &v) && json_object_array_length(v))
		printf("  dropped its bindings: %s\n", show_list(v, buf, sizeof(buf)));
	json_object_put(r);
	return 0;
}
