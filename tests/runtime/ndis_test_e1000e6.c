// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the NDIS 6.20 82574L miniport (tests/drivers/e1000e6) on
 * the simulated 82574L (tests/sim/e1000.c's e1000e model): initialize
 * through the NDIS 6 hardware runtime (NdisMGetBusData, interrupts,
 * scatter-gather DMA), the link by interrupt, frames to the wire (one of
 * 30 fragments across page boundaries too, more scatter-gather elements
 * than a frame may have: the driver's bounce copy) and from it as NET_BUFFER_LIST
 * indications, the multicast hash with the driver's exact filter behind
 * it, link changes, counters, reset with traffic after, halt, no leak.
 * Large send (test_large_send): IPv4 and IPv6 TCP packets cut by the
 * simulated chip into segments checked against the documented rules with
 * independent RFC 1071 sums; LSOv1 refused while off, then sent with its
 * TcpPayload written back; all off: refused.
 * Until the runtime exports what the driver imports, the load is refused
 * naming them and the test says SKIP with that list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "e1000.h"
#include "ndis/ndis_priv.h"
#include "ndis6/ndis6_types.h"

#define OID_GEN_XMIT_OK			0x00020101
#define OID_GEN_RCV_OK			0x00020102
/* e1000e6's vendor OIDs: large sends completed, their TCP payload bytes */
#define E6_OID_LSO_PACKETS		0xff8274a0
#define E6_OID_LSO_BYTES		0xff8274a1
#define BIG_FRAGS			30	/* each across a page boundary */
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

/* OID_TCP_OFFLOAD_PARAMETERS (NDIS 6.20's revision) with large send only. */
static u32 set_lso(struct ndl_adapter *ad, u8 v1, u8 v2_4, u8 v2_6)
{
	NDIS_OFFLOAD_PARAMETERS p;
	u32 done, needed;

	memset(&p, 0, sizeof(p));
	p.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	p.Header.Revision = NDIS_OFFLOAD_PARAMETERS_REVISION_2;
	p.Header.Size = NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2;
	p.LsoV1 = v1;
	p.LsoV2IPv4 = v2_4;
	p.LsoV2IPv6 = v2_6;
	return ndl_adapter_set(ad, OID_TCP_OFFLOAD_PARAMETERS, &p,
			       NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2, &done,
			       &needed);
}

#define LSO_PAYLOAD	7000
#define LSO_SEGS	((LSO_PAYLOAD + LSO_MSS - 1) / LSO_MSS)

/*
 * A started e1000e6 adapter on sim (initialized, opened with filter), or
 * NULL after saying why.
 */
static struct ndl_adapter *start_adapter(struct ndl_sim_dev *sim,
					 struct ndl_adapter_info *info,
					 u32 filter)
{
	struct ndl_adapter *ad;

	CHECK(sim && drv);
	if (!sim || !drv)
		return NULL;
	ndl_sim_e1000_set_mac(sim, mac);
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), ndl_reg_create(), &tap);
	CHECK(ad != NULL);
	if (!ad)
		return NULL;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, info, NULL), 0);
	/* NDIS 6: the initial state is the general attributes', no event */
	CHECK(ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(tap_open(ad, filter), 0);
	return ad;
}

