// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload-host's data path. Frames from the TAP interface are read into
 * slots that stay the adapter's until send_complete; when every slot is
 * in flight (or the adapter says busy) the host stops reading the TAP
 * until send_ready, so Linux queues instead of the host dropping. Frames
 * the miniport indicates are written to the TAP; a full TAP queue drops
 * them (counted), as a NIC's full ring would.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/rt.h"

#include "net.h"
#include "tap.h"

#define TX_SLOTS	64
#define FRAME_MAX	1522	/* 1514 plus an 802.1Q tag, plus slack */

struct tx_slot {
	struct tx_slot *next;	/* free list */
	u32 len;
	u8 data[FRAME_MAX];
};

static struct tx_slot slots[TX_SLOTS];
static struct tx_slot *free_slots;
static struct tx_slot *pending;	/* read, refused with -NDL_EBUSY */

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

/* Offer a slot to the adapter; false if it is busy (slot kept pending). */
static bool submit(struct host_net *n, struct tx_slot *s)
{
	struct ndl_frag frag = { s->data, s->len };
	int rc = ndl_adapter_send(n->ad, &frag, 1, s);

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
		ssize_t len = read(n->tap, s->data, sizeof(s->data));

		if (len <= 0)
			break;	/* EAGAIN: nothing more now */
		free_slots = s->next;
		s->len = (u32)len;
		if (!submit(n, s))
			return;
	}
	n->tap_busy = !free_slots;
}

static void on_receive(void *ctx, const struct ndl_rx_frame *f)
{
	struct host_net *n = ctx;
	u8 buf[FRAME_MAX];
	u32 len = ndl_rx_frame_copy(f, buf, sizeof(buf));

	if (len < f->len || write(n->tap, buf, len) != (ssize_t)len) {
		n->rx_dropped++;
		return;
	}
	n->rx_frames++;
}

static void on_receive_complete(void *ctx)
{
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
