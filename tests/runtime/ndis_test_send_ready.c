// SPDX-License-Identifier: GPL-2.0-only
/*
 * send_ready after -NDL_EBUSY (ndis5/ndis_send.c), with the C miniport of
 * ndis_fakemp.c dialled to send as the NE2000 does: serialized
 * MiniportSend, one transmit buffer (NDIS_STATUS_PENDING for the frame it
 * takes, NDIS_STATUS_RESOURCES while that one is in the buffer), the
 * NdisMSendComplete from its interrupt DPC. MiniportSend's page: NDIS
 * queues a refused packet for resubmission at the next
 * NdisMSendComplete or NdisMSendResourcesAvailable; the host that was
 * refused a slot hears send_ready once a slot is free again.
 *
 * Then the same miniport behind ndisload-host's data path (host/net.c),
 * a socket pair standing in for its TAP: two transmit interrupts handled
 * in one pass of the host's loop must not leave the host's refused frame
 * waiting for a send_ready the runtime already gave; and the checksums
 * Linux leaves to it behind the virtio-net header.
 */
#include <errno.h>
#include <linux/virtio_net.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"
#include "ndis_fakemp.h"
#include "nt/nt_exports.h"
#include "host/net.h"

#define SEND_SLOTS	32	/* a MiniportSend miniport's (ndis_send.c) */

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;

static int send_one(u8 *frame);

/*
 * The NE2000's sends: one in the transmit buffer, RESOURCES meanwhile.
 * early: a frame the host tries to send before MiniportInitialize.
 */
static bool start_sending_early(const struct ndl_adapter_ops *ops, void *ctx,
				u8 *early)
{
	struct ndl_adapter_params p = {
		.ops = ops, .ctx = ctx, .name = "sendready", .tx_slots = 64,
	};
	struct ndl_adapter_info info;

	drv = fm_begin();
	if (!drv)
		return false;
	fm.accept = 1;
	if (fm_register(drv) != NDIS_STATUS_SUCCESS)
		return false;
	p.drv = drv;
	tap_reset(&tap);
	if (ndl_adapter_create(&p, &ad))
		return false;
	if (early) {
		CHECK_EQ_INT(send_one(early), -NDL_EBUSY);
		CHECK_EQ_INT(tap.send_ready, 0);
	}
	return !ndl_adapter_initialize(ad, &info, NULL);
}

static bool start(const struct ndl_adapter_ops *ops, void *ctx)
{
	return start_sending_early(ops, ctx, NULL);
}

static void stop(void)
{
	fm_stop(&ad, &drv, NULL);
	CHECK_EQ_INT(fm.reentries, 0);
	CHECK_EQ_INT(fm.bad_irql, 0);
}

/*
 * The transmit interrupt's DPC, as NDIS runs it for a serialized
 * miniport: under the miniport lock, the miniport completes the frame in
 * its buffer, then NDIS resubmits what it refused.
 */
static void tx_interrupt(void)
{
	KIRQL old;

	if (!ndl_mp_enter(ad, &old)) {
		CHECK(!"miniport lock free");
		return;
	}
	fm_complete_one(NDIS_STATUS_SUCCESS);
	ndl_tx_unblock(ad);
	ndl_mp_leave(ad, old);
}

static int send_one(u8 *frame)
{
	struct ndl_frag fr = { frame, 64 };
	KIRQL old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	int rc = ndl_adapter_send(ad, &fr, 1, frame);

	ndlw_KeLowerIrql(old);
	return rc;
}

/*
 * Start with the tap as host and take every slot (one frame in the
 * miniport, the rest queued behind its RESOURCES); the next send, of
 * f[SEND_SLOTS], is refused.
 */
static bool start_full(u8 (*f)[64])
{
	if (!start(&tap_ops, &tap)) {
		CHECK(!"adapter start");
		return false;
	}
	for (u32 n = 0; n < SEND_SLOTS; n++)
		CHECK_EQ_INT(send_one(f[n]), 0);
	CHECK_EQ_INT(fm.nheld, 1);
	CHECK_EQ_INT(send_one(f[SEND_SLOTS]), -NDL_EBUSY);
	CHECK_EQ_INT(tap.send_ready, 0);
	return true;
}

