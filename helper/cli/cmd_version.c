// SPDX-License-Identifier: GPL-2.0-only
/* ndisload version [--json]: this program's and the module's versions. */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"

static const char usage[] =
	"Usage: ndisload version [--json]\n"
	"\n"
	"Shows the version of ndisload and, when it is loaded, of the kernel module\n"
	"and the ABI they speak.\n";

int cmd_version(int argc, char **argv)
{
	bool json;
	json_object *o, *m;
	int rc = cli_json_opts("version", argc, argv, usage, &json);

	if (rc >= 0)
		return rc;
	o = json_object_new_object();
	jx_add_str(o, "version", NDL_VERSION);
	json_object_object_add(o, "abi", json_object_new_int(NDL_ABI_VERSION));
	m = kmod_status_json();
	json_object_object_add(o, "module", m);
	if (json)
		return cli_print_json(o);
	printf("ndisload %s (module ABI %d)\n", NDL_VERSION, NDL_ABI_VERSION);
	if (jx_bool(m, "loaded"))
		printf("module   %s (ABI %d)\n", jx_str(m, "version"), (int)jx_int(m, "abi"));
	else
		printf("module   not loaded\n");
	json_object_put(o);
	return 0;
}
