// SPDX-License-Identifier: GPL-2.0-only
/*
 * A CDC Ethernet (ECM) device as QEMU's usb-net presents it, written from
 * the USB CDC 1.2 specification (ECM subclass 1.2): a communications
 * interface (class 02, subclass 06) with header, union and Ethernet
 * networking functional descriptors and an interrupt IN endpoint for
 * notifications, and a data interface (class 0A) whose alternate setting
 * 1 has the bulk IN and OUT endpoints (alternate 0 has none: no traffic).
 * One Ethernet frame per bulk transfer, ended by a short packet (a frame
 * of a multiple of the packet size is followed by a zero-length one).
 * SET_ETHERNET_PACKET_FILTER is the one class request; the device sends
 * NETWORK_CONNECTION and CONNECTION_SPEED_CHANGE when the data interface
 * is enabled and when the link changes. ndl_usbsim_ecm_qemu offers it as
 * QEMU's usb-net does, as the second configuration after RNDIS.
 */
#include <string.h>

#include "usbsim.h"

#define EP_NOTIFY	0x81
#define EP_IN		0x82
#define EP_OUT		0x02
#define MAX_PACKET	64
#define ECM_CONFIG	1	/* bConfigurationValue of the ECM set */
#define RX_FRAMES	64
#define FRAME_MAX	1514
#define SET_ETHERNET_PACKET_FILTER	0x43
#define NOTIFY_NETWORK_CONNECTION	0x00
#define NOTIFY_SPEED_CHANGE		0x2a

static const u8 device_desc[18] = {
	18, 1, 0x00, 0x02,		/* USB 2.0 */
	0x02, 0x00, 0x00, MAX_PACKET,	/* class: communications */
	0x25, 0x05, 0xa2, 0xa4,		/* 0525:a4a2, as QEMU's usb-net */
	0x00, 0x01, 1, 2, 3, 1,
};

#define CONFIG_LEN (9 + 9 + 5 + 5 + 13 + 7 + 9 + 9 + 7 + 7)
static const u8 config_desc[CONFIG_LEN] = {
	9, 2, CONFIG_LEN, 0, 2, 1, 0, 0xc0, 50,
	/* interface 0: CDC communications, ECM */
	9, 4, 0, 0, 1, 0x02, 0x06, 0x00, 0,
	5, 0x24, 0x00, 0x10, 0x01,		/* header, CDC 1.10 */
	5, 0x24, 0x06, 0, 1,			/* union: 0 controls 1 */
	13, 0x24, 0x0f, 4, 0, 0, 0, 0,		/* Ethernet: MAC string 4 */
	FRAME_MAX & 0xff, FRAME_MAX >> 8, 0, 0, 0,
	7, 5, EP_NOTIFY, 0x03, 16, 0, 32,	/* interrupt IN */
	/* interface 1: data, alternate 0 without endpoints */
	9, 4, 1, 0, 0, 0x0a, 0x00, 0x00, 0,
	/* interface 1, alternate 1: bulk IN and OUT */
	9, 4, 1, 1, 2, 0x0a, 0x00, 0x00, 0,
	7, 5, EP_IN, 0x02, MAX_PACKET, 0, 0,
	7, 5, EP_OUT, 0x02, MAX_PACKET, 0, 0,
};

/*
 * QEMU's usb-net: the same ECM configuration, second, after an RNDIS one
 * (configuration 2: communications class, ACM subclass, vendor protocol;
 * its data interface has the bulk pipes in alternate setting 0). The
 * model serves only ECM: a driver must find that configuration.
 */
static const u8 qemu_device_desc[18] = {
	18, 1, 0x00, 0x02,
	0x02, 0x00, 0x00, MAX_PACKET,
	0x25, 0x05, 0xa2, 0xa4,
	0x00, 0x00, 1, 2, 3, 2,		/* revision 0, two configurations */
};

#define RNDIS_LEN (9 + 9 + 5 + 5 + 4 + 5 + 7 + 9 + 7 + 7)
static const u8 rndis_config_desc[RNDIS_LEN] = {
	9, 2, RNDIS_LEN, 0, 2, 2, 0, 0xc0, 50,
	9, 4, 0, 0, 1, 0x02, 0x02, 0xff, 0,
	5, 0x24, 0x00, 0x10, 0x01,		/* header */
	5, 0x24, 0x01, 0x00, 0x01,		/* call management */
	4, 0x24, 0x02, 0x00,			/* ACM */
	5, 0x24, 0x06, 0, 1,			/* union */
	7, 5, EP_NOTIFY, 0x03, 16, 0, 32,
	9, 4, 1, 0, 2, 0x0a, 0x00, 0x00, 0,
	7, 5, EP_IN, 0x02, MAX_PACKET, 0, 0,
	7, 5, EP_OUT, 0x02, MAX_PACKET, 0, 0,
};

static const u8 *const ecm_configs[] = { config_desc, NULL };
static const u8 *const qemu_configs[] = {
	rndis_config_desc, config_desc, NULL,
};

static const char *const strings[] = {
	"ndisload", "Simulated CDC Ethernet", "1", "400102030405", NULL,
};

struct rx_frame {
	u16 len;
	u8 data[FRAME_MAX];
};

struct ecm {
	struct rx_frame rx[RX_FRAMES];
	unsigned int rx_head, rx_count;
	u32 rx_off;			/* bytes of the head frame sent */
	bool zlp;			/* a zero-length packet is due */
	bool link_down, data_on;	/* zeroed state: link up */
	u8 notify[32];			/* queued notification bytes */
	u32 notify_len;
	u16 filter;
};

