// SPDX-License-Identifier: GPL-2.0-only
/* ndisload compat DRIVER [NAME=auto|on|off ...]: compatibility settings. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "store/compat.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char usage[] =
	"Usage: ndisload compat [--json] DRIVER [NAME=auto|on|off ...]\n"
	"\n"
	"Without assignments, shows the driver's compatibility settings: ways in\n"
	"which ndisload works around bugs that Windows drivers are known to have.\n"
	"Each is auto (ndisload decides per device), on or off:\n"
	"\n"
	"  single_buffer_sends  give the driver every frame to send in one piece\n"
	"                       (auto: on)\n"
	"  multicast_all        never give the driver a multicast address list;\n"
	"                       receive all multicast frames instead (auto: off)\n"
	"\n"
	"'ndisload doctor' says which one cures what it sees. A change takes effect\n"
	"when the driver is next loaded ('ndisload load --reload DRIVER').\n"
	"\n"
	"Exit status: 0; 3 no such driver or setting; 5 a value other than\n"
	"auto, on or off; 7 the loaded module is too old; 1 system error.\n";

static void show(json_object *r)
{
	json_object *a, *devs;
	size_t i, k;

	printf("Compatibility settings of %s:\n", jx_str(r, "driver"));
	json_object_object_get_ex(r, "settings", &a);
	json_object_object_get_ex(r, "devices", &devs);
	for (i = 0; i < json_object_array_length(a); i++) {
		json_object *s = json_object_array_get_idx(a, i);
		const char *name = jx_str(s, "name");

		printf("  %-20s %-4s  %s (auto: %s)\n", name, jx_str(s, "value"),
		       jx_str(s, "title"), jx_str(s, "automatic"));
		for (k = 0; k < json_object_array_length(devs); k++) {
			json_object *d = json_object_array_get_idx(devs, k);

			printf("  %-20s       in force at %s: %s\n", "", jx_str(d, "device"),
			       jx_bool(d, name) ? "on" : "off");
		}
	}
}

int cmd_compat(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false;
	struct ndl_err err;
	json_object *args, *r, *values = NULL;
	int c, i;

	optind = 1;
	while ((c = cli_getopt("compat", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind >= argc)
		return cli_usage_error("compat", "give a DRIVER");
	args = json_object_new_object();
	jx_add_str(args, "name", argv[optind]);
	for (i = optind + 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq || eq == argv[i]) {
			json_object_put(args);
			json_object_put(values);
			return cli_usage_error("compat", "\"%s\" is not NAME=auto|on|off", argv[i]);
		}
		if (!values)
			values = json_object_new_object();
		*eq = '\0';
		json_object_object_add(values, argv[i], json_object_new_string(eq + 1));
	}
	if (values)
		json_object_object_add(args, "values", values);
	r = ops_call(values ? "driver.compat.set" : "driver.compat.get", args, NULL, 0, &err);
	json_object_put(args);
	if (!r)
		return cli_error("compat", &err);
	if (json)
		return cli_print_json(r);
	show(r);
	if (jx_bool(r, "reload_needed"))
		printf("The driver is loaded: 'ndisload load --reload %s' applies the change.\n",
		       argv[optind]);
	json_object_put(r);
	return 0;
}
