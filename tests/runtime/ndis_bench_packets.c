// SPDX-License-Identifier: GPL-2.0-only
/*
 * Packet-path workload for tests/bench/runtime-packets.sh: N frames of
 * 1514 bytes sent or received through the NDIS runtime with a minimal
 * deserialized miniport (ndis_fakemp.c), or N plain copies of the frame.
 * Run under callgrind at two N; the difference per frame is the cost of
 * the path without setup. sg-multi and sg-single send the frame in three
 * fragments (as an skb with page fragments) to a bus master with
 * scatter-gather DMA, as three buffers or copied into one (the
 * single_buffer_sends compatibility setting).
 *
 *   bench-packets send|recv|copy|sg-multi|sg-single N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ndis_fakemp.h"
#include "simdev.h"

#define FRAME 1514

static u8 frame[FRAME], sink[FRAME];
static u64 received, completed;

/* The host side does what a real host does: copy each frame out. */
static void on_receive(void *ctx, const struct ndl_rx_frame *f)
{
	ndl_rx_frame_copy(f, sink, sizeof(sink));
	received++;
}

static void on_complete(void *ctx, void *cookie, u32 st)
{
	completed++;
}

static const struct ndl_adapter_ops ops = {
	.receive = on_receive, .send_complete = on_complete,
};

static void __attribute__((noinline)) copy_loop(u64 n)
{
	for (u64 i = 0; i < n; i++) {
		frame[i % 64]++;
		memcpy(sink, frame, FRAME);
		__asm__ volatile("" : : "r"(sink) : "memory");
	}
}

static void __attribute__((noinline)) send_loop(struct ndl_adapter *ad, u64 n)
{
	struct ndl_frag f = { frame, FRAME };

	for (u64 i = 0; i < n; i++) {
		if (ndl_adapter_send(ad, &f, 1, frame))
			abort();
	}
}

static void __attribute__((noinline)) send3_loop(struct ndl_adapter *ad, u64 n)
{
	struct ndl_frag f[3] = {
		{ frame, 66 }, { frame + 66, 724 }, { frame + 790, FRAME - 790 },
	};

	for (u64 i = 0; i < n; i++) {
		if (ndl_adapter_send(ad, f, 3, frame))
			abort();
	}
}

static void __attribute__((noinline)) recv_loop(NDIS_PACKET *p, u64 n)
{
	NDIS_MINIPORT_BLOCK *b = fm.handle;

	for (u64 i = 0; i < n; i++) {
		KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

		ndl_packet_oob(p)->Status = NDIS_STATUS_SUCCESS;
		b->PacketIndicateHandler(fm.handle, &p, 1);
		ndl_irql_lower(old);
		ndl_user_run_pending();	/* the return DPC */
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	u64 n = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
	struct ndl_adapter_params prm = { .ops = &ops, .name = "bench",
					  .tx_slots = 16 };
	struct ndl_adapter_info info;
	struct ndl_adapter *ad = NULL;
	NDIS_HANDLE pool, bpool;
	NDIS_PACKET *p;
	NDIS_STATUS st;
	MDL *m;

	bool sg = !strcmp(mode, "sg-multi") || !strcmp(mode, "sg-single");
	struct ndl_sim_dev *sim = NULL;

	if (!n || (strcmp(mode, "send") && strcmp(mode, "recv") &&
		   strcmp(mode, "copy") && !sg)) {
		fprintf(stderr, "usage: bench-packets send|recv|copy|sg-multi|sg-single N\n");
		return 2;
	}
	memset(frame, 0x5a, sizeof(frame));
	if (!strcmp(mode, "copy")) {
		copy_loop(n);
		return 0;
	}
	ndl_user_log_level(NDL_LOG_ERR);
	test_init();
	memset(&fm, 0, sizeof(fm));
	fm.deserialize = true;
	fm.use_send_packets = true;
	fm.with_return = true;
	fm.complete_inside = true;
	fm.accept = ~0u;
	if (sg) {
		fm.bus_master = fm.sg_dma = true;
		sim = ndl_sim_create(&fm_bm_model);
		prm.dev = sim ? ndl_sim_os_dev(sim) : NULL;
		prm.compat.single_buffer_sends = strcmp(mode, "sg-single") ?
						 NDL_COMPAT_OFF : NDL_COMPAT_ON;
	}
	prm.drv = fm_container();
	if (!prm.drv || fm_register(prm.drv) || ndl_adapter_create(&prm, &ad) ||
	    ndl_adapter_initialize(ad, &info, NULL)) {
		fprintf(stderr, "bench-packets: setup failed\n");
		return 1;
	}
	if (!strcmp(mode, "send")) {
		send_loop(ad, n);
	} else if (sg) {
		send3_loop(ad, n);
	} else {
		ndlw_NdisAllocatePacketPool(&st, &pool, 1, 16);
		ndlw_NdisAllocateBufferPool(&st, &bpool, 1);
		ndlw_NdisAllocatePacket(&st, &p, pool);
		ndlw_NdisAllocateBuffer(&st, &m, bpool, frame, FRAME);
		ndlw_NdisChainBufferAtBack(p, m);
		recv_loop(p, n);
		ndlw_NdisFreeBuffer(m);
		ndlw_NdisFreePacket(p);
		ndlw_NdisFreeBufferPool(bpool);
		ndlw_NdisFreePacketPool(pool);
	}
	ndl_adapter_destroy(ad);
	ndl_driver_unload(prm.drv);
	if (sim)
		ndl_sim_destroy(sim);
	if (((!strcmp(mode, "send") || sg) && completed != n) ||
	    (!strcmp(mode, "recv") && (received != n || fm.returns != n))) {
		fprintf(stderr, "bench-packets: %llu/%llu frames\n",
			(unsigned long long)(completed + received),
			(unsigned long long)n);
		return 1;
	}
	return test_exit();
}
