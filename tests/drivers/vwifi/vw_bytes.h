/* SPDX-License-Identifier: GPL-2.0-only */
/* Big-endian field access for the portable parts of vwifi (wire formats). */
#ifndef VW_BYTES_H
#define VW_BYTES_H

#include <stdint.h>

static inline uint16_t vw_get_be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t vw_get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static inline void vw_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void vw_put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline uint64_t vw_get_be64(const uint8_t *p)
{
	return (uint64_t)vw_get_be32(p) << 32 | vw_get_be32(p + 4);
}

static inline void vw_put_be64(uint8_t *p, uint64_t v)
{
	vw_put_be32(p, (uint32_t)(v >> 32));
	vw_put_be32(p + 4, (uint32_t)v);
}

#endif
