// SPDX-License-Identifier: GPL-2.0-only
/*
 * SHA-256 of a file, streamed: how a brand names the drivers that need a
 * license.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "internal.h"

int ndl_lic_sha256_file(const char *path, char out[65], char *err, size_t errlen)
{
	crypto_hash_sha256_state st;
	unsigned char buf[65536], h[crypto_hash_sha256_BYTES];
	ssize_t n;
	int fd;

	if (ndl_lic_crypto_init(err, errlen) != 0)
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ndll_errf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	crypto_hash_sha256_init(&st);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ndll_errf(err, errlen, "cannot read %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
		crypto_hash_sha256_update(&st, buf, (unsigned long long)n);
	}
	close(fd);
	crypto_hash_sha256_final(&st, h);
	ndll_hex(h, sizeof(h), out);
	return 0;
}
