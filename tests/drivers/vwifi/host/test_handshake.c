// SPDX-License-Identifier: GPL-2.0-only
/*
 * The access point's 4-way handshake (vw_auth.c) against the test's own
 * supplicant: success installs equal keys on both sides; a wrong
 * passphrase never gets message 3 and ends in a deauthentication; a
 * different RSN element, tampered, replayed or truncated frames are
 * refused; a lost message 4 is recovered by resending message 3.
 */
#include <string.h>

#include "check.h"
#include "supplicant.h"
#include "test_util.h"
#include "vw_sim.h"

static const uint8_t sta_addr[6] = { 0x02, 0x4e, 0x44, 0x4c, 0x00, 0x01 };

/* The station's RSN element, written out here rather than shared. */
static const uint8_t sta_rsne[22] = {
	0x30, 0x14, 0x01, 0x00, 0x00, 0x0f, 0xac, 0x04, 0x01, 0x00,
	0x00, 0x0f, 0xac, 0x04, 0x01, 0x00, 0x00, 0x0f, 0xac, 0x02,
	0x00, 0x00
};

struct rig {
	const struct vw_ap *bss;
	uint8_t beacon[256];
	size_t beacon_len;
	struct vw_prng rng;
	struct vw_auth ap;
	struct vw_auth_out out;
	struct supp sta;
	uint8_t reply[512];
	size_t reply_len;
};

static const struct vw_ap *find_ap(const char *ssid)
{
	unsigned int i;

	for (i = 0; i < vw_ap_count; i++)
		if (!strcmp(vw_aps[i].ssid, ssid))
			return &vw_aps[i];
	return NULL;
}

static const uint8_t *find_ie(const uint8_t *ies, size_t len, uint8_t id)
{
	size_t pos = 0;

	while (pos + 2 <= len && pos + 2 + ies[pos + 1] <= len) {
		if (ies[pos] == id)
			return ies + pos;
		pos += 2u + ies[pos + 1];
	}
	return NULL;
}

static void rig_init(struct rig *r, const char *sta_passphrase)
{
	const uint8_t *rsne;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->bss = find_ap("ndl-wpa2");
	CHECK(r->bss != NULL);
	r->beacon_len = vw_ap_ies(r->bss, r->beacon, sizeof(r->beacon));
	rsne = find_ie(r->beacon, r->beacon_len, 0x30);
	CHECK(rsne != NULL);

	vw_prng_seed(&r->rng, "handshake test", 14);
	vw_psk_from_passphrase(r->bss->passphrase, strlen(r->bss->passphrase),
			       (const uint8_t *)r->bss->ssid,
			       strlen(r->bss->ssid), r->ap.pmk);
	memcpy(r->ap.aa, r->bss->bssid, 6);
	memcpy(r->ap.spa, sta_addr, 6);
	memcpy(r->ap.sta_ie, sta_rsne, sizeof(sta_rsne));
	r->ap.sta_ie_len = sizeof(sta_rsne);
	vw_prng_bytes(&r->rng, r->ap.gtk, sizeof(r->ap.gtk));
	r->ap.gtk_id = 1;
	r->ap.random = vw_prng_bytes;
	r->ap.random_ctx = &r->rng;

	vw_psk_from_passphrase(sta_passphrase, strlen(sta_passphrase),
			       (const uint8_t *)r->bss->ssid,
			       strlen(r->bss->ssid), r->sta.pmk);
	memcpy(r->sta.aa, r->bss->bssid, 6);
	memcpy(r->sta.spa, sta_addr, 6);
	memcpy(r->sta.ie, sta_rsne, sizeof(sta_rsne));
	r->sta.ie_len = sizeof(sta_rsne);
	r->sta.ap_ie = rsne;
	r->sta.ap_ie_len = rsne ? rsne[1] + 2u : 0;
	for (i = 0; i < 32; i++)
		r->sta.snonce[i] = (uint8_t)(0x5a ^ i);
}

/* AP's last output to the station; the answer lands in r->reply. */
static bool to_sta(struct rig *r)
{
	if (!r->out.len)
		return false;
	r->reply_len = supp_receive(&r->sta, r->out.frame, r->out.len,
				    r->reply, sizeof(r->reply));
	if (r->sta.error)
		fprintf(stderr, "  supplicant refused: %s\n", r->sta.error);
	return r->reply_len != 0;
}

