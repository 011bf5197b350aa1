// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the usbecm test miniport (NDIS 5.1, USB CDC Ethernet over
 * URBs in IRPs) on the simulated CDC-ECM device of module/user/usbsim_ecm.c
 * — configuration and interface selection, the MAC address string, the
 * packet filter class request, frames both ways (with the zero-length
 * packet after a frame of a multiple of the packet size), link
 * notifications on the interrupt endpoint, halt (every IRP back, the
 * device unconfigured), surprise removal under traffic, a URB function
 * the bus refuses (TestUnsupportedUrb) survived.
 */
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "nt/nt_status.h"
#include "usbsim.h"
#include "usb/usb_bus.h"

static struct tap tap;
static const u8 dev_mac[6] = { 0x40, 0x01, 0x02, 0x03, 0x04, 0x05 };
static const u8 peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };

#define NFRAMES		40
#define ECM_DIRECTED	0x04
#define ECM_BROADCAST	0x08

struct usb_rig {
	struct ndl_usbsim *sim;
	struct ndl_usb_dev *usb;
	struct ndl_driver *drv;
	struct ndl_adapter *ad;
	struct ndl_adapter_info info;
};

/* reg: the adapter's registry (taken over), or NULL for an empty one. */
static bool rig_up(struct usb_rig *r, const struct ndl_usbsim_model *model,
		   struct ndl_reg *reg)
{
	struct ndl_adapter_params p = {
		.ops = &tap_ops, .ctx = &tap, .name = "usb-1-1",
		.tx_slots = 64, .reg = reg,
	};
	struct ndl_pdo_desc desc;

	memset(r, 0, sizeof(*r));
	tap_reset(&tap);
	r->sim = ndl_usbsim_create(model);
	r->drv = load_test_driver("usbecm");
	CHECK(r->sim && r->drv);
	if (!r->sim || !r->drv)
		return false;
	ndl_pdo_desc_usb(&desc, 0x0525, 0xa4a2,
			 model->device_desc[12] | model->device_desc[13] << 8,
			 -1, 2, 0, 0, 1, 1);
	CHECK_EQ_INT(ndl_usb_dev_create(ndl_usbsim_os(r->sim), &ndl_usbsim_ops,
					&desc, &r->usb), STATUS_SUCCESS);
	if (!r->usb)
		return false;
	p.drv = r->drv;
	p.usb = r->usb;
	CHECK_EQ_INT(ndl_adapter_create(&p, &r->ad), 0);
	if (!r->ad)
		return false;
	CHECK_EQ_INT(ndl_adapter_initialize(r->ad, &r->info, NULL), 0);
	return true;
}

static void rig_down(struct usb_rig *r)
{
	if (r->ad)
		ndl_adapter_destroy(r->ad);
	if (r->drv)
		ndl_driver_unload(r->drv);
	if (r->usb)
		CHECK_EQ_INT(ndl_usb_dev_delete(r->usb), 0);
	if (r->sim)
		ndl_usbsim_destroy(r->sim);
}

struct usb_wire {
	struct ndl_usbsim *sim;
	u8 out[NFRAMES][1600];
	u32 out_len[NFRAMES];
	u32 nout, want_out, want_done, want_in;
};

static bool usb_wire_progress(void *ctx)
{
	struct usb_wire *w = ctx;
	u8 buf[1600];
	size_t n;

	while ((n = ndl_usbsim_collect(w->sim, buf, sizeof(buf))) > 0) {
		if (w->nout < NFRAMES) {
			memcpy(w->out[w->nout], buf, n);
			w->out_len[w->nout] = (u32)n;
		}
		w->nout++;
	}
	return w->nout >= w->want_out && tap.ndone >= w->want_done &&
	       tap.nframes >= w->want_in;
}

/* Frame i's length: some of them multiples of the 64-byte packet size. */
static u32 tx_len(u32 i)
{
	static const u32 fixed[] = { 60, 64, 128, 1472, 1514, 1024 };

	return i < 6 ? fixed[i] : 60 + i * 37;
}

static u32 send_frames(struct usb_rig *r, struct usb_wire *w)
{
	static u8 tx[NFRAMES][1514];
	u32 bad = 0;

	for (u32 i = 0; i < NFRAMES; i++) {
		u32 len = tx_len(i);
		struct ndl_frag f[2] = { { tx[i], 14 }, { tx[i] + 14, len - 14 } };

		make_frame(tx[i], len, peer, dev_mac, i);
		bad += tap_send(&tap, r->ad, f, 2, tx[i]) != 0;
	}
	w->want_out = NFRAMES;
	w->want_done = NFRAMES;
	CHECK(run_until(usb_wire_progress, w, 5000));
	for (u32 i = 0; i < NFRAMES; i++)
		bad += i >= w->nout || w->out_len[i] != tx_len(i) ||
		       memcmp(w->out[i], tx[i], tx_len(i)) != 0 ||
		       tap.done_status[i] != 0;
	return bad;
}

