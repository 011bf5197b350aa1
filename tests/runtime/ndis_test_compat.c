// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-driver compatibility settings (ndis_compat.c), checked with the
 * miniport written in C (ndis_fakemp.c):
 *  - single-buffer sends: a miniport that transmits only a packet's first
 *    buffer (as real ones do) puts the whole frame on the wire with the
 *    setting on, only the first fragment with it off; the automatic choice
 *    is on without scatter-gather DMA;
 *  - multicast through the all-multicast filter: OID_802_3_MULTICAST_LIST
 *    never reaches the miniport, the packet filter carries
 *    NDIS_PACKET_TYPE_ALL_MULTICAST while the list is not empty;
 *  - refused OIDs are recorded for `ndisload doctor`.
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"
#include "simdev.h"

#define PKT_DIRECTED		0x01
#define PKT_MULTICAST		0x02
#define PKT_ALL_MULTICAST	0x04
#define PKT_BROADCAST		0x08

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;
static struct ndl_adapter_info info;
static struct ndl_sim_dev *sim;

/* A miniport (with scatter-gather DMA if sg) under these settings. */
static bool start(struct ndl_compat compat, bool sg)
{
	struct ndl_adapter_params p = {
		.ops = &tap_ops, .ctx = &tap, .name = "compat", .tx_slots = 16,
		.compat = compat,
	};

	memset(&fm, 0, sizeof(fm));
	fm.accept = 1000;
	fm.hang_secs = 1;
	fm.complete_inside = true;
	fm.bus_master = sg;
	fm.sg_dma = sg;
	tap_reset(&tap);
	drv = fm_container();
	if (!drv || fm_register(drv) != NDIS_STATUS_SUCCESS)
		return false;
	if (sg) {
		sim = ndl_sim_create(&fm_bm_model);
		if (!sim)
			return false;
		p.dev = ndl_sim_os_dev(sim);
	}
	p.drv = drv;
	return !ndl_adapter_create(&p, &ad) &&
	       !ndl_adapter_initialize(ad, &info, NULL);
}

static void stop(void);

/* start, or a failed check and everything undone */
static bool begin(struct ndl_compat compat, bool sg)
{
	if (start(compat, sg))
		return true;
	CHECK(!"the adapter starts");
	stop();
	return false;
}

static void stop(void)
{
	fm_stop(&ad, &drv, &sim);
	CHECK_EQ_INT(fm.reentries, 0);
	CHECK_EQ_INT(fm.bad_irql, 0);
}

/* A 300-byte frame in three fragments, as a host's skb with page frags. */
static u8 frame[300];

static void send_fragmented(void)
{
	u32 before = tap.ndone;
	struct ndl_frag f[4] = {
		{ frame, 54 }, { frame + 54, 0 }, { frame + 54, 100 },
		{ frame + 154, 146 },
	};

	for (u32 i = 0; i < sizeof(frame); i++)
		frame[i] = (u8)(i * 7 + 1);
	CHECK_EQ_INT(ndl_adapter_send(ad, f, 4, frame), 0);
	CHECK_EQ_INT(tap.ndone, before + 1);
}

static void test_single_buffer_on(void)
{
	struct ndl_adapter_stats st;

	if (!begin((struct ndl_compat){ .single_buffer_sends = NDL_COMPAT_ON }, false))
		return;
	CHECK_EQ_INT(info.single_buffer_sends, 1);
	send_fragmented();
	CHECK_EQ_INT(fm.last_buffers, 1);
	CHECK_EQ_INT(fm.wire_len, sizeof(frame));
	CHECK(!memcmp(fm.wire, frame, sizeof(frame)));
	/* The copy is the slot's: a second frame reuses it, unchanged. */
	frame[0] ^= 0xff;
	send_fragmented();
	CHECK(!memcmp(fm.wire, frame, sizeof(frame)));
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_linearized, 2);
	CHECK_EQ_INT(st.tx_multi_buffer, 0);
	stop();
}

static void test_single_buffer_off(void)
{
	struct ndl_adapter_stats st;

	if (!begin((struct ndl_compat){ .single_buffer_sends = NDL_COMPAT_OFF }, false))
		return;
	CHECK_EQ_INT(info.single_buffer_sends, 0);
	send_fragmented();
	/* The first-buffer-only miniport sends a runt: the header alone. */
	CHECK_EQ_INT(fm.last_buffers, 3);
	CHECK_EQ_INT(fm.wire_len, 54);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_multi_buffer, 1);
	CHECK_EQ_INT(st.tx_linearized, 0);
	stop();
}

/* One fragment is never copied, whatever the setting. */
static void test_single_fragment_not_copied(void)
{
	struct ndl_adapter_stats st;
	struct ndl_frag f = { frame, sizeof(frame) };

	if (!begin((struct ndl_compat){ .single_buffer_sends = NDL_COMPAT_ON }, false))
		return;
	CHECK_EQ_INT(ndl_adapter_send(ad, &f, 1, frame), 0);
	CHECK_EQ_INT(fm.last_buffers, 1);
	CHECK_EQ_INT(fm.wire_len, sizeof(frame));
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_linearized, 0);
	stop();
}

