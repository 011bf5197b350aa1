/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Gathering a driver package from a directory, for the CLI: starting from
 * the .inf (and any files named on the command line), the files the .inf
 * needs and the .inf files it includes are looked up next to it — by name,
 * case-insensitively, in the subdirectory [SourceDisksNames] gives — so
 * `ndisload install dir/net.inf` is enough for a package unpacked as the
 * vendor ships it.
 */
#ifndef NDL_PKGDIR_H
#define NDL_PKGDIR_H

#include <stddef.h>

#include "lib/err.h"
#include "inf/inf.h"

struct pkg_item {
	char *name;		/* base name */
	char *path;		/* where it was found */
	int fd;			/* open, read-only */
	char *data;		/* contents, for .inf files */
	size_t len;
};

struct pkg_set {
	struct pkg_item *items;
	size_t n, cap;
	size_t main;		/* index of the main .inf */
};

int pkg_collect(const char *inf_path, char *const *extra, size_t nextra,
		struct pkg_set *set, struct ndl_err *err);
/* The set as the parser takes it (malloc'ed array; the set owns the data). */
struct inf_pkg_file *pkg_files(const struct pkg_set *set);
void pkg_free(struct pkg_set *set);

#endif
