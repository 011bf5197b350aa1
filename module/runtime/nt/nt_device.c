// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device objects and their stacks: IoCreateDevice, IoDeleteDevice,
 * IoAttachDeviceToDeviceStack, IoDetachDevice, IoGetAttachedDevice(Reference),
 * and the runtime's named-device table behind them. Every device object
 * the runtime hands out is the first member of a struct ndl_devobj (its
 * DeviceObjectExtension points into it, as Windows' DEVOBJ_EXTENSION
 * does), so a pointer a driver passes can be checked before use.
 */
#include "nt/nt_device.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

KSPIN_LOCK ndl_dev_lock;
static struct ndl_devobj *all_devices;

void ndl_name_from_ustr(const UNICODE_STRING *s, char *buf, u32 len)
{
	u32 i, n = s && s->Buffer ? s->Length / 2 : 0;

	for (i = 0; i < n && i + 1 < len; i++) {
		WCHAR c = s->Buffer[i];

		buf[i] = c < 0x80 ? (char)c : '?';
	}
	buf[i] = 0;
}

bool ndl_name_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? *a + 32 : *a;
		char y = *b >= 'A' && *b <= 'Z' ? *b + 32 : *b;

		if (x != y)
			return false;
	}
	return *a == *b;
}

struct ndl_devobj *ndl_devobj(DEVICE_OBJECT *dev)
{
	struct ndl_devobj *d;

	if (!dev)
		return NULL;
	d = NDL_CONTAINER_OF(dev, struct ndl_devobj, obj);
	return d->magic == NDL_DEVOBJ_MAGIC ? d : NULL;
}

bool ndl_device_valid(DEVICE_OBJECT *dev)
{
	struct ndl_devobj *d;
	bool found = false;
	KIRQL old;

	old = ndl_lock_any(&ndl_dev_lock);
	for (d = all_devices; d && !found; d = d->next_all)
		found = &d->obj == dev;
	ndl_unlock_any(&ndl_dev_lock, old);
	return found;
}

DEVICE_OBJECT *ndl_device_find(bool (*match)(struct ndl_devobj *d,
					      void *arg), void *arg)
{
	struct ndl_devobj *d;
	DEVICE_OBJECT *found = NULL;
	KIRQL old;

	old = ndl_lock_any(&ndl_dev_lock);
	for (d = all_devices; d && !found; d = d->next_all)
		if (!d->deleted && match(d, arg))
			found = &d->obj;
	ndl_unlock_any(&ndl_dev_lock, old);
	return found;
}

DEVICE_OBJECT *ndl_device_named(const char *name)
{
	struct ndl_devobj *d;

	for (d = all_devices; d; d = d->next_all)
		if (d->name[0] && ndl_name_eq(d->name, name))
			return &d->obj;
	return NULL;
}

NTSTATUS ndl_device_create(DRIVER_OBJECT *drv, ULONG ext_size,
			   const char *name, ULONG type, ULONG chars,
			   DEVICE_OBJECT **out)
{
	struct ndl_devobj *d;
	DEVICE_OBJECT *dev;
	KIRQL old;

	*out = NULL;
	if (!drv || ext_size > 0x10000)
		return STATUS_INVALID_PARAMETER;
	if (name && ndl_strlen(name) >= sizeof(d->name))
		return STATUS_NAME_TOO_LONG;
	d = ndl_alloc(sizeof(*d) + ext_size, NDL_OS_ZERO);
	if (!d)
		return STATUS_INSUFFICIENT_RESOURCES;
	d->magic = NDL_DEVOBJ_MAGIC;
	d->ext.Type = 13;		/* IO_TYPE_DEVICE_OBJECT_EXTENSION */
	d->ext.Size = sizeof(d->ext);
	d->ext.DeviceObject = &d->obj;
	if (name)
		ndl_snprintf(d->name, sizeof(d->name), "%s", name);
	dev = &d->obj;
	dev->Type = IO_TYPE_DEVICE;
	dev->Size = (USHORT)(sizeof(*dev) + ext_size);
	dev->DriverObject = drv;
	dev->Flags = DO_DEVICE_INITIALIZING | (name ? DO_DEVICE_HAS_NAME : 0);
	dev->Characteristics = chars;
	dev->DeviceExtension = ext_size ? d->ext_data : NULL;
	dev->DeviceType = type;
	dev->StackSize = 1;
	dev->DeviceObjectExtension = &d->ext;
	ndlw_KeInitializeEvent(&dev->DeviceLock, SynchronizationEvent, TRUE);

	old = ndl_lock_any(&ndl_dev_lock);
	if (name && (ndl_device_named(name) || ndl_link_exists(name))) {
		ndl_unlock_any(&ndl_dev_lock, old);
		ndl_free(d);
		return STATUS_OBJECT_NAME_COLLISION;
	}
	d->next_all = all_devices;
	all_devices = d;
	dev->NextDevice = drv->DeviceObject;
	drv->DeviceObject = dev;
	ndl_unlock_any(&ndl_dev_lock, old);
	*out = dev;
	return STATUS_SUCCESS;
}

