/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * WPA2-PSK as the simulated access point speaks it (IEEE 802.11-2016
 * 12.7): key derivation, EAPOL-Key frames and the authenticator's side of
 * the 4-way handshake. CCMP pairwise and group cipher, PSK AKM, key
 * descriptor version 2 (HMAC-SHA1-128 MIC, AES key wrap). Portable C, shared
 * by the driver and the host unit test.
 */
#ifndef VW_WPA_H
#define VW_WPA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vw_crypto.h"

#define VW_ETH_ALEN		6
#define VW_PMK_LEN		32
#define VW_NONCE_LEN		32
#define VW_TK_LEN		16	/* CCMP */
#define VW_GTK_LEN		16
#define VW_MIC_LEN		16
#define VW_ETH_P_EAPOL		0x888e

/* Pairwise transient key for CCMP: KCK || KEK || TK (PRF-384). */
struct vw_ptk {
	uint8_t kck[16];
	uint8_t kek[16];
	uint8_t tk[VW_TK_LEN];
};

/* PSK = PBKDF2-HMAC-SHA1(passphrase, SSID, 4096, 256 bits). */
void vw_psk_from_passphrase(const char *pass, size_t passlen,
			    const uint8_t *ssid, size_t ssidlen,
			    uint8_t pmk[VW_PMK_LEN]);
/* PTK = PRF-384(PMK, "Pairwise key expansion", min/max of addrs, nonces). */
void vw_derive_ptk(const uint8_t pmk[VW_PMK_LEN],
		   const uint8_t aa[VW_ETH_ALEN], const uint8_t spa[VW_ETH_ALEN],
		   const uint8_t anonce[VW_NONCE_LEN],
		   const uint8_t snonce[VW_NONCE_LEN], struct vw_ptk *ptk);

/* The RSN element both sides use: CCMP group, CCMP pairwise, PSK AKM. */
#define VW_RSN_IE_LEN		22
extern const uint8_t vw_rsn_ie[VW_RSN_IE_LEN];

/* ---- EAPOL-Key frames (802.1X-2004 EAPOL header + key descriptor) ---- */

#define VW_EAPOL_HDR		4	/* version, type, body length */
#define VW_EAPOL_KEY_FIXED	95	/* descriptor up to key data length */
#define VW_EAPOL_KEY_MIN	(VW_EAPOL_HDR + VW_EAPOL_KEY_FIXED)
#define VW_EAPOL_MAX		512	/* longest frame we build or accept */

/* Offsets in the frame (from the EAPOL version byte). */
#define VW_EK_DESC		4
#define VW_EK_INFO		5
#define VW_EK_KEYLEN		7
#define VW_EK_REPLAY		9
#define VW_EK_NONCE		17
#define VW_EK_IV		49
#define VW_EK_RSC		65
#define VW_EK_MIC		81
#define VW_EK_DATALEN		97
#define VW_EK_DATA		99

#define VW_EAPOL_TYPE_KEY	3
#define VW_EAPOL_DESC_RSN	2

/* Key Information bits. */
#define VW_KI_VERSION_MASK	0x0007
#define VW_KI_VERSION_AES	0x0002	/* HMAC-SHA1-128 MIC, AES key wrap */
#define VW_KI_PAIRWISE		0x0008
#define VW_KI_INSTALL		0x0040
#define VW_KI_ACK		0x0080
#define VW_KI_MIC		0x0100
#define VW_KI_SECURE		0x0200
#define VW_KI_ERROR		0x0400
#define VW_KI_REQUEST		0x0800
#define VW_KI_ENCRYPTED		0x1000

/* The MIC over an EAPOL frame whose MIC field is taken as zero. */
void vw_eapol_mic(const uint8_t kck[16], const uint8_t *frame, size_t len,
		  uint8_t mic[VW_MIC_LEN]);

struct vw_eapol_key {
	uint16_t info;
	uint16_t key_len;
	uint64_t replay;
	const uint8_t *nonce;		/* VW_NONCE_LEN */
	const uint8_t *rsc;		/* 8 */
	const uint8_t *mic;		/* VW_MIC_LEN */
	const uint8_t *data;
	uint16_t data_len;
};

/*
 * Parse an EAPOL-Key frame with an RSN descriptor: false if it is not one
 * or any length is inconsistent (len may include Ethernet padding).
 */
bool vw_eapol_key_parse(const uint8_t *frame, size_t len,
			struct vw_eapol_key *k, size_t *frame_len);

/* Find an element (id) or vendor KDE (id 0xdd + 4-byte OUI/type) in key data. */
const uint8_t *vw_ie_find(const uint8_t *ies, size_t len, uint8_t id,
			  const uint8_t *oui_type);

/* ---- the authenticator (access point side of the 4-way handshake) ---- */

enum vw_auth_state {
	VW_AUTH_IDLE,
	VW_AUTH_MSG1_SENT,		/* waiting for message 2 */
	VW_AUTH_MSG3_SENT,		/* waiting for message 4 */
	VW_AUTH_DONE,			/* keys agreed, port open */
	VW_AUTH_FAILED,			/* deauthenticated (reason) */
};

/* IEEE 802.11 reason codes the authenticator gives. */
#define VW_REASON_4WAY_TIMEOUT	15
#define VW_REASON_IE_DIFFERENT	17

#define VW_AUTH_RETRY_MS	1000	/* resend an unanswered message */
#define VW_AUTH_TRIES		4	/* transmissions before giving up */

/* Random bytes for nonces; the driver and the test supply their own. */
typedef void (*vw_random_fn)(void *ctx, uint8_t *out, size_t len);

struct vw_auth {
	/* set by the caller before vw_auth_start */
	uint8_t pmk[VW_PMK_LEN];
	uint8_t aa[VW_ETH_ALEN];	/* the AP (BSSID) */
	uint8_t spa[VW_ETH_ALEN];	/* the station */
	uint8_t sta_ie[64];		/* RSN element of the association */
	size_t sta_ie_len;
	uint8_t gtk[VW_GTK_LEN];
	uint8_t gtk_id;			/* 1..3 */
	vw_random_fn random;
	void *random_ctx;

	/* state */
	enum vw_auth_state state;
	uint8_t anonce[VW_NONCE_LEN];
	uint8_t snonce[VW_NONCE_LEN];
	struct vw_ptk ptk;
	uint64_t replay;		/* of the last message sent */
	uint32_t waited_ms;
	uint32_t tries;
	uint16_t reason;		/* when FAILED */
	uint32_t bad_mic;		/* message 2/4 with a wrong MIC */
	uint32_t dropped;		/* malformed or unexpected frames */
};

/*
 * The authenticator's outputs: each call may produce one EAPOL frame to
 * send to the station (frame/len, without Ethernet header) and a state
 * change the driver acts on (DONE: install the keys; FAILED: deauth).
 */
struct vw_auth_out {
	uint8_t frame[VW_EAPOL_MAX];
	size_t len;			/* 0: nothing to send */
};

/* Start after association: new ANonce, message 1. */
void vw_auth_start(struct vw_auth *a, struct vw_auth_out *out);
/* An EAPOL frame from the station (after the Ethernet header). */
void vw_auth_receive(struct vw_auth *a, const uint8_t *frame, size_t len,
		     struct vw_auth_out *out);
/* Time passed: resend or give up (state FAILED, reason 15). */
void vw_auth_tick(struct vw_auth *a, uint32_t elapsed_ms,
		  struct vw_auth_out *out);
/* Forget everything (disassociation). */
void vw_auth_reset(struct vw_auth *a);

#endif
