// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the e1000 test miniport (ndle1000: deserialized NDIS 5.1
 * bus master for the Intel 82540EM, MMIO registers, legacy descriptor
 * rings, 64-bit scatter-gather DMA, ICR/IMS interrupts) on the simulated
 * chip (tests/sim/e1000.c): the link from auto-negotiation, frames to the
 * wire (also one of 20 fragments, through a bounce buffer) and from it,
 * the multicast hash with the driver's exact filter behind it, a receive
 * overrun and its counter, link changes, OIDs, reset with traffic after,
 * halt, unload, no leak; and the MAC from RAL0 when the EEPROM checksum is
 * bad, and the shutdown handler stopping the chip.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "e1000.h"

#define OID_GEN_XMIT_OK			0x00020101
#define OID_GEN_RCV_OK			0x00020102
#define OID_GEN_RCV_NO_BUFFER		0x00020105
#define OID_GEN_TRANSMIT_QUEUE_LENGTH	0x0002020e

static struct tap tap;
static const u8 mac[6] = { 0x52, 0x54, 0x00, 0xab, 0xcd, 0xef };
static const u8 peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };
static const u8 group[6] = { 0x01, 0x00, 0x5e, 0x01, 0x02, 0x03 };
/* Same bits 47:36 as group (the chip's hash), another address. */
static const u8 twin[6] = { 0x01, 0x00, 0x5e, 0x77, 0x02, 0x03 };
/* Another hash bucket. */
static const u8 other[6] = { 0x01, 0x00, 0x5e, 0x01, 0x02, 0x93 };

static struct ndl_adapter *start(struct ndl_sim_dev *sim,
				 struct ndl_driver *drv,
				 struct ndl_adapter_info *info)
{
	struct ndl_reg *reg = ndl_reg_create();
	struct ndl_adapter *ad;
	struct tap_link_want want = { &tap, 1, 0 };

	ndl_reg_set_sz(reg, "ReceiveDescriptors", "64");
	ndl_reg_set_sz(reg, "TransmitDescriptors", "64");
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), reg, &tap);
	CHECK(ad != NULL);
	if (!ad)
		return NULL;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, info, NULL), 0);
	/* The driver restarts auto-negotiation: connect comes by interrupt. */
	CHECK(run_until(tap_link_events, &want, 3000));
	CHECK(ndl_adapter_media_connected(ad));
	return ad;
}

/* Frames from the wire through the ring; how many the host got. */
static u32 inject(struct ndl_sim_dev *sim, struct wire *w, const u8 *dst,
		  u32 n, u32 len)
{
	static u8 f[1514];
	u32 before = tap.nframes;

	for (u32 i = 0; i < n; i++) {
		make_frame(f, len, dst, peer, i);
		CHECK(ndl_sim_inject(sim, f, len));
	}
	w->want_in = before + n;
	run_until(wire_progress, w, 500);
	return tap.nframes - before;
}

