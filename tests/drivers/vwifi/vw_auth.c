// SPDX-License-Identifier: GPL-2.0-only
/*
 * The access point's side of the WPA2-PSK 4-way handshake (IEEE 802.11-2016
 * 12.7.6): message 1 with the ANonce; message 2 checked (replay counter,
 * MIC with the PTK from the station's SNonce, RSN element equal to the
 * association's); message 3 with the GTK wrapped under the KEK; message 4
 * checked. A wrong passphrase shows as it does on air: message 2's MIC
 * does not verify, no message 3 follows, and after the last retry the
 * station is deauthenticated (reason 15).
 */
#include <string.h>

#include "vw_bytes.h"
#include "vw_wpa.h"

static const uint8_t vw_gtk_kde_oui[4] = { 0x00, 0x0f, 0xac, 0x01 };

/* Build an EAPOL-Key frame into out; the MIC is added when asked for. */
static void vw_auth_build(struct vw_auth *a, struct vw_auth_out *out,
			  uint16_t info, const uint8_t *data, size_t data_len)
{
	uint8_t *f = out->frame;
	size_t len = VW_EK_DATA + data_len;

	memset(f, 0, VW_EK_DATA);
	f[0] = 2;				/* 802.1X-2004 */
	f[1] = VW_EAPOL_TYPE_KEY;
	vw_put_be16(f + 2, (uint16_t)(len - VW_EAPOL_HDR));
	f[VW_EK_DESC] = VW_EAPOL_DESC_RSN;
	vw_put_be16(f + VW_EK_INFO, info);
	vw_put_be16(f + VW_EK_KEYLEN, VW_TK_LEN);
	vw_put_be64(f + VW_EK_REPLAY, ++a->replay);
	memcpy(f + VW_EK_NONCE, a->anonce, VW_NONCE_LEN);
	/* RSC of the GTK: we have sent no group frame with it yet (0). */
	vw_put_be16(f + VW_EK_DATALEN, (uint16_t)data_len);
	if (data_len)
		memcpy(f + VW_EK_DATA, data, data_len);
	if (info & VW_KI_MIC)
		vw_eapol_mic(a->ptk.kck, f, len, f + VW_EK_MIC);
	out->len = len;
	a->waited_ms = 0;
	a->tries++;
}

static void vw_auth_send_msg1(struct vw_auth *a, struct vw_auth_out *out)
{
	vw_auth_build(a, out, VW_KI_VERSION_AES | VW_KI_PAIRWISE | VW_KI_ACK,
		      NULL, 0);
}

static void vw_auth_send_msg3(struct vw_auth *a, struct vw_auth_out *out)
{
	uint8_t plain[VW_RSN_IE_LEN + 8 + VW_GTK_LEN + 8];
	uint8_t wrapped[sizeof(plain) + 8];
	size_t n = 0;

	/* Our RSN element (as in the beacon), then the GTK KDE. */
	memcpy(plain, vw_rsn_ie, VW_RSN_IE_LEN);
	n = VW_RSN_IE_LEN;
	plain[n++] = 0xdd;
	plain[n++] = 6 + VW_GTK_LEN;
	memcpy(plain + n, vw_gtk_kde_oui, 4);
	n += 4;
	plain[n++] = a->gtk_id & 3;		/* key id, not Tx */
	plain[n++] = 0;
	memcpy(plain + n, a->gtk, VW_GTK_LEN);
	n += VW_GTK_LEN;
	/* Pad to a multiple of 8 with 0xdd then zeros (12.7.2 j). */
	if (n % 8) {
		plain[n++] = 0xdd;
		while (n % 8)
			plain[n++] = 0;
	}
	vw_aes_wrap(a->ptk.kek, plain, n, wrapped);
	vw_auth_build(a, out, VW_KI_VERSION_AES | VW_KI_PAIRWISE |
		      VW_KI_INSTALL | VW_KI_ACK | VW_KI_MIC | VW_KI_SECURE |
		      VW_KI_ENCRYPTED, wrapped, n + 8);
	vw_wipe(plain, sizeof(plain));
}

static void vw_auth_fail(struct vw_auth *a, uint16_t reason)
{
	a->state = VW_AUTH_FAILED;
	a->reason = reason;
	vw_wipe(&a->ptk, sizeof(a->ptk));
}

