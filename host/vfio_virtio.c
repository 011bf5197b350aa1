// SPDX-License-Identifier: GPL-2.0-only
/*
 * The virtio check (virtio_pci.h) on a device opened through VFIO: config
 * space through its region, the feature word through the BAR's region,
 * before the driver runs (selecting a feature word changes nothing else).
 */
#include <unistd.h>

#include "vfio.h"
#include "virtio_pci.h"

static bool cfg_read(void *ctx, uint32_t off, uint32_t len, uint32_t *val)
{
	*val = 0;
	return ndl_os_pci_config_read(ctx, off, val, len) == len;
}

static bool features_hi(void *ctx, uint8_t bar, uint32_t offset,
			uint32_t pci_cfg, uint32_t *hi)
{
	struct ndl_os_dev *d = ctx;
	const struct vfio_bar *b = &d->bars[bar];
	uint32_t select = 1;
	off_t at = (off_t)(b->offset + offset);

	(void)pci_cfg;
	if (!b->size || b->io || (uint64_t)offset + 8 > b->size)
		return false;
	return pwrite(d->fd, &select, 4, at) == 4 &&
	       pread(d->fd, hi, 4, at + 4) == 4;
}

bool vfio_virtio_confined(struct ndl_os_dev *d, char *err, size_t len)
{
	const struct virtio_pci_access a = { cfg_read, features_hi, d };

	return virtio_pci_confined(&a, d->addr, err, len);
}
