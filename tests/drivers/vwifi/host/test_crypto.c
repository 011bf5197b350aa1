// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi's crypto against published test vectors: SHA-1 (FIPS 180),
 * HMAC-SHA1 (RFC 2202), PBKDF2-HMAC-SHA1 (RFC 6070), passphrase to PSK and
 * the PRF (IEEE 802.11-2016 J.4, J.3, J.6.5), PTK derivation (the IEEE
 * 802.11i pairwise key vectors), AES-128 (FIPS-197) and the key wrap
 * (RFC 3394).
 */
#include <string.h>

#include "check.h"
#include "test_util.h"
#include "vw_crypto.h"
#include "vw_wpa.h"

static void test_sha1(void)
{
	static const struct { const char *msg; const char *digest; } v[] = {
		{ "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
		{ "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	};
	uint8_t out[20], chunk[1000];
	struct vw_sha1 c;
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		vw_sha1(v[i].msg, strlen(v[i].msg), out);
		CHECK(hex_eq(out, sizeof(out), v[i].digest));
	}
	/* One million 'a' fed in uneven pieces crosses every block edge. */
	memset(chunk, 'a', sizeof(chunk));
	vw_sha1_init(&c);
	for (i = 0; i < 1000000; ) {
		size_t n = 1 + (i * 7) % 997;

		if (n > 1000000 - i)
			n = 1000000 - i;
		vw_sha1_update(&c, chunk, n);
		i += n;
	}
	vw_sha1_final(&c, out);
	CHECK(hex_eq(out, sizeof(out), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"));
}

static void test_hmac_sha1(void)
{
	uint8_t key[80], data[80], out[20];

	memset(key, 0x0b, 20);
	vw_hmac_sha1(key, 20, "Hi There", 8, out);
	CHECK(hex_eq(out, 20, "b617318655057264e28bc0b6fb378c8ef146be00"));
	vw_hmac_sha1("Jefe", 4, "what do ya want for nothing?", 28, out);
	CHECK(hex_eq(out, 20, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"));
	memset(key, 0xaa, 20);
	memset(data, 0xdd, 50);
	vw_hmac_sha1(key, 20, data, 50, out);
	CHECK(hex_eq(out, 20, "125d7342b9ac11cd91a39af48aa17b4f63f175d3"));
	/* Keys longer than a block are hashed first. */
	memset(key, 0xaa, 80);
	vw_hmac_sha1(key, 80, "Test Using Larger Than Block-Size Key - Hash Key First",
		     54, out);
	CHECK(hex_eq(out, 20, "aa4ae5e15272d00e95705637ce8a3b55ed402112"));
	vw_hmac_sha1(key, 80, "Test Using Larger Than Block-Size Key and Larger "
		     "Than One Block-Size Data", 73, out);
	CHECK(hex_eq(out, 20, "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"));
}

static void test_pbkdf2_rfc6070(void)
{
	uint8_t out[25];

	vw_pbkdf2_sha1("password", 8, "salt", 4, 1, out, 20);
	CHECK(hex_eq(out, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6"));
	vw_pbkdf2_sha1("password", 8, "salt", 4, 2, out, 20);
	CHECK(hex_eq(out, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"));
	vw_pbkdf2_sha1("password", 8, "salt", 4, 4096, out, 20);
	CHECK(hex_eq(out, 20, "4b007901b765489abead49d926f721d065a429c1"));
	vw_pbkdf2_sha1("passwordPASSWORDpassword", 24,
		       "saltSALTsaltSALTsaltSALTsaltSALTsalt", 36, 4096, out, 25);
	CHECK(hex_eq(out, 25, "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"));
	vw_pbkdf2_sha1("pass\0word", 9, "sa\0lt", 5, 4096, out, 16);
	CHECK(hex_eq(out, 16, "56fa6aa75548099dcc37d7f03425e0c3"));
}

static void test_psk_ieee(void)
{
	uint8_t pmk[32];
	char ssid[33], pass[33];

	vw_psk_from_passphrase("password", 8, (const uint8_t *)"IEEE", 4, pmk);
	CHECK(hex_eq(pmk, 32, "f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e"));
	vw_psk_from_passphrase("ThisIsAPassword", 15,
			       (const uint8_t *)"ThisIsASSID", 11, pmk);
	CHECK(hex_eq(pmk, 32, "0dc0d6eb90555ed6419756b9a15ec3e3209b63df707dd508d14581f8982721af"));
	memset(pass, 'a', 32);
	memset(ssid, 'Z', 32);
	vw_psk_from_passphrase(pass, 32, (const uint8_t *)ssid, 32, pmk);
	CHECK(hex_eq(pmk, 32, "becb93866bb8c3832cb777c2f559807c8c59afcb6eae734885001300a981cc62"));
}

static void test_prf_ieee(void)
{
	uint8_t key[80], out[64];

	memset(key, 0x0b, 20);
	vw_prf_sha1(key, 20, "prefix", "Hi There", 8, out, 64);
	CHECK(hex_eq(out, 64, "bcd4c650b30b9684951829e0d75f9d54b862175ed9f00606"
		     "e17d8da35402ffee75df78c3d31e0f889f012120c0862beb"
		     "67753e7439ae242edb8373698356cf5a"));
	vw_prf_sha1("Jefe", 4, "prefix", "what do ya want for nothing?", 28,
		    out, 64);
	CHECK(hex_eq(out, 64, "51f4de5b33f249adf81aeb713a3c20f4fe631446fabdfa58"
		     "244759ae58ef9009a99abf4eac2ca5fa87e692c440eb4002"
		     "3e7babb206d61de7b92f41529092b8fc"));
	vw_prf_sha1("Jefe", 4, "prefix-2", "what do ya want for nothing?", 28,
		    out, 32);
	CHECK(hex_eq(out, 32, "47c4908e30c947521ad20be9053450ecbea23d3aa604b77326d8b3825ff7475c"));
	memset(key, 0xaa, 80);
	vw_prf_sha1(key, 80, "prefix-3",
		    "Test Using Larger Than Block-Size Key - Hash Key First",
		    54, out, 48);
	CHECK(hex_eq(out, 48, "0ab6c33ccf70d0d736f4b04c8a7373255511abc5073713163b"
		     "d0b8c9eeb7e1956fa066820a73ddee3f6d3bd407e0682a"));
	memset(key, 0x0b, 20);
	vw_prf_sha1(key, 20, "prefix-4", "Hi There Again", 14, out, 64);
	CHECK(hex_eq(out, 64, "248cfbc532ab38ffa483c8a2e40bf170eb542a2e0916d7bf"
		     "6d97da2c4c5ca877736c53a65b03fa4b3745ce7613f6ad68"
		     "e0e4a798b7cf691c96176fd634a59a49"));
}

/*
 * Pairwise key derivation vectors of IEEE 802.11i (the first also in
 * 802.11-2016 J.7): the CCMP PTK is the first 384 bits of the stream whose
 * first 512 bits the TKIP vectors give, so KCK, KEK and the first 16 bytes
 * of the TKIP temporal key are what CCMP derives.
 */
static void test_ptk_ieee(void)
{
	static const struct {
		const char *pmk, *aa, *spa, *snonce, *anonce, *kck, *kek, *tk;
	} v[] = {
		{
			"0dc0d6eb90555ed6419756b9a15ec3e3209b63df707dd508d14581f8982721af",
			"a0a1a1a3a4a5", "b0b1b2b3b4b5",
			"c0c1c2c3c4c5c6c7c8c9d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5",
			"e0e1e2e3e4e5e6e7e8e9f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff000102030405",
			"379f9852d0199236b94e407ce4c00ec8",
			"47c9edc01c2c6e5b4910caddfb3e51a7",
			"b2360c79e9710fdd58bea93deaf06599",
		},
		{
			"9e9988bde2cba74395c0289ffda07bc41ffa889a3309237a2240c934bcdc7ddb",
			"000c41d294fb", "000d3a2610fb",
			"893ee551214557fff3c076ac977915a2060727038e9bea9b6619a5bab40f89c1",
			"dabdc104d457411aee338c00fa8a1f32abfc6cfb794360adce3afb5d159a51f6",
			"ccbf97a82b5c51a44325a77e9bc57050",
			"daec5438430f00eb893d84d8b4b4b5e8",
			"19f4dce0cc5f2166e94fdb3eaf68eb76",
		},
		{
			"6fe857c0b742dfc2da8a1fe8b1b4b4628d9fbbb060826b83cb43b64b13e103e8",
			"00146c7e4080", "001346fe320c",
			"59168bc3a5df18d71efb6423f340088dab9e1ba2bbc58659e07b3764b0de8570",
			"225854b0444de3af06d1492b852984f04cf6274c0e3218b8681756864db7a055",
			"9a75ef0bde7c209ccae13f54b1b33ea3",
			"fa0166166e30811f1baaff8d1c1ac163",
			"82a49b50b86088c5cb793b542661a28a",
		},
	};
	uint8_t pmk[32], aa[6], spa[6], sn[32], an[32];
	struct vw_ptk ptk;
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		CHECK(hex_decode(v[i].pmk, pmk, 32));
		CHECK(hex_decode(v[i].aa, aa, 6));
		CHECK(hex_decode(v[i].spa, spa, 6));
		CHECK(hex_decode(v[i].snonce, sn, 32));
		CHECK(hex_decode(v[i].anonce, an, 32));
		vw_derive_ptk(pmk, aa, spa, an, sn, &ptk);
		CHECK(hex_eq(ptk.kck, 16, v[i].kck));
		CHECK(hex_eq(ptk.kek, 16, v[i].kek));
		CHECK(hex_eq(ptk.tk, 16, v[i].tk));
		/* The order of the addresses and nonces does not matter. */
		vw_derive_ptk(pmk, spa, aa, sn, an, &ptk);
		CHECK(hex_eq(ptk.tk, 16, v[i].tk));
	}
}

static void test_aes_fips197(void)
{
	uint8_t key[16], in[16], out[16], back[16];
	struct vw_aes a;

	CHECK(hex_decode("000102030405060708090a0b0c0d0e0f", key, 16));
	CHECK(hex_decode("00112233445566778899aabbccddeeff", in, 16));
	vw_aes128_init(&a, key);
	vw_aes128_encrypt(&a, in, out);
	CHECK(hex_eq(out, 16, "69c4e0d86a7b0430d8cdb78070b4c55a"));
	vw_aes128_decrypt(&a, out, back);
	CHECK(!memcmp(back, in, 16));

	CHECK(hex_decode("2b7e151628aed2a6abf7158809cf4f3c", key, 16));
	CHECK(hex_decode("3243f6a8885a308d313198a2e0370734", in, 16));
	vw_aes128_init(&a, key);
	/* Key expansion, FIPS-197 A.1: the last round key word. */
	CHECK(hex_eq(a.rk + 172, 4, "b6630ca6"));
	vw_aes128_encrypt(&a, in, out);
	CHECK(hex_eq(out, 16, "3925841d02dc09fbdc118597196a0b32"));
	vw_aes128_decrypt(&a, out, back);
	CHECK(!memcmp(back, in, 16));
}

static void test_keywrap_rfc3394(void)
{
	uint8_t kek[16], key[32], wrapped[40], back[32];
	size_t i;

	CHECK(hex_decode("000102030405060708090a0b0c0d0e0f", kek, 16));
	CHECK(hex_decode("00112233445566778899aabbccddeeff", key, 16));
	CHECK_EQ_INT(vw_aes_wrap(kek, key, 16, wrapped), 0);
	CHECK(hex_eq(wrapped, 24, "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5"));
	CHECK_EQ_INT(vw_aes_unwrap(kek, wrapped, 24, back), 0);
	CHECK(!memcmp(back, key, 16));

	/* Longer data round-trips; any flipped bit fails the integrity check. */
	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 37 + 5);
	CHECK_EQ_INT(vw_aes_wrap(kek, key, 32, wrapped), 0);
	CHECK_EQ_INT(vw_aes_unwrap(kek, wrapped, 40, back), 0);
	CHECK(!memcmp(back, key, 32));
	for (i = 0; i < 40; i++) {
		wrapped[i] ^= 0x10;
		CHECK_EQ_INT(vw_aes_unwrap(kek, wrapped, 40, back), -1);
		wrapped[i] ^= 0x10;
	}
	kek[0] ^= 1;
	CHECK_EQ_INT(vw_aes_unwrap(kek, wrapped, 40, back), -1);
	/* Lengths the RFC does not allow. */
	CHECK_EQ_INT(vw_aes_wrap(kek, key, 8, wrapped), -1);
	CHECK_EQ_INT(vw_aes_wrap(kek, key, 20, wrapped), -1);
	CHECK_EQ_INT(vw_aes_unwrap(kek, wrapped, 16, back), -1);
	CHECK_EQ_INT(vw_aes_unwrap(kek, wrapped, 30, back), -1);
}

int test_crypto_all(void)
{
	RUN(test_sha1);
	RUN(test_hmac_sha1);
	RUN(test_pbkdf2_rfc6070);
	RUN(test_psk_ieee);
	RUN(test_prf_ieee);
	RUN(test_ptk_ieee);
	RUN(test_aes_fips197);
	RUN(test_keywrap_rfc3394);
	return check_failed_tests;
}
