/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the cfg80211 glue (wifi_*.c): one struct ndl_wifi per wireless
 * adapter, in its wiphy's private area, and the calls between its files.
 *
 * Locking: cfg80211 calls the ops in process context with the wiphy lock
 * held; our own work items take w->lock (a mutex) for the connection state
 * and for OID sequences, and never take the wiphy lock; status indications
 * arrive in driver context and only queue an event (w->ev_lock) for the
 * event work.
 */
#ifndef NDL_LINUX_WIFI_PRIV_H
#define NDL_LINUX_WIFI_PRIV_H

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/cfg80211.h>

#include "wifi.h"
#include "wifi_ndis.h"

#define NDL_WIFI_CH_2G		14
#define NDL_WIFI_CH_5G		25
#define NDL_WIFI_EVENTS		16
#define NDL_WIFI_EVENT_BUF	256
#define NDL_WIFI_MAX_PMKIDS	16

enum ndl_wifi_state {
	NDL_WIFI_IDLE,
	NDL_WIFI_CONNECTING,	/* OIDs set, waiting for media connect */
	NDL_WIFI_CONNECTED,	/* cfg80211 told */
};

struct ndl_wifi_event {
	u32 kind;		/* enum ndl_status_kind */
	u32 ndis_status;
	u32 len;
	u8 buf[NDL_WIFI_EVENT_BUF];
};

struct ndl_wifi {
	struct wireless_dev wdev;
	struct wiphy *wiphy;
	struct ndl_bound *b;
	struct mutex lock;	/* state, keys, OID sequences */

	/* what the miniport can do (wifi_caps.c) */
	struct ieee80211_supported_band band_2g, band_5g;
	struct ieee80211_channel ch_2g[NDL_WIFI_CH_2G];
	struct ieee80211_channel ch_5g[NDL_WIFI_CH_5G];
	struct ieee80211_rate rates_2g[12], rates_5g[8];
	u32 ciphers[4];
	u32 default_tx_mw;	/* transmit power at attach */

	/* scan (wifi_scan.c) */
	struct cfg80211_scan_request *scan_req;
	struct delayed_work scan_work;

	/* connection (wifi_connect.c) */
	enum ndl_wifi_state state;
	u8 bssid[ETH_ALEN];	/* the BSS we are connected to */
	u8 ssid[IEEE80211_MAX_SSID_LEN];
	u8 ssid_len;
	bool bssid_locked;	/* a BSSID was set on the miniport */
	struct delayed_work connect_timeout;

	/* keys (wifi_keys.c): WEP keys kept to re-add as transmit key */
	struct {
		u8 len;
		u8 key[WLAN_KEY_LEN_WEP104];
	} wep[4];
	struct ndl_ndis_bssid_info pmkids[NDL_WIFI_MAX_PMKIDS];
	u32 npmkids, max_pmkids;

	/* status indications waiting for the event work (wifi_main.c) */
	spinlock_t ev_lock;
	struct ndl_wifi_event ev[NDL_WIFI_EVENTS];
	unsigned int ev_head, ev_count;
	bool ev_lost;
	struct work_struct ev_work;
};

/* wifi_main.c: OID requests on a driver stack; status codes as errnos. */
u32 ndl_wifi_oid(struct ndl_wifi *w, bool set, u32 oid, void *buf, u32 len,
		 u32 *done, u32 *needed);
u32 ndl_wifi_set_u32(struct ndl_wifi *w, u32 oid, u32 value);
u32 ndl_wifi_query_u32(struct ndl_wifi *w, u32 oid, u32 *value);
int ndl_wifi_errno(u32 ndis_status);
/* Query an OID whose size is not known: kvfree the result. */
void *ndl_wifi_query_alloc(struct ndl_wifi *w, u32 oid, u32 *len);
extern unsigned int ndl_wifi_scan_ms, ndl_wifi_connect_ms;

/* wifi_caps.c: fill the wiphy from what the miniport says it supports. */
int ndl_wifi_caps(struct ndl_wifi *w);
struct ieee80211_channel *ndl_wifi_channel_khz(struct ndl_wifi *w, u32 khz);

/* wifi_scan.c */
int ndl_wifi_scan(struct wiphy *wiphy, struct cfg80211_scan_request *req);
void ndl_wifi_scan_work(struct work_struct *work);
void ndl_wifi_scan_abort(struct ndl_wifi *w);
/* Tell cfg80211 about the BSS with this BSSID; a reference, or NULL. */
struct cfg80211_bss *ndl_wifi_inform_bssid(struct ndl_wifi *w, const u8 *bssid);

/* wifi_connect.c */
int ndl_wifi_connect(struct wiphy *wiphy, struct net_device *dev,
		     struct cfg80211_connect_params *sme);
int ndl_wifi_disconnect(struct wiphy *wiphy, struct net_device *dev,
			u16 reason);
void ndl_wifi_connect_timeout(struct work_struct *work);
void ndl_wifi_media_event(struct ndl_wifi *w, bool connected);
void ndl_wifi_specific_event(struct ndl_wifi *w, const u8 *buf, u32 len);
void ndl_wifi_forget(struct ndl_wifi *w);

/* wifi_keys.c */
int ndl_wifi_add_key(struct wiphy *wiphy, struct net_device *dev,
		     int link_id, u8 idx, bool pairwise, const u8 *mac,
		     struct key_params *params);
int ndl_wifi_del_key(struct wiphy *wiphy, struct net_device *dev,
		     int link_id, u8 idx, bool pairwise, const u8 *mac);
int ndl_wifi_set_default_key(struct wiphy *wiphy, struct net_device *dev,
			     int link_id, u8 idx, bool unicast, bool multicast);
int ndl_wifi_add_wep(struct ndl_wifi *w, u8 idx, const u8 *key, u8 len,
		     bool tx);
int ndl_wifi_set_pmksa(struct wiphy *wiphy, struct net_device *dev,
		       struct cfg80211_pmksa *pmksa);
int ndl_wifi_del_pmksa(struct wiphy *wiphy, struct net_device *dev,
		       struct cfg80211_pmksa *pmksa);
int ndl_wifi_flush_pmksa(struct wiphy *wiphy, struct net_device *dev);

/* wifi_cfg.c */
int ndl_wifi_get_station(struct wiphy *wiphy, struct net_device *dev,
			 const u8 *mac, struct station_info *sinfo);
int ndl_wifi_dump_station(struct wiphy *wiphy, struct net_device *dev,
			  int idx, u8 *mac, struct station_info *sinfo);
int ndl_wifi_set_wiphy_params(struct wiphy *wiphy, u32 changed);
int ndl_wifi_set_tx_power(struct wiphy *wiphy, struct wireless_dev *wdev,
			  enum nl80211_tx_power_setting type, int mbm);
int ndl_wifi_get_tx_power(struct wiphy *wiphy, struct wireless_dev *wdev,
			  int *dbm);
int ndl_wifi_set_power_mgmt(struct wiphy *wiphy, struct net_device *dev,
			    bool enabled, int timeout);
int ndl_wifi_get_channel(struct wiphy *wiphy, struct wireless_dev *wdev,
			 unsigned int link_id,
			 struct cfg80211_chan_def *chandef);

static inline struct ndl_wifi *ndl_wifi_of(struct wiphy *wiphy)
{
	return wiphy_priv(wiphy);
}

#endif
