/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ndisload-license subcommands and the helpers they share.
 */
#ifndef NDL_LICENSE_TOOL_H
#define NDL_LICENSE_TOOL_H

#include <stddef.h>

#include "../ndl_license.h"

/* Exit codes: 0 ok, 1 the license or key is bad, 2 usage, 3 system error. */
enum { EX_OK = 0, EX_BAD = 1, EX_USAGE = 2, EX_SYS = 3 };

int cmd_keygen(int argc, char **argv);
int cmd_issue(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_show(int argc, char **argv);

/* "ndisload-license: " + message on stderr; returns code. */
int tool_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Usage error with a pointer to --help. */
int tool_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Read FILE or "-" (stdin), at most NDL_LICENSE_MAX bytes. */
int tool_read_license(const char *path, char **text, size_t *len);
/* Print a license's fields for people. */
void tool_print_license(const struct ndl_license *lic);

#endif
