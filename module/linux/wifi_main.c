// SPDX-License-Identifier: GPL-2.0-only
/*
 * The cfg80211 glue's frame: detect an 802.11 miniport, register its wiphy
 * and station wdev (the bound net_device becomes "wlan%d"), tear them down,
 * carry status indications from driver context to a work item, and make
 * OID requests on a driver stack. No Wireless Extensions: user space talks
 * nl80211 (iw, wpa_supplicant -Dnl80211, NetworkManager).
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "stack.h"
#include "ndis/ndis_status.h"
#include "wifi_priv.h"

unsigned int ndl_wifi_scan_ms = 1000;
module_param_named(wifi_scan_ms, ndl_wifi_scan_ms, uint, 0644);
MODULE_PARM_DESC(wifi_scan_ms,
		 "Wait after OID_802_11_BSSID_LIST_SCAN before reading the results (ms)");
unsigned int ndl_wifi_connect_ms = 10000;
module_param_named(wifi_connect_ms, ndl_wifi_connect_ms, uint, 0644);
MODULE_PARM_DESC(wifi_connect_ms,
		 "Give up on an association the miniport has not reported after this (ms)");

struct ndl_wifi_req {
	struct ndl_bound *b;
	bool set;
	u32 oid, len, done, needed, status;
	void *buf;
};

static long ndl_wifi_req_on_stack(void *arg)
{
	struct ndl_wifi_req *r = arg;

	if (!r->b->ad)
		r->status = NDIS_STATUS_ADAPTER_NOT_READY;
	else if (r->set)
		r->status = ndl_adapter_set(r->b->ad, r->oid, r->buf, r->len,
					    &r->done, &r->needed);
	else
		r->status = ndl_adapter_query(r->b->ad, r->oid, r->buf, r->len,
					      &r->done, &r->needed);
	return 0;
}

u32 ndl_wifi_oid(struct ndl_wifi *w, bool set, u32 oid, void *buf, u32 len,
		 u32 *done, u32 *needed)
{
	struct ndl_wifi_req r = {
		.b = w->b, .set = set, .oid = oid, .buf = buf, .len = len,
	};

	might_sleep();
	ndl_stack_run(ndl_wifi_req_on_stack, &r, -1);
	if (done)
		*done = r.done;
	if (needed)
		*needed = r.needed;
	return r.status;
}

u32 ndl_wifi_set_u32(struct ndl_wifi *w, u32 oid, u32 value)
{
	return ndl_wifi_oid(w, true, oid, &value, sizeof(value), NULL, NULL);
}

u32 ndl_wifi_query_u32(struct ndl_wifi *w, u32 oid, u32 *value)
{
	u32 done = 0, st;

	st = ndl_wifi_oid(w, false, oid, value, sizeof(*value), &done, NULL);
	if (st == NDIS_STATUS_SUCCESS && done != sizeof(*value))
		st = NDIS_STATUS_INVALID_LENGTH;
	return st;
}

int ndl_wifi_errno(u32 ndis_status)
{
	int err = ndl_ndis_status_to_errno(ndis_status);

	/* nl80211 says "not supported" with EOPNOTSUPP. */
	return err == -NDL_ENOSYS ? -EOPNOTSUPP : err;
}

void *ndl_wifi_query_alloc(struct ndl_wifi *w, u32 oid, u32 *len)
{
	u32 size = 4096, done, needed, st;
	int tries;

	for (tries = 0; tries < 4; tries++) {
		void *buf = kvzalloc(size, GFP_KERNEL);

		if (!buf)
			return NULL;
		done = needed = 0;
		st = ndl_wifi_oid(w, false, oid, buf, size, &done, &needed);
		if (st == NDIS_STATUS_SUCCESS && done <= size) {
			*len = done;
			return buf;
		}
		kvfree(buf);
		if (st != NDIS_STATUS_INVALID_LENGTH &&
		    st != NDIS_STATUS_BUFFER_TOO_SHORT)
			return NULL;
		/* Some drivers report no size: grow anyway, within reason. */
		size = needed > size ? needed : size * 4;
		if (size > 256 * 1024)
			return NULL;
	}
	return NULL;
}

