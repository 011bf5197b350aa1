// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 5 checksum offload, as Microsoft documents OID_TCP_TASK_OFFLOAD:
 * the query carries an NDIS_TASK_OFFLOAD_HEADER (version 1, 802.3, a
 * fixed 14-byte header) and gets it back followed by NDIS_TASK_OFFLOAD
 * entries chained by OffsetNextTask; the set carries the header and the
 * tasks to enable (OffsetFirstTask 0: all off). Checked with the fake
 * miniport (ndis_fakemp.c): the buffers it sees, the capabilities read
 * from its answers (well-formed, chained, larger than the first buffer,
 * malformed), what sends may ask once offload is on, the per-packet info
 * that reaches it.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;

/* The documented x64 layouts, written out here independently. */
#define HDR_LEN		28	/* NDIS_TASK_OFFLOAD_HEADER */
#define TASK_FIXED	20	/* NDIS_TASK_OFFLOAD up to TaskBuffer */
#define TASK_SIZE	24	/* sizeof(NDIS_TASK_OFFLOAD) */
#define CSUM_LEN	16	/* NDIS_TASK_TCP_IP_CHECKSUM */
#define TASK_CSUM	0	/* TcpIpChecksumNdisTask */
#define TASK_LSO	2	/* TcpLargeSendNdisTask */

static u32 rd32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, 4);
	return v;
}

static void wr32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static void put_header(u8 *b, u32 first)
{
	memset(b, 0, HDR_LEN);
	wr32(b, 1);
	wr32(b + 4, HDR_LEN);
	wr32(b + 12, first);
	wr32(b + 16, 2);	/* IEEE_802_3_Encapsulation */
	wr32(b + 20, 1);	/* FixedHeaderSize */
	wr32(b + 24, 14);
}

/* A task at off with a buffer of len bytes; returns the next offset. */
static u32 put_task(u8 *b, u32 off, u32 task, u32 version, u32 next,
		    const void *buf, u32 len)
{
	wr32(b + off, version);
	wr32(b + off + 4, TASK_SIZE);
	wr32(b + off + 8, task);
	wr32(b + off + 12, next);
	wr32(b + off + 16, len);
	memcpy(b + off + TASK_FIXED, buf, len);
	return off + TASK_FIXED + len;
}

/* The fake answers one checksum task offering these four words. */
static void offer_csum(u32 v4tx, u32 v4rx, u32 v6tx, u32 v6rx)
{
	u32 c[4] = { v4tx, v4rx, v6tx, v6rx };

	put_header(fm.task_answer, HDR_LEN);
	fm.task_answer_len = put_task(fm.task_answer, HDR_LEN, TASK_CSUM, 0,
				      0, c, sizeof(c));
}

static bool start(void)
{
	struct ndl_adapter_info info;

	drv = fm_begin();
	if (!drv || fm_register(drv) != NDIS_STATUS_SUCCESS)
		return false;
	ad = tap_adapter(drv, NULL, NULL, &tap);
	return ad && !ndl_adapter_initialize(ad, &info, NULL);
}

static void teardown(void)
{
	fm_stop(&ad, &drv, NULL);
	CHECK_EQ_INT(fm.reentries, 0);
	CHECK_EQ_INT(fm.bad_irql, 0);
}

static int send_flags(u32 flags)
{
	static u8 f[64];
	struct ndl_frag fr = { f, sizeof(f) };

	return ndl_adapter_send_ex(ad, &fr, 1, f, flags, 0);
}

static bool caps_equal(const struct ndl_csum_offload *c, u8 v4tx, u8 v4rx,
		       u8 v6tx, u8 v6rx)
{
	return c->v4_tx == v4tx && c->v4_rx == v4rx && c->v6_tx == v6tx &&
	       c->v6_rx == v6rx;
}

