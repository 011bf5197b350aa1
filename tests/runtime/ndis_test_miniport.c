// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS semantics, checked with a miniport written in C (ndis_fakemp.c):
 * registration of every characteristics version and the refusals,
 * serialized send statuses and NDIS_STATUS_RESOURCES resubmission, no
 * re-entry into a serialized miniport, receive ownership (RESOURCES kept,
 * the others back through MiniportReturnPacket), lookahead indications with TransferData, pending
 * requests, status during initialize, resets (pending, addressing
 * restore), hang detection, request timeouts.
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"
#include "nt/nt_sync.h"

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;

static void setup(void)
{
	drv = fm_begin();
	CHECK(drv != NULL);
}

static bool start(void)
{
	struct ndl_adapter_info info;

	if (!drv || fm_register(drv) != NDIS_STATUS_SUCCESS)
		return false;
	ad = tap_adapter(drv, NULL, NULL, &tap);
	if (!ad || ndl_adapter_initialize(ad, &info, NULL))
		return false;
	return true;
}

static void teardown(void)
{
	fm_stop(&ad, &drv, NULL);
	CHECK_EQ_INT(fm.reentries, 0);
	CHECK_EQ_INT(fm.bad_irql, 0);
}

static bool done_n(void *ctx)
{
	return tap.ndone >= *(u32 *)ctx;
}

/* ---- registration ------------------------------------------------------ */

static void test_versions(void)
{
	static const u8 v[][2] = { { 3, 0 }, { 4, 0 }, { 5, 0 }, { 5, 1 } };

	for (u32 i = 0; i < 4; i++) {
		setup();
		fm.major = v[i][0];
		fm.minor = v[i][1];
		fm.with_transfer = fm.major == 3;
		CHECK_EQ_INT(start(), 1);
		CHECK_EQ_INT(drv->miniport.ndis_major, v[i][0]);
		CHECK_EQ_INT(fm.halts, 0);
		teardown();
		CHECK_EQ_INT(fm.halts, 1);
	}
}

static void test_refusals(void)
{
	NDIS51_MINIPORT_CHARACTERISTICS c;
	char line[160];

	setup();
	if (!drv)
		return;
	fm_register(drv);	/* a valid one first, then bad ones */
	memset(&c, 0, sizeof(c));
	c.MajorNdisVersion = 4;
	c.MinorNdisVersion = 1;
	CHECK_EQ_INT(ndlw_NdisMRegisterMiniport(fm.wrapper, &c, sizeof(c)),
		     NDIS_STATUS_BAD_VERSION);
	c.MajorNdisVersion = 5;
	c.MinorNdisVersion = 1;
	CHECK_EQ_INT(ndlw_NdisMRegisterMiniport(fm.wrapper, &c, 0x70),
		     NDIS_STATUS_BAD_CHARACTERISTICS);
	CHECK_EQ_INT(ndlw_NdisMRegisterMiniport(fm.wrapper, &c, sizeof(c)),
		     NDIS_STATUS_BAD_CHARACTERISTICS);
	CHECK(log_contains("no MiniportInitialize"));
	CHECK_EQ_INT(ndlw_NdisMRegisterMiniport((void *)&c, &c, sizeof(c)),
		     NDIS_STATUS_FAILURE);
	ndl_ndis_describe(drv, line, sizeof(line));
	CHECK(strstr(line, "refused") != NULL);
	teardown();
}

/* ---- sends ----------------------------------------------------------------- */

static void send_n(u32 n, u8 (*f)[64])
{
	for (u32 i = 0; i < n; i++) {
		struct ndl_frag fr = { f[i], 64 };

		memset(f[i], (int)i, 64);
		CHECK_EQ_INT(ndl_adapter_send(ad, &fr, 1, f[i]), 0);
	}
}

/* Serialized MiniportSend: RESOURCES keeps the packet; resubmitted after
 * the next completion, in order, none lost. */
static void test_serialized_send_resources(void)
{
	static u8 f[10][64];
	u32 want = 10;

	setup();
	fm.accept = 3;
	if (!start())
		goto out;
	send_n(10, f);
	CHECK_EQ_INT(fm.nheld, 3);
	CHECK_EQ_INT(tap.ndone, 0);
	while (fm.nheld) {
		fm_complete_one(NDIS_STATUS_SUCCESS);
		ndl_user_run_pending();
	}
	CHECK(run_until(done_n, &want, 1000));
	for (u32 i = 0; i < 10; i++)
		CHECK(tap.done_cookie[i] == f[i] && tap.done_status[i] == 0);
	CHECK_EQ_INT(fm.sends, 10);
out:
	teardown();
}

