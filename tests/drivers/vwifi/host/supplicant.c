// SPDX-License-Identifier: GPL-2.0-only
/* The station's side of the 4-way handshake for the host test (see .h). */
#include <string.h>

#include "supplicant.h"
#include "vw_crypto.h"

static unsigned int be16(const uint8_t *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* HMAC-SHA1-128 over the frame with bytes 81..96 (the MIC) as zeros. */
static void mic_of(const uint8_t *kck, const uint8_t *frame, size_t len,
		   uint8_t *mic)
{
	uint8_t copy[512], digest[20];

	memcpy(copy, frame, len);
	memset(copy + 81, 0, 16);
	vw_hmac_sha1(kck, 16, copy, len, digest);
	memcpy(mic, digest, 16);
}

static void derive(struct supp *s)
{
	uint8_t b[76], ptk[48];
	int lo = memcmp(s->aa, s->spa, 6) < 0;
	int nlo = memcmp(s->anonce, s->snonce, 32) < 0;

	memcpy(b, lo ? s->aa : s->spa, 6);
	memcpy(b + 6, lo ? s->spa : s->aa, 6);
	memcpy(b + 12, nlo ? s->anonce : s->snonce, 32);
	memcpy(b + 44, nlo ? s->snonce : s->anonce, 32);
	vw_prf_sha1(s->pmk, 32, "Pairwise key expansion", b, sizeof(b), ptk,
		    sizeof(ptk));
	memcpy(s->kck, ptk, 16);
	memcpy(s->kek, ptk + 16, 16);
	memcpy(s->tk, ptk + 32, 16);
}

static size_t build(struct supp *s, uint8_t *out, unsigned int info,
		    uint64_t replay, const uint8_t *nonce, const uint8_t *data,
		    size_t dlen)
{
	size_t len = 99 + dlen;
	int i;

	memset(out, 0, 99);
	out[0] = 1;			/* what wpa_supplicant sends by default */
	out[1] = 3;
	out[2] = (uint8_t)((len - 4) >> 8);
	out[3] = (uint8_t)(len - 4);
	out[4] = 2;
	out[5] = (uint8_t)(info >> 8);
	out[6] = (uint8_t)info;
	for (i = 0; i < 8; i++)
		out[9 + i] = (uint8_t)(replay >> (56 - 8 * i));
	if (nonce)
		memcpy(out + 17, nonce, 32);
	out[97] = (uint8_t)(dlen >> 8);
	out[98] = (uint8_t)dlen;
	if (dlen)
		memcpy(out + 99, data, dlen);
	mic_of(s->kck, out, len, out + 81);
	return len;
}

static size_t refuse(struct supp *s, const char *why)
{
	s->error = why;
	return 0;
}

/* Message 3's key data: our AP's RSNE and a GTK KDE. */
static bool take_key_data(struct supp *s, const uint8_t *kd, size_t n)
{
	size_t pos = 0;
	bool rsne = false, gtk = false;

	while (pos + 2 <= n) {
		const uint8_t *e = kd + pos;

		if (pos + 2 + e[1] > n)
			return false;
		if (e[0] == 0xdd && e[1] == 0)
			break;			/* padding */
		if (e[0] == 0x30) {
			if (e[1] + 2u != s->ap_ie_len ||
			    memcmp(e, s->ap_ie, s->ap_ie_len))
				return false;
			rsne = true;
		}
		if (e[0] == 0xdd && e[1] == 22 && e[2] == 0x00 &&
		    e[3] == 0x0f && e[4] == 0xac && e[5] == 0x01) {
			s->gtk_id = e[6] & 3;
			memcpy(s->gtk, e + 8, 16);
			gtk = true;
		}
		pos += 2u + e[1];
	}
	return rsne && gtk;
}

size_t supp_receive(struct supp *s, const uint8_t *f, size_t len,
		    uint8_t *out, size_t outmax)
{
	unsigned int info, dlen;
	uint64_t replay;
	uint8_t mic[16], plain[256];

	s->error = NULL;
	if (len < 99 || f[1] != 3 || f[4] != 2 || 4 + be16(f + 2) > len ||
	    outmax < 99 + s->ie_len)
		return refuse(s, "not an RSN EAPOL-Key frame");
	info = be16(f + 5);
	replay = be64(f + 9);
	dlen = be16(f + 97);
	if (99 + dlen > 4 + be16(f + 2))
		return refuse(s, "key data past the frame");
	if ((info & 7) != 2 || !(info & 0x0008) || !(info & 0x0080))
		return refuse(s, "not a pairwise message from the AP");
	if (s->have_replay && replay <= s->last_replay)
		return refuse(s, "replayed");

	if (!(info & 0x0100)) {			/* message 1 */
		if (memcmp(s->anonce, f + 17, 32)) {
			memcpy(s->anonce, f + 17, 32);
			s->ptk_set = false;
		}
		derive(s);
		s->last_replay = replay;
		s->have_replay = true;
		return build(s, out, 0x010a, replay, s->snonce, s->ie,
			     s->ie_len);
	}
	/* message 3 */
	if ((info & 0x13c0) != 0x13c0)
		return refuse(s, "message 3 lacks install/ack/MIC/secure/encrypted");
	if (memcmp(s->anonce, f + 17, 32))
		return refuse(s, "ANonce changed in message 3");
	mic_of(s->kck, f, 4 + be16(f + 2), mic);
	if (memcmp(mic, f + 81, 16))
		return refuse(s, "message 3 MIC");
	if (dlen < 24 || dlen % 8 || dlen - 8 > sizeof(plain) ||
	    vw_aes_unwrap(s->kek, f + 99, dlen, plain))
		return refuse(s, "key data does not unwrap");
	if (!take_key_data(s, plain, dlen - 8))
		return refuse(s, "key data lacks the beacon's RSNE or the GTK");
	s->last_replay = replay;
	s->ptk_set = true;
	s->done = true;
	return build(s, out, 0x030a, replay, NULL, NULL, 0);
}