/* The query brings the documented header; no answer: nothing offered. */
static void test_no_offload(void)
{
	struct ndl_csum_offload caps, on = { .v4_tx = NDL_CSUM_TCP };
	struct ndl_adapter_stats st;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	ndl_adapter_csum_caps(ad, &caps);
	CHECK(caps_equal(&caps, 0, 0, 0, 0));
	CHECK_EQ_INT(fm.task_queries, 1);
	/* no offload is no refusal: nothing for ndisload doctor to report */
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.oid_refused, 0);
	CHECK(fm.task_query_len >= HDR_LEN);
	CHECK_EQ_INT(rd32(fm.task_query), 1);		/* Version */
	CHECK_EQ_INT(rd32(fm.task_query + 4), HDR_LEN);	/* Size */
	CHECK_EQ_INT(rd32(fm.task_query + 12), 0);	/* OffsetFirstTask */
	CHECK_EQ_INT(rd32(fm.task_query + 16), 2);	/* 802.3 */
	CHECK_EQ_INT(rd32(fm.task_query + 20) & 1, 1);	/* FixedHeaderSize */
	CHECK_EQ_INT(rd32(fm.task_query + 24), 14);
	/* Nothing to turn on: refused without a set; off is no error. */
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on),
		     NDIS_STATUS_NOT_SUPPORTED);
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.task_sets, 0);
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP),
		     -NDL_EINVAL);
	CHECK_EQ_INT(send_flags(0), 0);
out:
	teardown();
}

/*
 * The checksum task found behind another one, in an answer longer than
 * the first buffer (BUFFER_TOO_SHORT with BytesNeeded, then again).
 */
static void test_caps_chained_and_long(void)
{
	static const u8 lso[12] = { 0 };	/* NDIS_TASK_TCP_LARGE_SEND */
	u32 c[4] = { 0x1f, 0x0c, 0x0f, 0x0c }, off;
	struct ndl_csum_offload caps;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	put_header(fm.task_answer, HDR_LEN);
	/* the large-send task, then padding, then the checksum task */
	put_task(fm.task_answer, HDR_LEN, TASK_LSO, 0, 200, lso, sizeof(lso));
	off = put_task(fm.task_answer, HDR_LEN + 200, TASK_CSUM, 0, 0, c,
		       sizeof(c));
	fm.task_answer_len = off;
	CHECK(off > 256);	/* more than the runtime's first buffer */
	ndl_adapter_csum_caps(ad, &caps);
	CHECK(caps_equal(&caps, 0x1f, 0x0c, 0x0f, 0x0c));
	CHECK_EQ_INT(fm.task_queries, 2);
	/* An IPv6 "IP checksum" bit does not exist: masked out. */
	c[2] = 0x1f;
	put_task(fm.task_answer, HDR_LEN + 200, TASK_CSUM, 0, 0, c, sizeof(c));
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.v6_tx, 0x0f);
out:
	teardown();
}

/* Offsets and lengths from the miniport are checked, never trusted. */
static void test_caps_malformed(void)
{
	static const struct {
		u32 first, task_len, next;
		const char *what;
	} bad[] = {
		{ 1000, CSUM_LEN, 0, "OffsetFirstTask past the answer" },
		{ 8, CSUM_LEN, 0, "OffsetFirstTask inside the header" },
		{ HDR_LEN, 4000, 0, "TaskBufferLength past the answer" },
		{ HDR_LEN, 8, 0, "checksum task too short" },
	};
	u32 c[4] = { 0x0c, 0, 0, 0 };
	struct ndl_csum_offload caps;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	for (u32 i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		offer_csum(0x0c, 0, 0, 0);
		wr32(fm.task_answer + 12, bad[i].first);
		wr32(fm.task_answer + HDR_LEN + 16, bad[i].task_len);
		ndl_adapter_csum_caps(ad, &caps);
		if (!caps_equal(&caps, 0, 0, 0, 0)) {
			CHECK(!"malformed answer refused");
			printf("  case: %s\n", bad[i].what);
		}
	}
	/* a chain of tasks that never ends is cut off */
	put_header(fm.task_answer, HDR_LEN);
	for (u32 off = HDR_LEN; off + TASK_FIXED + 4 <= 248; off += 24)
		fm.task_answer_len = put_task(fm.task_answer, off, TASK_LSO, 0,
					      24, c, 4);
	ndl_adapter_csum_caps(ad, &caps);
	CHECK(caps_equal(&caps, 0, 0, 0, 0));
out:
	teardown();
}

/*
 * The set carries the header, one checksum task of the version offered
 * and exactly what is asked within what was offered; sends may then ask
 * for those checksums only, and the miniport gets them as per-packet
 * info (the NDIS_TCP_IP_CHECKSUM_PACKET_INFO Transmit bits).
 */
