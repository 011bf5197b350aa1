// SPDX-License-Identifier: GPL-2.0-only
/* ndisload unbind DEVICE: drop a device's binding. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "serve/ops.h"

static const char usage[] =
	"Usage: ndisload unbind [--json] DEVICE\n"
	"\n"
	"Removes the binding of a device. A driver already loaded keeps serving\n"
	"it until it is unloaded or the machine restarts.\n"
	"\n"
	"Exit status: 0; 3 the device is not bound; 1 system error.\n";

int cmd_unbind(int argc, char **argv)
{
	bool json;
	struct ndl_err err;
	json_object *args, *r;
	int rc = cli_json_opts("unbind", argc, argv, usage, &json);

	if (rc >= 0)
		return rc;
	if (argc - optind != 1)
		return cli_usage_error("unbind", "give one DEVICE");
	args = json_object_new_object();
	jx_add_str(args, "device", argv[optind]);
	r = ops_call("device.unbind", args, NULL, 0, &err);
	json_object_put(args);
	if (!r)
		return cli_error("unbind", &err);
	if (json)
		return cli_print_json(r);
	printf("Unbound %s.\n", argv[optind]);
	json_object_put(r);
	return 0;
}