/* ... and without any completion, the periodic check resubmits. */
static void test_resources_no_completion(void)
{
	static u8 f[2][64];

	setup();
	fm.accept = 0;
	if (!start())
		goto out;
	send_n(2, f);
	CHECK_EQ_INT(fm.send_calls, 1);
	fm.accept = 10;
	ndl_adapter_check_for_hang(ad);
	CHECK_EQ_INT(fm.sends, 2);
out:
	teardown();
}

/* Serialized MiniportSendPackets: per-packet OOB status. */
static void test_serialized_send_packets(void)
{
	static u8 f[8][64];
	u32 want = 8;

	setup();
	fm.use_send_packets = true;
	fm.complete_inside = true;
	fm.accept = 5;
	if (!start())
		goto out;
	send_n(8, f);
	/* 5 completed synchronously by status, 3 requeued (RESOURCES). */
	CHECK_EQ_INT(tap.ndone, 5);
	fm.accept = 100;
	fm.nheld = 0;
	ndl_adapter_check_for_hang(ad);
	CHECK(run_until(done_n, &want, 1000));
	for (u32 i = 0; i < 8; i++)
		CHECK(tap.done_cookie[i] == f[i]);
out:
	teardown();
}

/*
 * NDIS requeues a packet refused with RESOURCES "and all the remaining
 * packets" of the array; a later one the miniport completed inside the
 * call anyway is done, never handed to it again.
 */
static void test_serialized_refusal_with_inside_completion(void)
{
	static u8 f[6][64];
	u32 want = 6;

	setup();
	fm.use_send_packets = true;
	fm.complete_inside = true;
	fm.accept = 2;
	if (!start())
		goto out;
	/* 0 and 1 go out; 2 is refused; 3 to 5 wait behind it. */
	send_n(6, f);
	CHECK_EQ_INT(tap.ndone, 2);
	/* Resubmitted as one array: 2 goes out, 3 is refused, 5 completed. */
	fm.accept = 3;
	fm.complete_refused_last = true;
	ndl_adapter_check_for_hang(ad);
	CHECK_EQ_INT(tap.ndone, 4);
	fm.complete_refused_last = false;
	fm.accept = 100;
	ndl_adapter_check_for_hang(ad);
	CHECK(run_until(done_n, &want, 1000));
	CHECK_EQ_INT(tap.ndone, 6);
	CHECK_EQ_INT(fm.sends, 5);	/* 5 never reached it again */
	for (u32 i = 0; i < 6; i++) {
		u32 seen = 0;

		for (u32 k = 0; k < tap.ndone; k++)
			seen += tap.done_cookie[k] == f[i];
		CHECK_EQ_INT(seen, 1);
	}
out:
	teardown();
}

/* A completion inside SendPackets calls the host, whose callback sends
 * again: the runtime queues it instead of re-entering the miniport. */
static u32 nested_sends;
static struct ndl_adapter *nested_ad;

static void nested_complete(void *ctx, void *cookie, u32 st)
{
	static u8 extra[64];
	struct ndl_frag fr = { extra, 64 };

	tap_ops.send_complete(ctx, cookie, st);
	if (nested_sends++ < 1)
		CHECK_EQ_INT(ndl_adapter_send(nested_ad, &fr, 1, extra), 0);
}

static void test_no_reentry(void)
{
	static const struct ndl_adapter_ops *saved;
	static struct ndl_adapter_ops ops;
	static u8 f[4][64];

	setup();
	fm.use_send_packets = true;
	fm.send_back_nested = true;
	if (!start())
		goto out;
	saved = ad->ops;
	ops = *saved;
	ops.send_complete = nested_complete;
	ad->ops = &ops;
	nested_ad = ad;
	nested_sends = 0;
	send_n(2, f);
	/* p0 completed inside the call for p1: its callback's send went
	 * to the miniport after that call (whose next call completed p1). */
	CHECK_EQ_INT(nested_sends, 2);
	CHECK_EQ_INT(fm.sends, 3);
	CHECK_EQ_INT(fm.send_calls, 3);
	ad->ops = saved;
out:
	teardown();
}

