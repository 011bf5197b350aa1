// SPDX-License-Identifier: GPL-2.0-only
/*
 * RTL8139C+ transmit offloads, applied to a frame the C+ Tx descriptors
 * assembled, as QEMU's rtl8139 does them with the flags of the frame's
 * last descriptor: IPCS, TCPCS and UDPCS insert the IPv4 header, TCP and
 * UDP checksums; LGSEN cuts an IPv4 TCP packet into segments of at most
 * MSS payload bytes (the 11-bit field at bit 16, which overlaps the
 * checksum bits: a large send always gets both checksums). Each segment
 * carries the header template with the IPv4 total length, the
 * identification (plus the segment's index) and the header checksum
 * redone, the sequence number advanced by the bytes before it, PSH and
 * FIN only in the last one, and its TCP checksum. Frames that are not
 * IPv4, or whose headers do not add up, go out as they are.
 */
#include <string.h>

#include "rtl8139_offload.h"

#define ETH_HLEN	14
#define IP_MAX_HLEN	60
#define TCP_MAX_HLEN	60
#define TCP_FIN		0x01
#define TCP_PSH		0x08
#define PROTO_TCP	6
#define PROTO_UDP	17
#define MSS_MAX		RTL_TX_MSS_MASK

static uint32_t be16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

static void put_be16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* RFC 1071 one's complement sum of len bytes, added to sum. */
static uint32_t sum_add(uint32_t sum, const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += be16(p + i);
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

static uint16_t sum_final(uint32_t sum)
{
	return (uint16_t)~sum;
}

static void ip_csum(uint8_t *ip, uint32_t hlen)
{
	put_be16(ip + 10, 0);
	put_be16(ip + 10, sum_final(sum_add(0, ip, hlen)));
}

/* TCP or UDP checksum of l4 (len bytes) under the IPv4 header ip. */
static void l4_csum(const uint8_t *ip, uint8_t *l4, uint32_t len,
		    uint8_t proto)
{
	uint32_t at = proto == PROTO_TCP ? 16 : 6, sum;
	uint16_t c;

	put_be16(l4 + at, 0);
	sum = sum_add(0, ip + 12, 8);		/* source, destination */
	sum += proto + len;
	sum = sum_add(sum, l4, len);
	c = sum_final(sum);
	if (proto == PROTO_UDP && !c)
		c = 0xffff;	/* RFC 768: zero means "no checksum" */
	put_be16(l4 + at, c);
}

/* The segments of a large send; false if its TCP header does not fit. */
static bool large_send(struct ndl_sim_dev *dev, uint8_t *f, uint32_t hlen,
		       uint32_t ip_len, uint32_t mss, rtl_emit_fn emit)
{
	uint8_t seg[ETH_HLEN + IP_MAX_HLEN + TCP_MAX_HLEN + MSS_MAX];
	uint8_t *ip = f + ETH_HLEN, *tcp = ip + hlen;
	uint32_t thl, data, off, id, seq, n, hdr;

	if (ip_len < hlen + 20)
		return false;
	thl = (tcp[12] >> 4) * 4u;
	if (thl < 20 || thl > ip_len - hlen)
		return false;
	hdr = ETH_HLEN + hlen + thl;
	data = ip_len - hlen - thl;
	id = be16(ip + 4);
	seq = (uint32_t)be16(tcp + 4) << 16 | be16(tcp + 6);
	for (off = 0, n = 0; off < data; off += mss, n++) {
		uint32_t chunk = data - off < mss ? data - off : mss;
		uint8_t *sip = seg + ETH_HLEN, *stcp = sip + hlen;
		uint32_t s = seq + off;

		memcpy(seg, f, hdr);
		memcpy(seg + hdr, f + hdr + off, chunk);
		put_be16(sip + 2, hlen + thl + chunk);
		put_be16(sip + 4, id + n);
		ip_csum(sip, hlen);
		put_be16(stcp + 4, s >> 16);
		put_be16(stcp + 6, s);
		if (off + chunk < data)
			stcp[13] &= (uint8_t)~(TCP_PSH | TCP_FIN);
		l4_csum(sip, stcp, thl + chunk, PROTO_TCP);
		emit(dev, seg, hdr + chunk);
	}
	return true;
}

void rtl_tx_offload(struct ndl_sim_dev *dev, uint8_t *f, size_t len,
		    uint32_t opts1, rtl_emit_fn emit)
{
	uint8_t *ip = f + ETH_HLEN;
	uint32_t hlen, ip_len, mss;
	bool lgsen = opts1 & RTL_TX_LGSEN;

	if (!(opts1 & (RTL_TX_IPCS | RTL_TX_UDPCS | RTL_TX_TCPCS | RTL_TX_LGSEN)))
		goto as_is;
	if (len < ETH_HLEN + 20 || be16(f + 12) != 0x0800 || ip[0] >> 4 != 4)
		goto as_is;
	hlen = (ip[0] & 0xfu) * 4;
	ip_len = be16(ip + 2);
	if (hlen < 20 || hlen > len - ETH_HLEN || ip_len < hlen ||
	    ip_len > len - ETH_HLEN)
		goto as_is;
	if (lgsen) {
		mss = opts1 >> RTL_TX_MSS_SHIFT & RTL_TX_MSS_MASK;
		if (ip[9] != PROTO_TCP || !mss ||
		    !large_send(dev, f, hlen, ip_len, mss, emit))
			goto as_is;
		return;
	}
	if (opts1 & RTL_TX_IPCS)
		ip_csum(ip, hlen);
	if ((opts1 & RTL_TX_TCPCS) && ip[9] == PROTO_TCP &&
	    ip_len - hlen >= 20)
		l4_csum(ip, ip + hlen, ip_len - hlen, PROTO_TCP);
	else if ((opts1 & RTL_TX_UDPCS) && ip[9] == PROTO_UDP &&
		 ip_len - hlen >= 8)
		l4_csum(ip, ip + hlen, ip_len - hlen, PROTO_UDP);
as_is:
	emit(dev, f, len);
}
