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
 * bad, and the shutdown handler stopping the chip; and transmit checksum
 * offload: OID_TCP_TASK_OFFLOAD and the checksums on the wire; and large
 * send (test_large_send): NDIS_TASK_TCP_LARGE_SEND negotiated, TCP packets
 * through the runtime's NDIS 5 path cut by the simulated chip into
 * segments checked against the documented rules (ndis_testlso.c), the
 * payload bytes written back, refused while off.
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
/* ndle1000's vendor OIDs: large sends completed, their TCP payload bytes */
#define E1K_OID_LSO_PACKETS		0xff8254a0
#define E1K_OID_LSO_BYTES		0xff8254a1

/* What the runtime held before the miniport loaded. */
static struct ndl_mem_stats mem_base;
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
	print_mem_breakdown("ndle1000 after traffic", &mem_base);

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

/* ---- checksum offload ---------------------------------------------------- */

/*
 * OID_TCP_TASK_OFFLOAD's structures as the NDIS 5.1 documentation lays
 * them out (all ULONGs, x64): NDIS_TASK_OFFLOAD_HEADER is Version, Size,
 * Reserved, OffsetFirstTask, then NDIS_ENCAPSULATION_FORMAT (Encapsulation,
 * Flags with FixedHeaderSize in bit 0, EncapsulationHeaderSize);
 * NDIS_TASK_OFFLOAD is Version, Size, Task, OffsetNextTask,
 * TaskBufferLength, TaskBuffer (sizeof 24 with its padding);
 * NDIS_TASK_TCP_IP_CHECKSUM is four ULONGs of bits (V4Transmit,
 * V4Receive, V6Transmit, V6Receive), IpOptionsSupported in bit 0, then
 * TcpOptionsSupported, TcpChecksum, UdpChecksum, IpChecksum.
 */
#define TOH_LEN			28	/* NDIS_TASK_OFFLOAD_HEADER */
#define TO_HLEN			20	/* NDIS_TASK_OFFLOAD up to TaskBuffer */
#define TO_SIZE			24	/* sizeof(NDIS_TASK_OFFLOAD) */
#define CSUM_TASK_LEN		16	/* NDIS_TASK_TCP_IP_CHECKSUM */
#define LSO_TASK_LEN		16	/* NDIS_TASK_TCP_LARGE_SEND, padded */
#define ANSWER_LEN		(TOH_LEN + 2 * TO_HLEN + CSUM_TASK_LEN + \
				 LSO_TASK_LEN)
#define LSO_MAX_OFFLOAD		(65535 - 40)	/* IPv4 length, no options */
#define TASK_OFFLOAD_VERSION	1
#define ENCAP_IEEE_802_3	2
#define ENCAP_IEEE_802_5	3
#define TASK_CHECKSUM		0	/* TcpIpChecksumNdisTask */
#define TASK_IPSEC		1	/* IpSecNdisTask */
#define TASK_LARGE_SEND		2	/* TcpLargeSendNdisTask */
#define CK_IP_OPTIONS		0x01
#define CK_TCP_OPTIONS		0x02
#define CK_TCP			0x04
#define CK_UDP			0x08
#define CK_IP			0x10

static u32 rd32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static void wr32(u8 *p, u32 v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (u8)(v >> (8 * i));
}

/* The header a TCP/IP transport sends: version 1, 802.3, 14 bytes. */
static void task_header(u8 *b, u32 first_task)
{
	memset(b, 0, TOH_LEN);
	wr32(b, TASK_OFFLOAD_VERSION);
	wr32(b + 4, TOH_LEN);
	wr32(b + 12, first_task);
	wr32(b + 16, ENCAP_IEEE_802_3);
	wr32(b + 20, 1);		/* FixedHeaderSize */
	wr32(b + 24, 14);
}

/* One checksum task at off: its four directions' bits; its end. */
static u32 csum_task(u8 *b, u32 off, u32 next, u32 v4tx, u32 v4rx)
{
	u8 *t = b + off;

	memset(t, 0, TO_HLEN + CSUM_TASK_LEN);
	wr32(t, TASK_OFFLOAD_VERSION);
	wr32(t + 4, TO_SIZE);
	wr32(t + 8, TASK_CHECKSUM);
	wr32(t + 12, next);
	wr32(t + 16, CSUM_TASK_LEN);
	wr32(t + 20, v4tx);
	wr32(t + 24, v4rx);
	return off + TO_HLEN + CSUM_TASK_LEN;
}