static void devobj_free(struct ndl_devobj *d)
{
	d->magic = 0;
	d->obj.Type = 0;
	ndl_free(d->major);
	ndl_free(d);
}

/*
 * As IoDeleteDevice documents: the object leaves every list at once, and
 * its memory goes when the last reference (ReferenceCount: the host's
 * open files and requests, ndl_device_ref) is dropped.
 */
void ndl_device_delete(DEVICE_OBJECT *dev)
{
	struct ndl_devobj *d = ndl_devobj(dev), **pp;
	DEVICE_OBJECT **link;
	bool keep;
	KIRQL old;

	if (!d) {
		ndl_warn("IoDeleteDevice: %p is not a device object", dev);
		return;
	}
	/* Its users' way in closes first: no new request reaches the driver. */
	if (d->host)
		ndl_hostdev_remove(d->host);
	old = ndl_lock_any(&ndl_dev_lock);
	for (pp = &all_devices; *pp && *pp != d; pp = &(*pp)->next_all)
		;
	if (!*pp) {
		ndl_unlock_any(&ndl_dev_lock, old);
		ndl_warn("IoDeleteDevice: %p deleted twice", dev);
		return;
	}
	*pp = d->next_all;
	link = &dev->DriverObject->DeviceObject;
	while (*link && *link != dev)
		link = &(*link)->NextDevice;
	if (*link)
		*link = dev->NextDevice;
	if (d->lower && d->lower->AttachedDevice == dev)
		d->lower->AttachedDevice = NULL;	/* never detached */
	if (dev->AttachedDevice) {
		struct ndl_devobj *up = ndl_devobj(dev->AttachedDevice);

		ndl_warn("IoDeleteDevice: %p still has %p attached", dev,
			 dev->AttachedDevice);
		if (up)
			up->lower = NULL;
	}
	keep = dev->ReferenceCount > 0;
	d->deleted = true;
	ndl_unlock_any(&ndl_dev_lock, old);
	if (!keep)
		devobj_free(d);
}

void ndl_device_ref(DEVICE_OBJECT *dev)
{
	KIRQL old = ndl_lock_any(&ndl_dev_lock);

	dev->ReferenceCount++;
	ndl_unlock_any(&ndl_dev_lock, old);
}

void ndl_device_deref(DEVICE_OBJECT *dev)
{
	struct ndl_devobj *d = ndl_devobj(dev);
	bool gone;
	KIRQL old;

	old = ndl_lock_any(&ndl_dev_lock);
	gone = --dev->ReferenceCount == 0 && d->deleted;
	ndl_unlock_any(&ndl_dev_lock, old);
	if (gone)
		devobj_free(d);
}

PDRIVER_DISPATCH ndl_device_dispatch(DEVICE_OBJECT *dev, u8 major)
{
	struct ndl_devobj *d = ndl_devobj(dev);

	if (d && d->major)
		return d->major[major];
	return dev->DriverObject->MajorFunction[major];
}

NTSTATUS ndl_device_set_dispatch(DEVICE_OBJECT *dev,
				 PDRIVER_DISPATCH const *major, u32 n)
{
	struct ndl_devobj *d = ndl_devobj(dev);
	PDRIVER_DISPATCH *t;
	u32 i;

	if (!d)
		return STATUS_INVALID_PARAMETER;
	t = ndl_alloc((IRP_MJ_MAXIMUM_FUNCTION + 1) * sizeof(*t), 0);
	if (!t)
		return STATUS_INSUFFICIENT_RESOURCES;
	for (i = 0; i <= IRP_MJ_MAXIMUM_FUNCTION; i++)
		t[i] = i < n && major[i] ? major[i] : ndl_io_invalid_request;
	ndl_free(d->major);
	d->major = t;
	return STATUS_SUCCESS;
}

