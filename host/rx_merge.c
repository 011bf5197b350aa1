// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive coalescing for the TAP (rx_merge.h). The rules are GRO's, kept
 * strict: IPv4 without options or fragments, TCP with ACK (and PSH on the
 * last segment) and nothing else, every header byte the same as the first
 * segment's but the sequence number (which must follow on), the IP ID
 * (which must count up unless DF is set) and the checksums; equal
 * payloads, a shorter one ending the run. Anything else goes out alone,
 * after what is held, so Linux sees the frames in the miniport's order.
 * The IPv4 header checksum is checked here (Linux would check each
 * segment's, and the merged header gets a new one).
 */
#include <string.h>

#include "inet_sum.h"
#include "net_bytes.h"
#include "rx_merge.h"

#define ETH_HLEN	14
#define IP_HLEN		20
#define TCP_PSH		0x08
#define TCP_ACK		0x10

struct seg {
	uint32_t hlen, payload, seq;
	uint16_t id;
	bool df, psh;
};

/* A TCP/IPv4 segment with data that may take part in a merge. */
static bool parse(const uint8_t *f, uint32_t len, struct seg *s)
{
	const uint8_t *ip = f + ETH_HLEN, *th = ip + IP_HLEN;
	uint32_t thlen;
	uint16_t frag;

	if (len < ETH_HLEN + IP_HLEN + 20 || len > RX_MERGE_BYTES ||
	    be16(f + 12) != 0x0800 || ip[0] != 0x45 || ip[9] != 6 ||
	    be16(ip + 2) != len - ETH_HLEN)
		return false;
	frag = be16(ip + 6);
	if ((frag & ~0x4000) || inet_sum(ip, IP_HLEN, 0) != 0xffff)
		return false;	/* a fragment, the reserved bit, a bad header */
	thlen = (uint32_t)(th[12] >> 4) * 4;
	/* reserved bits clear; ACK, maybe PSH, nothing else (th[13]) */
	if (thlen < 20 || (th[12] & 0x0f) || (th[13] & ~TCP_PSH) != TCP_ACK ||
	    ETH_HLEN + IP_HLEN + thlen >= len)
		return false;	/* no payload: nothing to merge */
	s->hlen = ETH_HLEN + IP_HLEN + thlen;
	s->payload = len - s->hlen;
	s->seq = be32(th + 4);
	s->id = be16(ip + 4);
	s->df = frag & 0x4000;
	s->psh = th[13] & TCP_PSH;
	return true;
}

/* Whether s (in f) continues the segments held in m. */
static bool follows(const struct rx_merge *m, const uint8_t *f,
		    const struct seg *s)
{
	const uint8_t *h = m->frame, *ip = f + ETH_HLEN, *hip = h + ETH_HLEN;
	const uint8_t *th = ip + IP_HLEN, *hth = hip + IP_HLEN;

	if (m->ended || s->hlen != m->hlen || s->payload > m->mss ||
	    m->len + s->payload > RX_MERGE_BYTES || s->seq != m->next_seq)
		return false;
	if (!s->df && s->id != m->next_id)
		return false;
	/* Ethernet; IP version to DF (but length, ID); TTL to addresses
	 * but the checksum
	 */
	if (memcmp(f, h, ETH_HLEN) || memcmp(ip, hip, 2) ||
	    ip[6] != hip[6] || ip[7] != hip[7] ||
	    memcmp(ip + 8, hip + 8, 2) || memcmp(ip + 12, hip + 12, 8))
		return false;
	/* ports; acknowledgement to window (PSH aside); urgent pointer and
	 * options (but the checksum)
	 */
	return !memcmp(th, hth, 4) && !memcmp(th + 8, hth + 8, 5) &&
	       (th[13] & ~TCP_PSH) == hth[13] && !memcmp(th + 14, hth + 14, 2) &&
	       !memcmp(th + 18, hth + 18, s->hlen - ETH_HLEN - IP_HLEN - 18);
}

enum rx_merge_verdict rx_merge_add(struct rx_merge *m, const uint8_t *frame,
				   uint32_t len)
{
	struct seg s;

	if (!parse(frame, len, &s))
		return RX_MERGE_ALONE;
	if (m->len && !follows(m, frame, &s))
		return RX_MERGE_FLUSH;
	if (!m->len) {
		if (s.psh)
			return RX_MERGE_ALONE;	/* it would end at once */
		memcpy(m->frame, frame, len);
		m->len = len;
		m->segs = 1;
		m->hlen = s.hlen;
		m->mss = s.payload;
		m->ended = false;
	} else {
		memcpy(m->frame + m->len, frame + s.hlen, s.payload);
		m->len += s.payload;
		m->segs++;
		m->ended = s.psh || s.payload < m->mss;
		m->frame[ETH_HLEN + IP_HLEN + 13] |= s.psh ? TCP_PSH : 0;
	}
	m->next_seq = s.seq + s.payload;
	m->next_id = (uint16_t)(s.id + 1);
	return RX_MERGE_HELD;
}

size_t rx_merge_take(struct rx_merge *m, struct iovec iov[2])
{
	uint8_t *ip = m->frame + ETH_HLEN, *th = ip + IP_HLEN;
	uint32_t len = m->len;

	if (!len)
		return 0;
	m->len = 0;
	memset(&m->vh, 0, sizeof(m->vh));
	m->vh.gso_type = VIRTIO_NET_HDR_GSO_NONE;
	if (m->segs == 1) {
		m->vh.flags = VIRTIO_NET_HDR_F_DATA_VALID;
	} else {
		put16(ip + 2, (uint16_t)(len - ETH_HLEN));
		put16(ip + 10, 0);
		put16(ip + 10, (uint16_t)~inet_sum(ip, IP_HLEN, 0));
		/* pseudo header: addresses, protocol, TCP length */
		put16(th + 16, inet_sum(ip + 12, 8,
				     6 + len - ETH_HLEN - IP_HLEN));
		m->vh.flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
		m->vh.gso_type = VIRTIO_NET_HDR_GSO_TCPV4;
		m->vh.hdr_len = (uint16_t)m->hlen;
		m->vh.gso_size = (uint16_t)m->mss;
		m->vh.csum_start = ETH_HLEN + IP_HLEN;
		m->vh.csum_offset = 16;
	}
	iov[0] = (struct iovec){ &m->vh, sizeof(m->vh) };
	iov[1] = (struct iovec){ m->frame, len };
	return sizeof(m->vh) + len;
}
