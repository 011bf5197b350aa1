// SPDX-License-Identifier: GPL-2.0-only
/*
 * Vendor signing keys (Ed25519): generation, and the text files PREFIX.key
 * (secret, with the vendor's default names) and PREFIX.pub (what a brand
 * carries as license.pub).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"

#define KEYFILE_MAX 4096

int ndl_lic_crypto_init(char *err, size_t errlen)
{
	if (sodium_init() < 0) {
		ndll_errf(err, errlen, "libsodium failed to initialise");
		return -1;
	}
	return 0;
}

static void key_id(struct ndl_lic_pubkey *pub)
{
	unsigned char h[NDL_LIC_KEYID_LEN / 2];

	crypto_generichash(h, sizeof(h), pub->pk, sizeof(pub->pk), NULL, 0);
	ndll_hex(h, sizeof(h), pub->key_id);
}

int ndl_lic_key_generate(struct ndl_lic_seckey *key, char *err, size_t errlen)
{
	memset(key, 0, sizeof(*key));
	if (ndl_lic_crypto_init(err, errlen) != 0)
		return -1;
	crypto_sign_keypair(key->pub.pk, key->sk);
	key_id(&key->pub);
	return 0;
}

int ndl_lic_pubkey_parse(const char *text, struct ndl_lic_pubkey *pub,
		     char *err, size_t errlen)
{
	struct ndll_kv_reader r;
	char k[32], v[256], want_id[NDL_LIC_KEYID_LEN + 1] = "";
	bool have = false;
	int rc;

	memset(pub, 0, sizeof(*pub));
	ndll_kv_init(&r, text, strlen(text), ':');
	while ((rc = ndll_kv_next(&r, k, sizeof(k), v, sizeof(v), err, errlen)) > 0) {
		if (!strcmp(k, "public-key")) {
			if (ndll_b64_decode(v, pub->pk, sizeof(pub->pk)) != 0) {
				ndll_errf(err, errlen, "public-key on line %d is not 32 bytes of base64",
					 r.line);
				return -1;
			}
			have = true;
		} else if (!strcmp(k, "key-id")) {
			ndll_strlcpy(want_id, v, sizeof(want_id));
		} else if (!strcmp(k, "secret-key")) {
			ndll_errf(err, errlen, "this is a secret signing key, not a public key: give the .pub file");
			return -1;
		}
	}
	if (rc < 0)
		return -1;
	if (!have) {
		ndll_errf(err, errlen, "no \"public-key:\" line: not an ndisload license public key");
		return -1;
	}
	key_id(pub);
	if (*want_id && strcmp(want_id, pub->key_id)) {
		ndll_errf(err, errlen, "the key-id line (%s) does not match the key (%s): the file is damaged",
			 want_id, pub->key_id);
		return -1;
	}
	return 0;
}

int ndl_lic_seckey_parse(const char *text, struct ndl_lic_seckey *key,
		     char *err, size_t errlen)
{
	struct ndll_kv_reader r;
	unsigned char seed[32], pk[32], sk[64];
	char k[32], v[256];
	bool have = false;
	int rc;

	memset(key, 0, sizeof(*key));
	if (ndl_lic_crypto_init(err, errlen) != 0)
		return -1;
	ndll_kv_init(&r, text, strlen(text), ':');
	while ((rc = ndll_kv_next(&r, k, sizeof(k), v, sizeof(v), err, errlen)) > 0) {
		if (!strcmp(k, "secret-key")) {
			if (ndll_b64_decode(v, key->sk, sizeof(key->sk)) != 0) {
				ndll_errf(err, errlen, "secret-key on line %d is not 64 bytes of base64",
					 r.line);
				return -1;
			}
			have = true;
		} else if (!strcmp(k, "vendor")) {
			ndll_strlcpy(key->vendor, v, sizeof(key->vendor));
		} else if (!strcmp(k, "product")) {
			ndll_strlcpy(key->product, v, sizeof(key->product));
		} else if (!strcmp(k, "public-key")) {
			ndll_errf(err, errlen, "this is a public key: issuing needs the secret .key file");
			return -1;
		}
	}
	if (rc < 0)
		return -1;
	if (!have) {
		ndll_errf(err, errlen, "no \"secret-key:\" line: not an ndisload license signing key");
		return -1;
	}
	/* An Ed25519 secret key is seed || public key: both halves must agree. */
	crypto_sign_ed25519_sk_to_seed(seed, key->sk);
	crypto_sign_seed_keypair(pk, sk, seed);
	if (sodium_memcmp(sk, key->sk, sizeof(sk)) != 0) {
		ndll_errf(err, errlen, "the secret key is damaged (its two halves do not match)");
		sodium_memzero(sk, sizeof(sk));
		sodium_memzero(seed, sizeof(seed));
		return -1;
	}
	sodium_memzero(sk, sizeof(sk));
	sodium_memzero(seed, sizeof(seed));
	memcpy(key->pub.pk, pk, sizeof(pk));
	key_id(&key->pub);
	return 0;
}

