// SPDX-License-Identifier: GPL-2.0-only
/*
 * Virtual (root-enumerated) adapters. A driver whose .inf names no bus
 * device (ROOT\..., *NAME: VPN and virtual adapters) is added with one
 * NDL_BUS_VIRTUAL ID and binds nothing by itself; Windows makes its
 * adapters when one is installed, and so do we on request. Each gets a
 * platform device of its own (the interface's parent in sysfs, without
 * resources), a device record whose location.domain is its instance
 * number, and the same bring-up as a PCI function (bound.c) minus the
 * hardware. A failed add leaves nothing behind: the caller gets the reason.
 */
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "ndl.h"
#include "adapter.h"
#include "drv.h"
#include "stack.h"

/* The driver's NDL_BUS_VIRTUAL ID's index, or -1. */
static int ndl_virt_id(const struct ndl_drv *drv)
{
	u32 i;

	for (i = 0; i < drv->n_ids; i++)
		if (drv->ids[i].bus == NDL_BUS_VIRTUAL)
			return i;
	return -1;
}

/* Instance n's record or NULL; caller holds ndl_drv_lock. */
static struct ndl_devrec *ndl_virt_find(struct ndl_drv *drv, u32 n)
{
	struct ndl_devrec *rec;

	list_for_each_entry(rec, &drv->devices, link)
		if (rec->bus == NDL_BUS_VIRTUAL && rec->loc.domain == n)
			return rec;
	return NULL;
}

/*
 * A record at instance *n (at: the caller's choice) or the lowest free
 * one; caller holds ndl_drv_lock.
 */
static struct ndl_devrec *ndl_virt_rec_new(struct ndl_drv *drv, u32 *np,
					   bool at)
{
	struct ndl_devrec *rec;
	u32 n;

	if (at) {
		n = *np;
		if (ndl_virt_find(drv, n))
			return ERR_PTR(-EEXIST);
	} else {
		for (n = 0; n < NDL_MAX_VIRTUAL; n++)
			if (!ndl_virt_find(drv, n))
				break;
	}
	if (n >= NDL_MAX_VIRTUAL)
		return ERR_PTR(-ENOSPC);
	rec = kzalloc(sizeof(*rec), GFP_KERNEL);
	if (!rec)
		return ERR_PTR(-ENOMEM);
	rec->drv = drv;
	rec->bus = NDL_BUS_VIRTUAL;
	rec->loc.domain = n;
	list_add_tail(&rec->link, &drv->devices);
	return rec;
}

static void ndl_virt_rec_drop(struct ndl_devrec *rec)
{
	mutex_lock(&ndl_drv_lock);
	list_del(&rec->link);
	mutex_unlock(&ndl_drv_lock);
	kfree(rec);
}

/* Which driver, and a record for its new adapter; ndl_drv_lock held. */
static int ndl_virt_prepare(const char *driver, struct ndl_drv **drvp,
			    int *idx, u32 *n, bool at, struct ndl_devrec **recp,
			    char *err, size_t errlen)
{
	struct ndl_drv *drv = ndl_drv_find(driver);
	struct ndl_devrec *rec;

	if (!drv || READ_ONCE(drv->state) != NDL_DRV_LOADED) {
		snprintf(err, errlen, "no driver named %s is loaded", driver);
		return -ENOENT;
	}
	*idx = ndl_virt_id(drv);
	if (*idx < 0) {
		snprintf(err, errlen,
			 "%s drives bus devices, not virtual adapters", driver);
		return -ENODEV;
	}
	rec = ndl_virt_rec_new(drv, n, at);
	if (IS_ERR(rec) && PTR_ERR(rec) == -EEXIST) {
		snprintf(err, errlen, "%s has a virtual adapter %u already",
			 driver, *n);
		return -EEXIST;
	}
	if (IS_ERR(rec)) {
		snprintf(err, errlen, PTR_ERR(rec) == -ENOSPC ?
			 "%s has %d virtual adapters already (the limit)" :
			 "%s: out of memory (%d)", driver,
			 PTR_ERR(rec) == -ENOSPC ? NDL_MAX_VIRTUAL : -ENOMEM);
		return PTR_ERR(rec);
	}
	*drvp = drv;
	*recp = rec;
	return 0;
}