static void test_traffic(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_e1000);
	struct ndl_driver *drv = load_test_driver("e1000/ndle1000");
	static u8 out[WIRE_KEEP][1600], big[1500], f[64];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_frag frags[20];
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_adapter *ad = NULL;
	u32 i, v, done, needed, sent, dropped = 0;
	struct tap_link_want want = { .tap = &tap };
	u64 count;
	u8 list[12];

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_e1000_set_mac(sim, mac);
	ad = start(sim, drv, &info);
	if (!ad)
		goto out;
	CHECK(!memcmp(info.perm_addr, mac, 6));
	CHECK(info.bus_master && info.deserialized);
	CHECK_EQ_INT(info.link_speed_bps, 1000000000ull);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);

	/* To the wire: one descriptor per fragment, EOP|RS on the last. */
	CHECK_EQ_INT(wire_send_frames(ad, &w, 40, 42, peer, mac), 0);

	/* Twenty fragments: copied into one bounce buffer. */
	make_frame(big, sizeof(big), peer, mac, 77);
	for (i = 0; i < 20; i++) {
		frags[i].va = big + i * 75;
		frags[i].len = 75;
	}
	CHECK_EQ_INT(ndl_adapter_send(ad, frags, 20, big), 0);
	w.want_out = 41;
	w.want_done = 41;
	CHECK(run_until(wire_progress, &w, 5000));
	CHECK(w.nout == 41 && out_len[40] == sizeof(big) &&
	      !memcmp(out[40], big, sizeof(big)));

	/* From the wire: interrupt, DPC, packet indications, in order. */
	CHECK_EQ_INT(wire_receive_frames(&w, 40, mac, peer), 0);

	/* Not ours: the chip's address filter drops it. */
	CHECK_EQ_INT(inject(sim, &w, peer, 1, 100), 0);

	/* Multicast: the hash lets group and twin in, the driver only group. */
	memcpy(list, group, 6);
	memcpy(list + 6, mac, 6);
	list[6] |= 1;	/* a second multicast address */
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_802_3_MULTICAST_LIST, list, 12,
				     &done, &needed), 0);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST |
			      NDIS_PACKET_TYPE_MULTICAST), 0);
	CHECK_EQ_INT(inject(sim, &w, group, 2, 80), 2);
	CHECK_EQ_INT(inject(sim, &w, twin, 2, 80), 0);
	CHECK_EQ_INT(inject(sim, &w, other, 2, 80), 0);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_PROMISCUOUS), 0);
	CHECK_EQ_INT(inject(sim, &w, other, 1, 80), 1);
	CHECK_EQ_INT(inject(sim, &w, peer, 1, 80), 1);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);

	/* A burst with no time to refill the ring: the chip misses frames. */
	for (i = 0; i < 100; i++) {
		make_frame(f, 64, mac, peer, i);
		dropped += !ndl_sim_inject(sim, f, 64);
	}
	CHECK(dropped > 0);
	w.want_in = tap.nframes + 100 - dropped;
	CHECK(run_until(wire_progress, &w, 5000));
	CHECK(query_counter(ad, OID_GEN_RCV_NO_BUFFER, &count) && count >= dropped);

	/* Link down and up again (auto-negotiation, then LSC). */
	want.connects = tap_events(&tap, NDL_STATUS_MEDIA_CONNECT) + 1;
	want.disconnects = tap_events(&tap, NDL_STATUS_MEDIA_DISCONNECT) + 1;
	ndl_sim_e1000_set_link(sim, false);
	CHECK(run_until(tap_link_events, &(struct tap_link_want){ &tap, want.connects - 1, want.disconnects }, 3000));
	CHECK(!ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_MEDIA_CONNECT_STATUS, &v, 4,
				       &done, &needed), 0);
	CHECK_EQ_INT(v, 1);	/* NdisMediaStateDisconnected */
	ndl_sim_e1000_set_link(sim, true);
	CHECK(run_until(tap_link_events, &want, 3000));
	CHECK(ndl_adapter_media_connected(ad));

	CHECK(query_counter(ad, OID_GEN_XMIT_OK, &count) && count == 41);
	CHECK(query_counter(ad, OID_GEN_RCV_OK, &count) && count == tap.nframes);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_TRANSMIT_QUEUE_LENGTH, &v,
				       4, &done, &needed), 0);
	CHECK_EQ_INT(v, 0);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_LINK_SPEED, &v, 4, &done,
				       &needed), 0);
	CHECK_EQ_INT(v, 10000000);	/* 1 Gbit/s in 100 bit/s */

	/* Reset: rings rebuilt, same address and filter, traffic again. */
	CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
	CHECK(!ndl_adapter_check_for_hang(ad));
	sent = w.nout;
	CHECK_EQ_INT(ndl_adapter_send(ad, frags, 20, big), 0);
	w.want_out = sent + 1;
	w.want_done = tap.ndone + 1;
	CHECK(run_until(wire_progress, &w, 5000));
	CHECK_EQ_INT(inject(sim, &w, mac, 3, 200), 3);
	ndl_adapter_stats(ad, &st);
	CHECK(st.interrupts > 0 && st.dpcs > 0);
	CHECK_EQ_INT(st.resets, 1);
	ndl_adapter_halt(ad);
	CHECK(log_contains("halt left") == false);
out:
	test_teardown(ad, drv, sim);
}

/*
 * A bad EEPROM checksum is logged; the address then comes from RAL0. Then
 * the shutdown handler stops the chip's DMA.
 */
static void test_bad_eeprom_shutdown(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_e1000);
	struct ndl_driver *drv = load_test_driver("e1000/ndle1000");
	struct ndl_adapter_info info;
	u8 frame[100];
	struct ndl_adapter *ad = NULL;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_e1000_set_mac(sim, mac);
	ndl_sim_e1000_corrupt_eeprom(sim);
	log_clear();
	ad = start(sim, drv, &info);
	if (!ad)
		goto out;
	CHECK(!memcmp(info.perm_addr, mac, 6));
	CHECK(log_contains("error log entry"));
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED), 0);
	make_frame(frame, 100, mac, peer, 1);
	CHECK(ndl_sim_inject(sim, frame, 100));
	/* Shutdown stops the chip: it takes no more frames. */
	ndl_adapter_shutdown(ad);
	CHECK(!ndl_sim_inject(sim, frame, 100));
	ndl_adapter_halt(ad);
out:
	test_teardown(ad, drv, sim);
}

int main(void)
{
	test_init();
	/* MMIO reaches the model through deliberate faults the host traps. */
	if (getenv("NDL_TEST_UNDER_VALGRIND")) {
		printf("SKIP: test_traffic (its trapped MMIO faults are valgrind errors)\n");
		printf("SKIP: test_bad_eeprom_shutdown (its trapped MMIO faults are valgrind errors)\n");
		return test_exit() | CHECK_EXIT_CODE();
	}
	tap_reset(&tap);
	RUN(test_traffic);
	tap_reset(&tap);
	RUN(test_bad_eeprom_shutdown);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
