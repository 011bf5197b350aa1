// SPDX-License-Identifier: GPL-2.0-only
/*
 * bind --isolated refuses a virtio device whose DMA bypasses the IOMMU
 * (host/virtio_pci.h), before anything is touched. Config space through
 * sysfs (root reads all of it); the second feature word through the
 * virtio VIRTIO_PCI_CAP_PCI_CFG window in config space, so no BAR is
 * mapped and the device may stay with its Linux driver meanwhile
 * (selecting a feature word changes nothing else).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "host/virtio_pci.h"
#include "lib/fsutil.h"
#include "lib/paths.h"
#include "sys/isolated.h"

static bool cfg_read(void *ctx, uint32_t off, uint32_t len, uint32_t *val)
{
	*val = 0;
	return pread(*(int *)ctx, val, len, off) == (ssize_t)len;
}

static bool cfg_write(int fd, uint32_t off, uint32_t len, uint32_t val)
{
	return pwrite(fd, &val, len, off) == (ssize_t)len;
}

/* virtio_pci_cfg_cap: bar +4, offset +8, length +12, pci_cfg_data +16. */
static bool features_hi(void *ctx, uint8_t bar, uint32_t offset,
			uint32_t pci_cfg, uint32_t *hi)
{
	int fd = *(int *)ctx;

	*hi = 0;
	return pci_cfg &&
	       cfg_write(fd, pci_cfg + 4, 1, bar) &&
	       cfg_write(fd, pci_cfg + 12, 4, 4) &&
	       cfg_write(fd, pci_cfg + 8, 4, offset) &&
	       cfg_write(fd, pci_cfg + 16, 4, 1) &&	/* device_feature_select */
	       cfg_write(fd, pci_cfg + 8, 4, offset + 4) &&
	       cfg_read(ctx, pci_cfg + 16, 4, hi);	/* device_feature */
}

int iso_virtio_check(const char *dev, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], why[512];
	int fd = -1;
	const struct virtio_pci_access a = { cfg_read, features_hi, &fd };
	bool ok;

	/* Other vendors' devices: nothing to check, config space unopened. */
	if (!ndl_path(path, sizeof(path), "/sys/bus/pci/devices/%s/vendor", dev) ||
	    !fs_read_line(path, why, sizeof(why)) || strtoul(why, NULL, 16) != 0x1af4)
		return 0;
	if (!ndl_path(path, sizeof(path), "/sys/bus/pci/devices/%s/config", dev))
		return ndl_fail(err, NDL_E_INVALID, "bad device address %s", dev);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return ndl_fail(err, NDL_E_NOT_FOUND, "%s: no PCI config space (%s)", dev, path);
	ok = virtio_pci_confined(&a, dev, why, sizeof(why));
	close(fd);
	if (ok)
		return 0;
	ndl_fail(err, NDL_E_INVALID, "%s", why);
	return ndl_hint(err, "run the device's driver in the kernel (bind without --isolated), or give the virtual machine a virtio device with ACCESS_PLATFORM (QEMU: disable-legacy=on,iommu_platform=on) and a driver for its modern interface");
}