/* ---- receives --------------------------------------------------------------- */

static NDIS_PACKET *make_rx(NDIS_HANDLE pool, NDIS_HANDLE bpool, u8 *data,
			    u32 len)
{
	NDIS_STATUS st;
	NDIS_PACKET *p;
	MDL *b;

	ndlw_NdisAllocatePacket(&st, &p, pool);
	if (st)
		return NULL;
	ndlw_NdisAllocateBuffer(&st, &b, bpool, data, len);
	if (st)
		return NULL;
	ndlw_NdisChainBufferAtBack(p, b);
	return p;
}

static void free_rx(NDIS_PACKET *p)
{
	ndlw_NdisFreeBuffer(p->Private.Head);
	ndlw_NdisFreePacket(p);
}

static void indicate(NDIS_PACKET **p, u32 n)
{
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	((NDIS_MINIPORT_BLOCK *)fm.handle)->PacketIndicateHandler(fm.handle,
								  p, n);
	ndl_irql_lower(old);
}

static void test_receive_ownership(void)
{
	static u8 data[4][100];
	NDIS_HANDLE pool = NULL, bpool = NULL;
	NDIS_PACKET *p[4];
	NDIS_STATUS st;
	u32 i;

	setup();
	fm.deserialize = true;
	fm.use_send_packets = true;
	fm.with_return = true;
	if (!start())
		goto out;
	ndlw_NdisAllocatePacketPool(&st, &pool, 8, 16);
	ndlw_NdisAllocateBufferPool(&st, &bpool, 8);
	for (i = 0; i < 4; i++) {
		memset(data[i], 0x10 + (int)i, 100);
		p[i] = make_rx(pool, bpool, data[i], 100);
		ndl_packet_oob(p[i])->Status = NDIS_STATUS_SUCCESS;
	}
	/* Packet 1 with RESOURCES: it and every later one stay ours. */
	ndl_packet_oob(p[1])->Status = NDIS_STATUS_RESOURCES;
	ndl_packet_ext(p[0])->NdisPacketInfo[TcpIpChecksumPacketInfo] =
		(void *)(uintptr_t)(NDL_CSUM_RX_TCP_SUCCEEDED |
				    NDL_CSUM_RX_IP_SUCCEEDED);
	ndl_packet_ext(p[2])->NdisPacketInfo[Ieee8021QInfo] =
		(void *)(uintptr_t)(5 | 42 << 4);
	ndl_packet_ext(p[3])->NdisPacketInfo[TcpIpChecksumPacketInfo] =
		(void *)(uintptr_t)NDL_CSUM_RX_UDP_FAILED;
	indicate(p, 4);
	CHECK_EQ_INT(tap.nframes, 4);
	CHECK_EQ_INT(tap.frames[0].flags, NDL_RX_CSUM_TCP_OK | NDL_RX_CSUM_IP_OK);
	CHECK_EQ_INT(tap.frames[1].flags, 0);
	CHECK_EQ_INT(tap.frames[2].flags, NDL_RX_VLAN);
	CHECK_EQ_INT(tap.frames[2].vlan, 5 << 13 | 42);
	CHECK_EQ_INT(tap.frames[3].flags, NDL_RX_CSUM_UDP_BAD);
	CHECK(!memcmp(tap.frames[2].data, data[2], 100));
	/* Deserialized: RESOURCES kept, the others come back through
	 * MiniportReturnPacket (the rules: ndis_test_receive.c).
	 */
	CHECK_EQ_INT(ndl_packet_oob(p[1])->Status, NDIS_STATUS_RESOURCES);
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.returns, 3);
	for (i = 0; i < 4; i++)
		free_rx(p[i]);
	ndlw_NdisFreeBufferPool(bpool);
	ndlw_NdisFreePacketPool(pool);
out:
	teardown();
}

