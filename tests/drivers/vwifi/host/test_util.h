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

/* The Internet checksum (RFC 1071), written for the tests on their own. */
static inline uint16_t test_inet_csum(const uint8_t *p, size_t len)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)(p[i] << 8 | p[i + 1]);
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* test_frames.c: an ARP request (60 bytes) and an ICMP echo request. */
size_t test_arp_request(uint8_t *f, const uint8_t *dst, const uint8_t *mac,
			const uint8_t *ip, const uint8_t *target);
size_t test_echo_request(uint8_t *f, const uint8_t *dst_mac,
			 const uint8_t *src_mac, const uint8_t *src_ip,
			 const uint8_t *dst_ip, uint16_t seq, size_t payload);

/* Each group returns the number of its tests that failed. */
int test_crypto_all(void);
int test_handshake_all(void);
int test_sim_all(void);

#endif
