/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Large TCP frames from the TAP (TUN_F_TSO4/TSO6 on): a GSO frame behind
 * its virtio-net header is one TCP packet of up to 64 KiB that Linux
 * left for the device to cut into gso_size segments. gso_parse checks
 * it; gso_piece_headers writes the headers of any run of its payload (a
 * single segment, or a smaller large send), as Linux's own GSO would cut
 * it (tcp_gso_segment, inet_gso_segment, ipv6_gso_segment): the IP
 * length, the IPv4 ID counting up by segment and a new header checksum,
 * the TCP sequence number moved on, CWR only in the first segment, FIN
 * and PSH only in the last. net.c hands a run to the miniport as a large
 * send where it can, else segment by segment.
 */
#ifndef NDL_HOST_GSO_H
#define NDL_HOST_GSO_H

#include <linux/virtio_net.h>
#include <stdbool.h>
#include <stdint.h>

/* The headers gso_piece_headers rewrites: Ethernet, IP, TCP, options. */
#define GSO_HDR_MAX	256

struct gso_frame {
	uint32_t l3, l4;	/* offsets of the IP and the TCP header */
	uint32_t hlen;		/* every header: the payload starts here */
	uint32_t payload;	/* TCP payload bytes after hlen */
	uint32_t mss;		/* gso_size */
	bool v6;
};

/*
 * A frame of len bytes read behind vh that asks for segmentation: its
 * layout into g and NULL, or why it is malformed (not TCP, gso_size 0,
 * hdr_len past the frame, NEEDS_CSUM's offsets not the TCP checksum's,
 * an IP or TCP header that does not fit or does
 * not match gso_type, lengths that disagree with the frame, a fragment,
 * no payload, headers beyond GSO_HDR_MAX): such a frame is dropped. One
 * 802.1Q tag and IPv6 hop-by-hop, routing and destination options
 * headers are taken.
 */
const char *gso_parse(const struct virtio_net_hdr *vh, const uint8_t *f,
		      uint32_t len, struct gso_frame *g);

/*
 * The headers (g->hlen bytes, into out) of the run of payload bytes
 * [off, off + plen) of frame f: off a multiple of g->mss. The TCP
 * checksum field holds the pseudo-header sum over the run's TCP length,
 * not complemented, as Linux leaves a frame for checksum offload.
 */
void gso_piece_headers(const struct gso_frame *g, const uint8_t *f,
		       uint32_t off, uint32_t plen, uint8_t *out);

/*
 * Finish the TCP checksum of one segment: hdr from gso_piece_headers,
 * followed by the plen payload bytes at payload.
 */
void gso_segment_csum(const struct gso_frame *g, uint8_t *hdr,
		      const uint8_t *payload, uint32_t plen);

#endif
