// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated USB devices (usbsim.h): the user host's struct ndl_os_usb_ops.
 * Each device keeps the transfers submitted to it in order and serves
 * them at the event loop's pump points: standard control requests from
 * the model's descriptors, the rest through the model's handlers.
 */
#include <stdlib.h>
#include <string.h>

#include "usbsim.h"

#define MAX_FRAMES	256
#define MAX_EP		32

struct frame {
	size_t len;
	u8 data[];
};

struct ndl_os_usb {
	struct ndl_usbsim *sim;
};

struct pending {
	struct ndl_os_usb_xfer *x;
	bool cancelled;
	struct pending *next;
};

struct ndl_usbsim {
	struct ndl_os_usb os;
	const struct ndl_usbsim_model *model;
	void *priv;
	struct pending *head;
	u32 npending;
	bool gone;
	u8 config;
	u8 alt[8];
	bool halted[MAX_EP];
	u32 resets;
	u64 start_ns;
	struct frame *tx[MAX_FRAMES];
	unsigned int tx_head, tx_count;
	struct ndl_usbsim *next;
};

static struct ndl_usbsim *devices;

static unsigned int ep_index(u8 ep)
{
	return (ep & 0x0f) | ((ep & 0x80) ? 0x10 : 0);
}

struct ndl_usbsim *ndl_usbsim_create(const struct ndl_usbsim_model *model)
{
	struct ndl_usbsim *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->priv = model->priv_size ? calloc(1, model->priv_size) : NULL;
	if (model->priv_size && !d->priv) {
		free(d);
		return NULL;
	}
	d->os.sim = d;
	d->model = model;
	d->start_ns = ndl_os_monotonic_ns();
	d->next = devices;
	devices = d;
	return d;
}

void ndl_usbsim_destroy(struct ndl_usbsim *d)
{
	struct ndl_usbsim **p;

	if (!d)
		return;
	for (p = &devices; *p; p = &(*p)->next)
		if (*p == d) {
			*p = d->next;
			break;
		}
	while (d->head) {
		struct pending *n = d->head->next;

		free(d->head);
		d->head = n;
	}
	while (d->tx_count) {
		free(d->tx[d->tx_head]);
		d->tx_head = (d->tx_head + 1) % MAX_FRAMES;
		d->tx_count--;
	}
	free(d->priv);
	free(d);
}

struct ndl_os_usb *ndl_usbsim_os(struct ndl_usbsim *d)
{
	return &d->os;
}

void *ndl_usbsim_priv(struct ndl_usbsim *d)
{
	return d->priv;
}

const struct ndl_usbsim_model *ndl_usbsim_model(struct ndl_usbsim *d)
{
	return d->model;
}

void ndl_usbsim_unplug(struct ndl_usbsim *d)
{
	d->gone = true;
}

void ndl_usbsim_halt(struct ndl_usbsim *d, u8 ep)
{
	d->halted[ep_index(ep)] = true;
}

u32 ndl_usbsim_pending(struct ndl_usbsim *d)
{
	return d->npending;
}

u8 ndl_usbsim_configuration(struct ndl_usbsim *d)
{
	return d->config;
}

u8 ndl_usbsim_alternate(struct ndl_usbsim *d, u8 intf)
{
	return intf < sizeof(d->alt) ? d->alt[intf] : 0;
}

u32 ndl_usbsim_resets(struct ndl_usbsim *d)
{
	return d->resets;
}

bool ndl_usbsim_inject(struct ndl_usbsim *d, const void *frame, size_t len)
{
	return d->model->receive && d->model->receive(d, frame, len);
}

void ndl_usbsim_transmit(struct ndl_usbsim *d, const void *frame, size_t len)
{
	struct frame *f;

	if (d->tx_count == MAX_FRAMES)
		return;
	f = malloc(sizeof(*f) + len);
	if (!f)
		return;
	f->len = len;
	memcpy(f->data, frame, len);
	d->tx[(d->tx_head + d->tx_count) % MAX_FRAMES] = f;
	d->tx_count++;
}

size_t ndl_usbsim_collect(struct ndl_usbsim *d, void *frame, size_t len)
{
	struct frame *f;
	size_t n;

	if (!d->tx_count)
		return 0;
	f = d->tx[d->tx_head];
	d->tx_head = (d->tx_head + 1) % MAX_FRAMES;
	d->tx_count--;
	n = f->len < len ? f->len : len;
	memcpy(frame, f->data, n);
	free(f);
	return n;
}

/* ---- standard requests ------------------------------------------------- */

