// SPDX-License-Identifier: GPL-2.0-only
/* ndisload params DRIVER [NAME=VALUE ...]: a driver's Advanced settings. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload params [--device DEVICE] [--json] DRIVER [NAME=VALUE|NAME= ...]\n"
	"\n"
	"Without assignments, shows the driver's parameters (the Advanced settings\n"
	"of its .inf): type, range or choices, default and the value in force.\n"
	"NAME=VALUE sets a value (checked against the .inf's type and range; enum\n"
	"values by number or description), NAME= returns to the default. Settings\n"
	"apply to every device of the driver, or with --device to one; they take\n"
	"effect when the driver is next loaded ('ndisload load --reload DRIVER').\n"
	"\n"
	"Exit status: 0; 3 no such driver, device or parameter; 5 a value is out of\n"
	"range; 1 system error.\n";

int cmd_params(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *device = NULL;
	bool json = false;
	struct ndl_err err;
	json_object *args, *r, *values = NULL, *p;
	int c, i;

	optind = 1;
	while ((c = cli_getopt("params", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'd': device = optarg; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind >= argc)
		return cli_usage_error("params", "give a DRIVER");
	args = json_object_new_object();
	jx_add_str(args, "name", argv[optind]);
	if (device)
		jx_add_str(args, "device", device);
	for (i = optind + 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq || eq == argv[i]) {
			json_object_put(args);
			json_object_put(values);
			return cli_usage_error("params", "\"%s\" is not NAME=VALUE", argv[i]);
		}
		if (!values)
			values = json_object_new_object();
		*eq = '\0';
		json_object_object_add(values, argv[i], eq[1] ? json_object_new_string(eq + 1) : NULL);
	}
	if (values)
		json_object_object_add(args, "values", values);
	r = ops_call(values ? "driver.params.set" : "driver.params.get", args, NULL, 0, &err);
	json_object_put(args);
	if (!r)
		return cli_error("params", &err);
	if (json)
		return cli_print_json(r);
	printf("Parameters of %s%s%s (section [%s]):\n", argv[optind], device ? " for " : "",
	       device ? device : "", jx_str(r, "section") ? jx_str(r, "section") : "?");
	json_object_object_get_ex(r, "params", &p);
	show_params(stdout, p);
	if (jx_bool(r, "reload_needed"))
		printf("The driver is loaded: 'ndisload load --reload %s' applies the change.\n",
		       argv[optind]);
	json_object_put(r);
	return 0;
}
