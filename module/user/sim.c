// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated PCI devices (simdev.h): the device backend of the user host
 * in libndlrt.a (host.h): resources, config space, port I/O and MMIO
 * routed to models, models' DMA into the host's pool (dma_pool.c),
 * level-triggered interrupts and, when a test grants them, message
 * interrupts (edges, one handler each).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "host.h"

#define PORT_BASE	0xc000u
#define MMIO_BUS_BASE	0xf0000000ull
#define MAX_FRAMES	1024
#define MAX_MMIO_MAPS	32
#define STORM_LIMIT	1000
#define FAKE_IRQ	11
#define FAKE_MSI_VECTOR	0x40	/* message n: vector 0x40 + n */
#define FAKE_MSI_ADDR	0xfee00000ull
#define MAX_MSGS	32

struct ndl_os_dev {
	struct ndl_sim_dev *sim;
};

struct frame {
	size_t len;
	u8 data[];
};

struct ndl_sim_dev {
	struct ndl_os_dev os;
	const struct ndl_sim_model *model;
	void *priv;
	u8 config[256];
	u64 bar_base[6];
	u32 bar_sizing;		/* bit per BAR: all-ones was written */
	bool irq_level, irq_masked;
	u32 storm;
	bool (*isr)(void *ctx);
	void *isr_ctx;
	u32 nmsgs;		/* granted; 0: the line only */
	u32 msg_pending;	/* bit n: message n was signalled */
	struct ndl_os_irq *msg_irq[MAX_MSGS];
	struct frame *tx[MAX_FRAMES];
	unsigned int tx_head, tx_count;
	struct ndl_sim_dev *next;
};

struct ndl_os_irq {
	struct ndl_sim_dev *dev;
	int msg;		/* -1: the line */
	bool (*isr)(void *ctx);	/* a message's */
	void *ctx;
};

static struct ndl_sim_dev *devices;
static u32 next_port = PORT_BASE;
static u64 next_mmio = MMIO_BUS_BASE;

bool ndl_sim_dma_read(struct ndl_sim_dev *dev, uint64_t bus, void *buf,
		      size_t len)
{
	u8 *p = ndl_user_dma_bus_to_va(bus, len);

	if (p)
		memcpy(buf, p, len);
	return p != NULL;
}

bool ndl_sim_dma_write(struct ndl_sim_dev *dev, uint64_t bus, const void *buf,
		       size_t len)
{
	u8 *p = ndl_user_dma_bus_to_va(bus, len);

	if (p)
		memcpy(p, buf, len);
	return p != NULL;
}

/* ---- devices ----------------------------------------------------------- */

static void config_init(struct ndl_sim_dev *d)
{
	const struct ndl_sim_model *m = d->model;
	u8 *c = d->config;

	memset(c, 0, sizeof(d->config));
	c[0x00] = (u8)m->vendor;
	c[0x01] = (u8)(m->vendor >> 8);
	c[0x02] = (u8)m->device;
	c[0x03] = (u8)(m->device >> 8);
	c[0x04] = 0x07;			/* I/O, memory, bus master */
	c[0x08] = m->revision;
	c[0x0b] = 0x02;			/* class: network controller */
	c[0x2c] = (u8)m->subvendor;
	c[0x2d] = (u8)(m->subvendor >> 8);
	c[0x2e] = (u8)m->subdevice;
	c[0x2f] = (u8)(m->subdevice >> 8);
	c[0x3c] = FAKE_IRQ;
	c[0x3d] = 1;			/* INTA# */
	for (int i = 0; i < 6; i++) {
		u32 v = (u32)d->bar_base[i];

		if (m->bars[i].kind == NDL_SIM_BAR_IO)
			v |= 1;
		if (m->bars[i].kind != NDL_SIM_BAR_NONE)
			memcpy(&c[0x10 + 4 * i], &v, 4);
	}
}

