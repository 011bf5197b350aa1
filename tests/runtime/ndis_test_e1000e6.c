// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the NDIS 6.20 82574L miniport (tests/drivers/e1000e6) on
 * the simulated 82574L (tests/sim/e1000.c's e1000e model): initialize
 * through the NDIS 6 hardware runtime (NdisMGetBusData, interrupts,
 * scatter-gather DMA), the link by interrupt, frames to the wire (one of
 * 20 fragments too: the driver's bounce copy) and from it as NET_BUFFER_LIST
 * indications, the multicast hash with the driver's exact filter behind
 * it, link changes, counters, reset with traffic after, halt, no leak.
 * Until the runtime exports what the driver imports, the load is refused
 * naming them and the test says SKIP with that list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "e1000.h"

#define OID_GEN_XMIT_OK			0x00020101
#define OID_GEN_RCV_OK			0x00020102
/* What the 82574 checks and computes (e1000e6's offload attributes). */
#define CSUM6	(NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS | NDL_CSUM_TCP | \
		 NDL_CSUM_UDP)
#define CSUM4	(CSUM6 | NDL_CSUM_IP)

/* What the runtime held before the miniport loaded. */
static struct ndl_mem_stats mem_base;
static struct tap tap;
static struct ndl_driver *drv;
static const u8 mac[6] = { 0x52, 0x54, 0x00, 0x10, 0xd3, 0x01 };
static const u8 peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };
static const u8 group[6] = { 0x01, 0x00, 0x5e, 0x01, 0x02, 0x03 };
static const u8 twin[6] = { 0x01, 0x00, 0x5e, 0x77, 0x02, 0x03 };

/* The driver, or NULL with *why set when the runtime refuses its imports. */
static struct ndl_driver *load_e1000e6(char *why, size_t why_len)
{
	static const char name[] = "e1000e6/e1000e6";
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *file = read_file(driver_path(name), &len);
	int rc;

	why[0] = 0;
	if (!file)
		return NULL;
	rc = ndl_driver_load(file, len, name, NULL, &drv, &err);
	free(file);
	if (rc) {
		snprintf(why, why_len, "%s", err.msg);
		return NULL;
	}
	if (!NT_SUCCESS(ndl_driver_start(drv))) {
		ndl_driver_unload(drv);
		return NULL;
	}
	return drv;
}

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
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_e1000e);
	static u8 out[WIRE_KEEP][1600], big[1500];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_frag frags[20];
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_adapter *ad = NULL;
	u32 i, done, needed;
	struct tap_link_want want = { &tap, 1, 0 };
	struct ndl_csum_offload caps, on;
	u64 count;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_e1000_set_mac(sim, mac);
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), ndl_reg_create(), &tap);
	CHECK(ad != NULL);
	if (!ad)
		goto out;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	/* NDIS 6: the initial state is the general attributes', no event */
	CHECK(ndl_adapter_media_connected(ad));
	CHECK(!memcmp(info.perm_addr, mac, 6));
	CHECK(info.bus_master);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);

	/*
	 * Checksum offload: what its offload attributes offer, turned on
	 * with its OID sets (it answers with its current configuration);
	 * frames that ask for none still go out as before.
	 */
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.v4_tx, CSUM4);
	CHECK_EQ_INT(caps.v4_rx, CSUM4);
	CHECK_EQ_INT(caps.v6_tx, CSUM6);
	CHECK_EQ_INT(caps.v6_rx, CSUM6);
	log_clear();
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &caps), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK(!memcmp(&on, &caps, sizeof(on)));
	CHECK(log_contains("the miniport reports checksum offload on: IPv4 transmit ip tcp udp ip-options tcp-options"));

	/* To the wire through scatter-gather lists, and from it. */
	CHECK_EQ_INT(wire_send_frames(ad, &w, 40, 42, peer, mac), 0);
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
	CHECK_EQ_INT(wire_receive_frames(&w, 40, mac, peer), 0);
	print_mem_breakdown("e1000e6 after traffic", &mem_base);
	CHECK_EQ_INT(inject(sim, &w, peer, 1, 100), 0);

	/* Multicast: the hash lets group's twin in, the driver drops it. */
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_802_3_MULTICAST_LIST,
				     (void *)group, 6, &done, &needed), 0);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_MULTICAST), 0);
	CHECK_EQ_INT(inject(sim, &w, group, 2, 80), 2);
	CHECK_EQ_INT(inject(sim, &w, twin, 2, 80), 0);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);

	/* Link down and up: NDIS_STATUS_LINK_STATE both ways. */
	want.connects = tap_events(&tap, NDL_STATUS_MEDIA_CONNECT) + 1;
	want.disconnects = tap_events(&tap, NDL_STATUS_MEDIA_DISCONNECT) + 1;
	ndl_sim_e1000_set_link(sim, false);
	CHECK(run_until(tap_link_events, &(struct tap_link_want){ &tap, want.connects - 1, want.disconnects }, 3000));
	CHECK(!ndl_adapter_media_connected(ad));
	ndl_sim_e1000_set_link(sim, true);
	CHECK(run_until(tap_link_events, &want, 3000));

	CHECK(query_counter(ad, OID_GEN_XMIT_OK, &count) && count == 41);
	CHECK(query_counter(ad, OID_GEN_RCV_OK, &count) && count == tap.nframes);

	/* Reset: rings rebuilt in place, traffic again. */
	CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
	CHECK(!ndl_adapter_check_for_hang(ad));
	CHECK_EQ_INT(ndl_adapter_send(ad, frags, 20, big), 0);
	w.want_out = w.nout + 1;
	w.want_in = tap.nframes;
	w.want_done = tap.ndone + 1;
	CHECK(run_until(wire_progress, &w, 5000));
	CHECK_EQ_INT(inject(sim, &w, mac, 3, 200), 3);
	ndl_adapter_stats(ad, &st);
	CHECK(st.interrupts > 0 && st.dpcs > 0);
	/* all off again: said so, and nothing is on */
	memset(&on, 0, sizeof(on));
	log_clear();
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK(log_contains("the miniport reports checksum offload on: IPv4 transmit none, receive none; IPv6 transmit none, receive none"));
	ndl_adapter_halt(ad);
	CHECK(log_contains("halt left") == false);
out:
	test_teardown(ad, drv, sim);
	drv = NULL;
}

int main(void)
{
	char why[NDL_PE_ERR_LEN];

	test_init();
	ndl_mem_stats(&mem_base);
	if (getenv("NDL_TEST_UNDER_VALGRIND")) {
		printf("SKIP: test_traffic (its trapped MMIO faults are valgrind errors)\n");
		return test_exit() | CHECK_EXIT_CODE();
	}
	drv = load_e1000e6(why, sizeof(why));
	if (!drv && why[0]) {
		printf("SKIP: test_traffic (the runtime refuses e1000e6.sys: %s)\n",
		       why);
		return test_exit() | CHECK_EXIT_CODE();
	}
	tap_reset(&tap);
	RUN(test_traffic);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
