// SPDX-License-Identifier: GPL-2.0-only
/* ndisload install FILE.inf [FILES...]: a driver package into the store. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "pkg/pkgdir.h"
#include "cli/show.h"

static const char usage[] =
	"Usage: ndisload install [--name NAME] [--json] FILE.inf [FILES...]\n"
	"\n"
	"Installs a Windows driver package into the driver store\n"
	"(/var/lib/ndisload/drivers/NAME). The .inf comes first; the .sys and\n"
	"firmware files it needs, and the .inf files it includes, are taken from\n"
	"the command line or found next to the .inf. Installing a driver again\n"
	"replaces it.\n"
	"\n"
	"  --name NAME  the driver's name (default: the .inf's name, lower case)\n"
	"  --json       print the result as JSON\n"
	"\n"
	"Then: 'ndisload devices' to see matching devices, 'ndisload bind'.\n"
	"Exit status: 0 installed; 2 bad usage; 3 a file is missing; 5 the package\n"
	"is incomplete or cannot run (the message says why); 1 system error.\n";

int cmd_install(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "name", required_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *name = NULL;
	bool json = false;
	struct pkg_set set;
	struct ndl_err err;
	json_object *args, *files, *r, *drv, *v;
	int fds[OPS_MAX_FDS], c;
	size_t i;
	char buf[1024];

	optind = 1;
	while ((c = cli_getopt("install", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 'n': name = optarg; break;
		case 'j': json = true; break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind >= argc)
		return cli_usage_error("install", "no .inf file given");
	if (pkg_collect(argv[optind], argv + optind + 1, (size_t)(argc - optind - 1),
			&set, &err)) {
		pkg_free(&set);
		return cli_error("install", &err);
	}
	if (set.n > OPS_MAX_FDS) {
		pkg_free(&set);
		return cli_usage_error("install", "more than %d files", OPS_MAX_FDS);
	}
	args = json_object_new_object();
	files = json_object_new_array();
	for (i = 0; i < set.n; i++) {
		json_object *f = json_object_new_object();

		jx_add_str(f, "name", set.items[i].name);
		json_object_array_add(files, f);
		fds[i] = set.items[i].fd;
	}
	json_object_object_add(args, "files", files);
	jx_add_str(args, "inf", set.items[0].name);
	if (name)
		jx_add_str(args, "name", name);
	json_object_object_add(args, "complete", json_object_new_boolean(true));
	r = ops_call("driver.install", args, fds, set.n, &err);
	json_object_put(args);
	pkg_free(&set);
	if (!r)
		return cli_error("install", &err);
	if (json)
		return cli_print_json(r);
	json_object_object_get_ex(r, "driver", &drv);
	printf("%s driver %s (%s, version %s) from %s.\n",
	       jx_bool(r, "replaced") ? "Replaced" : "Installed", jx_str(drv, "name"),
	       jx_str(drv, "provider") ? jx_str(drv, "provider") : "unknown provider",
	       jx_str(drv, "version") ? jx_str(drv, "version") : "?", jx_str(drv, "inf"));
	if (json_object_object_get_ex(drv, "device_ids", &v))
		printf("  devices: %s\n", show_list(v, buf, sizeof(buf)));
	if (json_object_object_get_ex(r, "ignored", &v) && json_object_array_length(v))
		printf("  not used by the driver (not stored): %s\n", show_list(v, buf, sizeof(buf)));
	if (json_object_object_get_ex(drv, "check", &v))
		printf("  check: %s\n", jx_str(v, "verdict") ? jx_str(v, "verdict") : "?");
	if (json_object_object_get_ex(r, "warnings", &v))
		show_warnings(stdout, v);
	if (jx_bool(drv, "virtual"))
		printf("Next: a virtual (root-enumerated) adapter driver binds to no device; 'ndisload add-virtual %s' adds an adapter.\n",
		       jx_str(drv, "name"));
	else
		printf("Next: 'ndisload devices' shows matching devices; 'ndisload bind DEVICE %s' binds one.\n",
		       jx_str(drv, "name"));
	json_object_put(r);
	return 0;
}