static void test_enable_and_send(void)
{
	struct ndl_csum_offload on = {
		.v4_tx = NDL_CSUM_TCP | NDL_CSUM_UDP | NDL_CSUM_IP,
		.v6_tx = NDL_CSUM_TCP, .v6_rx = NDL_CSUM_TCP,
	}, now;
	static u8 f[64];
	struct ndl_frag fr = { f, sizeof(f) };

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	/* offered: v4 tx TCP, UDP, IP, options; v6 rx TCP; version 3 */
	offer_csum(0x1f, 0, 0, NDL_CSUM_TCP);
	wr32(fm.task_answer + HDR_LEN, 3);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.task_sets, 1);
	CHECK_EQ_INT(fm.task_set_len, HDR_LEN + TASK_FIXED + CSUM_LEN);
	CHECK_EQ_INT(rd32(fm.task_set), 1);
	CHECK_EQ_INT(rd32(fm.task_set + 4), HDR_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + 12), HDR_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + 16), 2);
	CHECK_EQ_INT(rd32(fm.task_set + 24), 14);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN), 3);		/* Version */
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 4), TASK_SIZE);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 8), TASK_CSUM);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 12), 0);	/* last */
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 16), CSUM_LEN);
	/* v6 tx was not offered: not asked for */
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + TASK_FIXED), 0x1c);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + TASK_FIXED + 4), 0);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + TASK_FIXED + 8), 0);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + TASK_FIXED + 12),
		     NDL_CSUM_TCP);
	ndl_adapter_csum_enabled(ad, &now);
	CHECK(caps_equal(&now, 0x1c, 0, 0, NDL_CSUM_TCP));

	CHECK_EQ_INT(ndl_adapter_send_ex(ad, &fr, 1, f, NDL_TX_CSUM_IPV4 |
					 NDL_TX_CSUM_TCP | NDL_TX_CSUM_IP |
					 NDL_TX_VLAN, 3 << 13 | 100), 0);
	CHECK_EQ_INT(fm.last_csum, 0x15);
	CHECK_EQ_INT(fm.last_vlan, 3 | 100 << 4);
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_UDP), 0);
	CHECK_EQ_INT(fm.last_csum, 0x09);
	CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f), 0);
	CHECK_EQ_INT(fm.last_csum, 0);
	CHECK_EQ_INT(fm.last_vlan, 0);
	/* not turned on, or not one IP version: refused, never sent */
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV6 | NDL_TX_CSUM_TCP),
		     -NDL_EINVAL);
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV6 | NDL_TX_CSUM_IP),
		     -NDL_EINVAL);
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_TCP), -NDL_EINVAL);
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_IPV6 |
				NDL_TX_CSUM_TCP), -NDL_EINVAL);

	/* all off: the header alone, OffsetFirstTask 0 */
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.task_set_len, HDR_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + 12), 0);
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP),
		     -NDL_EINVAL);
out:
	teardown();
}

/* A set the miniport fails leaves everything off. */
static void test_enable_refused(void)
{
	struct ndl_csum_offload on = { .v4_tx = NDL_CSUM_TCP }, now;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	offer_csum(NDL_CSUM_TCP, 0, 0, 0);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	fm.task_set_status = NDIS_STATUS_INVALID_DATA;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on),
		     NDIS_STATUS_INVALID_DATA);
	ndl_adapter_csum_enabled(ad, &now);
	CHECK(caps_equal(&now, 0, 0, 0, 0));
	CHECK_EQ_INT(send_flags(NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP),
		     -NDL_EINVAL);
out:
	teardown();
}

/* A frame's first bytes: Ethernet, IPv4 (ihl words) or IPv6, TCP/UDP. */
static u32 frame(u8 *f, u16 type, u32 ihl, u8 proto, u32 doff)
{
	u32 l4;

	memset(f, 0, 128);
	f[12] = type >> 8;
	f[13] = type & 0xff;
	if (type == 0x0800) {
		f[14] = 0x40 | ihl;
		f[14 + 9] = proto;
		l4 = 14 + ihl * 4;
	} else {
		f[14] = 0x60;
		f[14 + 6] = proto;
		l4 = 14 + 40;
	}
	f[l4 + 12] = doff << 4;
	return l4;
}

/*
 * Which partial checksums the miniport can finish: as turned on, with
 * the IP header right after a plain 14-byte header, no IPv6 extension
 * headers, options only where offered, the headers in the first buffer.
 */
