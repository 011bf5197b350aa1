/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Does a virtio PCI device's DMA go through the IOMMU? Only if it offers
 * VIRTIO_F_ACCESS_PLATFORM (feature bit 33, once IOMMU_PLATFORM): without
 * it the device (a hypervisor's emulation: QEMU's, for one) uses the
 * driver's addresses as physical ones and bypasses the IOMMU. Bit 33 lies
 * in the second feature word, which only the modern interface shows (the
 * common configuration structure, found through a vendor capability); a
 * legacy-only device has 32 feature bits and never offers it.
 *
 * Shared by ndisload-host (config space and BAR through VFIO) and the
 * helper's `bind --isolated` (config space through sysfs, the BAR through
 * the VIRTIO_PCI_CAP_PCI_CFG window), so both refuse the same devices
 * with the same words.
 */
#ifndef NDL_HOST_VIRTIO_PCI_H
#define NDL_HOST_VIRTIO_PCI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct virtio_pci_access {
	/* len bytes (1, 2, 4) of config space at off; false if unreadable */
	bool (*cfg_read)(void *ctx, uint32_t off, uint32_t len, uint32_t *val);
	/*
	 * Feature bits 32-63 from the common configuration at offset of BAR
	 * bar (device_feature_select at +0, device_feature at +4); pci_cfg is
	 * the config-space offset of the VIRTIO_PCI_CAP_PCI_CFG window (0 if
	 * none). False if they cannot be read.
	 */
	bool (*features_hi)(void *ctx, uint8_t bar, uint32_t offset,
			    uint32_t pci_cfg, uint32_t *hi);
	void *ctx;
};

/*
 * True if the device is no virtio device, or one that offers
 * ACCESS_PLATFORM; else false with why in err ("ADDR: virtio device
 * without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible ...").
 */
bool virtio_pci_confined(const struct virtio_pci_access *a, const char *addr,
			 char *err, size_t len);

#endif
