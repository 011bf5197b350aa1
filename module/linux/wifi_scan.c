// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scanning: OID_802_11_BSSID_LIST_SCAN starts the miniport's scan; NDIS 5.1
 * has no "scan done" indication, so after wifi_scan_ms the glue reads
 * OID_802_11_BSSID_LIST and hands every entry to cfg80211 with its
 * elements, signal (dBm) and channel. Entries are checked against the
 * buffer before use; NDIS 5.0 entries (no elements) get SSID and rate
 * elements built from their fixed fields.
 */
#include <linux/etherdevice.h>
#include <linux/slab.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "ndis/ndis_status.h"
#include "wifi_priv.h"

int ndl_wifi_scan(struct wiphy *wiphy, struct cfg80211_scan_request *req)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	u32 st;

	mutex_lock(&w->lock);
	if (w->scan_req) {
		mutex_unlock(&w->lock);
		return -EBUSY;
	}
	st = ndl_wifi_oid(w, true, OID_802_11_BSSID_LIST_SCAN, NULL, 0, NULL,
			  NULL);
	/* Some miniports scan on their own and refuse the request: read
	 * their list anyway.
	 */
	if (st != NDIS_STATUS_SUCCESS)
		netdev_dbg(w->b->netdev, "BSSID_LIST_SCAN: NDIS_STATUS 0x%08x\n",
			   st);
	w->scan_req = req;
	mutex_unlock(&w->lock);
	schedule_delayed_work(&w->scan_work,
			      msecs_to_jiffies(ndl_wifi_scan_ms));
	return 0;
}

/* NDIS 5.0 entries have no elements: build the ones cfg80211 needs. */
static size_t ndl_wifi_fake_ies(const struct ndl_ndis_bssid *e, u8 *ies)
{
	size_t n = 0, r;

	ies[n++] = WLAN_EID_SSID;
	ies[n++] = e->ssid.len;
	memcpy(ies + n, e->ssid.ssid, e->ssid.len);
	n += e->ssid.len;
	for (r = 0; r < 8 && e->rates[r]; r++)
		ies[n + 2 + r] = e->rates[r];
	if (!r)
		return n;
	ies[n] = WLAN_EID_SUPP_RATES;
	ies[n + 1] = r;
	return n + 2 + r;
}

/* One BSSID_LIST entry to cfg80211; returns its BSS (a reference) or NULL. */
static struct cfg80211_bss *ndl_wifi_inform(struct ndl_wifi *w,
					    const struct ndl_ndis_bssid *e,
					    size_t elen)
{
	struct cfg80211_inform_bss data = { 0 };
	const u8 *ies, *fixed = NULL;
	u8 built[2 + IEEE80211_MAX_SSID_LEN + 2 + 8];
	size_t ielen;
	u16 capa, interval = 100;
	u64 tsf = 0;

	if (e->ssid.len > IEEE80211_MAX_SSID_LEN ||
	    !is_valid_ether_addr(e->mac))
		return NULL;
	if (elen >= sizeof(*e) && e->ie_len >= NDL_FIXED_IES_LEN &&
	    e->ie_len <= elen - sizeof(*e)) {
		fixed = e->ies;
		ies = e->ies + NDL_FIXED_IES_LEN;
		ielen = e->ie_len - NDL_FIXED_IES_LEN;
	} else {
		ies = built;
		ielen = ndl_wifi_fake_ies(e, built);
	}
	if (fixed) {
		tsf = get_unaligned_le64(fixed);
		interval = get_unaligned_le16(fixed + 8);
		capa = get_unaligned_le16(fixed + 10);
	} else {
		capa = e->infra_mode == NDL_INFRA_IBSS ? WLAN_CAPABILITY_IBSS :
							 WLAN_CAPABILITY_ESS;
		if (e->privacy)
			capa |= WLAN_CAPABILITY_PRIVACY;
		if (e->config.beacon_period)
			interval = e->config.beacon_period;
	}
	data.chan = ndl_wifi_channel_khz(w, e->config.ds_config);
	if (!data.chan) {
		const u8 *ds = cfg80211_find_ie(WLAN_EID_DS_PARAMS, ies, ielen);

		if (ds && ds[1] == 1)
			data.chan = ieee80211_get_channel(w->wiphy,
				ieee80211_channel_to_frequency(ds[2],
							       NL80211_BAND_2GHZ));
	}
	if (!data.chan)
		return NULL;
	data.signal = clamp_t(s32, e->rssi, -128, 0) * 100;	/* mBm */
	return cfg80211_inform_bss_data(w->wiphy, &data,
					CFG80211_BSS_FTYPE_UNKNOWN, e->mac,
					tsf, capa, interval, ies, ielen,
					GFP_KERNEL);
}

