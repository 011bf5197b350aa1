// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDL_IOC_LIST_DRIVERS and NDL_IOC_LIST_DEVICES: a snapshot taken under
 * ndl_drv_lock into kernel memory (at most as many entries as exist, never
 * as many as the caller claims room for), then copied out. count always
 * says how many exist, so a caller with too small a buffer can retry.
 */
#include <linux/netdevice.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ndl.h"
#include "adapter.h"
#include "ctl.h"
#include "drv.h"

static int ndl_list_read(struct ndl_list *l, void __user *uarg, size_t elem)
{
	int ret = ndl_ctl_read(l, uarg, sizeof(*l));

	if (ret)
		return ret;
	if (l->elem_size != elem || l->reserved ||
	    !ndl_ctl_terminated(l->driver, sizeof(l->driver)))
		return -EINVAL;
	return 0;
}

static long ndl_list_finish(struct ndl_list *l, void __user *uarg,
			    const void *items, u32 n, size_t elem)
{
	if (n && copy_to_user((void __user *)(uintptr_t)l->buf, items,
			      (size_t)n * elem))
		return -EFAULT;
	return copy_to_user(uarg, l, sizeof(*l)) ? -EFAULT : 0;
}

static void ndl_driver_info(const struct ndl_drv *drv,
			    struct ndl_driver_info *d)
{
	const struct ndl_devrec *rec;

	memset(d, 0, sizeof(*d));
	strscpy(d->name, drv->name, sizeof(d->name));
	strscpy(d->version, drv->version, sizeof(d->version));
	d->state = drv->state;
	d->ndis_version = drv->ndis_version;
	d->n_ids = drv->n_ids;
	list_for_each_entry(rec, &drv->devices, link)
		d->n_devices++;
	d->image_size = drv->image_size;
	d->last_error = drv->last_error;
	strscpy(d->message, drv->message, sizeof(d->message));
}

long ndl_ctl_list_drivers(void __user *uarg)
{
	struct ndl_driver_info *items = NULL;
	struct ndl_list l;
	struct ndl_drv *drv;
	u32 n = 0, count = 0;
	long ret;

	ret = ndl_list_read(&l, uarg, sizeof(*items));
	if (ret)
		return ret;
	if (l.driver[0])
		return -EINVAL;
	if (l.max) {
		items = kcalloc(min_t(u32, l.max, NDL_MAX_DRIVERS),
				sizeof(*items), GFP_KERNEL);
		if (!items)
			return -ENOMEM;
	}
	mutex_lock(&ndl_drv_lock);
	list_for_each_entry(drv, &ndl_drivers, link) {
		if (n < l.max && n < NDL_MAX_DRIVERS)
			ndl_driver_info(drv, &items[n++]);
		count++;
	}
	mutex_unlock(&ndl_drv_lock);
	l.count = count;
	ret = ndl_list_finish(&l, uarg, items, n, sizeof(*items));
	kfree(items);
	return ret;
}

static void ndl_device_info(const struct ndl_drv *drv,
			    const struct ndl_devrec *rec,
			    struct ndl_device_info *d)
{
	memset(d, 0, sizeof(*d));
	strscpy(d->driver, drv->name, sizeof(d->driver));
	d->location = rec->loc;
	d->vendor = rec->vendor;
	d->device = rec->device;
	d->subvendor = rec->subvendor;
	d->subdevice = rec->subdevice;
	d->revision = rec->revision;
	d->bus = rec->bus;
	d->state = rec->state;
	d->last_error = rec->last_error;
	d->ndis_status = rec->ndis_status;
	strscpy(d->owner, rec->owner, sizeof(d->owner));
	strscpy(d->message, rec->message, sizeof(d->message));
	if (rec->bound) {
		struct ndl_bound *b = rec->bound;
		struct net_device *dev = b->netdev;

		if (READ_ONCE(b->registered)) {
			d->ifindex = dev->ifindex;
			strscpy(d->ifname, dev->name, sizeof(d->ifname));
		}
		if (ndl_bound_is_up(b))
			d->flags |= NDL_DEVF_UP;
		if (atomic_read(&b->media_connected))
			d->flags |= NDL_DEVF_CARRIER;
		if (b->osdev.dma64_used)
			d->flags |= NDL_DEVF_DMA64;
		if (b->info.single_buffer_sends)
			d->flags |= NDL_DEVF_SINGLE_BUF;
		if (b->info.multicast_all)
			d->flags |= NDL_DEVF_MCAST_ALL;
		d->link_speed = atomic64_read(&b->link_speed);
	}
}

long ndl_ctl_list_devices(void __user *uarg)
{
	struct ndl_device_info *items = NULL;
	struct ndl_devrec *rec;
	struct ndl_drv *drv;
	struct ndl_list l;
	u32 n = 0, count = 0, cap = 0;
	long ret;

	ret = ndl_list_read(&l, uarg, sizeof(*items));
	if (ret)
		return ret;
	mutex_lock(&ndl_drv_lock);
	if (l.driver[0] && !ndl_drv_find(l.driver)) {
		mutex_unlock(&ndl_drv_lock);
		return -ENOENT;
	}
	list_for_each_entry(drv, &ndl_drivers, link)
		list_for_each_entry(rec, &drv->devices, link)
			if (!l.driver[0] || !strcmp(drv->name, l.driver))
				count++;
	cap = min(l.max, count);
	if (cap) {
		items = kcalloc(cap, sizeof(*items), GFP_KERNEL);
		if (!items) {
			mutex_unlock(&ndl_drv_lock);
			return -ENOMEM;
		}
	}
	list_for_each_entry(drv, &ndl_drivers, link)
		list_for_each_entry(rec, &drv->devices, link)
			if ((!l.driver[0] || !strcmp(drv->name, l.driver)) &&
			    n < cap)
				ndl_device_info(drv, rec, &items[n++]);
	mutex_unlock(&ndl_drv_lock);
	l.count = count;
	ret = ndl_list_finish(&l, uarg, items, n, sizeof(*items));
	kfree(items);
	return ret;
}