static void to_ap(struct rig *r)
{
	vw_auth_receive(&r->ap, r->reply, r->reply_len, &r->out);
}

static unsigned int key_info(const struct vw_auth_out *o)
{
	return (unsigned int)o->frame[5] << 8 | o->frame[6];
}

static void test_handshake_completes(void)
{
	struct rig r;

	rig_init(&r, "ndisload-passphrase");
	vw_auth_start(&r.ap, &r.out);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_MSG1_SENT);
	CHECK_EQ_INT(r.out.len, 99);
	CHECK_EQ_INT(r.out.frame[0], 2);
	CHECK_EQ_INT(key_info(&r.out), 0x008a);
	CHECK_EQ_INT(r.out.frame[VW_EK_REPLAY + 7], 1);

	CHECK(to_sta(&r));				/* message 2 */
	to_ap(&r);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_MSG3_SENT);
	CHECK_EQ_INT(r.ap.bad_mic, 0);
	CHECK_EQ_INT(key_info(&r.out), 0x13ca);
	CHECK_EQ_INT(r.out.frame[VW_EK_REPLAY + 7], 2);

	CHECK(to_sta(&r));				/* message 4 */
	CHECK(r.sta.done);
	to_ap(&r);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_DONE);
	CHECK_EQ_INT(r.out.len, 0);
	CHECK(!memcmp(r.sta.tk, r.ap.ptk.tk, 16));
	CHECK(!memcmp(r.sta.gtk, r.ap.gtk, 16));
	CHECK_EQ_INT(r.sta.gtk_id, 1);
	CHECK_EQ_INT(r.ap.dropped, 0);
}

static void test_handshake_wrong_passphrase(void)
{
	struct rig r;
	unsigned int sent = 1, ms;

	rig_init(&r, "not-the-passphrase");
	vw_auth_start(&r.ap, &r.out);
	for (ms = 0; ms < 10000 && r.ap.state != VW_AUTH_FAILED; ms += 100) {
		if (r.out.len) {
			/* Never a message 3: only message 1 again and again. */
			CHECK_EQ_INT(key_info(&r.out), 0x008a);
			CHECK(to_sta(&r));
			to_ap(&r);
			CHECK_EQ_INT(r.out.len, 0);
		}
		vw_auth_tick(&r.ap, 100, &r.out);
		if (r.out.len)
			sent++;
	}
	CHECK_EQ_INT(r.ap.state, VW_AUTH_FAILED);
	CHECK_EQ_INT(r.ap.reason, VW_REASON_4WAY_TIMEOUT);
	CHECK_EQ_INT(sent, VW_AUTH_TRIES);
	CHECK_EQ_INT(r.ap.bad_mic, VW_AUTH_TRIES);
	CHECK(!r.sta.done);
	/* About VW_AUTH_TRIES retry intervals, not sooner and not never. */
	CHECK(ms >= VW_AUTH_TRIES * VW_AUTH_RETRY_MS - 100);
	CHECK(ms <= VW_AUTH_TRIES * VW_AUTH_RETRY_MS + 100);
}

static void test_handshake_rsne_mismatch(void)
{
	struct rig r;

	rig_init(&r, "ndisload-passphrase");
	r.sta.ie[20] = 0x0c;		/* other RSN capabilities than associated */
	vw_auth_start(&r.ap, &r.out);
	CHECK(to_sta(&r));
	to_ap(&r);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_FAILED);
	CHECK_EQ_INT(r.ap.reason, VW_REASON_IE_DIFFERENT);
	CHECK_EQ_INT(r.out.len, 0);
}