/* Without MiniportReturnPacket a packet is the miniport's on return. */
static void test_receive_without_return_handler(void)
{
	static u8 data[64];
	NDIS_HANDLE pool = NULL, bpool = NULL;
	NDIS_PACKET *p;
	NDIS_STATUS st;

	setup();
	if (!start())
		goto out;
	ndlw_NdisAllocatePacketPool(&st, &pool, 2, 0);
	ndlw_NdisAllocateBufferPool(&st, &bpool, 2);
	p = make_rx(pool, bpool, data, sizeof(data));
	indicate(&p, 1);
	CHECK_EQ_INT(ndl_packet_oob(p)->Status, NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(tap.nframes, 1);
	free_rx(p);
	ndlw_NdisFreeBufferPool(bpool);
	ndlw_NdisFreePacketPool(pool);
out:
	teardown();
}

/* A frame in a chain of buffers, an empty one among them, arrives whole. */
static void test_receive_buffer_chain(void)
{
	static u8 data[300];
	NDIS_HANDLE pool = NULL, bpool = NULL;
	NDIS_PACKET *p;
	NDIS_STATUS st;
	MDL *b[3];
	u32 i;

	setup();
	if (!start())
		goto out;
	for (i = 0; i < sizeof(data); i++)
		data[i] = (u8)(i * 7);
	ndlw_NdisAllocatePacketPool(&st, &pool, 2, 0);
	ndlw_NdisAllocateBufferPool(&st, &bpool, 4);
	ndlw_NdisAllocatePacket(&st, &p, pool);
	ndlw_NdisAllocateBuffer(&st, &b[0], bpool, data, 14);
	ndlw_NdisAllocateBuffer(&st, &b[1], bpool, data + 14, 0);
	ndlw_NdisAllocateBuffer(&st, &b[2], bpool, data + 14, 286);
	for (i = 0; i < 3; i++)
		ndlw_NdisChainBufferAtBack(p, b[i]);
	indicate(&p, 1);
	CHECK_EQ_INT(tap.nframes, 1);
	CHECK_EQ_INT(tap.frames[0].len, 300);
	CHECK(!memcmp(tap.frames[0].data, data, 300));
	for (i = 0; i < 3; i++)
		ndlw_NdisFreeBuffer(b[i]);
	ndlw_NdisFreePacket(p);
	ndlw_NdisFreeBufferPool(bpool);
	ndlw_NdisFreePacketPool(pool);
out:
	teardown();
}

static void eth_indicate(u32 look)
{
	NDIS_MINIPORT_BLOCK *b = fm.handle;
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	b->EthRxIndicateHandler(b->EthDB, &fm, (char *)fm.rx_frame,
				fm.rx_frame, 14, fm.rx_frame + 14, look,
				fm.rx_len - 14);
	b->EthRxCompleteHandler(b->EthDB);
	ndl_irql_lower(old);
}

/* NDIS 3.0 miniport: header + lookahead, MiniportTransferData for more. */
static void test_lookahead_transfer(void)
{
	setup();
	fm.major = 3;
	fm.with_transfer = true;
	if (!start())
		goto out;
	fm.rx_len = 1000;
	for (u32 i = 0; i < fm.rx_len; i++)
		fm.rx_frame[i] = (u8)(i * 3);
	eth_indicate(fm.rx_len - 14);	/* all in the lookahead */
	CHECK_EQ_INT(fm.transfers, 0);
	eth_indicate(100);		/* short: transfer the rest */
	CHECK_EQ_INT(fm.transfers, 1);
	CHECK_EQ_INT(tap.nframes, 2);
	CHECK_EQ_INT(tap.rx_completes, 2);
	CHECK_EQ_INT(tap.frames[1].len, 1000);
	CHECK(!memcmp(tap.frames[1].data, fm.rx_frame, 1000));
	CHECK(!memcmp(tap.frames[0].data, fm.rx_frame, 1000));
	/* A transfer that pends finishes through NdisMTransferDataComplete. */
	fm.pend_transfer = true;
	eth_indicate(60);
	CHECK_EQ_INT(tap.nframes, 2);
	CHECK(fm.td_packet != NULL);
	if (fm.td_packet) {
		NDIS_MINIPORT_BLOCK *b = fm.handle;

		b->TDCompleteHandler(fm.handle, fm.td_packet, NDIS_STATUS_SUCCESS,
				     fm.td_count);
		CHECK_EQ_INT(tap.nframes, 3);
		CHECK(!memcmp(tap.frames[2].data, fm.rx_frame, 1000));
		/* Twice is refused. */
		b->TDCompleteHandler(fm.handle, fm.td_packet, NDIS_STATUS_SUCCESS,
				     fm.td_count);
		CHECK(log_contains("no transfer pending"));
		CHECK_EQ_INT(tap.nframes, 3);
	}
out:
	teardown();
}

/* ---- requests, status, reset, hang ----------------------------------------- */

struct async_result {
	u32 status, done, value, calls;
};

static void async_done(void *ctx, u32 st, const void *buf, u32 done,
		       u32 needed)
{
	struct async_result *r = ctx;

	r->status = st;
	r->done = done;
	if (done >= 4)
		memcpy(&r->value, buf, 4);
	r->calls++;
}

static void test_pending_requests(void)
{
	struct async_result r = { 0 }, r2 = { 0 };
	u32 v = 0, done, needed;

	setup();
	fm.pend_requests = true;
	if (!start())
		goto out;
	CHECK_EQ_INT(ndl_adapter_request_async(ad, false, 0xff000001, &v, 4,
					       async_done, &r), 0);
	CHECK_EQ_INT(r.calls, 0);
	/* A second request waits behind the first. */
	CHECK_EQ_INT(ndl_adapter_request_async(ad, true, 0xff000003, &v, 4,
					       async_done, &r2), 0);
	CHECK_EQ_INT(fm.sets, 0);
	fm_complete_request(NDIS_STATUS_SUCCESS, false);
	CHECK_EQ_INT(r.calls, 1);
	CHECK_EQ_INT(r.value, 0x5678);
	CHECK_EQ_INT(r.done, 4);
	CHECK_EQ_INT(r2.calls, 1);
	CHECK_EQ_INT(r2.status, 0);
	CHECK_EQ_INT(fm.sets, 1);
	fm.pend_requests = false;
	CHECK_EQ_INT(ndl_adapter_query(ad, 0xff000001, &v, 4, &done, &needed),
		     0);
	CHECK_EQ_INT(v, 0x1234);
	/* A completion nobody asked for is refused, not crashed on. */
	fm_complete_request(NDIS_STATUS_SUCCESS, true);
	CHECK(log_contains("with no set request pending"));
out:
	teardown();
}

static void test_status_during_init(void)
{
	u32 speed = 100000;	/* 10 Mbit/s in 100 bit/s units */
	NDIS_MINIPORT_BLOCK *b;

	setup();
	fm.status_in_init = true;
	if (!start())
		goto out;
	CHECK(!ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(tap.nevents, 0);
	CHECK_EQ_INT(ndl_adapter_link_speed(ad), 100000000ull);
	b = fm.handle;
	b->StatusHandler(fm.handle, NDIS_STATUS_MEDIA_CONNECT, NULL, 0);
	b->StatusHandler(fm.handle, NDIS_STATUS_LINK_SPEED_CHANGE, &speed, 4);
	b->StatusCompleteHandler(fm.handle);
	CHECK(ndl_adapter_media_connected(ad));
	CHECK_EQ_INT(tap_events(&tap, NDL_STATUS_MEDIA_CONNECT), 1);
	CHECK_EQ_INT(tap_events(&tap, NDL_STATUS_LINK_SPEED), 1);
	CHECK_EQ_INT(ndl_adapter_link_speed(ad), 10000000ull);
out:
	teardown();
}

static void reset_later(void)
{
	NDIS_MINIPORT_BLOCK *b = fm.handle;

	b->ResetCompleteHandler(fm.handle, NDIS_STATUS_SUCCESS, TRUE);
}

static void test_pending_reset_restores_addressing(void)
{
	static u8 f[2][64];
	u32 filter = 0x0b, done, needed;

	setup();
	fm.pend_reset = true;
	fm.addressing_reset = true;
	if (!start())
		goto out;
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_GEN_CURRENT_PACKET_FILTER, &filter,
				     4, &done, &needed), 0);
	CHECK_EQ_INT(fm.filter_sets, 1);
	/* The reset pends; the miniport completes it later. */
	CHECK_EQ_INT(ndl_reset_start(ad, false), 0);
	send_n(2, f);		/* held back while resetting */
	CHECK_EQ_INT(fm.sends, 0);
	reset_later();
	CHECK_EQ_INT(fm.resets, 1);
	CHECK_EQ_INT(fm.filter_sets, 2);	/* restored */
	CHECK_EQ_INT(fm.last_filter, 0x0b);
	CHECK_EQ_INT(fm.sends, 2);
	CHECK_EQ_INT(tap_events(&tap, NDL_STATUS_RESET_END), 1);
out:
	teardown();
}