/* Turn on exactly these IPv4 transmit checksums (CK_*), as TCP/IP does. */
static u32 set_tx_csum(struct ndl_adapter *ad, u32 v4tx)
{
	u8 b[TOH_LEN + TO_HLEN + CSUM_TASK_LEN];
	u32 done, needed;

	task_header(b, v4tx ? TOH_LEN : 0);
	csum_task(b, TOH_LEN, 0, v4tx, 0);
	return ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b,
			       v4tx ? sizeof(b) : TOH_LEN, &done, &needed);
}

/* The query and set as the documentation has them, the driver's checks. */
static void check_task_offload_oid(struct ndl_adapter *ad)
{
	u8 b[256];
	u32 done, needed, end, i;
	bool listed = false;

	/* Listed among the supported OIDs. */
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_SUPPORTED_LIST, b, sizeof(b),
				       &done, &needed), NDIS_STATUS_SUCCESS);
	for (i = 0; i + 4 <= done; i += 4)
		listed |= rd32(b + i) == OID_TCP_TASK_OFFLOAD;
	CHECK(listed);

	/* The answer: the caller's header, then one checksum task. */
	task_header(b, 0);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, b, TOH_LEN,
				       &done, &needed),
		     NDIS_STATUS_INVALID_LENGTH);
	CHECK_EQ_INT(needed, ANSWER_LEN);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, b,
				       ANSWER_LEN - 1, &done, &needed),
		     NDIS_STATUS_INVALID_LENGTH);
	memset(b, 0xee, sizeof(b));
	task_header(b, 0);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, b, sizeof(b),
				       &done, &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(done, ANSWER_LEN);
	CHECK_EQ_INT(rd32(b), TASK_OFFLOAD_VERSION);
	CHECK_EQ_INT(rd32(b + 4), TOH_LEN);
	CHECK_EQ_INT(rd32(b + 16), ENCAP_IEEE_802_3);
	CHECK_EQ_INT(rd32(b + 24), 14);
	CHECK_EQ_INT(rd32(b + 12), TOH_LEN);	/* OffsetFirstTask */
	CHECK_EQ_INT(rd32(b + TOH_LEN), TASK_OFFLOAD_VERSION);
	CHECK_EQ_INT(rd32(b + TOH_LEN + 4), TO_SIZE);
	CHECK_EQ_INT(rd32(b + TOH_LEN + 8), TASK_CHECKSUM);
	/* OffsetNextTask: from this task's start to the large-send task. */
	CHECK_EQ_INT(rd32(b + TOH_LEN + 12), TO_HLEN + CSUM_TASK_LEN);
	CHECK_EQ_INT(rd32(b + TOH_LEN + 16), CSUM_TASK_LEN);
	/* IPv4 send: TCP, UDP and IP, options either; receive and IPv6: no. */
	CHECK_EQ_INT(rd32(b + TOH_LEN + TO_HLEN), CK_IP_OPTIONS |
		     CK_TCP_OPTIONS | CK_TCP | CK_UDP | CK_IP);
	CHECK_EQ_INT(rd32(b + TOH_LEN + TO_HLEN + 4), 0);
	CHECK_EQ_INT(rd32(b + TOH_LEN + TO_HLEN + 8), 0);
	CHECK_EQ_INT(rd32(b + TOH_LEN + TO_HLEN + 12), 0);
	/*
	 * Large send, the last task: NDIS_TASK_TCP_LARGE_SEND version 0, as
	 * much payload as an IPv4 length holds, two segments at least, IP
	 * and TCP options copied into each segment.
	 */
	end = TOH_LEN + TO_HLEN + CSUM_TASK_LEN;
	CHECK_EQ_INT(rd32(b + end), TASK_OFFLOAD_VERSION);
	CHECK_EQ_INT(rd32(b + end + 4), TO_SIZE);
	CHECK_EQ_INT(rd32(b + end + 8), TASK_LARGE_SEND);
	CHECK_EQ_INT(rd32(b + end + 12), 0);
	CHECK_EQ_INT(rd32(b + end + 16), LSO_TASK_LEN);
	CHECK_EQ_INT(rd32(b + end + TO_HLEN), 0);
	CHECK_EQ_INT(rd32(b + end + TO_HLEN + 4), LSO_MAX_OFFLOAD);
	CHECK_EQ_INT(rd32(b + end + TO_HLEN + 8), 2);
	CHECK(b[end + TO_HLEN + 12] == 1 && b[end + TO_HLEN + 13] == 1);

	/* Not even a header; a header it cannot serve: no task. */
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, b, 12, &done,
				       &needed), NDIS_STATUS_INVALID_LENGTH);
	task_header(b, 0);
	wr32(b + 16, ENCAP_IEEE_802_5);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, b, sizeof(b),
				       &done, &needed),
		     NDIS_STATUS_NOT_SUPPORTED);
	task_header(b, 0);
	wr32(b, 2);
	CHECK_EQ_INT(ndl_adapter_query(ad, OID_TCP_TASK_OFFLOAD, b, sizeof(b),
				       &done, &needed),
		     NDIS_STATUS_NOT_SUPPORTED);

	/* Sets it refuses: what it did not offer, broken lists. */
	task_header(b, TOH_LEN);
	end = csum_task(b, TOH_LEN, 0, CK_TCP, CK_TCP);	/* receive */
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, end, &done,
				     &needed), NDIS_STATUS_NOT_SUPPORTED);
	end = csum_task(b, TOH_LEN, 0, CK_TCP, 0);
	wr32(b + TOH_LEN + 8, TASK_IPSEC);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, end, &done,
				     &needed), NDIS_STATUS_NOT_SUPPORTED);
	end = csum_task(b, TOH_LEN, 0, CK_TCP, 0);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, end - 4,
				     &done, &needed),
		     NDIS_STATUS_INVALID_LENGTH);
	CHECK_EQ_INT(needed, end);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, TOH_LEN + 8,
				     &done, &needed),
		     NDIS_STATUS_INVALID_LENGTH);
	CHECK_EQ_INT(needed, TOH_LEN + TO_HLEN);
	wr32(b + 12, 8);				/* into the header */
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, end, &done,
				     &needed), NDIS_STATUS_INVALID_DATA);
	task_header(b, TOH_LEN);
	csum_task(b, TOH_LEN, TO_HLEN + CSUM_TASK_LEN, CK_TCP, 0);
	end = csum_task(b, TOH_LEN + TO_HLEN + CSUM_TASK_LEN, 0, CK_UDP, 0);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, end, &done,
				     &needed), NDIS_STATUS_INVALID_DATA);
	csum_task(b, TOH_LEN, (u32)-TOH_LEN, CK_TCP, 0);	/* backwards */
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, end, &done,
				     &needed), NDIS_STATUS_INVALID_DATA);
	task_header(b, 0);
	wr32(b + 4, TOH_LEN + 4);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, TOH_LEN,
				     &done, &needed),
		     NDIS_STATUS_NOT_SUPPORTED);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, 20, &done,
				     &needed), NDIS_STATUS_INVALID_LENGTH);
	CHECK_EQ_INT(needed, TOH_LEN);

	/* What it offered, and all off again (no task). */
	CHECK_EQ_INT(set_tx_csum(ad, CK_IP_OPTIONS | CK_TCP_OPTIONS | CK_TCP |
				 CK_UDP | CK_IP), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(set_tx_csum(ad, 0), NDIS_STATUS_SUCCESS);
}

