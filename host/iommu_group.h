/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Can an IOMMU group be given to one process? Only when no device of it
 * is held by a Linux driver other than vfio-pci: the IOMMU cannot tell
 * the group's devices apart, so VFIO calls such a group not viable.
 * Shared by ndisload-host (at each start) and the helper's `bind
 * --isolated` and `load` (before anything is touched), so both refuse the
 * same groups with the same words. SYS is the sysfs mount ("/sys", or a
 * test's tree).
 */
#ifndef NDL_HOST_IOMMU_GROUP_H
#define NDL_HOST_IOMMU_GROUP_H

#include <stdbool.h>
#include <stddef.h>

/*
 * False, with why in err, when another device of ADDR's group GROUP is
 * bound to a driver other than vfio-pci (ADDR's own driver does not
 * count: it is about to be replaced).
 */
bool iommu_group_viable(const char *sys, const char *group, const char *addr,
			char *err, size_t len);

/* The name of the driver bound to PCI function ADDR ("" if none, "?" if too long). */
void pci_driver_name(const char *sys, const char *addr, char *out, size_t len);

#endif
