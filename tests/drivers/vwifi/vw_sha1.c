// SPDX-License-Identifier: GPL-2.0-only
/*
 * SHA-1 (FIPS 180-4) and what WPA2-PSK builds on it: HMAC-SHA1 (RFC 2104),
 * PBKDF2 (RFC 2898) and the IEEE 802.11 PRF.
 */
#include <string.h>

#include "vw_bytes.h"
#include "vw_crypto.h"

static uint32_t vw_rol32(uint32_t x, unsigned int n)
{
	return (x << n) | (x >> (32 - n));
}

static void vw_sha1_block(uint32_t h[5], const uint8_t *p)
{
	uint32_t w[80], a, b, c, d, e, f, k, t;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = vw_get_be32(p + 4 * i);
	for (i = 16; i < 80; i++)
		w[i] = vw_rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = h[0];
	b = h[1];
	c = h[2];
	d = h[3];
	e = h[4];
	for (i = 0; i < 80; i++) {
		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		t = vw_rol32(a, 5) + f + e + k + w[i];
		e = d;
		d = c;
		c = vw_rol32(b, 30);
		b = a;
		a = t;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void vw_sha1_init(struct vw_sha1 *c)
{
	c->h[0] = 0x67452301;
	c->h[1] = 0xefcdab89;
	c->h[2] = 0x98badcfe;
	c->h[3] = 0x10325476;
	c->h[4] = 0xc3d2e1f0;
	c->bytes = 0;
	c->used = 0;
}

void vw_sha1_update(struct vw_sha1 *c, const void *data, size_t len)
{
	const uint8_t *p = data;

	c->bytes += len;
	while (len) {
		size_t n = 64 - c->used;

		if (n > len)
			n = len;
		memcpy(c->block + c->used, p, n);
		c->used += (uint32_t)n;
		p += n;
		len -= n;
		if (c->used == 64) {
			vw_sha1_block(c->h, c->block);
			c->used = 0;
		}
	}
}

void vw_sha1_final(struct vw_sha1 *c, uint8_t out[VW_SHA1_LEN])
{
	uint64_t bits = c->bytes * 8;
	int i;

	c->block[c->used++] = 0x80;
	if (c->used > 56) {
		memset(c->block + c->used, 0, 64 - c->used);
		vw_sha1_block(c->h, c->block);
		c->used = 0;
	}
	memset(c->block + c->used, 0, 56 - c->used);
	vw_put_be32(c->block + 56, (uint32_t)(bits >> 32));
	vw_put_be32(c->block + 60, (uint32_t)bits);
	vw_sha1_block(c->h, c->block);
	for (i = 0; i < 5; i++)
		vw_put_be32(out + 4 * i, c->h[i]);
	vw_wipe(c, sizeof(*c));
}

void vw_sha1(const void *data, size_t len, uint8_t out[VW_SHA1_LEN])
{
	struct vw_sha1 c;

	vw_sha1_init(&c);
	vw_sha1_update(&c, data, len);
	vw_sha1_final(&c, out);
}

void vw_hmac_sha1_init(struct vw_hmac *h, const void *key, size_t keylen)
{
	uint8_t pad[64], digest[VW_SHA1_LEN];
	int i;

	/* Keys longer than a block are hashed first (RFC 2104). */
	if (keylen > sizeof(pad)) {
		vw_sha1(key, keylen, digest);
		key = digest;
		keylen = sizeof(digest);
	}
	memset(pad, 0, sizeof(pad));
	if (keylen)
		memcpy(pad, key, keylen);
	for (i = 0; i < 64; i++)
		pad[i] ^= 0x36;
	vw_sha1_init(&h->inner);
	vw_sha1_update(&h->inner, pad, sizeof(pad));
	for (i = 0; i < 64; i++)
		pad[i] ^= 0x36 ^ 0x5c;
	vw_sha1_init(&h->outer);
	vw_sha1_update(&h->outer, pad, sizeof(pad));
	vw_wipe(pad, sizeof(pad));
	vw_wipe(digest, sizeof(digest));
}

void vw_hmac_sha1_update(struct vw_hmac *h, const void *data, size_t len)
{
	vw_sha1_update(&h->inner, data, len);
}

void vw_hmac_sha1_final(struct vw_hmac *h, uint8_t out[VW_SHA1_LEN])
{
	uint8_t inner[VW_SHA1_LEN];

	vw_sha1_final(&h->inner, inner);
	vw_sha1_update(&h->outer, inner, sizeof(inner));
	vw_sha1_final(&h->outer, out);
	vw_wipe(inner, sizeof(inner));
}

void vw_hmac_sha1(const void *key, size_t keylen, const void *data,
		  size_t len, uint8_t out[VW_SHA1_LEN])
{
	struct vw_hmac h;

	vw_hmac_sha1_init(&h, key, keylen);
	vw_hmac_sha1_update(&h, data, len);
	vw_hmac_sha1_final(&h, out);
}

void vw_pbkdf2_sha1(const void *pass, size_t passlen, const void *salt,
		    size_t saltlen, uint32_t iterations, uint8_t *out,
		    size_t outlen)
{
	struct vw_hmac keyed, h;
	uint8_t u[VW_SHA1_LEN], t[VW_SHA1_LEN], idx[4];
	uint32_t block = 1, i;
	size_t n, j;

	/* The password-keyed state is the same for every block: key it once. */
	vw_hmac_sha1_init(&keyed, pass, passlen);
	while (outlen) {
		vw_put_be32(idx, block++);
		h = keyed;
		vw_hmac_sha1_update(&h, salt, saltlen);
		vw_hmac_sha1_update(&h, idx, sizeof(idx));
		vw_hmac_sha1_final(&h, u);
		memcpy(t, u, sizeof(t));
		for (i = 1; i < iterations; i++) {
			h = keyed;
			vw_hmac_sha1_update(&h, u, sizeof(u));
			vw_hmac_sha1_final(&h, u);
			for (j = 0; j < sizeof(t); j++)
				t[j] ^= u[j];
		}
		n = outlen < sizeof(t) ? outlen : sizeof(t);
		memcpy(out, t, n);
		out += n;
		outlen -= n;
	}
	vw_wipe(&keyed, sizeof(keyed));
	vw_wipe(u, sizeof(u));
	vw_wipe(t, sizeof(t));
}

void vw_prf_sha1(const void *key, size_t keylen, const char *label,
		 const void *data, size_t datalen, uint8_t *out,
		 size_t outlen)
{
	struct vw_hmac keyed, h;
	uint8_t digest[VW_SHA1_LEN], zero = 0, i = 0;
	size_t n;

	vw_hmac_sha1_init(&keyed, key, keylen);
	while (outlen) {
		h = keyed;
		vw_hmac_sha1_update(&h, label, strlen(label));
		vw_hmac_sha1_update(&h, &zero, 1);
		vw_hmac_sha1_update(&h, data, datalen);
		vw_hmac_sha1_update(&h, &i, 1);
		vw_hmac_sha1_final(&h, digest);
		n = outlen < sizeof(digest) ? outlen : sizeof(digest);
		memcpy(out, digest, n);
		out += n;
		outlen -= n;
		i++;
	}
	vw_wipe(&keyed, sizeof(keyed));
	vw_wipe(digest, sizeof(digest));
}

void vw_wipe(void *p, size_t n)
{
	volatile uint8_t *v = p;

	while (n--)
		*v++ = 0;
}

int vw_memcmp_ct(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;
	uint8_t diff = 0;

	while (n--)
		diff |= *x++ ^ *y++;
	return diff != 0;
}