/* Internet checksum pieces (RFC 1071), independent of the chip model. */
static u32 sum16(const u8 *p, u32 len, u32 sum)
{
	u32 i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (u32)p[i] << 8 | p[i + 1];
	if (i < len)
		sum += (u32)p[i] << 8;
	return sum;
}

static u16 fold(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)sum;
}

/* The IPv4 pseudo-header's sum: addresses, protocol, TCP/UDP length. */
static u32 pseudo_sum(const u8 *ip, u32 l4len)
{
	return sum16(ip + 12, 8, ip[9] + l4len);
}

#define TCP	6
#define UDP	17

/*
 * An IPv4 TCP or UDP frame from mac to peer as a TCP/IP transport hands
 * it over for checksum offload: the pseudo-header sum (not complemented)
 * in the TCP/UDP checksum field; the IP header checksum computed, or 0
 * if the NIC is to insert it. ipopt/tcpopt bytes of options. Its length.
 */
static u32 csum_frame(u8 *f, u8 proto, u32 ipopt, u32 tcpopt, u32 payload,
		      bool ip_by_nic, u32 seq)
{
	u32 ihl = 20 + ipopt, l4h = proto == TCP ? 20 + tcpopt : 8;
	u32 l4len = l4h + payload, len = 14 + ihl + l4len, i;
	u8 *ip = f + 14, *l4 = ip + ihl;
	u16 sum;

	memcpy(f, peer, 6);
	memcpy(f + 6, mac, 6);
	f[12] = 0x08;
	f[13] = 0x00;
	memset(ip, 0, ihl);
	ip[0] = (u8)(0x40 | ihl / 4);
	ip[2] = (u8)((ihl + l4len) >> 8);
	ip[3] = (u8)(ihl + l4len);
	ip[4] = (u8)seq;
	ip[6] = 0x40;			/* DF */
	ip[8] = 64;
	ip[9] = proto;
	memcpy(ip + 12, (const u8[]){ 10, 0, 0, 1, 10, 0, 0, 2 }, 8);
	for (i = 0; i < ipopt; i += 4)	/* Router Alert, then NOPs */
		memcpy(ip + 20 + i, i ? (const u8[]){ 1, 1, 1, 1 } :
					(const u8[]){ 0x94, 4, 0, 0 }, 4);
	memset(l4, 0, l4h);
	l4[0] = 0x9c;
	l4[1] = (u8)seq;
	l4[2] = 0x00;
	l4[3] = 0x50;
	if (proto == TCP) {
		wr32(l4 + 4, 0x01020304 + seq);
		l4[12] = (u8)(l4h / 4 << 4);
		l4[13] = 0x18;		/* PSH, ACK */
		l4[14] = 0x20;
		for (i = 0; i < tcpopt; i += 4)	/* MSS, then NOPs */
			memcpy(l4 + 20 + i, i ? (const u8[]){ 1, 1, 1, 1 } :
						(const u8[]){ 2, 4, 5, 0xb4 },
			       4);
	} else {
		l4[4] = (u8)(l4len >> 8);
		l4[5] = (u8)l4len;
	}
	for (i = 0; i < payload; i++)
		l4[l4h + i] = (u8)(seq * 13 + i * 7 + 1);
	sum = fold(pseudo_sum(ip, l4len));
	l4[proto == TCP ? 16 : 6] = (u8)(sum >> 8);
	l4[proto == TCP ? 17 : 7] = (u8)sum;
	if (!ip_by_nic) {
		sum = (u16)~fold(sum16(ip, ihl, 0));
		ip[10] = (u8)(sum >> 8);
		ip[11] = (u8)sum;
	}
	return len;
}

