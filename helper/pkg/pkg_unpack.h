/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Unpacking a vendor's driver package archive (.zip, .cab, .7z, and the
 * self-extracting .exe files libarchive can open) into a private directory,
 * within limits that keep a hostile archive from filling the disk or
 * escaping the directory: the total and per-file unpacked size (counted
 * as the bytes come, never trusted from headers), the number of entries,
 * the depth and length of paths. Only plain files and folders are taken:
 * absolute paths, "..", links, devices and encrypted entries are refused,
 * and every path component must be a plain file name (strutil.h, text.h).
 * Hidden entries (".DS_Store", "__MACOSX/") are skipped. Nothing here runs
 * a program: no name ever reaches a shell.
 */
#ifndef NDL_PKG_UNPACK_H
#define NDL_PKG_UNPACK_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/err.h"

#define UNPACK_MAX_TOTAL	(256ull << 20)	/* bytes of all files */
#define UNPACK_MAX_FILE		(64ull << 20)	/* bytes of one file */
#define UNPACK_MAX_ENTRIES	4096
#define UNPACK_MAX_DEPTH	12		/* folders above a file */
#define UNPACK_MAX_PATH		1024		/* bytes of a path */

struct unpack_stats {
	char format[64];	/* libarchive's name of the format */
	unsigned files;
	uint64_t bytes;
	json_object *skipped;	/* [names] of hidden entries left out */
};

/* Is this file name one that unpack_archive() is for (by its extension)? */
bool unpack_is_archive_name(const char *name);

/*
 * Unpacks the archive open on fd (named name, for messages) into the
 * empty directory dirfd. Progress, when given, is called with the bytes
 * read of the archive so far and its size. On failure err says what (and
 * which entry) and the directory may hold part of the files: the caller
 * removes it.
 */
int unpack_archive(int fd, const char *name, int dirfd, struct unpack_stats *st,
		   void (*progress)(uint64_t done, uint64_t total, void *ctx),
		   void *ctx, struct ndl_err *err);

#endif