static void test_hang_resets(void)
{
	setup();
	if (!start())
		goto out;
	CHECK(!ndl_adapter_check_for_hang(ad));
	fm.hung = true;
	CHECK(ndl_adapter_check_for_hang(ad));
	CHECK_EQ_INT(fm.resets, 1);
	CHECK_EQ_INT(tap_events(&tap, NDL_STATUS_HUNG), 1);
	fm.hung = false;
	CHECK(!ndl_adapter_check_for_hang(ad));
out:
	teardown();
}

/* A request the miniport never completes: after two check intervals the
 * miniport is reset and the request ends as aborted. */
static bool request_ended(void *ctx)
{
	return ((struct async_result *)ctx)->calls > 0;
}

static void test_request_timeout(void)
{
	struct async_result r = { 0 };
	u32 v = 0;

	setup();
	fm.pend_requests = true;
	if (!start())
		goto out;
	CHECK_EQ_INT(ndl_adapter_request_async(ad, false, 0xff000001, &v, 4,
					       async_done, &r), 0);
	/*
	 * The periodic check (1 s) notices after 2 s. The bound is only how
	 * long to wait for that: valgrind on a loaded machine missed 4 s.
	 */
	CHECK(run_until(request_ended, &r, 30000));
	CHECK_EQ_INT(r.status, NDIS_STATUS_REQUEST_ABORTED);
	CHECK(fm.resets >= 1);
	CHECK(fm.hang_checks >= 2);
out:
	teardown();
}

