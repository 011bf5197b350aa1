// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndl-license-cli: `ndisload license` (helper/cmd_license.c) as a program
 * of its own, sanitized, so the licensing suite exercises the CLI path
 * whether or not the full helper is built.
 */
#include "cmd_license.h"

int main(int argc, char **argv)
{
	return cmd_license(argc, argv);
}
