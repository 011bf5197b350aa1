/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The VFIO device backend of the user host (module/user/host.h) for
 * ndisload-host: one PCI function owned through its VFIO group, its BARs,
 * config space and interrupts (INTx, or MSI-X/MSI messages), its DMA
 * confined by the IOMMU to the host's DMA pool (module/user/dma_pool.c),
 * whose bus addresses are the IOVAs.
 */
#ifndef NDL_HOST_VFIO_H
#define NDL_HOST_VFIO_H

#include <poll.h>
#include <stddef.h>

#include "host.h"

/*
 * Open the PCI function ADDR (e.g. 0000:00:03.0) through /dev/vfio: refuse
 * a machine without an IOMMU, a no-IOMMU group, a group that is not
 * viable, a device not bound to vfio-pci, a virtio device that bypasses
 * the IOMMU (vfio_virtio_confined). Resets the device, maps the DMA
 * pool for it, enables memory, I/O and bus mastering. NULL with why in err,
 * and *refused set when the device cannot be isolated on this machine at
 * all (no restart would help: NDL_HOST_EXIT_REFUSED).
 */
struct ndl_os_dev *vfio_open(const char *addr, char *err, size_t errlen,
			     bool *refused);
void vfio_close(struct ndl_os_dev *dev);
/* Message interrupts the host offers at most (the runtime's limit too). */
#define VFIO_MAX_MSGS	64
/* Eventfds the device's interrupts signal, at most. */
#define VFIO_MAX_POLL	(VFIO_MAX_MSGS + 1)
/*
 * The eventfds the device's connected interrupts signal (the line, or its
 * messages) into p, POLLIN each: how many, at most max.
 */
int vfio_irq_pollfds(const struct ndl_os_dev *dev, struct pollfd *p, int max);
/*
 * Offer the miniport up to limit message interrupts (MSI-X, else MSI)
 * instead of the line, before it starts: how many the device took (0: it
 * keeps the line; the log says why).
 */
u32 vfio_msg_offer(struct ndl_os_dev *dev, u32 limit);
/* Run the ISR of each message that fired; whether any did. */
bool vfio_msg_poll(struct ndl_os_dev *dev);
/* ndl_os_irq_disconnect of a message's connection. */
void vfio_msg_disconnect(struct ndl_os_irq *irq);
/*
 * VFIO_DEVICE_SET_IRQS: action on count interrupts of index, each signalling
 * fds[i] (at most VFIO_MAX_MSGS); fds NULL: no eventfds (unmask, disable).
 */
int vfio_irq_set(struct ndl_os_dev *d, u32 index, u32 action, u32 count,
		 const int *fds);
/* The device request channel (hot-unplug): its eventfd in dev->req_fd. */
void vfio_req_connect(struct ndl_os_dev *dev);
/* Whether the kernel asked for the device back since the last call. */
bool vfio_req_pending(const struct ndl_os_dev *dev);

/*
 * Whether a virtio device's DMA goes through the IOMMU (it offers
 * VIRTIO_F_ACCESS_PLATFORM); true for any other device. False with why
 * in err. Needs the BARs read and memory decoding on.
 */
bool vfio_virtio_confined(struct ndl_os_dev *dev, char *err, size_t errlen);

/* Internal to host/vfio*.c. */
struct vfio_bar {
	u64 base;		/* bus address, or first port */
	u64 size;
	u64 offset;		/* region offset in the device file */
	u32 flags;		/* VFIO_REGION_INFO_FLAG_* */
	bool io;
};

/* A connected interrupt: the line (msg -1) or message msg. */
struct ndl_os_irq {
	struct ndl_os_dev *dev;
	int msg;
	bool (*isr)(void *ctx);
	void *ctx;
};

struct ndl_os_dev {
	int container, group, fd;
	char addr[32];
	struct vfio_bar bars[6];
	u64 cfg_offset, cfg_size;
	u8 irq_line;
	int irq_fd;
	int req_fd;		/* the kernel wants the device back (vfio_req_*) */
	bool (*isr)(void *ctx);
	void *isr_ctx;
	/* Message interrupts (vfio_msi.c): eventfds while granted. */
	u32 nmsgs;
	u32 msg_index;		/* VFIO_PCI_MSIX_IRQ_INDEX or _MSI_ */
	int msg_fds[VFIO_MAX_MSGS];
	struct ndl_os_irq *msg_irq[VFIO_MAX_MSGS];
};
struct ndl_os_dev *vfio_the_dev(void);	/* the one device (fd -1: none) */

#endif