/* Does the frame's TCP/UDP checksum verify (the receiver's sum)? */
static bool l4_csum_ok(const u8 *f)
{
	const u8 *ip = f + 14;
	u32 ihl = (ip[0] & 15) * 4, l4len = (ip[2] << 8 | ip[3]) - ihl;

	return fold(sum16(ip + ihl, l4len, pseudo_sum(ip, l4len))) == 0xffff;
}

static bool ip_csum_ok(const u8 *f)
{
	return fold(sum16(f + 14, (f[14] & 15) * 4, 0)) == 0xffff;
}

/* The checksum field's offset in a frame built by csum_frame. */
static u32 l4_csum_at(const u8 *f)
{
	return 14 + (f[14] & 15) * 4 + (f[14 + 9] == TCP ? 16 : 6);
}

/*
 * Send f (split after its Ethernet header and 10 bytes into IP, so the
 * driver reads headers across buffers; nfrag > 3: in nfrag pieces,
 * through the bounce buffer) with flags; wait until it is on the wire and
 * completed; the wire's copy in out.
 */
static bool csum_send(struct ndl_adapter *ad, struct wire *w, const u8 *f,
		      u32 len, u32 nfrag, u32 flags)
{
	struct ndl_frag frags[24];
	u32 k, at = 0, sent = w->nout;

	if (nfrag <= 3) {
		frags[0] = (struct ndl_frag){ (void *)f, 14 };
		frags[1] = (struct ndl_frag){ (void *)(f + 14), 10 };
		frags[2] = (struct ndl_frag){ (void *)(f + 24), len - 24 };
		nfrag = 3;
	} else {
		for (k = 0; k < nfrag; k++) {
			u32 n = k == nfrag - 1 ? len - at : len / nfrag;

			frags[k] = (struct ndl_frag){ (void *)(f + at), n };
			at += n;
		}
	}
	if (ndl_adapter_send_ex(ad, frags, nfrag, (void *)f, flags, 0))
		return false;
	w->want_out = sent + 1;
	w->want_done = tap.ndone + 1;
	return run_until(wire_progress, w, 5000) && w->nout == sent + 1;
}