static void notify(struct ecm *e)
{
	u8 *n = e->notify;

	if (!e->data_on)
		return;
	/* NETWORK_CONNECTION: wValue 1 connected, wIndex interface 0. */
	n[0] = 0xa1;
	n[1] = NOTIFY_NETWORK_CONNECTION;
	n[2] = !e->link_down;
	n[3] = 0;
	n[4] = 0;
	n[5] = 0;
	n[6] = 0;
	n[7] = 0;
	/* CONNECTION_SPEED_CHANGE: 8 bytes, down and up bit rates. */
	n[8] = 0xa1;
	n[9] = NOTIFY_SPEED_CHANGE;
	memset(n + 10, 0, 4);
	n[14] = 8;
	n[15] = 0;
	for (int i = 0; i < 2; i++) {
		u32 bps = e->link_down ? 0 : 100000000;

		memcpy(n + 16 + 4 * i, &bps, 4);
	}
	e->notify_len = 24;
}

static int ecm_control(struct ndl_usbsim *d, const u8 setup[8], void *data,
		       u32 len)
{
	struct ecm *e = ndl_usbsim_priv(d);

	if (setup[0] == 0x21 && setup[1] == SET_ETHERNET_PACKET_FILTER) {
		e->filter = setup[2] | setup[3] << 8;
		return 0;
	}
	return NDL_USBSIM_STALL;
}

static int ecm_out(struct ndl_usbsim *d, u8 ep, const void *data, u32 len)
{
	struct ecm *e = ndl_usbsim_priv(d);

	if (ep != EP_OUT || !e->data_on)
		return NDL_USBSIM_STALL;
	if (len == 0)
		return 0;			/* the ZLP ending a frame */
	if (len < 14 || len > FRAME_MAX)
		return 0;			/* runt or giant: dropped */
	ndl_usbsim_transmit(d, data, len);
	return 0;
}

static int ecm_in(struct ndl_usbsim *d, u8 ep, void *data, u32 len)
{
	struct ecm *e = ndl_usbsim_priv(d);
	struct rx_frame *f;
	u32 n;

	if (ep == EP_NOTIFY) {
		if (!e->notify_len)
			return NDL_USBSIM_NAK;
		n = e->notify_len < len ? e->notify_len : len;
		n = n > 16 ? 16 : n;		/* wMaxPacketSize 16 */
		memcpy(data, e->notify, n);
		memmove(e->notify, e->notify + n, e->notify_len - n);
		e->notify_len -= n;
		return (int)n;
	}
	if (ep != EP_IN || !e->data_on)
		return NDL_USBSIM_STALL;
	if (e->zlp) {
		e->zlp = false;
		return 0;
	}
	if (!e->rx_count)
		return NDL_USBSIM_NAK;
	f = &e->rx[e->rx_head];
	n = f->len - e->rx_off;
	if (n > len)
		n = len - len % MAX_PACKET;	/* whole packets; rest next */
	memcpy(data, f->data + e->rx_off, n);
	e->rx_off += n;
	if (e->rx_off == f->len) {
		e->zlp = f->len % MAX_PACKET == 0 && n == len;
		e->rx_off = 0;
		e->rx_head = (e->rx_head + 1) % RX_FRAMES;
		e->rx_count--;
	}
	return (int)n;
}

static void ecm_configured(struct ndl_usbsim *d, u8 config)
{
	struct ecm *e = ndl_usbsim_priv(d);

	e->data_on = false;
}

static void ecm_interface_set(struct ndl_usbsim *d, u8 intf, u8 alt)
{
	struct ecm *e = ndl_usbsim_priv(d);

	if (intf != 1)
		return;
	e->data_on = alt == 1 && ndl_usbsim_configuration(d) == ECM_CONFIG;
	e->rx_count = 0;
	e->rx_off = 0;
	e->zlp = false;
	notify(e);
}

static bool ecm_receive(struct ndl_usbsim *d, const void *frame, size_t len)
{
	struct ecm *e = ndl_usbsim_priv(d);
	struct rx_frame *f;

	if (!e->data_on || e->link_down || e->rx_count == RX_FRAMES ||
	    len < 14 || len > FRAME_MAX)
		return false;
	f = &e->rx[(e->rx_head + e->rx_count) % RX_FRAMES];
	f->len = (u16)len;
	memcpy(f->data, frame, len);
	e->rx_count++;
	return true;
}

void ndl_usbsim_ecm_link(struct ndl_usbsim *d, bool up)
{
	struct ecm *e = ndl_usbsim_priv(d);

	e->link_down = !up;
	notify(e);
}

u16 ndl_usbsim_ecm_filter(struct ndl_usbsim *d)
{
	return ((struct ecm *)ndl_usbsim_priv(d))->filter;
}

#define ECM_MODEL_OPS \
	.strings = strings,				\
	.priv_size = sizeof(struct ecm),		\
	.control = ecm_control,				\
	.out = ecm_out,					\
	.in = ecm_in,					\
	.configured = ecm_configured,			\
	.interface_set = ecm_interface_set,		\
	.receive = ecm_receive

const struct ndl_usbsim_model ndl_usbsim_ecm = {
	.name = "cdc-ecm",
	.device_desc = device_desc,
	.configs = ecm_configs,
	ECM_MODEL_OPS,
};

const struct ndl_usbsim_model ndl_usbsim_ecm_qemu = {
	.name = "qemu-usb-net",
	.device_desc = qemu_device_desc,
	.configs = qemu_configs,
	ECM_MODEL_OPS,
};