static void test_handshake_refuses_bad_frames(void)
{
	struct rig r;
	uint8_t msg2[512], padded[600];
	struct vw_auth_out resent;
	size_t len, cut;

	rig_init(&r, "ndisload-passphrase");
	vw_auth_start(&r.ap, &r.out);
	CHECK(to_sta(&r));
	len = r.reply_len;
	memcpy(msg2, r.reply, len);

	/* Every truncation is refused without reading past the data. */
	for (cut = 0; cut < len; cut++) {
		vw_auth_receive(&r.ap, msg2, cut, &r.out);
		CHECK_EQ_INT(r.out.len, 0);
	}
	CHECK_EQ_INT(r.ap.dropped, len);
	/* A flipped bit in the nonce: the MIC no longer verifies. */
	msg2[VW_EK_NONCE] ^= 1;
	vw_auth_receive(&r.ap, msg2, len, &r.out);
	CHECK_EQ_INT(r.ap.bad_mic, 1);
	msg2[VW_EK_NONCE] ^= 1;
	/* A body length beyond the buffer, an unknown descriptor. */
	msg2[3] += 8;
	vw_auth_receive(&r.ap, msg2, len, &r.out);
	msg2[3] -= 8;
	msg2[VW_EK_DESC] = 254;
	vw_auth_receive(&r.ap, msg2, len, &r.out);
	msg2[VW_EK_DESC] = 2;
	CHECK_EQ_INT(r.ap.state, VW_AUTH_MSG1_SENT);

	/* The AP resends message 1: the old message 2 is now a replay. */
	vw_auth_tick(&r.ap, VW_AUTH_RETRY_MS, &r.out);
	CHECK(r.out.len != 0);
	resent = r.out;
	vw_auth_receive(&r.ap, msg2, len, &r.out);
	CHECK_EQ_INT(r.out.len, 0);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_MSG1_SENT);
	r.out = resent;

	/* The answer to it, with Ethernet padding behind, is accepted. */
	CHECK(to_sta(&r));
	memset(padded, 0, sizeof(padded));
	memcpy(padded, r.reply, r.reply_len);
	vw_auth_receive(&r.ap, padded, r.reply_len + 40, &r.out);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_MSG3_SENT);
}

static void test_handshake_lost_msg4(void)
{
	struct rig r;
	uint8_t msg4[512];
	struct vw_auth_out resent;
	size_t len;

	rig_init(&r, "ndisload-passphrase");
	vw_auth_start(&r.ap, &r.out);
	CHECK(to_sta(&r));
	to_ap(&r);
	CHECK(to_sta(&r));			/* message 4, lost on the way */
	memcpy(msg4, r.reply, r.reply_len);
	len = r.reply_len;

	vw_auth_tick(&r.ap, VW_AUTH_RETRY_MS, &r.out);
	CHECK_EQ_INT(key_info(&r.out), 0x13ca);
	CHECK_EQ_INT(r.out.frame[VW_EK_REPLAY + 7], 3);
	resent = r.out;
	/* The late message 4 answers an older message 3: refused. */
	vw_auth_receive(&r.ap, msg4, len, &r.out);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_MSG3_SENT);
	/* The station answers the resent message 3. */
	r.out = resent;
	CHECK(to_sta(&r));
	to_ap(&r);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_DONE);
	CHECK(!memcmp(r.sta.tk, r.ap.ptk.tk, 16));
}

static void test_handshake_anonce_fresh(void)
{
	struct rig r;
	uint8_t first[32];

	rig_init(&r, "ndisload-passphrase");
	vw_auth_start(&r.ap, &r.out);
	memcpy(first, r.ap.anonce, 32);
	vw_auth_reset(&r.ap);
	CHECK_EQ_INT(r.ap.state, VW_AUTH_IDLE);
	vw_auth_start(&r.ap, &r.out);
	CHECK(memcmp(first, r.ap.anonce, 32) != 0);
	/* The retried message 1 keeps the ANonce (the station may answer either). */
	memcpy(first, r.ap.anonce, 32);
	vw_auth_tick(&r.ap, VW_AUTH_RETRY_MS, &r.out);
	CHECK(!memcmp(first, r.out.frame + VW_EK_NONCE, 32));
}

int test_handshake_all(void)
{
	RUN(test_handshake_completes);
	RUN(test_handshake_wrong_passphrase);
	RUN(test_handshake_rsne_mismatch);
	RUN(test_handshake_refuses_bad_frames);
	RUN(test_handshake_lost_msg4);
	RUN(test_handshake_anonce_fresh);
	return check_failed_tests;
}
