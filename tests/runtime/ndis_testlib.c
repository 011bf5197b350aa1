// SPDX-License-Identifier: GPL-2.0-only
/* Helpers for the NDIS layer's tests (ndis_testlib.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ndis_testlib.h"
#include "simdev.h"

static void tap_receive(void *ctx, const struct ndl_rx_frame *f)
{
	struct tap *t = ctx;
	struct tap_frame *tf;

	if (t->in_callback)
		t->nested = true;
	if (t->nframes >= TAP_MAX_FRAMES)
		return;
	tf = &t->frames[t->nframes++];
	tf->len = ndl_rx_frame_copy(f, tf->data, sizeof(tf->data));
	tf->flags = f->flags;
	tf->vlan = f->vlan_tci;
	tf->nfrags = f->nfrags;
}

static void tap_rx_complete(void *ctx)
{
	((struct tap *)ctx)->rx_completes++;
}

static void tap_send_complete(void *ctx, void *cookie, u32 st)
{
	struct tap *t = ctx;

	if (t->ndone < TAP_MAX_DONE) {
		t->done_cookie[t->ndone] = cookie;
		t->done_status[t->ndone] = st;
	}
	t->ndone++;
}

static void tap_send_ready(void *ctx)
{
	((struct tap *)ctx)->send_ready++;
}

static void tap_status(void *ctx, const struct ndl_status_event *ev)
{
	struct tap *t = ctx;

	if (t->nevents < TAP_MAX_EVENTS) {
		t->events[t->nevents] = *ev;
		t->events[t->nevents].buf = NULL;
		t->nevents++;
	}
}

const struct ndl_adapter_ops tap_ops = {
	.receive = tap_receive,
	.receive_complete = tap_rx_complete,
	.send_complete = tap_send_complete,
	.send_ready = tap_send_ready,
	.status = tap_status,
};

struct ndl_driver *load_test_driver(const char *name)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *file = read_file(driver_path(name), &len);
	int rc;

	if (!file)
		return NULL;
	rc = ndl_driver_load(file, len, name, NULL, &drv, &err);
	free(file);
	if (rc) {
		fprintf(stderr, "load %s: %s\n", name, err.msg);
		return NULL;
	}
	if (!NT_SUCCESS(ndl_driver_start(drv))) {
		ndl_driver_unload(drv);
		return NULL;
	}
	return drv;
}

void tap_reset(struct tap *t)
{
	struct tap_frame *f = t->frames;

	memset(t, 0, sizeof(*t));
	t->frames = f ? f : calloc(TAP_MAX_FRAMES, sizeof(*t->frames));
}

void tap_free(struct tap *t)
{
	free(t->frames);
	t->frames = NULL;
}

struct ndl_adapter *tap_adapter(struct ndl_driver *drv, struct ndl_os_dev *dev,
				struct ndl_reg *reg, struct tap *t)
{
	struct ndl_adapter_params p = {
		.drv = drv, .dev = dev, .reg = reg, .ops = &tap_ops, .ctx = t,
		.name = drv ? drv->name : "?", .tx_slots = 64,
	};
	struct ndl_adapter *ad = NULL;

	tap_reset(t);
	if (ndl_adapter_create(&p, &ad))
		return NULL;
	return ad;
}

u32 tap_open(struct ndl_adapter *ad, u32 filter)
{
	u32 done, needed;

	return ndl_adapter_set(ad, OID_GEN_CURRENT_PACKET_FILTER, &filter,
			       sizeof(filter), &done, &needed);
}

void make_frame(u8 *buf, u32 len, const u8 dst[6], const u8 src[6], u32 seq)
{
	memcpy(buf, dst, 6);
	memcpy(buf + 6, src, 6);
	buf[12] = 0x88;
	buf[13] = 0xb5;
	for (u32 i = 14; i < len; i++)
		buf[i] = (u8)(seq * 7 + i);
	if (len >= 18)
		memcpy(buf + 14, &seq, 4);
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + (u64)ts.tv_nsec;
}

bool run_until(bool (*cond)(void *ctx), void *ctx, u32 timeout_ms)
{
	u64 end = now_ns() + (u64)timeout_ms * 1000000;

	while (!cond(ctx)) {
		if (now_ns() > end)
			return false;
		if (!ndl_user_run_pending()) {
			struct timespec ts = { 0, 200000 };

			nanosleep(&ts, NULL);
		}
	}
	return true;
}

u32 tap_events(const struct tap *t, enum ndl_status_kind kind)
{
	u32 n = 0;

	for (u32 i = 0; i < t->nevents && i < TAP_MAX_EVENTS; i++)
		n += t->events[i].kind == kind;
	return n;
}

bool tap_link_events(void *ctx)
{
	const struct tap_link_want *w = ctx;

	return tap_events(w->tap, NDL_STATUS_MEDIA_CONNECT) >= w->connects &&
	       tap_events(w->tap, NDL_STATUS_MEDIA_DISCONNECT) >= w->disconnects;
}

bool query_counter(struct ndl_adapter *ad, u32 oid, u64 *v)
{
	u32 done, needed;

	*v = 0;
	return ndl_adapter_query(ad, oid, v, sizeof(*v), &done, &needed) == 0;
}

bool wire_progress(void *ctx)
{
	struct wire *w = ctx;
	u8 buf[1600];
	size_t n;

	while ((n = ndl_sim_collect(w->sim, buf, sizeof(buf))) > 0) {
		if (w->out && w->nout < WIRE_KEEP) {
			memcpy(w->out[w->nout], buf, n);
			w->out_len[w->nout] = (u32)n;
		}
		w->nout++;
	}
	return w->nout >= w->want_out && w->tap->nframes >= w->want_in &&
	       w->tap->ndone >= w->want_done;
}

struct slot_wait {
	struct tap *t;
	u32 done, ready;
};

static bool slot_freed(void *ctx)
{
	struct slot_wait *w = ctx;

	return w->t->ndone > w->done || w->t->send_ready > w->ready;
}

int tap_send(struct tap *t, struct ndl_adapter *ad, const struct ndl_frag *f,
	     u32 n, void *cookie)
{
	for (;;) {
		struct slot_wait w = { t, t->ndone, t->send_ready };
		int rc = ndl_adapter_send(ad, f, n, cookie);

		if (rc != -NDL_EBUSY || !run_until(slot_freed, &w, 5000))
			return rc;
	}
}

u32 wire_send_frames(struct ndl_adapter *ad, struct wire *w, u32 n, u32 len0,
		     const u8 dst[6], const u8 src[6])
{
	static u8 tx[WIRE_KEEP][1514];
	u32 first = w->nout, bad = 0;

	for (u32 i = 0; i < n; i++) {
		u32 len = len0 + i * 37;
		struct ndl_frag f[3] = {
			{ tx[i], 14 }, { tx[i] + 14, 20 },
			{ tx[i] + 34, len - 34 },
		};

		make_frame(tx[i], len, dst, src, i);
		bad += ndl_adapter_send(ad, f, 3, tx[i]) != 0;
	}
	w->want_out = first + n;
	w->want_done = w->tap->ndone + n;
	run_until(wire_progress, w, 5000);
	for (u32 i = 0; i < n; i++) {
		u32 k = first + i, len = len0 + i * 37;

		bad += k >= w->nout || k >= WIRE_KEEP || w->out_len[k] != len ||
		       memcmp(w->out[k], tx[i], len) != 0;
	}
	return bad;
}

u32 wire_receive_frames(struct wire *w, u32 n, const u8 dst[6],
			const u8 src[6])
{
	static u8 rx[WIRE_KEEP][1514];
	u32 first = w->tap->nframes, bad = 0;

	for (u32 i = 0; i < n; i++) {
		make_frame(rx[i], 64 + i * 31, dst, src, i);
		if (i % 4 == 0)
			memset(rx[i], 0xff, 6);		/* broadcast */
		bad += !ndl_sim_inject(w->sim, rx[i], 64 + i * 31);
		if (i % 8 == 7)
			ndl_user_run_pending();
	}
	w->want_in = first + n;
	run_until(wire_progress, w, 5000);
	for (u32 i = 0, k = first; i < n; i++, k++)
		bad += k >= w->tap->nframes || k >= TAP_MAX_FRAMES ||
		       w->tap->frames[k].len != 64 + i * 31 ||
		       memcmp(w->tap->frames[k].data, rx[i], 64 + i * 31) != 0;
	return bad;
}

void test_teardown(struct ndl_adapter *ad, struct ndl_driver *drv,
		   struct ndl_sim_dev *sim)
{
	ndl_adapter_destroy(ad);
	if (drv)
		ndl_driver_unload(drv);
	if (sim)
		ndl_sim_destroy(sim);
}
