/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by vwifi's host tests: hex vectors, the test groups. */
#ifndef VWIFI_TEST_UTIL_H
#define VWIFI_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static inline int hex_nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decode exactly n bytes of hex; false on bad digits or a length mismatch. */
static inline bool hex_decode(const char *hex, uint8_t *out, size_t n)
{
	size_t i;

	if (strlen(hex) != 2 * n)
		return false;
	for (i = 0; i < n; i++) {
		int hi = hex_nibble(hex[2 * i]), lo = hex_nibble(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return false;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return true;
}

/* Do n bytes equal the hex string? Prints both when not. */
static inline bool hex_eq(const uint8_t *got, size_t n, const char *want)
{
	uint8_t w[256];
	size_t i;

	if (n > sizeof(w) || !hex_decode(want, w, n) || memcmp(got, w, n)) {
		fprintf(stderr, "  want %s\n  got  ", want);
		for (i = 0; i < n; i++)
			fprintf(stderr, "%02x", got[i]);
		fprintf(stderr, "\n");
		return false;
	}
	return true;
}

/* Each group returns the number of its tests that failed. */
int test_crypto_all(void);
int test_handshake_all(void);
int test_sim_all(void);

#endif
