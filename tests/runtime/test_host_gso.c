// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of ndisload-host's cutting of GSO frames from the TAP
 * (host/gso.c), against what RFC 791/793/8200 make of a TCP segment and
 * what Linux's own GSO produces from such a frame (tcp_gso_segment,
 * inet_gso_segment, ipv6_gso_segment): each segment the large frame's
 * headers with the IP length of the segment (IPv4: the ID one more per
 * segment, a header checksum that sums to all ones; IPv6: the payload
 * length, extension headers unchanged), the sequence number moved on by
 * the payload before it, CWR only in the first segment, FIN and PSH only
 * in the last, every other header byte unchanged, and a TCP checksum
 * over the pseudo header that verifies. The expected segments are built
 * here from the frame, never by the code under test. Malformed GSO
 * headers and random frames are refused without reading past the frame.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gso.h"

#define MSS	1448
#define TCP_HL	32		/* with the timestamp option */
#define BIG	(14 + 4 + 65535)

static uint8_t frame[BIG + 64], hdr[GSO_HDR_MAX], seg[BIG];

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
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

/* RFC 1071, byte by byte (not host/inet_sum.h): the sum, folded. */
static uint32_t sum(const uint8_t *p, uint32_t n, uint32_t s)
{
	for (uint32_t i = 0; i < n; i++)
		s += i & 1 ? p[i] : (uint32_t)p[i] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

struct layout {
	bool v6, vlan;
	uint32_t ext;		/* IPv6 hop-by-hop header bytes (8, 16...) */
	uint32_t l3, l4, hlen;
};

/*
 * A TSO frame as Linux's TCP hands it to a device: the large packet's
 * lengths, the pseudo-header sum in the checksum field; payload bytes a
 * pattern of their offset.
 */
static uint32_t build(struct layout *L, uint32_t payload, uint8_t flags)
{
	uint8_t *ip, *th;
	uint32_t len;

	L->l3 = 14 + (L->vlan ? 4 : 0);
	L->l4 = L->l3 + (L->v6 ? 40 + L->ext : 20);
	L->hlen = L->l4 + TCP_HL;
	len = L->hlen + payload;
	memset(frame, 0, L->hlen);
	memcpy(frame, "\x52\x54\x00\x12\x34\x56\x52\x54\x00\x12\x34\x57", 12);
	if (L->vlan)
		memcpy(frame + 12, "\x81\x00\x20\x07", 4);
	put16(frame + L->l3 - 2, L->v6 ? 0x86dd : 0x0800);
	ip = frame + L->l3;
	th = frame + L->l4;
	if (L->v6) {
		ip[0] = 0x60;
		ip[1] = 0x0a;			/* traffic class */
		put16(ip + 4, len - L->l3 - 40);
		ip[6] = L->ext ? 0 : 6;
		ip[7] = 64;
		for (int i = 0; i < 32; i++)
			ip[8 + i] = (uint8_t)(0x20 + i * 3);
		if (L->ext) {			/* hop-by-hop: PadN */
			ip[40] = 6;
			ip[41] = (uint8_t)(L->ext / 8 - 1);
			ip[42] = 1;
			ip[43] = (uint8_t)(L->ext - 4);
		}
	} else {
		ip[0] = 0x45;
		ip[1] = 0x02;			/* ECT(0) */
		put16(ip + 2, len - L->l3);
		put16(ip + 4, 0xfffe);		/* wraps after the second */
		ip[6] = 0x40;			/* DF */
		ip[8] = 64;
		ip[9] = 6;
		memcpy(ip + 12, "\x0a\x00\x02\x0f\x0a\x00\x02\x02", 8);
		put16(ip + 10, (uint16_t)~sum(ip, 20, 0));
	}
	put16(th, 40000);
	put16(th + 2, 5001);
	put32(th + 4, 0xfffff000);		/* wraps within the frame */
	put32(th + 8, 0x12345678);
	th[12] = (TCP_HL / 4) << 4;
	th[13] = flags;
	put16(th + 14, 502);
	memcpy(th + 20, "\x01\x01\x08\x0a\x00\x00\x10\x00\x00\x00\x20\x00", 12);
	for (uint32_t i = 0; i < payload; i++)
		frame[L->hlen + i] = (uint8_t)(i * 7 + (i >> 8));
	return len;
}

/* The pseudo header's sum (RFC 793 / RFC 8200 8.1) for tcp_len bytes. */
static uint32_t pseudo(const struct layout *L, const uint8_t *h, uint32_t tcp_len)
{
	const uint8_t *ip = h + L->l3;

	if (L->v6)
		return sum(ip + 8, 32, 6 + (tcp_len >> 16) + (tcp_len & 0xffff));
	return sum(ip + 12, 8, 6 + tcp_len);
}

static struct virtio_net_hdr vhdr(const struct layout *L, uint16_t gso_size)
{
	return (struct virtio_net_hdr){
		.flags = VIRTIO_NET_HDR_F_NEEDS_CSUM,
		.gso_type = L->v6 ? VIRTIO_NET_HDR_GSO_TCPV6 :
				    VIRTIO_NET_HDR_GSO_TCPV4,
		.hdr_len = (uint16_t)L->hlen, .gso_size = gso_size,
		.csum_start = (uint16_t)L->l4, .csum_offset = 16,
	};
}

/*
 * Cut frame (len bytes) into mss segments with the code under test and
 * check each one as Linux would have made it.
 */
static void check_segments(struct layout *L, uint32_t len, uint32_t mss)
{
	struct virtio_net_hdr vh = vhdr(L, (uint16_t)mss);
	struct gso_frame g;
	uint32_t payload = len - L->hlen, n = (payload + mss - 1) / mss;
	const uint8_t *fip = frame + L->l3, *fth = frame + L->l4;
	const char *why = gso_parse(&vh, frame, len, &g);

	CHECK(!why);
	if (why)
		return;
	CHECK_EQ_INT(g.l3, L->l3);
	CHECK_EQ_INT(g.l4, L->l4);
	CHECK_EQ_INT(g.hlen, L->hlen);
	CHECK_EQ_INT(g.payload, payload);
	CHECK_EQ_INT(g.mss, mss);
	for (uint32_t i = 0, off = 0; i < n; i++, off += mss) {
		uint32_t pl = payload - off < mss ? payload - off : mss;
		uint32_t slen = L->hlen + pl, tl = slen - L->l4;
		uint8_t *ip = seg + L->l3, *th = seg + L->l4, want_flags;

		gso_piece_headers(&g, frame, off, pl, hdr);
		memcpy(seg, hdr, L->hlen);
		memcpy(seg + L->hlen, frame + L->hlen + off, pl);
		gso_segment_csum(&g, seg, seg + L->hlen, pl);
		/* Ethernet, 802.1Q tag: unchanged */
		CHECK(!memcmp(seg, frame, L->l3));
		if (L->v6) {
			CHECK_EQ_INT(be16(ip + 4), slen - L->l3 - 40);
			CHECK(!memcmp(ip, fip, 4));
			CHECK(!memcmp(ip + 6, fip + 6, 34 + L->ext));
		} else {
			CHECK_EQ_INT(be16(ip + 2), slen - L->l3);
			CHECK_EQ_INT(be16(ip + 4), (be16(fip + 4) + i) & 0xffff);
			CHECK(!memcmp(ip, fip, 2));
			CHECK(!memcmp(ip + 6, fip + 6, 4));
			CHECK(!memcmp(ip + 12, fip + 12, 8));
			CHECK_EQ_INT(sum(ip, 20, 0), 0xffff);
		}
		CHECK_EQ_INT(be32(th + 4), be32(fth + 4) + off);
		want_flags = fth[13];
		if (i)
			want_flags &= ~0x80;		/* CWR */
		if (i + 1 < n)
			want_flags &= ~0x09;		/* FIN, PSH */
		CHECK_EQ_INT(th[13], want_flags);
		CHECK(!memcmp(th, fth, 4));		/* ports */
		CHECK(!memcmp(th + 8, fth + 8, 5));	/* ack, offset */
		CHECK(!memcmp(th + 14, fth + 14, 2));	/* window */
		CHECK(!memcmp(th + 18, fth + 18, TCP_HL - 18));
		CHECK_EQ_INT(sum(th, tl, pseudo(L, seg, tl)), 0xffff);
		CHECK(!memcmp(seg + L->hlen, frame + L->hlen + off, pl));
	}
}

static void test_ipv4_segments(void)
{
	struct layout L = { 0 };

	/* CWR, ECE, ACK, PSH, FIN: four segments, the last short */
	check_segments(&L, build(&L, 3 * MSS + 656, 0xd9), MSS);
	/* exactly full segments */
	check_segments(&L, build(&L, 5 * MSS, 0x18), MSS);
	/* one segment's worth */
	check_segments(&L, build(&L, 100, 0x18), MSS);
	/* the largest frame, a small MSS */
	check_segments(&L, build(&L, 65535 - 20 - TCP_HL, 0x18), 536);
}

static void test_ipv6_segments(void)
{
	struct layout L = { .v6 = true };

	check_segments(&L, build(&L, 3 * MSS - 20 + 7, 0xd9), MSS - 20);
	L.ext = 16;	/* a hop-by-hop header: unchanged in each */
	check_segments(&L, build(&L, 4 * 1220, 0x19), 1220);
	L.ext = 0;
	L.vlan = true;
	check_segments(&L, build(&L, 2 * MSS + 1, 0x10), MSS);
}

static void test_vlan_ipv4(void)
{
	struct layout L = { .vlan = true };

	check_segments(&L, build(&L, 7 * MSS + 3, 0x11), MSS);
}

/*
 * A run of several segments (a smaller large send): the lengths of the
 * run, the sequence number and ID of its first segment, the pseudo-header
 * sum with the run's TCP length in the checksum field (what Linux leaves
 * for a device), CWR kept only where the run starts the frame.
 */
static void test_runs(void)
{
	struct layout L = { 0 };
	uint32_t len = build(&L, 10 * MSS, 0x99), tl = TCP_HL + 4 * MSS;
	struct virtio_net_hdr vh = vhdr(&L, MSS);
	struct gso_frame g;

	CHECK(!gso_parse(&vh, frame, len, &g));
	gso_piece_headers(&g, frame, 4 * MSS, 4 * MSS, hdr);
	CHECK_EQ_INT(be16(hdr + 16), 20 + tl);
	CHECK_EQ_INT(be16(hdr + 18), (0xfffe + 4) & 0xffff);
	CHECK_EQ_INT(be32(hdr + 38), 0xfffff000 + 4 * MSS);
	CHECK_EQ_INT(hdr[47], 0x10);		/* neither CWR nor FIN/PSH */
	CHECK_EQ_INT(be16(hdr + 50), pseudo(&L, hdr, tl));
	gso_piece_headers(&g, frame, 0, 4 * MSS, hdr);
	CHECK_EQ_INT(hdr[47], 0x90);
	gso_piece_headers(&g, frame, 8 * MSS, 2 * MSS, hdr);
	CHECK_EQ_INT(hdr[47], 0x19);	/* FIN and PSH: the last run */

	L.v6 = true;
	len = build(&L, 10 * MSS, 0x18);
	vh = vhdr(&L, MSS);
	CHECK(!gso_parse(&vh, frame, len, &g));
	gso_piece_headers(&g, frame, 2 * MSS, 3 * MSS, hdr);
	CHECK_EQ_INT(be16(hdr + 18), TCP_HL + 3 * MSS);
	CHECK_EQ_INT(be16(hdr + 54 + 16), pseudo(&L, hdr, TCP_HL + 3 * MSS));
	CHECK_EQ_INT(hdr[54 + 13], 0x10);
}

/* Malformed GSO headers and frames: refused, with a reason. */
static void test_malformed(void)
{
	struct layout L = { 0 };
	uint32_t len = build(&L, 3 * MSS, 0x10);
	struct virtio_net_hdr vh = vhdr(&L, MSS), bad;
	struct gso_frame g;

	CHECK(!gso_parse(&vh, frame, len, &g));
	bad = vh;
	bad.gso_size = 0;
	CHECK(gso_parse(&bad, frame, len, &g));
	bad = vh;
	bad.hdr_len = (uint16_t)(len + 1);
	CHECK(gso_parse(&bad, frame, len, &g));
	bad = vh;
	bad.gso_type = VIRTIO_NET_HDR_GSO_UDP;
	CHECK(gso_parse(&bad, frame, len, &g));
	bad.gso_type = 5;			/* UDP_L4 */
	CHECK(gso_parse(&bad, frame, len, &g));
	bad.gso_type = VIRTIO_NET_HDR_GSO_TCPV6;	/* an IPv4 frame */
	CHECK(gso_parse(&bad, frame, len, &g));
	/* the ECN bit is a flag on a TCP type, not a type */
	bad.gso_type = VIRTIO_NET_HDR_GSO_TCPV4 | VIRTIO_NET_HDR_GSO_ECN;
	CHECK(!gso_parse(&bad, frame, len, &g));
	bad.gso_type = VIRTIO_NET_HDR_GSO_ECN;
	CHECK(gso_parse(&bad, frame, len, &g));
	/* NEEDS_CSUM's offsets must be the TCP checksum's; without it, free */
	bad = vh;
	bad.csum_start = (uint16_t)(L.l4 - 4);
	CHECK(gso_parse(&bad, frame, len, &g));
	bad = vh;
	bad.csum_offset = 6;
	CHECK(gso_parse(&bad, frame, len, &g));
	bad.flags = 0;
	CHECK(!gso_parse(&bad, frame, len, &g));

	CHECK(gso_parse(&vh, frame, len - 1, &g));	/* total length */
	CHECK(gso_parse(&vh, frame, L.hlen, &g));	/* cut off */
	CHECK(gso_parse(&vh, frame, L.l4 + 10, &g));
	CHECK(gso_parse(&vh, frame, 10, &g));
	frame[L.l3 + 9] = 17;				/* UDP */
	CHECK(gso_parse(&vh, frame, len, &g));
	frame[L.l3 + 9] = 6;
	frame[L.l3 + 6] = 0x20;				/* MF */
	CHECK(gso_parse(&vh, frame, len, &g));
	frame[L.l3 + 6] = 0x40;
	frame[L.l4 + 12] = 4 << 4;			/* doff 4 */
	CHECK(gso_parse(&vh, frame, len, &g));
	frame[L.l4 + 12] = 8 << 4;
	CHECK(!gso_parse(&vh, frame, len, &g));

	/* no payload */
	len = build(&L, 0, 0x10);
	CHECK(gso_parse(&vh, frame, len, &g));

	/* IPv6: a fragment header, headers longer than the host takes */
	L.v6 = true;
	len = build(&L, 2 * MSS, 0x10);
	vh = vhdr(&L, MSS);
	CHECK(!gso_parse(&vh, frame, len, &g));
	frame[L.l3 + 6] = 44;
	CHECK(gso_parse(&vh, frame, len, &g));
	L.ext = 200;
	len = build(&L, 2 * MSS, 0x10);
	vh = vhdr(&L, MSS);
	CHECK(gso_parse(&vh, frame, len, &g));
	L.ext = 8;
	len = build(&L, 2 * MSS, 0x10);
	vh = vhdr(&L, MSS);
	CHECK(gso_parse(&vh, frame, len, &g) == NULL);
	frame[L.l3 + 41] = 255;			/* the header runs past the frame */
	put16(frame + L.l3 + 4, 2040 - L.l3 - 40);
	CHECK(gso_parse(&vh, frame, 2040, &g));
	/* the frame ends where a hop-by-hop header should start: in a
	 * buffer of exactly its length, nothing past it is read (ASan)
	 */
	put16(frame + L.l3 + 4, 0);
	vh.hdr_len = 0;
	{
		uint8_t *f = malloc(L.l3 + 40);

		if (f) {
			memcpy(f, frame, L.l3 + 40);
			CHECK(gso_parse(&vh, f, L.l3 + 40, &g));
			free(f);
		}
	}
}

/* Random frames: a parse that accepts gives pieces inside the frame. */
static void test_random(void)
{
	static uint8_t f[4096];
	struct gso_frame g;

	srand(11);
	for (int i = 0; i < 200000; i++) {
		struct layout L = { .v6 = rand() % 2, .vlan = rand() % 4 == 0,
				    .ext = (uint32_t)(rand() % 3) * 8 };
		uint32_t len = build(&L, (uint32_t)rand() % 3000, 0x10);
		struct virtio_net_hdr vh = vhdr(&L, (uint16_t)(rand() % 2000));

		if (len > sizeof(f))
			len = sizeof(f);
		memcpy(f, frame, len);
		for (int k = rand() % 4; k > 0; k--)
			f[rand() % (L.hlen + 8)] ^= (uint8_t)rand();
		if (rand() % 8 == 0)
			vh.gso_type = (uint8_t)rand();
		if (rand() % 8 == 0)
			vh.hdr_len = (uint16_t)rand();
		len = rand() % 4 ? len : (uint32_t)rand() % len;
		if (gso_parse(&vh, f, len, &g))
			continue;
		CHECK(g.hlen + g.payload == len && g.hlen <= GSO_HDR_MAX &&
		      g.mss && g.l4 + 20 <= g.hlen);
		for (uint32_t off = 0; off < g.payload; off += g.mss) {
			uint32_t pl = g.payload - off < g.mss ?
				      g.payload - off : g.mss;

			gso_piece_headers(&g, f, off, pl, hdr);
			memcpy(seg, hdr, g.hlen);
			gso_segment_csum(&g, seg, f + g.hlen + off, pl);
		}
	}
}

int main(void)
{
	RUN(test_ipv4_segments);
	RUN(test_ipv6_segments);
	RUN(test_vlan_ipv4);
	RUN(test_runs);
	RUN(test_malformed);
	RUN(test_random);
	return CHECK_EXIT_CODE();
}