/* ---- status indications ---------------------------------------------------- */

static void ndl_wifi_queue_event(struct ndl_wifi *w,
				 const struct ndl_status_event *ev)
{
	struct ndl_wifi_event *e;
	unsigned long flags;

	spin_lock_irqsave(&w->ev_lock, flags);
	if (w->ev_count == NDL_WIFI_EVENTS) {
		/* The work will resynchronise from the media state. */
		w->ev_lost = true;
	} else {
		e = &w->ev[(w->ev_head + w->ev_count++) % NDL_WIFI_EVENTS];
		e->kind = ev->kind;
		e->ndis_status = ev->ndis_status;
		e->len = min_t(u32, ev->len, sizeof(e->buf));
		if (ev->buf && e->len)
			memcpy(e->buf, ev->buf, e->len);
	}
	spin_unlock_irqrestore(&w->ev_lock, flags);
	schedule_work(&w->ev_work);
}

void ndl_wifi_status(struct ndl_bound *b, const struct ndl_status_event *ev)
{
	struct ndl_wifi *w;

	if (ev->kind != NDL_STATUS_MEDIA_CONNECT &&
	    ev->kind != NDL_STATUS_MEDIA_DISCONNECT &&
	    ev->ndis_status != NDIS_STATUS_MEDIA_SPECIFIC_INDICATION)
		return;
	/* detach clears b->wifi and waits for readers before freeing it. */
	rcu_read_lock();
	w = rcu_dereference(b->wifi);
	if (w)
		ndl_wifi_queue_event(w, ev);
	rcu_read_unlock();
}

static void ndl_wifi_ev_work(struct work_struct *work)
{
	struct ndl_wifi *w = container_of(work, struct ndl_wifi, ev_work);
	struct ndl_wifi_event *e;
	unsigned long flags;
	bool lost;

	e = kmalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return;
	for (;;) {
		spin_lock_irqsave(&w->ev_lock, flags);
		if (!w->ev_count) {
			lost = w->ev_lost;
			w->ev_lost = false;
			spin_unlock_irqrestore(&w->ev_lock, flags);
			break;
		}
		*e = w->ev[w->ev_head];
		w->ev_head = (w->ev_head + 1) % NDL_WIFI_EVENTS;
		w->ev_count--;
		spin_unlock_irqrestore(&w->ev_lock, flags);

		if (e->kind == NDL_STATUS_MEDIA_CONNECT)
			ndl_wifi_media_event(w, true);
		else if (e->kind == NDL_STATUS_MEDIA_DISCONNECT)
			ndl_wifi_media_event(w, false);
		else
			ndl_wifi_specific_event(w, e->buf, e->len);
	}
	if (lost && w->b->ad)
		ndl_wifi_media_event(w, ndl_adapter_media_connected(w->b->ad));
	kfree(e);
}

/* ---- wiphy and wdev ---------------------------------------------------------- */

static const struct cfg80211_ops ndl_wifi_ops = {
	.scan = ndl_wifi_scan,
	.connect = ndl_wifi_connect,
	.disconnect = ndl_wifi_disconnect,
	.add_key = ndl_wifi_add_key,
	.del_key = ndl_wifi_del_key,
	.set_default_key = ndl_wifi_set_default_key,
	.get_station = ndl_wifi_get_station,
	.dump_station = ndl_wifi_dump_station,
	.set_wiphy_params = ndl_wifi_set_wiphy_params,
	.set_tx_power = ndl_wifi_set_tx_power,
	.get_tx_power = ndl_wifi_get_tx_power,
	.set_power_mgmt = ndl_wifi_set_power_mgmt,
	.get_channel = ndl_wifi_get_channel,
	.set_pmksa = ndl_wifi_set_pmksa,
	.del_pmksa = ndl_wifi_del_pmksa,
	.flush_pmksa = ndl_wifi_flush_pmksa,
};

