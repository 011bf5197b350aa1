// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndl-license-cli: `ndisload license` (helper/cli/cmd_license.c) as a program
 * of its own, sanitized, so the licensing suite exercises the CLI path
 * whether or not the full helper is built.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cmd_license.h"

/* Called like the real CLI: ndl-license-cli license [ARGS], which ndisload
 * dispatches as cmd_license(argc - 1, argv + 1). */
int main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "license")) {
		fprintf(stderr, "usage: ndl-license-cli license [ARGS]\n");
		return 2;
	}
	return cmd_license(argc - 1, argv + 1);
}
