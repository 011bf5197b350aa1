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

/* RFC 1071: the one's complement sum of len bytes, folded. */
static u32 sum16(u32 sum, const u8 *p, u32 len)
{
	for (u32 i = 0; i + 1 < len; i += 2)
		sum += (u32)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

static u32 be16(const u8 *p)
{
	return (u32)p[0] << 8 | p[1];
}

#define LSO_TCP_HLEN	32	/* with a 12-byte timestamp option */
#define LSO_MSS		1448
#define LSO_PAYLOAD	7000
#define LSO_SEGS	((LSO_PAYLOAD + LSO_MSS - 1) / LSO_MSS)

/*
 * A large TCP packet as Linux hands one over (total lengths of the whole
 * packet, IPv4 header checksum computed): IPv4 (ID 0x1200) or IPv6, ACK
 * and PSH, a sequence number about to wrap, then pay bytes of a pattern.
 * Its header length.
 */
static u32 lso_packet(u8 *f, bool v6, u32 pay)
{
	u32 l4 = v6 ? 54 : 34, hdr = l4 + LSO_TCP_HLEN, i;
	u8 *ip = f + 14, *tcp = f + l4;

	memset(f, 0, hdr);
	memcpy(f, peer, 6);
	memcpy(f + 6, mac, 6);
	f[12] = v6 ? 0x86 : 0x08;
	f[13] = v6 ? 0xdd : 0x00;
	if (v6) {
		ip[0] = 0x60;
		ip[4] = (u8)((LSO_TCP_HLEN + pay) >> 8);
		ip[5] = (u8)(LSO_TCP_HLEN + pay);
		ip[6] = 6;
		ip[7] = 64;
		for (i = 0; i < 32; i++)
			ip[8 + i] = (u8)(0xfe - i);
	} else {
		ip[0] = 0x45;
		ip[2] = (u8)((20 + LSO_TCP_HLEN + pay) >> 8);
		ip[3] = (u8)(20 + LSO_TCP_HLEN + pay);
		ip[4] = 0x12;
		ip[8] = 64;
		ip[9] = 6;
		memcpy(ip + 12, (const u8[]){ 10, 0, 2, 15, 10, 0, 2, 2 }, 8);
		i = ~sum16(0, ip, 20) & 0xffff;
		ip[10] = (u8)(i >> 8);
		ip[11] = (u8)i;
	}
	tcp[0] = 0x9c;
	tcp[1] = 0x40;
	tcp[3] = 80;
	memcpy(tcp + 4, (const u8[]){ 0xff, 0xff, 0xfa, 0x00 }, 4);
	tcp[11] = 1;
	tcp[12] = (LSO_TCP_HLEN / 4) << 4;
	tcp[13] = 0x18;				/* ACK, PSH */
	tcp[14] = 0x01;
	memcpy(tcp + 20, (const u8[]){ 1, 1, 8, 10, 0, 0, 0, 7, 0, 0, 0, 9 },
	       12);
	for (i = 0; i < pay; i++)
		f[hdr + i] = (u8)(i * 13 + i / 256);
	return hdr;
}

/*
 * The n segments on the wire from out[first]: each at most the MSS (only
 * the last shorter), the template's fields fixed up (lengths, IPv4 ID
 * +1 a segment, sequence number, PSH only in the last), options as they
 * were, checksums right, the payload in order; how many were wrong.
 */
static u32 lso_check(u8 (*out)[1600], const u32 *out_len, u32 first, u32 n,
		     const u8 *f, bool v6, u32 pay)
{
	u32 l4 = v6 ? 54 : 34, hdr = l4 + LSO_TCP_HLEN, off = 0, bad = 0;

	for (u32 k = 0; k < n && first + k < WIRE_KEEP; k++) {
		const u8 *g = out[first + k];
		u32 len = out_len[first + k], seg = len - hdr, tl = len - l4;
		u32 seq = 0xfffffa00u + off, sum;
		bool last = k + 1 == n, ok;

		ok = len > hdr && seg <= LSO_MSS && (last || seg == LSO_MSS) &&
		     !memcmp(g, f, 14) && off + seg <= pay &&
		     !memcmp(g + hdr, f + hdr + off, seg) &&
		     !memcmp(g + l4 + 20, f + l4 + 20, 12) &&
		     be16(g + l4 + 4) == seq >> 16 &&
		     be16(g + l4 + 6) == (seq & 0xffff) &&
		     g[l4 + 13] == (last ? 0x18 : 0x10);
		if (v6) {
			ok = ok && be16(g + 18) == tl &&
			     !memcmp(g + 22, f + 22, 32);
			sum = sum16(6 + tl, g + 22, 32);
		} else {
			ok = ok && be16(g + 16) == len - 14 &&
			     be16(g + 18) == 0x1200 + k &&
			     sum16(0, g + 14, 20) == 0xffff;
			sum = sum16(6 + tl, g + 26, 8);
		}
		ok = ok && sum16(sum, g + l4, tl) == 0xffff;
		bad += !ok;
		off += ok ? seg : 0;
	}
	return bad + (off != pay);
}

/*
 * One large packet as the host sends it (the headers in their own
 * fragment, the payload in three), with the request req (0: the
 * runtime's own for it) and the headers rewritten for it. The send's
 * completion status; NDIS_STATUS_PENDING if it never completed.
 */
static u32 lso_send(struct ndl_adapter *ad, struct wire *w, u8 *f, u32 hdr,
		    u32 pay, u32 req)
{
	struct ndl_frag fr[4] = {
		{ f, hdr }, { f + hdr, 999 }, { f + hdr + 999, 2001 },
		{ f + hdr + 3000, pay - 3000 },
	};
	u32 done = tap.ndone;

	if (!req)
		req = ndl_adapter_lso_request(ad, f, hdr, hdr + pay, LSO_MSS);
	CHECK(req & NDL_TX_LSO);
	ndl_lso_headers(f, hdr + pay, req);
	if (ndl_adapter_send_ex(ad, fr, 4, f, req, 0))
		return NDIS_STATUS_FAILURE;
	w->want_done = done + 1;
	w->want_in = tap.nframes;
	w->want_out = 0;
	if (!run_until(wire_progress, w, 5000))
		return NDIS_STATUS_PENDING;
	return tap.done_status[done];
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

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_e1000_set_mac(sim, mac);
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), ndl_reg_create(), &tap);
	CHECK(ad != NULL);
	if (!ad)
		goto out;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED), 0);

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
	hdr = lso_packet(f[0], false, pay);
	first = w.nout;
	CHECK_EQ_INT(lso_send(ad, &w, f[0], hdr, pay, 0), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(w.nout - first, LSO_SEGS);
	CHECK_EQ_INT(lso_check(out, out_len, first, w.nout - first, f[0],
			       false, pay), 0);
	hdr = lso_packet(f[1], true, pay);
	first = w.nout;
	CHECK_EQ_INT(lso_send(ad, &w, f[1], hdr, pay, 0), NDIS_STATUS_SUCCESS);
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
	hdr = lso_packet(f[2], false, pay);
	req = ndl_adapter_lso_request(ad, f[2], hdr, hdr + pay, LSO_MSS);
	CHECK(req & NDL_TX_LSO);
	CHECK_EQ_INT(set_lso(ad, 0, 1, 0), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK_EQ_INT(on.lso_v4.max_size, 0);
	CHECK(on.lso_v6.max_size != 0);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f[2], hdr, hdr + pay,
					     LSO_MSS), 0);
	first = w.nout;
	CHECK(lso_send(ad, &w, f[2], hdr, pay, req) == NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(w.nout, first);
	/* A transport that did not follow the report: the miniport fails it. */
	ndl_atomic_store(&ad->lso_on, NDL_LSO_ON_V4 | NDL_LSO_ON_V6);
	done = tap.ndone;
	CHECK(lso_send(ad, &w, f[2], hdr, pay, req) == NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(tap.ndone, done + 1);	/* completed, failed */
	CHECK_EQ_INT(w.nout, first);
	ndl_atomic_store(&ad->lso_on, NDL_LSO_ON_V6);	/* as reported */
	CHECK_EQ_INT(set_lso(ad, 0, 2, 0), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK(on.lso_v4.max_size != 0);
	hdr = lso_packet(f[3], false, pay);
	CHECK_EQ_INT(lso_send(ad, &w, f[3], hdr, pay, 0), NDIS_STATUS_SUCCESS);
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
