// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated PCI devices (simdev.h) and the device half of the OS
 * interface in user space: resources, config space, port I/O and MMIO
 * routed to models, a DMA pool below 4 GiB in bus-address terms (with
 * bounce buffers for streaming mappings), and level-triggered interrupts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "host.h"

#define PORT_BASE	0xc000u
#define MMIO_BUS_BASE	0xf0000000ull
#define DMA_BUS_BASE	0x10000000ull
#define DMA_POOL_SIZE	(32u << 20)
#define DMA_CHUNK	256u
#define MAX_FRAMES	1024
#define MAX_MMIO_MAPS	32
#define MAX_STREAM_MAPS	1024
#define STORM_LIMIT	1000
#define FAKE_IRQ	11

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
	struct frame *tx[MAX_FRAMES];
	unsigned int tx_head, tx_count;
	struct ndl_sim_dev *next;
};

struct ndl_os_irq {
	struct ndl_sim_dev *dev;
};

static struct ndl_sim_dev *devices;
static u32 next_port = PORT_BASE;
static u64 next_mmio = MMIO_BUS_BASE;

/* ---- DMA pool ---------------------------------------------------------- */

static u8 *dma_pool;
static u8 dma_used[DMA_POOL_SIZE / DMA_CHUNK];	/* 1: chunk in use */