static int string_desc(struct ndl_usbsim *d, u8 index, u8 *out, u32 len)
{
	const char *const *s = d->model->strings;
	u8 buf[256];
	u32 n = 0, i;

	if (index == 0) {			/* languages: en-US */
		buf[0] = 4;
		buf[1] = 3;
		buf[2] = 0x09;
		buf[3] = 0x04;
		n = 4;
	} else {
		const char *str;

		for (i = 0; s && s[i]; i++)
			;
		if (index > i)
			return NDL_USBSIM_STALL;
		str = s[index - 1];
		for (n = 2; *str && n + 2 <= 254; n += 2, str++) {
			buf[n] = (u8)*str;
			buf[n + 1] = 0;
		}
		buf[0] = (u8)n;
		buf[1] = 3;
	}
	n = n < len ? n : len;
	memcpy(out, buf, n);
	return (int)n;
}

/* The configuration at descriptor index i, or NULL. */
static const u8 *config_at(const struct ndl_usbsim *d, u8 i)
{
	for (u8 k = 0; d->model->configs[k]; k++)
		if (k == i)
			return d->model->configs[k];
	return NULL;
}

/* Is value a configuration the device has (0: unconfigured)? */
static bool config_exists(const struct ndl_usbsim *d, u8 value)
{
	for (u8 k = 0; value && d->model->configs[k]; k++)
		if (d->model->configs[k][5] == value)
			return true;
	return !value;
}

static int get_descriptor(struct ndl_usbsim *d, const u8 *setup, u8 *out,
			  u32 len)
{
	const u8 *src;
	u32 n;

	switch (setup[3]) {
	case 1:
		src = d->model->device_desc;
		n = 18;
		break;
	case 2:
		src = config_at(d, setup[2]);
		if (!src)
			return NDL_USBSIM_STALL;
		n = src[2] | src[3] << 8;
		break;
	case 3:
		return string_desc(d, setup[2], out, len);
	default:
		return NDL_USBSIM_STALL;
	}
	n = n < len ? n : len;
	memcpy(out, src, n);
	return (int)n;
}

static int standard(struct ndl_usbsim *d, const u8 *setup, u8 *data,
		    u32 len)
{
	u16 value = setup[2] | setup[3] << 8, index = setup[4] | setup[5] << 8;

	switch (setup[1]) {
	case 0x00:				/* GET_STATUS */
		if (len < 2)
			return NDL_USBSIM_STALL;
		data[0] = (setup[0] & 3) == 2 ?
			  d->halted[ep_index((u8)index)] : 0;
		data[1] = 0;
		return 2;
	case 0x01:				/* CLEAR_FEATURE */
		if ((setup[0] & 3) == 2 && value == 0)
			d->halted[ep_index((u8)index)] = false;
		return 0;
	case 0x06:
		return get_descriptor(d, setup, data, len);
	case 0x09:				/* SET_CONFIGURATION */
		if (!config_exists(d, (u8)value))
			return NDL_USBSIM_STALL;
		d->config = (u8)value;
		memset(d->alt, 0, sizeof(d->alt));
		if (d->model->configured)
			d->model->configured(d, d->config);
		return 0;
	case 0x0b:				/* SET_INTERFACE */
		if (index >= sizeof(d->alt))
			return NDL_USBSIM_STALL;
		d->alt[index] = (u8)value;
		if (d->model->interface_set)
			d->model->interface_set(d, (u8)index, (u8)value);
		return 0;
	}
	return NDL_USBSIM_STALL;
}

/* ---- transfers ------------------------------------------------------- */

/* Serve one transfer: true when it completed (status/actual set). */
static bool serve(struct ndl_usbsim *d, struct ndl_os_usb_xfer *x)
{
	const struct ndl_usbsim_model *m = d->model;
	int r;

	if (d->halted[ep_index(x->endpoint)] && x->endpoint) {
		x->status = NDL_OS_USB_STALL;
		return true;
	}
	if (x->type == NDL_OS_USB_CONTROL) {
		if ((x->setup[0] & 0x60) == 0)
			r = standard(d, x->setup, x->buf, x->len);
		else
			r = m->control ? m->control(d, x->setup, x->buf,
						    x->len) :
				NDL_USBSIM_STALL;
	} else if (x->in) {
		r = m->in ? m->in(d, x->endpoint, x->buf, x->len) :
			NDL_USBSIM_NAK;
	} else {
		r = m->out ? m->out(d, x->endpoint, x->buf, x->len) :
			NDL_USBSIM_STALL;
		if (r == 0)
			r = (int)x->len;
	}
	if (r == NDL_USBSIM_NAK)
		return false;
	if (r == NDL_USBSIM_STALL) {
		if (x->endpoint)
			d->halted[ep_index(x->endpoint)] = true;
		x->status = NDL_OS_USB_STALL;	/* ep0 stalls end the request */
		x->actual = 0;
		return true;
	}
	x->status = NDL_OS_USB_OK;
	x->actual = (u32)r;
	return true;
}

