// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload: the command-line tool and root helper. The table below is the
 * whole command set; each command lives in its own cmd_*.c file.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/err.h"

#ifndef NDL_HAVE_CHECK
static int check_unavailable(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr,
		"ndisload check: this build of ndisload has no driver checker\n"
		"  (it was built without the runtime library build/lib/libndlrt.a);\n"
		"  rebuild with 'make' at the top of the source tree once module/user builds.\n");
	return ndl_code_exit(NDL_E_INTERNAL);
}
#define cmd_check check_unavailable
#endif

#ifndef NDL_HAVE_LICENSE
static int license_unavailable(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr,
		"ndisload license: this build of ndisload has no licensing support\n"
		"  (built without build/lib/libndllicense.a); no license is needed to use it.\n");
	return ndl_code_exit(NDL_E_INTERNAL);
}
#define cmd_license license_unavailable
#endif

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *description;
} commands[] = {
	{ "setup", cmd_setup, "Set up a card with the vendor's driver package (.zip, .cab, .exe or .inf), step by step" },
	{ "install", cmd_install, "Install a Windows driver package (.inf + .sys + firmware) into the driver store" },
	{ "list", cmd_list, "List installed drivers" },
	{ "remove", cmd_remove, "Remove an installed driver" },
	{ "inspect", cmd_inspect, "Show what ndisload reads from an .inf, without installing it" },
	{ "devices", cmd_devices, "List PCI and USB network devices and the drivers that match them" },
	{ "bind", cmd_bind, "Bind a device to an installed driver" },
	{ "unbind", cmd_unbind, "Remove a device's binding" },
	{ "add-virtual", cmd_add_virtual, "Add a virtual adapter of a root-enumerated driver" },
	{ "remove-virtual", cmd_remove_virtual, "Remove a driver's virtual adapter(s)" },
	{ "params", cmd_params, "Show or set a driver's parameters (Advanced settings)" },
	{ "compat", cmd_compat, "Show or set a driver's compatibility settings" },
	{ "doctor", cmd_doctor, "Look for symptoms of driver bugs and name their cures" },
	{ "load", cmd_load, "Push configured drivers, device IDs and settings into the kernel module" },
	{ "status", cmd_status, "Show the module, drivers, devices and interfaces" },
	{ "wifi", cmd_wifi, "Scan, join and forget wireless networks (profiles per interface)" },
	{ "check", cmd_check, "Check a driver (.sys) against the runtime before loading it" },
	{ "license", cmd_license, "Show or install the product license" },
	{ "log", cmd_log, "Show the module's and the helper's messages about drivers and devices" },
	{ "diag", cmd_diag, "Collect a diagnostic report (secrets redacted)" },
	{ "serve", cmd_serve, "Run the root helper service for the web configurator" },
	{ "version", cmd_version, "Show the versions of ndisload and the module" },
};

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "Usage: %s COMMAND [OPTIONS] [ARGUMENTS]\n\n"
		"Runs Windows NDIS network drivers on Linux.\n\nCommands:\n", cli_prog);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].description);
	fprintf(out, "\n'%s COMMAND --help' describes a command; 'man ndisload' all of them.\n"
		"Read commands take --json. NDISLOAD_ROOT=DIR runs against a private tree.\n",
		cli_prog);
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return ndl_code_exit(NDL_E_BAD_REQUEST);
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "-h")) {
		if (argc > 2 && strcmp(argv[1], "help") == 0) {
			char *sub[] = { argv[2], "--help", NULL };

			for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
				if (!strcmp(argv[2], commands[i].name))
					return commands[i].fn(2, sub);
		}
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version"))
		return cmd_version(1, argv + 1);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		/* "ndisload COMMAND --version", also for commands without getopt. */
		if (argc == 3 && !strcmp(argv[2], "--version"))
			return cmd_version(1, argv + 2);
		return commands[i].fn(argc - 1, argv + 1);
	}
	fprintf(stderr, "%s: '%s' is not a command.\n\n", cli_prog, argv[1]);
	usage(stderr);
	return ndl_code_exit(NDL_E_BAD_REQUEST);
}
