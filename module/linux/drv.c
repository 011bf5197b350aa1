// SPDX-License-Identifier: GPL-2.0-only
/*
 * Added Windows drivers: loading one (image, data files, DriverEntry,
 * miniport registration, then PCI binding), removing one (refused while an
 * interface is up unless forced, then unbinding every device, which halts
 * the miniports, and unloading the image), and their device records.
 *
 * Adds and removes are serialised by ndl_ctl_lock, held across the slow
 * parts (DriverEntry, probes). ndl_drv_lock only guards the list and the
 * records for short moments, so probe and remove callbacks, which take it,
 * never deadlock against an add or remove in progress. All of this runs
 * on a driver stack (the ioctl and rmmod paths switch before calling in).
 */
#include <linux/pci.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ndl.h"
#include "core/rt.h"
#include "adapter.h"
#include "drv.h"
#include "exec.h"
#include "stack.h"
#include "core/driver.h"
#include "nt/nt_status.h"
#include "nt/nt_registry.h"

DEFINE_MUTEX(ndl_drv_lock);
LIST_HEAD(ndl_drivers);
DEFINE_MUTEX(ndl_ctl_lock);

void ndl_pkg_free(struct ndl_pkg *pkg)
{
	u32 i;

	for (i = 0; pkg->files && i < pkg->n_files; i++)
		kvfree(pkg->files[i].data);
	kvfree(pkg->files);
	for (i = 0; pkg->regs && i < pkg->n_regs; i++)
		kfree(pkg->regs[i].data);
	kvfree(pkg->regs);
	kvfree(pkg->ids);
	memset(pkg, 0, sizeof(*pkg));
}

struct ndl_drv *ndl_drv_find(const char *name)
{
	struct ndl_drv *drv;

	lockdep_assert_held(&ndl_drv_lock);
	list_for_each_entry(drv, &ndl_drivers, link)
		if (!strcmp(drv->name, name))
			return drv;
	return NULL;
}

/* ---- device records ----------------------------------------------------- */

struct ndl_devrec *ndl_devrec_get(struct ndl_drv *drv, struct pci_dev *pdev)
{
	struct ndl_pci_location loc = {
		.domain = pci_domain_nr(pdev->bus),
		.bus = pdev->bus->number,
		.slot = PCI_SLOT(pdev->devfn),
		.function = PCI_FUNC(pdev->devfn),
	};
	struct ndl_devrec *rec;

	lockdep_assert_held(&ndl_drv_lock);
	list_for_each_entry(rec, &drv->devices, link)
		if (rec->bus == NDL_BUS_PCI &&
		    !memcmp(&rec->loc, &loc, sizeof(loc)))
			goto found;
	rec = kzalloc(sizeof(*rec), GFP_KERNEL);
	if (!rec)
		return NULL;
	rec->bus = NDL_BUS_PCI;
	rec->loc = loc;
	rec->drv = drv;
	list_add_tail(&rec->link, &drv->devices);
found:
	rec->vendor = pdev->vendor;
	rec->device = pdev->device;
	rec->subvendor = pdev->subsystem_vendor;
	rec->subdevice = pdev->subsystem_device;
	rec->revision = pdev->revision;
	rec->owner[0] = 0;
	return rec;
}

struct ndl_devrec *ndl_devrec_get_usb(struct ndl_drv *drv,
				      struct usb_device *udev)
{
	const struct usb_device_descriptor *d = &udev->descriptor;
	struct ndl_devrec *rec;

	lockdep_assert_held(&ndl_drv_lock);
	list_for_each_entry(rec, &drv->devices, link)
		if (rec->bus == NDL_BUS_USB &&
		    !strcmp(rec->usb_path, dev_name(&udev->dev)))
			goto found;
	rec = kzalloc(sizeof(*rec), GFP_KERNEL);
	if (!rec)
		return NULL;
	rec->bus = NDL_BUS_USB;
	strscpy(rec->usb_path, dev_name(&udev->dev), sizeof(rec->usb_path));
	rec->loc.domain = udev->bus->busnum;
	rec->drv = drv;
	list_add_tail(&rec->link, &drv->devices);
found:
	rec->vendor = le16_to_cpu(d->idVendor);
	rec->device = le16_to_cpu(d->idProduct);
	rec->owner[0] = 0;
	return rec;
}

