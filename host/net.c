// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-host's data path. Frames from the TAP interface are read into
 * slots that stay the adapter's until send_complete; when every slot is
 * in flight (or the adapter says busy) the host stops reading the TAP
 * until send_ready, so Linux queues instead of the host dropping. Frames
 * the miniport indicates are written to the TAP; a full TAP queue drops
 * them (counted), as a NIC's full ring would.
 *
 * Behind the virtio-net header, Linux leaves a frame's TCP/UDP checksum
 * to us (NEEDS_CSUM, once TUN_F_CSUM is on) with the pseudo-header sum
 * already in the field, as NDIS expects: the miniport finishes it when it
 * can (ndl_adapter_csum_request), else the host does. Frames whose
 * checksum the miniport validated go up marked DATA_VALID, or, for TCP
 * segments that follow on, coalesced into one GSO frame per batch
 * (rx_merge.h): a TAP delivers each write on its own and wakes the
 * reader for each, where the kernel's GRO would have merged them.
 */
#include <errno.h>
#include <linux/if_tun.h>
#include <linux/virtio_net.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "core/rt.h"

#include "inet_sum.h"
#include "net.h"
#include "rx_merge.h"
#include "tap.h"

#define TX_SLOTS	64
#define FRAME_MAX	1522	/* 1514 plus an 802.1Q tag, plus slack */

struct tx_slot {
	struct tx_slot *next;	/* free list */
	u32 len;
	u32 csum;		/* NDL_TX_CSUM_* request */
	struct virtio_net_hdr vh;
	u8 data[FRAME_MAX];
};

static struct tx_slot slots[TX_SLOTS];
static struct tx_slot *free_slots;
static struct tx_slot *pending;	/* read, refused with -NDL_EBUSY */
static struct rx_merge rx_merge;

static void slots_init(void)
{
	static bool done;

	if (done)
		return;
	for (int i = 0; i < TX_SLOTS; i++) {
		slots[i].next = free_slots;
		free_slots = &slots[i];
	}
	done = true;
}

/*
 * What the virtio-net header asks of a frame read from the TAP: the
 * miniport's request in s->csum, or the checksum done here. False: a
 * frame we cannot send (segmentation was never offered; a bad offset).
 */
static bool tx_csum(struct host_net *n, struct tx_slot *s)
{
	u32 start = s->vh.csum_start, off = s->vh.csum_offset;
	u16 c;

	s->csum = 0;
	if (s->vh.gso_type != VIRTIO_NET_HDR_GSO_NONE)
		return false;
	if (!(s->vh.flags & VIRTIO_NET_HDR_F_NEEDS_CSUM))
		return true;
	if (start > s->len || s->len - start < off + 2)
		return false;
	s->csum = ndl_adapter_csum_request(n->ad, s->data, s->len, start, off);
	if (s->csum) {
		n->tx_csum++;
		return true;
	}
	/* The field holds the pseudo-header sum: it is summed with the rest. */
	c = (u16)~inet_sum(s->data + start, s->len - start, 0);
	if (!c)
		c = 0xffff;	/* the same in one's complement; UDP's 0 is "none" */
	s->data[start + off] = c >> 8;
	s->data[start + off + 1] = c & 0xff;
	n->tx_csum_sw++;
	return true;
}

/* Offer a slot to the adapter; false if it is busy (slot kept pending). */
static bool submit(struct host_net *n, struct tx_slot *s)
{
	struct ndl_frag frag = { s->data, s->len };
	int rc = ndl_adapter_send_ex(n->ad, &frag, 1, s, s->csum, 0);

	if (rc == -NDL_EBUSY) {
		pending = s;
		n->tap_busy = true;
		return false;
	}
	if (rc) {		/* e.g. longer than the adapter takes */
		n->tx_errors++;
		s->next = free_slots;
		free_slots = s;
	}
	return true;
}

void host_net_tap_ready(struct host_net *n)
{
	slots_init();
	if (pending) {
		struct tx_slot *s = pending;

		pending = NULL;
		if (!submit(n, s))
			return;
	}
	while (free_slots) {
		struct tx_slot *s = free_slots;
		struct iovec iov[2] = {
			{ &s->vh, sizeof(s->vh) }, { s->data, sizeof(s->data) },
		};
		ssize_t len = n->vnet ? readv(n->tap, iov, 2) :
			      readv(n->tap, iov + 1, 1);

		if (len <= 0)
			break;	/* EAGAIN: nothing more now */
		if (n->vnet && (len -= sizeof(s->vh)) < 0) {
			n->tx_errors++;
			continue;
		}
		s->len = (u32)len;
		s->csum = 0;
		if (n->vnet && !tx_csum(n, s)) {
			n->tx_errors++;
			continue;
		}
		free_slots = s->next;
		if (!submit(n, s))
			return;
	}
	n->tap_busy = !free_slots;
}