/* An 802.11 miniport says so and answers the 802.11 OIDs. */
static bool ndl_wifi_detect(struct ndl_wifi *w)
{
	u32 medium = 0, mode = 0;

	if (ndl_wifi_query_u32(w, OID_GEN_PHYSICAL_MEDIUM, &medium) ||
	    medium != NDL_PHYSICAL_MEDIUM_WIRELESS_LAN)
		return false;
	return !ndl_wifi_query_u32(w, OID_802_11_INFRASTRUCTURE_MODE, &mode);
}

int ndl_wifi_attach(struct ndl_bound *b)
{
	struct net_device *dev = b->netdev;
	struct wiphy *wiphy;
	struct ndl_wifi *w;
	int ret;

	wiphy = wiphy_new(&ndl_wifi_ops, sizeof(*w));
	if (!wiphy)
		return -ENOMEM;
	w = wiphy_priv(wiphy);
	w->wiphy = wiphy;
	w->b = b;
	mutex_init(&w->lock);
	spin_lock_init(&w->ev_lock);
	INIT_WORK(&w->ev_work, ndl_wifi_ev_work);
	INIT_DELAYED_WORK(&w->scan_work, ndl_wifi_scan_work);
	INIT_DELAYED_WORK(&w->connect_timeout, ndl_wifi_connect_timeout);

	if (!ndl_wifi_detect(w)) {
		wiphy_free(wiphy);
		return 0;
	}
	ret = ndl_wifi_caps(w);
	if (ret)
		goto err_free;
	set_wiphy_dev(wiphy, b->parent);
	memcpy(wiphy->perm_addr, b->info.perm_addr, ETH_ALEN);
	ret = wiphy_register(wiphy);
	if (ret) {
		netdev_err(dev, "%s: cannot register the wiphy (%d)\n",
			   b->drv->name, ret);
		goto err_free;
	}
	w->wdev.wiphy = wiphy;
	w->wdev.iftype = NL80211_IFTYPE_STATION;
	w->wdev.netdev = dev;
	dev->ieee80211_ptr = &w->wdev;
	/* Wireless interfaces are wlanN, as users and tools expect. */
	strscpy(dev->name, "wlan%d", sizeof(dev->name));
	rcu_assign_pointer(b->wifi, w);
	dev_info(b->parent, "%s: 802.11 miniport, %s registered\n",
		 b->drv->name, wiphy_name(wiphy));
	return 0;

err_free:
	wiphy_free(wiphy);
	return ret;
}

/* Stop everything that could still call the adapter or cfg80211. */
static void ndl_wifi_quiesce(struct ndl_wifi *w)
{
	cancel_delayed_work_sync(&w->connect_timeout);
	cancel_delayed_work_sync(&w->scan_work);
	ndl_wifi_scan_abort(w);
}

/* ndo_stop and detach are serialised by the RTNL; status readers by RCU. */
void ndl_wifi_down(struct ndl_bound *b)
{
	struct ndl_wifi *w = rcu_dereference_rtnl(b->wifi);

	if (!w)
		return;
	ndl_wifi_quiesce(w);
	ndl_wifi_forget(w);
}

void ndl_wifi_detach(struct ndl_bound *b)
{
	struct ndl_wifi *w = rcu_dereference_protected(b->wifi, true);

	if (!w)
		return;
	RCU_INIT_POINTER(b->wifi, NULL);
	synchronize_rcu();		/* no status callback still sees it */
	cancel_work_sync(&w->ev_work);
	ndl_wifi_quiesce(w);
	b->netdev->ieee80211_ptr = NULL;
	wiphy_unregister(w->wiphy);
	mutex_destroy(&w->lock);
	wiphy_free(w->wiphy);
}