static u32 receive_frames(struct usb_wire *w)
{
	static u8 rx[NFRAMES][1514];
	u32 bad = 0, first = tap.nframes;

	for (u32 i = 0; i < NFRAMES; i++) {
		u32 len = 64 + i * 31;

		make_frame(rx[i], len, dev_mac, peer, i);
		if (i % 4 == 0)
			memset(rx[i], 0xff, 6);		/* broadcast */
		bad += !ndl_usbsim_inject(w->sim, rx[i], len);
		if (i % 8 == 7)
			ndl_user_run_pending();
	}
	w->want_in = first + NFRAMES;
	CHECK(run_until(usb_wire_progress, w, 5000));
	for (u32 i = 0, k = first; i < NFRAMES; i++, k++)
		bad += k >= tap.nframes || tap.frames[k].len != 64 + i * 31 ||
		       memcmp(tap.frames[k].data, rx[i], 64 + i * 31) != 0;
	return bad;
}

static bool link_event(void *ctx)
{
	return tap_events(&tap, *(enum ndl_status_kind *)ctx) > 0;
}

/*
 * On the device as QEMU's usb-net presents it (RNDIS first, ECM second),
 * the driver finds the ECM function and its pipes, reads the MAC from the
 * iMACAddress string, sets the device's packet filter when NDIS sets the
 * adapter's, moves frames both ways, follows NETWORK_CONNECTION, and at
 * halt gives back every IRP and unconfigures the device.
 */
static void test_traffic(void)
{
	static struct usb_wire w;
	enum ndl_status_kind k;
	struct usb_rig r;
	u32 v, done, needed;

	if (!rig_up(&r, &ndl_usbsim_ecm_qemu, NULL))
		goto out;
	memset(&w, 0, sizeof(w));
	w.sim = r.sim;
	CHECK(!memcmp(r.info.perm_addr, dev_mac, 6));
	CHECK(r.info.deserialized);
	CHECK_EQ_INT(ndl_usbsim_configuration(r.sim), 1);
	CHECK_EQ_INT(ndl_usbsim_alternate(r.sim, 1), 1);
	CHECK_EQ_INT(ndl_usbsim_ecm_filter(r.sim), 0);
	CHECK_EQ_INT(tap_open(r.ad, NDIS_PACKET_TYPE_DIRECTED |
			      NDIS_PACKET_TYPE_BROADCAST), 0);
	CHECK_EQ_INT(ndl_usbsim_ecm_filter(r.sim),
		     ECM_DIRECTED | ECM_BROADCAST);

	CHECK_EQ_INT(send_frames(&r, &w), 0);
	CHECK_EQ_INT(receive_frames(&w), 0);

	ndl_usbsim_ecm_link(r.sim, false);
	k = NDL_STATUS_MEDIA_DISCONNECT;
	CHECK(run_until(link_event, &k, 3000));
	CHECK(!ndl_adapter_media_connected(r.ad));
	ndl_usbsim_ecm_link(r.sim, true);
	k = NDL_STATUS_MEDIA_CONNECT;
	CHECK(run_until(link_event, &k, 3000));
	CHECK(ndl_adapter_media_connected(r.ad));
	CHECK_EQ_INT(ndl_adapter_query(r.ad, OID_GEN_LINK_SPEED, &v, 4, &done,
				       &needed), 0);
	CHECK_EQ_INT(v, 1000000);		/* 100 Mbit/s from the device */

	ndl_adapter_halt(r.ad);
	CHECK_EQ_INT(ndl_usbsim_pending(r.sim), 0);
	CHECK_EQ_INT(ndl_usb_dev_busy(r.usb), 0);
	CHECK_EQ_INT(ndl_usbsim_configuration(r.sim), 0);
out:
	rig_down(&r);
}

static bool sends_done(void *ctx)
{
	return tap.ndone >= *(u32 *)ctx;
}

/*
 * Unplugged under traffic: the bus fails what it holds with
 * DEVICE_GONE, the miniport hears of the removal, every send completes
 * and halt returns with nothing left in flight.
 */
static void test_surprise_removal(void)
{
	static u8 tx[16][1514];
	struct usb_rig r;
	u32 want = 16;

	if (!rig_up(&r, &ndl_usbsim_ecm, NULL))
		goto out;
	CHECK_EQ_INT(tap_open(r.ad, NDIS_PACKET_TYPE_DIRECTED), 0);
	for (u32 i = 0; i < 16; i++) {
		struct ndl_frag f = { tx[i], 600 };

		make_frame(tx[i], 600, peer, dev_mac, i);
		CHECK_EQ_INT(ndl_adapter_send(r.ad, &f, 1, tx[i]), 0);
	}
	ndl_usbsim_unplug(r.sim);
	ndl_usb_dev_gone(r.usb);
	ndl_adapter_surprise_removed(r.ad);
	CHECK(run_until(sends_done, &want, 5000));
	ndl_adapter_halt(r.ad);
	CHECK_EQ_INT(ndl_usb_dev_busy(r.usb), 0);
	CHECK_EQ_INT(ndl_usbsim_pending(r.sim), 0);
out:
	rig_down(&r);
}

