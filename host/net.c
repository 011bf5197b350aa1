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

#include "gso.h"
#include "inet_sum.h"
#include "net.h"
#include "rx_merge.h"
#include "tap.h"

/*
 * A slot holds one frame read from the TAP: up to a GSO frame's 64 KiB
 * (Ethernet, an 802.1Q tag, the largest IP packet) once TUN_F_TSO* is
 * on, plus one byte so that a longer frame shows as too long instead of
 * cut short. HOST_TX_SLOTS of them, as many as the adapter's send slots:
 * 4 MiB, most of it touched only by large frames.
 */
#define TX_FRAME_MAX	(14 + 4 + 65535)
#define TCP_CWR		0x80
#define RX_FRAME_MAX	1522	/* 1514 plus an 802.1Q tag, plus slack */

struct tx_slot {
	struct tx_slot *next;	/* free list */
	u32 len;
	u32 csum;		/* NDL_TX_CSUM_* request of a plain frame */
	u32 refs;		/* sends in the adapter, +1 while issuing */
	u32 done;		/* payload bytes of a GSO frame handed over */
	bool gso;		/* g holds its layout */
	bool soft;		/* segment the rest in software */
	bool cut;		/* a segment of it was cut here */
	struct gso_frame g;
	struct virtio_net_hdr vh;
	u8 data[TX_FRAME_MAX + 1];
};

/* One send the adapter holds: a plain frame, or a run of a GSO frame. */
struct tx_send {
	struct tx_send *next;	/* free list */
	struct tx_slot *slot;
	u8 hdr[GSO_HDR_MAX];	/* a run's own headers */
};

static struct tx_slot slots[HOST_TX_SLOTS];
static struct tx_send sends[HOST_TX_SLOTS];
static struct tx_slot *free_slots;
static struct tx_send *free_sends;
static struct tx_slot *pending;	/* read, not all handed over yet */
static struct rx_merge rx_merge;

static void slots_init(void)
{
	static bool done;

	if (done)
		return;
	for (int i = 0; i < HOST_TX_SLOTS; i++) {
		slots[i].next = free_slots;
		free_slots = &slots[i];
		sends[i].next = free_sends;
		free_sends = &sends[i];
	}
	done = true;
}

static void slot_put(struct tx_slot *s)
{
	if (--s->refs)
		return;
	s->next = free_slots;
	free_slots = s;
}

/* Finish the checksum at start + off over the frame's bytes from start. */
static void csum_here(u8 *frame, u32 len, u32 start, u32 off)
{
	u16 c = (u16)~inet_sum(frame + start, len - start, 0);

	if (!c)
		c = 0xffff;	/* the same in one's complement; UDP's 0 is "none" */
	frame[start + off] = c >> 8;
	frame[start + off + 1] = c & 0xff;
}

/*
 * What the virtio-net header asks of a plain frame read from the TAP: the
 * miniport's request in s->csum, or the checksum done here. False: a bad
 * offset.
 */
static bool tx_csum(struct host_net *n, struct tx_slot *s)
{
	u32 start = s->vh.csum_start, off = s->vh.csum_offset;

	s->csum = 0;
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
	csum_here(s->data, s->len, start, off);
	n->tx_csum_sw++;
	return true;
}

/*
 * Hand frags to the adapter as one send of s. 0, -NDL_EBUSY (no adapter
 * slot, or no tx_send: try again later) or the adapter's refusal.
 */
static int send_frags(struct host_net *n, struct tx_slot *s,
		      struct tx_send *t, const struct ndl_frag *frags,
		      u32 nfrags, u32 request)
{
	int rc;

	t->slot = s;
	free_sends = t->next;
	s->refs++;
	rc = ndl_adapter_send_ex(n->ad, frags, nfrags, t, request, 0);
	if (!rc)
		return 0;
	s->refs--;
	t->next = free_sends;
	free_sends = t;
	if (rc == -NDL_EBUSY)
		n->await_ready = true;
	return rc;
}