/* The driver core sleeps: on the task's stack (stack.h). */
static long ndl_virt_register_on_task(void *unused)
{
	return (long)platform_device_register_simple("ndisload-virtual",
						      PLATFORM_DEVID_AUTO,
						      NULL, 0);
}

static long ndl_virt_unregister_on_task(void *vdev)
{
	platform_device_unregister(vdev);
	return 0;
}

int ndl_virt_add(const char *driver, u32 *instance, bool at, char *err,
		 size_t errlen)
{
	struct platform_device *vdev;
	struct ndl_devrec *rec;
	struct ndl_bound *b;
	struct ndl_drv *drv;
	int idx, ret;

	mutex_lock(&ndl_ctl_lock);
	mutex_lock(&ndl_drv_lock);
	ret = ndl_virt_prepare(driver, &drv, &idx, instance, at, &rec, err,
			       errlen);
	mutex_unlock(&ndl_drv_lock);
	if (ret)
		goto out;
	vdev = (struct platform_device *)
		ndl_stack_on_task(ndl_virt_register_on_task, NULL);
	if (IS_ERR(vdev)) {
		ret = PTR_ERR(vdev);
		snprintf(err, errlen, "cannot register its device (%d)", ret);
		ndl_virt_rec_drop(rec);
		goto out;
	}
	b = ndl_bound_alloc(drv, &vdev->dev, idx, rec);
	ret = b ? ndl_bound_run(b) : -ENOMEM;
	if (ret && b)
		ndl_bound_free(b);
	mutex_lock(&ndl_drv_lock);
	if (ret) {
		strscpy(err, rec->message, errlen);
	} else {
		rec->vdev = vdev;
		ndl_devrec_running(rec, b);
		*instance = rec->loc.domain;
	}
	mutex_unlock(&ndl_drv_lock);
	if (ret) {
		ndl_stack_on_task(ndl_virt_unregister_on_task, vdev);
		ndl_virt_rec_drop(rec);
	}
out:
	mutex_unlock(&ndl_ctl_lock);
	return ret;
}

/* Halt an unlinked record's adapter and free it all. */
static void ndl_virt_free(struct ndl_devrec *rec)
{
	ndl_bound_stop(rec->bound);
	ndl_bound_free(rec->bound);
	ndl_stack_on_task(ndl_virt_unregister_on_task, rec->vdev);
	kfree(rec);
}

int ndl_virt_remove(const char *driver, u32 instance, bool force)
{
	struct ndl_devrec *rec = NULL;
	struct ndl_drv *drv;
	int ret = 0;

	mutex_lock(&ndl_ctl_lock);
	/* Under RTNL the interface cannot come up between check and unlink. */
	rtnl_lock();
	mutex_lock(&ndl_drv_lock);
	drv = ndl_drv_find(driver);
	if (drv)
		rec = ndl_virt_find(drv, instance);
	if (!rec)
		ret = -ENOENT;
	else if (!force && rec->bound && ndl_bound_is_up(rec->bound))
		ret = -EBUSY;
	else
		list_del(&rec->link);
	mutex_unlock(&ndl_drv_lock);
	rtnl_unlock();
	if (!ret) {
		pr_info("%s: virtual adapter %u removed\n", driver, instance);
		ndl_virt_free(rec);
	}
	mutex_unlock(&ndl_ctl_lock);
	return ret;
}

void ndl_virt_remove_all(struct ndl_drv *drv)
{
	struct ndl_devrec *rec, *found;

	for (;;) {
		found = NULL;
		mutex_lock(&ndl_drv_lock);
		list_for_each_entry(rec, &drv->devices, link)
			if (rec->bus == NDL_BUS_VIRTUAL) {
				found = rec;
				list_del(&rec->link);
				break;
			}
		mutex_unlock(&ndl_drv_lock);
		if (!found)
			return;
		ndl_virt_free(found);
	}
}
