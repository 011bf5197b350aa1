/* SPDX-License-Identifier: GPL-2.0-only */
/* Secrets: random hex strings, constant-time comparison, the API token file. */
#ifndef WC_SECRET_H
#define WC_SECRET_H

#include <stdbool.h>
#include <stddef.h>

#define WC_SECRET_HEX	65	/* 32 random bytes as hex + NUL */
#define WC_TOKEN_MAX	256

/* Fills out (WC_SECRET_HEX bytes) with 64 hex digits from getrandom(). */
int wc_random_hex(char out[WC_SECRET_HEX]);
/* Compares a known secret with a presented one without leaking where they differ. */
bool wc_secret_equal(const char *secret, const char *presented);
/*
 * Reads the token (first line, 32..255 printable bytes) from path, creating
 * it 0600 with a fresh random token when it does not exist. Refuses a token
 * file that others may read or write. Prints why on failure; returns -1.
 */
int wc_token_load(const char *path, char out[WC_TOKEN_MAX]);

#endif
