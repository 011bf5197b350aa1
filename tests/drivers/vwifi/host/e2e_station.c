// SPDX-License-Identifier: GPL-2.0-only
/* The station side of vwifi's end-to-end test (see e2e_station.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "e2e_station.h"
#include "test_util.h"

const u8 st_ip[4] = { 192, 168, 77, 2 };

static void st_receive(void *ctx, const struct ndl_rx_frame *f)
{
	struct station *s = ctx;
	u32 slot = s->nframes % ST_FRAMES;

	s->frame_len[slot] = ndl_rx_frame_copy(f, s->frames[slot],
					       sizeof(s->frames[slot]));
	s->nframes++;
}

static void st_receive_complete(void *ctx)
{
}

static void st_send_complete(void *ctx, void *cookie, u32 status)
{
	struct station *s = ctx;

	s->sends_done++;
	if (status)
		s->send_errors++;
	free(cookie);
}

static void st_send_ready(void *ctx)
{
}

static void st_status(void *ctx, const struct ndl_status_event *ev)
{
	struct station *s = ctx;
	struct st_event *e;

	if (s->nevents >= ST_EVENTS)
		return;
	e = &s->events[s->nevents++];
	e->kind = ev->kind;
	e->ndis_status = ev->ndis_status;
	e->len = ev->len < sizeof(e->buf) ? ev->len : sizeof(e->buf);
	if (ev->buf && e->len)
		memcpy(e->buf, ev->buf, e->len);
}

static const struct ndl_adapter_ops st_ops = {
	.receive = st_receive,
	.receive_complete = st_receive_complete,
	.send_complete = st_send_complete,
	.send_ready = st_send_ready,
	.status = st_status,
};

bool st_up(struct station *s)
{
	struct ndl_reg *reg;
	struct ndl_adapter_params p = {
		.ops = &st_ops, .ctx = s, .name = "wlan-test", .tx_slots = 32,
	};
	u32 st = 0;

	memset(s, 0, sizeof(*s));
	s->drv = load_test_driver("vwifi");
	if (!s->drv)
		return false;
	reg = ndl_reg_create();
	/* As the .inf writes them (strings), shorter than the defaults. */
	ndl_reg_set_sz(reg, "ScanTimeMs", "20");
	ndl_reg_set_sz(reg, "AssocTimeMs", "10");
	p.drv = s->drv;
	p.reg = reg;
	if (ndl_adapter_create(&p, &s->ad))
		return false;
	if (ndl_adapter_initialize(s->ad, &s->info, &st) || st)
		return false;
	return tap_open(s->ad, NDIS_PACKET_TYPE_DIRECTED |
			NDIS_PACKET_TYPE_BROADCAST) == 0;
}

void st_down(struct station *s)
{
	if (s->ad)
		ndl_adapter_destroy(s->ad);
	if (s->drv)
		ndl_driver_unload(s->drv);
	s->ad = NULL;
	s->drv = NULL;
}

u32 st_set(struct station *s, u32 oid, const void *buf, u32 len)
{
	u32 done, needed;

	return ndl_adapter_set(s->ad, oid, buf, len, &done, &needed);
}

u32 st_set_u32(struct station *s, u32 oid, u32 value)
{
	return st_set(s, oid, &value, sizeof(value));
}

u32 st_query(struct station *s, u32 oid, void *buf, u32 len, u32 *done,
	     u32 *needed)
{
	u32 d, n;

	return ndl_adapter_query(s->ad, oid, buf, len, done ? done : &d,
				 needed ? needed : &n);
}

u32 st_set_ssid(struct station *s, const char *ssid)
{
	struct { u32 len; u8 ssid[32]; } v = { 0 };

	v.len = (u32)strlen(ssid);
	memcpy(v.ssid, ssid, v.len);
	return st_set(s, 0x0d010102, &v, sizeof(v));	/* OID_802_11_SSID */
}

