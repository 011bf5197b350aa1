// SPDX-License-Identifier: GPL-2.0-only
/* ndisload bind DEVICE DRIVER: which driver serves a device. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char usage[] =
	"Usage: ndisload bind [--unbind-native] [--load] [--json] DEVICE DRIVER\n"
	"\n"
	"Binds a device (its address from 'ndisload devices', e.g. 0000:02:00.0,\n"
	"or a USB device's bus path, e.g. 1-1) to an installed driver,\n"
	"persistently. The driver must list one of the device's hardware IDs.\n"
	"\n"
	"  --unbind-native  take the device from the Linux driver that owns it\n"
	"                   (now and at every boot)\n"
	"  --load           load the driver into the module right away\n"
	"\n"
	"Exit status: 0; 3 no such device or driver; 5 the driver is not for that\n"
	"device; 7 loading failed (with --load); 1 system error.\n";

int cmd_bind(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "unbind-native", no_argument, NULL, 'u' },
		{ "load", no_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, unbind = false, load = false;
	struct ndl_err err;
	json_object *args, *r, *l = NULL;
	int c;

	optind = 1;
	while ((c = cli_getopt("bind", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'u': unbind = true; break;
		case 'l': load = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (argc - optind != 2)
		return cli_usage_error("bind", "give a DEVICE and a DRIVER");
	args = json_object_new_object();
	jx_add_str(args, "device", argv[optind]);
	jx_add_str(args, "driver", argv[optind + 1]);
	json_object_object_add(args, "unbind_native", json_object_new_boolean(unbind));
	r = ops_call("device.bind", args, NULL, 0, &err);
	json_object_put(args);
	if (!r)
		return cli_error("bind", &err);
	if (load) {
		args = json_object_new_object();
		jx_add_str(args, "driver", argv[optind + 1]);
		json_object_object_add(args, "unbind_native", json_object_new_boolean(unbind));
		json_object_object_add(args, "reload", json_object_new_boolean(true));
		l = cli_slow_call("Starting the driver", "load", args, &err);
		json_object_put(args);
		if (!l) {
			json_object_put(r);
			return cli_error("bind", &err);
		}
		json_object_object_add(r, "load", l);
	}
	if (json)
		return cli_print_json(r);
	printf("Bound %s to %s.\n", argv[optind], argv[optind + 1]);
	if (jx_str(r, "note"))
		printf("  %s\n", jx_str(r, "note"));
	printf(load ? "Loaded %s.\n" : "'ndisload load %s' loads it now; it loads at every boot.\n",
	       argv[optind + 1]);
	json_object_put(r);
	return 0;
}
