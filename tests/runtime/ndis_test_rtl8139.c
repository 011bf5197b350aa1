// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the rtl8139 test miniport (deserialized NDIS 5.1 driver for
 * the RTL8139C+: port or memory I/O, shared-memory descriptor rings,
 * scatter-gather DMA, interrupts with ISR and DPC) on the simulated device
 * (tests/sim/rtl8139.c) — frames to the wire and from it, link changes,
 * OIDs, reset, halt, unload, no leak — in port I/O and in MMIO mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "rtl8139.h"

/* What the runtime held before the miniport loaded. */
static struct ndl_mem_stats mem_base;
static struct tap tap;
static const u8 mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
static const u8 peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };

static bool link_event(void *ctx)
{
	return tap_events(&tap, *(enum ndl_status_kind *)ctx) > 0;
}

static void run_mode(const char *io_mode)
{
	struct ndl_sim_dev *sim = ndl_sim_create(&ndl_sim_rtl8139);
	struct ndl_driver *drv = load_test_driver("rtl8139");
	static u8 out[WIRE_KEEP][1600];
	static u32 out_len[WIRE_KEEP];
	struct wire w = { sim, &tap, out, out_len, 0, 0, 0, 0 };
	struct ndl_adapter_info info;
	struct ndl_adapter_stats st;
	struct ndl_adapter *ad = NULL;
	struct ndl_reg *reg;
	enum ndl_status_kind k;
	u32 v, done, needed;

	CHECK(sim && drv);
	if (!sim || !drv)
		goto out;
	ndl_sim_rtl8139_set_mac(sim, mac);
	reg = ndl_reg_create();
	ndl_reg_set_sz(reg, "IoMode", io_mode);
	ndl_reg_set_sz(reg, "ReceiveDescriptors", "16");
	ad = tap_adapter(drv, ndl_sim_os_dev(sim), reg, &tap);
	CHECK(ad != NULL);
	if (!ad)
		goto out;
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, NULL), 0);
	CHECK(!memcmp(info.perm_addr, mac, 6));
	CHECK(info.bus_master);
	CHECK_EQ_INT(tap_open(ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);

	/* To the wire, through the descriptor ring and SG DMA. */
	CHECK_EQ_INT(wire_send_frames(ad, &w, 40, 60, peer, mac), 0);

	/* From the wire: interrupt, DPC, packet indications. */
	CHECK_EQ_INT(wire_receive_frames(&w, 40, mac, peer), 0);
	print_mem_breakdown("rtl8139 after traffic", &mem_base);

	/* Link down and up: interrupt -> NdisMIndicateStatus -> host. */
	ndl_sim_rtl8139_set_link(sim, false);
	k = NDL_STATUS_MEDIA_DISCONNECT;
	CHECK(run_until(link_event, &k, 3000));
	CHECK(!ndl_adapter_media_connected(ad));
	ndl_sim_rtl8139_set_link(sim, true);
	k = NDL_STATUS_MEDIA_CONNECT;
	CHECK(run_until(link_event, &k, 3000));
	CHECK(ndl_adapter_media_connected(ad));

	CHECK_EQ_INT(ndl_adapter_query(ad, OID_GEN_MEDIA_CONNECT_STATUS, &v, 4,
				       &done, &needed), 0);
	CHECK_EQ_INT(v, 0);
	CHECK_EQ_INT(ndl_adapter_reset(ad), 0);
	CHECK(!ndl_adapter_check_for_hang(ad));
	ndl_adapter_stats(ad, &st);
	CHECK(st.interrupts > 0 && st.dpcs > 0);
	CHECK_EQ_INT(st.tx_frames, 40);
	CHECK_EQ_INT(st.rx_frames, 40);
	ndl_adapter_halt(ad);
	CHECK(log_contains("halt left") == false);
out:
	test_teardown(ad, drv, sim);
}

static void test_port_io(void)
{
	run_mode("0");
}

static void test_mmio(void)
{
	run_mode("1");
}

int main(void)
{
	test_init();
	ndl_mem_stats(&mem_base);
	tap_reset(&tap);
	RUN(test_port_io);
	tap_reset(&tap);
	/* MMIO reaches the model through deliberate faults the host traps. */
	if (getenv("NDL_TEST_UNDER_VALGRIND"))
		printf("SKIP: test_mmio (its trapped MMIO faults are valgrind errors)\n");
	else
		RUN(test_mmio);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
