// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host on an access point's LAN: answers ARP requests for its address
 * and ICMP echo requests sent to it, and ignores everything else (IPv6
 * neighbour discovery, multicast, other hosts). Received headers and
 * checksums are validated before anything is answered.
 */
#include <string.h>

#include "vw_bytes.h"
#include "vw_sim.h"

#define VW_ETH_MIN_FRAME	60
#define VW_ARP_LEN		28
#define VW_IP_PROTO_ICMP	1
#define VW_ICMP_ECHO_REPLY	0
#define VW_ICMP_ECHO_REQUEST	8

static const uint8_t vw_broadcast[VW_ETH_ALEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};

/* The Internet checksum (RFC 1071) of len bytes. */
static uint16_t vw_inet_csum(const uint8_t *p, size_t len)
{
	uint32_t sum = 0;

	while (len > 1) {
		sum += vw_get_be16(p);
		p += 2;
		len -= 2;
	}
	if (len)
		sum += (uint32_t)p[0] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static size_t vw_lan_pad(uint8_t *out, size_t len)
{
	if (len < VW_ETH_MIN_FRAME) {
		memset(out + len, 0, VW_ETH_MIN_FRAME - len);
		len = VW_ETH_MIN_FRAME;
	}
	return len;
}

static size_t vw_lan_arp(const struct vw_ap *ap, struct vw_lan_stats *st,
			 const uint8_t *frame, size_t len, uint8_t *out)
{
	const uint8_t *arp = frame + VW_ETH_HLEN;
	uint8_t *r = out + VW_ETH_HLEN;

	if (len < VW_ETH_HLEN + VW_ARP_LEN || vw_get_be16(arp) != 1 ||
	    vw_get_be16(arp + 2) != VW_ETH_P_IP || arp[4] != 6 ||
	    arp[5] != 4 || vw_get_be16(arp + 6) != 1 ||
	    memcmp(arp + 24, ap->lan_ip, 4))
		return 0;
	memcpy(out, arp + 8, VW_ETH_ALEN);		/* to the asker */
	memcpy(out + 6, ap->lan_mac, VW_ETH_ALEN);
	vw_put_be16(out + 12, VW_ETH_P_ARP);
	memcpy(r, arp, 6);				/* htype ptype hlen plen */
	vw_put_be16(r + 6, 2);				/* reply */
	memcpy(r + 8, ap->lan_mac, VW_ETH_ALEN);
	memcpy(r + 14, ap->lan_ip, 4);
	memcpy(r + 18, arp + 8, 10);			/* asker's MAC and IP */
	st->arp_replies++;
	return vw_lan_pad(out, VW_ETH_HLEN + VW_ARP_LEN);
}

static size_t vw_lan_icmp(const struct vw_ap *ap, struct vw_lan_stats *st,
			  const uint8_t *frame, size_t len, uint8_t *out)
{
	const uint8_t *ip = frame + VW_ETH_HLEN;
	size_t ihl, total, icmp_len;
	uint8_t *rip = out + VW_ETH_HLEN, *icmp;

	if (len < VW_ETH_HLEN + 20 || (ip[0] >> 4) != 4)
		return 0;
	ihl = (size_t)(ip[0] & 0xf) * 4;
	total = vw_get_be16(ip + 2);
	if (ihl < 20 || total < ihl + 8 || total > len - VW_ETH_HLEN ||
	    vw_inet_csum(ip, ihl) != 0 ||
	    (vw_get_be16(ip + 6) & 0x3fff) != 0 ||	/* a fragment */
	    ip[9] != VW_IP_PROTO_ICMP || memcmp(ip + 16, ap->lan_ip, 4) ||
	    memcmp(frame, ap->lan_mac, VW_ETH_ALEN))
		return 0;
	icmp_len = total - ihl;
	if (ip[ihl] != VW_ICMP_ECHO_REQUEST || ip[ihl + 1] != 0 ||
	    vw_inet_csum(ip + ihl, icmp_len) != 0)
		return 0;

	memcpy(out, frame + 6, VW_ETH_ALEN);
	memcpy(out + 6, ap->lan_mac, VW_ETH_ALEN);
	vw_put_be16(out + 12, VW_ETH_P_IP);
	memcpy(rip, ip, total);
	memcpy(rip + 12, ip + 16, 4);			/* swap addresses */
	memcpy(rip + 16, ip + 12, 4);
	rip[8] = 64;					/* TTL */
	vw_put_be16(rip + 10, 0);
	vw_put_be16(rip + 10, vw_inet_csum(rip, ihl));
	icmp = rip + ihl;
	icmp[0] = VW_ICMP_ECHO_REPLY;
	vw_put_be16(icmp + 2, 0);
	vw_put_be16(icmp + 2, vw_inet_csum(icmp, icmp_len));
	st->echo_replies++;
	return vw_lan_pad(out, VW_ETH_HLEN + total);
}

size_t vw_lan_input(const struct vw_ap *ap, struct vw_lan_stats *st,
		    const uint8_t *frame, size_t len, uint8_t *out)
{
	size_t n = 0;

	if (len >= VW_ETH_HLEN && len <= VW_ETH_FRAME_MAX) {
		uint16_t type = vw_get_be16(frame + 12);
		bool to_us = !memcmp(frame, ap->lan_mac, VW_ETH_ALEN);

		if (type == VW_ETH_P_ARP &&
		    (to_us || !memcmp(frame, vw_broadcast, VW_ETH_ALEN)))
			n = vw_lan_arp(ap, st, frame, len, out);
		else if (type == VW_ETH_P_IP && to_us)
			n = vw_lan_icmp(ap, st, frame, len, out);
	}
	if (!n)
		st->ignored++;
	return n;
}