static int load(const char *path, char **text, char *err, size_t errlen)
{
	size_t len;
	char why[NDL_LIC_ERRLEN];

	if (ndll_read_file(path, KEYFILE_MAX, text, &len, why, sizeof(why)) != 0) {
		int saved = errno;	/* callers tell "absent" (ENOENT) apart */

		ndll_errf(err, errlen, "%s", why);
		errno = saved;
		return -1;
	}
	if (memchr(*text, '\0', len)) {
		ndll_errf(err, errlen, "%s is not a text file", path);
		free(*text);
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int ndl_lic_pubkey_load(const char *path, struct ndl_lic_pubkey *pub,
		    char *err, size_t errlen)
{
	char *text, why[NDL_LIC_ERRLEN];
	int rc;

	if (load(path, &text, err, errlen) != 0)
		return -1;
	rc = ndl_lic_pubkey_parse(text, pub, why, sizeof(why));
	free(text);
	if (rc) {
		ndll_errf(err, errlen, "%s: %s", path, why);
		errno = EINVAL;
	}
	return rc;
}

int ndl_lic_seckey_load(const char *path, struct ndl_lic_seckey *key,
		    char *err, size_t errlen)
{
	char *text, why[NDL_LIC_ERRLEN];
	int rc;

	if (load(path, &text, err, errlen) != 0)
		return -1;
	rc = ndl_lic_seckey_parse(text, key, why, sizeof(why));
	sodium_memzero(text, strlen(text));
	free(text);
	if (rc)
		ndll_errf(err, errlen, "%s: %s", path, why);
	return rc;
}

int ndl_lic_pubkey_format(const struct ndl_lic_pubkey *pub, char *buf, size_t len)
{
	char b64[sodium_base64_ENCODED_LEN(32, sodium_base64_VARIANT_ORIGINAL)];
	int n;

	ndll_b64_encode(pub->pk, sizeof(pub->pk), b64, sizeof(b64));
	n = snprintf(buf, len,
		     "# ndisload license public key. A vendor-branded build carries it as\n"
		     "# installer/brands/NAME/license.pub and accepts licenses signed with\n"
		     "# the matching secret key.\n"
		     "key-id: %s\n"
		     "public-key: %s\n", pub->key_id, b64);
	return (n < 0 || (size_t)n >= len) ? -1 : n;
}

int ndl_lic_seckey_format(const struct ndl_lic_seckey *key, char *buf, size_t len)
{
	char b64[sodium_base64_ENCODED_LEN(64, sodium_base64_VARIANT_ORIGINAL)];
	int n;

	ndll_b64_encode(key->sk, sizeof(key->sk), b64, sizeof(b64));
	n = snprintf(buf, len,
		     "# ndisload license SIGNING key. Keep it secret and backed up:\n"
		     "# whoever has it can issue licenses for your product, and\n"
		     "# without it you cannot issue any that your builds accept.\n"
		     "vendor: %s\n"
		     "product: %s\n"
		     "key-id: %s\n"
		     "secret-key: %s\n",
		     key->vendor, key->product, key->pub.key_id, b64);
	sodium_memzero(b64, sizeof(b64));
	return (n < 0 || (size_t)n >= len) ? -1 : n;
}
