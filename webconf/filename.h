/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Uploaded file names: a plain name, never a path. The same rule as the
 * helper's (which checks again): 1..255 bytes of valid UTF-8, no '/' or '\',
 * no control characters, not "." or "..", not starting with '.'.
 */
#ifndef WC_FILENAME_H
#define WC_FILENAME_H

#include <stdbool.h>
#include <stddef.h>

#define WC_FILENAME_MAX 255

/* NULL when name is acceptable, else why not (a static string). */
const char *wc_filename_problem(const char *name, size_t len);
/* A printable, shortened copy of an untrusted name for error messages. */
void wc_filename_quote(const char *name, size_t len, char *out, size_t size);

#endif
