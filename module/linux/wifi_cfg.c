// SPDX-License-Identifier: GPL-2.0-only
/*
 * The station's state and settings: get_station (signal from
 * OID_802_11_RSSI, rate from OID_GEN_LINK_SPEED, the interface's
 * counters), RTS and fragmentation thresholds, transmit power (NDIS speaks
 * mW, cfg80211 dBm), power saving (OID_802_11_POWER_MODE) and the channel
 * of the association (OID_802_11_CONFIGURATION).
 */
#include <linux/etherdevice.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "ndis/ndis_status.h"
#include "wifi_priv.h"

int ndl_wifi_get_station(struct wiphy *wiphy, struct net_device *dev,
			 const u8 *mac, struct station_info *sinfo)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	struct ndl_bound *b = w->b;
	struct ndl_bound_totals t;
	u32 rssi, speed;

	mutex_lock(&w->lock);
	if (w->state != NDL_WIFI_CONNECTED || !ether_addr_equal(mac, w->bssid)) {
		mutex_unlock(&w->lock);
		return -ENOENT;
	}
	if (!ndl_wifi_query_u32(w, OID_802_11_RSSI, &rssi)) {
		sinfo->signal = clamp_t(s32, (s32)rssi, -128, 0);
		sinfo->filled |= BIT_ULL(NL80211_STA_INFO_SIGNAL);
	}
	/* OID_GEN_LINK_SPEED counts 100 b/s; a legacy rate 100 kb/s. */
	if (!ndl_wifi_query_u32(w, OID_GEN_LINK_SPEED, &speed) && speed) {
		sinfo->txrate.legacy = min_t(u32, speed / 1000, U16_MAX);
		sinfo->filled |= BIT_ULL(NL80211_STA_INFO_TX_BITRATE);
	}
	mutex_unlock(&w->lock);
	ndl_bound_stats(b, &t);
	sinfo->rx_bytes = t.rx_bytes;
	sinfo->tx_bytes = t.tx_bytes;
	sinfo->rx_packets = t.rx_packets;
	sinfo->tx_packets = t.tx_packets;
	sinfo->tx_failed = atomic64_read(&b->tx_errors);
	sinfo->filled |= BIT_ULL(NL80211_STA_INFO_RX_BYTES64) |
			 BIT_ULL(NL80211_STA_INFO_TX_BYTES64) |
			 BIT_ULL(NL80211_STA_INFO_RX_PACKETS) |
			 BIT_ULL(NL80211_STA_INFO_TX_PACKETS) |
			 BIT_ULL(NL80211_STA_INFO_TX_FAILED);
	return 0;
}

int ndl_wifi_dump_station(struct wiphy *wiphy, struct net_device *dev,
			  int idx, u8 *mac, struct station_info *sinfo)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	u8 bssid[ETH_ALEN];

	mutex_lock(&w->lock);
	memcpy(bssid, w->bssid, ETH_ALEN);
	mutex_unlock(&w->lock);
	if (idx != 0)
		return -ENOENT;
	memcpy(mac, bssid, ETH_ALEN);
	return ndl_wifi_get_station(wiphy, dev, bssid, sinfo);
}

int ndl_wifi_set_wiphy_params(struct wiphy *wiphy, u32 changed)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	u32 st = NDIS_STATUS_SUCCESS, v;

	if (changed & ~(WIPHY_PARAM_RTS_THRESHOLD | WIPHY_PARAM_FRAG_THRESHOLD))
		return -EOPNOTSUPP;
	mutex_lock(&w->lock);
	/* (u32)-1 is "off": the largest value NDIS knows. */
	if (changed & WIPHY_PARAM_RTS_THRESHOLD) {
		v = wiphy->rts_threshold == (u32)-1 ? 2347 :
						       wiphy->rts_threshold;
		st = ndl_wifi_set_u32(w, OID_802_11_RTS_THRESHOLD, v);
	}
	if (!st && (changed & WIPHY_PARAM_FRAG_THRESHOLD)) {
		v = wiphy->frag_threshold == (u32)-1 ? 2346 :
							wiphy->frag_threshold;
		st = ndl_wifi_set_u32(w, OID_802_11_FRAGMENTATION_THRESHOLD, v);
	}
	mutex_unlock(&w->lock);
	return ndl_wifi_errno(st);
}