/*
 * Every slot taken, a send refused; each completion then frees a slot
 * and resubmits the next queued frame. send_ready follows the first
 * completion after a refusal, once: a completion with no refusal
 * outstanding owes the host nothing.
 */
static void test_ready_after_busy(void)
{
	static u8 f[SEND_SLOTS + 4][64];
	u32 n = SEND_SLOTS;

	if (!start_full(f))
		goto out;
	tx_interrupt();
	CHECK_EQ_INT(tap.ndone, 1);
	CHECK_EQ_INT(tap.send_ready, 1);
	CHECK_EQ_INT(fm.sends, 2);	/* the next queued frame went in */
	CHECK_EQ_INT(fm.nheld, 1);

	/* Not sent again: the next completion owes no send_ready. */
	tx_interrupt();
	CHECK_EQ_INT(tap.ndone, 2);
	CHECK_EQ_INT(tap.send_ready, 1);

	/* Two free slots: both taken, the third refused, one ready later. */
	CHECK_EQ_INT(send_one(f[n++]), 0);
	CHECK_EQ_INT(send_one(f[n++]), 0);
	CHECK_EQ_INT(send_one(f[n]), -NDL_EBUSY);
	CHECK_EQ_INT(send_one(f[n]), -NDL_EBUSY);
	tx_interrupt();
	CHECK_EQ_INT(tap.send_ready, 2);
	CHECK_EQ_INT(send_one(f[n]), 0);
out:
	stop();
}

/*
 * A reset while the host is refused: MiniportReset gives back the frame
 * in the buffer (the NE2000 completes it aborted), the queued ones go in
 * after the reset, and the refused host hears send_ready.
 */
static void test_ready_after_reset(void)
{
	static u8 f[SEND_SLOTS + 1][64];

	if (!start_full(f))
		goto out;
	fm.pend_reset = true;
	CHECK_EQ_INT(ndl_reset_start(ad, false), 0);
	fm_complete_one(NDIS_STATUS_REQUEST_ABORTED);
	CHECK_EQ_INT(tap.send_ready, 1);
	CHECK_EQ_INT(fm.nheld, 0);	/* nothing goes in during the reset */
	ndl_reset_complete_handler(fm.handle, NDIS_STATUS_SUCCESS, FALSE);
	CHECK_EQ_INT(fm.nheld, 1);
	CHECK_EQ_INT(send_one(f[SEND_SLOTS]), 0);
out:
	stop();
}

/*
 * A host that sends before the adapter has its slots is refused; it hears
 * send_ready once MiniportInitialize is done and the slots exist.
 */
static void test_ready_after_initialize(void)
{
	static u8 f[64];

	if (!start_sending_early(&tap_ops, &tap, f)) {
		CHECK(!"adapter start");
		goto out;
	}
	CHECK_EQ_INT(tap.send_ready, 1);
	CHECK_EQ_INT(send_one(f), 0);
	CHECK_EQ_INT(fm.sends, 1);
out:
	stop();
}

/* ---- ndisload-host's data path ------------------------------------------ */

/* host/net.c's TAP link state and offloads; a socket pair has none. */
bool tap_set_carrier(int fd, bool up)
{
	return true;
}

bool tap_set_offload(int fd, unsigned int tun_flags)
{
	errno = ENOTTY;
	return false;
}

/* Frames waiting to be read at fd (the host's end: not read yet). */
static u32 unread(int fd)
{
	u8 buf[1600];
	u32 n = 0;

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		n++;
	return n;
}

/*
 * The loop as host/main.c runs it: DPCs first (here: two transmit
 * interrupts in one pass), then the TAP unless the host is busy. The
 * frame the adapter refused must go in once a slot is free.
 */
