/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every path the helper touches, under $NDISLOAD_ROOT (empty = "/"), so
 * tests and demos run against a private tree (docs/DEVELOPING.md).
 */
#ifndef NDL_PATHS_H
#define NDL_PATHS_H

#include <stdbool.h>
#include <stddef.h>

#define NDL_PATH_MAX 4096

const char *ndl_root(void);	/* "" or "/some/dir" without a trailing '/' */
/* root + the formatted absolute path; false (and a message) when too long. */
bool ndl_path(char *out, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define NDL_STORE_DIR	"/var/lib/ndisload/drivers"
#define NDL_STAGING_DIR	"/var/lib/ndisload/staging"
#define NDL_CONF_DIR	"/etc/ndisload"
#define NDL_RUN_DIR	"/run/ndisload"
#define NDL_SOCKET	"/run/ndisload/helper.sock"
#define NDL_SYS_DIR	"/sys"
#define NDL_DEV_NODE	"/dev/ndisload"

#endif