/*
 * The largest run of whole segments from s->done that one large send may
 * carry: 0 if none can (large send off for this IP version, or refused
 * for this frame: the rest is cut here). CWR belongs to the first
 * segment only, and a miniport may copy it into every one (as Linux
 * fears of a device without NETIF_F_TSO_ECN): that segment goes alone.
 */
static u32 lso_run(struct host_net *n, const struct tx_slot *s)
{
	const struct gso_frame *g = &s->g;
	struct ndl_csum_offload on;
	u32 max, left = g->payload - s->done;

	if (s->soft)
		return 0;
	if (!s->done && s->data[g->l4 + 13] & TCP_CWR)
		return g->mss;
	ndl_adapter_csum_enabled(n->ad, &on);
	max = (g->v6 ? on.lso_v6 : on.lso_v4).max_size / g->mss * g->mss;
	return max < left ? max : left;
}

/*
 * The next run of a GSO frame: a large send if the miniport takes it,
 * else one segment with its checksum (by the miniport if it can).
 */
static int send_run(struct host_net *n, struct tx_slot *s, struct tx_send *t)
{
	const struct gso_frame *g = &s->g;
	u32 run = lso_run(n, s), left = g->payload - s->done, req = 0, seg;
	struct ndl_frag frags[2] = { { t->hdr, g->hlen },
				     { s->data + g->hlen + s->done, 0 } };
	int rc;

	if (run > g->mss) {
		gso_piece_headers(g, s->data, s->done, run, t->hdr);
		req = ndl_adapter_lso_request(n->ad, t->hdr, g->hlen,
					      g->hlen + run, g->mss);
	}
	if (req) {
		ndl_lso_headers(t->hdr, g->hlen + run, req);
		frags[1].len = run;
		rc = send_frags(n, s, t, frags, 2, req);
		if (!rc) {
			n->tx_lso++;
			s->done += run;
		}
		if (rc != -NDL_EINVAL)
			return rc;
	}
	/* Not a large send (none on, or refused): cut here from now on. */
	if (!run || run > g->mss)
		s->soft = true;
	if (!s->cut) {
		s->cut = true;
		n->tx_gso_soft++;
	}
	seg = left < g->mss ? left : g->mss;
	gso_piece_headers(g, s->data, s->done, seg, t->hdr);
	req = ndl_adapter_csum_request(n->ad, t->hdr, g->hlen, g->l4, 16);
	if (!req)
		gso_segment_csum(g, t->hdr, frags[1].va, seg);
	frags[1].len = seg;
	rc = send_frags(n, s, t, frags, 2, req);
	if (rc == -NDL_EBUSY)
		return rc;
	if (rc)
		n->tx_errors++;		/* counted, and the next one goes */
	else if (req)
		n->tx_csum++;
	else
		n->tx_csum_sw++;
	n->tx_soft_segs += !rc;
	s->done += seg;
	return 0;
}

/*
 * Hand s (all of it, or the rest) to the adapter. False if it is busy: s
 * waits as pending, and the loop comes back after a send_ready or a
 * send_complete.
 */
static bool issue(struct host_net *n, struct tx_slot *s)
{
	pending = NULL;
	do {
		struct tx_send *t = free_sends;
		struct ndl_frag frag = { s->data, s->len };
		int rc;

		if (!t)
			rc = -NDL_EBUSY;
		else if (!s->gso)
			rc = send_frags(n, s, t, &frag, 1, s->csum);
		else
			rc = send_run(n, s, t);
		if (rc == -NDL_EBUSY) {
			pending = s;
			n->tap_busy = true;
			return false;
		}
		if (rc)		/* e.g. longer than the adapter takes */
			n->tx_errors++;
	} while (s->gso && s->done < s->g.payload);
	slot_put(s);		/* the reference while issuing */
	return true;
}

/* A frame just read into s: false if it is dropped (counted). */
static bool tx_prepare(struct host_net *n, struct tx_slot *s)
{
	const char *why;

	s->gso = s->soft = s->cut = false;
	s->done = 0;
	s->csum = 0;
	if (s->len > TX_FRAME_MAX)
		return false;
	if (!n->vnet)
		return true;
	if ((s->vh.gso_type & ~VIRTIO_NET_HDR_GSO_ECN) ==
	    VIRTIO_NET_HDR_GSO_NONE)
		return tx_csum(n, s);
	why = gso_parse(&s->vh, s->data, s->len, &s->g);
	if (why) {
		if (!n->tx_gso_bad++)
			fprintf(stderr, "ndisload-host: a GSO frame from the TAP dropped: %s (counted from now on)\n",
				why);
		return false;
	}
	s->gso = true;
	return true;
}

