// SPDX-License-Identifier: GPL-2.0-only
/*
 * Port and memory-mapped I/O for the runtime (os.h: port I/O, MMIO). A
 * driver may only touch the I/O ports and memory BARs of devices bound to
 * ndisload: anything else is refused and logged (reads return all ones,
 * as a missing device would), so a confused driver cannot poke at the
 * interrupt controller or someone else's card.
 */
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/rculist.h>

#include "ndl.h"
#include "dev.h"
#include "fpu.h"
#include "stats.h"
#include "core/os.h"

static bool ndl_port_allowed(u32 port, int size)
{
	struct ndl_os_dev *dev;
	bool ok = false;
	int i;

	if (size != 1 && size != 2 && size != 4)
		return false;
	rcu_read_lock();
	list_for_each_entry_rcu(dev, &ndl_port_devs, port_link)
		for (i = 0; i < dev->nports && !ok; i++)
			ok = port >= dev->ports[i].start &&
			     port - dev->ports[i].start + size <= dev->ports[i].len;
	rcu_read_unlock();
	if (!ok)
		pr_err_ratelimited("driver accessed I/O port %#x (size %d) outside its devices: refused\n",
				   port, size);
	return ok;
}

u32 ndl_os_port_read(u32 port, int size)
{
	if (!ndl_port_allowed(port, size))
		return ~0u;
	switch (size) {
	case 1:
		return inb(port);
	case 2:
		return inw(port);
	default:
		return inl(port);
	}
}

void ndl_os_port_write(u32 port, int size, u32 val)
{
	if (!ndl_port_allowed(port, size))
		return;
	switch (size) {
	case 1:
		outb(val, port);
		break;
	case 2:
		outw(val, port);
		break;
	default:
		outl(val, port);
		break;
	}
}

static bool ndl_in_mem_bar(struct pci_dev *pdev, u64 bus_addr, size_t len)
{
	int bar;

	for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
		resource_size_t start = pci_resource_start(pdev, bar);

		if ((pci_resource_flags(pdev, bar) & IORESOURCE_MEM) &&
		    len && bus_addr >= start &&
		    bus_addr - start + len <= pci_resource_len(pdev, bar))
			return true;
	}
	return false;
}

/*
 * The device whose memory BAR holds the range, referenced: dev's own, or
 * (MmMapIoSpace names no device) any bound device's.
 */
static struct pci_dev *ndl_mmio_owner(struct ndl_os_dev *dev, u64 bus_addr,
				      size_t len)
{
	struct pci_dev *found = NULL;
	struct ndl_os_dev *d;

	if (dev)
		return ndl_in_mem_bar(dev->pdev, bus_addr, len) ?
		       pci_dev_get(dev->pdev) : NULL;
	rcu_read_lock();
	list_for_each_entry_rcu(d, &ndl_port_devs, port_link) {
		if (ndl_in_mem_bar(d->pdev, bus_addr, len)) {
			found = pci_dev_get(d->pdev);
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

void *ndl_os_mmio_map(struct ndl_os_dev *dev, u64 bus_addr, size_t len)
{
	struct pci_dev *pdev = ndl_mmio_owner(dev, bus_addr, len);
	void __iomem *va = NULL;

	if (!pdev) {
		pr_err("%s: driver mapped %#llx+%#zx, outside %s memory BARs: refused\n",
		       dev ? pci_name(dev->pdev) : "ndisload", bus_addr, len,
		       dev ? "the device's" : "its devices'");
		return NULL;
	}
	ndl_fpu_pause();
	va = ioremap(bus_addr, len);
	ndl_fpu_resume();
	pci_dev_put(pdev);
	if (va)
		atomic64_inc(&ndl_stats.mmio_live);
	return (void __force *)va;
}

void ndl_os_mmio_unmap(void *va, size_t len)
{
	if (!va)
		return;
	ndl_fpu_pause();
	iounmap((void __iomem __force *)va);
	ndl_fpu_resume();
	atomic64_dec(&ndl_stats.mmio_live);
}

u64 ndl_os_mmio_read(const void __iomem *addr, int size)
{
	switch (size) {
	case 1:
		return readb(addr);
	case 2:
		return readw(addr);
	case 4:
		return readl(addr);
	default:
		return readq(addr);
	}
}

void ndl_os_mmio_write(void __iomem *addr, int size, u64 val)
{
	switch (size) {
	case 1:
		writeb(val, addr);
		break;
	case 2:
		writew(val, addr);
		break;
	case 4:
		writel(val, addr);
		break;
	default:
		writeq(val, addr);
		break;
	}
}
