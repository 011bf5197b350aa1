// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control devices in the user host (os.h: ndl_os_ctldev_add/remove): a
 * table of what the runtime exposed, by name, which tests open through
 * ndl_hostdev_open as the kernel's character device does. The host's
 * reference on each is dropped when it is removed.
 */
#include <stdio.h>
#include <string.h>

#include "host.h"
#include "core/rt.h"
#include "nt/nt_io.h"

#define NDL_USER_CTLDEVS 16

static struct {
	struct ndl_hostdev *hd;
	char name[NDL_HOSTDEV_NAME_MAX];
} devs[NDL_USER_CTLDEVS];

int ndl_os_ctldev_add(struct ndl_hostdev *hd, const char *name)
{
	for (int i = 0; i < NDL_USER_CTLDEVS; i++) {
		if (devs[i].hd)
			continue;
		ndl_hostdev_get(hd);
		devs[i].hd = hd;
		snprintf(devs[i].name, sizeof(devs[i].name), "%s", name);
		return 0;
	}
	return -NDL_ENOSPC;
}

void ndl_os_ctldev_remove(struct ndl_hostdev *hd)
{
	for (int i = 0; i < NDL_USER_CTLDEVS; i++) {
		if (devs[i].hd != hd)
			continue;
		devs[i].hd = NULL;
		devs[i].name[0] = 0;
		ndl_hostdev_put(hd);
	}
}

struct ndl_hostdev *ndl_user_ctldev(const char *name)
{
	for (int i = 0; i < NDL_USER_CTLDEVS; i++)
		if (devs[i].hd && !strcmp(devs[i].name, name)) {
			ndl_hostdev_get(devs[i].hd);
			return devs[i].hd;
		}
	return NULL;
}
