// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload add-virtual DRIVER [--count N] / remove-virtual DRIVER
 * [INSTANCE]: the adapters of a root-enumerated driver (sys/virt.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char add_usage[] =
	"Usage: ndisload add-virtual [--count N] [--json] DRIVER\n"
	"\n"
	"Adds a virtual adapter (N adapters with --count, at most 16 per driver)\n"
	"of an installed root-enumerated driver: one whose .inf names no PCI or\n"
	"USB device (ROOT\\... or *NAME IDs, as virtual and VPN adapters have).\n"
	"Loads the driver first if it is not running. Each adapter has an\n"
	"instance number (the lowest free one) and a network interface; its MAC\n"
	"address is locally administered and derived from the driver's name and\n"
	"the instance, the same at every start (a NetworkAddress parameter set\n"
	"with 'ndisload params' replaces it). The adapters are saved and come\n"
	"back whenever the driver loads, at boot too ('ndisload load --all').\n"
	"\n"
	"Exit status: 0; 3 no such driver; 4 the driver already has 16 adapters;\n"
	"5 the driver is for PCI or USB devices; 7 the driver or the module failed\n"
	"(not loaded, the miniport did not start); 1 system error.\n";

static const char remove_usage[] =
	"Usage: ndisload remove-virtual [--force] [--json] DRIVER [INSTANCE]\n"
	"\n"
	"Removes a driver's virtual adapter INSTANCE ('ndisload status' lists\n"
	"them), or all of its virtual adapters, now and for later boots.\n"
	"\n"
	"  --force   also when its interface is up (the interface goes away)\n"
	"\n"
	"Exit status: 0; 3 no such driver or adapter; 4 an interface is up (use\n"
	"--force); 5 the driver is for PCI or USB devices; 7 the module refused;\n"
	"1 system error.\n";

/* A whole decimal number in lo..hi, else -1. */
static long number(const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s && !*end && v >= lo && v <= hi ? v : -1;
}

static void print_adapter(json_object *x)
{
	printf("  %s virtual.%d  %s  %s\n", jx_str(x, "driver"), (int)jx_int(x, "instance"),
	       jx_str(x, "interface") ? jx_str(x, "interface") : "(no interface)",
	       jx_str(x, "mac") ? jx_str(x, "mac") : "");
}

int cmd_add_virtual(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	json_object *args, *r, *a;
	struct ndl_err err;
	bool json = false;
	long count = 1;
	size_t i;
	int c;

	optind = 1;
	while ((c = cli_getopt("add-virtual", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'n':
			count = number(optarg, 1, 16);
			if (count < 0)
				return cli_usage_error("add-virtual", "--count takes a number from 1 to 16, not %s",
						       optarg);
			break;
		case 'j': json = true; break;
		case 'h': return cli_help(add_usage);
		default: return 2;
		}
	}
	if (argc - optind != 1)
		return cli_usage_error("add-virtual", "give one DRIVER");
	args = json_object_new_object();
	jx_add_str(args, "driver", argv[optind]);
	json_object_object_add(args, "count", json_object_new_int((int)count));
	r = cli_slow_call("Starting the adapter", "virtual.add", args, &err);
	json_object_put(args);
	if (!r)
		return cli_error("add-virtual", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "added", &a);
	printf("Added %zu virtual adapter%s of %s:\n", json_object_array_length(a),
	       json_object_array_length(a) == 1 ? "" : "s", argv[optind]);
	for (i = 0; i < json_object_array_length(a); i++)
		print_adapter(json_object_array_get_idx(a, i));
	printf("They come back whenever %s loads; 'ndisload remove-virtual %s' removes them.\n",
	       argv[optind], argv[optind]);
	json_object_put(r);
	return 0;
}

int cmd_remove_virtual(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "force", no_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	json_object *args, *r, *a;
	struct ndl_err err;
	bool json = false, force = false;
	long inst = -1;
	size_t i;
	int c;

	optind = 1;
	while ((c = cli_getopt("remove-virtual", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'f': force = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(remove_usage);
		default: return 2;
		}
	}
	if (argc - optind < 1 || argc - optind > 2)
		return cli_usage_error("remove-virtual", "give a DRIVER and optionally an INSTANCE");
	if (argc - optind == 2) {
		const char *s = argv[optind + 1];

		/* "virtual.N" as status shows it, or N */
		inst = number(strncmp(s, "virtual.", 8) ? s : s + 8, 0, 15);
		if (inst < 0)
			return cli_usage_error("remove-virtual", "INSTANCE is a number from 0 to 15, not %s", s);
	}
	args = json_object_new_object();
	jx_add_str(args, "driver", argv[optind]);
	if (inst >= 0)
		json_object_object_add(args, "instance", json_object_new_int((int)inst));
	if (force)
		json_object_object_add(args, "force", json_object_new_boolean(true));
	r = cli_slow_call("Stopping the adapter", "virtual.remove", args, &err);
	json_object_put(args);
	if (!r)
		return cli_error("remove-virtual", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "removed", &a);
	printf("Removed virtual adapter%s", json_object_array_length(a) == 1 ? "" : "s");
	for (i = 0; i < json_object_array_length(a); i++)
		printf("%s virtual.%d", i ? "," : "", json_object_get_int(json_object_array_get_idx(a, i)));
	printf(" of %s.\n", argv[optind]);
	json_object_put(r);
	return 0;
}