/* ---- interrupts ------------------------------------------------------------ */

NDIS_STATUS NTAPI ndlw_NdisMRegisterInterrupt(NDIS_MINIPORT_INTERRUPT *in,
					      NDIS_HANDLE h, UINT vector,
					      UINT level, BOOLEAN request_isr,
					      BOOLEAN shared, UINT mode);
void NTAPI ndlw_NdisMDeregisterInterrupt(NDIS_MINIPORT_INTERRUPT *in);
BOOLEAN NTAPI ndlw_NdisMSynchronizeWithInterrupt(NDIS_MINIPORT_INTERRUPT *in,
						 void *fn, void *ctx);

/* A device with one status port: bit 0 set = interrupt pending. */
struct irqdev {
	u8 status;
};

static uint32_t irq_read(struct ndl_sim_dev *d, int bar, uint32_t off,
			 int size)
{
	return ((struct irqdev *)ndl_sim_priv(d))->status;
}

static void irq_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		      uint32_t val)
{
	struct irqdev *s = ndl_sim_priv(d);

	s->status = (u8)val;
	ndl_sim_set_irq(d, val & 1);
}

static const struct ndl_sim_model irq_model = {
	.name = "irqdev", .vendor = 0x1234, .device = 0x0001,
	.bars = { { NDL_SIM_BAR_IO, 0x10 } },
	.priv_size = sizeof(struct irqdev),
	.read = irq_read, .write = irq_write,
};

static u32 sync_calls;

static BOOLEAN NTAPI sync_fn(void *ctx)
{
	sync_calls++;
	return ndl_os_irql_current() >= NDL_DEVICE_LEVEL &&
	       ctx == (void *)&sync_calls;
}