static bool dma_pool_init(void)
{
	if (dma_pool)
		return true;
	dma_pool = mmap(NULL, DMA_POOL_SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (dma_pool == MAP_FAILED) {
		dma_pool = NULL;
		return false;
	}
	return true;
}

static void *pool_alloc(size_t size, u64 *bus)
{
	size_t chunks = (size + DMA_CHUNK - 1) / DMA_CHUNK;
	size_t align = size >= 4096 ? 4096 / DMA_CHUNK : 1;
	size_t n = NDL_ARRAY_SIZE(dma_used);

	if (!size || !dma_pool_init() || chunks > n)
		return NULL;
	for (size_t i = 0; i + chunks <= n; i += align) {
		size_t k = 0;

		while (k < chunks && !dma_used[i + k])
			k++;
		if (k == chunks) {
			memset(&dma_used[i], 1, chunks);
			*bus = DMA_BUS_BASE + i * DMA_CHUNK;
			memset(dma_pool + i * DMA_CHUNK, 0, chunks * DMA_CHUNK);
			return dma_pool + i * DMA_CHUNK;
		}
	}
	return NULL;
}

static void pool_free(void *va, size_t size)
{
	size_t first = (size_t)((u8 *)va - dma_pool) / DMA_CHUNK;
	size_t chunks = (size + DMA_CHUNK - 1) / DMA_CHUNK;

	if (!dma_pool || (u8 *)va < dma_pool ||
	    first + chunks > NDL_ARRAY_SIZE(dma_used)) {
		ndl_os_log(NDL_LOG_ERR, "sim: DMA free of memory outside the pool");
		return;
	}
	memset(&dma_used[first], 0, chunks);
}

static u8 *bus_to_pool(u64 bus, size_t len)
{
	if (!dma_pool || bus < DMA_BUS_BASE ||
	    bus + len > DMA_BUS_BASE + DMA_POOL_SIZE || bus + len < bus)
		return NULL;
	return dma_pool + (bus - DMA_BUS_BASE);
}

void *ndl_os_dma_alloc(struct ndl_os_dev *dev, size_t size, u64 *bus,
		       int dma_bits)
{
	return pool_alloc(size, bus);	/* the pool is below 4 GiB */
}

void ndl_os_dma_free(struct ndl_os_dev *dev, size_t size, void *va, u64 bus)
{
	pool_free(va, size);
}

struct stream_map {
	u64 bus;
	void *va;
	size_t len;
	enum ndl_os_dma_dir dir;
};
static struct stream_map streams[MAX_STREAM_MAPS];

bool ndl_os_dma_map(struct ndl_os_dev *dev, void *va, size_t len,
		    enum ndl_os_dma_dir dir, int dma_bits, u64 *bus)
{
	for (int i = 0; i < MAX_STREAM_MAPS; i++) {
		void *bounce;

		if (streams[i].va)
			continue;
		bounce = pool_alloc(len, bus);
		if (!bounce)
			return false;
		if (dir != NDL_OS_DMA_FROM_DEVICE)
			memcpy(bounce, va, len);
		streams[i] = (struct stream_map){ *bus, va, len, dir };
		return true;
	}
	return false;
}

void ndl_os_dma_unmap(struct ndl_os_dev *dev, u64 bus, size_t len,
		      enum ndl_os_dma_dir dir)
{
	for (int i = 0; i < MAX_STREAM_MAPS; i++) {
		struct stream_map *s = &streams[i];

		if (!s->va || s->bus != bus)
			continue;
		if (s->dir != NDL_OS_DMA_TO_DEVICE)
			memcpy(s->va, bus_to_pool(bus, s->len), s->len);
		pool_free(bus_to_pool(bus, s->len), s->len);
		s->va = NULL;
		return;
	}
	ndl_os_log(NDL_LOG_ERR, "sim: DMA unmap of an address never mapped");
}

u64 ndl_os_virt_to_phys(const void *va)
{
	const u8 *p = va;

	if (dma_pool && p >= dma_pool && p < dma_pool + DMA_POOL_SIZE)
		return DMA_BUS_BASE + (u64)(p - dma_pool);
	return (u64)(uintptr_t)va;	/* identity outside the pool */
}

bool ndl_sim_dma_read(struct ndl_sim_dev *dev, uint64_t bus, void *buf,
		      size_t len)
{
	u8 *p = bus_to_pool(bus, len);

	if (p)
		memcpy(buf, p, len);
	return p != NULL;
}

bool ndl_sim_dma_write(struct ndl_sim_dev *dev, uint64_t bus, const void *buf,
		       size_t len)
{
	u8 *p = bus_to_pool(bus, len);

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

bool ndl_sim_poll_all(void)
{
	bool did = false;

	for (struct ndl_sim_dev *d = devices; d; d = d->next) {
		if (d->model->poll)
			d->model->poll(d);
		if (deliver_irq(d))
			did = true;
	}
	return did;
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

bool ndl_sim_port_access(u32 port, int size, bool write, u32 *val)
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

u32 ndl_os_port_read(u32 port, int size)
{
	u32 v = 0xffffffffu;	/* what an unclaimed ISA/PCI read returns */

	if (!ndl_sim_port_access(port, size, false, &v))
		ndl_os_log(NDL_LOG_WARN, "sim: read of an unclaimed I/O port");
	return size == 4 ? v : v & ((1u << (8 * size)) - 1);
}

void ndl_os_port_write(u32 port, int size, u32 val)
{
	if (!ndl_sim_port_access(port, size, true, &val))
		ndl_os_log(NDL_LOG_WARN, "sim: write to an unclaimed I/O port");
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

bool ndl_sim_mmio_access(const volatile void *addr, int size, bool write,
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

u64 ndl_os_mmio_read(const void __iomem *addr, int size)
{
	u64 v = 0;

	if (ndl_sim_mmio_access(addr, size, false, &v))
		return size == 8 ? v : v & ((1ull << (8 * size)) - 1);
	switch (size) {		/* ordinary memory */
	case 1: return *(const volatile u8 *)addr;
	case 2: return *(const volatile u16 *)addr;
	case 4: return *(const volatile u32 *)addr;
	default: return *(const volatile u64 *)addr;
	}
}

void ndl_os_mmio_write(void __iomem *addr, int size, u64 val)
{
	if (ndl_sim_mmio_access(addr, size, true, &val))
		return;
	switch (size) {
	case 1: *(volatile u8 *)addr = (u8)val; break;
	case 2: *(volatile u16 *)addr = (u16)val; break;
	case 4: *(volatile u32 *)addr = (u32)val; break;
	default: *(volatile u64 *)addr = val; break;
	}
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
	dev->sim->isr = isr;
	dev->sim->isr_ctx = ctx;
	return irq;
}

void ndl_os_irq_disconnect(struct ndl_os_irq *irq)
{
	if (!irq)
		return;
	irq->dev->isr = NULL;
	irq->dev->isr_ctx = NULL;
	free(irq);
}

bool ndl_os_irq_sync(struct ndl_os_irq *irq, bool (*fn)(void *ctx), void *ctx)
{
	u8 cur = ndl_os_irql_current();
	u8 old = ndl_os_irql_raise(cur > NDL_DEVICE_LEVEL ? cur :
				   NDL_DEVICE_LEVEL);
	bool r = fn(ctx);

	ndl_os_irql_lower(old);
	return r;
}
