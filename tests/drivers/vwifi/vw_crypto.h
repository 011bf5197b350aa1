/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vwifi's own crypto for the simulated access point's WPA2-PSK side: SHA-1,
 * HMAC-SHA1, PBKDF2-HMAC-SHA1, the IEEE 802.11 PRF, AES-128 and the RFC 3394
 * key wrap. Plain portable C (no NDIS, no libc beyond <string.h>), so the
 * same files build into the Windows driver and into the host unit test.
 */
#ifndef VW_CRYPTO_H
#define VW_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#define VW_SHA1_LEN	20
#define VW_AES_BLOCK	16

struct vw_sha1 {
	uint32_t h[5];
	uint64_t bytes;			/* message length so far */
	uint8_t block[64];
	uint32_t used;			/* bytes waiting in block */
};

void vw_sha1_init(struct vw_sha1 *c);
void vw_sha1_update(struct vw_sha1 *c, const void *data, size_t len);
void vw_sha1_final(struct vw_sha1 *c, uint8_t out[VW_SHA1_LEN]);
void vw_sha1(const void *data, size_t len, uint8_t out[VW_SHA1_LEN]);

struct vw_hmac {
	struct vw_sha1 inner, outer;
};

void vw_hmac_sha1_init(struct vw_hmac *h, const void *key, size_t keylen);
void vw_hmac_sha1_update(struct vw_hmac *h, const void *data, size_t len);
void vw_hmac_sha1_final(struct vw_hmac *h, uint8_t out[VW_SHA1_LEN]);
void vw_hmac_sha1(const void *key, size_t keylen, const void *data,
		  size_t len, uint8_t out[VW_SHA1_LEN]);

/* PBKDF2 with HMAC-SHA1 (RFC 2898 / RFC 6070), any output length. */
void vw_pbkdf2_sha1(const void *pass, size_t passlen, const void *salt,
		    size_t saltlen, uint32_t iterations, uint8_t *out,
		    size_t outlen);

/*
 * The IEEE 802.11 PRF: HMAC-SHA1(key, label || 0 || data || i) for
 * i = 0, 1, ... concatenated and cut to outlen bytes.
 */
void vw_prf_sha1(const void *key, size_t keylen, const char *label,
		 const void *data, size_t datalen, uint8_t *out,
		 size_t outlen);

/* AES-128 (FIPS-197). */
struct vw_aes {
	uint8_t rk[176];		/* 11 round keys */
};

void vw_aes128_init(struct vw_aes *a, const uint8_t key[16]);
void vw_aes128_encrypt(const struct vw_aes *a, const uint8_t in[16],
		       uint8_t out[16]);
void vw_aes128_decrypt(const struct vw_aes *a, const uint8_t in[16],
		       uint8_t out[16]);

/*
 * RFC 3394 key wrap with a 128-bit KEK. plain is n bytes (a multiple of 8,
 * at least 16); out receives n + 8 bytes. Returns 0, or -1 for a bad n.
 */
int vw_aes_wrap(const uint8_t kek[16], const uint8_t *plain, size_t n,
		uint8_t *out);
/*
 * The inverse: cipher is n bytes (multiple of 8, at least 24); out receives
 * n - 8 bytes. Returns 0, or -1 for a bad n or a failed integrity check
 * (out is then zeroed).
 */
int vw_aes_unwrap(const uint8_t kek[16], const uint8_t *cipher, size_t n,
		  uint8_t *out);

/* Zero secrets in a way the compiler may not drop. */
void vw_wipe(void *p, size_t n);
/* Compare without an early exit (MICs): 0 when equal. */
int vw_memcmp_ct(const void *a, const void *b, size_t n);

#endif
