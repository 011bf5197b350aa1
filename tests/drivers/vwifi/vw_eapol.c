// SPDX-License-Identifier: GPL-2.0-only
/*
 * EAPOL-Key frames (IEEE 802.11-2016 12.7.2): the MIC, a strict parser for
 * received frames, and a search through key data for elements and KDEs.
 */
#include <string.h>

#include "vw_bytes.h"
#include "vw_wpa.h"

void vw_eapol_mic(const uint8_t kck[16], const uint8_t *frame, size_t len,
		  uint8_t mic[VW_MIC_LEN])
{
	static const uint8_t zero[VW_MIC_LEN];
	uint8_t digest[VW_SHA1_LEN];
	struct vw_hmac h;

	/* HMAC-SHA1-128 over the whole frame with the MIC field as zeros. */
	vw_hmac_sha1_init(&h, kck, 16);
	vw_hmac_sha1_update(&h, frame, VW_EK_MIC);
	vw_hmac_sha1_update(&h, zero, sizeof(zero));
	vw_hmac_sha1_update(&h, frame + VW_EK_MIC + VW_MIC_LEN,
			    len - VW_EK_MIC - VW_MIC_LEN);
	vw_hmac_sha1_final(&h, digest);
	memcpy(mic, digest, VW_MIC_LEN);
	vw_wipe(digest, sizeof(digest));
}

bool vw_eapol_key_parse(const uint8_t *frame, size_t len,
			struct vw_eapol_key *k, size_t *frame_len)
{
	size_t body, total;

	if (len < VW_EAPOL_KEY_MIN)
		return false;
	/* 802.1X-2001 (1), -2004 (2) and -2010 (3) all carry keys alike. */
	if (frame[0] < 1 || frame[0] > 3 || frame[1] != VW_EAPOL_TYPE_KEY ||
	    frame[VW_EK_DESC] != VW_EAPOL_DESC_RSN)
		return false;
	body = vw_get_be16(frame + 2);
	total = VW_EAPOL_HDR + body;
	if (body < VW_EAPOL_KEY_FIXED || total > len || total > VW_EAPOL_MAX)
		return false;
	k->info = vw_get_be16(frame + VW_EK_INFO);
	k->key_len = vw_get_be16(frame + VW_EK_KEYLEN);
	k->replay = vw_get_be64(frame + VW_EK_REPLAY);
	k->nonce = frame + VW_EK_NONCE;
	k->rsc = frame + VW_EK_RSC;
	k->mic = frame + VW_EK_MIC;
	k->data_len = vw_get_be16(frame + VW_EK_DATALEN);
	k->data = frame + VW_EK_DATA;
	if ((size_t)VW_EK_DATA + k->data_len != total)
		return false;
	*frame_len = total;
	return true;
}

const uint8_t *vw_ie_find(const uint8_t *ies, size_t len, uint8_t id,
			  const uint8_t *oui_type)
{
	size_t pos = 0;

	while (pos + 2 <= len) {
		uint8_t eid = ies[pos], elen = ies[pos + 1];

		if (pos + 2 + elen > len)
			return NULL;
		/* Key data padding: 0xdd then zeros to the end. */
		if (eid == 0xdd && elen == 0)
			return NULL;
		if (eid == id && (!oui_type ||
				  (elen >= 4 && !memcmp(ies + pos + 2,
							oui_type, 4))))
			return ies + pos;
		pos += 2u + elen;
	}
	return NULL;
}
