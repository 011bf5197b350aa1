// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bounded whole-file reads and atomic writes (temp file, fsync, rename,
 * fsync of the directory) for license, key and trial files.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

int ndll_read_file(const char *path, size_t max, char **data, size_t *len,
		  char *err, size_t errlen)
{
	struct stat sb;
	char *buf;
	size_t got = 0;
	int fd, saved;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		saved = errno;
		ndll_errf(err, errlen, "cannot read %s: %s", path, strerror(saved));
		errno = saved;
		return -1;
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		ndll_errf(err, errlen, "cannot read %s: not a regular file", path);
		close(fd);
		errno = EINVAL;
		return -1;
	}
	buf = malloc(max + 1);
	if (!buf) {
		close(fd);
		ndll_errf(err, errlen, "cannot read %s: out of memory", path);
		errno = ENOMEM;
		return -1;
	}
	/* Read one byte past max so an oversized file is noticed, not cut. */
	for (;;) {
		ssize_t n = read(fd, buf + got, max + 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			saved = errno;
			ndll_errf(err, errlen, "cannot read %s: %s", path, strerror(saved));
			goto fail;
		}
		if (n == 0)
			break;
		got += (size_t)n;
		if (got > max) {
			saved = EFBIG;
			ndll_errf(err, errlen, "%s is larger than %zu bytes", path, max);
			goto fail;
		}
	}
	close(fd);
	buf[got] = '\0';
	*data = buf;
	*len = got;
	return 0;
fail:
	free(buf);
	close(fd);
	errno = saved;
	return -1;
}

int ndll_mkdirs(const char *dir, char *err, size_t errlen)
{
	char tmp[PATH_MAX];

	if (ndll_strlcpy(tmp, dir, sizeof(tmp)) != 0) {
		ndll_errf(err, errlen, "path too long: %s", dir);
		return -1;
	}
	for (char *p = tmp + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;

		*p = '\0';
		if (mkdir(tmp, 0755) != 0 && errno != EEXIST) {
			ndll_errf(err, errlen, "cannot create directory %s: %s",
				 tmp, strerror(errno));
			return -1;
		}
		*p = c;
		if (!c)
			break;
	}
	return 0;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int ndll_write_atomic(const char *path, const void *data, size_t len,
		     mode_t mode, char *err, size_t errlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	char *slash;
	int fd, dfd;

	if (ndll_strlcpy(dir, path, sizeof(dir)) != 0 ||
	    (size_t)snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", path) >= sizeof(tmp)) {
		ndll_errf(err, errlen, "path too long: %s", path);
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		if (ndll_mkdirs(dir, err, errlen) != 0)
			return -1;
	} else {
		strcpy(dir, slash ? "/" : ".");
	}
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		ndll_errf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	if (fchmod(fd, mode) != 0 || write_all(fd, data, len) != 0 ||
	    fsync(fd) != 0) {
		ndll_errf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) != 0 || rename(tmp, path) != 0) {
		ndll_errf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	/* The rename itself is durable only once the directory is synced. */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
}