void vw_auth_start(struct vw_auth *a, struct vw_auth_out *out)
{
	out->len = 0;
	a->random(a->random_ctx, a->anonce, VW_NONCE_LEN);
	memset(a->snonce, 0, sizeof(a->snonce));
	vw_wipe(&a->ptk, sizeof(a->ptk));
	a->reason = 0;
	a->tries = 0;
	a->state = VW_AUTH_MSG1_SENT;
	vw_auth_send_msg1(a, out);
}

/* Message 2: derive the PTK from its SNonce and check its MIC and RSNE. */
static void vw_auth_msg2(struct vw_auth *a, const uint8_t *frame, size_t len,
			 const struct vw_eapol_key *k, struct vw_auth_out *out)
{
	struct vw_ptk ptk;
	uint8_t mic[VW_MIC_LEN];
	const uint8_t *ie;

	vw_derive_ptk(a->pmk, a->aa, a->spa, a->anonce, k->nonce, &ptk);
	vw_eapol_mic(ptk.kck, frame, len, mic);
	if (vw_memcmp_ct(mic, k->mic, VW_MIC_LEN)) {
		/* Wrong PMK (passphrase): silently discarded, as on air. */
		a->bad_mic++;
		vw_wipe(&ptk, sizeof(ptk));
		return;
	}
	ie = vw_ie_find(k->data, k->data_len, 0x30, NULL);
	if (!ie || (size_t)ie[1] + 2 != a->sta_ie_len ||
	    memcmp(ie, a->sta_ie, a->sta_ie_len)) {
		vw_wipe(&ptk, sizeof(ptk));
		vw_auth_fail(a, VW_REASON_IE_DIFFERENT);
		return;
	}
	a->ptk = ptk;
	vw_wipe(&ptk, sizeof(ptk));
	memcpy(a->snonce, k->nonce, VW_NONCE_LEN);
	a->state = VW_AUTH_MSG3_SENT;
	a->tries = 0;
	vw_auth_send_msg3(a, out);
}

static void vw_auth_msg4(struct vw_auth *a, const uint8_t *frame, size_t len,
			 const struct vw_eapol_key *k)
{
	uint8_t mic[VW_MIC_LEN];

	vw_eapol_mic(a->ptk.kck, frame, len, mic);
	if (vw_memcmp_ct(mic, k->mic, VW_MIC_LEN)) {
		a->bad_mic++;
		return;
	}
	a->state = VW_AUTH_DONE;
}

void vw_auth_receive(struct vw_auth *a, const uint8_t *frame, size_t len,
		     struct vw_auth_out *out)
{
	struct vw_eapol_key k;
	uint16_t want = VW_KI_PAIRWISE | VW_KI_MIC;
	uint16_t never = VW_KI_ACK | VW_KI_INSTALL | VW_KI_REQUEST |
			 VW_KI_ERROR | VW_KI_ENCRYPTED;
	size_t flen;

	out->len = 0;
	if (!vw_eapol_key_parse(frame, len, &k, &flen) ||
	    (k.info & VW_KI_VERSION_MASK) != VW_KI_VERSION_AES ||
	    (k.info & want) != want || (k.info & never) ||
	    k.replay != a->replay) {
		a->dropped++;
		return;
	}
	if (a->state == VW_AUTH_MSG1_SENT && !(k.info & VW_KI_SECURE))
		vw_auth_msg2(a, frame, flen, &k, out);
	else if (a->state == VW_AUTH_MSG3_SENT && (k.info & VW_KI_SECURE))
		vw_auth_msg4(a, frame, flen, &k);
	else
		a->dropped++;
}

void vw_auth_tick(struct vw_auth *a, uint32_t elapsed_ms,
		  struct vw_auth_out *out)
{
	out->len = 0;
	if (a->state != VW_AUTH_MSG1_SENT && a->state != VW_AUTH_MSG3_SENT)
		return;
	a->waited_ms += elapsed_ms;
	if (a->waited_ms < VW_AUTH_RETRY_MS)
		return;
	if (a->tries >= VW_AUTH_TRIES) {
		vw_auth_fail(a, VW_REASON_4WAY_TIMEOUT);
		return;
	}
	if (a->state == VW_AUTH_MSG1_SENT)
		vw_auth_send_msg1(a, out);
	else
		vw_auth_send_msg3(a, out);
}

void vw_auth_reset(struct vw_auth *a)
{
	a->state = VW_AUTH_IDLE;
	a->tries = 0;
	a->waited_ms = 0;
	a->reason = 0;
	vw_wipe(a->anonce, sizeof(a->anonce));
	vw_wipe(a->snonce, sizeof(a->snonce));
	vw_wipe(&a->ptk, sizeof(a->ptk));
}
