// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NDIS 5 send slots (ndis5/ndis_send.c), with the C miniport of
 * ndis_fakemp.c: how many there are for a MiniportSend and a
 * MiniportSendPackets miniport, and a frame in more pieces than a slot
 * starts with — zero-copy after the slot grows, and whole through a copy
 * when it cannot grow — and which slots grow: free slots are reused last
 * in, first out, so only as many as were busy at once.
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"
#include "nt/nt_exports.h"
#include "simdev.h"

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;
static struct ndl_sim_dev *sim;

static void setup(void)
{
	drv = fm_begin();
	CHECK(drv != NULL);
}

/*
 * Zero-copy sends (single-buffer sends off: they are on by default, and
 * would copy every fragmented frame), tx_slots 64.
 */
static bool start(bool bus_master)
{
	struct ndl_adapter_params p = {
		.ops = &tap_ops, .ctx = &tap, .name = "slots", .tx_slots = 64,
		.compat = { .single_buffer_sends = NDL_COMPAT_OFF },
	};
	struct ndl_adapter_info info;

	if (bus_master) {
		fm.bus_master = true;
		fm.sg_dma = true;
		sim = ndl_sim_create(&fm_bm_model);
		if (!sim)
			return false;
	}
	if (!drv || fm_register(drv) != NDIS_STATUS_SUCCESS)
		return false;
	p.drv = drv;
	p.dev = sim ? ndl_sim_os_dev(sim) : NULL;
	tap_reset(&tap);
	if (ndl_adapter_create(&p, &ad))
		return false;
	return !ndl_adapter_initialize(ad, &info, NULL);
}

/* As the host sends: at DISPATCH_LEVEL (a deserialized miniport's
 * MiniportSend(Packets) runs on the caller's IRQL).
 */
static int send_dispatch(const struct ndl_frag *fr, u32 n, void *cookie)
{
	KIRQL old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	int rc = ndl_adapter_send(ad, fr, n, cookie);

	ndlw_KeLowerIrql(old);
	return rc;
}

static void teardown(void)
{
	fm_stop(&ad, &drv, &sim);
	CHECK_EQ_INT(fm.reentries, 0);
	CHECK_EQ_INT(fm.bad_irql, 0);
}

/* Sends the miniport holds, until the runtime says busy: its slots. */
static u32 slots_until_busy(void)
{
	static u8 f[FM_MAX + 1][64];
	u32 n;

	for (n = 0; n <= FM_MAX; n++) {
		struct ndl_frag fr = { f[n], 64 };
		int rc;

		memset(f[n], (int)n, 64);
		rc = send_dispatch(&fr, 1, f[n]);
		if (rc == -NDL_EBUSY)
			break;
		CHECK_EQ_INT(rc, 0);
		if (rc)
			break;
	}
	return n;
}

/*
 * Twice OID_GEN_MAXIMUM_SEND_PACKETS for MiniportSendPackets, 32 for
 * MiniportSend, at least 16, never more than the host's tx_slots (64 for
 * tap_adapter); the miniport holds every send, so the first refused one
 * counts them.
 */
static void test_slot_count(void)
{
	static const struct {
		bool send_packets, deserialize;
		u32 max_send_packets, slots;
	} c[] = {
		{ false, false, 8, 32 },
		{ false, true, 8, 32 },
		{ true, false, 20, 40 },
		{ true, true, 20, 40 },
		{ true, false, 1, 16 },
		{ true, false, 60, 64 },
	};

	for (u32 i = 0; i < NDL_ARRAY_SIZE(c); i++) {
		setup();
		fm.use_send_packets = c[i].send_packets;
		fm.deserialize = c[i].deserialize;
		fm.max_send_packets = c[i].max_send_packets;
		if (start(false)) {
			CHECK_EQ_INT(slots_until_busy(), c[i].slots);
			CHECK_EQ_INT(fm.nheld, c[i].slots);
		} else {
			CHECK(!"adapter start");
		}
		teardown();
	}
}