/* Automatic: on; with scatter-gather DMA as well (the measured choice). */
static void test_single_buffer_auto(void)
{
	if (!begin((struct ndl_compat){ 0 }, false))
		return;
	CHECK_EQ_INT(info.single_buffer_sends, 1);
	CHECK_EQ_INT(info.multicast_all, 0);
	send_fragmented();
	CHECK_EQ_INT(fm.wire_len, sizeof(frame));
	stop();

	if (!begin((struct ndl_compat){ 0 }, true))
		return;
	CHECK_EQ_INT(info.single_buffer_sends, 1);
	send_fragmented();
	CHECK_EQ_INT(fm.sg_seen, 1);
	CHECK_EQ_INT(fm.sg_elements, 1);
	stop();

	/* Forced off for a scatter-gather miniport: one element a fragment. */
	if (!begin((struct ndl_compat){ .single_buffer_sends = NDL_COMPAT_OFF }, true))
		return;
	send_fragmented();
	CHECK_EQ_INT(fm.sg_elements, 3);
	stop();
}

static u32 set(u32 oid, const void *buf, u32 len)
{
	u32 done, needed;

	return ndl_adapter_set(ad, oid, buf, len, &done, &needed);
}

static const u8 two_groups[12] = {
	0x01, 0x00, 0x5e, 0x00, 0x00, 0x01, 0x33, 0x33, 0x00, 0x00, 0x00, 0x01,
};

static void test_multicast_all(void)
{
	u32 f = PKT_DIRECTED | PKT_BROADCAST | PKT_MULTICAST;
	struct ndl_adapter_stats st;

	if (!begin((struct ndl_compat){ .multicast_all = NDL_COMPAT_ON }, false))
		return;
	CHECK_EQ_INT(info.multicast_all, 1);
	/* As Linux does on up: the list, then the filter with MULTICAST. */
	CHECK_EQ_INT(set(OID_802_3_MULTICAST_LIST, two_groups, 12), 0);
	CHECK_EQ_INT(set(OID_GEN_CURRENT_PACKET_FILTER, &f, 4), 0);
	CHECK_EQ_INT(fm.mcast_sets, 0);
	CHECK_EQ_INT(fm.last_filter, PKT_DIRECTED | PKT_BROADCAST | PKT_ALL_MULTICAST);
	/* The list empties: the filter follows without the host asking. */
	CHECK_EQ_INT(set(OID_802_3_MULTICAST_LIST, NULL, 0), 0);
	CHECK_EQ_INT(fm.last_filter, PKT_DIRECTED | PKT_BROADCAST);
	/* And back: ALL_MULTICAST again, from the list alone. */
	CHECK_EQ_INT(set(OID_802_3_MULTICAST_LIST, two_groups, 6), 0);
	CHECK_EQ_INT(fm.last_filter, PKT_DIRECTED | PKT_BROADCAST | PKT_ALL_MULTICAST);
	/* Interface down: filter 0 stays 0. */
	f = 0;
	CHECK_EQ_INT(set(OID_GEN_CURRENT_PACKET_FILTER, &f, 4), 0);
	CHECK_EQ_INT(fm.last_filter, 0);
	/* A list that is not whole addresses is refused here as well. */
	CHECK_EQ_INT(set(OID_802_3_MULTICAST_LIST, two_groups, 7),
		     NDIS_STATUS_INVALID_LENGTH);
	CHECK_EQ_INT(fm.mcast_sets, 0);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.mcast_list_sets, 0);
	stop();
}

static void test_multicast_list_default(void)
{
	u32 f = PKT_DIRECTED | PKT_BROADCAST | PKT_MULTICAST;
	struct ndl_adapter_stats st;

	if (!begin((struct ndl_compat){ 0 }, false))
		return;
	CHECK_EQ_INT(set(OID_802_3_MULTICAST_LIST, two_groups, 12), 0);
	CHECK_EQ_INT(set(OID_GEN_CURRENT_PACKET_FILTER, &f, 4), 0);
	CHECK_EQ_INT(fm.mcast_sets, 1);
	CHECK_EQ_INT(fm.last_filter, f);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.mcast_list_sets, 1);
	stop();
}

static void test_refused_oids(void)
{
	struct ndl_refused_oid r[NDL_REFUSED_OIDS];
	u32 v = 1, done, needed;

	if (!begin((struct ndl_compat){ 0 }, false))
		return;
	/* fakemp answers queries of unknown OIDs NOT_SUPPORTED. */
	CHECK(ndl_adapter_query(ad, 0x00010117, &v, 4, &done, &needed) != 0);
	CHECK(ndl_adapter_query(ad, 0x0001011a, &v, 4, &done, &needed) != 0);
	CHECK_EQ_INT(ndl_adapter_refused_oids(ad, r, NDL_REFUSED_OIDS), 2);
	CHECK_EQ_INT(r[0].oid, 0x0001011a);
	CHECK_EQ_INT(r[1].oid, 0x00010117);
	CHECK_EQ_INT(r[0].set, 0);
	CHECK(r[0].ndis_status != 0);
	CHECK_EQ_INT(ndl_adapter_refused_oids(ad, r, 1), 1);
	stop();
}

int main(void)
{
	test_init();
	RUN(test_single_buffer_on);
	RUN(test_single_buffer_off);
	RUN(test_single_fragment_not_copied);
	RUN(test_single_buffer_auto);
	RUN(test_multicast_all);
	RUN(test_multicast_list_default);
	RUN(test_refused_oids);
	return test_exit();
}