void ndl_devrec_name(const struct ndl_devrec *rec, char *buf, size_t len)
{
	if (rec->bus == NDL_BUS_USB)
		snprintf(buf, len, "usb %s", rec->usb_path);
	else if (rec->bus == NDL_BUS_VIRTUAL)
		snprintf(buf, len, "virtual adapter %u", rec->loc.domain);
	else
		snprintf(buf, len, "%04x:%02x:%02x.%u", rec->loc.domain,
			 rec->loc.bus, rec->loc.slot, rec->loc.function);
}

void ndl_devrec_fail(struct ndl_devrec *rec, int err, u32 ndis_status,
		     const char *fmt, ...)
{
	char where[48];
	va_list ap;

	mutex_lock(&ndl_drv_lock);
	rec->state = NDL_DEV_FAILED;
	rec->last_error = err;
	rec->ndis_status = ndis_status;
	va_start(ap, fmt);
	vsnprintf(rec->message, sizeof(rec->message), fmt, ap);
	va_end(ap);
	rec->drv->last_error = err;
	ndl_devrec_name(rec, where, sizeof(where));
	snprintf(rec->drv->message, sizeof(rec->drv->message), "%s: %s",
		 where, rec->message);
	pr_err("%s: %s\n", rec->drv->name, rec->drv->message);
	mutex_unlock(&ndl_drv_lock);
}

void ndl_devrec_running(struct ndl_devrec *rec, struct ndl_bound *b)
{
	lockdep_assert_held(&ndl_drv_lock);
	rec->state = NDL_DEV_RUNNING;
	rec->bound = b;
	rec->last_error = 0;
	rec->ndis_status = 0;
	rec->message[0] = 0;
}

void ndl_devrec_gone(struct ndl_devrec *rec)
{
	lockdep_assert_held(&ndl_drv_lock);
	rec->bound = NULL;
	rec->state = NDL_DEV_GONE;
}

/* ---- adding ------------------------------------------------------------------ */

static bool ndl_ids_overlap(const struct ndl_device_id *a,
			    const struct ndl_device_id *b)
{
	/* Virtual adapters are made per driver, on request: no overlap. */
	if (a->bus == NDL_BUS_VIRTUAL || b->bus == NDL_BUS_VIRTUAL)
		return false;
	if (a->bus != b->bus || a->vendor != b->vendor ||
	    a->device != b->device)
		return false;
	if (a->bus == NDL_BUS_USB)
		return !((a->match & b->match & NDL_MATCH_REV) &&
			 a->bcd_device != b->bcd_device) &&
		       !((a->match & b->match & NDL_MATCH_MI) &&
			 a->interface != b->interface);
	if ((a->match & b->match & NDL_MATCH_SUBSYS) &&
	    (a->subvendor != b->subvendor || a->subdevice != b->subdevice))
		return false;
	if ((a->match & b->match & NDL_MATCH_REV) && a->revision != b->revision)
		return false;
	return true;
}

/* Is any of pkg's IDs served by another driver? Fills err if so. */
static bool ndl_ids_taken(const struct ndl_pkg *pkg, char *err, size_t errlen)
{
	struct ndl_drv *other;
	u32 i, j;

	list_for_each_entry(other, &ndl_drivers, link)
		for (i = 0; i < pkg->n_ids; i++)
			for (j = 0; j < other->n_ids; j++)
				if (ndl_ids_overlap(&pkg->ids[i], &other->ids[j])) {
					snprintf(err, errlen,
						 "device ID %04x:%04x is already served by driver %s",
						 pkg->ids[i].vendor,
						 pkg->ids[i].device, other->name);
					return true;
				}
	return false;
}

static int ndl_drv_check(const struct ndl_pkg *pkg, char *err, size_t errlen)
{
	int n = 0;
	struct ndl_drv *drv;

	if (!ndl_exec_available()) {
		snprintf(err, errlen, "this kernel cannot run driver code: %s",
			 ndl_exec_unavailable_reason());
		return -EOPNOTSUPP;
	}
	mutex_lock(&ndl_drv_lock);
	list_for_each_entry(drv, &ndl_drivers, link)
		n++;
	if (ndl_drv_find(pkg->name)) {
		snprintf(err, errlen, "a driver named %s is loaded already",
			 pkg->name);
		n = -EEXIST;
	} else if (n >= NDL_MAX_DRIVERS) {
		snprintf(err, errlen, "%d drivers are loaded already (the limit)",
			 NDL_MAX_DRIVERS);
		n = -ENOSPC;
	} else if (ndl_ids_taken(pkg, err, errlen)) {
		n = -EEXIST;
	} else {
		n = 0;
	}
	mutex_unlock(&ndl_drv_lock);
	return n;
}

