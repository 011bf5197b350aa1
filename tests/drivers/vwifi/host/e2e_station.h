/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The station side of vwifi's end-to-end test: a host for the adapter API
 * (module/runtime/ndis/ndis_adapter.h) that records what the miniport
 * indicates, and small helpers for the 802.11 OIDs and frames the test
 * exchanges with the simulated access points.
 */
#ifndef VWIFI_E2E_STATION_H
#define VWIFI_E2E_STATION_H

#include "ndis_testlib.h"
#include "supplicant.h"

#define ST_FRAMES	64
#define ST_EVENTS	32

struct st_event {
	enum ndl_status_kind kind;
	u32 ndis_status;
	u8 buf[128];
	u32 len;
};

struct station {
	struct ndl_driver *drv;
	struct ndl_adapter *ad;
	struct ndl_adapter_info info;
	u8 frames[ST_FRAMES][1600];
	u32 frame_len[ST_FRAMES];
	u32 nframes;			/* received so far (ring) */
	u32 taken;			/* consumed by st_take */
	struct st_event events[ST_EVENTS];
	u32 nevents;
	u32 sends_done, send_errors;
};

/* Load vwifi.sys, create and initialise an adapter (fast scan/join). */
bool st_up(struct station *s);
void st_down(struct station *s);

u32 st_set(struct station *s, u32 oid, const void *buf, u32 len);
u32 st_set_u32(struct station *s, u32 oid, u32 value);
u32 st_query(struct station *s, u32 oid, void *buf, u32 len, u32 *done,
	     u32 *needed);
u32 st_set_ssid(struct station *s, const char *ssid);
/* ADD_KEY / ADD_WEP with the given flags (bits 31, 30, 29), index, BSSID. */
u32 st_add_key(struct station *s, u32 flags, u32 index, const u8 *bssid,
	       const u8 *key, u32 key_len, u64 rsc);
u32 st_add_wep(struct station *s, u32 index, bool tx, const u8 *key,
	       u32 key_len);

/* Send a frame (copied); true when the miniport completed it with 0. */
bool st_send(struct station *s, const u8 *frame, u32 len);
/* Wait up to ms for the next received frame of ethertype (0: any). */
const u8 *st_take(struct station *s, u16 ethertype, u32 ms, u32 *len);
/* Wait up to ms for a status event of kind; true if one came. */
bool st_wait_event(struct station *s, enum ndl_status_kind kind, u32 ms);
u32 st_count_events(struct station *s, enum ndl_status_kind kind);
/* Let the host run for ms. */
void st_idle(u32 ms);

/* Our address on the access point's LAN. */
extern const u8 st_ip[4];
/* Ping the AP's LAN host: ARP, then echo; true when the reply came. */
bool st_ping(struct station *s, const u8 *ip, u16 seq);

#endif
