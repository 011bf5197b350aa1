// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cutting a GSO frame from the TAP (gso.h). The layout is read from the
 * frame itself, never trusted from the virtio-net header: hdr_len is only
 * the length of the part Linux kept linear (virtio_net_hdr_from_skb), so
 * it need only lie within the frame; csum_start/csum_offset, where
 * NEEDS_CSUM gives them, must name the TCP checksum found there (every
 * run gets its checksum field written here anyway).
 */
#include <string.h>

#include "gso.h"
#include "inet_sum.h"
#include "net_bytes.h"

#define ETH_HLEN	14
#define VLAN_HLEN	4
#define IPV6_HLEN	40
#define PROTO_TCP	6
#define TCP_FIN		0x01
#define TCP_PSH		0x08
#define TCP_CWR		0x80

/* The TCP header's offset in an IPv4 packet at l3, or why not. */
static const char *ipv4(const uint8_t *f, uint32_t len, uint32_t l3,
			uint32_t *l4)
{
	const uint8_t *ip = f + l3;
	uint32_t ihl;

	if (len < l3 + 20 || ip[0] >> 4 != 4 || (ip[0] & 0xf) < 5)
		return "not an IPv4 header";
	ihl = (ip[0] & 0xfu) * 4;
	if (len < l3 + ihl)
		return "the IPv4 header is cut off";
	if (ip[9] != PROTO_TCP)
		return "not TCP";
	if (be16(ip + 6) & 0x3fff)
		return "an IPv4 fragment";
	if (be16(ip + 2) != len - l3)
		return "the IPv4 total length is not the frame's";
	*l4 = l3 + ihl;
	return NULL;
}

/* The same for IPv6, past the extension headers a TCP packet may carry. */
static const char *ipv6(const uint8_t *f, uint32_t len, uint32_t l3,
			uint32_t *l4)
{
	uint32_t at = l3 + IPV6_HLEN;
	uint8_t next;

	if (len < at || f[l3] >> 4 != 6)
		return "not an IPv6 header";
	if (be16(f + l3 + 4) != len - at)
		return "the IPv6 payload length is not the frame's";
	next = f[l3 + 6];
	/* hop-by-hop options, routing, destination options */
	while (next == 0 || next == 43 || next == 60) {
		if (len < at + 8)
			return "an IPv6 extension header is cut off";
		next = f[at];
		at += (f[at + 1] + 1u) * 8;
	}
	if (next != PROTO_TCP)
		return "not TCP";
	*l4 = at;
	return NULL;
}

const char *gso_parse(const struct virtio_net_hdr *vh, const uint8_t *f,
		      uint32_t len, struct gso_frame *g)
{
	uint8_t type = vh->gso_type & ~VIRTIO_NET_HDR_GSO_ECN;
	uint32_t l3 = ETH_HLEN, thl;
	uint16_t proto;
	const char *why;

	if (type != VIRTIO_NET_HDR_GSO_TCPV4 && type != VIRTIO_NET_HDR_GSO_TCPV6)
		return "not TCP";
	if (!vh->gso_size)
		return "gso_size 0";
	if (vh->hdr_len > len)
		return "hdr_len past the frame";
	if (len < ETH_HLEN)
		return "shorter than an Ethernet header";
	proto = be16(f + 12);
	if (proto == 0x8100) {
		if (len < ETH_HLEN + VLAN_HLEN)
			return "the 802.1Q tag is cut off";
		proto = be16(f + 16);
		l3 += VLAN_HLEN;
	}
	g->v6 = type == VIRTIO_NET_HDR_GSO_TCPV6;
	if (proto != (g->v6 ? 0x86dd : 0x0800))
		return "the IP version is not gso_type's";
	why = g->v6 ? ipv6(f, len, l3, &g->l4) : ipv4(f, len, l3, &g->l4);
	if (why)
		return why;
	if (len < g->l4 + 20 || f[g->l4 + 12] >> 4 < 5)
		return "the TCP header is cut off";
	thl = (f[g->l4 + 12] >> 4) * 4u;
	if (len < g->l4 + thl)
		return "the TCP header is cut off";
	if (vh->flags & VIRTIO_NET_HDR_F_NEEDS_CSUM &&
	    (vh->csum_start != g->l4 || vh->csum_offset != 16))
		return "csum_start/csum_offset are not the TCP checksum's";
	g->l3 = l3;
	g->hlen = g->l4 + thl;
	if (g->hlen > GSO_HDR_MAX)
		return "headers longer than the host takes";
	if (len == g->hlen)
		return "no payload";
	g->payload = len - g->hlen;
	g->mss = vh->gso_size;
	return NULL;
}

void gso_piece_headers(const struct gso_frame *g, const uint8_t *f,
		       uint32_t off, uint32_t plen, uint8_t *out)
{
	uint8_t *ip = out + g->l3, *th = out + g->l4;
	uint32_t tcp_len = g->hlen - g->l4 + plen;
	uint64_t pseudo;

	memcpy(out, f, g->hlen);
	if (g->v6) {
		put16(ip + 4, g->hlen - g->l3 - IPV6_HLEN + plen);
		pseudo = (uint64_t)inet_sum(ip + 8, 32, 0) + PROTO_TCP + tcp_len;
	} else {
		uint32_t ihl = (ip[0] & 0xfu) * 4;

		put16(ip + 2, g->hlen - g->l3 + plen);
		put16(ip + 4, be16(ip + 4) + off / g->mss);
		put16(ip + 10, 0);
		put16(ip + 10, (uint16_t)~inet_sum(ip, ihl, 0));
		pseudo = (uint64_t)inet_sum(ip + 12, 8, 0) + PROTO_TCP + tcp_len;
	}
	put32(th + 4, be32(th + 4) + off);
	if (off)
		th[13] &= ~TCP_CWR;
	if (off + plen < g->payload)
		th[13] &= ~(TCP_FIN | TCP_PSH);
	put16(th + 16, inet_sum(NULL, 0, pseudo));
}

void gso_segment_csum(const struct gso_frame *g, uint8_t *hdr,
		      const uint8_t *payload, uint32_t plen)
{
	uint16_t s = inet_sum(hdr + g->l4, g->hlen - g->l4, 0), c;

	/* the TCP header is whole 32-bit words: the payload sums on */
	c = (uint16_t)~inet_sum(payload, plen, s);
	put16(hdr + g->l4 + 16, c ? c : 0xffff);
}