/* The frame went out, the same but for the bytes at skip[0..1] (or none). */
static bool same_but(const u8 *a, const u8 *b, u32 len, u32 skip)
{
	for (u32 i = 0; i < len; i++) {
		if (a[i] != b[i] && i != skip && i != skip + 1)
			return false;
	}
	return true;
}

#define TX_CSUM_V4_TCP	(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP)
#define TX_CSUM_V4_UDP	(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_UDP)

/*
 * Checksum offload end to end: the OID, then frames whose checksums the
 * simulated chip inserts from the driver's context and data descriptors,
 * checked on the wire with the receiver's sums.
 */
static void test_csum_offload(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_e1000);
	struct ndl_driver *drv = load_test_driver("e1000/ndle1000");
	static u8 out[WIRE_KEEP][1600], f[1514], g[1514], plain[1514];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_adapter_info info;
	struct ndl_csum_offload caps, on = { 0 };
	struct ndl_adapter *ad = NULL;
	u32 len, n, at, i, ctx;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_e1000_set_mac(sim, mac);
	ad = start(sim, drv, &info);
	if (!ad)
		goto out;
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED), 0);
	check_task_offload_oid(ad);

	/* The runtime's negotiation reads the same offer and turns it on. */
	ndl_adapter_csum_caps(ad, &caps);
	CHECK(caps.v4_tx == (NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS |
			     NDL_CSUM_TCP | NDL_CSUM_UDP | NDL_CSUM_IP) &&
	      !caps.v4_rx && !caps.v6_tx && !caps.v6_rx);
	on.v4_tx = NDL_CSUM_IP_OPTIONS | NDL_CSUM_TCP_OPTIONS | NDL_CSUM_TCP |
		   NDL_CSUM_UDP;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);

	/* TCP, then UDP, then TCP again: each its context descriptor. */
	ctx = ndl_sim_e1000_contexts(sim);
	for (i = 0; i < 3; i++) {
		u8 proto = i == 1 ? UDP : TCP;

		len = csum_frame(f, proto, 0, 0, 100 + i * 333, false, i);
		n = w.nout;
		CHECK(csum_send(ad, &w, f, len, 3, proto == TCP ?
				TX_CSUM_V4_TCP : TX_CSUM_V4_UDP));
		at = l4_csum_at(f);
		CHECK(out_len[n] == len && same_but(out[n], f, len, at));
		CHECK(l4_csum_ok(out[n]) && !l4_csum_ok(f));
	}
	CHECK_EQ_INT(ndl_sim_e1000_contexts(sim), ctx + 3);
	/* Two more, the chip's context still theirs; odd payloads. */
	for (i = 0; i < 2; i++) {
		len = csum_frame(f, TCP, 0, 0, 1 + i * 2, false, 10 + i);
		n = w.nout;
		CHECK(csum_send(ad, &w, f, len, 3, TX_CSUM_V4_TCP));
		CHECK(out_len[n] == len && l4_csum_ok(out[n]) &&
		      same_but(out[n], f, len, l4_csum_at(f)));
	}
	CHECK_EQ_INT(ndl_sim_e1000_contexts(sim), ctx + 3);

	/* IP and TCP options: the driver finds TCP by the header length. */
	len = csum_frame(f, TCP, 8, 12, 700, false, 20);
	n = w.nout;
	CHECK(csum_send(ad, &w, f, len, 3, TX_CSUM_V4_TCP));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) &&
	      same_but(out[n], f, len, l4_csum_at(f)) && ip_csum_ok(out[n]));
	len = csum_frame(f, UDP, 40, 0, 1400, false, 21);	/* IHL 15 */
	n = w.nout;
	CHECK(csum_send(ad, &w, f, len, 3, TX_CSUM_V4_UDP));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) &&
	      same_but(out[n], f, len, l4_csum_at(f)));

	/* Twenty fragments: one copy, its checksum still the chip's. */
	len = csum_frame(f, TCP, 0, 0, 1000, false, 22);
	n = w.nout;
	CHECK(csum_send(ad, &w, f, len, 20, TX_CSUM_V4_TCP));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) &&
	      same_but(out[n], f, len, l4_csum_at(f)));

	/* No request: the frame goes out as it came, pseudo-sum and all. */
	len = csum_frame(plain, TCP, 0, 0, 200, false, 23);
	n = w.nout;
	CHECK(csum_send(ad, &w, plain, len, 3, 0));
	CHECK(out_len[n] == len && !memcmp(out[n], plain, len));

	/*
	 * IP header checksums: all on in the runtime, but the miniport told
	 * (behind the runtime's back) TCP and UDP only: it must not insert
	 * the IP one, the field stays 0; TCP is done.
	 */
	on.v4_tx |= NDL_CSUM_IP;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(set_tx_csum(ad, CK_IP_OPTIONS | CK_TCP_OPTIONS | CK_TCP |
				 CK_UDP), NDIS_STATUS_SUCCESS);
	len = csum_frame(g, TCP, 4, 0, 60, true, 24);
	n = w.nout;
	CHECK(csum_send(ad, &w, g, len, 3, TX_CSUM_V4_TCP | NDL_TX_CSUM_IP));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) && !ip_csum_ok(out[n]) &&
	      same_but(out[n], g, len, l4_csum_at(g)));
	/* IP only in the miniport: TCP is not done, the IP checksum is. */
	CHECK_EQ_INT(set_tx_csum(ad, CK_IP_OPTIONS | CK_IP),
		     NDIS_STATUS_SUCCESS);
	n = w.nout;
	CHECK(csum_send(ad, &w, g, len, 3, TX_CSUM_V4_TCP | NDL_TX_CSUM_IP));
	CHECK(out_len[n] == len && ip_csum_ok(out[n]) && !l4_csum_ok(out[n]) &&
	      same_but(out[n], g, len, 24));
	/* Both, through the runtime again. */
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	n = w.nout;
	CHECK(csum_send(ad, &w, g, len, 3, TX_CSUM_V4_TCP | NDL_TX_CSUM_IP));
	at = l4_csum_at(g);
	CHECK(out_len[n] == len && ip_csum_ok(out[n]) && l4_csum_ok(out[n]) &&
	      same_but(out[n], g, at, 24) &&
	      !memcmp(out[n] + at + 2, g + at + 2, len - at - 2));

	/*
	 * A reset keeps what is on; the driver gives the chip its context
	 * again, the same as before the reset (a reset chip has none).
	 */
	len = csum_frame(f, UDP, 0, 0, 300, true, 28);
	for (i = 0; i < 2; i++) {
		if (i)
			CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
		ctx = ndl_sim_e1000_contexts(sim);
		n = w.nout;
		CHECK(csum_send(ad, &w, f, len, 3,
				TX_CSUM_V4_UDP | NDL_TX_CSUM_IP));
		CHECK(out_len[n] == len && l4_csum_ok(out[n]) &&
		      !ip_csum_ok(f) && ip_csum_ok(out[n]));
		CHECK_EQ_INT(ndl_sim_e1000_contexts(sim), ctx + 1);
	}

	/* A request the frame contradicts (not IPv4 TCP): failed, not sent. */
	make_frame(g, 100, peer, mac, 25);
	n = w.nout;
	CHECK(!csum_send(ad, &w, g, 100, 3, TX_CSUM_V4_TCP));
	CHECK(w.nout == n && tap.ndone > 0 &&
	      tap.done_status[tap.ndone - 1] == NDIS_STATUS_INVALID_PACKET);

	/* All off in the miniport: a request is not honoured any more. */
	CHECK_EQ_INT(set_tx_csum(ad, 0), NDIS_STATUS_SUCCESS);
	len = csum_frame(f, UDP, 0, 0, 80, false, 26);
	n = w.nout;
	CHECK(csum_send(ad, &w, f, len, 3, TX_CSUM_V4_UDP));
	CHECK(out_len[n] == len && !memcmp(out[n], f, len));
	/* All off through the runtime: it refuses such sends itself. */
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK(!csum_send(ad, &w, f, len, 3, TX_CSUM_V4_UDP));
	CHECK(w.nout == n + 1);

	/*
	 * Receive: the chip checks nothing (QEMU's e1000 neither), so a frame
	 * with a wrong TCP checksum comes up claiming no checksum result.
	 */
	n = tap.nframes;
	len = csum_frame(plain, TCP, 0, 0, 200, false, 27);
	memcpy(plain, mac, 6);
	memcpy(plain + 6, peer, 6);
	CHECK(ndl_sim_inject(sim, plain, len));
	w.want_in = n + 1;
	CHECK(run_until(wire_progress, &w, 500));
	CHECK(tap.nframes == n + 1 && !l4_csum_ok(tap.frames[n].data) &&
	      tap.frames[n].flags == 0);
	ndl_adapter_halt(ad);
