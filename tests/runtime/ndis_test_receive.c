// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance of the receive path, one documented rule per test (Wine's
 * way), checked from inside a miniport written in C (ndis_fakemp.c):
 *
 * NdisMIndicateReceivePacket / MiniportReturnPacket / NDIS_SET_PACKET_STATUS
 *  - every packet a deserialized miniport indicates with NDIS_STATUS_SUCCESS
 *    comes back through MiniportReturnPacket, exactly once;
 *  - a packet indicated with NDIS_STATUS_RESOURCES is the miniport's again
 *    when the call returns and never comes back through MiniportReturnPacket;
 *  - MiniportReturnPacket runs at IRQL DISPATCH_LEVEL;
 *  - every packet is back before MiniportHalt, none after it;
 *  - packets indicated from MiniportHandleInterrupt come back when it has
 *    returned, without waiting for anything else;
 *  - a serialized miniport reads each status on return: SUCCESS means the
 *    packet is its own again (not held, no MiniportReturnPacket).
 * MiniportTransferData / NdisMTransferDataComplete
 *  - BytesTransferred is what was copied: the frame is the header and
 *    that many bytes, also when fewer than requested, synchronously or
 *    through NdisMTransferDataComplete; a failed transfer is dropped.
 * OID_GEN_MAXIMUM_LOOKAHEAD / OID_GEN_CURRENT_LOOKAHEAD
 *  - the lookahead set is never more than the miniport's maximum.
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"

#define NPKT 8

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;
static struct ndl_adapter_info info;
static NDIS_HANDLE pool, bpool;
static NDIS_PACKET *pk[NPKT];
static u8 data[NPKT][128];
static const u8 bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const u8 src[6] = { 0x02, 0, 0, 0, 0, 0x02 };

/* A deserialized bus-master miniport with MiniportReturnPacket. */
static void setup(bool deserialize)
{
	memset(&fm, 0, sizeof(fm));
	fm.accept = 1000;
	fm.hang_secs = 1;
	fm.deserialize = deserialize;
	fm.use_send_packets = true;
	fm.with_return = true;
}

static bool start_adapter(struct ndl_sim_dev *sim)
{
	NDIS_STATUS st;

	drv = fm_container();
	if (!drv || fm_register(drv) != NDIS_STATUS_SUCCESS)
		return false;
	ad = tap_adapter(drv, sim ? ndl_sim_os_dev(sim) : NULL, NULL, &tap);
	if (!ad || ndl_adapter_initialize(ad, &info, NULL))
		return false;
	ndlw_NdisAllocatePacketPool(&st, &pool, NPKT, 16);
	if (st)
		return false;
	ndlw_NdisAllocateBufferPool(&st, &bpool, NPKT);
	if (st)
		return false;
	for (u32 i = 0; i < NPKT; i++) {
		MDL *b;

		make_frame(data[i], sizeof(data[i]), bcast, src, i);
		ndlw_NdisAllocatePacket(&st, &pk[i], pool);
		if (st)
			return false;
		ndlw_NdisAllocateBuffer(&st, &b, bpool, data[i],
					sizeof(data[i]));
		if (st)
			return false;
		ndlw_NdisChainBufferAtBack(pk[i], b);
	}
	return true;
}

/* A test whose miniport cannot start fails: it never passes unchecked. */
static bool start_on(struct ndl_sim_dev *sim)
{
	bool ok = start_adapter(sim);

	CHECK(ok);
	return ok;
}

static bool start(void)
{
	return start_on(NULL);
}

static void teardown(void)
{
	ndl_adapter_destroy(ad);
	ad = NULL;
	for (u32 i = 0; i < NPKT; i++) {
		if (!pk[i])
			continue;
		ndlw_NdisFreeBuffer(pk[i]->Private.Head);
		ndlw_NdisFreePacket(pk[i]);
		pk[i] = NULL;
	}
	if (bpool)
		ndlw_NdisFreeBufferPool(bpool);
	if (pool)
		ndlw_NdisFreePacketPool(pool);
	pool = bpool = NULL;
	if (drv)
		ndl_driver_unload(drv);
	drv = NULL;
	tap_reset(&tap);
	CHECK_EQ_INT(fm.reentries, 0);
	CHECK_EQ_INT(fm.bad_irql, 0);
}

/* The miniport's indication: statuses set just before, at DISPATCH. */
static void indicate(u32 first, u32 n, const NDIS_STATUS *st)
{
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	for (u32 i = 0; i < n; i++)
		ndl_packet_oob(pk[first + i])->Status = st ? st[i] :
							NDIS_STATUS_SUCCESS;
	((NDIS_MINIPORT_BLOCK *)fm.handle)->PacketIndicateHandler(
		fm.handle, &pk[first], n);
	ndl_irql_lower(old);
}

/* How many times p came back through MiniportReturnPacket. */
static u32 returned(const NDIS_PACKET *p)
{
	u32 n = 0;

	for (u32 i = 0; i < fm.returns && i < FM_MAX; i++)
		n += fm.returned[i] == p;
	return n;
}