static void test_request(void)
{
	struct ndl_csum_offload on = {
		.v4_tx = NDL_CSUM_TCP | NDL_CSUM_UDP,
		.v6_tx = NDL_CSUM_TCP | NDL_CSUM_TCP_OPTIONS,
	};
	const u32 v4tcp = NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_TCP;
	u8 f[128];
	u32 l4;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	offer_csum(0x1f, 0, 0x0f, 0);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	l4 = frame(f, 0x0800, 5, 6, 5);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 16), v4tcp);
	/* the field must be in the first buffer */
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, l4 + 17, l4, 16), 0);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, l4 + 18, l4, 16), v4tcp);
	/* a field elsewhere than TCP's, or a start not after the IP header */
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 6), 0);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4 + 4, 16), 0);
	/* TCP options and IP options: not turned on for IPv4 */
	l4 = frame(f, 0x0800, 5, 6, 8);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 16), 0);
	l4 = frame(f, 0x0800, 6, 6, 5);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 16), 0);
	l4 = frame(f, 0x0800, 5, 17, 0);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 6),
		     NDL_TX_CSUM_IPV4 | NDL_TX_CSUM_UDP);
	/* IPv6: TCP with options on, UDP off, extension headers never */
	l4 = frame(f, 0x86dd, 0, 6, 8);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 16),
		     NDL_TX_CSUM_IPV6 | NDL_TX_CSUM_TCP);
	l4 = frame(f, 0x86dd, 0, 17, 0);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 6), 0);
	l4 = frame(f, 0x86dd, 0, 0, 5);	/* hop-by-hop first */
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4 + 8, 16), 0);
	/* an 802.1Q tag in the frame: the IP header is not at 14 */
	l4 = frame(f, 0x8100, 0, 6, 5);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, 38, 16), 0);
	/* everything off: nothing */
	memset(&on, 0, sizeof(on));
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	l4 = frame(f, 0x0800, 5, 6, 5);
	CHECK_EQ_INT(ndl_adapter_csum_request(ad, f, 128, l4, 16), 0);
out:
	teardown();
}

/* ---- large send (NDIS 5: NDIS_TASK_TCP_LARGE_SEND, TcpLargeSendPacketInfo) */

#define LSO_LEN		16	/* NDIS_TASK_TCP_LARGE_SEND, padded */

/* The fake answers a checksum task and a large-send task. */
static void offer_csum_lso(u32 v4tx, u32 lso_version, u32 max, u32 min,
			   u8 tcp_opts, u8 ip_opts)
{
	u32 c[4] = { v4tx, 0, 0, 0 };
	u8 l[LSO_LEN] = { 0 };
	u32 off;

	wr32(l, lso_version);
	wr32(l + 4, max);
	wr32(l + 8, min);
	l[12] = tcp_opts;
	l[13] = ip_opts;
	put_header(fm.task_answer, HDR_LEN);
	off = put_task(fm.task_answer, HDR_LEN, TASK_CSUM, 0,
		       TASK_FIXED + sizeof(c), c, sizeof(c));
	fm.task_answer_len = put_task(fm.task_answer, off, TASK_LSO, 0, 0, l,
				      sizeof(l));
}

/* The large-send task read as documented; version other than 0: unused. */
static void test_lso_caps(void)
{
	struct ndl_csum_offload caps;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	offer_csum_lso(0x1f, 0, 48000, 3, 1, 0);
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.v4_tx, 0x1f);
	CHECK_EQ_INT(caps.lso_v4.max_size, 48000);
	CHECK_EQ_INT(caps.lso_v4.min_segs, 3);
	CHECK_EQ_INT(caps.lso_v4.flags, NDL_LSO_TCP_OPTIONS);
	CHECK_EQ_INT(caps.lso_v6.max_size, 0);
	offer_csum_lso(0x1f, 0, 48000, 3, 0, 1);
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.lso_v4.flags, NDL_LSO_IP_OPTIONS);
	/* Version must be 0 */
	offer_csum_lso(0x1f, 1, 48000, 3, 1, 1);
	ndl_adapter_csum_caps(ad, &caps);
	CHECK_EQ_INT(caps.lso_v4.max_size, 0);
	CHECK_EQ_INT(caps.v4_tx, 0x1f);
out:
	teardown();
}

