/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Internet checksum's one's-complement sum (RFC 1071), shared by the
 * host's transmit checksums (net.c) and its receive coalescing
 * (rx_merge.c): the bytes as big-endian 16-bit words (an odd last byte
 * padded with zero) added to sum, folded to 16 bits. The checksum itself
 * is its complement.
 */
#ifndef NDL_HOST_INET_SUM_H
#define NDL_HOST_INET_SUM_H

#include <stdint.h>

static inline uint16_t inet_sum(const uint8_t *p, uint32_t len, uint64_t sum)
{
	uint32_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

#endif