static void irq_case(bool request_isr)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&irq_model);
	struct ndl_os_resource res[4];
	struct ndl_adapter_info info;
	u32 i;

	memset(&fm, 0, sizeof(fm));
	fm.hang_secs = 1;
	fm.with_isr = true;
	drv = fm_container();
	if (!sim || !drv || fm_register(drv))
		goto out;
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), NULL, &tap);
	if (!ad || ndl_adapter_initialize(ad, &info, NULL))
		goto out;
	CHECK(ndl_os_dev_resources(ndl_sim_os_dev(sim), res, 4) >= 1);
	fm.port = (u32)res[0].start;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterrupt(&fm.intr, fm.handle, 0, 0,
						 request_isr, FALSE, 0), 0);
	for (i = 0; i < 5; i++) {
		ndl_os_port_write(fm.port, 1, 1);	/* the device interrupts */
		ndl_user_run_pending();
	}
	CHECK_EQ_INT(fm.dpcs, 5);
	CHECK_EQ_INT(fm.dpc_bad, 0);
	if (request_isr) {
		CHECK_EQ_INT(fm.isrs, 5);
		CHECK_EQ_INT(fm.disables + fm.enables, 0);
	} else {
		CHECK_EQ_INT(fm.isrs, 0);
		CHECK_EQ_INT(fm.disables, 5);
		CHECK_EQ_INT(fm.enables, 5);
	}
	sync_calls = 0;
	CHECK(ndlw_NdisMSynchronizeWithInterrupt(&fm.intr, (void *)sync_fn,
						 &sync_calls));
	CHECK_EQ_INT(sync_calls, 1);
	ndlw_NdisMDeregisterInterrupt(&fm.intr);
	ndl_os_port_write(fm.port, 1, 1);
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.dpcs, 5);
	ndl_os_port_write(fm.port, 1, 0);
out:
	teardown();
	if (sim)
		ndl_sim_destroy(sim);
}

static void test_interrupt_isr(void)
{
	irq_case(true);
}

/* RequestIsr FALSE: NDIS masks (DisableInterrupt), runs the DPC, then
 * MiniportEnableInterrupt. */
static void test_interrupt_disable_enable(void)
{
	irq_case(false);
}

/* ---- DMA, unload and shutdown ------------------------------------------------ */

NDIS_STATUS NTAPI ndlw_NdisMAllocateMapRegisters(NDIS_HANDLE h, UINT channel,
						 UCHAR size, ULONG count,
						 ULONG max);
void NTAPI ndlw_NdisMFreeMapRegisters(NDIS_HANDLE h);
void NTAPI ndlw_NdisMStartBufferPhysicalMapping(NDIS_HANDLE h, MDL *m,
	ULONG reg, BOOLEAN to_dev, NDIS_PHYSICAL_ADDRESS_UNIT *u, UINT *n);
void NTAPI ndlw_NdisMCompleteBufferPhysicalMapping(NDIS_HANDLE h, MDL *m,
						   ULONG reg);
NDIS_STATUS NTAPI ndlw_NdisMAllocateSharedMemoryAsync(NDIS_HANDLE h,
						      ULONG len, BOOLEAN cached,
						      void *ctx);
void NTAPI ndlw_NdisMFreeSharedMemory(NDIS_HANDLE h, ULONG len, BOOLEAN c,
				      void *va, NDIS_PHYSICAL_ADDRESS pa);
void NTAPI ndlw_NdisMRegisterUnloadHandler(NDIS_HANDLE w, PDRIVER_UNLOAD f);
void NTAPI ndlw_NdisMRegisterAdapterShutdownHandler(NDIS_HANDLE h, void *ctx,
	W_MINIPORT_SHUTDOWN_HANDLER fn);
void WINCDECL ndlw_NdisWriteErrorLogEntry(NDIS_HANDLE h, ULONG code,
					  ULONG n, ...);

static void test_scatter_gather(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&irq_model);
	struct ndl_adapter_info info;
	static u8 f[1][64];
	u8 buf[100];
	NDIS_PHYSICAL_ADDRESS_UNIT u[4];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	UINT n = 0;

	memset(&fm, 0, sizeof(fm));
	fm.accept = 100;
	fm.hang_secs = 1;
	fm.bus_master = true;
	fm.sg_dma = true;
	drv = fm_container();
	if (!sim || !m || !drv || fm_register(drv))
		goto out;
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), NULL, &tap);
	if (!ad || ndl_adapter_initialize(ad, &info, NULL))
		goto out;
	send_n(1, f);
	CHECK_EQ_INT(fm.sg_seen, 1);
	CHECK_EQ_INT(fm.sg_elements, 1);
	CHECK(fm.sg_first_addr != 0 && fm.sg_first_addr < (1ull << 32));
	fm_complete_one(NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(tap.ndone, 1);
	/* The map-register interface of older bus masters. */
	CHECK_EQ_INT(ndlw_NdisMAllocateMapRegisters(fm.handle, 0, 1, 4, 4096),
		     0);
	ndl_mdl_set(m, buf, sizeof(buf));
	ndlw_NdisMStartBufferPhysicalMapping(fm.handle, m, 2, TRUE, u, &n);
	CHECK_EQ_INT(n, 1);
	CHECK(u[0].Length == sizeof(buf) && u[0].PhysicalAddress.QuadPart);
	ndlw_NdisMCompleteBufferPhysicalMapping(fm.handle, m, 2);
	ndlw_NdisMStartBufferPhysicalMapping(fm.handle, m, 9, TRUE, u, &n);
	CHECK_EQ_INT(n, 0);
	ndlw_NdisMFreeMapRegisters(fm.handle);
out:
	ndl_free(m);
	teardown();
	if (sim)
		ndl_sim_destroy(sim);
}

