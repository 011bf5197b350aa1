// SPDX-License-Identifier: GPL-2.0-only
/* Whether an IOMMU group can be isolated (iommu_group.h). */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "iommu_group.h"

void pci_driver_name(const char *sys, const char *addr, char *out, size_t len)
{
	char path[PATH_MAX], target[PATH_MAX];
	const char *base;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/driver", sys, addr);
	n = readlink(path, target, sizeof(target) - 1);
	target[n < 0 ? 0 : n] = 0;
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (strlen(base) >= len)
		base = "?";
	memcpy(out, base, strlen(base) + 1);
}

bool iommu_group_viable(const char *sys, const char *group, const char *addr,
			char *err, size_t len)
{
	char path[PATH_MAX], drv[64], others[256] = "";
	size_t at = 0, n = 0;
	struct dirent *e;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/kernel/iommu_groups/%s/devices", sys,
		 group);
	dir = opendir(path);
	while (dir && (e = readdir(dir))) {
		if (e->d_name[0] == '.' || !strcmp(e->d_name, addr))
			continue;
		pci_driver_name(sys, e->d_name, drv, sizeof(drv));
		if (!*drv || !strcmp(drv, "vfio-pci"))
			continue;
		n++;
		if (at < sizeof(others))
			at += (size_t)snprintf(others + at, sizeof(others) - at,
					       "%s%s (%s)", at ? ", " : "",
					       e->d_name, drv);
	}
	if (dir)
		closedir(dir);
	if (!n)
		return true;
	snprintf(err, len,
		 "IOMMU group %s of %s is not viable: the IOMMU cannot tell its devices apart, and %s %s Linux's: every device in the group must be bound to vfio-pci or to no driver (unbind %s first); refusing",
		 group, addr, others, n > 1 ? "are" : "is", n > 1 ? "them" : "it");
	return false;
}
