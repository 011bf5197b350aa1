// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of ndisload-host's receive coalescing (host/rx_merge.c)
 * against what Linux does with the result: a GSO frame is cut back into
 * gso_size segments, each with the first one's headers, its sequence
 * number moved on, and the checksum completed from csum_start (the
 * pseudo-header sum in the field). Every segment must come out as the
 * miniport indicated it, and only segments GRO would merge are merged.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rx_merge.h"

#define MSS	1448
#define HLEN	(14 + 20 + 32)	/* TCP with the timestamp option */

static struct rx_merge m;

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint32_t sum(const uint8_t *p, uint32_t n, uint32_t s)
{
	for (uint32_t i = 0; i < n; i++)
		s += i & 1 ? p[i] : (uint32_t)p[i] << 8;
	return s;
}

static uint16_t fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

/* The TCP checksum of a whole segment over its pseudo header: valid? */
static bool tcp_csum_ok(const uint8_t *f, uint32_t len)
{
	uint32_t tl = len - 34, s = sum(f + 26, 8, 6 + tl);

	return fold(sum(f + 34, tl, s)) == 0xffff;
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v >> 16);
	put16(p + 2, v);
}

/* A segment as a miniport indicates it, both checksums right. */
static uint32_t segment(uint8_t *f, uint32_t seq, uint16_t id, bool df,
			uint32_t payload, uint8_t flags)
{
	uint32_t len = HLEN + payload;

	memset(f, 0, HLEN);
	memcpy(f, "\x52\x54\x00\x12\x34\x56\x52\x54\x00\x12\x34\x57\x08\x00",
	       14);
	f[14] = 0x45;
	put16(f + 16, len - 14);
	put16(f + 18, id);
	f[20] = df ? 0x40 : 0;
	f[22] = 64;
	f[23] = 6;
	memcpy(f + 26, "\x0a\x00\x02\x02\x0a\x00\x02\x0f", 8);
	put16(f + 24, (uint16_t)~fold(sum(f + 14, 20, 0)));
	put16(f + 34, 80);
	put16(f + 36, 40000);
	put32(f + 38, seq);
	put32(f + 42, 777);
	f[46] = 8 << 4;
	f[47] = flags;
	put16(f + 48, 502);
	memcpy(f + 54, "\x01\x01\x08\x0a\x00\x00\x10\x00\x00\x00\x20\x00", 12);
	for (uint32_t i = 0; i < payload; i++)
		f[HLEN + i] = (uint8_t)(seq + i);
	put16(f + 50, (uint16_t)~fold(sum(f + 34, len - 34,
					  sum(f + 26, 8, 6 + len - 34))));
	return len;
}

/*
 * Cut a taken frame as Linux does and compare each piece with frames[i]:
 * the same bytes; the IP ID counts up from the first one's, but where
 * DF makes it free (Linux does not look at it then).
 */
static void check_resegments(const struct iovec *iov, uint8_t (*frames)[2048],
			     const uint32_t *lens, uint32_t n)
{
	const struct virtio_net_hdr *vh = iov[0].iov_base;
	uint8_t *f = iov[1].iov_base, seg[2048];
	uint32_t len = (uint32_t)iov[1].iov_len, off = HLEN;

	CHECK_EQ_INT(vh->flags, VIRTIO_NET_HDR_F_NEEDS_CSUM);
	CHECK_EQ_INT(vh->gso_type, VIRTIO_NET_HDR_GSO_TCPV4);
	CHECK_EQ_INT(vh->gso_size, MSS);
	CHECK_EQ_INT(vh->hdr_len, HLEN);
	CHECK_EQ_INT(vh->csum_start, 34);
	CHECK_EQ_INT(vh->csum_offset, 16);
	CHECK_EQ_INT(be16(f + 16), len - 14);
	CHECK_EQ_INT(fold(sum(f + 14, 20, 0)), 0xffff);
	/* The whole frame's checksum, completed from csum_start, is right. */
	put16(f + 50, (uint16_t)~fold(sum(f + 34, len - 34, 0)));
	CHECK(tcp_csum_ok(f, len));
	put16(f + 50, fold(sum(f + 26, 8, 6 + len - 34)));
	for (uint32_t i = 0; i < n; i++) {
		uint32_t pl = len - off < MSS ? len - off : MSS;

		CHECK_EQ_INT(HLEN + pl, lens[i]);
		if (HLEN + pl != lens[i])
			return;
		memcpy(seg, f, HLEN);
		memcpy(seg + HLEN, f + off, pl);
		put16(seg + 16, HLEN + pl - 14);
		put16(seg + 18, f[20] & 0x40 ? be16(frames[i] + 18) :
				be16(f + 18) + i);
		put16(seg + 24, 0);
		put16(seg + 24, (uint16_t)~fold(sum(seg + 14, 20, 0)));
		put32(seg + 38, be32(f + 38) + off - HLEN);
		if (i + 1 < n)		/* PSH only on the last */
			seg[47] &= ~0x08;
		put16(seg + 50, 0);
		put16(seg + 50, (uint16_t)~fold(sum(seg + 34, lens[i] - 34,
					sum(seg + 26, 8, 6 + lens[i] - 34))));
		CHECK(!memcmp(seg, frames[i], lens[i]));
		off += pl;
	}
	CHECK_EQ_INT(off, len);
}