struct ndl_sim_dev *ndl_sim_create(const struct ndl_sim_model *model)
{
	struct ndl_sim_dev *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->os.sim = d;
	d->model = model;
	if (model->priv_size && !(d->priv = calloc(1, model->priv_size))) {
		free(d);
		return NULL;
	}
	for (int i = 0; i < 6; i++) {
		u32 size = model->bars[i].size;

		if (model->bars[i].kind == NDL_SIM_BAR_IO) {
			next_port = NDL_ALIGN_UP(next_port, size ? size : 4);
			d->bar_base[i] = next_port;
			next_port += size;
		} else if (model->bars[i].kind == NDL_SIM_BAR_MEM) {
			next_mmio = NDL_ALIGN_UP(next_mmio, (u64)(size > 4096 ?
						 size : 4096));
			d->bar_base[i] = next_mmio;
			next_mmio += size > 4096 ? size : 4096;
		}
	}
	config_init(d);
	if (model->reset)
		model->reset(d);
	d->next = devices;
	devices = d;
	return d;
}

void ndl_sim_destroy(struct ndl_sim_dev *dev)
{
	struct ndl_sim_dev **p;

	if (!dev)
		return;
	for (p = &devices; *p; p = &(*p)->next) {
		if (*p == dev) {
			*p = dev->next;
			break;
		}
	}
	while (dev->tx_count) {
		free(dev->tx[dev->tx_head]);
		dev->tx_head = (dev->tx_head + 1) % MAX_FRAMES;
		dev->tx_count--;
	}
	free(dev->priv);
	free(dev);
}

struct ndl_os_dev *ndl_sim_os_dev(struct ndl_sim_dev *dev)
{
	return &dev->os;
}

void *ndl_sim_priv(struct ndl_sim_dev *dev)
{
	return dev->priv;
}

uint8_t *ndl_sim_config(struct ndl_sim_dev *dev)
{
	return dev->config;
}

void ndl_sim_set_irq(struct ndl_sim_dev *dev, bool asserted)
{
	dev->irq_level = asserted;
	if (!asserted) {
		dev->storm = 0;
		dev->irq_masked = false;
	}
}

void ndl_sim_grant_messages(struct ndl_sim_dev *dev, unsigned int n)
{
	dev->nmsgs = n < MAX_MSGS ? n : MAX_MSGS;
	dev->msg_pending = 0;
}

void ndl_sim_raise_msg(struct ndl_sim_dev *dev, unsigned int n)
{
	if (n < dev->nmsgs && dev->msg_irq[n])
		dev->msg_pending |= 1u << n;
}

void ndl_sim_transmit(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	struct frame *f;

	if (dev->tx_count == MAX_FRAMES) {
		ndl_os_log(NDL_LOG_WARN, "sim: transmit queue full; frame dropped");
		return;
	}
	f = malloc(sizeof(*f) + len);
	if (!f)
		return;
	f->len = len;
	memcpy(f->data, frame, len);
	dev->tx[(dev->tx_head + dev->tx_count) % MAX_FRAMES] = f;
	dev->tx_count++;
}

bool ndl_sim_inject(struct ndl_sim_dev *dev, const void *frame, size_t len)
{
	return dev->model->receive ? dev->model->receive(dev, frame, len) :
				     false;
}

size_t ndl_sim_collect(struct ndl_sim_dev *dev, void *frame, size_t len)
{
	struct frame *f;
	size_t n;

	if (!dev->tx_count)
		return 0;
	f = dev->tx[dev->tx_head];
	dev->tx_head = (dev->tx_head + 1) % MAX_FRAMES;
	dev->tx_count--;
	n = f->len < len ? f->len : len;
	memcpy(frame, f->data, n);
	free(f);
	return n;
}

void ndl_sim_run(struct ndl_sim_dev *dev)
{
	ndl_user_run_pending();
}

/* Deliver an asserted, unmasked line to its ISR. True if the ISR ran. */
static bool deliver_irq(struct ndl_sim_dev *d)
{
	u8 old;

	if (!d->irq_level || d->irq_masked || !d->isr ||
	    ndl_os_irql_current() >= NDL_DEVICE_LEVEL)
		return false;
	old = ndl_os_irql_raise(NDL_DEVICE_LEVEL);
	d->isr(d->isr_ctx);
	ndl_os_irql_lower(old);
	if (d->irq_level && ++d->storm > STORM_LIMIT) {
		char msg[160];

		snprintf(msg, sizeof(msg),
			 "sim %s: interrupt storm (line still asserted after %d ISR calls); masking until it drops",
			 d->model->name, STORM_LIMIT);
		ndl_os_log(NDL_LOG_ERR, msg);
		d->irq_masked = true;
	}
	return true;
}

