// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a wireless miniport can do, as cfg80211 wants it in the wiphy:
 * bands and channels (OID_802_11_NETWORK_TYPES_SUPPORTED: DS/OFDM24 for
 * 2.4 GHz, OFDM5 for 5 GHz), ciphers (OID_802_11_CAPABILITY's
 * authentication/encryption pairs, or else probing OID_802_11_ENCRYPTION_-
 * STATUS the way ndiswrapper did), PMKID cache size, signal in dBm.
 * Station mode only: the glue has no IBSS support yet.
 */
#include <linux/slab.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "ndis/ndis_status.h"
#include "wifi_priv.h"

static const u16 ndl_wifi_2g_rates[] = {	/* 100 kb/s */
	10, 20, 55, 110, 60, 90, 120, 180, 240, 360, 480, 540
};
static const u16 ndl_wifi_5g_chans[NDL_WIFI_CH_5G] = {
	36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124,
	128, 132, 136, 140, 144, 149, 153, 157, 161, 165
};

static void ndl_wifi_band_2g(struct ndl_wifi *w)
{
	struct ieee80211_supported_band *sb = &w->band_2g;
	int i;

	for (i = 0; i < NDL_WIFI_CH_2G; i++) {
		w->ch_2g[i].band = NL80211_BAND_2GHZ;
		w->ch_2g[i].hw_value = i + 1;
		w->ch_2g[i].center_freq =
			ieee80211_channel_to_frequency(i + 1, NL80211_BAND_2GHZ);
		w->ch_2g[i].max_power = 20;
	}
	for (i = 0; i < ARRAY_SIZE(w->rates_2g); i++) {
		w->rates_2g[i].bitrate = ndl_wifi_2g_rates[i];
		if (i < 4 && i > 0)
			w->rates_2g[i].flags = IEEE80211_RATE_SHORT_PREAMBLE;
	}
	sb->band = NL80211_BAND_2GHZ;
	sb->channels = w->ch_2g;
	sb->n_channels = NDL_WIFI_CH_2G;
	sb->bitrates = w->rates_2g;
	sb->n_bitrates = ARRAY_SIZE(w->rates_2g);
	w->wiphy->bands[NL80211_BAND_2GHZ] = sb;
}

static void ndl_wifi_band_5g(struct ndl_wifi *w)
{
	struct ieee80211_supported_band *sb = &w->band_5g;
	int i;

	for (i = 0; i < NDL_WIFI_CH_5G; i++) {
		w->ch_5g[i].band = NL80211_BAND_5GHZ;
		w->ch_5g[i].hw_value = ndl_wifi_5g_chans[i];
		w->ch_5g[i].center_freq =
			ieee80211_channel_to_frequency(ndl_wifi_5g_chans[i],
						       NL80211_BAND_5GHZ);
		w->ch_5g[i].max_power = 20;
	}
	/* The OFDM rates of 2.4 GHz, without the DSSS ones. */
	for (i = 0; i < ARRAY_SIZE(w->rates_5g); i++)
		w->rates_5g[i].bitrate = ndl_wifi_2g_rates[i + 4];
	sb->band = NL80211_BAND_5GHZ;
	sb->channels = w->ch_5g;
	sb->n_channels = NDL_WIFI_CH_5G;
	sb->bitrates = w->rates_5g;
	sb->n_bitrates = ARRAY_SIZE(w->rates_5g);
	w->wiphy->bands[NL80211_BAND_5GHZ] = sb;
}

/* Bands from the network types; 2.4 GHz when the miniport will not say. */
static void ndl_wifi_bands(struct ndl_wifi *w)
{
	u32 len = 0, n, i, type;
	bool g24 = false, g5 = false;
	u32 *list = ndl_wifi_query_alloc(w, OID_802_11_NETWORK_TYPES_SUPPORTED,
					 &len);

	if (list && len >= 4) {
		n = min_t(u32, list[0], len / 4 - 1);
		for (i = 0; i < n; i++) {
			type = list[1 + i];
			g24 |= type == NDL_NET_TYPE_DS ||
			       type == NDL_NET_TYPE_OFDM24;
			g5 |= type == NDL_NET_TYPE_OFDM5;
		}
	}
	kvfree(list);
	if (g24 || !g5)
		ndl_wifi_band_2g(w);
	if (g5)
		ndl_wifi_band_5g(w);
}

struct ndl_wifi_cipher_set {
	bool wep, tkip, ccmp;
};

