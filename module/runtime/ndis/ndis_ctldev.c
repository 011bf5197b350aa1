// SPDX-License-Identifier: GPL-2.0-only
/*
 * A miniport's stand-alone control devices (NdisMRegisterDevice,
 * NdisMDeregisterDevice), as documented: a named device object and a
 * symbolic link to it; requests to it go to the dispatch routines the
 * driver passed (IRP_MJ_MAXIMUM_FUNCTION + 1 entries; the device is not
 * a physical one, so its PnP and power entries are never used). The
 * host's users reach it through nt_hostdev.c under the link's last
 * component (kernel: /dev/ndisload-dev/<name>). Deregistration removes
 * the link and deletes the device; open handles then fail their
 * requests (Windows would bug-check) and the driver is never called for
 * them again. What a driver leaves registered goes at unload.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_device.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

struct ndl_ndis_ctl {
	struct ndl_ndis_ctl *next;
	struct ndl_ndis_driver *nd;
	DEVICE_OBJECT *dev;
	char link[96];			/* "" when registered without one */
};

static KSPIN_LOCK ctl_lock;
static struct ndl_ndis_ctl *all_ctl;	/* every driver's */

/* The last component of a "\DosDevices\Name" or "\Device\Name" path. */
static const char *base_name(const char *path)
{
	const char *b = path;

	for (; *path; path++)
		if (*path == '\\')
			b = path + 1;
	return b;
}

static bool ustr_ok(const NDIS_STRING *s, u32 max)
{
	return s && s->Buffer && s->Length && !(s->Length & 1) &&
	       s->Length / 2 < max;
}

NDIS_STATUS NTAPI ndlw_NdisMRegisterDevice(NDIS_HANDLE wrapper,
					   NDIS_STRING *name,
					   NDIS_STRING *link,
					   PDRIVER_DISPATCH *major,
					   DEVICE_OBJECT **out,
					   NDIS_HANDLE *handle)
{
	struct ndl_ndis_driver *nd = ndl_ndis_wrapper(wrapper,
						      "NdisMRegisterDevice");
	PDRIVER_DISPATCH table[IRP_MJ_MAXIMUM_FUNCTION + 1];
	struct ndl_ndis_ctl *c;
	DEVICE_OBJECT *dev;
	char n[64] = "";
	NTSTATUS st;
	KIRQL old;

	*out = NULL;
	*handle = NULL;
	if (!nd)
		return NDIS_STATUS_FAILURE;
	if (!nd->registered) {
		ndl_warn("%s: NdisMRegisterDevice before NdisMRegisterMiniport",
			 nd->drv->name);
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (!ustr_ok(name, sizeof(n)) || !major ||
	    (link && link->Length && !ustr_ok(link, sizeof(c->link)))) {
		ndl_warn("%s: NdisMRegisterDevice: bad name, link or dispatch table",
			 nd->drv->name);
		return NDIS_STATUS_INVALID_DATA;
	}
	c = ndl_alloc(sizeof(*c), NDL_OS_ZERO);
	if (!c)
		return NDIS_STATUS_RESOURCES;
	ndl_name_from_ustr(name, n, sizeof(n));
	if (link && link->Length)
		ndl_name_from_ustr(link, c->link, sizeof(c->link));
	st = ndl_device_create(&nd->drv->object, 0, n, FILE_DEVICE_NETWORK, 0,
			       &dev);
	if (!NT_SUCCESS(st))
		goto fail;
	ndl_memcpy(table, major, sizeof(table));
	table[IRP_MJ_PNP] = NULL;
	table[IRP_MJ_POWER] = NULL;
	st = ndl_device_set_dispatch(dev, table, NDL_ARRAY_SIZE(table));
	if (NT_SUCCESS(st) && c->link[0])
		st = ndlw_IoCreateSymbolicLink(link, name);
	if (!NT_SUCCESS(st)) {
		ndl_device_delete(dev);
		goto fail;
	}
	dev->Flags &= ~DO_DEVICE_INITIALIZING;
	c->dev = dev;
	c->nd = nd;
	old = ndl_lock_any(&ctl_lock);
	c->next = all_ctl;
	all_ctl = c;
	ndl_unlock_any(&ctl_lock, old);
	ndl_info("%s: control device %s registered", nd->drv->name, n);
	ndl_hostdev_expose(dev, base_name(c->link[0] ? c->link : n));
	*out = dev;
	*handle = c;
	return NDIS_STATUS_SUCCESS;
fail:
	ndl_warn("%s: NdisMRegisterDevice(%s): 0x%08x", nd->drv->name, n, st);
	ndl_free(c);
	return st == STATUS_OBJECT_NAME_COLLISION ?
	       NDIS_STATUS_RESOURCE_CONFLICT : NDIS_STATUS_FAILURE;
}

/*
 * Take a control device off the list: the one with this handle (a
 * driver's value, compared, never read before it is found), or any of
 * nd's when handle is NULL.
 */
static struct ndl_ndis_ctl *ctl_take(void *handle, struct ndl_ndis_driver *nd)
{
	struct ndl_ndis_ctl **pp, *c = NULL;
	KIRQL old;

	old = ndl_lock_any(&ctl_lock);
	for (pp = &all_ctl; *pp; pp = &(*pp)->next)
		if (handle ? *pp == handle : (*pp)->nd == nd) {
			c = *pp;
			*pp = c->next;
			break;
		}
	ndl_unlock_any(&ctl_lock, old);
	return c;
}

static void ctl_delete(struct ndl_ndis_ctl *c)
{
	if (c->link[0])
		ndl_link_remove(c->link);
	ndl_device_delete(c->dev);
	ndl_free(c);
}

NDIS_STATUS NTAPI ndlw_NdisMDeregisterDevice(NDIS_HANDLE handle)
{
	struct ndl_ndis_ctl *c = handle ? ctl_take(handle, NULL) : NULL;

	if (!c) {
		ndl_err("NdisMDeregisterDevice: %p is not a registered control device",
			handle);
		return NDIS_STATUS_FAILURE;
	}
	ctl_delete(c);
	return NDIS_STATUS_SUCCESS;
}

void ndl_ndis_ctl_release(struct ndl_ndis_driver *nd)
{
	struct ndl_ndis_ctl *c;

	while ((c = ctl_take(NULL, nd))) {
		ndl_warn("%s: control device left registered at unload; deleted",
			 nd->drv->name);
		ctl_delete(c);
	}
}
