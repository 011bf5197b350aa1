// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PCI function's resources, identity and configuration space for the
 * runtime (os.h: devices). The resource list is what the miniport gets
 * from NdisMQueryAdapterResources: every I/O and memory BAR, then the
 * interrupt line, or instead one entry per message when the device was
 * granted message interrupts (ndl_os_dev_msg_alloc: only for NDIS 6
 * miniports whose .inf sets MSISupported, as Windows does; msi.c). NDIS
 * 5.x miniports use line-based, shareable interrupts.
 */
#include <linux/irq.h>
#include <linux/msi.h>
#include <linux/pci.h>
#include <linux/rculist.h>
#include <linux/spinlock.h>

#include "ndl.h"
#include "dev.h"
#include "fpu.h"
#include "stack.h"
#include "core/os.h"

/* Devices with I/O ports, for ndl_os_port_read/write (os_io.c). */
LIST_HEAD(ndl_port_devs);
static DEFINE_SPINLOCK(ndl_port_devs_lock);

int ndl_os_dev_init(struct ndl_os_dev *dev, struct pci_dev *pdev)
{
	int bar;

	dev->pdev = pdev;
	raw_spin_lock_init(&dev->dma_lock);
	dev->dma_bits = 32;
	dev->nports = 0;
	for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
		if (!(pci_resource_flags(pdev, bar) & IORESOURCE_IO) ||
		    !pci_resource_len(pdev, bar))
			continue;
		dev->ports[dev->nports].start = pci_resource_start(pdev, bar);
		dev->ports[dev->nports].len = pci_resource_len(pdev, bar);
		dev->nports++;
	}
	spin_lock(&ndl_port_devs_lock);
	list_add_rcu(&dev->port_link, &ndl_port_devs);
	spin_unlock(&ndl_port_devs_lock);
	return dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
}

/* Expedited when asked for (rcu_expedited): an on-stack work item. */
static long ndl_synchronize_rcu_on_task(void *unused)
{
	synchronize_rcu();
	return 0;
}

void ndl_os_dev_uninit(struct ndl_os_dev *dev)
{
	ndl_os_dev_msg_release(dev);
	spin_lock(&ndl_port_devs_lock);
	list_del_rcu(&dev->port_link);
	spin_unlock(&ndl_port_devs_lock);
	ndl_stack_on_task(ndl_synchronize_rcu_on_task, NULL);
}

int ndl_os_dev_resources(struct ndl_os_dev *dev, struct ndl_os_resource *res,
			 int max)
{
	struct pci_dev *pdev = dev->pdev;
	int bar, n = 0;

	for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
		unsigned long flags = pci_resource_flags(pdev, bar);
		struct ndl_os_resource r = { .bar = bar };

		if (!pci_resource_len(pdev, bar))
			continue;
		if (flags & IORESOURCE_IO) {
			r.kind = NDL_OS_RES_PORT;
		} else if (flags & IORESOURCE_MEM) {
			r.kind = NDL_OS_RES_MEM;
			if (flags & IORESOURCE_PREFETCH)
				r.flags |= NDL_OS_RES_PREFETCH;
		} else {
			continue;
		}
		r.start = pci_resource_start(pdev, bar);
		r.length = pci_resource_len(pdev, bar);
		if (n < max)
			res[n] = r;
		n++;
	}
	if (dev->nmsgs) {	/* the messages replace the line */
		u32 i;

		for (i = 0; i < dev->nmsgs; i++, n++)
			if (n < max)
				res[n] = (struct ndl_os_resource){
					.kind = NDL_OS_RES_IRQ,
					.start = dev->msg_irqs[i],
					.length = 1,
					.flags = NDL_OS_RES_IRQ_MSI,
				};
	} else if (pdev->irq) {
		if (n < max)
			res[n] = (struct ndl_os_resource){
				.kind = NDL_OS_RES_IRQ,
				.start = pdev->irq,
				.length = 1,
				.flags = NDL_OS_RES_IRQ_SHARED,
			};
		n++;
	}
	return n;
}