/* An Ethernet + IPv4 (10.0.0.1 -> 10.0.0.2) + TCP frame as Linux's TSO
 * leaves it: Total Length of the whole packet, a checksum seed with it.
 */
static u32 tso_frame4(u8 *f, u32 ihl, u32 doff, u32 payload)
{
	u32 l4 = frame(f, 0x0800, ihl, 6, doff), len = l4 + doff * 4 + payload;

	f[14 + 2] = (len - 14) >> 8;
	f[14 + 3] = (len - 14) & 0xff;
	f[14 + 12] = 10;
	f[14 + 15] = 1;
	f[14 + 16] = 10;
	f[14 + 19] = 2;
	f[l4 + 13] = 0x18;	/* ACK, PSH */
	f[l4 + 16] = 0xaa;
	f[l4 + 17] = 0xbb;
	return len;
}

/*
 * The set carries the checksum task then the large-send task (version 0,
 * the offered parameters); a large send carries its MSS in
 * TcpLargeSendPacketInfo and no checksum request, its headers as the
 * transport leaves them (Total Length of the large packet, the
 * pseudo-header sum without the length); the bytes the miniport writes
 * back are counted; off: refused.
 */
static void test_lso_enable_and_send(void)
{
	struct ndl_csum_offload on = { .v4_tx = NDL_CSUM_TCP }, now;
	static u8 f[0x10000];
	struct ndl_frag fr[2] = { { f, 0 }, { f + 100, 0 } };
	struct ndl_adapter_stats st;
	u32 off, len, req;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	offer_csum_lso(0x1f, 0, 48000, 2, 0, 0);
	on.lso_v4.max_size = 1;		/* on: the offered parameters */
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	off = HDR_LEN + TASK_FIXED + CSUM_LEN;
	CHECK_EQ_INT(fm.task_set_len, off + TASK_FIXED + LSO_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + 12), HDR_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 8), TASK_CSUM);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 12), TASK_FIXED + CSUM_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + off), 0);		/* Version */
	CHECK_EQ_INT(rd32(fm.task_set + off + 4), TASK_SIZE);
	CHECK_EQ_INT(rd32(fm.task_set + off + 8), TASK_LSO);
	CHECK_EQ_INT(rd32(fm.task_set + off + 12), 0);		/* last */
	CHECK_EQ_INT(rd32(fm.task_set + off + 16), LSO_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + off + TASK_FIXED), 0);
	CHECK_EQ_INT(rd32(fm.task_set + off + TASK_FIXED + 4), 48000);
	CHECK_EQ_INT(rd32(fm.task_set + off + TASK_FIXED + 8), 2);
	CHECK_EQ_INT(fm.task_set[off + TASK_FIXED + 12], 0);
	CHECK_EQ_INT(fm.task_set[off + TASK_FIXED + 13], 0);
	ndl_adapter_csum_enabled(ad, &now);
	CHECK_EQ_INT(now.lso_v4.max_size, 48000);

	len = tso_frame4(f, 5, 5, 4000);
	req = ndl_adapter_lso_request(ad, f, 100, len, 1460);
	CHECK_EQ_INT(req, NDL_TX_LSO | NDL_TX_CSUM_IPV4 |
		     1460 << NDL_TX_LSO_MSS_SHIFT);
	ndl_lso_headers(f, len, req);
	CHECK_EQ_INT(f[16] << 8 | f[17], len - 14);	/* Total Length */
	/* 0x0a00 + 0x0001 + 0x0a00 + 0x0002 + 6, no TCP length */
	CHECK_EQ_INT(f[34 + 16] << 8 | f[34 + 17], 0x1409);
	fr[0].len = 100;
	fr[1].len = len - 100;
	fm.lso_sent = 4000;
	CHECK_EQ_INT(ndl_adapter_send_ex(ad, fr, 2, f, req, 0), 0);
	CHECK_EQ_INT(fm.last_lso, 1460);
	CHECK_EQ_INT(fm.last_csum, 0);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 0);	/* counted when completed */
	fm_complete_one(NDIS_STATUS_SUCCESS);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_lso, 1);
	CHECK_EQ_INT(st.tx_lso_bytes, 4000);
	/* an ordinary send after it carries no MSS */
	CHECK_EQ_INT(send_flags(0), 0);
	CHECK_EQ_INT(fm.last_lso, 0);
	/* a large send with a checksum request, or no MSS: refused */
	CHECK_EQ_INT(send_flags(req | NDL_TX_CSUM_TCP), -NDL_EINVAL);
	CHECK_EQ_INT(send_flags(NDL_TX_LSO | NDL_TX_CSUM_IPV4), -NDL_EINVAL);
	CHECK_EQ_INT(send_flags(req | NDL_TX_LSO_V2), -NDL_EINVAL);
	CHECK_EQ_INT(send_flags((req & ~NDL_TX_CSUM_IPV4) | NDL_TX_CSUM_IPV6),
		     -NDL_EINVAL);

	/* checksums on, large send off: the checksum task alone */
	on.lso_v4.max_size = 0;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.task_set_len, HDR_LEN + TASK_FIXED + CSUM_LEN);
	CHECK_EQ_INT(send_flags(req), -NDL_EINVAL);
	len = tso_frame4(f, 5, 5, 4000);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 100, len, 1460), 0);
	/* the large send alone */
	on.v4_tx = 0;
	on.lso_v4.max_size = 1;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.task_set_len, HDR_LEN + TASK_FIXED + LSO_LEN);
	CHECK_EQ_INT(rd32(fm.task_set + HDR_LEN + 8), TASK_LSO);
	/* a failed set leaves it off */
	fm.task_set_status = NDIS_STATUS_INVALID_DATA;
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on),
		     NDIS_STATUS_INVALID_DATA);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 100, len, 1460), 0);
	CHECK_EQ_INT(send_flags(req), -NDL_EINVAL);