static void test_large_send(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_e1000e);
	static u8 out[WIRE_KEEP][1600], f[4][8000];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_frag whole;
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_adapter *ad = NULL;
	struct ndl_csum_offload caps, on;
	u32 hdr, first, pay = LSO_PAYLOAD, req, done;
	u64 count;

	ad = start_adapter(sim, &info, NDIS_PACKET_TYPE_DIRECTED);
	if (!ad)
		goto out;

	/* Offered: LSOv2 for both IP versions (which the runtime prefers). */
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.lso_v4.max_size, 64000);
	CHECK_EQ_INT(caps.lso_v4.min_segs, 2);
	CHECK_EQ_INT(caps.lso_v4.flags & NDL_LSO_V2, NDL_LSO_V2);
	CHECK_EQ_INT(caps.lso_v6.max_size, 64000);
	CHECK_EQ_INT(caps.lso_v6.min_segs, 2);
	CHECK_EQ_INT(caps.lso_v6.flags & NDL_LSO_V2, NDL_LSO_V2);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &caps), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK_EQ_INT(on.lso_v4.max_size, 64000);
	CHECK_EQ_INT(on.lso_v6.max_size, 64000);

	/* IPv4 and IPv6 large sends: cut into MSS segments on the wire. */
	hdr = lso_packet(f[0], false, pay, peer, mac);
	first = w.nout;
	CHECK_EQ_INT(lso_send(ad, &w, f[0], hdr, pay, 4, 0), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(w.nout - first, LSO_SEGS);
	CHECK_EQ_INT(lso_check(out, out_len, first, w.nout - first, f[0],
			       false, pay), 0);
	hdr = lso_packet(f[1], true, pay, peer, mac);
	first = w.nout;
	CHECK_EQ_INT(lso_send(ad, &w, f[1], hdr, pay, 4, 0), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(w.nout - first, LSO_SEGS);
	CHECK_EQ_INT(lso_check(out, out_len, first, w.nout - first, f[1],
			       true, pay), 0);
	CHECK_EQ_INT(ndl_sim_e1000_tso_packets(sim), 2);
	CHECK(query_counter(ad, E6_OID_LSO_PACKETS, &count) && count == 2);
	CHECK(query_counter(ad, E6_OID_LSO_BYTES, &count) && count == 2 * pay);

	/*
	 * LSOv2 for IPv4 turned off in the miniport behind the runtime's
	 * back: the miniport reports it (NDIS_STATUS_TASK_OFFLOAD_CURRENT_
	 * CONFIG) and the runtime, as a transport updated by it, asks for
	 * no IPv4 large send any more (IPv6's stays); a list asking for one
	 * anyway is dropped (failed), as documented, nothing on the wire.
	 * On again, reported, asked for, it goes.
	 */
	hdr = lso_packet(f[2], false, pay, peer, mac);
	req = ndl_adapter_lso_request(ad, f[2], hdr, hdr + pay, LSO_MSS);
	CHECK(req & NDL_TX_LSO);
	CHECK_EQ_INT(set_lso(ad, 0, 1, 0), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK_EQ_INT(on.lso_v4.max_size, 0);
	CHECK(on.lso_v6.max_size != 0);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f[2], hdr, hdr + pay,
					     LSO_MSS), 0);
	first = w.nout;
	CHECK(lso_send(ad, &w, f[2], hdr, pay, 4, req) == NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(w.nout, first);
	/* A transport that did not follow the report: the miniport fails it. */
	ndl_atomic_store(&ad->lso_on, NDL_LSO_ON_V4 | NDL_LSO_ON_V6);
	done = tap.ndone;
	CHECK(lso_send(ad, &w, f[2], hdr, pay, 4, req) == NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(tap.ndone, done + 1);	/* completed, failed */
	CHECK_EQ_INT(w.nout, first);
	ndl_atomic_store(&ad->lso_on, NDL_LSO_ON_V6);	/* as reported */
	CHECK_EQ_INT(set_lso(ad, 0, 2, 0), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK(on.lso_v4.max_size != 0);
	hdr = lso_packet(f[3], false, pay, peer, mac);
	CHECK_EQ_INT(lso_send(ad, &w, f[3], hdr, pay, 4, 0), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(w.nout - first, LSO_SEGS);
	CHECK_EQ_INT(lso_check(out, out_len, first, w.nout - first, f[3],
			       false, pay), 0);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 3);
	CHECK_EQ_INT(st.tx_lso_bytes, 3 * pay);

	/* All off through the runtime: it refuses them, plain frames go. */
	req = ndl_adapter_lso_request(ad, f[3], hdr, hdr + pay, LSO_MSS);
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	whole.va = f[3];
	whole.len = hdr + pay;
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &whole, 1, f[3], req, 0),
		     -NDL_EINVAL);
	CHECK_EQ_INT(wire_send_frames(ad, &w, 4, 60, peer, mac), 0);
	CHECK(query_counter(ad, E6_OID_LSO_PACKETS, &count) && count == 3);
	ndl_adapter_halt(ad);
out:
	test_teardown(ad, NULL, sim);
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
	static _Alignas(4096) u8 pages[BIG_FRAGS + 1][4096];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_frag frags[BIG_FRAGS];
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_adapter *ad = NULL;
	u32 i, done, needed;
	struct tap_link_want want = { &tap, 1, 0 };
	struct ndl_csum_offload caps, on;
	u64 count;

	ad = start_adapter(sim, &info, NDIS_PACKET_TYPE_DIRECTED |
					NDIS_PACKET_TYPE_BROADCAST);
	if (!ad)
		goto out;
	CHECK(!memcmp(info.perm_addr, mac, 6));
	CHECK(info.bus_master);

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

	/*
	 * Large send: each version turned on and off by
	 * OID_TCP_OFFLOAD_PARAMETERS, undefined values refused; on, frames
	 * that ask for none go out as before and none counts as one.
	 */
	CHECK_EQ_INT(set_lso(ad, 3, 0, 0), NDIS_STATUS_INVALID_DATA);
	CHECK_EQ_INT(set_lso(ad, 0, 0, 3), NDIS_STATUS_INVALID_DATA);
	CHECK_EQ_INT(set_lso(ad, 2, 2, 2), NDIS_STATUS_SUCCESS);

	/* To the wire through scatter-gather lists, and from it. */
	CHECK_EQ_INT(wire_send_frames(ad, &w, 40, 42, peer, mac), 0);
	make_frame(big, sizeof(big), peer, mac, 77);
	for (i = 0; i < BIG_FRAGS; i++) {
		u8 *at = pages[i + 1] - sizeof(big) / BIG_FRAGS / 2;

		frags[i].len = sizeof(big) / BIG_FRAGS;
		frags[i].va = at;
		memcpy(at, big + i * frags[i].len, frags[i].len);
	}
	CHECK_EQ_INT(ndl_adapter_send(ad, frags, BIG_FRAGS, big), 0);
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
	CHECK(query_counter(ad, E6_OID_LSO_PACKETS, &count) && count == 0);
	CHECK(query_counter(ad, E6_OID_LSO_BYTES, &count) && count == 0);
	CHECK_EQ_INT(set_lso(ad, 1, 1, 1), NDIS_STATUS_SUCCESS);
	CHECK(query_counter(ad, OID_GEN_RCV_OK, &count) && count == tap.nframes);

	/* Reset: rings rebuilt in place, traffic again. */
	CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
	CHECK(!ndl_adapter_check_for_hang(ad));
	CHECK_EQ_INT(ndl_adapter_send(ad, frags, BIG_FRAGS, big), 0);
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
	RUN(test_large_send);
	tap_reset(&tap);
	RUN(test_traffic);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
