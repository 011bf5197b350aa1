// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the rtl8139 test miniport (deserialized NDIS 5.1 driver for
 * the RTL8139C+: port or memory I/O, shared-memory descriptor rings,
 * scatter-gather DMA, interrupts with ISR and DPC) on the simulated device
 * (tests/sim/rtl8139.c) — frames to the wire and from it, link changes,
 * OIDs, reset, halt, unload, no leak — in port I/O and in MMIO mode.
 * Offloads negotiated by the runtime (OID_TCP_TASK_OFFLOAD): transmit
 * checksums the chip inserts, checked on the wire with the receiver's
 * RFC 1071 sums; a large send cut into segments checked against RFC
 * 791/793 (lengths, identification, sequence numbers, PSH/FIN, sums,
 * payload) and its payload bytes reported back; all off: frames as sent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "rtl8139.h"

/* What the runtime held before the miniport loaded. */
static struct ndl_mem_stats mem_base;
static struct tap tap;
static const u8 mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
static const u8 peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };

static bool link_event(void *ctx)
{
	return tap_events(&tap, *(enum ndl_status_kind *)ctx) > 0;
}

static void run_mode(const char *io_mode)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_rtl8139);
	struct ndl_driver *drv = load_test_driver("rtl8139");
	static u8 out[WIRE_KEEP][1600];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_adapter *ad = NULL;
	struct ndl_reg *reg;
	enum ndl_status_kind k;
	u32 v, done, needed;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_rtl8139_set_mac(sim, mac);
	reg = ndl_reg_create();
	ndl_reg_set_sz(reg, "IoMode", io_mode);
	ndl_reg_set_sz(reg, "ReceiveDescriptors", "16");
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), reg, &tap);
	CHECK(ad != NULL);
	if (!ad)
		goto out;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK(!memcmp(info.perm_addr, mac, 6));
	CHECK(info.bus_master);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);

	/* To the wire, through the descriptor ring and SG DMA. */
	CHECK_EQ_INT(wire_send_frames(ad, &w, 40, 60, peer, mac), 0);

	/* From the wire: interrupt, DPC, packet indications. */
	CHECK_EQ_INT(wire_receive_frames(&w, 40, mac, peer), 0);
	print_mem_breakdown("rtl8139 after traffic", &mem_base);

	/* Link down and up: interrupt -> NdisMIndicateStatus -> host. */
	ndl_sim_rtl8139_set_link(sim, false);
	k = NDL_STATUS_MEDIA_DISCONNECT;
	CHECK(run_until(link_event, &k, 3000));
	CHECK(!ndl_adapter_media_connected(ad));
	ndl_sim_rtl8139_set_link(sim, true);
	k = NDL_STATUS_MEDIA_CONNECT;
	CHECK(run_until(link_event, &k, 3000));
	CHECK(ndl_adapter_media_connected(ad));

	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_MEDIA_CONNECT_STATUS, &v, 4,
				       &done, &needed), 0);
	CHECK_EQ_INT(v, 0);
	CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
	CHECK(!ndl_adapter_check_for_hang(ad));
	ndl_adapter_stats(ad, &st);
	CHECK(st.interrupts > 0 && st.dpcs > 0);
	CHECK_EQ_INT(st.tx_frames, 40);
	CHECK_EQ_INT(st.rx_frames, 40);
	ndl_adapter_halt(ad);
	CHECK(log_contains("halt left") == false);
out:
	test_teardown(ad, drv, sim);
}

static void test_port_io(void)
{
	run_mode("0");
}

static void test_mmio(void)
{
	run_mode("1");
}


/* ---- offloads ------------------------------------------------------------ */

#define TCP	6
#define UDP	17
#define TX_V4_TCP	(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP)
#define TX_V4_UDP	(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_UDP)
/* The chip's buffer less the longest headers (NDIS: TCP payload bytes). */
#define RTL_MAX_OFFLOAD	(65536 - 14 - 60 - 60)

static u32 be16(const u8 *p)
{
	return (u32)p[0] << 8 | p[1];
}

