// SPDX-License-Identifier: GPL-2.0-only
/*
 * Message-signalled interrupts of the VFIO backend (os.h). The host offers
 * them before the miniport starts (vfio_msg_offer: main.c decides when, as
 * Windows does); VFIO then enables MSI-X (else MSI) with one eventfd per
 * message, and the loop runs a message's ISR when its eventfd is readable.
 * Unlike the line, a message needs no unmask after it: it is an edge.
 *
 * The process never sees a message's real address and data: the kernel
 * programs them, through the IOMMU's interrupt remapping, and VFIO hides
 * them (the MSI capability is virtualized, the MSI-X table is not mapped
 * for us). ndl_os_dev_msg_info reports address 0 and the message number as
 * data and vector; a miniport that programs its messages itself would
 * need more than that, and none of the kind we run does.
 *
 * One thread runs every ISR here, each at DEVICE_LEVEL: the ISRs exclude
 * each other and ndl_os_irq_sync without a lock, so lock_with needs
 * nothing.
 */
#include <errno.h>
#include <linux/vfio.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "vfio.h"

static const char *index_name(u32 index)
{
	return index == VFIO_PCI_MSIX_IRQ_INDEX ? "MSI-X" : "MSI";
}

static u32 index_count(struct ndl_os_dev *d, u32 index)
{
	struct vfio_irq_info info = { .argsz = sizeof(info), .index = index };

	return ioctl(d->fd, VFIO_DEVICE_GET_IRQ_INFO, &info) ? 0 : info.count;
}

static void close_fds(struct ndl_os_dev *d, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		close(d->msg_fds[i]);
		d->msg_fds[i] = -1;
	}
}

/* The outcome goes to the log (stderr) whatever it is: the user asked. */
u32 vfio_msg_offer(struct ndl_os_dev *d, u32 limit)
{
	u32 index = VFIO_PCI_MSIX_IRQ_INDEX, n = index_count(d, index), i;
	int err;

	if (!n) {
		index = VFIO_PCI_MSI_IRQ_INDEX;
		n = index_count(d, index);
	}
	if (!n) {
		fprintf(stderr, "ndisload-host: %s: no MSI or MSI-X capability: the miniport gets the interrupt line\n",
			d->addr);
		return 0;
	}
	if (n > limit)
		n = limit;
	if (n > VFIO_MAX_MSGS)
		n = VFIO_MAX_MSGS;
	for (i = 0; i < n; i++) {
		d->msg_fds[i] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		if (d->msg_fds[i] < 0)
			break;
	}
	err = i < n ? -errno : vfio_irq_set(d, index,
					      VFIO_IRQ_SET_ACTION_TRIGGER, n,
					      d->msg_fds);
	if (err) {
		close_fds(d, i);
		fprintf(stderr, "ndisload-host: %s: no message interrupts (%s): the miniport gets the interrupt line\n",
			d->addr, strerror(-err));
		return 0;
	}
	d->nmsgs = n;
	d->msg_index = index;
	fprintf(stderr, "ndisload-host: %s: %u %s message interrupt(s) for the miniport\n",
		d->addr, n, index_name(index));
	return n;
}

u32 ndl_os_dev_msg_count(struct ndl_os_dev *dev)
{
	return dev->nmsgs;
}

bool ndl_os_dev_msg_info(struct ndl_os_dev *dev, u32 msg,
			 struct ndl_os_msg_info *info)
{
	if (msg >= dev->nmsgs)
		return false;
	*info = (struct ndl_os_msg_info){ .address = 0, .data = msg,
					  .vector = msg, .cpus = 1 };
	return true;
}

struct ndl_os_irq *ndl_os_irq_connect_msg(struct ndl_os_dev *dev, u32 msg,
					  struct ndl_os_irq *lock_with,
					  bool (*isr)(void *ctx), void *ctx)
{
	struct ndl_os_irq *irq;

	if (msg >= dev->nmsgs || dev->msg_irq[msg])
		return NULL;
	irq = calloc(1, sizeof(*irq));
	if (!irq)
		return NULL;
	*irq = (struct ndl_os_irq){ dev, (int)msg, isr, ctx };
	dev->msg_irq[msg] = irq;
	return irq;
}

void vfio_msg_disconnect(struct ndl_os_irq *irq)
{
	uint64_t count;

	irq->dev->msg_irq[irq->msg] = NULL;
	/* A message that fired meanwhile is nobody's now. */
	while (read(irq->dev->msg_fds[irq->msg], &count, sizeof(count)) > 0)
		;
	free(irq);
}

bool vfio_msg_poll(struct ndl_os_dev *d)
{
	bool any = false;

	for (u32 i = 0; i < d->nmsgs; i++) {
		struct ndl_os_irq *irq = d->msg_irq[i];
		uint64_t count;
		u8 old;

		if (!irq || read(d->msg_fds[i], &count, sizeof(count)) !=
			    sizeof(count))
			continue;
		old = ndl_os_irql_raise(NDL_DEVICE_LEVEL);
		irq->isr(irq->ctx);
		ndl_os_irql_lower(old);
		any = true;
	}
	return any;
}

void ndl_os_dev_msg_release(struct ndl_os_dev *dev)
{
	if (!dev->nmsgs)
		return;
	vfio_irq_set(dev, dev->msg_index, VFIO_IRQ_SET_ACTION_TRIGGER, 0, NULL);
	close_fds(dev, dev->nmsgs);
	memset(dev->msg_irq, 0, sizeof(dev->msg_irq));
	dev->nmsgs = 0;
}
