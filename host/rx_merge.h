/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Receive coalescing for the TAP: consecutive full-sized segments of one
 * TCP/IPv4 connection that the miniport indicates in one batch go to
 * Linux as one large frame behind a GSO virtio-net header, as the kernel's
 * GRO would have merged them in-kernel. A frame written to a TAP is
 * delivered on its own (no GRO across write calls), and each one woke the
 * reader: one write and one wake-up per batch instead of per frame.
 */
#ifndef NDL_HOST_RX_MERGE_H
#define NDL_HOST_RX_MERGE_H

#include <linux/virtio_net.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

#define RX_MERGE_BYTES	(14 + 65535)	/* Ethernet + the largest IPv4 packet */

struct rx_merge {
	struct virtio_net_hdr vh;	/* built by rx_merge_take */
	uint32_t len;			/* bytes held in frame; 0: none */
	uint32_t segs;
	uint32_t hlen;			/* Ethernet + IPv4 + TCP headers */
	uint32_t mss;			/* payload of the first segment */
	uint32_t next_seq;
	uint16_t next_id;
	bool ended;			/* a short or PSH segment came */
	uint8_t frame[RX_MERGE_BYTES];
};

enum rx_merge_verdict {
	RX_MERGE_HELD,		/* taken: nothing to write now */
	RX_MERGE_FLUSH,		/* write what is held (rx_merge_take), then offer it again */
	RX_MERGE_ALONE,		/* not mergeable: write what is held, then this frame as it is */
};

/*
 * Offer a frame of len bytes whose TCP checksum the miniport validated
 * (only those: the merged frame's checksum is left to Linux as done).
 */
enum rx_merge_verdict rx_merge_add(struct rx_merge *m, const uint8_t *frame,
				   uint32_t len);

/*
 * What is held, as the virtio-net header and the frame (iov[0], iov[1]),
 * and forget it: 0 if nothing is held, else the bytes to write. A single
 * segment goes unchanged, marked DATA_VALID; several go as one GSO frame
 * (TCPV4, gso_size the segments' payload) with NEEDS_CSUM over the TCP
 * header and the pseudo-header sum in its checksum field, as a sender's
 * TSO frame would.
 */
size_t rx_merge_take(struct rx_merge *m, struct iovec iov[2]);

#endif
