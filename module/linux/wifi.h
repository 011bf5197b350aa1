/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Wireless miniports (NDIS 5.1 OID_802_11_*) as cfg80211 devices: what the
 * rest of the Linux glue calls. bound.c attaches after MiniportInitialize
 * and before register_netdev (a wiphy and a station wdev for 802.11
 * miniports, nothing for others) and detaches after unregister_netdev;
 * netdev.c passes status indications and the interface going down.
 */
#ifndef NDL_LINUX_WIFI_H
#define NDL_LINUX_WIFI_H

#include <linux/types.h>

struct ndl_bound;
struct ndl_status_event;

/*
 * If the miniport is an 802.11 one, register a wiphy for it and make
 * b->netdev its station interface ("wlan%d"), setting b->wifi. 0 also for
 * non-wireless miniports (b->wifi stays NULL). PASSIVE, after
 * MiniportInitialize and before register_netdev.
 */
int ndl_wifi_attach(struct ndl_bound *b);
/*
 * Undo attach: after unregister_netdev (or a failed register_netdev) and
 * before the adapter is halted. Nothing of the glue runs afterwards.
 */
void ndl_wifi_detach(struct ndl_bound *b);
/* A status indication (driver context: atomic); nothing if not wireless. */
void ndl_wifi_status(struct ndl_bound *b, const struct ndl_status_event *ev);
/* The interface goes down (ndo_stop): end a scan, drop the association. */
void ndl_wifi_down(struct ndl_bound *b);

#endif