static void ndl_wifi_cipher_of(struct ndl_wifi_cipher_set *cs, u32 encryption)
{
	cs->wep |= encryption == NDL_ENC1_ENABLED;
	cs->tkip |= encryption == NDL_ENC2_ENABLED;
	cs->ccmp |= encryption == NDL_ENC3_ENABLED;
}

/* OID_802_11_CAPABILITY (NDIS 5.1 WPA2 miniports); false if absent. */
static bool ndl_wifi_capability(struct ndl_wifi *w,
				struct ndl_wifi_cipher_set *cs)
{
	struct ndl_ndis_capability *cap;
	u32 len = 0, i, n;

	cap = ndl_wifi_query_alloc(w, OID_802_11_CAPABILITY, &len);
	if (!cap || len < sizeof(*cap)) {
		kvfree(cap);
		return false;
	}
	n = min_t(u32, cap->num_pairs, (len - sizeof(*cap)) /
		  sizeof(cap->pairs[0]));
	for (i = 0; i < n; i++)
		ndl_wifi_cipher_of(cs, cap->pairs[i].encryption);
	w->max_pmkids = min_t(u32, cap->num_pmkids, NDL_WIFI_MAX_PMKIDS);
	kvfree(cap);
	return true;
}

/*
 * Older miniports: set each encryption status and read it back; a
 * supported one reads as enabled or key-absent.
 */
static void ndl_wifi_probe_ciphers(struct ndl_wifi *w,
				   struct ndl_wifi_cipher_set *cs)
{
	static const u32 modes[][2] = {	/* enabled, key absent */
		{ NDL_ENC1_ENABLED, NDL_ENC1_KEY_ABSENT },
		{ NDL_ENC2_ENABLED, NDL_ENC2_KEY_ABSENT },
		{ NDL_ENC3_ENABLED, NDL_ENC3_KEY_ABSENT },
	};
	u32 got, i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		if (ndl_wifi_set_u32(w, OID_802_11_ENCRYPTION_STATUS,
				     modes[i][0]) ||
		    ndl_wifi_query_u32(w, OID_802_11_ENCRYPTION_STATUS, &got))
			continue;
		if (got == modes[i][0] || got == modes[i][1])
			ndl_wifi_cipher_of(cs, modes[i][0]);
	}
	ndl_wifi_set_u32(w, OID_802_11_ENCRYPTION_STATUS, NDL_ENC_DISABLED);
}

int ndl_wifi_caps(struct ndl_wifi *w)
{
	struct ndl_wifi_cipher_set cs = { 0 };
	struct wiphy *wiphy = w->wiphy;
	int n = 0;

	ndl_wifi_bands(w);
	if (!ndl_wifi_capability(w, &cs))
		ndl_wifi_probe_ciphers(w, &cs);
	if (cs.wep) {
		w->ciphers[n++] = WLAN_CIPHER_SUITE_WEP40;
		w->ciphers[n++] = WLAN_CIPHER_SUITE_WEP104;
	}
	if (cs.tkip)
		w->ciphers[n++] = WLAN_CIPHER_SUITE_TKIP;
	if (cs.ccmp)
		w->ciphers[n++] = WLAN_CIPHER_SUITE_CCMP;
	wiphy->cipher_suites = w->ciphers;
	wiphy->n_cipher_suites = n;
	if (ndl_wifi_query_u32(w, OID_802_11_TX_POWER_LEVEL, &w->default_tx_mw))
		w->default_tx_mw = 0;

	wiphy->interface_modes = BIT(NL80211_IFTYPE_STATION);
	wiphy->signal_type = CFG80211_SIGNAL_TYPE_MBM;
	/* NDIS 5.1 scans are wildcard only; one SSID lets tools ask. */
	wiphy->max_scan_ssids = 1;
	wiphy->max_num_pmkids = w->max_pmkids;
	dev_info(w->b->parent,
		 "%s: 802.11 bands%s%s, ciphers%s%s%s, %u PMKIDs\n",
		 w->b->drv->name,
		 wiphy->bands[NL80211_BAND_2GHZ] ? " 2.4GHz" : "",
		 wiphy->bands[NL80211_BAND_5GHZ] ? " 5GHz" : "",
		 cs.wep ? " WEP" : "", cs.tkip ? " TKIP" : "",
		 cs.ccmp ? " CCMP" : "", w->max_pmkids);
	return 0;
}

struct ieee80211_channel *ndl_wifi_channel_khz(struct ndl_wifi *w, u32 khz)
{
	if (!khz)
		return NULL;
	return ieee80211_get_channel(w->wiphy, khz / 1000);
}
