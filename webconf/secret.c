// SPDX-License-Identifier: GPL-2.0-only
/* Random secrets, their comparison, and the API token file. */
#include "secret.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

int wc_random_hex(char out[WC_SECRET_HEX])
{
	unsigned char raw[32];
	size_t got = 0;

	while (got < sizeof(raw)) {
		ssize_t n = getrandom(raw + got, sizeof(raw) - got, 0);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)n;
	}
	for (size_t i = 0; i < sizeof(raw); i++)
		snprintf(out + 2 * i, 3, "%02x", raw[i]);
	return 0;
}

bool wc_secret_equal(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned char diff = la != lb;

	/* Always walk the whole of a, so the time depends on its length only. */
	for (size_t i = 0; i < la; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)(i < lb ? b[i] : 0);
	return diff == 0;
}

/* Writes a new token with O_EXCL through a temp file + rename (atomic). */
static int create_token(const char *path)
{
	char tmp[PATH_MAX], dir[PATH_MAX], token[WC_SECRET_HEX];
	int fd, dfd;

	if (snprintf(tmp, sizeof(tmp), "%s.new.%d", path, (int)getpid()) >= (int)sizeof(tmp) ||
	    wc_random_hex(token))
		return -1;
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		wc_log("cannot create the token file %s: %s", tmp, strerror(errno));
		return -1;
	}
	if (dprintf(fd, "%s\n", token) < 0 || fsync(fd) < 0 || close(fd) < 0) {
		wc_log("cannot write the token file %s: %s", tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	/* link() keeps a token another process created meanwhile. */
	if (link(tmp, path) < 0 && errno != EEXIST) {
		wc_log("cannot create the token file %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	unlink(tmp);
	snprintf(dir, sizeof(dir), "%s", path);
	dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	wc_log("created the API token file %s", path);
	return 0;
}

int wc_token_load(const char *path, char out[WC_TOKEN_MAX])
{
	struct stat st;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0 && errno == ENOENT) {
		if (create_token(path))
			return -1;
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	}
	if (fd < 0) {
		wc_log("cannot open the token file %s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		wc_log("the token file %s is not a regular file", path);
		close(fd);
		return -1;
	}
	if (st.st_mode & (S_IROTH | S_IWOTH | S_IWGRP)) {
		wc_log("the token file %s is readable or writable by others (mode %04o); "
		       "chmod 0640 or 0600 it", path, (unsigned int)(st.st_mode & 07777));
		close(fd);
		return -1;
	}
	n = read(fd, out, WC_TOKEN_MAX - 1);
	close(fd);
	if (n < 0) {
		wc_log("cannot read the token file %s: %s", path, strerror(errno));
		return -1;
	}
	out[n] = 0;
	out[strcspn(out, "\r\n")] = 0;
	for (char *p = out; *p; p++) {
		if (*p <= ' ' || *p > '~') {
			wc_log("the token in %s contains a space or control character", path);
			return -1;
		}
	}
	if (strlen(out) < 32) {
		wc_log("the token in %s is shorter than 32 characters; delete the file to get a new one",
		       path);
		return -1;
	}
	return 0;
}