/* A run of full segments, the last short with PSH: one GSO frame. */
static void test_merges_a_run(void)
{
	static uint8_t f[8][2048];
	uint32_t lens[8], seq = 1000;
	struct iovec iov[2];

	for (int i = 0; i < 8; i++) {
		uint32_t pl = i < 7 ? MSS : 300;

		lens[i] = segment(f[i], seq, (uint16_t)(65530 + i), true, pl,
				  i < 7 ? 0x10 : 0x18);
		seq += pl;
		CHECK_EQ_INT(rx_merge_add(&m, f[i], lens[i]), RX_MERGE_HELD);
	}
	CHECK_EQ_INT(m.segs, 8);
	CHECK_EQ_INT(rx_merge_take(&m, iov),
		     sizeof(struct virtio_net_hdr) + HLEN + 7 * MSS + 300);
	check_resegments(iov, f, lens, 8);
	CHECK_EQ_INT(rx_merge_take(&m, iov), 0);	/* taken: none held */
}

/* Without DF the IP ID must count up, as each segment's would. */
static void test_ids_without_df(void)
{
	static uint8_t f[3][2048];
	uint32_t lens[3];
	struct iovec iov[2];

	lens[0] = segment(f[0], 1, 65535, false, MSS, 0x10);
	lens[1] = segment(f[1], 1 + MSS, 0, false, MSS, 0x10);
	lens[2] = segment(f[2], 1 + 2 * MSS, 2, false, MSS, 0x10);
	CHECK_EQ_INT(rx_merge_add(&m, f[0], lens[0]), RX_MERGE_HELD);
	CHECK_EQ_INT(rx_merge_add(&m, f[1], lens[1]), RX_MERGE_HELD);
	CHECK_EQ_INT(rx_merge_add(&m, f[2], lens[2]), RX_MERGE_FLUSH);
	rx_merge_take(&m, iov);
	check_resegments(iov, f, lens, 2);
}

/* One segment held goes up unchanged, marked validated, no GSO. */
static void test_single_unchanged(void)
{
	static uint8_t f[2048];
	uint32_t len = segment(f, 5, 1, true, MSS, 0x10);
	struct iovec iov[2];
	const struct virtio_net_hdr *vh;

	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_HELD);
	CHECK_EQ_INT(rx_merge_take(&m, iov), sizeof(*vh) + len);
	vh = iov[0].iov_base;
	CHECK_EQ_INT(vh->flags, VIRTIO_NET_HDR_F_DATA_VALID);
	CHECK_EQ_INT(vh->gso_type, VIRTIO_NET_HDR_GSO_NONE);
	CHECK(iov[1].iov_len == len && !memcmp(iov[1].iov_base, f, len));
}

/* A short segment ends the run; a longer one cannot join it. */
static void test_run_ends(void)
{
	static uint8_t f[2048];
	struct iovec iov[2];

	CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, 0, 0, true, MSS, 0x10)),
		     RX_MERGE_HELD);
	CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, MSS, 0, true, 100, 0x10)),
		     RX_MERGE_HELD);
	CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, MSS + 100, 0, true, 100,
						 0x10)), RX_MERGE_FLUSH);
	rx_merge_take(&m, iov);
	CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, 0, 0, true, 1000, 0x10)),
		     RX_MERGE_HELD);
	CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, 1000, 0, true, 1001,
						 0x10)), RX_MERGE_FLUSH);
	rx_merge_take(&m, iov);
	/* A PSH segment with nothing held would end at once: alone. */
	CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, 0, 0, true, MSS, 0x18)),
		     RX_MERGE_ALONE);
	CHECK_EQ_INT(rx_merge_take(&m, iov), 0);
}

/* Never more than the largest IPv4 packet. */
static void test_size_limit(void)
{
	static uint8_t f[2048];
	struct iovec iov[2];
	uint32_t seq = 0;
	int held = 0;

	for (;;) {
		enum rx_merge_verdict v = rx_merge_add(&m, f,
					segment(f, seq, 0, true, MSS, 0x10));

		if (v != RX_MERGE_HELD) {
			CHECK_EQ_INT(v, RX_MERGE_FLUSH);
			break;
		}
		seq += MSS;
		held++;
	}
	CHECK_EQ_INT(held, (65535 - HLEN + 14) / MSS);
	rx_merge_take(&m, iov);
	CHECK(iov[1].iov_len - 14 <= 65535);
	CHECK_EQ_INT(be16((uint8_t *)iov[1].iov_base + 16),
		     iov[1].iov_len - 14);
}

