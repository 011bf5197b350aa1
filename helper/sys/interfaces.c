// SPDX-License-Identifier: GPL-2.0-only
/* Interfaces of the module's devices, from the module and sysfs (see interfaces.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "sys/interfaces.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "sys/link.h"
#include "lib/paths.h"
#include "lib/strutil.h"

static void add_num(json_object *o, const char *key, const char *dir, const char *file)
{
	char path[NDL_PATH_MAX], buf[64];
	uint64_t v;

	if (fs_join(path, sizeof(path), dir, file) && fs_read_line(path, buf, sizeof(buf)) &&
	    str_to_u64(buf, UINT64_MAX, &v))
		json_object_object_add(o, key, json_object_new_int64((int64_t)v));
	else
		json_object_object_add(o, key, NULL);
}

json_object *interfaces_json(void)
{
	json_object *a = json_object_new_array();
	struct ndl_device_info *dev;
	struct ndl_err err;
	size_t n, i;

	if (kmod_list_devices(NULL, &dev, &n, &err))
		return a;
	for (i = 0; i < n; i++) {
		json_object *o, *st;
		char dir[NDL_PATH_MAX], sdir[NDL_PATH_MAX], path[NDL_PATH_MAX], buf[64], loc[32];
		static const char *const stats[] = {
			"rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors", "tx_errors",
		};
		size_t k;

		dev[i].ifname[sizeof(dev[i].ifname) - 1] = '\0';
		dev[i].driver[NDL_NAME_MAX - 1] = '\0';
		if (!dev[i].ifname[0] || !name_is_safe_file(dev[i].ifname) ||
		    !ndl_path(dir, sizeof(dir), NDL_SYS_DIR "/class/net/%s", dev[i].ifname))
			continue;
		o = json_object_new_object();
		jx_add_str(o, "name", dev[i].ifname);
		kmod_device_str(&dev[i], loc, sizeof(loc));
		jx_add_str(o, "device", loc);
		jx_add_str(o, "driver", dev[i].driver);
		jx_add_str(o, "state", fs_join(path, sizeof(path), dir, "operstate") &&
			   fs_read_line(path, buf, sizeof(buf)) ? buf : "unknown");
		json_object_object_add(o, "carrier", json_object_new_boolean(dev[i].flags & NDL_DEVF_CARRIER));
		jx_add_str_or_null(o, "mac", fs_join(path, sizeof(path), dir, "address") &&
				   fs_read_line(path, buf, sizeof(buf)) ? buf : NULL);
		json_object_object_add(o, "speed_mbps", json_object_new_int64((int64_t)(dev[i].link_speed / 1000000)));
		add_num(o, "mtu", dir, "mtu");
		json_object_object_add(o, "wireless", json_object_new_boolean(
			fs_join(path, sizeof(path), dir, "phy80211") && fs_is_dir(path)));
		json_object_object_add(o, "addresses", link_addresses(dev[i].ifname));
		jx_add_str_or_null(o, "managed_by", link_manager(dev[i].ifname, link_ifindex(dev[i].ifname)));
		st = json_object_new_object();
		if (fs_join(sdir, sizeof(sdir), dir, "statistics"))
			for (k = 0; k < sizeof(stats) / sizeof(stats[0]); k++)
				add_num(st, stats[k], sdir, stats[k]);
		json_object_object_add(o, "stats", st);
		json_object_array_add(a, o);
	}
	free(dev);
	return a;
}