static int ndl_errno_of_load(int rt_err)
{
	switch (rt_err) {
	case -NDL_ENOMEM:
		return -ENOMEM;
	case -NDL_ENOENT:
		return -ELIBACC;	/* missing imports */
	default:
		return -ENOEXEC;
	}
}

/* Load the image and data files and run DriverEntry. */
/* cr8 accesses trap to cr8.c's #UD handler; missing imports refuse the load. */
static const struct ndl_load_opts ndl_kernel_load_opts = { .trap_cr8 = true };

static int ndl_drv_load(struct ndl_drv *drv, struct ndl_pkg *pkg, char *err,
			size_t errlen)
{
	struct ndl_pe_error *pe_err;
	const struct ndl_kfile *main_file = NULL;
	NTSTATUS st;
	u32 i;
	int ret;

	for (i = 0; i < pkg->n_files; i++) {
		if (pkg->files[i].type == NDL_FILE_DRIVER)
			main_file = &pkg->files[i];
		if (pkg->files[i].type == NDL_FILE_LIBRARY) {
			snprintf(err, errlen,
				 "%s: library images are not supported yet",
				 pkg->files[i].name);
			return -EOPNOTSUPP;
		}
	}
	pe_err = kzalloc(sizeof(*pe_err), GFP_KERNEL);
	if (!pe_err)
		return -ENOMEM;
	ret = ndl_driver_load(main_file->data, main_file->length, drv->name,
			      &ndl_kernel_load_opts, &drv->rt, pe_err);
	if (ret) {
		snprintf(err, errlen, "%s: %s", main_file->name, pe_err->msg);
		kfree(pe_err);
		return ndl_errno_of_load(ret);
	}
	kfree(pe_err);
	drv->image_size = drv->rt->image->map_size;
	for (i = 0; i < pkg->n_files; i++) {
		struct ndl_kfile *f = &pkg->files[i];

		if (f->type != NDL_FILE_DATA)
			continue;
		if (ndl_ndis_driver_add_file(drv->rt, f->name, f->data,
					     f->length)) {
			snprintf(err, errlen, "cannot hand %s to the driver",
				 f->name);
			return -ENOMEM;
		}
	}
	/* The package's values are the driver's now (pkg->regs is NULL). */
	if (ndl_devreg_seed_service(drv, ndl_regkey_service_values(drv->rt))) {
		snprintf(err, errlen, "cannot fill the driver's service key");
		return -ENOMEM;
	}
	st = ndl_driver_start(drv->rt);
	if (!NT_SUCCESS(st)) {
		snprintf(err, errlen, "DriverEntry failed: NTSTATUS 0x%08x",
			 (u32)st);
		return -EIO;
	}
	if (!ndl_ndis_driver_is_miniport(drv->rt)) {
		snprintf(err, errlen,
			 "DriverEntry registered no NDIS miniport (status 0x%08x)",
			 drv->rt->miniport.status);
		return -EIO;
	}
	drv->ndis_version = drv->rt->miniport.ndis_major << 8 |
			    drv->rt->miniport.ndis_minor;
	return 0;
}

static void ndl_drv_free(struct ndl_drv *drv)
{
	struct ndl_devrec *rec, *tmp;
	u32 i;

	if (drv->rt)
		ndl_driver_unload(drv->rt);
	list_for_each_entry_safe(rec, tmp, &drv->devices, link)
		kfree(rec);
	for (i = 0; drv->regs && i < drv->n_regs; i++)
		kfree(drv->regs[i].data);
	kvfree(drv->regs);
	kvfree(drv->ids);
	kfree(drv->id_table);
	kfree(drv->usb_id_table);
	kfree(drv);
}