static u32 be32(const u8 *p)
{
	return be16(p) << 16 | be16(p + 2);
}

/* RFC 1071 one's complement sum, folded. */
static u32 sum16(const u8 *p, u32 len, u32 sum)
{
	u32 i;

	for (i = 0; i + 1 < len; i += 2)
		sum += be16(p + i);
	if (i < len)
		sum += (u32)p[i] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

static bool ip_csum_ok(const u8 *f)
{
	return sum16(f + 14, (f[14] & 15u) * 4, 0) == 0xffff;
}

/* The TCP/UDP checksum verifies over the IPv4 pseudo-header (RFC 793/768). */
static bool l4_csum_ok(const u8 *f)
{
	const u8 *ip = f + 14;
	u32 ihl = (ip[0] & 15u) * 4, l4len = be16(ip + 2) - ihl;

	return sum16(ip + ihl, l4len, sum16(ip + 12, 8, ip[9] + l4len)) ==
	       0xffff;
}

/*
 * An IPv4 TCP or UDP frame from mac to peer as a TCP/IP transport hands it
 * over for checksum offload: the pseudo-header sum in the TCP/UDP field,
 * 0 in the IP one. ipopt/tcpopt bytes of options (NOPs). Its length.
 */
static u32 csum_frame(u8 *f, u8 proto, u32 ipopt, u32 tcpopt, u32 payload,
		      u8 flags)
{
	u32 ihl = 20 + ipopt, l4h = proto == TCP ? 20 + tcpopt : 8;
	u32 l4len = l4h + payload, i, sum;
	u8 *ip = f + 14, *l4 = ip + ihl;

	memcpy(f, peer, 6);
	memcpy(f + 6, mac, 6);
	f[12] = 0x08;
	f[13] = 0x00;
	memset(ip, 0, ihl);
	memset(ip + 20, 1, ipopt);
	ip[0] = (u8)(0x40 | ihl / 4);
	ip[2] = (u8)((ihl + l4len) >> 8);
	ip[3] = (u8)(ihl + l4len);
	ip[4] = 0xff;			/* id 0xfffe: wraps in a large send */
	ip[5] = 0xfe;
	ip[6] = 0x40;
	ip[8] = 64;
	ip[9] = proto;
	memcpy(ip + 12, (const u8[]){ 10, 0, 0, 1, 10, 0, 0, 2 }, 8);
	memset(l4, 0, l4h);
	memset(l4 + 20, 1, proto == TCP ? tcpopt : 0);
	l4[0] = 0x9c;
	l4[1] = 0x40;
	l4[3] = 0x50;
	if (proto == TCP) {
		memcpy(l4 + 4, (const u8[]){ 0xff, 0xff, 0xf0, 0x00 }, 4);
		l4[11] = 1;
		l4[12] = (u8)(l4h / 4 << 4);
		l4[13] = flags;
		l4[14] = 0x20;
	} else {
		l4[4] = (u8)(l4len >> 8);
		l4[5] = (u8)l4len;
	}
	for (i = 0; i < payload; i++)
		l4[l4h + i] = (u8)(i * 7 + 3);
	sum = sum16(ip + 12, 8, proto + l4len);
	l4[proto == TCP ? 16 : 6] = (u8)(sum >> 8);
	l4[proto == TCP ? 17 : 7] = (u8)sum;
	return 14 + ihl + l4len;
}

/*
 * Send f in three buffers with flags; wait until want frames are on the
 * wire and the send completed.
 */
static bool offload_send(struct ndl_adapter *ad, struct wire *w, const u8 *f,
			 u32 len, u32 flags, u32 want)
{
	struct ndl_frag frags[3] = {
		{ (void *)f, 14 }, { (void *)(f + 14), 10 },
		{ (void *)(f + 24), len - 24 },
	};
	u32 sent = w->nout;

	if (ndl_adapter_send_ex(ad, frags, 3, (void *)f, flags, 0))
		return false;
	w->want_out = sent + want;
	w->want_done = tap.ndone + 1;
	return run_until(wire_progress, w, 5000) && w->nout == sent + want;
}

/* Segment k of a large send of orig, at payload offset off (RFC 791/793). */
static bool segment_ok(const u8 *s, u32 n, const u8 *orig, u32 k, u32 off,
		       u32 chunk, bool last)
{
	const u8 *ip = s + 14, *oip = orig + 14;
	u32 ihl = (oip[0] & 15u) * 4, thl = (oip[ihl + 12] >> 4) * 4u;
	const u8 *tcp = ip + ihl, *otcp = oip + ihl;

	return n == 14 + ihl + thl + chunk && !memcmp(s, orig, 14) &&
	       be16(ip + 2) == ihl + thl + chunk &&
	       be16(ip + 4) == ((be16(oip + 4) + k) & 0xffff) &&
	       !memcmp(ip + 6, oip + 6, 4) &&
	       !memcmp(ip + 12, oip + 12, ihl - 12) && ip_csum_ok(s) &&
	       !memcmp(tcp, otcp, 4) &&
	       be32(tcp + 4) == (u32)(be32(otcp + 4) + off) &&
	       !memcmp(tcp + 8, otcp + 8, 5) &&
	       tcp[13] == (last ? otcp[13] : (otcp[13] & ~0x09)) &&
	       !memcmp(tcp + 14, otcp + 14, 2) &&
	       !memcmp(tcp + 18, otcp + 18, thl - 18) && l4_csum_ok(s) &&
	       !memcmp(tcp + thl, otcp + thl + off, chunk);
}

static struct ndl_adapter *offload_adapter(struct ndl_sim_dev *sim,
					   struct ndl_driver *drv,
					   const char *tx_descriptors)
{
	struct ndl_adapter_info info;
	struct ndl_adapter *ad;
	struct ndl_reg *reg = ndl_reg_create();

	ndl_sim_rtl8139_set_mac(sim, mac);
	ndl_reg_set_sz(reg, "TransmitDescriptors", tx_descriptors);
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), reg, &tap);
	CHECK(ad != NULL);
	if (!ad)
		return NULL;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED), 0);
	return ad;
}