static u32 allocs_done, unloads, shutdowns;
static void *async_va;
static NDIS_PHYSICAL_ADDRESS async_pa;

static void NTAPI on_alloc(NDIS_HANDLE ctx, void *va, NDIS_PHYSICAL_ADDRESS *pa,
			   ULONG len, void *context)
{
	if (context == &allocs_done && va && len == 2048 &&
	    ndl_os_irql_current() == NDL_DISPATCH_LEVEL) {
		async_va = va;
		async_pa = *pa;
		allocs_done++;
	}
}

static void NTAPI on_unload(DRIVER_OBJECT *obj)
{
	unloads++;
}

static void NTAPI on_shutdown(void *ctx)
{
	if (ctx == &shutdowns)
		shutdowns++;
}

static bool allocated(void *ctx)
{
	return allocs_done > 0;
}

static void test_async_memory_unload_shutdown(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&irq_model);
	struct ndl_adapter_info info;

	memset(&fm, 0, sizeof(fm));
	fm.hang_secs = 1;
	fm.bus_master = true;
	allocs_done = unloads = shutdowns = 0;
	drv = fm_container();
	if (!sim || !drv)
		goto out;
	/* AllocateComplete is a 4.0 characteristic the fake adds here. */
	if (fm_register(drv))
		goto out;
	((struct ndl_ndis_driver *)drv->ndis)->chars.AllocateCompleteHandler =
		on_alloc;
	ndlw_NdisMRegisterUnloadHandler(fm.wrapper, on_unload);
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), NULL, &tap);
	if (!ad || ndl_adapter_initialize(ad, &info, NULL))
		goto out;
	CHECK_EQ_INT(ndlw_NdisMAllocateSharedMemoryAsync(fm.handle, 2048, FALSE,
							 &allocs_done),
		     NDIS_STATUS_PENDING);
	CHECK(run_until(allocated, NULL, 2000));
	ndlw_NdisMFreeSharedMemory(fm.handle, 2048, FALSE, async_va, async_pa);
	ndlw_NdisMRegisterAdapterShutdownHandler(fm.handle, &shutdowns,
						 on_shutdown);
	ndl_adapter_shutdown(ad);
	CHECK_EQ_INT(shutdowns, 1);
	ndlw_NdisWriteErrorLogEntry(fm.handle, 0xc0001388, 2, 0x11, 0x22);
	CHECK(log_contains("error log entry 0xc0001388 0x11 0x22"));
	ndl_adapter_destroy(ad);
	ad = NULL;
	ndl_driver_unload(drv);
	drv = NULL;
	CHECK_EQ_INT(unloads, 1);
out:
	teardown();
	if (sim)
		ndl_sim_destroy(sim);
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_versions);
	RUN(test_refusals);
	RUN(test_serialized_send_resources);
	RUN(test_resources_no_completion);
	RUN(test_serialized_send_packets);
	RUN(test_serialized_refusal_with_inside_completion);
	RUN(test_no_reentry);
	RUN(test_receive_ownership);
	RUN(test_receive_without_return_handler);
	RUN(test_receive_buffer_chain);
	RUN(test_lookahead_transfer);
	RUN(test_pending_requests);
	RUN(test_status_during_init);
	RUN(test_pending_reset_restores_addressing);
	RUN(test_hang_resets);
	RUN(test_request_timeout);
	RUN(test_interrupt_isr);
	RUN(test_interrupt_disable_enable);
	RUN(test_scatter_gather);
	RUN(test_async_memory_unload_shutdown);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