u32 ndl_os_dev_msg_alloc(struct ndl_os_dev *dev, u32 limit)
{
	struct pci_dev *pdev = dev->pdev;
	int i, n;

	if (!pdev->msix_cap && !pdev->msi_cap) {
		dev_info(&pdev->dev, "ndisload: no MSI or MSI-X capability: the miniport gets the interrupt line\n");
		return 0;
	}
	ndl_fpu_pause();
	n = pci_alloc_irq_vectors(pdev, 1, max(limit, 1u),
				  PCI_IRQ_MSIX | PCI_IRQ_MSI);
	if (n > 0) {
		dev->msg_irqs = kcalloc(n, sizeof(*dev->msg_irqs), GFP_KERNEL);
		for (i = 0; dev->msg_irqs && i < n; i++)
			dev->msg_irqs[i] = pci_irq_vector(pdev, i);
		if (!dev->msg_irqs) {
			pci_free_irq_vectors(pdev);
			n = -ENOMEM;
		}
	}
	ndl_fpu_resume();
	if (n < 0) {
		dev_info(&pdev->dev, "ndisload: no message interrupts (%d): the miniport gets the interrupt line\n",
			 n);
		return 0;
	}
	dev->nmsgs = n;
	dev_info(&pdev->dev, "ndisload: %d %s message interrupt(s) for the miniport\n",
		 n, pdev->msix_enabled ? "MSI-X" : "MSI");
	return dev->nmsgs;
}

int ndl_os_dev_msg_irq(struct ndl_os_dev *dev, u32 msg)
{
	return msg < dev->nmsgs ? dev->msg_irqs[msg] : -EINVAL;
}

u32 ndl_os_dev_msg_count(struct ndl_os_dev *dev)
{
	return dev->nmsgs;
}

bool ndl_os_dev_msg_info(struct ndl_os_dev *dev, u32 msg,
			 struct ndl_os_msg_info *info)
{
	struct msi_msg m = { 0 };
	const struct cpumask *cpus;
	int irq;

	irq = ndl_os_dev_msg_irq(dev, msg);
	if (irq < 0)
		return false;
	get_cached_msi_msg(irq, &m);
	info->address = (u64)m.address_hi << 32 | m.address_lo;
	info->data = m.data;
	info->vector = irq;
	cpus = irq_get_affinity_mask(irq);
	info->cpus = cpus ? cpumask_bits(cpus)[0] : 1;
	return true;
}

void ndl_os_dev_msg_release(struct ndl_os_dev *dev)
{
	if (!dev->nmsgs)
		return;
	ndl_fpu_pause();
	pci_free_irq_vectors(dev->pdev);
	kfree(dev->msg_irqs);
	ndl_fpu_resume();
	dev->msg_irqs = NULL;
	dev->nmsgs = 0;
}

void ndl_os_dev_pci_id(struct ndl_os_dev *dev, struct ndl_os_pci_id *id)
{
	struct pci_dev *pdev = dev->pdev;

	id->vendor = pdev->vendor;
	id->device = pdev->device;
	id->subvendor = pdev->subsystem_vendor;
	id->subdevice = pdev->subsystem_device;
	id->revision = pdev->revision;
	id->class_code = pdev->class;
	id->bus = pdev->bus->number;
	id->slot = PCI_SLOT(pdev->devfn);
	id->function = PCI_FUNC(pdev->devfn);
}

/* Config space, in the widest aligned accesses that fit. */
u32 ndl_os_pci_config_read(struct ndl_os_dev *dev, u32 off, void *buf,
			   u32 len)
{
	struct pci_dev *pdev = dev->pdev;
	u8 *p = buf;
	u32 done = 0;

	if (off >= pdev->cfg_size)
		return 0;
	len = min(len, pdev->cfg_size - off);
	while (done < len) {
		u32 at = off + done, v;

		if (!(at & 3) && len - done >= 4) {
			pci_read_config_dword(pdev, at, &v);
			memcpy(p + done, &v, 4);
			done += 4;
		} else if (!(at & 1) && len - done >= 2) {
			u16 w;

			pci_read_config_word(pdev, at, &w);
			memcpy(p + done, &w, 2);
			done += 2;
		} else {
			u8 b;

			pci_read_config_byte(pdev, at, &b);
			p[done++] = b;
		}
	}
	return done;
}

u32 ndl_os_pci_config_write(struct ndl_os_dev *dev, u32 off, const void *buf,
			    u32 len)
{
	struct pci_dev *pdev = dev->pdev;
	const u8 *p = buf;
	u32 done = 0;

	if (off >= pdev->cfg_size)
		return 0;
	len = min(len, pdev->cfg_size - off);
	while (done < len) {
		u32 at = off + done, v;

		if (!(at & 3) && len - done >= 4) {
			memcpy(&v, p + done, 4);
			pci_write_config_dword(pdev, at, v);
			done += 4;
		} else if (!(at & 1) && len - done >= 2) {
			u16 w;

			memcpy(&w, p + done, 2);
			pci_write_config_word(pdev, at, w);
			done += 2;
		} else {
			pci_write_config_byte(pdev, at, p[done++]);
		}
	}
	return done;
}
