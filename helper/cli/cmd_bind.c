// SPDX-License-Identifier: GPL-2.0-only
/* ndisload bind DEVICE DRIVER: which driver serves a device. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char usage[] =
	"Usage: ndisload bind [--unbind-native] [--load] [--isolated] [--json] DEVICE DRIVER\n"
	"\n"
	"Binds a device (its address from 'ndisload devices', e.g. 0000:02:00.0,\n"
	"or a USB device's bus path, e.g. 1-1) to an installed driver,\n"
	"persistently. The driver must list one of the device's hardware IDs.\n"
	"\n"
	"  --unbind-native  take the device from the Linux driver that owns it\n"
	"                   (now and at every boot)\n"
	"  --load           load the driver into the module right away\n"
	"  --isolated       run the driver outside the kernel, in the unprivileged\n"
	"                   process ndisload-host (VFIO; needs an IOMMU): the device\n"
	"                   goes to vfio-pci, its interface is a TAP (ndlhN); started\n"
	"                   now and at every boot, restarted after a crash\n"
	"\n"
	"Exit status: 0; 3 no such device or driver; 5 the driver is not for that\n"
	"device, or --isolated without an IOMMU; 7 loading failed (with --load);\n"
	"1 system error.\n";

int cmd_bind(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "unbind-native", no_argument, NULL, 'u' },
		{ "load", no_argument, NULL, 'l' },
		{ "isolated", no_argument, NULL, 'i' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, unbind = false, load = false, isolated = false;
	struct ndl_err err;
	json_object *args, *r, *l = NULL;
	int c;

	optind = 1;
	while ((c = cli_getopt("bind", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'u': unbind = true; break;
		case 'l': load = true; break;
		case 'i': isolated = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (argc - optind != 2)
		return cli_usage_error("bind", "give a DEVICE and a DRIVER");
	if (isolated && load)
		return cli_usage_error("bind", "--isolated starts the driver host itself; --load is for the module");
	args = json_object_new_object();
	jx_add_str(args, "device", argv[optind]);
	jx_add_str(args, "driver", argv[optind + 1]);
	json_object_object_add(args, "unbind_native", json_object_new_boolean(unbind));
	if (isolated)
		json_object_object_add(args, "isolated", json_object_new_boolean(true));
	r = isolated ? cli_slow_call("Starting the driver host", "device.bind", args, &err) :
		ops_call("device.bind", args, NULL, 0, &err);
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
	if (isolated) {
		json_object *iso;

		json_object_object_get_ex(r, "isolated", &iso);
		printf("Runs isolated in ndisload-host (%s); its interface: %s.\n",
		       jx_str(iso, "mode"), jx_str(iso, "tap"));
		json_object_put(r);
		return 0;
	}
	if (jx_str(r, "note"))
		printf("  %s\n", jx_str(r, "note"));
	printf(load ? "Loaded %s.\n" : "'ndisload load %s' loads it now; it loads at every boot.\n",
	       argv[optind + 1]);
	json_object_put(r);
	return 0;
}