/* Deliver signalled messages to their ISRs, each once. True if one ran. */
static bool deliver_msgs(struct ndl_sim_dev *d)
{
	bool did = false;

	if (!d->msg_pending || ndl_os_irql_current() >= NDL_DEVICE_LEVEL)
		return false;
	for (u32 n = 0; n < d->nmsgs; n++) {
		struct ndl_os_irq *irq = d->msg_irq[n];
		u8 old;

		if (!(d->msg_pending & (1u << n)))
			continue;
		d->msg_pending &= ~(1u << n);
		if (!irq)
			continue;	/* disconnected meanwhile: lost */
		old = ndl_os_irql_raise(NDL_DEVICE_LEVEL);
		irq->isr(irq->ctx);
		ndl_os_irql_lower(old);
		did = true;
	}
	return did;
}

bool ndl_user_dev_poll(void)
{
	bool did = false;

	for (struct ndl_sim_dev *d = devices; d; d = d->next) {
		if (d->model->poll)
			d->model->poll(d);
		if (deliver_irq(d))
			did = true;
		if (deliver_msgs(d))
			did = true;
	}
	return did;
}

/* Models work when polled: nothing to wait for but the clock. */
void ndl_user_dev_idle(u64 deadline_ns)
{
	u64 now = ndl_os_monotonic_ns();
	struct timespec ts;

	if (deadline_ns <= now)
		return;
	ts.tv_sec = (time_t)((deadline_ns - now) / 1000000000);
	ts.tv_nsec = (long)((deadline_ns - now) % 1000000000);
	nanosleep(&ts, NULL);
}

/* ---- OS interface: resources and config space -------------------------- */

int ndl_os_dev_resources(struct ndl_os_dev *dev, struct ndl_os_resource *res,
			 int max)
{
	const struct ndl_sim_model *m = dev->sim->model;
	int n = 0;

	for (int i = 0; i < 6; i++) {
		if (m->bars[i].kind == NDL_SIM_BAR_NONE)
			continue;
		if (n < max)
			res[n] = (struct ndl_os_resource){
				m->bars[i].kind == NDL_SIM_BAR_IO ?
				NDL_OS_RES_PORT : NDL_OS_RES_MEM, (u8)i,
				dev->sim->bar_base[i], m->bars[i].size, 0 };
		n++;
	}
	if (dev->sim->nmsgs) {	/* the messages replace the line */
		for (u32 i = 0; i < dev->sim->nmsgs; i++, n++)
			if (n < max)
				res[n] = (struct ndl_os_resource){
					NDL_OS_RES_IRQ, 0, FAKE_MSI_VECTOR + i,
					1, NDL_OS_RES_IRQ_MSI };
		return n;
	}
	if (n < max)
		res[n] = (struct ndl_os_resource){ NDL_OS_RES_IRQ, 0, FAKE_IRQ,
						   1, NDL_OS_RES_IRQ_SHARED };
	return n + 1;
}

void ndl_os_dev_pci_id(struct ndl_os_dev *dev, struct ndl_os_pci_id *id)
{
	const struct ndl_sim_model *m = dev->sim->model;

	*id = (struct ndl_os_pci_id){ m->vendor, m->device, m->subvendor,
				      m->subdevice, m->revision, 0x020000,
				      0, 0, 0 };
	for (struct ndl_sim_dev *d = devices; d && d != dev->sim; d = d->next)
		id->slot++;
}

