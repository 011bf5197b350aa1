/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A PCI function as the runtime sees it (struct ndl_os_dev, opaque in
 * os.h): the pci_dev, its DMA addressing width, its I/O port ranges
 * (ports a driver may touch) and the message interrupts it was granted.
 * Owned by the bound device (adapter.h).
 */
#ifndef NDL_LINUX_DEV_H
#define NDL_LINUX_DEV_H

#include <linux/pci.h>
#include <linux/rculist.h>
#include <linux/spinlock.h>

struct ndl_port_range {
	u32 start;
	u32 len;
};

struct ndl_os_dev {
	struct pci_dev *pdev;
	raw_spinlock_t dma_lock;	/* dma_bits and the DMA mask */
	int dma_bits;			/* current mask width: 32 or 64 */
	bool dma64_used;		/* the miniport asked for 64-bit DMA */
	struct ndl_port_range ports[PCI_STD_NUM_BARS];
	int nports;
	struct list_head port_link;	/* ndl_port_devs, RCU */
	u32 nmsgs;			/* MSI-X or MSI vectors allocated */
	int *msg_irqs;			/* their Linux IRQs, looked up once */
};

/* os_dev.c; ndl_port_devs lists (RCU) the devices with I/O ports. */
extern struct list_head ndl_port_devs;
int ndl_os_dev_init(struct ndl_os_dev *dev, struct pci_dev *pdev);
void ndl_os_dev_uninit(struct ndl_os_dev *dev);
/*
 * Before the miniport starts: up to limit MSI-X (else MSI) vectors for the
 * device; how many it got, 0 when it keeps its line (said in the log).
 */
u32 ndl_os_dev_msg_alloc(struct ndl_os_dev *dev, u32 limit);
/*
 * Message msg's Linux IRQ, or -EINVAL. Unlike pci_irq_vector (which takes
 * the MSI descriptors' mutex) it never sleeps: the runtime asks from
 * driver stacks, where preemption is off.
 */
int ndl_os_dev_msg_irq(struct ndl_os_dev *dev, u32 msg);

#endif