/* 10^(n/10) * 1000 for n = 0..9: dBm <-> mW without floating point. */
static const u32 ndl_wifi_db_table[10] = {
	1000, 1259, 1585, 1995, 2512, 3162, 3981, 5012, 6310, 7943
};

static u32 ndl_wifi_dbm_to_mw(int dbm)
{
	u32 mw = 1;

	if (dbm < 0)
		return 1;
	if (dbm > 30)
		dbm = 30;
	for (; dbm >= 10; dbm -= 10)
		mw *= 10;
	return DIV_ROUND_CLOSEST(mw * ndl_wifi_db_table[dbm], 1000);
}

static int ndl_wifi_mw_to_dbm(u32 mw)
{
	int dbm = 0, i;

	if (!mw)
		return 0;
	for (; mw >= 10; mw /= 10)
		dbm += 10;
	for (i = 9; i > 0; i--)
		if (mw * 1000 >= ndl_wifi_db_table[i])
			break;
	return dbm + i;
}

int ndl_wifi_set_tx_power(struct wiphy *wiphy, struct wireless_dev *wdev,
			  enum nl80211_tx_power_setting type, int mbm)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	u32 mw, st;

	if (type == NL80211_TX_POWER_AUTOMATIC) {
		if (!w->default_tx_mw)
			return 0;
		mw = w->default_tx_mw;
	} else {
		mw = ndl_wifi_dbm_to_mw(MBM_TO_DBM(mbm));
	}
	mutex_lock(&w->lock);
	st = ndl_wifi_set_u32(w, OID_802_11_TX_POWER_LEVEL, mw);
	mutex_unlock(&w->lock);
	return ndl_wifi_errno(st);
}

int ndl_wifi_get_tx_power(struct wiphy *wiphy, struct wireless_dev *wdev,
			  int *dbm)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	u32 mw, st;

	mutex_lock(&w->lock);
	st = ndl_wifi_query_u32(w, OID_802_11_TX_POWER_LEVEL, &mw);
	mutex_unlock(&w->lock);
	if (st)
		return ndl_wifi_errno(st);
	*dbm = ndl_wifi_mw_to_dbm(mw);
	return 0;
}

int ndl_wifi_set_power_mgmt(struct wiphy *wiphy, struct net_device *dev,
			    bool enabled, int timeout)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	u32 st;

	/* Fast PSP: dozes, but wakes for traffic without delay. */
	mutex_lock(&w->lock);
	st = ndl_wifi_set_u32(w, OID_802_11_POWER_MODE,
			      enabled ? NDL_POWER_FAST_PSP : NDL_POWER_CAM);
	mutex_unlock(&w->lock);
	return ndl_wifi_errno(st);
}

int ndl_wifi_get_channel(struct wiphy *wiphy, struct wireless_dev *wdev,
			 unsigned int link_id,
			 struct cfg80211_chan_def *chandef)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	struct ndl_ndis_config cfg = { 0 };
	struct ieee80211_channel *chan;
	u32 done = 0, st = NDIS_STATUS_ADAPTER_NOT_READY;

	mutex_lock(&w->lock);
	if (w->state == NDL_WIFI_CONNECTED)
		st = ndl_wifi_oid(w, false, OID_802_11_CONFIGURATION, &cfg,
				  sizeof(cfg), &done, NULL);
	mutex_unlock(&w->lock);
	if (st || done < offsetof(struct ndl_ndis_config, fh))
		return -ENODATA;
	chan = ndl_wifi_channel_khz(w, cfg.ds_config);
	if (!chan)
		return -ENODATA;
	cfg80211_chandef_create(chandef, chan, NL80211_CHAN_NO_HT);
	return 0;
}
