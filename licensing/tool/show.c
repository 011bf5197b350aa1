// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-license show: print a license's fields. It does not check the
 * signature (that needs the vendor's public key: use verify).
 */
#include <stdio.h>
#include <stdlib.h>

#include "tool.h"

int cmd_show(int argc, char **argv)
{
	struct ndl_license lic;
	char err[NDL_LIC_ERRLEN], *text;
	enum ndl_lic_err e;
	size_t len;

	if (argc != 2 || (argv[1][0] == '-' && argv[1][1]))
		return tool_usage("show", "give one license FILE (or -)");
	if (tool_read_license(argv[1], &text, &len) != 0)
		return EX_SYS;
	e = ndl_license_parse(text, len, &lic, err, sizeof(err));
	free(text);
	if (e != NDL_LIC_OK)
		return tool_fail(EX_BAD, "%s: %s", argv[1], err);
	tool_print_license(&lic);
	printf("%-12s%s\n", "signature:", "not checked (use 'ndisload-license verify --pubkey KEY.pub')");
	return EX_OK;
}