/* A large send of payload bytes in MSS-sized segments, checked on the wire. */
static void check_large_send(struct ndl_adapter *ad, struct wire *w, u8 *f,
			     u32 ipopt, u32 tcpopt, u32 payload, u32 mss)
{
	static u8 orig[8000];
	struct ndl_adapter_stats before, after;
	u32 len = csum_frame(f, TCP, ipopt, tcpopt, payload, 0x19);
	u32 hdr = 14 + 40 + ipopt + tcpopt, segs = (payload + mss - 1) / mss;
	u32 req, n = w->nout, k, off;

	req = ndl_adapter_lso_request(ad, f, hdr, len, mss);
	CHECK_EQ_INT(req, NDL_TX_LSO | NDL_TX_CSUM_IPV4 |
		     mss << NDL_TX_LSO_MSS_SHIFT);
	ndl_lso_headers(f, len, req);
	memcpy(orig, f, len);
	ndl_adapter_stats(ad, &before);
	CHECK(offload_send(ad, w, f, len, req, segs));
	for (k = 0, off = 0; k < segs && n + k < WIRE_KEEP; k++, off += mss) {
		u32 chunk = payload - off < mss ? payload - off : mss;

		CHECK(segment_ok(w->out[n + k], w->out_len[n + k], orig, k, off,
				 chunk, k == segs - 1));
	}
	ndl_adapter_stats(ad, &after);
	CHECK_EQ_INT(after.tx_lso, before.tx_lso + 1);
	CHECK_EQ_INT(after.tx_lso_bytes, before.tx_lso_bytes + payload);
	/* Single-buffer sends are the runtime's choice here: not for this. */
	CHECK_EQ_INT(after.tx_linearized, before.tx_linearized);
	CHECK(after.tx_multi_buffer > before.tx_multi_buffer);
}

