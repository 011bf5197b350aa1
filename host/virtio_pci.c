// SPDX-License-Identifier: GPL-2.0-only
/* Whether a virtio PCI device is confined by the IOMMU (virtio_pci.h). */
#include <linux/pci_regs.h>
#include <stdio.h>

#include "virtio_pci.h"

#define VIRTIO_VENDOR		0x1af4
#define VIRTIO_DEV_FIRST	0x1000	/* 1000-103f transitional, 1040-107f modern */
#define VIRTIO_DEV_LAST		0x107f
#define VIRTIO_CAP_COMMON_CFG	1	/* virtio_pci_cap.cfg_type */
#define VIRTIO_CAP_PCI_CFG	5
#define VIRTIO_ACCESS_PLATFORM_HI (1u << (33 - 32))

static uint32_t cfg(const struct virtio_pci_access *a, uint32_t off, uint32_t len)
{
	uint32_t v = 0;

	return a->cfg_read(a->ctx, off, len, &v) ? v : 0;
}

/*
 * The common configuration's BAR and offset, and the PCI_CFG window's
 * position (0: none); false if there is no common configuration.
 */
static bool caps(const struct virtio_pci_access *a, uint8_t *bar,
		 uint32_t *offset, uint32_t *pci_cfg)
{
	uint32_t pos;
	int guard = 48;		/* a looping list ends here */
	bool common = false;

	*pci_cfg = 0;
	if (!(cfg(a, PCI_STATUS, 2) & PCI_STATUS_CAP_LIST))
		return false;
	for (pos = cfg(a, PCI_CAPABILITY_LIST, 1) & ~3u; pos >= 0x40 && guard--;
	     pos = cfg(a, pos + PCI_CAP_LIST_NEXT, 1) & ~3u) {
		uint32_t type = cfg(a, pos + 3, 1);

		if (cfg(a, pos, 1) != PCI_CAP_ID_VNDR)
			continue;
		if (type == VIRTIO_CAP_PCI_CFG && !*pci_cfg)
			*pci_cfg = pos;
		if (type == VIRTIO_CAP_COMMON_CFG && !common) {
			*bar = (uint8_t)cfg(a, pos + 4, 1);
			*offset = cfg(a, pos + 8, 4);
			common = *bar < 6;
		}
	}
	return common;
}

bool virtio_pci_confined(const struct virtio_pci_access *a, const char *addr,
			 char *err, size_t len)
{
	uint32_t ids = cfg(a, PCI_VENDOR_ID, 4), hi = 0, offset = 0, pci_cfg;
	uint16_t device = (uint16_t)(ids >> 16);
	uint8_t bar = 0;

	if ((uint16_t)ids != VIRTIO_VENDOR || device < VIRTIO_DEV_FIRST ||
	    device > VIRTIO_DEV_LAST)
		return true;
	if (!caps(a, &bar, &offset, &pci_cfg)) {
		snprintf(err, len,
			 "%s: virtio device without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible (a legacy-only virtio device, 1af4:%04x: its DMA would reach any memory of the machine); refusing",
			 addr, device);
		return false;
	}
	if (!a->features_hi(a->ctx, bar, offset, pci_cfg, &hi)) {
		snprintf(err, len,
			 "%s: virtio device 1af4:%04x: cannot read its feature bits (BAR %u), so it cannot be shown to use the IOMMU; refusing",
			 addr, device, bar);
		return false;
	}
	if (!(hi & VIRTIO_ACCESS_PLATFORM_HI)) {
		snprintf(err, len,
			 "%s: virtio device without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible (1af4:%04x does not offer feature bit 33: its DMA would reach any memory of the machine; QEMU: iommu_platform=on, which needs disable-legacy=on); refusing",
			 addr, device);
		return false;
	}
	return true;
}
