/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * File system helpers with the helper's rules built in: reads are capped,
 * writes are atomic (temporary file, fsync, rename, fsync of the directory),
 * and nothing follows a symbolic link it did not expect.
 */
#ifndef NDL_FSUTIL_H
#define NDL_FSUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib/err.h"

/* Reads all of fd (from its current offset) up to max bytes; what names it. */
int fs_read_fd(int fd, size_t max, const char *what, char **data, size_t *len,
	       struct ndl_err *err);
int fs_read_file(const char *path, size_t max, char **data, size_t *len,
		 struct ndl_err *err);
/* Reads a small sysfs-like text file, newline stripped; false if absent. */
bool fs_read_line(const char *path, char *buf, size_t size);
/* Writes path atomically with mode; the directory must exist. */
int fs_write_atomic(const char *path, const void *data, size_t len,
		    mode_t mode, struct ndl_err *err);
int fs_write_all(int fd, const void *data, size_t len);
/* mkdir -p with mode for the directories it creates. */
int fs_mkdirs(const char *path, mode_t mode, struct ndl_err *err);
/* Removes a directory tree (does not follow symlinks). */
int fs_remove_tree(const char *path);
int fs_fsync_dir(const char *path);
bool fs_is_dir(const char *path);
/* dir + "/" + name into out; false when it does not fit. */
bool fs_join(char *out, size_t size, const char *dir, const char *name);

#endif
