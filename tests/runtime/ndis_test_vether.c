// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the vether test miniport (deserialized NDIS 5.1,
 * MiniportSendPackets, packet indications with MiniportReturnPacket,
 * timers, work items, events, configuration) in the user-space host —
 * load, initialise, frames both ways, OIDs, flow control, low receive
 * resources, reset, hang check, halt, unload, no leak.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"

static const u8 bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const u8 cfg_mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };

static struct tap tap;

struct want {
	struct tap *t;
	u32 frames, done;
};

static bool reached(void *ctx)
{
	struct want *w = ctx;

	return w->t->nframes >= w->frames && w->t->ndone >= w->done;
}

static struct ndl_reg *vether_reg(const char *delay, u32 rxbufs, u32 connect)
{
	struct ndl_reg *reg = ndl_reg_create();

	/* Strings as the .inf writes them: read back as integers. */
	ndl_reg_set_sz(reg, "LoopbackDelayMs", delay);
	ndl_reg_set_dword(reg, "ReceiveBuffers", rxbufs);
	ndl_reg_set_sz(reg, "MediaConnect", connect ? "1" : "0");
	ndl_reg_set_sz(reg, "DeviceLabel", "vether under test");
	ndl_reg_set_sz(reg, "NetworkAddress", "02-11-22-33-44-55");
	ndl_reg_set_sz(reg, "Ndi\\params\\LoopbackDelayMs\\default", "2");
	return reg;
}

static struct ndl_adapter *up(struct ndl_driver *drv, struct ndl_reg *reg,
			      struct ndl_adapter_info *info)
{
	struct ndl_adapter *ad = tap_adapter(drv, NULL, reg, &tap);
	u32 st = 0;

	CHECK(ad != NULL);
	if (!ad)
		return NULL;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, info, &st), 0);
	CHECK_EQ_INT(st, NDIS_STATUS_SUCCESS);
	return ad;
}

static void test_registration(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	char line[256];

	CHECK(drv != NULL);
	if (!drv)
		return;
	CHECK(ndl_ndis_driver_is_miniport(drv));
	CHECK_EQ_INT(drv->miniport.ndis_major, 5);
	CHECK_EQ_INT(drv->miniport.ndis_minor, 1);
	CHECK_EQ_INT(drv->miniport.status, 0);
	CHECK(drv->miniport.handlers & (1u << NDL_MP_SEND_PACKETS));
	CHECK(drv->miniport.handlers & (1u << NDL_MP_RETURN_PACKET));
	CHECK(drv->miniport.handlers & (1u << NDL_MP_SHUTDOWN));
	CHECK(!(drv->miniport.handlers & (1u << NDL_MP_SEND)));
	ndl_ndis_describe(drv, line, sizeof(line));
	CHECK(strstr(line, "NDIS 5.1 miniport:") == line);
	CHECK(strstr(line, "SendPackets") && strstr(line, "ReturnPacket"));
	ndl_driver_unload(drv);
}

