/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The VFIO device backend of the user host (module/user/host.h) for
 * ndisload-host: one PCI function owned through its VFIO group, its BARs,
 * config space and INTx, its DMA confined by the IOMMU to the host's DMA
 * pool (module/user/dma_pool.c), whose bus addresses are the IOVAs.
 */
#ifndef NDL_HOST_VFIO_H
#define NDL_HOST_VFIO_H

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
/* The eventfd the device's interrupt signals (-1: none connected). */
int vfio_irq_fd(const struct ndl_os_dev *dev);
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
};
struct ndl_os_dev *vfio_the_dev(void);	/* the one device (fd -1: none) */

#endif
