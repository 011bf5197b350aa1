// SPDX-License-Identifier: GPL-2.0-only
/*
 * Keys: WEP keys through OID_802_11_ADD_WEP / REMOVE_WEP (kept here too,
 * because NDIS 5.1 makes a WEP key the transmit key only by adding it again
 * with bit 31 set); WPA/WPA2 keys through OID_802_11_ADD_KEY / REMOVE_KEY
 * with the NDIS flags (bit 31 transmit and bit 30 pairwise for the
 * pairwise key, which names the AP; group keys name no BSSID), the key
 * index and the receive sequence counter (bit 29). And the PMKSA cache,
 * which NDIS takes whole with OID_802_11_PMKID.
 */
#include <linux/etherdevice.h>
#include <linux/slab.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "ndis/ndis_status.h"
#include "wifi_priv.h"

static bool ndl_wifi_is_wep(u32 cipher)
{
	return cipher == WLAN_CIPHER_SUITE_WEP40 ||
	       cipher == WLAN_CIPHER_SUITE_WEP104;
}

/* Called with w->lock held (or before anyone else can call). */
int ndl_wifi_add_wep(struct ndl_wifi *w, u8 idx, const u8 *key, u8 len,
		     bool tx)
{
	struct {
		struct ndl_ndis_wep wep;
		u8 key[WLAN_KEY_LEN_WEP104];
	} k = { 0 };
	u32 st;

	if (idx > 3 || (len != WLAN_KEY_LEN_WEP40 &&
			len != WLAN_KEY_LEN_WEP104))
		return -EINVAL;
	k.wep.length = offsetof(struct ndl_ndis_wep, key) + len;
	k.wep.index = idx | (tx ? NDL_KEY_TRANSMIT : 0);
	k.wep.key_len = len;
	memcpy(k.key, key, len);
	st = ndl_wifi_oid(w, true, OID_802_11_ADD_WEP, &k, k.wep.length, NULL,
			  NULL);
	memzero_explicit(&k, sizeof(k));
	if (st)
		return ndl_wifi_errno(st);
	w->wep[idx].len = len;
	memcpy(w->wep[idx].key, key, len);
	return 0;
}

/*
 * TKIP material: NDIS miniports take the two Michael keys swapped against
 * nl80211's order (wpa_supplicant's NDIS driver interface swapped them
 * too). No test miniport does TKIP: this follows that code, untested.
 */
static void ndl_wifi_tkip_order(u8 *ndis, const u8 *key)
{
	memcpy(ndis, key, 16);
	memcpy(ndis + 16, key + 24, 8);
	memcpy(ndis + 24, key + 16, 8);
}

static int ndl_wifi_add_wpa_key(struct ndl_wifi *w, u8 idx, bool pairwise,
				const u8 *mac, struct key_params *p)
{
	struct {
		struct ndl_ndis_key key;
		u8 material[WLAN_KEY_LEN_TKIP];
	} k = { 0 };
	u32 st;
	int i;

	if (p->cipher == WLAN_CIPHER_SUITE_CCMP) {
		if (p->key_len != WLAN_KEY_LEN_CCMP)
			return -EINVAL;
		memcpy(k.material, p->key, p->key_len);
	} else if (p->cipher == WLAN_CIPHER_SUITE_TKIP) {
		if (p->key_len != WLAN_KEY_LEN_TKIP)
			return -EINVAL;
		ndl_wifi_tkip_order(k.material, p->key);
	} else {
		return -EOPNOTSUPP;
	}
	if (idx > 3 || (pairwise && (!mac || is_broadcast_ether_addr(mac))))
		return -EINVAL;
	k.key.length = offsetof(struct ndl_ndis_key, key) + p->key_len;
	k.key.key_len = p->key_len;
	k.key.index = idx;
	if (pairwise) {
		k.key.index |= NDL_KEY_TRANSMIT | NDL_KEY_PAIRWISE;
		memcpy(k.key.bssid, mac, ETH_ALEN);
	} else {
		eth_broadcast_addr(k.key.bssid);
	}
	/* The receive sequence counter, little-endian as cfg80211 gives it. */
	if (p->seq && p->seq_len) {
		k.key.index |= NDL_KEY_RSC_VALID;
		for (i = min_t(int, p->seq_len, 8) - 1; i >= 0; i--)
			k.key.rsc = k.key.rsc << 8 | p->seq[i];
	}
	st = ndl_wifi_oid(w, true, OID_802_11_ADD_KEY, &k, k.key.length, NULL,
			  NULL);
	memzero_explicit(&k, sizeof(k));
	if (st)
		netdev_warn(w->b->netdev, "%s key %u refused: NDIS_STATUS 0x%08x\n",
			    pairwise ? "pairwise" : "group", idx, st);
	return ndl_wifi_errno(st);
}

int ndl_wifi_add_key(struct wiphy *wiphy, struct net_device *dev,
		     int link_id, u8 idx, bool pairwise, const u8 *mac,
		     struct key_params *params)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	int ret;

	mutex_lock(&w->lock);
	if (ndl_wifi_is_wep(params->cipher))
		ret = ndl_wifi_add_wep(w, idx, params->key, params->key_len,
				       false);
	else
		ret = ndl_wifi_add_wpa_key(w, idx, pairwise, mac, params);
	mutex_unlock(&w->lock);
	return ret;
}