/* ---- NdisMIndicateReceivePacket / MiniportReturnPacket ----------------- */

static void test_success_returned_exactly_once(void)
{
	setup(true);
	if (!start())
		goto out;
	indicate(0, 3, NULL);
	indicate(3, 5, NULL);
	ndl_user_run_pending();
	CHECK_EQ_INT(tap.nframes, NPKT);
	CHECK_EQ_INT(fm.returns, NPKT);
	for (u32 i = 0; i < NPKT; i++)
		CHECK_EQ_INT(returned(pk[i]), 1);
	/* Nothing more comes back later. */
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.returns, NPKT);
	/* Returned packets are the miniport's: it indicates them again. */
	indicate(0, 2, NULL);
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.returns, NPKT + 2);
	CHECK_EQ_INT(returned(pk[0]), 2);
out:
	teardown();
}

static void test_resources_never_returned(void)
{
	static const NDIS_STATUS st[4] = {
		NDIS_STATUS_SUCCESS, NDIS_STATUS_RESOURCES,
		NDIS_STATUS_SUCCESS, NDIS_STATUS_RESOURCES,
	};

	setup(true);
	if (!start())
		goto out;
	indicate(0, 4, st);
	/* Owned by the miniport on return: its status is untouched. */
	CHECK_EQ_INT(ndl_packet_oob(pk[1])->Status, NDIS_STATUS_RESOURCES);
	CHECK_EQ_INT(ndl_packet_oob(pk[3])->Status, NDIS_STATUS_RESOURCES);
	CHECK_EQ_INT(tap.nframes, 4);
	CHECK(!memcmp(tap.frames[1].data, data[1], sizeof(data[1])));
	ndl_user_run_pending();
	CHECK_EQ_INT(returned(pk[1]), 0);
	CHECK_EQ_INT(returned(pk[3]), 0);
	/* Each SUCCESS packet on its own status, even after a RESOURCES one. */
	CHECK_EQ_INT(returned(pk[0]), 1);
	CHECK_EQ_INT(returned(pk[2]), 1);
	CHECK_EQ_INT(fm.returns, 2);
out:
	teardown();
}

static void test_return_at_dispatch(void)
{
	setup(true);
	if (!start())
		goto out;
	indicate(0, NPKT, NULL);
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.returns, NPKT);
	CHECK_EQ_INT(fm.bad_irql, 0);	/* fm_return checks its IRQL */
out:
	teardown();
}

static void test_all_returned_before_halt(void)
{
	setup(true);
	if (!start())
		goto out;
	indicate(0, 5, NULL);
	/* No DPC has run: the host halts at once (interface removed). */
	ndl_adapter_halt(ad);
	CHECK_EQ_INT(fm.halts, 1);
	CHECK_EQ_INT(fm.returns_at_halt, 5);
	CHECK_EQ_INT(fm.bad_irql, 0);
	/* A miniport that indicates during MiniportHalt is not called back. */
	indicate(5, 1, NULL);
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.returns_after_halt, 0);
out:
	teardown();
}

/* The interrupt DPC's packets come back once MiniportHandleInterrupt
 * returned, before the next interrupt: the miniport's ring refills.
 */
static uint32_t irq_read(struct ndl_sim_dev *d, int bar, uint32_t off,
			 int size)
{
	return *(u8 *)ndl_sim_priv(d);
}

static void irq_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		      uint32_t val)
{
	*(u8 *)ndl_sim_priv(d) = (u8)val;
	ndl_sim_set_irq(d, val & 1);
}

static const struct ndl_sim_model irq_model = {
	.name = "rxirq", .vendor = 0x1234, .device = 0x0002,
	.bars = { { NDL_SIM_BAR_IO, 0x10 } },
	.priv_size = 1,
	.read = irq_read, .write = irq_write,
};

NDIS_STATUS NTAPI ndlw_NdisMRegisterInterrupt(NDIS_MINIPORT_INTERRUPT *in,
					      NDIS_HANDLE h, UINT vector,
					      UINT level, BOOLEAN request_isr,
					      BOOLEAN shared, UINT mode);
void NTAPI ndlw_NdisMDeregisterInterrupt(NDIS_MINIPORT_INTERRUPT *in);

static void test_dpc_packets_returned_after_dpc(void)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&irq_model);
	struct ndl_os_resource res[2];

	setup(true);
	fm.with_isr = true;
	if (!sim || !start_on(sim))
		goto out;
	CHECK(ndl_os_dev_resources(ndl_sim_os_dev(sim), res, 2) >= 1);
	fm.port = (u32)res[0].start;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterrupt(&fm.intr, fm.handle, 0, 0,
						 TRUE, FALSE, 0), 0);
	for (u32 i = 0; i < NPKT; i++)
		ndl_packet_oob(pk[i])->Status = NDIS_STATUS_SUCCESS;
	fm.dpc_pkts = pk;
	fm.dpc_npkts = 4;
	ndl_os_port_write(fm.port, 1, 1);	/* the device interrupts */
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.dpcs, 1);
	CHECK_EQ_INT(fm.returns, 4);
	CHECK_EQ_INT(tap.nframes, 4);
	fm.dpc_npkts = 0;
	ndlw_NdisMDeregisterInterrupt(&fm.intr);
