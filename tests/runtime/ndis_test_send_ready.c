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
#include <linux/if_tun.h>
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

/* TUNSETOFFLOAD: refused (ENOTTY) unless a test takes it, recorded. */
static bool tun_offload_ok;
static unsigned int tun_offload = ~0u;

bool tap_set_offload(int fd, unsigned int tun_flags)
{
	if (!tun_offload_ok) {
		errno = ENOTTY;
		return false;
	}
	tun_offload = tun_flags;
	return true;
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
 * by the host when the miniport offers nothing; a malformed segmentation
 * request (its IP total length is not the frame's) is dropped, counted,
 * and the next frame goes through.
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

	/* a GSO frame whose IPv4 total length (0) is not the frame's */
	w.vh.gso_type = VIRTIO_NET_HDR_GSO_TCPV4;
	w.vh.gso_size = 26;
	CHECK_EQ_INT(write(sv[1], &w, sizeof(w)), sizeof(w));
	w.vh.gso_type = VIRTIO_NET_HDR_GSO_NONE;
	CHECK_EQ_INT(write(sv[1], &w, sizeof(w)), sizeof(w));
	host_net_tap_ready(&n);
	CHECK_EQ_INT(n.tx_errors, 1);
	CHECK_EQ_INT(n.tx_gso_bad, 1);
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


/* ---- TCP segmentation (TUN_F_TSO4) behind the virtio-net header ----------- */

/* NDIS 5's task offload answer, written out as ndis_test_offload.c does. */
static void wr32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static u32 rd16(const u8 *p)
{
	return (u32)p[0] << 8 | p[1];
}

static u32 rd32be(const u8 *p)
{
	return rd16(p) << 16 | rd16(p + 2);
}

/*
 * The fake offers no checksum and NDIS_TASK_TCP_LARGE_SEND version 0:
 * max payload bytes, 2 segments at least, TCP options.
 */
static void offer_lso(u32 max)
{
	u8 *b = fm.task_answer;

	memset(b, 0, 28 + 20 + 16 + 20 + 16);
	wr32(b, 1);				/* NDIS_TASK_OFFLOAD_HEADER */
	wr32(b + 4, 28);
	wr32(b + 12, 28);			/* OffsetFirstTask */
	wr32(b + 16, 2);			/* IEEE 802.3 */
	wr32(b + 20, 1);
	wr32(b + 24, 14);
	wr32(b + 28 + 4, 24);			/* checksum task: nothing */
	wr32(b + 28 + 8, 0);
	wr32(b + 28 + 12, 20 + 16);
	wr32(b + 28 + 16, 16);
	b += 28 + 36;
	wr32(b + 4, 24);			/* large send */
	wr32(b + 8, 2);
	wr32(b + 16, 16);
	wr32(b + 20 + 4, max);
	wr32(b + 20 + 8, 2);
	b[20 + 12] = 1;				/* TcpOptions */
	fm.task_answer_len = 28 + 36 + 36;
}

#define T_HLEN	(14 + 20 + 32)		/* TCP with the timestamp option */
#define T_MSS	1448

static struct {
	struct virtio_net_hdr vh;
	u8 f[T_HLEN + 20 * T_MSS];
} __attribute__((packed)) gw;

/* A TSO frame as Linux hands it to the TAP, payload bytes a pattern. */
static u32 tso_frame(u32 payload, u8 flags)
{
	u8 *ip = gw.f + 14, *th = ip + 20;
	u32 len = T_HLEN + payload;

	memset(&gw, 0, sizeof(gw.vh) + T_HLEN);
	gw.f[12] = 0x08;
	ip[0] = 0x45;
	ip[2] = (len - 14) >> 8;
	ip[3] = (len - 14) & 0xff;
	ip[4] = 0x12;
	ip[6] = 0x40;
	ip[8] = 64;
	ip[9] = 6;
	memcpy(ip + 12, (u8[]){ 10, 0, 2, 15, 10, 0, 2, 2 }, 8);
	th[1] = 80;
	th[3] = 99;
	memcpy(th + 4, "\x10\x00\x00\x00", 4);
	th[12] = 8 << 4;
	th[13] = flags;
	th[15] = 200;
	memcpy(th + 20, "\x01\x01\x08\x0a\x00\x00\x10\x00\x00\x00\x20\x00", 12);
	for (u32 i = 0; i < payload; i++)
		gw.f[T_HLEN + i] = (u8)(i * 13 + (i >> 9));
	gw.vh.flags = VIRTIO_NET_HDR_F_NEEDS_CSUM;
	gw.vh.gso_type = VIRTIO_NET_HDR_GSO_TCPV4;
	gw.vh.gso_size = T_MSS;
	gw.vh.hdr_len = T_HLEN;
	gw.vh.csum_start = 34;
	gw.vh.csum_offset = 16;
	return len;
}

/* RFC 793's pseudo header for tcp_len bytes of the frame in w. */
static u32 pseudo4(const u8 *w, u32 tcp_len)
{
	return sum16(w + 26, 8, 6 + tcp_len);
}

/*
 * The send the fake holds: off..off+plen of gw's payload, IPv4 ID and
 * sequence number of segment off / T_MSS, flags; as a large send (lso:
 * NDIS's headers: Total Length of the whole, the pseudo-header sum
 * without the length) or a segment with a checksum that verifies.
 */
static u32 cur_mss = T_MSS;

static void check_send(u32 off, u32 plen, u8 flags, bool lso)
{
	static u8 w[0x10000];
	NDIS_PACKET *p = fm.nheld ? fm.held[0] : NULL;
	u32 len = 0;

	CHECK(p);
	if (!p)
		return;
	/* the bytes of the send the fake holds (fm.whole: the last offered) */
	for (MDL *m = p->Private.Head; m && len < sizeof(w); m = m->Next) {
		u32 n = m->ByteCount < sizeof(w) - len ? m->ByteCount :
			(u32)sizeof(w) - len;

		memcpy(w + len, ndl_mdl_va(m), n);
		len += n;
	}
	CHECK_EQ_INT(len, T_HLEN + plen);
	CHECK_EQ_INT((uintptr_t)ndl_packet_ext(p)->
		     NdisPacketInfo[TcpLargeSendPacketInfo], lso ? cur_mss : 0);
	CHECK_EQ_INT((uintptr_t)ndl_packet_ext(p)->
		     NdisPacketInfo[TcpIpChecksumPacketInfo], 0);
	if (len != T_HLEN + plen)
		return;
	CHECK_EQ_INT(rd16(w + 16), T_HLEN - 14 + plen);
	CHECK_EQ_INT(rd16(w + 18), 0x1200 + off / cur_mss);
	CHECK_EQ_INT(rd32be(w + 38), 0x10000000 + off);
	CHECK_EQ_INT(w[47], flags);
	CHECK(!memcmp(w + T_HLEN, gw.f + T_HLEN + off, plen));
	CHECK(!memcmp(w + 48, gw.f + 48, 2));		/* window */
	CHECK(!memcmp(w + 54, gw.f + 54, 12));		/* options */
	if (lso)
		CHECK_EQ_INT(rd16(w + 50), sum16(w + 26, 8, 6));
	else
		CHECK_EQ_INT(sum16(w + 34, T_HLEN - 34 + plen,
				   pseudo4(w, T_HLEN - 34 + plen)), 0xffff);
	if (!lso)
		CHECK_EQ_INT(sum16(w + 14, 20, 0), 0xffff);
}

/*
 * A miniport with large send: TUN_F_TSO4 is set (with TUN_F_CSUM; no
 * TSO6, not offered); a 10-segment GSO frame goes as two large sends of
 * the most whole segments MaxOffLoadSize (8000) allows, PSH only in the
 * second; one with CWR sends its first segment alone (cut here) and the
 * rest as a large send without CWR. Large send turned off: TSO4 goes off
 * and a GSO frame still queued is cut here into segments, the adapter's
 * refusals in between resumed where they stopped; a GSO frame with
 * gso_size 0 is dropped and counted.
 */
static void test_host_tso(void)
{
	struct host_net n = { .tap = -1, .vnet = true };
	struct ndl_csum_offload off = { 0 };
	u32 len;
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
	offer_lso(8000);
	tun_offload_ok = true;
	host_net_offload(&n);
	CHECK_EQ_INT(tun_offload, TUN_F_CSUM | TUN_F_TSO4);

	len = tso_frame(10 * T_MSS, 0x18);
	CHECK_EQ_INT(write(sv[1], &gw, sizeof(gw.vh) + len),
		     sizeof(gw.vh) + len);
	host_net_tap_ready(&n);
	CHECK_EQ_INT(n.tx_lso, 2);
	check_send(0, 5 * T_MSS, 0x10, true);
	tx_interrupt();
	check_send(5 * T_MSS, 5 * T_MSS, 0x18, true);
	tx_interrupt();
	CHECK_EQ_INT(n.tx_frames, 2);

	len = tso_frame(4 * T_MSS + 100, 0x98);		/* CWR, ACK, PSH */
	CHECK_EQ_INT(write(sv[1], &gw, sizeof(gw.vh) + len),
		     sizeof(gw.vh) + len);
	host_net_tap_ready(&n);
	check_send(0, T_MSS, 0x90, false);
	tx_interrupt();
	check_send(T_MSS, 3 * T_MSS + 100, 0x18, true);
	tx_interrupt();
	CHECK_EQ_INT(n.tx_lso, 3);
	CHECK_EQ_INT(n.tx_soft_segs, 1);

	/* Large send off: TSO4 off; a frame still queued is cut here. */
	len = tso_frame(2 * T_MSS + 7, 0x19);		/* ACK, PSH, FIN */
	CHECK_EQ_INT(write(sv[1], &gw, sizeof(gw.vh) + len),
		     sizeof(gw.vh) + len);
	CHECK_EQ_INT(ndl_adapter_csum_enable(ad, &off), NDIS_STATUS_SUCCESS);
	host_net_offload_sync(&n);
	CHECK_EQ_INT(tun_offload, TUN_F_CSUM);
	fm.accept = 1;
	host_net_tap_ready(&n);
	check_send(0, T_MSS, 0x10, false);
	tx_interrupt();
	check_send(T_MSS, T_MSS, 0x10, false);
	tx_interrupt();
	check_send(2 * T_MSS, 7, 0x19, false);
	tx_interrupt();
	CHECK_EQ_INT(n.tx_soft_segs, 4);
	CHECK_EQ_INT(n.tx_gso_soft, 2);
	CHECK_EQ_INT(n.tx_lso, 3);

	/*
	 * 55 segments of 536 bytes: more than the adapter's 32 slots. The
	 * host stops at its refusal and goes on where it stopped, each
	 * segment once, in order, as the loop runs after completions.
	 */
	cur_mss = 536;
	len = tso_frame(20 * T_MSS, 0x18);
	gw.vh.gso_size = 536;
	CHECK_EQ_INT(write(sv[1], &gw, sizeof(gw.vh) + len),
		     sizeof(gw.vh) + len);
	host_net_tap_ready(&n);
	CHECK(n.tap_busy);
	for (u32 off = 0; off < 20 * T_MSS; off += 536) {
		u32 left = 20 * T_MSS - off;

		check_send(off, left < 536 ? left : 536,
			   left <= 536 ? 0x18 : 0x10, false);
		tx_interrupt();
		if (!n.tap_busy)
			host_net_tap_ready(&n);
	}
	CHECK_EQ_INT(fm.nheld, 0);
	CHECK_EQ_INT(n.tx_soft_segs, 4 + 55);
	CHECK_EQ_INT(n.tx_frames, 7 + 55);
	cur_mss = T_MSS;

	/* Malformed: dropped and counted; the next frame goes. */
	len = tso_frame(2 * T_MSS, 0x10);
	gw.vh.gso_size = 0;
	CHECK_EQ_INT(write(sv[1], &gw, sizeof(gw.vh) + len),
		     sizeof(gw.vh) + len);
	len = tso_frame(2 * T_MSS, 0x10);
	CHECK_EQ_INT(write(sv[1], &gw, sizeof(gw.vh) + len),
		     sizeof(gw.vh) + len);
	host_net_tap_ready(&n);
	CHECK_EQ_INT(n.tx_gso_bad, 1);
	check_send(0, T_MSS, 0x10, false);
	tx_interrupt();
	check_send(T_MSS, T_MSS, 0x10, false);
	tx_interrupt();
	CHECK_EQ_INT(n.tx_frames, 9 + 55);
	CHECK_EQ_INT(n.tx_errors, 1);
out:
	tun_offload_ok = false;
	fm.task_answer_len = 0;
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
	RUN(test_host_tso);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
