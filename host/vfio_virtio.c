// SPDX-License-Identifier: GPL-2.0-only
/*
 * A virtio device is confined by the IOMMU only if it offers
 * VIRTIO_F_ACCESS_PLATFORM (feature bit 33, once IOMMU_PLATFORM): without
 * it the device (a hypervisor's emulation: QEMU's, for one) uses the
 * driver's addresses as physical ones and bypasses the IOMMU, so the
 * pool's IOVAs reach the wrong memory and nothing stops the device from
 * writing anywhere. Such a device cannot be isolated and is refused.
 *
 * Bit 33 lies in the second feature word, which only the modern
 * interface shows (the common configuration structure, found through a
 * vendor capability); a legacy-only device has 32 feature bits and never
 * offers it. Its device features are read through the BAR's VFIO region
 * before the driver runs: selecting a feature word changes nothing else.
 */
#include <linux/pci_regs.h>
#include <stdio.h>
#include <unistd.h>

#include "vfio.h"

#define VIRTIO_VENDOR		0x1af4
#define VIRTIO_DEV_FIRST	0x1000	/* 1000-103f transitional, 1040-107f modern */
#define VIRTIO_DEV_LAST		0x107f
#define VIRTIO_CAP_COMMON_CFG	1	/* virtio_pci_cap.cfg_type */
#define VIRTIO_ACCESS_PLATFORM_HI (1u << (33 - 32))

static u32 cfg(struct ndl_os_dev *d, u32 off, u32 len)
{
	u32 v = 0;

	if (ndl_os_pci_config_read(d, off, &v, len) != len)
		return 0;
	return v;
}

/* The common configuration's BAR and offset; false if none (legacy only). */
static bool common_cfg(struct ndl_os_dev *d, u8 *bar, u32 *offset)
{
	u32 pos;
	int guard = 48;		/* a looping list ends here */

	if (!(cfg(d, PCI_STATUS, 2) & PCI_STATUS_CAP_LIST))
		return false;
	for (pos = cfg(d, PCI_CAPABILITY_LIST, 1) & ~3u; pos >= 0x40 && guard--;
	     pos = cfg(d, pos + PCI_CAP_LIST_NEXT, 1) & ~3u) {
		if (cfg(d, pos, 1) != PCI_CAP_ID_VNDR ||
		    cfg(d, pos + 3, 1) != VIRTIO_CAP_COMMON_CFG)
			continue;
		*bar = (u8)cfg(d, pos + 4, 1);
		*offset = cfg(d, pos + 8, 4);
		return *bar < 6;
	}
	return false;
}

/* Feature bits 32-63 the device offers; false if they cannot be read. */
static bool features_hi(struct ndl_os_dev *d, u8 bar, u32 offset, u32 *hi)
{
	const struct vfio_bar *b = &d->bars[bar];
	u32 select = 1;
	off_t at = (off_t)(b->offset + offset);

	/* device_feature_select at +0, device_feature at +4 */
	if (!b->size || b->io || (u64)offset + 8 > b->size)
		return false;
	return pwrite(d->fd, &select, 4, at) == 4 &&
	       pread(d->fd, hi, 4, at + 4) == 4;
}

bool vfio_virtio_confined(struct ndl_os_dev *d, char *err, size_t len)
{
	u32 ids = cfg(d, PCI_VENDOR_ID, 4), hi = 0, offset = 0;
	u16 device = (u16)(ids >> 16);
	u8 bar = 0;

	if ((u16)ids != VIRTIO_VENDOR || device < VIRTIO_DEV_FIRST ||
	    device > VIRTIO_DEV_LAST)
		return true;
	if (!common_cfg(d, &bar, &offset)) {
		snprintf(err, len,
			 "%s: virtio device without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible (a legacy-only virtio device, 1af4:%04x: its DMA would reach any memory of the machine); refusing",
			 d->addr, device);
		return false;
	}
	if (!features_hi(d, bar, offset, &hi)) {
		snprintf(err, len,
			 "%s: virtio device 1af4:%04x: cannot read its feature bits (BAR %u), so it cannot be shown to use the IOMMU; refusing",
			 d->addr, device, bar);
		return false;
	}
	if (!(hi & VIRTIO_ACCESS_PLATFORM_HI)) {
		snprintf(err, len,
			 "%s: virtio device without ACCESS_PLATFORM bypasses the IOMMU: isolation impossible (1af4:%04x does not offer feature bit 33: its DMA would reach any memory of the machine; QEMU: iommu_platform=on, which needs disable-legacy=on); refusing",
			 d->addr, device);
		return false;
	}
	return true;
}