static bool poll_device(struct ndl_usbsim *d)
{
	struct pending **pp = &d->head, *p;
	bool did = false;
	/* One IN transfer per endpoint per pass keeps data in order. */
	bool blocked[MAX_EP] = { false };

	while ((p = *pp)) {
		struct ndl_os_usb_xfer *x = p->x;
		unsigned int e = ep_index(x->endpoint);
		bool done;

		if (d->gone) {
			x->status = NDL_OS_USB_GONE;
			x->actual = 0;
			done = true;
		} else if (p->cancelled) {
			x->status = NDL_OS_USB_CANCELLED;
			x->actual = 0;
			done = true;
		} else if (blocked[e]) {
			done = false;
		} else {
			done = serve(d, x);
			if (!done)
				blocked[e] = true;
		}
		if (!done) {
			pp = &p->next;
			continue;
		}
		*pp = p->next;
		d->npending--;
		free(p);
		x->complete(x);
		did = true;
	}
	return did;
}

bool ndl_usbsim_poll_all(void)
{
	bool did = false;

	for (struct ndl_usbsim *d = devices; d; d = d->next)
		if (poll_device(d))
			did = true;
	return did;
}

/* ---- the OS interface ---------------------------------------------------- */

static enum ndl_os_usb_status sim_submit(struct ndl_os_usb *os,
					 struct ndl_os_usb_xfer *x)
{
	struct ndl_usbsim *d = os->sim;
	struct pending *p, **pp;

	if (d->gone)
		return NDL_OS_USB_GONE;
	if (x->len && !x->buf)
		return NDL_OS_USB_INVALID;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NDL_OS_USB_NO_MEMORY;
	p->x = x;
	for (pp = &d->head; *pp; pp = &(*pp)->next)
		;
	*pp = p;
	d->npending++;
	return NDL_OS_USB_OK;
}

static void sim_cancel(struct ndl_os_usb *os, struct ndl_os_usb_xfer *x)
{
	for (struct pending *p = os->sim->head; p; p = p->next)
		if (p->x == x)
			p->cancelled = true;
}

static enum ndl_os_usb_status request(struct ndl_usbsim *d, u8 type, u8 req,
				      u16 value, u16 index)
{
	u8 setup[8] = { type, req, value & 0xff, value >> 8, index & 0xff,
			index >> 8, 0, 0 };

	if (d->gone)
		return NDL_OS_USB_GONE;
	return standard(d, setup, NULL, 0) < 0 ? NDL_OS_USB_STALL :
						 NDL_OS_USB_OK;
}

static enum ndl_os_usb_status sim_set_configuration(struct ndl_os_usb *os,
						    u8 value)
{
	return request(os->sim, 0x00, 0x09, value, 0);
}

static enum ndl_os_usb_status sim_set_interface(struct ndl_os_usb *os,
						u8 intf, u8 alt)
{
	return request(os->sim, 0x01, 0x0b, alt, intf);
}

static enum ndl_os_usb_status sim_clear_halt(struct ndl_os_usb *os, u8 ep)
{
	return request(os->sim, 0x02, 0x01, 0, ep);
}

static enum ndl_os_usb_status sim_reset_port(struct ndl_os_usb *os)
{
	if (os->sim->gone)
		return NDL_OS_USB_GONE;
	os->sim->resets++;
	return NDL_OS_USB_OK;
}

static u32 sim_port_status(struct ndl_os_usb *os)
{
	return os->sim->gone ? 0 :
	       NDL_OS_USB_PORT_ENABLED | NDL_OS_USB_PORT_CONNECTED;
}

static u32 sim_frame_number(struct ndl_os_usb *os)
{
	return (u32)((ndl_os_monotonic_ns() - os->sim->start_ns) / 1000000);
}

/* Linux keeps the active configuration's set as read: so does the model. */
static u32 sim_config_descriptor(struct ndl_os_usb *os, void *buf, u32 size)
{
	const struct ndl_usbsim *d = os->sim;
	u32 len;

	for (u8 k = 0; d->config && d->model->configs[k]; k++) {
		const u8 *c = d->model->configs[k];

		if (c[5] != d->config)
			continue;
		len = (u32)(c[2] | c[3] << 8);
		if (size)
			memcpy(buf, c, size < len ? size : len);
		return len;
	}
	return 0;
}

const struct ndl_os_usb_ops ndl_usbsim_ops = {
	.submit = sim_submit,
	.cancel = sim_cancel,
	.set_configuration = sim_set_configuration,
	.set_interface = sim_set_interface,
	.clear_halt = sim_clear_halt,
	.reset_port = sim_reset_port,
	.port_status = sim_port_status,
	.frame_number = sim_frame_number,
	.config_descriptor = sim_config_descriptor,
};