int ndl_drv_add(struct ndl_pkg *pkg, u32 *bound, u32 *owned, char *err,
		size_t errlen)
{
	struct ndl_drv *drv;
	int ret;

	mutex_lock(&ndl_ctl_lock);
	ret = ndl_drv_check(pkg, err, errlen);
	if (ret)
		goto out;
	drv = kzalloc(sizeof(*drv), GFP_KERNEL);
	if (!drv) {
		ret = -ENOMEM;
		goto out;
	}
	INIT_LIST_HEAD(&drv->devices);
	strscpy(drv->name, pkg->name, sizeof(drv->name));
	strscpy(drv->version, pkg->version, sizeof(drv->version));
	drv->ids = pkg->ids;
	drv->n_ids = pkg->n_ids;
	drv->regs = pkg->regs;
	drv->n_regs = pkg->n_regs;
	drv->compat = pkg->compat;
	pkg->ids = NULL;
	pkg->regs = NULL;

	ret = ndl_drv_load(drv, pkg, err, errlen);
	if (ret)
		goto err_free;
	drv->state = NDL_DRV_LOADED;
	mutex_lock(&ndl_drv_lock);
	list_add_tail(&drv->link, &ndl_drivers);
	mutex_unlock(&ndl_drv_lock);

	ret = ndl_pci_register(drv, bound, owned);
	if (!ret) {
		u32 ubound = 0, uowned = 0;

		ret = ndl_usb_register(drv, &ubound, &uowned);
		*bound += ubound;
		*owned += uowned;
		if (ret)
			ndl_pci_unregister(drv);
	}
	if (ret) {
		snprintf(err, errlen, "cannot register the PCI or USB driver (%d)",
			 ret);
		mutex_lock(&ndl_drv_lock);
		list_del(&drv->link);
		mutex_unlock(&ndl_drv_lock);
		goto err_free;
	}
	pr_info("%s %s added: NDIS %u.%u miniport, %u device ID(s), %u bound, %u owned by native drivers\n",
		drv->name, drv->version, drv->ndis_version >> 8,
		drv->ndis_version & 0xff, drv->n_ids, *bound, *owned);
	goto out;

err_free:
	ndl_drv_free(drv);
out:
	if (ret)
		pr_err("%s: cannot add the driver: %s\n", pkg->name, err);
	mutex_unlock(&ndl_ctl_lock);
	ndl_pkg_free(pkg);
	return ret;
}

/* ---- removing ----------------------------------------------------------------- */

static bool ndl_drv_busy(struct ndl_drv *drv)
{
	struct ndl_devrec *rec;

	list_for_each_entry(rec, &drv->devices, link)
		if (rec->bound && ndl_bound_is_up(rec->bound))
			return true;
	return false;
}

static void ndl_drv_teardown(struct ndl_drv *drv)
{
	ndl_virt_remove_all(drv);
	ndl_usb_unregister(drv);
	ndl_pci_unregister(drv);
	mutex_lock(&ndl_drv_lock);
	list_del(&drv->link);
	mutex_unlock(&ndl_drv_lock);
	pr_info("%s removed\n", drv->name);
	ndl_drv_free(drv);
}

int ndl_drv_remove(const char *name, bool force)
{
	struct ndl_drv *drv;
	int ret = 0;

	mutex_lock(&ndl_ctl_lock);
	/* Under RTNL no interface can come up between check and mark. */
	rtnl_lock();
	mutex_lock(&ndl_drv_lock);
	drv = ndl_drv_find(name);
	if (!drv)
		ret = -ENOENT;
	else if (!force && ndl_drv_busy(drv))
		ret = -EBUSY;
	else
		WRITE_ONCE(drv->state, NDL_DRV_REMOVING);
	mutex_unlock(&ndl_drv_lock);
	rtnl_unlock();
	if (ret == -EBUSY)
		pr_info("%s: not removed: an interface is up (force removal takes it down)\n",
			name);
	if (!ret)
		ndl_drv_teardown(drv);
	mutex_unlock(&ndl_ctl_lock);
	return ret;
}

void ndl_drv_remove_all(void)
{
	struct ndl_drv *drv;

	mutex_lock(&ndl_ctl_lock);
	for (;;) {
		mutex_lock(&ndl_drv_lock);
		drv = list_first_entry_or_null(&ndl_drivers, struct ndl_drv,
					       link);
		if (drv)
			WRITE_ONCE(drv->state, NDL_DRV_REMOVING);
		mutex_unlock(&ndl_drv_lock);
		if (!drv)
			break;
		ndl_drv_teardown(drv);
	}
	mutex_unlock(&ndl_ctl_lock);
}

static long ndl_drv_uninit_on_stack(void *unused)
{
	ndl_drv_remove_all();
	return 0;
}

void ndl_drv_uninit(void)
{
	ndl_stack_run(ndl_drv_uninit_on_stack, NULL, NDL_PASSIVE_LEVEL);
}