out:
	test_teardown(ad, drv, sim);
}

/* ---- large send ---------------------------------------------------------- */

#define LSO_PAY		7000
/* The largest frame the runtime sends: 64 KiB with the headers. */
#define LSO_BIG		(0x10000 - 14 - 20 - LSO_TCP_HLEN)
#define CK_ALL_TX	(CK_IP_OPTIONS | CK_TCP_OPTIONS | CK_TCP | CK_UDP | CK_IP)

/*
 * A set as the TCP/IP transport makes it: the checksum task with these
 * IPv4 transmit checksums (none: no such task), then a large-send task
 * of this version and MaxOffLoadSize (0: no such task), two segments at
 * least, options allowed.
 */
static u32 set_tasks(struct ndl_adapter *ad, u32 v4tx, u32 version, u32 max)
{
	u8 b[ANSWER_LEN];
	u32 off = TOH_LEN, done, needed;
	u8 *t;

	task_header(b, v4tx || max ? TOH_LEN : 0);
	if (v4tx)
		off = csum_task(b, TOH_LEN, max ? TO_HLEN + CSUM_TASK_LEN : 0,
				v4tx, 0);
	if (max) {
		t = b + off;
		memset(t, 0, TO_HLEN + LSO_TASK_LEN);
		wr32(t, TASK_OFFLOAD_VERSION);
		wr32(t + 4, TO_SIZE);
		wr32(t + 8, TASK_LARGE_SEND);
		wr32(t + 16, LSO_TASK_LEN);
		wr32(t + 20, version);
		wr32(t + 24, max);
		wr32(t + 28, 2);
		t[32] = 1;
		t[33] = 1;
		off += TO_HLEN + LSO_TASK_LEN;
	}
	return ndl_adapter_set(ad, OID_TCP_TASK_OFFLOAD, b, off, &done,
			       &needed);
}