u32 st_add_key(struct station *s, u32 flags, u32 index, const u8 *bssid,
	       const u8 *key, u32 key_len, u64 rsc)
{
	u8 buf[64] = { 0 };
	u32 len = 32 + key_len, v;

	/* NDIS_802_11_KEY: Length, KeyIndex, KeyLength, BSSID[6], pad[2],
	 * KeyRSC (8, aligned), KeyMaterial. */
	memcpy(buf, &len, 4);
	v = flags | index;
	memcpy(buf + 4, &v, 4);
	memcpy(buf + 8, &key_len, 4);
	memcpy(buf + 12, bssid, 6);
	memcpy(buf + 24, &rsc, 8);
	memcpy(buf + 32, key, key_len);
	return st_set(s, 0x0d01011d, buf, len);	/* OID_802_11_ADD_KEY */
}

u32 st_add_wep(struct station *s, u32 index, bool tx, const u8 *key,
	       u32 key_len)
{
	u8 buf[48] = { 0 };
	u32 len = 12 + key_len, v = index | (tx ? 0x80000000u : 0);

	memcpy(buf, &len, 4);
	memcpy(buf + 4, &v, 4);
	memcpy(buf + 8, &key_len, 4);
	memcpy(buf + 12, key, key_len);
	return st_set(s, 0x0d010113, buf, len);	/* OID_802_11_ADD_WEP */
}

bool st_send(struct station *s, const u8 *frame, u32 len)
{
	struct ndl_frag frag;
	u8 *copy = malloc(len);
	u32 before = s->send_errors;

	if (!copy)
		return false;
	memcpy(copy, frame, len);
	frag.va = copy;
	frag.len = len;
	if (ndl_adapter_send(s->ad, &frag, 1, copy)) {
		free(copy);
		return false;
	}
	ndl_user_run_pending();
	return s->send_errors == before;
}

static u64 st_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000 + (u64)ts.tv_nsec / 1000000;
}

/* Let the host run a little; false once the deadline (ms) has passed. */
static bool st_pump(u64 end)
{
	if (st_now_ms() >= end)
		return false;
	if (!ndl_user_run_pending()) {
		struct timespec ts = { 0, 500000 };

		nanosleep(&ts, NULL);
	}
	return true;
}

void st_idle(u32 ms)
{
	u64 end = st_now_ms() + ms;

	while (st_pump(end))
		;
}

const u8 *st_take(struct station *s, u16 ethertype, u32 ms, u32 *len)
{
	u64 end = st_now_ms() + ms;

	for (;;) {
		while (s->taken < s->nframes) {
			u32 slot = s->taken++ % ST_FRAMES;
			const u8 *f = s->frames[slot];

			if (!ethertype || (u16)(f[12] << 8 | f[13]) == ethertype) {
				*len = s->frame_len[slot];
				return f;
			}
		}
		if (!st_pump(end))
			return NULL;
	}
}

u32 st_count_events(struct station *s, enum ndl_status_kind kind)
{
	u32 i, n = 0;

	for (i = 0; i < s->nevents; i++)
		n += s->events[i].kind == kind;
	return n;
}

bool st_wait_event(struct station *s, enum ndl_status_kind kind, u32 ms)
{
	u32 before = st_count_events(s, kind);
	u64 end = st_now_ms() + ms;

	while (st_count_events(s, kind) == before)
		if (!st_pump(end))
			return false;
	return true;
}

bool st_ping(struct station *s, const u8 *ip, u16 seq)
{
	static const u8 bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	u8 f[128], mac[6];
	const u8 *r;
	u32 len;

	test_arp_request(f, bcast, s->info.cur_addr, st_ip, ip);
	if (!st_send(s, f, 60))
		return false;
	r = st_take(s, 0x0806, 200, &len);
	if (!r || len < 42 || r[21] != 2 || memcmp(r + 28, ip, 4))
		return false;
	memcpy(mac, r + 22, 6);
	len = (u32)test_echo_request(f, mac, s->info.cur_addr, st_ip, ip, seq,
				     56);
	if (!st_send(s, f, len))
		return false;
	r = st_take(s, 0x0800, 200, &len);
	return r && len >= 98 && r[34] == 0 && r[40] == (u8)(seq >> 8) &&
	       r[41] == (u8)seq && !memcmp(r + 26, ip, 4);
}