out:
	teardown();
	if (sim)
		ndl_sim_destroy(sim);
}

static void test_serialized_success_by_status(void)
{
	setup(false);
	if (!start())
		goto out;
	indicate(0, 2, NULL);
	CHECK_EQ_INT(ndl_packet_oob(pk[0])->Status, NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_packet_oob(pk[1])->Status, NDIS_STATUS_SUCCESS);
	ndl_user_run_pending();
	CHECK_EQ_INT(fm.returns, 0);
	CHECK_EQ_INT(tap.nframes, 2);
out:
	teardown();
}

/* A driver bug the runtime survives: the same packet twice, unreturned. */
static void test_reindicated_before_return(void)
{
	setup(true);
	if (!start())
		goto out;
	indicate(0, 1, NULL);
	indicate(0, 1, NULL);
	CHECK(log_contains("indicated again before MiniportReturnPacket"));
	ndl_user_run_pending();
	CHECK_EQ_INT(returned(pk[0]), 1);
out:
	teardown();
}

/* ---- MiniportTransferData ------------------------------------------------ */

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

/* An NDIS 4.0 miniport whose frames are rx_len bytes. */
static bool start_transfer(u32 short_by)
{
	setup(false);
	fm.major = 4;
	fm.with_return = false;
	fm.use_send_packets = false;
	fm.with_transfer = true;
	fm.td_short = short_by;
	if (!start())
		return false;
	fm.rx_len = 1514;
	for (u32 i = 0; i < fm.rx_len; i++)
		fm.rx_frame[i] = (u8)(i * 5 + 1);
	return true;
}

static void test_transfer_partial_delivered(void)
{
	if (!start_transfer(4))
		goto out;
	eth_indicate(128);
	CHECK_EQ_INT(fm.transfers, 1);
	CHECK_EQ_INT(tap.nframes, 1);
	CHECK_EQ_INT(tap.frames[0].len, 1514 - 4);
	CHECK(!memcmp(tap.frames[0].data, fm.rx_frame, 1514 - 4));
out:
	teardown();
}

static void test_transfer_partial_completed_later(void)
{
	NDIS_MINIPORT_BLOCK *b;

	if (!start_transfer(4))
		goto out;
	fm.pend_transfer = true;
	eth_indicate(128);
	CHECK_EQ_INT(tap.nframes, 0);
	CHECK(fm.td_packet != NULL);
	if (!fm.td_packet)
		goto out;
	b = fm.handle;
	b->TDCompleteHandler(fm.handle, fm.td_packet, NDIS_STATUS_SUCCESS,
			     fm.td_count);
	CHECK_EQ_INT(tap.nframes, 1);
	CHECK_EQ_INT(tap.frames[0].len, 1514 - 4);
	CHECK(!memcmp(tap.frames[0].data, fm.rx_frame, 1514 - 4));
out:
	teardown();
}

static void test_transfer_failure_dropped(void)
{
	NDIS_MINIPORT_BLOCK *b;

	if (!start_transfer(0))
		goto out;
	fm.pend_transfer = true;
	eth_indicate(128);
	if (!fm.td_packet)
		goto out;
	b = fm.handle;
	b->TDCompleteHandler(fm.handle, fm.td_packet, NDIS_STATUS_FAILURE, 0);
	CHECK_EQ_INT(tap.nframes, 0);
out:
	teardown();
}

/* ---- lookahead ------------------------------------------------------------- */

static void test_lookahead_within_maximum(void)
{
	u32 la = 1500, done = 0, needed = 0;

	setup(true);
	fm.max_lookahead = 238;
	if (!start())
		goto out;
	CHECK_EQ_INT(info.max_lookahead, 238);
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_GEN_CURRENT_LOOKAHEAD, &la, 4,
				     &done, &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.lookahead, 238);
	la = 100;	/* within the maximum: as asked */
	CHECK_EQ_INT(ndl_adapter_set(ad, OID_GEN_CURRENT_LOOKAHEAD, &la, 4,
				     &done, &needed), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(fm.lookahead, 100);
out:
	teardown();
}

/* A miniport that does not answer the maximum: the frame size bounds it. */
static void test_lookahead_maximum_unknown(void)
{
	setup(true);
	if (!start())
		goto out;
	CHECK_EQ_INT(info.max_lookahead, info.max_frame);
out:
	teardown();
}

int main(void)
{
	test_init();
	RUN(test_success_returned_exactly_once);
	RUN(test_resources_never_returned);
	RUN(test_return_at_dispatch);
	RUN(test_all_returned_before_halt);
	RUN(test_dpc_packets_returned_after_dpc);
	RUN(test_serialized_success_by_status);
	RUN(test_reindicated_before_return);
	RUN(test_transfer_partial_delivered);
	RUN(test_transfer_partial_completed_later);
	RUN(test_transfer_failure_dropped);
	RUN(test_lookahead_within_maximum);
	RUN(test_lookahead_maximum_unknown);
	tap_free(&tap);
	return test_exit();
}