/*
 * Large send end to end: what the runtime reads of the offer and turns
 * on, TCP packets through its NDIS 5 path (MSS in TcpLargeSendPacketInfo,
 * headers as the transport leaves them) segmented by the simulated chip
 * from the driver's TSE context, each segment checked; the payload bytes
 * the miniport writes back (the runtime's tx_lso_bytes) and its own
 * counters; refused while off, and beyond the limit turned on.
 */
static void test_large_send(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_e1000);
	struct ndl_driver *drv = load_test_driver("e1000/ndle1000");
	static u8 out[WIRE_KEEP][1600], f[0x10000], g[1514];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_csum_offload caps, on;
	struct ndl_adapter *ad = NULL;
	u32 hdr, req, len, n;
	u64 count, lin;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_e1000_set_mac(sim, mac);
	ad = start(sim, drv, &info);
	if (!ad)
		goto out;
	CHECK(info.single_buffer_sends);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED), 0);

	/* The offer as the runtime reads it: IPv4, NDIS 5's (not LSOv2). */
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.lso_v4.max_size, LSO_MAX_OFFLOAD);
	CHECK_EQ_INT(caps.lso_v4.min_segs, 2);
	CHECK_EQ_INT(caps.lso_v4.flags, NDL_LSO_TCP_OPTIONS |
		     NDL_LSO_IP_OPTIONS);
	CHECK_EQ_INT(caps.lso_v6.max_size, 0);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &caps), NDIS_STATUS_SUCCESS);
	ndl_adapter_csum_enabled(ad, &on);
	CHECK_EQ_INT(on.lso_v4.max_size, LSO_MAX_OFFLOAD);
	/* Not what it offered: a version but 0, a larger payload. */
	CHECK_EQ_INT(set_tasks(ad, 0, 1, 1000), NDIS_STATUS_NOT_SUPPORTED);
	CHECK_EQ_INT(set_tasks(ad, 0, 0, LSO_MAX_OFFLOAD + 1),
		     NDIS_STATUS_NOT_SUPPORTED);

	/*
	 * The largest frame the runtime sends, in as many fragments as it
	 * takes (more than the 16 a frame may have before it is copied):
	 * with single-buffer sends (the runtime's default here), a large
	 * send still goes as mapped, not copied.
	 */
	ndl_adapter_stats(ad, &st);
	lin = st.tx_linearized;
	hdr = lso_packet(f, false, LSO_BIG, peer, mac);
	w.nout = 0;
	CHECK_EQ_INT(lso_send(ad, &w, f, hdr, LSO_BIG, NDL_TX_MAX_FRAGS, 0),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(w.nout, (LSO_BIG + LSO_MSS - 1) / LSO_MSS);
	CHECK_EQ_INT(lso_check(out, out_len, 0, w.nout, f, false, LSO_BIG), 0);
	CHECK_EQ_INT(ndl_sim_e1000_tso_packets(sim), 1);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 1);
	CHECK_EQ_INT(st.tx_lso_bytes, LSO_BIG);	/* written back */
	CHECK_EQ_INT(st.tx_linearized, lin);
	CHECK_EQ_INT(st.tx_multi_buffer, 1);

	/* A smaller one; a checksummed frame after it gets its context. */
	hdr = lso_packet(f, false, LSO_PAY, peer, mac);
	w.nout = 0;
	CHECK_EQ_INT(lso_send(ad, &w, f, hdr, LSO_PAY, 4, 0),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(w.nout, (LSO_PAY + LSO_MSS - 1) / LSO_MSS);
	CHECK_EQ_INT(lso_check(out, out_len, 0, w.nout, f, false, LSO_PAY), 0);
	len = csum_frame(g, TCP, 0, 0, 500, false, 30);
	n = w.nout;
	CHECK(csum_send(ad, &w, g, len, 3, TX_CSUM_V4_TCP));
	CHECK(out_len[n] == len && l4_csum_ok(out[n]) &&
	      same_but(out[n], g, len, l4_csum_at(g)));
	CHECK(query_counter(ad, E1K_OID_LSO_PACKETS, &count) && count == 2);
	CHECK(query_counter(ad, E1K_OID_LSO_BYTES, &count) &&
	      count == LSO_BIG + LSO_PAY);

	/*
	 * Large send off in the miniport behind the runtime's back: such a
	 * packet fails, nothing on the wire. On again with a smaller limit:
	 * a larger packet fails, a smaller one goes.
	 */
	CHECK_EQ_INT(set_tasks(ad, CK_ALL_TX, 0, 0), NDIS_STATUS_SUCCESS);
	hdr = lso_packet(f, false, LSO_PAY, peer, mac);
	n = w.nout;
	CHECK_EQ_INT(lso_send(ad, &w, f, hdr, LSO_PAY, 4, 0),
		     NDIS_STATUS_FAILURE);
	CHECK_EQ_INT(w.nout, n);
	CHECK_EQ_INT(set_tasks(ad, CK_ALL_TX, 0, 5000), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(lso_send(ad, &w, f, hdr, LSO_PAY, 4, 0),
		     NDIS_STATUS_INVALID_PACKET);
	CHECK_EQ_INT(w.nout, n);
	hdr = lso_packet(f, false, 4000, peer, mac);
	w.nout = 0;
	CHECK_EQ_INT(lso_send(ad, &w, f, hdr, 4000, 4, 0),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(lso_check(out, out_len, 0, w.nout, f, false, 4000), 0);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 3);
	CHECK_EQ_INT(st.tx_lso_bytes, LSO_BIG + LSO_PAY + 4000);

	/* All off through the runtime: it refuses large sends itself. */
	req = ndl_adapter_lso_request(ad, f, hdr, hdr + 4000, LSO_MSS);
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, hdr, hdr + 4000, LSO_MSS),
		     0);
	CHECK_EQ_INT(lso_send(ad, &w, f, hdr, 4000, 4, req),
		     NDIS_STATUS_FAILURE);
	CHECK(query_counter(ad, E1K_OID_LSO_PACKETS, &count) && count == 3);
	ndl_adapter_halt(ad);
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
	ndl_mem_stats(&mem_base);
	/* MMIO reaches the model through deliberate faults the host traps. */
	if (getenv("NDL_TEST_UNDER_VALGRIND")) {
		printf("SKIP: test_traffic (its trapped MMIO faults are valgrind errors)\n");
		printf("SKIP: test_bad_eeprom_shutdown (its trapped MMIO faults are valgrind errors)\n");
		printf("SKIP: test_csum_offload (its trapped MMIO faults are valgrind errors)\n");
		printf("SKIP: test_large_send (its trapped MMIO faults are valgrind errors)\n");
		return test_exit() | CHECK_EXIT_CODE();
	}
	tap_reset(&tap);
	RUN(test_traffic);
	tap_reset(&tap);
	RUN(test_bad_eeprom_shutdown);
	tap_reset(&tap);
	RUN(test_csum_offload);
	tap_reset(&tap);
	RUN(test_large_send);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