/* Write what the coalescer holds; a failed write drops its segments. */
void host_net_rx_flush(struct host_net *n)
{
	struct iovec iov[2];
	u32 segs = rx_merge.segs;
	size_t want = rx_merge_take(&rx_merge, iov);

	if (!want)
		return;
	if (writev(n->tap, iov, 2) != (ssize_t)want) {
		n->rx_dropped += segs;
		return;
	}
	n->rx_frames += segs;
	n->rx_csum += segs;
	if (segs > 1)
		n->rx_merged += segs;
}

static void on_receive(void *ctx, const struct ndl_rx_frame *f)
{
	struct host_net *n = ctx;
	struct virtio_net_hdr vh = { .gso_type = VIRTIO_NET_HDR_GSO_NONE };
	u8 buf[FRAME_MAX];
	u32 len = ndl_rx_frame_copy(f, buf, sizeof(buf));
	struct iovec iov[2] = { { &vh, sizeof(vh) }, { buf, len } };
	ssize_t want = n->vnet ? (ssize_t)(sizeof(vh) + len) : (ssize_t)len;

	if (n->vnet && len == f->len && ndl_rx_frame_csum_ok(f)) {
		enum rx_merge_verdict v;

		while ((v = rx_merge_add(&rx_merge, buf, len)) == RX_MERGE_FLUSH)
			host_net_rx_flush(n);
		if (v == RX_MERGE_HELD)
			return;
	}
	host_net_rx_flush(n);	/* what is held goes first: Linux sees them in order */
	if (ndl_rx_frame_csum_ok(f))
		vh.flags = VIRTIO_NET_HDR_F_DATA_VALID;
	if (len < f->len ||
	    writev(n->tap, n->vnet ? iov : iov + 1, n->vnet ? 2 : 1) != want) {
		n->rx_dropped++;
		return;
	}
	n->rx_frames++;
	if (n->vnet && vh.flags)
		n->rx_csum++;
}

/* The end of the miniport's batch: what it coalesced goes up now. */
static void on_receive_complete(void *ctx)
{
	host_net_rx_flush(ctx);
}

static void on_send_complete(void *ctx, void *cookie, u32 status)
{
	struct host_net *n = ctx;
	struct tx_slot *s = cookie;

	if (status)
		n->tx_errors++;
	else
		n->tx_frames++;
	s->next = free_slots;
	free_slots = s;
	/*
	 * A refused frame waits for send_ready, which may already have come
	 * in this pass of the loop (the runtime says it once per refusal):
	 * only a host without a refused frame is unblocked here, and never
	 * blocked again.
	 */
	if (!pending)
		n->tap_busy = false;
}

static void on_send_ready(void *ctx)
{
	struct host_net *n = ctx;

	n->tap_busy = false;	/* the loop retries the pending frame */
}

static void on_status(void *ctx, const struct ndl_status_event *ev)
{
	struct host_net *n = ctx;
	static bool warned;

	if (ev->kind != NDL_STATUS_MEDIA_CONNECT &&
	    ev->kind != NDL_STATUS_MEDIA_DISCONNECT)
		return;
	fprintf(stderr, "ndisload-host: link %s\n",
		ev->kind == NDL_STATUS_MEDIA_CONNECT ? "up" : "down");
	if (!tap_set_carrier(n->tap, ev->kind == NDL_STATUS_MEDIA_CONNECT) &&
	    !warned) {
		fprintf(stderr, "ndisload-host: cannot set the TAP carrier: %s\n",
			strerror(errno));
		warned = true;
	}
}

const struct ndl_adapter_ops host_net_ops = {
	.receive = on_receive,
	.receive_complete = on_receive_complete,
	.send_complete = on_send_complete,
	.send_ready = on_send_ready,
	.status = on_status,
};

void host_net_offload(struct host_net *n)
{
	struct ndl_csum_offload caps, on;
	u32 st;

	ndl_adapter_csum_caps(n->ad, &caps);
	ndl_csum_host_choice(&caps, n->vnet, n->vnet, &on);
	if (!(on.v4_tx | on.v6_tx | on.v4_rx | on.v6_rx)) {
		fprintf(stderr, "ndisload-host: the miniport offers no checksum offload\n");
		return;
	}
	st = ndl_adapter_csum_enable(n->ad, &on);
	if (st) {
		fprintf(stderr, "ndisload-host: the miniport refused checksum offload (NDIS_STATUS 0x%08x): checksums are computed by Linux\n",
			(unsigned int)st);
		return;
	}
	/* Without TUN_F_CSUM Linux computes every checksum itself. */
	if ((on.v4_tx | on.v6_tx) && !tap_set_offload(n->tap, TUN_F_CSUM)) {
		fprintf(stderr, "ndisload-host: the TAP refused checksum offload: %s\n",
			strerror(errno));
		on.v4_tx = on.v6_tx = 0;
		st = ndl_adapter_csum_enable(n->ad, &on);
		if (st)
			fprintf(stderr, "ndisload-host: the miniport refused receive checksum offload alone (NDIS_STATUS 0x%08x)\n",
				(unsigned int)st);
	}
	fprintf(stderr, "ndisload-host: checksum offload: transmit %s, receive %s\n",
		on.v4_tx | on.v6_tx ? "by the miniport" : "by Linux",
		on.v4_rx | on.v6_rx ? "validated by the miniport" : "by Linux");
}