DEVICE_OBJECT *ndl_device_lower(DEVICE_OBJECT *dev)
{
	struct ndl_devobj *d = ndl_devobj(dev);

	return d ? d->lower : NULL;
}

NTSTATUS NTAPI ndlw_IoCreateDevice(DRIVER_OBJECT *drv, ULONG ext_size,
				   UNICODE_STRING *name, ULONG type,
				   ULONG chars, BOOLEAN exclusive,
				   DEVICE_OBJECT **out)
{
	char n[64];
	NTSTATUS st;

	if (name && name->Length / 2 >= sizeof(n)) {
		*out = NULL;
		return STATUS_NAME_TOO_LONG;
	}
	ndl_name_from_ustr(name, n, sizeof(n));
	st = ndl_device_create(drv, ext_size, n[0] ? n : NULL, type, chars,
			       out);
	if (NT_SUCCESS(st) && exclusive)
		(*out)->Flags |= DO_EXCLUSIVE;
	return st;
}

void NTAPI ndlw_IoDeleteDevice(DEVICE_OBJECT *dev)
{
	ndl_device_delete(dev);
}

static DEVICE_OBJECT *top_of(DEVICE_OBJECT *dev)
{
	while (dev->AttachedDevice)
		dev = dev->AttachedDevice;
	return dev;
}

NTAPI DEVICE_OBJECT *ndlw_IoAttachDeviceToDeviceStack(DEVICE_OBJECT *src,
						      DEVICE_OBJECT *target)
{
	struct ndl_devobj *s = ndl_devobj(src);
	DEVICE_OBJECT *top;
	KIRQL old;

	if (!s || !ndl_devobj(target)) {
		ndl_warn("IoAttachDeviceToDeviceStack: bad device %p or %p",
			 src, target);
		return NULL;
	}
	old = ndl_lock_any(&ndl_dev_lock);
	top = top_of(target);
	top->AttachedDevice = src;
	src->StackSize = (CCHAR)(top->StackSize + 1);
	if (top->AlignmentRequirement > src->AlignmentRequirement)
		src->AlignmentRequirement = top->AlignmentRequirement;
	s->lower = top;
	ndl_unlock_any(&ndl_dev_lock, old);
	return top;
}

void NTAPI ndlw_IoDetachDevice(DEVICE_OBJECT *target)
{
	struct ndl_devobj *up;
	KIRQL old;

	if (!ndl_devobj(target))
		return;
	old = ndl_lock_any(&ndl_dev_lock);
	up = ndl_devobj(target->AttachedDevice);
	if (up)
		up->lower = NULL;
	target->AttachedDevice = NULL;
	ndl_unlock_any(&ndl_dev_lock, old);
}

NTAPI DEVICE_OBJECT *ndlw_IoGetAttachedDevice(DEVICE_OBJECT *dev)
{
	DEVICE_OBJECT *top;
	KIRQL old;

	if (!dev)
		return NULL;
	old = ndl_lock_any(&ndl_dev_lock);
	top = top_of(dev);
	ndl_unlock_any(&ndl_dev_lock, old);
	return top;
}

NTAPI DEVICE_OBJECT *ndlw_IoGetAttachedDeviceReference(DEVICE_OBJECT *dev)
{
	DEVICE_OBJECT *top = ndlw_IoGetAttachedDevice(dev);

	if (top)
		ndlw_ObfReferenceObject(top);
	return top;
}

/* What every MajorFunction slot holds until a driver sets its own. */
NTSTATUS NTAPI ndl_io_invalid_request(DEVICE_OBJECT *dev, void *irp)
{
	return ndl_irp_complete(irp, STATUS_INVALID_DEVICE_REQUEST, 0);
}

void ndl_io_driver_init(DRIVER_OBJECT *drv)
{
	u32 i;

	for (i = 0; i <= IRP_MJ_MAXIMUM_FUNCTION; i++)
		drv->MajorFunction[i] = ndl_io_invalid_request;
}