static u32 grown_slots(void)
{
	u32 n = 0;

	for (u32 i = 0; i < ad->nslots; i++)
		n += ad->slots[i].bufs.n > NDL_TX_SLOT_MDLS;
	return n;
}

/* 24 pieces of 50 bytes; f keeps each piece in a place of its own. */
static void send_pieces(u8 *frame, u8 (*f)[64], u32 pieces, int want)
{
	struct ndl_frag fr[NDL_TX_MAX_FRAGS];

	for (u32 i = 0; i < pieces; i++) {
		memcpy(f[i], frame + i * 50, 50);
		fr[i].va = f[i];
		fr[i].len = 50;
	}
	CHECK_EQ_INT(send_dispatch(fr, pieces, frame), want);
}

static void test_many_fragments(void)
{
	static u8 frame[24 * 50], f[24][64];
	struct ndl_adapter_stats st;
	u32 i, elements;

	setup();
	if (!start(true)) {
		CHECK(!"adapter start");
		goto out;
	}
	for (i = 0; i < sizeof(frame); i++)
		frame[i] = (u8)(i * 7 + 1);
	/* Zero-copy: the slot grows to 24 buffers and SG elements. */
	send_pieces(frame, f, 24, 0);
	CHECK_EQ_INT(fm.last_buffers, 24);
	CHECK_EQ_INT(fm.sg_seen, 1);
	CHECK_EQ_INT(fm.sg_elements, 24);
	CHECK(fm.whole_len == sizeof(frame) &&
	      !memcmp(fm.whole, frame, sizeof(frame)));
	CHECK_EQ_INT(grown_slots(), 1);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_multi_buffer, 1);
	CHECK_EQ_INT(st.tx_linearized, 0);

	/* With that one still held, the next slot cannot grow (no memory):
	 * a copy, whole. */
	ndl_mem_fail_after(1);
	send_pieces(frame, f, 24, 0);
	ndl_mem_fail_after(0);
	CHECK_EQ_INT(fm.last_buffers, 1);
	CHECK_EQ_INT(fm.sg_elements, 25);
	CHECK(fm.whole_len == sizeof(frame) &&
	      !memcmp(fm.whole, frame, sizeof(frame)));
	CHECK_EQ_INT(grown_slots(), 1);
	fm_complete_one(NDIS_STATUS_SUCCESS);
	fm_complete_one(NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(tap.ndone, 2);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_linearized, 1);

	/*
	 * As many frames again, one at a time: the slot freed last is the
	 * one reused, so it grows (the copy's slot) and no other does.
	 */
	elements = fm.sg_elements;
	for (i = 0; i < ad->nslots; i++) {
		send_pieces(frame, f, i & 1 ? 24 : 3, 0);
		CHECK(fm.whole_len == (i & 1 ? 24u : 3u) * 50 &&
		      !memcmp(fm.whole, frame, fm.whole_len));
		elements += i & 1 ? 24 : 3;
		fm_complete_one(NDIS_STATUS_SUCCESS);
	}
	CHECK_EQ_INT(fm.sg_elements, elements);
	CHECK_EQ_INT(tap.ndone, 2 + ad->nslots);
	CHECK_EQ_INT(grown_slots(), 2);

	/* Four in flight at a time: four slots grown in all, not more. */
	for (i = 0; i < 4 * ad->nslots; i++) {
		send_pieces(frame, f, 24, 0);
		if (fm.nheld == 4)
			fm_complete_one(NDIS_STATUS_SUCCESS);
	}
	while (fm.nheld)
		fm_complete_one(NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(tap.ndone, 2 + 5 * ad->nslots);
	CHECK_EQ_INT(grown_slots(), 4);
	ndl_adapter_stats(ad, &st);
	CHECK_EQ_INT(st.tx_linearized, 1);
out:
	teardown();
}

int main(void)
{
	test_init();
	tap_reset(&tap);
	RUN(test_slot_count);
	RUN(test_many_fragments);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
