// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the vserial test miniport (serialized NDIS 5.0, MiniportSend
 * answering NDIS_STATUS_RESOURCES without ever calling
 * NdisMSendResourcesAvailable, NdisMEthIndicateReceive with a short
 * lookahead and MiniportTransferData) in the user-space host.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"

static struct tap tap;
static const u8 mac[6] = { 0x02, 0x53, 0x45, 0x52, 0x00, 0x07 };

struct want {
	u32 frames, done;
};

static bool reached(void *ctx)
{
	struct want *w = ctx;

	return tap.nframes >= w->frames && tap.ndone >= w->done;
}

static struct ndl_adapter *up(struct ndl_driver *drv, u32 slots)
{
	struct ndl_reg *reg = ndl_reg_create();
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	char s[8];

	snprintf(s, sizeof(s), "%u", slots);
	ndl_reg_set_sz(reg, "TransmitSlots", s);
	ndl_reg_set_sz(reg, "WireDelayMs", "0");
	ndl_reg_set_sz(reg, "NetworkAddress", "025345520007");
	ad = tap_adapter(drv, NULL, reg, &tap);
	CHECK(ad != NULL);
	if (!ad)
		return NULL;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK(!info.deserialized);
	CHECK(!memcmp(info.cur_addr, mac, 6));
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);
	return ad;
}

static void test_registration(void)
{
	struct ndl_driver *drv = load_test_driver("vserial");

	CHECK(drv != NULL);
	if (!drv)
		return;
	CHECK_EQ_INT(drv->miniport.ndis_major, 5);
	CHECK_EQ_INT(drv->miniport.ndis_minor, 0);
	CHECK(drv->miniport.handlers & (1u << NDL_MP_SEND));
	CHECK(drv->miniport.handlers & (1u << NDL_MP_TRANSFER_DATA));
	CHECK(!(drv->miniport.handlers & (1u << NDL_MP_SEND_PACKETS)));
	ndl_driver_unload(drv);
}

/* 60 frames at once into 2 transmit slots: MiniportSend refuses most with
 * NDIS_STATUS_RESOURCES; each is kept and resubmitted, none lost, in order,
 * and frames longer than the lookahead arrive whole through TransferData. */
static void test_resources_and_transfer_data(void)
{
	struct ndl_driver *drv = load_test_driver("vserial");
	struct ndl_adapter *ad;
	struct ndl_adapter_stats st;
	static u8 f[60][1514];
	struct want w = { 60, 60 };
	u32 i, bad = 0;

	if (!drv)
		return;
	ad = up(drv, 2);
	if (!ad)
		goto out;
	for (i = 0; i < 60; i++) {
		u32 len = i % 3 ? 1514 - i : 60 + i;
		struct ndl_frag fr = { f[i], len };

		make_frame(f[i], len, mac, mac, i);
		CHECK_EQ_INT(tap_send(&tap, ad, &fr, 1, f[i]), 0);
	}
	CHECK(run_until(reached, &w, 5000));
	for (i = 0; i < 60 && i < tap.nframes; i++) {
		u32 len = i % 3 ? 1514 - i : 60 + i;

		bad += tap.frames[i].len != len ||
		       memcmp(tap.frames[i].data, f[i], len) != 0;
		bad += tap.done_cookie[i] != f[i] || tap.done_status[i] != 0;
	}
	CHECK_EQ_INT(bad, 0);
	ndl_adapter_stats(ad, &st);
	CHECK(st.tx_resubmits > 0);
	CHECK(st.rx_transfers >= 40);
	CHECK_EQ_INT(st.rx_dropped, 0);
	CHECK_EQ_INT(st.tx_frames, 60);
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

/* A larger lookahead (set as a protocol would) ends the transfers. */
static void test_lookahead(void)
{
	struct ndl_driver *drv = load_test_driver("vserial");
	struct ndl_adapter *ad;
	struct ndl_adapter_stats st;
	static u8 f[1000];
	struct ndl_frag fr = { f, sizeof(f) };
	struct want w = { 1, 1 };
	u32 la = 1500, done, needed;

	if (!drv)
		return;
	ad = up(drv, 4);
	if (!ad)
		goto out;
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_GEN_CURRENT_LOOKAHEAD, &la, 4,
				     &done, &needed), 0);
	make_frame(f, sizeof(f), mac, mac, 3);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), 0);
	CHECK(run_until(reached, &w, 2000));
	CHECK(tap.nframes == 1 && !memcmp(tap.frames[0].data, f, sizeof(f)));
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.rx_transfers, 0);
	/* A reset keeps addressing here; check a reset leaves it working. */
	CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), 0);
	w.frames = w.done = 2;
	CHECK(run_until(reached, &w, 2000));
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

/* Halt while frames wait in the runtime's queue: each is completed. */
static void test_halt_with_queued_sends(void)
{
	struct ndl_driver *drv = load_test_driver("vserial");
	struct ndl_adapter *ad;
	static u8 f[200];
	struct ndl_frag fr = { f, sizeof(f) };
	u32 i, failed = 0;

	if (!drv)
		return;
	ad = up(drv, 1);
	if (!ad)
		goto out;
	make_frame(f, sizeof(f), mac, mac, 1);
	for (i = 0; i < 20; i++)
		CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), 0);
	ndl_adapter_halt(ad);
	CHECK_EQ_INT(tap.ndone, 20);
	for (i = 0; i < tap.ndone && i < 20; i++)
		failed += tap.done_status[i] != 0;
	CHECK(failed > 0);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), -NDL_EBUSY);
	ndl_adapter_destroy(ad);
out:
	ndl_driver_unload(drv);
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_registration);
	RUN(test_resources_and_transfer_data);
	RUN(test_lookahead);
	RUN(test_halt_with_queued_sends);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