int ndl_wifi_del_key(struct wiphy *wiphy, struct net_device *dev,
		     int link_id, u8 idx, bool pairwise, const u8 *mac)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	struct ndl_ndis_remove_key rk = { .length = sizeof(rk) };
	u32 st, windex = idx;

	if (idx > 3)
		return -EINVAL;
	mutex_lock(&w->lock);
	if (!pairwise && w->wep[idx].len) {
		st = ndl_wifi_oid(w, true, OID_802_11_REMOVE_WEP, &windex,
				  sizeof(windex), NULL, NULL);
		memzero_explicit(&w->wep[idx], sizeof(w->wep[idx]));
	} else {
		rk.index = idx | (pairwise ? NDL_KEY_PAIRWISE : 0);
		if (pairwise && mac)
			memcpy(rk.bssid, mac, ETH_ALEN);
		else
			eth_broadcast_addr(rk.bssid);
		st = ndl_wifi_oid(w, true, OID_802_11_REMOVE_KEY, &rk,
				  sizeof(rk), NULL, NULL);
	}
	mutex_unlock(&w->lock);
	/* A key that was never there is gone all the same. */
	return st == NDIS_STATUS_INVALID_DATA ? 0 : ndl_wifi_errno(st);
}

int ndl_wifi_set_default_key(struct wiphy *wiphy, struct net_device *dev,
			     int link_id, u8 idx, bool unicast, bool multicast)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	int ret = 0;

	if (idx > 3)
		return -EINVAL;
	/* Only WEP has a default key; WPA's pairwise key is the one used. */
	mutex_lock(&w->lock);
	if (w->wep[idx].len)
		ret = ndl_wifi_add_wep(w, idx, w->wep[idx].key, w->wep[idx].len,
				       true);
	mutex_unlock(&w->lock);
	return ret;
}

/* Hand the whole PMKSA cache to the miniport (w->lock held). */
static int ndl_wifi_push_pmkids(struct ndl_wifi *w)
{
	size_t len = offsetof(struct ndl_ndis_pmkid, info) +
		     w->npmkids * sizeof(struct ndl_ndis_bssid_info);
	struct ndl_ndis_pmkid *p = kzalloc(len, GFP_KERNEL);
	u32 st;

	if (!p)
		return -ENOMEM;
	p->length = len;
	p->count = w->npmkids;
	memcpy(p->info, w->pmkids, w->npmkids * sizeof(p->info[0]));
	st = ndl_wifi_oid(w, true, OID_802_11_PMKID, p, len, NULL, NULL);
	kfree_sensitive(p);
	return ndl_wifi_errno(st);
}

static int ndl_wifi_find_pmkid(struct ndl_wifi *w, const u8 *bssid)
{
	u32 i;

	for (i = 0; i < w->npmkids; i++)
		if (ether_addr_equal(w->pmkids[i].bssid, bssid))
			return i;
	return -1;
}

int ndl_wifi_set_pmksa(struct wiphy *wiphy, struct net_device *dev,
		       struct cfg80211_pmksa *pmksa)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	int i, ret;

	if (!w->max_pmkids)
		return -EOPNOTSUPP;
	if (!pmksa->bssid || !pmksa->pmkid)
		return -EINVAL;
	mutex_lock(&w->lock);
	i = ndl_wifi_find_pmkid(w, pmksa->bssid);
	if (i < 0) {
		if (w->npmkids >= w->max_pmkids) {
			/* Full: the oldest goes. */
			memmove(w->pmkids, w->pmkids + 1,
				(w->npmkids - 1) * sizeof(w->pmkids[0]));
			w->npmkids--;
		}
		i = w->npmkids++;
	}
	memcpy(w->pmkids[i].bssid, pmksa->bssid, ETH_ALEN);
	memcpy(w->pmkids[i].pmkid, pmksa->pmkid, WLAN_PMKID_LEN);
	ret = ndl_wifi_push_pmkids(w);
	mutex_unlock(&w->lock);
	return ret;
}

int ndl_wifi_del_pmksa(struct wiphy *wiphy, struct net_device *dev,
		       struct cfg80211_pmksa *pmksa)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	int i, ret = -ENOENT;

	if (!pmksa->bssid)
		return -EINVAL;
	mutex_lock(&w->lock);
	i = ndl_wifi_find_pmkid(w, pmksa->bssid);
	if (i >= 0) {
		memmove(w->pmkids + i, w->pmkids + i + 1,
			(w->npmkids - i - 1) * sizeof(w->pmkids[0]));
		w->npmkids--;
		ret = ndl_wifi_push_pmkids(w);
	}
	mutex_unlock(&w->lock);
	return ret;
}

int ndl_wifi_flush_pmksa(struct wiphy *wiphy, struct net_device *dev)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	int ret;

	mutex_lock(&w->lock);
	w->npmkids = 0;
	ret = ndl_wifi_push_pmkids(w);
	mutex_unlock(&w->lock);
	return ret;
}