u32 ndl_os_pci_config_read(struct ndl_os_dev *dev, u32 off, void *buf,
			   u32 len)
{
	u8 *out = buf;

	if (off >= 256)
		return 0;
	if (len > 256 - off)
		len = 256 - off;
	memcpy(out, dev->sim->config + off, len);
	/* BAR sizing: after all-ones was written, read back ~(size - 1). */
	for (int i = 0; i < 6; i++) {
		u32 bar = 0x10 + 4 * i, v;
		const struct ndl_sim_model *m = dev->sim->model;

		if (!(dev->sim->bar_sizing & (1u << i)) || off > bar ||
		    off + len < bar + 4)
			continue;
		v = ~(m->bars[i].size - 1) | (m->bars[i].kind ==
					      NDL_SIM_BAR_IO ? 1 : 0);
		memcpy(out + (bar - off), &v, 4);
	}
	return len;
}

u32 ndl_os_pci_config_write(struct ndl_os_dev *dev, u32 off, const void *buf,
			    u32 len)
{
	const u8 *in = buf;

	if (off >= 256)
		return 0;
	if (len > 256 - off)
		len = 256 - off;
	for (u32 i = 0; i < len; i++) {
		u32 at = off + i;

		if (at < 0x04 || (at >= 0x08 && at < 0x0c) ||
		    (at >= 0x2c && at < 0x30) || at == 0x3d)
			continue;	/* read-only identity fields */
		if (at >= 0x10 && at < 0x28) {
			int bar = (int)(at - 0x10) / 4;

			if (in[i] == 0xff)
				dev->sim->bar_sizing |= 1u << bar;
			else
				dev->sim->bar_sizing &= ~(1u << bar);
			continue;	/* BARs are fixed by the host */
		}
		dev->sim->config[at] = in[i];
	}
	return len;
}

/* ---- OS interface: port I/O --------------------------------------------- */

bool ndl_user_port_access(u32 port, int size, bool write, u32 *val)
{
	for (struct ndl_sim_dev *d = devices; d; d = d->next) {
		for (int i = 0; i < 6; i++) {
			const struct ndl_sim_model *m = d->model;
			u64 base = d->bar_base[i];

			if (m->bars[i].kind != NDL_SIM_BAR_IO || port < base ||
			    port + (u32)size > base + m->bars[i].size)
				continue;
			if (write) {
				if (m->write)
					m->write(d, i, (u32)(port - base), size,
						 *val);
			} else {
				*val = m->read ? m->read(d, i, (u32)(port - base),
							 size) : 0xffffffffu;
				if (size < 4)
					*val &= (1u << (8 * size)) - 1;
			}
			return true;
		}
	}
	return false;
}

/* ---- OS interface: MMIO ------------------------------------------------- */

struct mmio_map {
	u8 *va;
	size_t len;		/* page-rounded */
	struct ndl_sim_dev *dev;
	int bar;
	u32 bar_off;		/* BAR offset of va */
};
static struct mmio_map mmio_maps[MAX_MMIO_MAPS];

