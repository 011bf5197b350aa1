// SPDX-License-Identifier: GPL-2.0-only
/* File system helpers: capped reads, atomic writes, trees (see fsutil.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "lib/paths.h"

int fs_read_fd(int fd, size_t max, const char *what, char **data, size_t *len,
	       struct ndl_err *err)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);

	if (!buf)
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory reading %s", what);
	for (;;) {
		ssize_t r;

		if (n == cap) {
			char *nb;

			if (cap > max) {
				free(buf);
				return ndl_fail(err, NDL_E_TOO_LARGE,
						"%s is larger than %zu MiB", what, max >> 20);
			}
			cap *= 2;
			nb = realloc(buf, cap + 1);
			if (!nb) {
				free(buf);
				return ndl_fail(err, NDL_E_INTERNAL, "out of memory reading %s", what);
			}
			buf = nb;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(buf);
			return ndl_fail(err, NDL_E_INTERNAL, "cannot read %s: %s", what, strerror(e));
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n > max) {
			free(buf);
			return ndl_fail(err, NDL_E_TOO_LARGE, "%s is larger than %zu MiB",
					what, max >> 20);
		}
	}
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
}

int fs_read_file(const char *path, size_t max, char **data, size_t *len,
		 struct ndl_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret;

	if (fd < 0) {
		int e = errno;

		return ndl_fail(err, e == ENOENT ? NDL_E_NOT_FOUND : NDL_E_INTERNAL,
				"cannot open %s: %s", path, strerror(e));
	}
	ret = fs_read_fd(fd, max, path, data, len, err);
	close(fd);
	return ret;
}

bool fs_read_line(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return false;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return true;
}

int fs_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int fs_fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return -1;
	ret = fsync(fd);
	close(fd);
	return ret;
}

int fs_write_atomic(const char *path, const void *data, size_t len,
		    mode_t mode, struct ndl_err *err)
{
	char tmp[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	int fd, e;

	/* The temp name beside it, not after it: a name of 255 bytes (the
	 * most a directory takes) must still get a temp file. */
	snprintf(dir, sizeof(dir), "%s", path);
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/.tmp-XXXXXX", dirname(dir)) >= sizeof(tmp))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long: %s", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		e = errno;
		return ndl_fail(err, NDL_E_INTERNAL, "cannot create a file next to %s: %s",
				path, strerror(e));
	}
	if (fchmod(fd, mode) || fs_write_all(fd, data, len) || fsync(fd)) {
		e = errno;
		close(fd);
		unlink(tmp);
		return ndl_fail(err, e == ENOSPC || e == EDQUOT ? NDL_E_NO_SPACE : NDL_E_INTERNAL,
				"cannot write %s: %s", path, strerror(e));
	}
	if (close(fd) || rename(tmp, path)) {
		e = errno;
		unlink(tmp);
		return ndl_fail(err, NDL_E_INTERNAL, "cannot replace %s: %s", path, strerror(e));
	}
	snprintf(dir, sizeof(dir), "%s", path);
	fs_fsync_dir(dirname(dir));
	return 0;
}

int fs_mkdirs(const char *path, mode_t mode, struct ndl_err *err)
{
	char buf[NDL_PATH_MAX];
	size_t i, n = strlen(path);

	if (n >= sizeof(buf))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long: %s", path);
	memcpy(buf, path, n + 1);
	for (i = 1; i <= n; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, mode) && errno != EEXIST) {
			int e = errno;

			return ndl_fail(err, NDL_E_INTERNAL, "cannot create %s: %s",
					buf, strerror(e));
		}
		if (i < n)
			buf[i] = '/';
	}
	if (!fs_is_dir(path))
		return ndl_fail(err, NDL_E_INTERNAL, "%s exists but is not a directory", path);
	return 0;
}

bool fs_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int remove_at(int parent, const char *name, int depth)
{
	struct stat st;
	int fd;
	DIR *d;
	struct dirent *de;
	int ret = 0;

	if (fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(parent, name, 0);
	if (depth > 16)
		return -1;
	fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (remove_at(dirfd(d), de->d_name, depth + 1))
			ret = -1;
	}
	closedir(d);
	if (unlinkat(parent, name, AT_REMOVEDIR))
		ret = -1;
	return ret;
}

int fs_remove_tree(const char *path)
{
	return remove_at(AT_FDCWD, path, 0);
}

bool fs_join(char *out, size_t size, const char *dir, const char *name)
{
	int n = snprintf(out, size, "%s/%s", dir, name);

	return n >= 0 && (size_t)n < size;
}