static void test_offload(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_rtl8139);
	struct ndl_driver *drv = load_test_driver("rtl8139");
	static u8 out[WIRE_KEEP][1600], f[8000], g[1514];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_csum_offload caps, on = { 0 };
	struct ndl_adapter *ad = NULL;
	u32 len, n;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ad = offload_adapter(sim, drv, "64");
	if (!ad)
		goto out;

	/* What the chip does: IPv4 send checksums and large send, options. */
	ndl_adapter_csum_caps(ad, &caps);
	CHECK(caps.v4_tx == (NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS |
			     NDL_CSUM_TCP | NDL_CSUM_UDP | NDL_CSUM_IP) &&
	      !caps.v4_rx && !caps.v6_tx && !caps.v6_rx);
	CHECK_EQ_INT(caps.lso_v4.max_size, RTL_MAX_OFFLOAD);
	CHECK_EQ_INT(caps.lso_v4.min_segs, 1);
	CHECK_EQ_INT(caps.lso_v4.flags,
		     NDL_LSO_TCP_OPTIONS | NDL_LSO_IP_OPTIONS);
	CHECK_EQ_INT(caps.lso_v6.max_size, 0);
	on.v4_tx = caps.v4_tx;
	on.lso_v4.max_size = 1;		/* on, with the offered parameters */
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);

	/* TCP with options, UDP, then IP and TCP: the chip's sums verify. */
	len = csum_frame(g, TCP, 8, 12, 1001, 0x18);
	n = w.nout;
	CHECK(offload_send(ad, &w, g, len, TX_V4_TCP, 1));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) && !l4_csum_ok(g));
	len = csum_frame(g, UDP, 0, 0, 333, 0);
	n = w.nout;
	CHECK(offload_send(ad, &w, g, len, TX_V4_UDP, 1));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) && !l4_csum_ok(g));
	len = csum_frame(g, TCP, 4, 0, 60, 0x10);
	n = w.nout;
	CHECK(offload_send(ad, &w, g, len, TX_V4_TCP | NDL_TX_CSUM_IP, 1));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) && ip_csum_ok(out[n]) &&
	      !ip_csum_ok(g));
	/* Short (padded through a bounce buffer): still the chip's sum. */
	len = csum_frame(g, UDP, 0, 0, 4, 0);
	n = w.nout;
	CHECK(offload_send(ad, &w, g, len, TX_V4_UDP, 1));
	CHECK(out_len[n] == 60 && l4_csum_ok(out[n]));

	/* Large sends: uneven, with options, exactly three MSS. */
	check_large_send(ad, &w, f, 0, 0, 4000, 1448);
	check_large_send(ad, &w, f, 8, 12, 5000, 1400);
	check_large_send(ad, &w, f, 0, 0, 3 * 536, 536);

	/* All off: requests refused by the runtime, frames go as they are. */
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	len = csum_frame(g, TCP, 0, 0, 500, 0x18);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 54, 3000, 1448), 0);
	CHECK(!offload_send(ad, &w, g, len, TX_V4_TCP, 1));
	n = w.nout;
	CHECK(offload_send(ad, &w, g, len, 0, 1));
	CHECK(out_len[n] == len && !memcmp(out[n], g, len));
	ndl_adapter_halt(ad);
	test_teardown(ad, drv, sim);

	/* A ring too small for a large send's fragments: checksums only. */
	sim = ndl_sim_create(&ndl_sim_rtl8139);
	drv = load_test_driver("rtl8139");
	ad = NULL;
	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ad = offload_adapter(sim, drv, "32");
	if (!ad)
		goto out;
	ndl_adapter_csum_caps(ad, &caps);
	CHECK(caps.v4_tx != 0 && !caps.lso_v4.max_size);
	ndl_adapter_halt(ad);
out:
	test_teardown(ad, drv, sim);
}

int main(void)
{
	test_init();
	ndl_mem_stats(&mem_base);
	tap_reset(&tap);
	RUN(test_port_io);
	tap_reset(&tap);
	/* MMIO reaches the model through deliberate faults the host traps. */
	if (getenv("NDL_TEST_UNDER_VALGRIND"))
		printf("SKIP: test_mmio (its trapped MMIO faults are valgrind errors)\n");
	else
		RUN(test_mmio);
	tap_reset(&tap);
	RUN(test_offload);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
