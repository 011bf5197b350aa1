// SPDX-License-Identifier: GPL-2.0-only
/*
 * The access points vwifi's radio "hears": an open one, a WEP one, and two
 * WPA2-PSK ones (2.4 and 5 GHz), on different channels and at different
 * strengths, with the elements their beacons carry. docs/wireless.md lists
 * them for testers (the secrets are test fixtures, not secrets).
 */
#include <string.h>

#include "vw_sim.h"

static const uint8_t vw_wep_key_104[13] = {
	'n', 'd', 'l', '-', 'w', 'e', 'p', '-', 'k', 'e', 'y', '1', '3'
};

const struct vw_ap vw_aps[] = {
	{
		.ssid = "ndl-open",
		.bssid = { 0x02, 0x4e, 0x44, 0x57, 0x00, 0x01 },
		.channel = 1, .rssi_dbm = -42,
		.security = VW_SEC_OPEN,
		.lan_mac = { 0x02, 0x4e, 0x44, 0x4c, 0x77, 0x01 },
		.lan_ip = { 192, 168, 77, 1 },
	},
	{
		.ssid = "ndl-wep",
		.bssid = { 0x02, 0x4e, 0x44, 0x57, 0x00, 0x02 },
		.channel = 6, .rssi_dbm = -55,
		.security = VW_SEC_WEP,
		.wep_key = vw_wep_key_104, .wep_key_len = 13,
		.wep_key_index = 0,
		.lan_mac = { 0x02, 0x4e, 0x44, 0x4c, 0x77, 0x02 },
		.lan_ip = { 192, 168, 77, 1 },
	},
	{
		.ssid = "ndl-wpa2",
		.bssid = { 0x02, 0x4e, 0x44, 0x57, 0x00, 0x03 },
		.channel = 11, .rssi_dbm = -50,
		.security = VW_SEC_WPA2_PSK,
		.passphrase = "ndisload-passphrase",
		.lan_mac = { 0x02, 0x4e, 0x44, 0x4c, 0x77, 0x03 },
		.lan_ip = { 192, 168, 77, 1 },
	},
	{
		.ssid = "ndl-wpa2-5g",
		.bssid = { 0x02, 0x4e, 0x44, 0x57, 0x00, 0x04 },
		.channel = 36, .rssi_dbm = -67,
		.security = VW_SEC_WPA2_PSK,
		.passphrase = "ndisload-5ghz-passphrase",
		.lan_mac = { 0x02, 0x4e, 0x44, 0x4c, 0x77, 0x04 },
		.lan_ip = { 192, 168, 77, 1 },
	},
};
const unsigned int vw_ap_count = sizeof(vw_aps) / sizeof(vw_aps[0]);

uint32_t vw_channel_khz(uint8_t channel)
{
	if (channel >= 1 && channel <= 13)
		return 2407000u + 5000u * channel;
	if (channel == 14)
		return 2484000u;
	if (channel >= 32 && channel <= 177)
		return 5000000u + 5000u * channel;
	return 0;
}

static bool vw_ap_is_5ghz(const struct vw_ap *ap)
{
	return ap->channel > 14;
}

uint16_t vw_ap_capability(const struct vw_ap *ap)
{
	uint16_t cap = VW_CAP_ESS | VW_CAP_SHORT_SLOT;

	if (!vw_ap_is_5ghz(ap))
		cap |= VW_CAP_SHORT_PREAMBLE;
	if (ap->security != VW_SEC_OPEN)
		cap |= VW_CAP_PRIVACY;
	return cap;
}

size_t vw_ap_rates(const struct vw_ap *ap, uint8_t *rates, size_t max)
{
	/* 802.11b/g: 1 2 5.5 11 (basic) 6 9 12 18 24 36 48 54 Mb/s. */
	static const uint8_t bg[] = {
		0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24,
		0x30, 0x48, 0x60, 0x6c
	};
	/* 802.11a: 6 12 24 (basic) 9 18 36 48 54 Mb/s. */
	static const uint8_t a[] = {
		0x8c, 0x12, 0x98, 0x24, 0xb0, 0x48, 0x60, 0x6c
	};
	const uint8_t *r = vw_ap_is_5ghz(ap) ? a : bg;
	size_t n = vw_ap_is_5ghz(ap) ? sizeof(a) : sizeof(bg);

	if (n > max)
		n = max;
	memcpy(rates, r, n);
	return n;
}

size_t vw_ap_ies(const struct vw_ap *ap, uint8_t *buf, size_t max)
{
	uint8_t rates[16];
	size_t nrates = vw_ap_rates(ap, rates, sizeof(rates));
	size_t ssid_len = strlen(ap->ssid);
	size_t first = nrates > 8 ? 8 : nrates;
	size_t need = 2 + ssid_len + 2 + first, n = 0;

	if (!vw_ap_is_5ghz(ap))
		need += 3;
	if (nrates > first)
		need += 2 + nrates - first;
	if (ap->security == VW_SEC_WPA2_PSK)
		need += VW_RSN_IE_LEN;
	if (need > max)
		return 0;
	buf[n++] = 0;				/* SSID */
	buf[n++] = (uint8_t)ssid_len;
	memcpy(buf + n, ap->ssid, ssid_len);
	n += ssid_len;
	buf[n++] = 1;				/* Supported Rates */
	buf[n++] = (uint8_t)first;
	memcpy(buf + n, rates, first);
	n += first;
	if (!vw_ap_is_5ghz(ap)) {
		buf[n++] = 3;			/* DS Parameter Set */
		buf[n++] = 1;
		buf[n++] = ap->channel;
	}
	if (nrates > first) {
		buf[n++] = 50;			/* Extended Supported Rates */
		buf[n++] = (uint8_t)(nrates - first);
		memcpy(buf + n, rates + first, nrates - first);
		n += nrates - first;
	}
	if (ap->security == VW_SEC_WPA2_PSK) {
		memcpy(buf + n, vw_rsn_ie, VW_RSN_IE_LEN);
		n += VW_RSN_IE_LEN;
	}
	return n;
}
