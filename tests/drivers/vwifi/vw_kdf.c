// SPDX-License-Identifier: GPL-2.0-only
/*
 * WPA2-PSK key derivation (IEEE 802.11-2016 12.7.1): passphrase to PSK
 * (J.4), PSK to PTK with the PRF (12.7.1.3), and the RSN element that
 * names the suites those keys serve.
 */
#include <string.h>

#include "vw_wpa.h"

const uint8_t vw_rsn_ie[VW_RSN_IE_LEN] = {
	0x30, 20,			/* RSN element, length */
	0x01, 0x00,			/* version 1 */
	0x00, 0x0f, 0xac, 0x04,		/* group cipher: CCMP */
	0x01, 0x00,			/* one pairwise cipher */
	0x00, 0x0f, 0xac, 0x04,		/* CCMP */
	0x01, 0x00,			/* one AKM */
	0x00, 0x0f, 0xac, 0x02,		/* PSK */
	0x00, 0x00,			/* RSN capabilities */
};

void vw_psk_from_passphrase(const char *pass, size_t passlen,
			    const uint8_t *ssid, size_t ssidlen,
			    uint8_t pmk[VW_PMK_LEN])
{
	vw_pbkdf2_sha1(pass, passlen, ssid, ssidlen, 4096, pmk, VW_PMK_LEN);
}

void vw_derive_ptk(const uint8_t pmk[VW_PMK_LEN],
		   const uint8_t aa[VW_ETH_ALEN], const uint8_t spa[VW_ETH_ALEN],
		   const uint8_t anonce[VW_NONCE_LEN],
		   const uint8_t snonce[VW_NONCE_LEN], struct vw_ptk *ptk)
{
	uint8_t data[2 * VW_ETH_ALEN + 2 * VW_NONCE_LEN];
	uint8_t out[sizeof(*ptk)];
	bool aa_low = memcmp(aa, spa, VW_ETH_ALEN) < 0;
	bool an_low = memcmp(anonce, snonce, VW_NONCE_LEN) < 0;

	memcpy(data, aa_low ? aa : spa, VW_ETH_ALEN);
	memcpy(data + VW_ETH_ALEN, aa_low ? spa : aa, VW_ETH_ALEN);
	memcpy(data + 2 * VW_ETH_ALEN, an_low ? anonce : snonce, VW_NONCE_LEN);
	memcpy(data + 2 * VW_ETH_ALEN + VW_NONCE_LEN,
	       an_low ? snonce : anonce, VW_NONCE_LEN);
	vw_prf_sha1(pmk, VW_PMK_LEN, "Pairwise key expansion", data,
		    sizeof(data), out, sizeof(out));
	memcpy(ptk->kck, out, 16);
	memcpy(ptk->kek, out + 16, 16);
	memcpy(ptk->tk, out + 32, VW_TK_LEN);
	vw_wipe(out, sizeof(out));
}
