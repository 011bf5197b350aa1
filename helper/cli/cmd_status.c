// SPDX-License-Identifier: GPL-2.0-only
/* ndisload status [--json]: module, drivers, devices, interfaces at a glance. */
#include <inttypes.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload status [--json]\n"
	"\n"
	"Shows whether the kernel module is loaded (and what it runs), the\n"
	"installed drivers, the network devices with their bindings, and the\n"
	"interfaces ndisload's drivers created; the virtual adapters of\n"
	"root-enumerated drivers (running or saved); for devices bound --isolated,\n"
	"the driver host's state (running, restarting, failed, refused: the device\n"
	"cannot be isolated here, and why), its restarts, last exit and last crash.\n"
	"\n"
	"Exit status: 0; 1 system error.\n";

int cmd_status(int argc, char **argv)
{
	bool json;
	struct ndl_err err;
	json_object *r, *m, *a;
	size_t i;
	int rc = cli_json_opts("status", argc, argv, usage, &json);

	if (rc >= 0)
		return rc;
	if (optind != argc)
		return cli_usage_error("status", "unexpected argument %s", argv[optind]);
	r = ops_call("status", NULL, NULL, 0, &err);
	if (!r)
		return cli_error("status", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "module", &m);
	if (jx_bool(m, "loaded"))
		printf("Module:  ndisload %s loaded\n", jx_str(m, "version"));
	else
		printf("Module:  not loaded (%s)\n", jx_str(m, "error") ? jx_str(m, "error") : "?");
	json_object_object_get_ex(r, "drivers", &a);
	printf("Drivers: %zu installed\n", json_object_array_length(a));
	for (i = 0; i < json_object_array_length(a); i++) {
		printf("  ");
		show_driver(stdout, json_object_array_get_idx(a, i), 0);
	}
	json_object_object_get_ex(r, "devices", &a);
	printf("Devices:\n");
	for (i = 0; i < json_object_array_length(a); i++) {
		printf("  ");
		show_device(stdout, json_object_array_get_idx(a, i));
	}
	if (!json_object_array_length(a))
		printf("  (no network devices)\n");
	json_object_object_get_ex(r, "interfaces", &a);
	printf("Interfaces:\n");
	for (i = 0; i < json_object_array_length(a); i++) {
		json_object *x = json_object_array_get_idx(a, i);

		printf("  %-10s %-13s %-12s %-6s %s  %" PRId64 " Mbit/s\n", jx_str(x, "name"),
		       jx_str(x, "device"), jx_str(x, "driver"), jx_str(x, "state"),
		       jx_bool(x, "carrier") ? "carrier" : "no carrier", jx_int(x, "speed_mbps"));
	}
	if (!json_object_array_length(a))
		printf("  (none)\n");
	if (json_object_object_get_ex(r, "virtual", &a) && json_object_array_length(a)) {
		printf("Virtual adapters:\n");
		for (i = 0; i < json_object_array_length(a); i++) {
			json_object *x = json_object_array_get_idx(a, i);

			printf("  %-12s virtual.%-3d %-10s %-8s %s%s\n", jx_str(x, "driver"),
			       (int)jx_int(x, "instance"),
			       jx_str(x, "interface") ? jx_str(x, "interface") : "-",
			       jx_str(x, "state"), jx_str(x, "mac"),
			       jx_bool(x, "saved") ? "" : "  (not saved)");
			if (jx_str(x, "error"))
				printf("    %s\n", jx_str(x, "error"));
		}
	}
	if (json_object_object_get_ex(r, "isolated", &a) && json_object_array_length(a)) {
		printf("Isolated (ndisload-host):\n");
		for (i = 0; i < json_object_array_length(a); i++) {
			json_object *x = json_object_array_get_idx(a, i);

			printf("  %-13s %-12s %-10s TAP %s, %" PRId64 " restart(s)\n", jx_str(x, "device"),
			       jx_str(x, "driver") ? jx_str(x, "driver") : "?", jx_str(x, "state"),
			       jx_str(x, "tap") ? jx_str(x, "tap") : "-", jx_int(x, "restarts"));
			if (jx_str(x, "refusal"))
				printf("    refused: %s\n", jx_str(x, "refusal"));
			if (jx_str(x, "last_exit"))
				printf("    last exit: %s\n", jx_str(x, "last_exit"));
			if (jx_str(x, "last_crash"))
				printf("    last crash: %s\n", jx_str(x, "last_crash"));
		}
	}
	json_object_put(r);
	return 0;
}