out:
	teardown();
}

/*
 * Which TCP packets the miniport may segment: as the transport offloads
 * them (TCP only, at least MinSegmentCount segments, at most
 * MaxOffLoadSize payload bytes, no fragment, no SYN/RST/URG, options only
 * where offered, headers in the first buffer).
 */
static void test_lso_request(void)
{
	struct ndl_csum_offload on = { .lso_v4.max_size = 1 };
	static u8 f[0x10000];
	u32 len;

	if (!start()) {
		CHECK(!"the fake miniport starts");
		goto out;
	}
	offer_csum_lso(0, 0, 8000, 3, 0, 0);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	len = tso_frame4(f, 5, 5, 3000);
	CHECK(ndl_adapter_lso_request(ad, f, 54, len, 1000));
	/* the TCP header not all in the first buffer */
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 53, len, 1000), 0);
	/* fewer than MinSegmentCount segments; more than MaxOffLoadSize */
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 54, len, 1500), 0);
	CHECK(ndl_adapter_lso_request(ad, f, 54, 54 + 8000, 1000));
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 54, 54 + 8001, 1000), 0);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 54, len, 0), 0);
	/* options not offered */
	len = tso_frame4(f, 5, 8, 3000);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	len = tso_frame4(f, 6, 5, 3000);
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	/* SYN, RST, URG; a fragment; UDP; not IP after 14 bytes */
	len = tso_frame4(f, 5, 5, 3000);
	f[34 + 13] = 0x12;
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	f[34 + 13] = 0x14;
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	f[34 + 13] = 0x30;
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	f[34 + 13] = 0x10;
	f[14 + 6] = 0x20;	/* MF */
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	f[14 + 6] = 0;
	f[14 + 9] = 17;
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	f[14 + 9] = 6;
	f[12] = 0x81;
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	f[12] = 0x08;
	CHECK(ndl_adapter_lso_request(ad, f, 128, len, 1000));
	/* NDIS 5's large send is IPv4's only */
	len = frame(f, 0x86dd, 0, 6, 5) + 20 + 3000;
	CHECK_EQ_INT(ndl_adapter_lso_request(ad, f, 128, len, 1000), 0);
	/* options where offered */
	offer_csum_lso(0, 0, 8000, 3, 1, 1);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &on), NDIS_STATUS_SUCCESS);
	len = tso_frame4(f, 6, 8, 3000);
	CHECK(ndl_adapter_lso_request(ad, f, 128, len, 1000));
out:
	teardown();
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_no_offload);
	RUN(test_caps_chained_and_long);
	RUN(test_caps_malformed);
	RUN(test_enable_and_send);
	RUN(test_enable_refused);
	RUN(test_request);
	RUN(test_lso_caps);
	RUN(test_lso_enable_and_send);
	RUN(test_lso_request);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