/*
 * Walk the miniport's BSSID list, informing cfg80211 of every entry; the
 * one whose BSSID is want (if any) comes back as a reference.
 */
static struct cfg80211_bss *ndl_wifi_read_list(struct ndl_wifi *w,
					       const u8 *want, u32 *count)
{
	struct cfg80211_bss *found = NULL, *bss;
	u32 len = 0, n, i, off = 4, seen = 0;
	u8 *list = ndl_wifi_query_alloc(w, OID_802_11_BSSID_LIST, &len);

	if (!list || len < 4)
		goto out;
	n = get_unaligned_le32(list);
	for (i = 0; i < n && off + NDL_BSSID_50_LEN <= len; i++) {
		const struct ndl_ndis_bssid *e = (const void *)(list + off);
		u32 elen = e->length;

		if (elen < NDL_BSSID_50_LEN || elen > len - off) {
			netdev_warn(w->b->netdev,
				    "BSSID list entry %u has a bad length %u\n",
				    i, elen);
			break;
		}
		bss = ndl_wifi_inform(w, e, elen);
		if (bss) {
			seen++;
			if (want && !found && ether_addr_equal(e->mac, want))
				found = bss;
			else
				cfg80211_put_bss(w->wiphy, bss);
		}
		off += elen;
	}
out:
	kvfree(list);
	if (count)
		*count = seen;
	return found;
}

/*
 * The BSS we are associated with, from the list or, when the miniport does
 * not list it (a hidden SSID, a list not yet refreshed), from what it says
 * about the association (channel, signal) and the SSID we asked for.
 */
struct cfg80211_bss *ndl_wifi_inform_bssid(struct ndl_wifi *w, const u8 *bssid)
{
	struct cfg80211_bss *bss = ndl_wifi_read_list(w, bssid, NULL);
	struct ndl_ndis_bssid e = { .length = sizeof(e) };
	u32 done = 0, enc = NDL_ENC_DISABLED;
	s32 rssi = -50;

	if (bss)
		return bss;
	if (ndl_wifi_oid(w, false, OID_802_11_CONFIGURATION, &e.config,
			 sizeof(e.config), &done, NULL) ||
	    done < offsetof(struct ndl_ndis_config, fh))
		return NULL;
	ndl_wifi_query_u32(w, OID_802_11_RSSI, (u32 *)&rssi);
	memcpy(e.mac, bssid, ETH_ALEN);
	e.ssid.len = w->ssid_len;
	memcpy(e.ssid.ssid, w->ssid, w->ssid_len);
	e.rssi = rssi;
	e.infra_mode = NDL_INFRA_BSS;
	ndl_wifi_query_u32(w, OID_802_11_ENCRYPTION_STATUS, &enc);
	e.privacy = enc != NDL_ENC_DISABLED;
	/* No elements: built from the fields, as for NDIS 5.0 entries. */
	return ndl_wifi_inform(w, &e, NDL_BSSID_50_LEN);
}

void ndl_wifi_scan_work(struct work_struct *work)
{
	struct ndl_wifi *w = container_of(to_delayed_work(work),
					  struct ndl_wifi, scan_work);
	struct cfg80211_scan_info info = { .aborted = false };
	u32 count = 0;

	ndl_wifi_read_list(w, NULL, &count);
	netdev_dbg(w->b->netdev, "scan: %u BSSs\n", count);
	mutex_lock(&w->lock);
	if (w->scan_req)
		cfg80211_scan_done(w->scan_req, &info);
	w->scan_req = NULL;
	mutex_unlock(&w->lock);
}

void ndl_wifi_scan_abort(struct ndl_wifi *w)
{
	struct cfg80211_scan_info info = { .aborted = true };

	mutex_lock(&w->lock);
	if (w->scan_req)
		cfg80211_scan_done(w->scan_req, &info);
	w->scan_req = NULL;
	mutex_unlock(&w->lock);
}
