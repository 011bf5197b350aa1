// SPDX-License-Identifier: GPL-2.0-only
/* ndisload load [DRIVER|--all]: push drivers into the module. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char usage[] =
	"Usage: ndisload load [--unbind-native] [--reload] [--json] DRIVER|--all\n"
	"       ndisload load [--json] --device ADDR\n"
	"\n"
	"Pushes a driver into the kernel module: its .sys and data files (checked\n"
	"against the store's SHA-256), the device IDs of the devices bound to it\n"
	"(all its PCI IDs when none is bound), and each device's registry values\n"
	"(the .inf's, parameter defaults, your settings). --all loads every driver\n"
	"that has a bound device (what runs at boot). Devices bound --isolated run\n"
	"in ndisload-host instead: load starts their hosts (--reload restarts\n"
	"them with the current settings); a driver bound only so is not pushed.\n"
	"--device starts the host of the PCI function ADDR if it is bound\n"
	"--isolated, and does nothing for any other device: udev runs it when a\n"
	"function appears (a card plugged in again, a rescan).\n"
	"\n"
	"  --unbind-native  take bound devices from the Linux drivers that own them\n"
	"  --reload         unload a loaded driver first (to apply new settings)\n"
	"\n"
	"Exit status: 0 all loaded; 3 no such driver; 4 already loaded; 5 the\n"
	"driver was refused; 6 the license does not allow it; 7 the module is\n"
	"missing or failed; 1 system error.\n";

int cmd_load(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "device", required_argument, NULL, 'd' },
		{ "unbind-native", no_argument, NULL, 'u' },
		{ "reload", no_argument, NULL, 'r' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, all = false, unbind = false, reload = false;
	const char *device = NULL;
	struct ndl_err err;
	json_object *args, *r, *a, *res, *iso = NULL;
	size_t i, k;
	int c, status = 0;

	optind = 1;
	while ((c = cli_getopt("load", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'a': all = true; break;
		case 'd': device = optarg; break;
		case 'u': unbind = true; break;
		case 'r': reload = true; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (device ? all || argc > optind || unbind || reload :
	    all == (argc - optind == 1) || argc - optind > 1)
		return cli_usage_error("load", "give one DRIVER, --all or --device ADDR");
	args = json_object_new_object();
	if (device)
		jx_add_str(args, "device", device);
	else if (!all)
		jx_add_str(args, "driver", argv[optind]);
	json_object_object_add(args, "unbind_native", json_object_new_boolean(unbind));
	json_object_object_add(args, "reload", json_object_new_boolean(reload));
	r = cli_slow_call(all ? "Starting drivers" : "Starting the driver", "load", args, &err);
	json_object_put(args);
	if (!r)
		return cli_error("load", &err);
	json_object_object_get_ex(r, "errors", &a);
	for (i = 0; i < json_object_array_length(a); i++) {
		json_object *e = json_object_array_get_idx(a, i);
		struct ndl_err x;
		enum ndl_code code;

		ndl_err_clear(&x);
		for (code = NDL_OK; code < NDL_CODE_COUNT; code++)
			if (!strcmp(ndl_code_name(code), jx_str(e, "code") ? jx_str(e, "code") : ""))
				x.code = code;
		if (!status)
			status = ndl_code_exit(x.code ? x.code : NDL_E_INTERNAL);
		if (!json)
			fprintf(stderr, "ndisload load: %s: %s\n%s%s%s", jx_str(e, "driver"),
				jx_str(e, "message"), jx_str(e, "hint") ? "  " : "",
				jx_str(e, "hint") ? jx_str(e, "hint") : "", jx_str(e, "hint") ? "\n" : "");
	}
	if (json) {
		cli_print_json(r);
		return status;
	}
	json_object_object_get_ex(r, "results", &res);
	for (i = 0; i < json_object_array_length(res); i++) {
		json_object *x = json_object_array_get_idx(res, i), *notes;

		printf("Loaded %s: %" PRId64 " device(s) bound, %" PRId64 " left to native drivers.\n",
		       jx_str(x, "driver"), jx_int(x, "bound"), jx_int(x, "owned"));
		if (json_object_object_get_ex(x, "notes", &notes))
			for (k = 0; k < json_object_array_length(notes); k++)
				printf("  %s\n", json_object_get_string(json_object_array_get_idx(notes, k)));
	}
	json_object_object_get_ex(r, "isolated", &iso);
	for (i = 0; iso && i < json_object_array_length(iso); i++) {
		json_object *x = json_object_array_get_idx(iso, i);

		if (jx_str(x, "error")) {
			fprintf(stderr, "ndisload load: %s (isolated): %s\n", jx_str(x, "device"),
				jx_str(x, "error"));
			status = status ? status : 1;
		} else {
			printf("Isolated %s: %s in ndisload-host (%s).\n", jx_str(x, "device"),
			       jx_str(x, "driver"), jx_str(x, "state"));
		}
	}
	if (all && !json_object_array_length(res) && !json_object_array_length(a) &&
	    !(iso && json_object_array_length(iso)))
		printf("No device is bound to a driver; nothing to load.\n");
	json_object_put(r);
	return status;
}