void *ndl_os_mmio_map(struct ndl_os_dev *dev, u64 bus_addr, size_t len)
{
	for (struct ndl_sim_dev *d = devices; d; d = d->next) {
		if (dev && dev->sim != d)
			continue;
		for (int i = 0; i < 6; i++) {
			const struct ndl_sim_model *m = d->model;
			u64 base = d->bar_base[i];

			if (m->bars[i].kind != NDL_SIM_BAR_MEM ||
			    bus_addr < base ||
			    bus_addr + len > base + m->bars[i].size)
				continue;
			for (int k = 0; k < MAX_MMIO_MAPS; k++) {
				struct mmio_map *mm = &mmio_maps[k];
				size_t plen = NDL_ALIGN_UP(len, (size_t)4096);
				void *va;

				if (mm->va)
					continue;
				/* No access: every load/store traps (trap.c). */
				va = mmap(NULL, plen, PROT_NONE,
					  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
				if (va == MAP_FAILED)
					return NULL;
				*mm = (struct mmio_map){ va, plen, d, i,
							 (u32)(bus_addr - base) };
				return va;
			}
			return NULL;
		}
	}
	ndl_os_log(NDL_LOG_ERR, "sim: MMIO map of a bus address no device decodes");
	return NULL;
}

void ndl_os_mmio_unmap(void *va, size_t len)
{
	for (int k = 0; k < MAX_MMIO_MAPS; k++) {
		if (mmio_maps[k].va == va) {
			munmap(va, mmio_maps[k].len);
			mmio_maps[k].va = NULL;
			return;
		}
	}
}

bool ndl_user_mmio_access(const volatile void *addr, int size, bool write,
			  u64 *val)
{
	const u8 *a = (const u8 *)addr;

	for (int k = 0; k < MAX_MMIO_MAPS; k++) {
		struct mmio_map *mm = &mmio_maps[k];
		const struct ndl_sim_model *m;
		u32 off;

		if (!mm->va || a < mm->va || a + size > mm->va + mm->len)
			continue;
		m = mm->dev->model;
		off = mm->bar_off + (u32)(a - mm->va);
		if (size == 8) {	/* two dword accesses, low first */
			if (write) {
				if (m->write) {
					m->write(mm->dev, mm->bar, off, 4,
						 (u32)*val);
					m->write(mm->dev, mm->bar, off + 4, 4,
						 (u32)(*val >> 32));
				}
			} else {
				*val = m->read ? (u64)m->read(mm->dev, mm->bar,
							     off, 4) |
				       (u64)m->read(mm->dev, mm->bar, off + 4,
						    4) << 32 : ~0ull;
			}
		} else if (write) {
			if (m->write)
				m->write(mm->dev, mm->bar, off, size, (u32)*val);
		} else {
			*val = m->read ? m->read(mm->dev, mm->bar, off, size) :
					 0xffffffffu;
			if (size < 4)	/* models may return wider values */
				*val &= (1u << (8 * size)) - 1;
		}
		return true;
	}
	return false;
}

/* ---- OS interface: interrupts -------------------------------------------- */

struct ndl_os_irq *ndl_os_irq_connect(struct ndl_os_dev *dev,
				      bool (*isr)(void *ctx), void *ctx)
{
	struct ndl_os_irq *irq;

	if (dev->sim->isr)
		return NULL;	/* one handler per simulated line */
	irq = calloc(1, sizeof(*irq));
	if (!irq)
		return NULL;
	irq->dev = dev->sim;
	irq->msg = -1;
	dev->sim->isr = isr;
	dev->sim->isr_ctx = ctx;
	return irq;
}

void ndl_os_irq_disconnect(struct ndl_os_irq *irq)
{
	if (!irq)
		return;
	if (irq->msg >= 0) {
		irq->dev->msg_irq[irq->msg] = NULL;
	} else {
		irq->dev->isr = NULL;
		irq->dev->isr_ctx = NULL;
	}
	free(irq);
}

u32 ndl_os_dev_msg_count(struct ndl_os_dev *dev)
{
	return dev->sim->nmsgs;
}

bool ndl_os_dev_msg_info(struct ndl_os_dev *dev, u32 msg,
			 struct ndl_os_msg_info *info)
{
	if (msg >= dev->sim->nmsgs)
		return false;
	*info = (struct ndl_os_msg_info){
		.address = FAKE_MSI_ADDR, .data = FAKE_MSI_VECTOR + msg,
		.vector = FAKE_MSI_VECTOR + msg, .cpus = 1,
	};
	return true;
}

/* One thread runs everything here: a shared lock needs nothing more. */
struct ndl_os_irq *ndl_os_irq_connect_msg(struct ndl_os_dev *dev, u32 msg,
					  struct ndl_os_irq *lock_with,
					  bool (*isr)(void *ctx), void *ctx)
{
	struct ndl_sim_dev *d = dev->sim;
	struct ndl_os_irq *irq;

	if (msg >= d->nmsgs || d->msg_irq[msg])
		return NULL;
	irq = calloc(1, sizeof(*irq));
	if (!irq)
		return NULL;
	*irq = (struct ndl_os_irq){ d, (int)msg, isr, ctx };
	d->msg_irq[msg] = irq;
	return irq;
}

void ndl_os_dev_msg_release(struct ndl_os_dev *dev)
{
	if (dev->sim->nmsgs)
		ndl_os_log(NDL_LOG_INFO, "sim: messages released; the line is used");
	dev->sim->nmsgs = 0;
	dev->sim->msg_pending = 0;
}
