/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Big-endian (network order) 16- and 32-bit fields read and written
 * byte by byte, at any alignment: the header code of the host's receive
 * coalescing (rx_merge.c) and TCP segmentation (gso.c).
 */
#ifndef NDL_HOST_NET_BYTES_H
#define NDL_HOST_NET_BYTES_H

#include <stdint.h>

static inline uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* The low 16 bits of v. */
static inline void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void put32(uint8_t *p, uint32_t v)
{
	put16(p, v >> 16);
	put16(p + 2, v);
}

#endif