/* Each difference GRO would not merge across: the second is not taken. */
static void test_differences_flush(void)
{
	static const struct { int off; uint8_t xor; } diff[] = {
		{ 0, 1 }, { 11, 1 },		/* Ethernet addresses */
		{ 15, 0x02 },			/* TOS: ECN CE */
		{ 22, 1 },			/* TTL */
		{ 29, 1 }, { 33, 1 },		/* IP addresses */
		{ 35, 1 }, { 37, 1 },		/* ports */
		{ 41, 1 },			/* sequence: a gap */
		{ 45, 1 },			/* acknowledgement */
		{ 49, 1 },			/* window */
		{ 61, 1 },			/* TSval */
		{ 65, 1 },			/* TSecr */
	};
	static uint8_t f[2048];
	struct iovec iov[2];

	for (size_t i = 0; i < sizeof(diff) / sizeof(diff[0]); i++) {
		uint32_t len;

		rx_merge_add(&m, f, segment(f, 0, 0, true, MSS, 0x10));
		len = segment(f, MSS, 0, true, MSS, 0x10);
		f[diff[i].off] ^= diff[i].xor;
		/* keep the IPv4 header checksum right for IP changes */
		put16(f + 24, 0);
		put16(f + 24, (uint16_t)~fold(sum(f + 14, 20, 0)));
		CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_FLUSH);
		if (rx_merge_take(&m, iov))
			CHECK_EQ_INT(m.segs, 1);
	}
}

/* What is not a plain TCP/IPv4 data segment is never merged. */
static void test_not_mergeable(void)
{
	static uint8_t f[2048];
	static const uint8_t flags[] = { 0x11, 0x12, 0x14, 0x30, 0x50, 0x90,
					 0x00, 0x18 | 0x01 };
	struct iovec iov[2];
	uint32_t len;

	for (size_t i = 0; i < sizeof(flags); i++)
		CHECK_EQ_INT(rx_merge_add(&m, f, segment(f, 0, 0, true, MSS,
							 flags[i])),
			     RX_MERGE_ALONE);
	len = segment(f, 0, 0, true, 0, 0x10);		/* a pure ACK */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	len = segment(f, 0, 0, true, 6, 0x10);		/* Ethernet padding */
	CHECK_EQ_INT(rx_merge_add(&m, f, len + 2), RX_MERGE_ALONE);
	len = segment(f, 0, 0, true, MSS, 0x10);
	f[24] ^= 1;					/* IP checksum */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	segment(f, 0, 0, true, MSS, 0x10);
	f[20] |= 0x20;					/* more fragments */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	segment(f, 0, 0, true, MSS, 0x10);
	f[14] = 0x46;					/* IP options */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	segment(f, 0, 0, true, MSS, 0x10);
	f[12] = 0x81;					/* 802.1Q tag */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	segment(f, 0, 0, true, MSS, 0x10);
	f[23] = 17;					/* UDP */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	len = segment(f, 0, 0, true, 20, 0x10);
	f[46] = 0xf0;					/* data offset past the end */
	CHECK_EQ_INT(rx_merge_add(&m, f, len), RX_MERGE_ALONE);
	CHECK_EQ_INT(rx_merge_take(&m, iov), 0);
}

/* Bad input: random frames and lengths, never past the buffers. */
static void test_random_frames(void)
{
	static uint8_t f[RX_MERGE_BYTES + 16];
	struct iovec iov[2];

	srand(7);
	for (int i = 0; i < 20000; i++) {
		uint32_t len = (uint32_t)rand() % 2048;

		if (rand() % 2) {
			segment(f, (uint32_t)rand() % 4 * MSS, 0, true,
				MSS, 0x10);
			f[rand() % 70] ^= (uint8_t)rand();
			len = HLEN + MSS - (uint32_t)(rand() % 2);
		} else {
			for (uint32_t j = 0; j < len; j++)
				f[j] = (uint8_t)rand();
		}
		if (rx_merge_add(&m, f, len) == RX_MERGE_FLUSH)
			rx_merge_take(&m, iov);
		if (rand() % 50 == 0)
			rx_merge_take(&m, iov);
	}
	CHECK_EQ_INT(rx_merge_add(&m, f, sizeof(f)), RX_MERGE_ALONE);
	rx_merge_take(&m, iov);
}

int main(void)
{
	RUN(test_merges_a_run);
	RUN(test_ids_without_df);
	RUN(test_single_unchanged);
	RUN(test_run_ends);
	RUN(test_size_limit);
	RUN(test_differences_flush);
	RUN(test_not_mergeable);
	RUN(test_random_frames);
	return CHECK_EXIT_CODE();
}
