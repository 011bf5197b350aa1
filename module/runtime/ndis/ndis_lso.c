// SPDX-License-Identifier: GPL-2.0-only
/*
 * Large send offload, per frame: which TCP packets the miniport may cut
 * into segments, and the headers as Windows' TCP/IP transport leaves them
 * for it ("Offloading the Segmentation of Large TCP Packets"): the MSS in
 * the per-packet information; the IP Total Length the whole large
 * packet's (NDIS 5 and LSOv1) or 0 (LSOv2, the miniport takes the length
 * from the NET_BUFFER); the TCP checksum field the one's complement sum
 * of the pseudo-header's addresses and protocol only, since the segments'
 * lengths are the miniport's to add. Linux's TSO frames carry the whole
 * length in both places, hence the rewrite. Negotiation is
 * ndis_offload.c; the per-packet information is written by each NDIS
 * version's send path.
 */
#include "ndis/ndis_priv.h"

#define ETH_HLEN	14
#define IPV6_HLEN	40
#define PROTO_TCP	6
#define TCP_FLAGS_BAD	0x26	/* URG, RST, SYN: never in a large send */
#define MSS_MAX		0xfffff	/* NDIS 6's 20-bit MSS */

static u16 rd16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static void wr16(u8 *p, u32 v)
{
	p[0] = v >> 8 & 0xff;
	p[1] = v & 0xff;
}

/* The TCP header's offset, or 0 if the IP header is not one we take. */
static u32 tcp_offset(const u8 *head, u32 head_len, bool *v6, bool *ip_opts)
{
	u32 ihl;

	if (head_len < ETH_HLEN + 20)
		return 0;
	if (head[12] == 0x08 && head[13] == 0x00) {
		ihl = (head[ETH_HLEN] & 0xfu) * 4;
		/* no fragment: MF clear, offset 0 */
		if (head[ETH_HLEN] >> 4 != 4 || ihl < 20 ||
		    head[ETH_HLEN + 9] != PROTO_TCP ||
		    (rd16(head + ETH_HLEN + 6) & 0x3fff))
			return 0;
		*v6 = false;
		*ip_opts = ihl > 20;
		return ETH_HLEN + ihl;
	}
	/* IPv6 with TCP as its next header: no extension headers */
	if (head[12] == 0x86 && head[13] == 0xdd &&
	    head_len >= ETH_HLEN + IPV6_HLEN && head[ETH_HLEN] >> 4 == 6 &&
	    head[ETH_HLEN + 6] == PROTO_TCP) {
		*v6 = true;
		*ip_opts = false;
		return ETH_HLEN + IPV6_HLEN;
	}
	return 0;
}

u32 ndl_adapter_lso_request(const struct ndl_adapter *ad, const u8 *head,
			    u32 head_len, u32 frame_len, u32 mss)
{
	u32 on = ndl_atomic_load(&ad->lso_on), l4, thl, payload, segs;
	const struct ndl_lso *l;
	bool v6, ip_opts;

	if (!on || !mss || mss > MSS_MAX || frame_len > 0x10000 ||
	    head_len > frame_len)
		return 0;
	l4 = tcp_offset(head, head_len, &v6, &ip_opts);
	if (!l4 || !(on & (v6 ? NDL_LSO_ON_V6 : NDL_LSO_ON_V4)))
		return 0;
	l = &ad->lso[v6];
	if (ip_opts && !(l->flags & NDL_LSO_IP_OPTIONS))
		return 0;
	/* the whole TCP header in the first buffer, as NDIS promises */
	if (head_len < l4 + 20)
		return 0;
	thl = (head[l4 + 12] >> 4) * 4u;
	if (thl < 20 || head_len < l4 + thl ||
	    (thl > 20 && !(l->flags & NDL_LSO_TCP_OPTIONS)) ||
	    (head[l4 + 13] & TCP_FLAGS_BAD) || rd16(head + l4 + 18))
		return 0;
	if (frame_len <= l4 + thl)
		return 0;
	payload = frame_len - l4 - thl;
	segs = payload / mss + (payload % mss != 0);
	if (payload > l->max_size || segs < l->min_segs)
		return 0;
	return NDL_TX_LSO | (v6 ? NDL_TX_CSUM_IPV6 : NDL_TX_CSUM_IPV4) |
	       (l->flags & NDL_LSO_V2 ? NDL_TX_LSO_V2 : 0) |
	       mss << NDL_TX_LSO_MSS_SHIFT;
}

/* One's complement sum of len bytes (even) as 16-bit big-endian words. */
static u32 sum16(const u8 *p, u32 len, u32 sum)
{
	for (u32 i = 0; i < len; i += 2)
		sum += rd16(p + i);
	return sum;
}

void ndl_lso_headers(u8 *head, u32 frame_len, u32 request)
{
	bool v6 = request & NDL_TX_CSUM_IPV6, v2 = request & NDL_TX_LSO_V2;
	u8 *ip = head + ETH_HLEN;
	u32 l4, sum;

	if (v6) {
		l4 = ETH_HLEN + IPV6_HLEN;
		/* the addresses, then the next header (TCP) */
		sum = sum16(ip + 8, 32, PROTO_TCP);
		/* Payload Length: the large packet's is not the segments' */
		if (v2)
			wr16(ip + 4, 0);
	} else {
		l4 = ETH_HLEN + (ip[0] & 0xfu) * 4;
		sum = sum16(ip + 12, 8, PROTO_TCP);
		wr16(ip + 2, v2 ? 0 : frame_len - ETH_HLEN);
	}
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	wr16(head + l4 + 16, sum);
}