/*
 * Rule (the USB bus): a URB function the bus does not implement completes
 * with STATUS_NOT_SUPPORTED and USBD_STATUS_NOT_SUPPORTED, with a log
 * line naming it. The driver that asks (usbecm with TestUnsupportedUrb=1
 * sends URB_FUNCTION_ISOCH_TRANSFER during initialization and fails
 * unless it is refused so) comes up and moves frames.
 */
static void test_unsupported_urb(void)
{
	static struct usb_wire w;
	struct ndl_reg *reg = ndl_reg_create();
	struct usb_rig r;

	CHECK(reg && ndl_reg_set_sz(reg, "TestUnsupportedUrb", "1") == 0);
	log_clear();
	if (!rig_up(&r, &ndl_usbsim_ecm, reg))
		goto out;
	CHECK(log_contains("URB_FUNCTION_ISOCH_TRANSFER (0x000a) not supported"));
	CHECK_EQ_INT(tap_open(r.ad, NDIS_PACKET_TYPE_DIRECTED), 0);
	memset(&w, 0, sizeof(w));
	w.sim = r.sim;
	CHECK_EQ_INT(send_frames(&r, &w), 0);
	ndl_adapter_halt(r.ad);
	CHECK_EQ_INT(ndl_usb_dev_busy(r.usb), 0);
out:
	rig_down(&r);
}

/* A CDC ACM modem: communications class, but no ECM function. */
static const u8 acm_device[18] = {
	18, 1, 0x00, 0x02, 0x02, 0x00, 0x00, 64,
	0x25, 0x05, 0xa2, 0xa4, 0x00, 0x01, 0, 0, 0, 1,
};

static const u8 acm_config[9 + 9 + 7] = {
	9, 2, 25, 0, 1, 1, 0, 0xc0, 50,
	9, 4, 0, 0, 1, 0x02, 0x02, 0x01, 0,
	7, 5, 0x81, 0x03, 16, 0, 32,
};

static const u8 *const acm_configs[] = { acm_config, NULL };

static const struct ndl_usbsim_model acm_model = {
	.name = "cdc-acm",
	.device_desc = acm_device,
	.configs = acm_configs,
};

/*
 * A device whose IDs the INF names but which has no ECM function:
 * MiniportInitialize fails with NDIS_STATUS_ADAPTER_NOT_FOUND, leaves
 * nothing in flight and the device unconfigured, and leaks nothing.
 */
static void test_not_ecm(void)
{
	struct ndl_adapter_params p = {
		.ops = &tap_ops, .ctx = &tap, .name = "usb-1-2",
		.tx_slots = 64,
	};
	struct ndl_adapter_info info;
	struct ndl_pdo_desc desc;
	struct usb_rig r;
	u32 st = 0;

	memset(&r, 0, sizeof(r));
	tap_reset(&tap);
	r.sim = ndl_usbsim_create(&acm_model);
	r.drv = load_test_driver("usbecm");
	CHECK(r.sim && r.drv);
	if (!r.sim || !r.drv)
		goto out;
	ndl_pdo_desc_usb(&desc, 0x0525, 0xa4a2, 0x0100, -1, 2, 0, 0, 1, 2);
	CHECK_EQ_INT(ndl_usb_dev_create(ndl_usbsim_os(r.sim), &ndl_usbsim_ops,
					&desc, &r.usb), STATUS_SUCCESS);
	p.drv = r.drv;
	p.usb = r.usb;
	if (!r.usb || ndl_adapter_create(&p, &r.ad))
		goto out;
	CHECK_EQ_INT(ndl_adapter_initialize(r.ad, &info, &st), -NDL_EIO);
	CHECK_EQ_INT(st, NDIS_STATUS_ADAPTER_NOT_FOUND);
	CHECK_EQ_INT(ndl_usb_dev_busy(r.usb), 0);
	CHECK_EQ_INT(ndl_usbsim_pending(r.sim), 0);
	CHECK_EQ_INT(ndl_usbsim_configuration(r.sim), 0);
out:
	rig_down(&r);
}

int main(void)
{
	test_init();
	RUN(test_traffic);
	RUN(test_surprise_removal);
	RUN(test_not_ecm);
	RUN(test_unsupported_urb);
	tap_free(&tap);
	return test_exit() | CHECK_EXIT_CODE();
}