static void test_frames_both_ways(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	static u8 frames[100][1514];
	struct ndl_adapter_stats st;
	struct want w = { &tap, 100, 100 };
	u32 i, bad = 0;

	if (!drv)
		return;
	ad = up(drv, vether_reg("0", 64, 1), &info);
	if (!ad)
		goto out;
	CHECK(!memcmp(info.cur_addr, cfg_mac, 6));
	CHECK(memcmp(info.perm_addr, cfg_mac, 6) != 0);
	CHECK(info.deserialized);
	CHECK(info.media_connected);
	CHECK_EQ_INT(info.max_frame, 1500);
	CHECK_EQ_INT(info.link_speed_bps, 1000000000ull);
	CHECK(!strcmp(info.vendor_desc, "vether under test"));
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), NDIS_STATUS_SUCCESS);

	for (i = 0; i < 100; i++) {
		u32 len = 60 + (i * 37) % 1454;
		/* An empty fragment (a host's empty skb head) is skipped. */
		struct ndl_frag f[3] = {
			{ frames[i], 14 }, { NULL, 0 },
			{ frames[i] + 14, len - 14 },
		};

		make_frame(frames[i], len, i % 2 ? bcast : cfg_mac, cfg_mac, i);
		CHECK_EQ_INT(ndl_adapter_send(ad, f, 3, frames[i]), 0);
		ndl_user_run_pending();
	}
	CHECK(run_until(reached, &w, 5000));
	CHECK_EQ_INT(tap.nframes, 100);
	for (i = 0; i < tap.nframes && i < 100; i++) {
		u32 len = 60 + (i * 37) % 1454;

		if (tap.frames[i].len != len ||
		    memcmp(tap.frames[i].data, frames[i], len) ||
		    tap.frames[i].flags != 0)
			bad++;
		if (tap.done_cookie[i] != frames[i] || tap.done_status[i])
			bad++;
	}
	CHECK_EQ_INT(bad, 0);
	CHECK(tap.rx_completes > 0);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_frames, 100);
	CHECK_EQ_INT(st.rx_frames, 100);
	ndl_adapter_halt(ad);
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

static void test_oids(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	u8 mc[12] = { 0x01, 0, 0x5e, 0, 0, 1, 0x01, 0, 0x5e, 0, 0, 2 }, buf[64];
	u32 done, needed, v;

	if (!drv)
		return;
	ad = up(drv, vether_reg("1", 32, 1), &info);
	if (!ad)
		goto out;
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_802_3_CURRENT_ADDRESS, buf, 6,
				       &done, &needed), 0);
	CHECK_EQ_INT(done, 6);
	CHECK(!memcmp(buf, cfg_mac, 6));
	/* Too small: the size needed comes back. */
	v = ndl_adapter_query(ad, OID_GEN_SUPPORTED_LIST, buf, 4, &done,
			      &needed);
	CHECK(v == NDIS_STATUS_INVALID_LENGTH || v == NDIS_STATUS_BUFFER_TOO_SHORT);
	CHECK(needed > 4);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_802_3_MULTICAST_LIST, mc, 12,
				     &done, &needed), 0);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_802_3_MULTICAST_LIST, buf,
				       sizeof(buf), &done, &needed), 0);
	CHECK_EQ_INT(done, 12);
	CHECK(!memcmp(buf, mc, 12));
	CHECK_EQ_INT(ndl_adapter_query(ad, 0x7fff0001, buf, 4, &done, &needed),
		     NDIS_STATUS_NOT_SUPPORTED);
	v = 0;
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_GEN_CURRENT_PACKET_FILTER, &v, 3,
				     &done, &needed) != 0, 1);
	CHECK_EQ_INT(ndl_ndis_status_to_errno(NDIS_STATUS_NOT_SUPPORTED),
		     -NDL_ENOSYS);
	ndl_adapter_destroy(ad);	/* halts first */
out:
	ndl_driver_unload(drv);
}

static void test_flow_control(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	static u8 f[60];
	struct ndl_frag fr = { f, sizeof(f) };
	struct want w = { &tap, 0, 0 };
	u32 accepted = 0, busy = 0, slots, i;

	if (!drv)
		return;
	ad = up(drv, vether_reg("1", 256, 1), &info);
	if (!ad)
		goto out;
	tap_open(ad, NDIS_PACKET_TYPE_DIRECTED);
	make_frame(f, sizeof(f), cfg_mac, cfg_mac, 1);
	/* Its send slots (twice OID_GEN_MAXIMUM_SEND_PACKETS): the next
	 * send without the loop running is refused.
	 */
	slots = 2 * info.max_send_packets;
	for (i = 0; i < 80; i++) {
		int rc = ndl_adapter_send(ad, &fr, 1, (void *)(uintptr_t)(i + 1));

		if (rc == 0)
			accepted++;
		else if (rc == -NDL_EBUSY)
			busy++;
	}
	CHECK_EQ_INT(accepted, slots);
	CHECK_EQ_INT(busy, 80 - slots);
	w.done = slots;
	CHECK(run_until(reached, &w, 5000));
	CHECK(tap.send_ready >= 1);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, NULL), 0);
	w.done = slots + 1;
	CHECK(run_until(reached, &w, 5000));
	/* Bad frames are refused up front. */
	fr.len = 10;
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, NULL), -NDL_EINVAL);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 0, NULL), -NDL_EINVAL);
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

