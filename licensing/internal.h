/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the libndllicense sources, not part of its API.
 */
#ifndef NDL_LICENSE_INTERNAL_H
#define NDL_LICENSE_INTERNAL_H

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>

#include "ndl_license.h"

/* snprintf into an error buffer (NULL or 0-length buffers are ignored). */
void ndll_errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Bounded copy that always terminates; -1 if src did not fit. */
int ndll_strlcpy(char *dst, const char *src, size_t size);

/* root + path ("" root means /); -1 with err when too long. */
int ndll_path(char *out, size_t outlen, const char *root, const char *path,
	     char *err, size_t errlen);

/*
 * Read a whole file of at most max bytes into a NUL-terminated malloc'd
 * buffer. -1 with err; errno is kept (ENOENT for "absent").
 */
int ndll_read_file(const char *path, size_t max, char **data, size_t *len,
		  char *err, size_t errlen);
/* Write via temp file, fsync, rename, fsync of the directory; parents made 0755. */
int ndll_write_atomic(const char *path, const void *data, size_t len,
		     mode_t mode, char *err, size_t errlen);
int ndll_mkdirs(const char *dir, char *err, size_t errlen);

/*
 * Line reader for "key: value" texts (license and key files). Skips blank
 * and '#' lines, accepts LF or CRLF, trims blanks around key and value.
 * Returns 1 with a line, 0 at the end, -1 with err for a line that is not
 * "key: value". sep is ':' for licenses and keys, '=' for brand.conf.
 */
struct ndll_kv_reader {
	const char *p, *end;
	int line;
	char sep;
};

void ndll_kv_init(struct ndll_kv_reader *r, const char *text, size_t len,
		 char sep);
int ndll_kv_next(struct ndll_kv_reader *r, char *key, size_t keylen,
		char *val, size_t vallen, char *err, size_t errlen);

/* Base64 (standard alphabet, padded); -1 if the text is not exactly n bytes. */
int ndll_b64_decode(const char *text, unsigned char *out, size_t n);
void ndll_b64_encode(const unsigned char *in, size_t n, char *out, size_t outlen);

void ndll_hex(const unsigned char *in, size_t n, char *out);

/* The fixed application key for host IDs and trial records (not secret). */
extern const unsigned char ndll_app_key[32];

/* trial.c */
struct ndll_trial {
	bool found;		/* some record exists */
	bool valid;		/* a record verified */
	bool tampered;		/* a record exists but none verified */
	time_t first, seen;
	int copies;		/* valid copies on disk (0..2) */
};
void ndll_trial_read(const struct ndl_license_ctx *ctx, struct ndll_trial *t);
int ndll_trial_write(const struct ndl_license_ctx *ctx,
		    const struct ndll_trial *t, char *err, size_t errlen);

#endif
