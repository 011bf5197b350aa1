// SPDX-License-Identifier: GPL-2.0-only
/*
 * Connecting: cfg80211's connect() becomes the OID sequence an NDIS 5.1
 * supplicant sends (infrastructure mode, authentication mode, encryption
 * status, the WEP key if any, BSSID if given, then the SSID, which starts
 * the association). The miniport reports the association with a media
 * connect indication; the glue then reads the BSSID and the association's
 * elements (OID_802_11_ASSOCIATION_INFORMATION: wpa_supplicant takes our
 * RSN element from the request elements) and tells cfg80211. WPA/WPA2 keys
 * follow from the supplicant's 4-way handshake over the data path
 * (wifi_keys.c). A media disconnect while connected is a disconnection by
 * the AP (a wrong passphrase ends that way, during the handshake).
 */
#include <linux/etherdevice.h>
#include <linux/slab.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "ndis/ndis_status.h"
#include "wifi_priv.h"

static const u8 ndl_wifi_any_bssid[ETH_ALEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};

/* NDIS authentication mode for cfg80211's connect parameters. */
static int ndl_wifi_auth_mode(const struct cfg80211_connect_params *sme,
			      u32 *mode)
{
	const struct cfg80211_crypto_settings *c = &sme->crypto;
	bool psk = false, ieee8021x = false;
	int i;

	for (i = 0; i < c->n_akm_suites; i++) {
		psk |= c->akm_suites[i] == WLAN_AKM_SUITE_PSK;
		ieee8021x |= c->akm_suites[i] == WLAN_AKM_SUITE_8021X;
	}
	if (c->wpa_versions & NL80211_WPA_VERSION_2) {
		if (!psk && !ieee8021x)
			return -EOPNOTSUPP;	/* SAE, FT, ...: not NDIS 5.1 */
		*mode = psk ? NDL_AUTH_WPA2_PSK : NDL_AUTH_WPA2;
		return 0;
	}
	if (c->wpa_versions & NL80211_WPA_VERSION_1) {
		if (!psk && !ieee8021x)
			return -EOPNOTSUPP;
		*mode = psk ? NDL_AUTH_WPA_PSK : NDL_AUTH_WPA;
		return 0;
	}
	if (c->wpa_versions)
		return -EOPNOTSUPP;		/* WPA3 */
	switch (sme->auth_type) {
	case NL80211_AUTHTYPE_OPEN_SYSTEM:
		*mode = NDL_AUTH_OPEN;
		return 0;
	case NL80211_AUTHTYPE_SHARED_KEY:
		*mode = NDL_AUTH_SHARED;
		return 0;
	case NL80211_AUTHTYPE_AUTOMATIC:
		*mode = sme->key_len ? NDL_AUTH_AUTO_SWITCH : NDL_AUTH_OPEN;
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

static int ndl_wifi_encryption(const struct cfg80211_connect_params *sme,
			       u32 *status)
{
	const struct cfg80211_crypto_settings *c = &sme->crypto;
	u32 cipher = c->n_ciphers_pairwise ? c->ciphers_pairwise[0] :
					     c->cipher_group;

	switch (cipher) {
	case WLAN_CIPHER_SUITE_CCMP:
		*status = NDL_ENC3_ENABLED;
		return 0;
	case WLAN_CIPHER_SUITE_TKIP:
		*status = NDL_ENC2_ENABLED;
		return 0;
	case WLAN_CIPHER_SUITE_WEP40:
	case WLAN_CIPHER_SUITE_WEP104:
		*status = NDL_ENC1_ENABLED;
		return 0;
	case 0:
		*status = sme->key_len ? NDL_ENC1_ENABLED : NDL_ENC_DISABLED;
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* Called with w->lock held. */
static int ndl_wifi_start_association(struct ndl_wifi *w,
				      struct cfg80211_connect_params *sme)
{
	struct ndl_ndis_ssid ssid = { 0 };
	u32 auth, enc, st;
	int ret;

	ret = ndl_wifi_auth_mode(sme, &auth);
	if (!ret)
		ret = ndl_wifi_encryption(sme, &enc);
	if (ret)
		return ret;
	if (sme->ssid_len > IEEE80211_MAX_SSID_LEN)
		return -EINVAL;

	st = ndl_wifi_set_u32(w, OID_802_11_INFRASTRUCTURE_MODE, NDL_INFRA_BSS);
	if (!st)
		st = ndl_wifi_set_u32(w, OID_802_11_AUTHENTICATION_MODE, auth);
	if (!st)
		st = ndl_wifi_set_u32(w, OID_802_11_ENCRYPTION_STATUS, enc);
	if (st)
		goto fail;
	if (sme->key_len) {
		ret = ndl_wifi_add_wep(w, sme->key_idx, sme->key, sme->key_len,
				       true);
		if (ret)
			return ret;
	}
	/* A BSSID, or back to "any" if an earlier connect named one. */
	if (sme->bssid || w->bssid_locked) {
		u8 bssid[ETH_ALEN];

		memcpy(bssid, sme->bssid ? sme->bssid : ndl_wifi_any_bssid,
		       ETH_ALEN);
		st = ndl_wifi_oid(w, true, OID_802_11_BSSID, bssid, ETH_ALEN,
				  NULL, NULL);
		if (st)
			goto fail;
		w->bssid_locked = sme->bssid != NULL;
	}
	ssid.len = sme->ssid_len;
	memcpy(ssid.ssid, sme->ssid, sme->ssid_len);
	st = ndl_wifi_oid(w, true, OID_802_11_SSID, &ssid, sizeof(ssid), NULL,
			  NULL);
	if (st)
		goto fail;
	memcpy(w->ssid, sme->ssid, sme->ssid_len);
	w->ssid_len = sme->ssid_len;
	return 0;
fail:
	netdev_warn(w->b->netdev, "association setup failed: NDIS_STATUS 0x%08x\n",
		    st);
	return ndl_wifi_errno(st);
}

int ndl_wifi_connect(struct wiphy *wiphy, struct net_device *dev,
		     struct cfg80211_connect_params *sme)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	int ret;

	mutex_lock(&w->lock);
	ret = ndl_wifi_start_association(w, sme);
	if (!ret) {
		w->state = NDL_WIFI_CONNECTING;
		schedule_delayed_work(&w->connect_timeout,
				      msecs_to_jiffies(ndl_wifi_connect_ms));
	}
	mutex_unlock(&w->lock);
	return ret;
}

/* Tell the miniport to leave its BSS and stop trying (w->lock held). */
static void ndl_wifi_disassociate(struct ndl_wifi *w)
{
	u32 st = ndl_wifi_oid(w, true, OID_802_11_DISASSOCIATE, NULL, 0, NULL,
			      NULL);

	if (st && st != NDIS_STATUS_ADAPTER_NOT_READY)
		netdev_dbg(w->b->netdev, "DISASSOCIATE: NDIS_STATUS 0x%08x\n",
			   st);
	memset(w->wep, 0, sizeof(w->wep));
}

int ndl_wifi_disconnect(struct wiphy *wiphy, struct net_device *dev,
			u16 reason)
{
	struct ndl_wifi *w = ndl_wifi_of(wiphy);
	enum ndl_wifi_state was;

	mutex_lock(&w->lock);
	was = w->state;
	w->state = NDL_WIFI_IDLE;
	ndl_wifi_disassociate(w);
	mutex_unlock(&w->lock);
	cancel_delayed_work(&w->connect_timeout);
	/* An attempt still under way just ends; cfg80211 forgets it. */
	if (was == NDL_WIFI_CONNECTED)
		cfg80211_disconnected(dev, reason, NULL, 0, true, GFP_KERNEL);
	return 0;
}

void ndl_wifi_connect_timeout(struct work_struct *work)
{
	struct ndl_wifi *w = container_of(to_delayed_work(work),
					  struct ndl_wifi, connect_timeout);
	bool expired;

	mutex_lock(&w->lock);
	expired = w->state == NDL_WIFI_CONNECTING;
	if (expired) {
		w->state = NDL_WIFI_IDLE;
		ndl_wifi_disassociate(w);
	}
	mutex_unlock(&w->lock);
	if (expired) {
		netdev_info(w->b->netdev, "no association with \"%.*s\" within %u ms\n",
			    w->ssid_len, w->ssid, ndl_wifi_connect_ms);
		cfg80211_connect_timeout(w->b->netdev, NULL, NULL, 0,
					 GFP_KERNEL, NL80211_TIMEOUT_ASSOC);
	}
}

/* The association elements; req and resp point into the returned buffer. */
static void *ndl_wifi_assoc_ies(struct ndl_wifi *w, const u8 **req,
				size_t *req_len, const u8 **resp,
				size_t *resp_len)
{
	struct ndl_ndis_assoc_info *ai;
	u32 len = 0;

	*req = *resp = NULL;
	*req_len = *resp_len = 0;
	ai = ndl_wifi_query_alloc(w, OID_802_11_ASSOCIATION_INFORMATION, &len);
	if (!ai || len < sizeof(*ai))
		return ai;
	if (ai->req_ie_offset <= len && ai->req_ie_len <= len - ai->req_ie_offset) {
		*req = (u8 *)ai + ai->req_ie_offset;
		*req_len = ai->req_ie_len;
	}
	if (ai->resp_ie_offset <= len &&
	    ai->resp_ie_len <= len - ai->resp_ie_offset) {
		*resp = (u8 *)ai + ai->resp_ie_offset;
		*resp_len = ai->resp_ie_len;
	}
	return ai;
}

/* The miniport associated (w->lock held): tell cfg80211 with what. */
static void ndl_wifi_associated(struct ndl_wifi *w)
{
	struct net_device *dev = w->b->netdev;
	const u8 *req, *resp;
	size_t req_len, resp_len;
	struct cfg80211_bss *bss;
	u8 bssid[ETH_ALEN];
	u32 done = 0, st;
	void *ai;

	st = ndl_wifi_oid(w, false, OID_802_11_BSSID, bssid, ETH_ALEN, &done,
			  NULL);
	if (st || done != ETH_ALEN || !is_valid_ether_addr(bssid)) {
		netdev_warn(dev, "media connect, but no BSSID (NDIS_STATUS 0x%08x)\n",
			    st);
		return;
	}
	/* cfg80211 must know the BSS before the connect result names it. */
	bss = ndl_wifi_inform_bssid(w, bssid);
	if (!bss) {
		netdev_warn(dev, "associated with %pM, but its channel is unknown\n",
			    bssid);
		return;
	}
	ai = ndl_wifi_assoc_ies(w, &req, &req_len, &resp, &resp_len);
	if (w->state == NDL_WIFI_CONNECTING) {
		cancel_delayed_work(&w->connect_timeout);
		w->state = NDL_WIFI_CONNECTED;
		memcpy(w->bssid, bssid, ETH_ALEN);
		cfg80211_connect_bss(dev, bssid, bss, req, req_len, resp,
				     resp_len, WLAN_STATUS_SUCCESS, GFP_KERNEL,
				     NL80211_TIMEOUT_UNSPECIFIED);
	} else if (!ether_addr_equal(bssid, w->bssid)) {
		/* The miniport roamed on its own to another BSS. */
		struct cfg80211_roam_info roam = {
			.req_ie = req, .req_ie_len = req_len,
			.resp_ie = resp, .resp_ie_len = resp_len,
			.links[0].bss = bss,
		};

		memcpy(w->bssid, bssid, ETH_ALEN);
		cfg80211_roamed(dev, &roam, GFP_KERNEL);
	} else {
		cfg80211_put_bss(w->wiphy, bss);
	}
	kvfree(ai);
}

void ndl_wifi_media_event(struct ndl_wifi *w, bool connected)
{
	struct net_device *dev = w->b->netdev;
	bool lost = false;

	mutex_lock(&w->lock);
	/* Act only on what is still true (events queue up). */
	if (w->b->ad && ndl_adapter_media_connected(w->b->ad) != connected)
		goto out;
	if (connected && w->state != NDL_WIFI_IDLE) {
		ndl_wifi_associated(w);
	} else if (!connected && w->state == NDL_WIFI_CONNECTED) {
		/* The AP let us go (or a 4-way handshake failed). */
		w->state = NDL_WIFI_IDLE;
		lost = true;
	}
	/* A disconnect while connecting is the old BSS being left. */
out:
	mutex_unlock(&w->lock);
	if (lost) {
		netdev_info(dev, "disassociated from %pM by the miniport\n",
			    w->bssid);
		/* NDIS 5.1 gives no reason code. */
		cfg80211_disconnected(dev, WLAN_REASON_UNSPECIFIED, NULL, 0,
				      false, GFP_KERNEL);
	}
}

/* NDIS_STATUS_MEDIA_SPECIFIC_INDICATION: authentication events, PMKIDs. */
void ndl_wifi_specific_event(struct ndl_wifi *w, const u8 *buf, u32 len)
{
	struct net_device *dev = w->b->netdev;
	u32 type, off, n, i, flags;

	if (len < 4)
		return;
	type = get_unaligned_le32(buf);
	if (type == NDL_STATUS_TYPE_AUTHENTICATION) {
		/* NDIS_802_11_AUTHENTICATION_REQUEST: Length, Bssid, Flags */
		for (off = 4; off + 16 <= len; off += n) {
			n = get_unaligned_le32(buf + off);
			if (n < 16 || n > len - off)
				break;
			flags = get_unaligned_le32(buf + off + 12) &
				NDL_AUTH_REQ_FIELDS;
			if (flags == NDL_AUTH_REQ_PAIRWISE_ERROR ||
			    flags == NDL_AUTH_REQ_GROUP_ERROR)
				cfg80211_michael_mic_failure(dev, buf + off + 4,
					flags == NDL_AUTH_REQ_GROUP_ERROR ?
					NL80211_KEYTYPE_GROUP :
					NL80211_KEYTYPE_PAIRWISE,
					-1, NULL, GFP_KERNEL);
		}
	} else if (type == NDL_STATUS_TYPE_PMKID_CANDIDATES && len >= 12) {
		/* Version, NumCandidates, then { BSSID[6], Flags } */
		n = get_unaligned_le32(buf + 8);
		for (i = 0; i < n && 12 + (i + 1) * 12 <= len; i++) {
			const u8 *c = buf + 12 + i * 12;

			cfg80211_pmksa_candidate_notify(dev, i, c,
				get_unaligned_le32(c + 8) &
				NDL_PMKID_CANDIDATE_PREAUTH, GFP_KERNEL);
		}
	}
}

/* The interface went down: the association and the WEP keys go too. */
void ndl_wifi_forget(struct ndl_wifi *w)
{
	mutex_lock(&w->lock);
	if (w->state != NDL_WIFI_IDLE || w->bssid_locked)
		ndl_wifi_disassociate(w);
	w->state = NDL_WIFI_IDLE;
	w->bssid_locked = false;
	mutex_unlock(&w->lock);
}
