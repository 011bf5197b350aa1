// SPDX-License-Identifier: GPL-2.0-only
/* ndisload doctor [DEVICE]: symptoms of known driver bugs, and their cures. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "lib/strutil.h"

static const char usage[] =
	"Usage: ndisload doctor [--json] [--wait SECONDS] [DEVICE|INTERFACE]\n"
	"\n"
	"Looks at each running device (or one) for the symptoms of driver bugs\n"
	"ndisload knows: frames going out while nothing addressed to this computer\n"
	"comes back, TCP resending while the driver gets frames in pieces, receive\n"
	"that stops, requests (OIDs) the driver refuses. For each it names the\n"
	"compatibility setting that cures it ('ndisload compat'). After a driver\n"
	"crashed in the kernel it suggests isolated mode ('bind --isolated'),\n"
	"where a crash ends a process, not the machine. Use the network\n"
	"first (ping, a download): the doctor compares the counters of two moments\n"
	"SECONDS apart (default 2).\n"
	"\n"
	"Exit status: 0 (findings or not); 3 no such device; 7 the module is not\n"
	"loaded; 1 system error.\n";

int cmd_doctor(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "wait", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false;
	struct ndl_err err;
	json_object *args, *r, *devs;
	uint64_t wait = 2;
	size_t i, k;
	int c;

	optind = 1;
	while ((c = cli_getopt("doctor", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'w':
			if (!str_to_u64(optarg, 30, &wait))
				return cli_usage_error("doctor", "--wait takes 0 to 30 seconds");
			break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind + 1 < argc)
		return cli_usage_error("doctor", "give at most one DEVICE");
	args = json_object_new_object();
	if (optind < argc)
		jx_add_str(args, "device", argv[optind]);
	json_object_object_add(args, "wait", json_object_new_int((int)wait));
	r = cli_slow_call("Diagnosing", "doctor", args, &err);
	json_object_put(args);
	if (!r)
		return cli_error("doctor", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "devices", &devs);
	if (!json_object_array_length(devs))
		printf("No device runs an ndisload driver.\n");
	for (i = 0; i < json_object_array_length(devs); i++) {
		json_object *d = json_object_array_get_idx(devs, i), *f;

		printf("%s (%s, driver %s): %s\n", jx_str(d, "device"),
		       jx_str(d, "interface") ? jx_str(d, "interface") : "no interface",
		       jx_str(d, "driver"), jx_bool(d, "healthy") ? "no problem seen" : "");
		json_object_object_get_ex(d, "findings", &f);
		for (k = 0; k < json_object_array_length(f); k++) {
			json_object *x = json_object_array_get_idx(f, k);

			printf("  - %s\n", jx_str(x, "summary"));
			if (jx_str(x, "setting"))
				printf("    Cure: the compatibility setting %s. Try:\n      %s\n",
				       jx_str(x, "setting"), jx_str(x, "command"));
			else if (jx_str(x, "command"))
				printf("    Try:\n      %s\n", jx_str(x, "command"));
		}
	}
	json_object_put(r);
	return 0;
}
