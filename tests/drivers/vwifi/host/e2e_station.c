// SPDX-License-Identifier: GPL-2.0-only
/* The station side of vwifi's end-to-end test (see e2e_station.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "e2e_station.h"

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

void st_idle(u32 ms)
{
	u64 end = st_now_ms() + ms;

	while (st_now_ms() < end) {
		if (!ndl_user_run_pending()) {
			struct timespec ts = { 0, 500000 };

			nanosleep(&ts, NULL);
		}
	}
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
		if (st_now_ms() >= end)
			return NULL;
		if (!ndl_user_run_pending()) {
			struct timespec ts = { 0, 500000 };

			nanosleep(&ts, NULL);
		}
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

	while (st_count_events(s, kind) == before) {
		if (st_now_ms() >= end)
			return false;
		if (!ndl_user_run_pending()) {
			struct timespec ts = { 0, 500000 };

			nanosleep(&ts, NULL);
		}
	}
	return true;
}

u32 st_arp_request(struct station *s, u8 *f, const u8 *target_ip)
{
	memset(f, 0, 60);
	memset(f, 0xff, 6);
	memcpy(f + 6, s->info.cur_addr, 6);
	f[12] = 0x08;
	f[13] = 0x06;
	f[15] = 1;
	f[16] = 0x08;
	f[18] = 6;
	f[19] = 4;
	f[21] = 1;
	memcpy(f + 22, s->info.cur_addr, 6);
	memcpy(f + 28, st_ip, 4);
	memcpy(f + 38, target_ip, 4);
	return 60;
}

static u16 st_csum(const u8 *p, u32 len)
{
	u32 sum = 0, i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (u32)(p[i] << 8 | p[i + 1]);
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

u32 st_echo_request(struct station *s, u8 *f, const u8 *dst_mac,
		    const u8 *dst_ip, u16 seq)
{
	u8 *ip = f + 14, *icmp = ip + 20;
	u16 c;
	u32 i;

	memset(f, 0, 98);
	memcpy(f, dst_mac, 6);
	memcpy(f + 6, s->info.cur_addr, 6);
	f[12] = 0x08;
	ip[0] = 0x45;
	ip[3] = 84;
	ip[8] = 64;
	ip[9] = 1;
	memcpy(ip + 12, st_ip, 4);
	memcpy(ip + 16, dst_ip, 4);
	c = st_csum(ip, 20);
	ip[10] = (u8)(c >> 8);
	ip[11] = (u8)c;
	icmp[0] = 8;
	icmp[6] = (u8)(seq >> 8);
	icmp[7] = (u8)seq;
	for (i = 8; i < 64; i++)
		icmp[i] = (u8)i;
	c = st_csum(icmp, 64);
	icmp[2] = (u8)(c >> 8);
	icmp[3] = (u8)c;
	return 98;
}

bool st_ping(struct station *s, const u8 *ip, u16 seq)
{
	u8 f[128], mac[6];
	const u8 *r;
	u32 len;

	st_arp_request(s, f, ip);
	if (!st_send(s, f, 60))
		return false;
	r = st_take(s, 0x0806, 200, &len);
	if (!r || len < 42 || r[21] != 2 || memcmp(r + 28, ip, 4))
		return false;
	memcpy(mac, r + 22, 6);
	len = st_echo_request(s, f, mac, ip, seq);
	if (!st_send(s, f, len))
		return false;
	r = st_take(s, 0x0800, 200, &len);
	return r && len >= 98 && r[34] == 0 && r[40] == (u8)(seq >> 8) &&
	       r[41] == (u8)seq && !memcmp(r + 26, ip, 4);
}