static void test_host_two_completions(void)
{
	struct host_net n = { .tap = -1 };
	u8 frame[64];
	int sv[2];
	u32 i;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv)) {
		CHECK(!"socketpair");
		return;
	}
	n.tap = sv[0];
	if (!start(&host_net_ops, &n)) {
		CHECK(!"adapter start");
		goto out;
	}
	n.ad = ad;
	memset(frame, 0xff, sizeof(frame));
	for (i = 0; i < SEND_SLOTS + 8; i++)
		CHECK_EQ_INT(write(sv[1], frame, sizeof(frame)), sizeof(frame));

	host_net_tap_ready(&n);
	/* Every slot taken, the next frame refused and kept. */
	CHECK(n.tap_busy);
	CHECK_EQ_INT(fm.nheld, 1);

	tx_interrupt();
	tx_interrupt();
	CHECK_EQ_INT(n.tx_frames, 2);
	CHECK(!n.tap_busy);
	if (!n.tap_busy)
		host_net_tap_ready(&n);
	/* The refused frame and one more took the two slots. */
	CHECK(n.tap_busy);
	CHECK_EQ_INT(fm.sends, 3);
	CHECK_EQ_INT(unread(sv[0]), 8 - 3);	/* 35 read */
	CHECK_EQ_INT(n.tx_errors, 0);
out:
	stop();
	close(sv[0]);
	close(sv[1]);
}

/* The one's-complement sum of p, folded, not complemented. */
static u32 sum16(const u8 *p, u32 len, u32 sum)
{
	for (u32 i = 0; i < len; i += 2)
		sum += (u32)p[i] << 8 | (i + 1 < len ? p[i + 1] : 0);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

/*
 * Behind the virtio-net header: a TCP frame whose checksum Linux left
 * to us (NEEDS_CSUM, the pseudo-header sum in the field) gets it computed
 * by the host when the miniport offers nothing; a segmentation request
 * (never offered) is dropped, counted, and the next frame goes through.
 */
static void test_host_vnet_checksum(void)
{
	struct host_net n = { .tap = -1, .vnet = true };
	struct {
		struct virtio_net_hdr vh;
		u8 f[14 + 20 + 20 + 26];
	} __attribute__((packed)) w;
	u8 *ip = w.f + 14, *tcp = ip + 20, pseudo[12];
	const u32 tcp_len = sizeof(w.f) - 34;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv)) {
		CHECK(!"socketpair");
		return;
	}
	n.tap = sv[0];
	if (!start(&host_net_ops, &n)) {
		CHECK(!"adapter start");
		goto out;
	}
	n.ad = ad;
	memset(&w, 0, sizeof(w));
	w.f[12] = 0x08;
	ip[0] = 0x45;
	ip[9] = 6;
	memcpy(ip + 12, (u8[]){ 10, 0, 2, 15, 10, 0, 2, 2 }, 8);
	tcp[12] = 5 << 4;
	for (u32 i = 20; i < tcp_len; i++)
		tcp[i] = (u8)(i * 7);
	memcpy(pseudo, ip + 12, 8);
	pseudo[8] = 0;
	pseudo[9] = 6;
	pseudo[10] = 0;
	pseudo[11] = tcp_len;
	tcp[16] = sum16(pseudo, 12, 0) >> 8;
	tcp[17] = sum16(pseudo, 12, 0) & 0xff;
	w.vh.flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
	w.vh.csum_start = 34;
	w.vh.csum_offset = 16;

	/* segmentation was never offered: dropped */
	w.vh.gso_type = VIRTIO_NET_HDR_GSO_TCPV4;
	CHECK_EQ_INT(write(sv[1], &w, sizeof(w)), sizeof(w));
	w.vh.gso_type = VIRTIO_NET_HDR_GSO_NONE;
	CHECK_EQ_INT(write(sv[1], &w, sizeof(w)), sizeof(w));
	host_net_tap_ready(&n);
	CHECK_EQ_INT(n.tx_errors, 1);
	CHECK_EQ_INT(fm.sends, 1);
	CHECK_EQ_INT(fm.whole_len, sizeof(w.f));
	CHECK_EQ_INT(fm.last_csum, 0);		/* nothing asked of it */
	CHECK_EQ_INT(n.tx_csum_sw, 1);
	/* the segment with its pseudo-header now sums to all ones */
	CHECK_EQ_INT(sum16(fm.whole + 34, tcp_len, sum16(pseudo, 12, 0)),
		     0xffff);
	CHECK(!memcmp(fm.whole, w.f, 34));	/* headers untouched */
	tx_interrupt();
	CHECK_EQ_INT(n.tx_frames, 1);
out:
	stop();
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_ready_after_busy);
	RUN(test_ready_after_reset);
	RUN(test_ready_after_initialize);
	RUN(test_host_two_completions);
	RUN(test_host_vnet_checksum);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