void host_net_tap_ready(struct host_net *n)
{
	slots_init();
	if (pending && !issue(n, pending))
		return;
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
		if (!tx_prepare(n, s)) {
			n->tx_errors++;
			continue;
		}
		free_slots = s->next;
		s->refs = 1;
		if (!issue(n, s))
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
	u8 buf[RX_FRAME_MAX];
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
	struct tx_send *t = cookie;

	if (status)
		n->tx_errors++;
	else
		n->tx_frames++;
	slot_put(t->slot);
	t->next = free_sends;
	free_sends = t;
	/*
	 * A frame the adapter refused waits for send_ready, which may
	 * already have come in this pass of the loop (the runtime says it
	 * once per refusal): a host waiting for that is not unblocked here,
	 * and never blocked again. One that only ran out of tx_sends is.
	 */
	if (!pending || !n->await_ready)
		n->tap_busy = false;
}

static void on_send_ready(void *ctx)
{
	struct host_net *n = ctx;

	n->await_ready = false;
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
	if (n->vnet && !n->tso_off) {
		on.lso_v4 = caps.lso_v4;
		on.lso_v6 = caps.lso_v6;
	}
	if (!(on.v4_tx | on.v6_tx | on.v4_rx | on.v6_rx) &&
	    !on.lso_v4.max_size && !on.lso_v6.max_size) {
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
		/* ... and segments every frame: no large send either */
		memset(&on.lso_v4, 0, sizeof(on.lso_v4));
		memset(&on.lso_v6, 0, sizeof(on.lso_v6));
		on.v4_tx = on.v6_tx = 0;
		st = ndl_adapter_csum_enable(n->ad, &on);
		if (st)
			fprintf(stderr, "ndisload-host: the miniport refused receive checksum offload alone (NDIS_STATUS 0x%08x)\n",
				(unsigned int)st);
		n->tun_refused = TUN_F_CSUM;
	} else if (on.v4_tx | on.v6_tx) {
		n->tun_flags = TUN_F_CSUM;
	}
	fprintf(stderr, "ndisload-host: checksum offload: transmit %s, receive %s\n",
		on.v4_tx | on.v6_tx ? "by the miniport" : "by Linux",
		on.v4_rx | on.v6_rx ? "validated by the miniport" : "by Linux");
	host_net_offload_sync(n);
}

void host_net_offload_sync(struct host_net *n)
{
	struct ndl_csum_offload on;
	unsigned int want = n->tun_flags & TUN_F_CSUM;

	if (!n->vnet || n->tun_refused == TUN_F_CSUM)
		return;
	ndl_adapter_csum_enabled(n->ad, &on);
	/* The TAP offers segmentation only with TUN_F_CSUM. */
	if (on.lso_v4.max_size && !n->tso_off)
		want |= TUN_F_CSUM | TUN_F_TSO4;
	if (on.lso_v6.max_size && !n->tso_off)
		want |= TUN_F_CSUM | TUN_F_TSO6;
	if (want == n->tun_flags || want == n->tun_refused)
		return;
	if (!tap_set_offload(n->tap, want)) {
		fprintf(stderr, "ndisload-host: the TAP refused offloads 0x%x: %s\n",
			want, strerror(errno));
		n->tun_refused = want;
		return;
	}
	n->tun_refused = 0;
	if ((want ^ n->tun_flags) & (TUN_F_TSO4 | TUN_F_TSO6))
		fprintf(stderr, "ndisload-host: TCP segmentation: IPv4 %s, IPv6 %s\n",
			want & TUN_F_TSO4 ? "by the miniport" : "by Linux",
			want & TUN_F_TSO6 ? "by the miniport" : "by Linux");
	n->tun_flags = want;
}