/* 4 receive buffers: below the low-water mark vether indicates with
 * NDIS_STATUS_RESOURCES; every frame still arrives, no buffer is lost. */
static void test_low_receive_resources(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	static u8 f[40][200];
	struct want w = { &tap, 40, 40 };
	u32 i;

	if (!drv)
		return;
	ad = up(drv, vether_reg("0", 4, 1), &info);
	if (!ad)
		goto out;
	tap_open(ad, NDIS_PACKET_TYPE_DIRECTED);
	for (i = 0; i < 40; i++) {
		struct ndl_frag fr = { f[i], 200 };

		make_frame(f[i], 200, cfg_mac, cfg_mac, i);
		CHECK_EQ_INT(tap_send(&tap, ad, &fr, 1, NULL), 0);
	}
	CHECK(run_until(reached, &w, 5000));
	for (i = 0; i < 40 && i < tap.nframes; i++)
		CHECK(!memcmp(tap.frames[i].data, f[i], 200));
	ndl_adapter_destroy(ad);	/* halt waits for every return */
out:
	ndl_driver_unload(drv);
}

static void test_media_disconnected(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	static u8 f[60];
	struct ndl_frag fr = { f, sizeof(f) };
	struct want w = { &tap, 0, 1 };

	if (!drv)
		return;
	ad = up(drv, vether_reg("0", 32, 0), &info);
	if (!ad)
		goto out;
	/* Indicated during MiniportInitialize: recorded, not delivered. */
	CHECK(!info.media_connected);
	CHECK(!ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(tap.nevents, 0);
	make_frame(f, sizeof(f), cfg_mac, cfg_mac, 1);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), 0);
	CHECK(run_until(reached, &w, 2000));
	CHECK_EQ_INT(tap.done_status[0], NDIS_STATUS_NO_CABLE);
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

static void test_reset_and_hang(void)
{
	struct ndl_driver *drv = load_test_driver("vether");
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	struct ndl_adapter_stats st;
	static u8 f[100];
	struct ndl_frag fr = { f, sizeof(f) };
	struct want w = { &tap, 1, 1 };

	if (!drv)
		return;
	ad = up(drv, vether_reg("0", 32, 1), &info);
	if (!ad)
		goto out;
	tap_open(ad, NDIS_PACKET_TYPE_DIRECTED);
	CHECK_EQ_INT(ndl_adapter_reset(ad), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(tap_events(&tap, NDL_STATUS_RESET_START), 1);
	CHECK_EQ_INT(tap_events(&tap, NDL_STATUS_RESET_END), 1);
	CHECK(!ndl_adapter_check_for_hang(ad));
	/* Still moving frames after the reset. */
	make_frame(f, sizeof(f), cfg_mac, cfg_mac, 9);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), 0);
	CHECK(run_until(reached, &w, 2000));
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.resets, 1);
	ndl_adapter_shutdown(ad);
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

static void test_bad_input(void)
{
	struct ndl_adapter_params p = { 0 };
	struct ndl_adapter *ad = (void *)1;

	CHECK_EQ_INT(ndl_adapter_create(NULL, &ad), -NDL_EINVAL);
	CHECK(ad == NULL);
	CHECK_EQ_INT(ndl_adapter_create(&p, &ad), -NDL_EINVAL);
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_registration);
	RUN(test_frames_both_ways);
	RUN(test_oids);
	RUN(test_flow_control);
	RUN(test_low_receive_resources);
	RUN(test_media_disconnected);
	RUN(test_reset_and_hang);
	RUN(test_bad_input);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
