// SPDX-License-Identifier: GPL-2.0-only
/*
 * Physical device objects for the devices the host binds, owned by the
 * runtime's bus drivers (\Driver\PCI, \Driver\USB, \Driver\ROOT). A
 * function driver's FDO sits on top; what it sends down lands here and
 * is answered as a bus driver does: configuration space reads/writes,
 * capabilities and IDs; PnP requests it does not handle complete with
 * the status already in the IRP, power requests succeed, WMI requests
 * pass unchanged, everything else is an invalid request. A bus (USB)
 * hooks its own requests through struct ndl_pdo_ops.
 */
#include "nt/nt_device.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"
#include "nt/nt_intsync.h"


struct ndl_pdo {
	struct ndl_pdo_desc desc;
	const struct ndl_pdo_ops *ops;
	void *ctx;
};

static DRIVER_OBJECT bus_drivers[3];
static u32 pdo_serial;

const struct ndl_pdo_desc *ndl_pdo_desc_of(DEVICE_OBJECT *dev)
{
	struct ndl_devobj *d = ndl_devobj(dev);

	return d && d->pdo ? &d->pdo->desc : NULL;
}

/* A multi-sz or string as a pool-allocated WCHAR string (QUERY_ID). */
static WCHAR *wide(const char *s, u32 len)
{
	WCHAR *w = ndlw_ExAllocatePoolWithTag(NonPagedPool, (len + 1) * 2,
					      0x6f64706e);
	u32 i;

	if (!w)
		return NULL;
	for (i = 0; i < len; i++)
		w[i] = (u8)s[i];
	w[len] = 0;
	return w;
}

static NTSTATUS query_id(struct ndl_pdo *p, IRP *irp)
{
	const struct ndl_pdo_desc *d = &p->desc;
	ULONG type = ndl_irp_cur_sl(irp)->Parameters.QueryId.IdType;
	WCHAR *w;

	switch (type) {
	case 0:	/* BusQueryDeviceID */
		w = wide(d->hardware_ids, ndl_strlen(d->hardware_ids));
		break;
	case 1:	/* BusQueryHardwareIDs */
		w = wide(d->hardware_ids, d->hardware_ids_len);
		break;
	case 2:	/* BusQueryCompatibleIDs */
		w = wide(d->compatible_ids, d->compatible_ids_len);
		break;
	case 3:	/* BusQueryInstanceID */
		w = wide("0", 1);
		break;
	default:
		return ndl_irp_complete(irp, irp->IoStatus.Status,
					irp->IoStatus.Information);
	}
	if (!w)
		return ndl_irp_complete(irp, STATUS_INSUFFICIENT_RESOURCES, 0);
	return ndl_irp_complete(irp, STATUS_SUCCESS, (ULONG_PTR)w);
}

/* DEVICE_CAPABILITIES: flags, Address, UINumber, DeviceState[S0..S5]. */
static NTSTATUS capabilities(struct ndl_pdo *p, IRP *irp)
{
	u8 *c = ndl_irp_cur_sl(irp)->Parameters.DeviceCapabilities.Capabilities;
	u32 flags = 0, i, states[7] = { 0, 1, 4, 4, 4, 4, 4 };

	if (!c)
		return ndl_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	if (p->desc.bus == NDL_PDO_BUS_USB)
		flags |= (1u << 4) | (1u << 9);	/* Removable, SurpriseRemovalOK */
	ndl_memcpy(c + 4, &flags, 4);
	ndl_memcpy(c + 8, &p->desc.address, 4);
	ndl_memcpy(c + 12, &p->desc.ui_number, 4);
	for (i = 0; i < 7; i++)
		ndl_memcpy(c + 16 + 4 * i, &states[i], 4);
	return ndl_irp_complete(irp, STATUS_SUCCESS, 0);
}

static NTSTATUS config(struct ndl_pdo *p, IRP *irp, bool write)
{
	IO_STACK_LOCATION *sl = ndl_irp_cur_sl(irp);
	u32 n;

	if (!p->ops || !p->ops->config ||
	    sl->Parameters.ReadWriteConfig.WhichSpace != PCI_WHICHSPACE_CONFIG)
		return ndl_irp_complete(irp, STATUS_NOT_SUPPORTED, 0);
	n = p->ops->config(p->ctx, write, sl->Parameters.ReadWriteConfig.Offset,
			   sl->Parameters.ReadWriteConfig.Buffer,
			   sl->Parameters.ReadWriteConfig.Length);
	return ndl_irp_complete(irp, n ? STATUS_SUCCESS :
				STATUS_INVALID_PARAMETER, n);
}

static NTSTATUS pnp(struct ndl_pdo *p, IRP *irp)
{
	switch (ndl_irp_cur_sl(irp)->MinorFunction) {
	case IRP_MN_START_DEVICE:
	case IRP_MN_QUERY_REMOVE_DEVICE:
	case IRP_MN_REMOVE_DEVICE:
		return ndl_irp_complete(irp, STATUS_SUCCESS, 0);
	case IRP_MN_QUERY_CAPABILITIES:
		return capabilities(p, irp);
	case IRP_MN_QUERY_ID:
		return query_id(p, irp);
	case IRP_MN_READ_CONFIG:
		return config(p, irp, false);
	case IRP_MN_WRITE_CONFIG:
		return config(p, irp, true);
	}
	return ndl_irp_complete(irp, irp->IoStatus.Status,
				irp->IoStatus.Information);
}

static NTAPI NTSTATUS pdo_dispatch(DEVICE_OBJECT *dev, void *arg)
{
	struct ndl_devobj *d = ndl_devobj(dev);
	struct ndl_pdo *p = d ? d->pdo : NULL;
	IRP *irp = arg;
	NTSTATUS st;

	if (!p)
		return ndl_irp_complete(irp, STATUS_NO_SUCH_DEVICE, 0);
	if (p->ops && p->ops->dispatch && p->ops->dispatch(p->ctx, dev, irp, &st))
		return st;
	switch (ndl_irp_cur_sl(irp)->MajorFunction) {
	case IRP_MJ_PNP:
		return pnp(p, irp);
	case IRP_MJ_POWER:
		if (ndl_irp_cur_sl(irp)->MinorFunction == IRP_MN_WAIT_WAKE)
			return ndl_irp_complete(irp, STATUS_NOT_SUPPORTED, 0);
		return ndl_irp_complete(irp, STATUS_SUCCESS, 0);
	case IRP_MJ_SYSTEM_CONTROL:
		return ndl_irp_complete(irp, irp->IoStatus.Status,
					irp->IoStatus.Information);
	}
	return ndl_irp_complete(irp, STATUS_INVALID_DEVICE_REQUEST, 0);
}

static DRIVER_OBJECT *bus_driver(enum ndl_pdo_bus bus)
{
	static const char *const names[] = { "PCI", "USB", "ROOT" };
	DRIVER_OBJECT *drv = &bus_drivers[bus];
	u32 i;

	if (drv->Type)
		return drv;
	drv->Size = sizeof(*drv);
	for (i = 0; i <= IRP_MJ_MAXIMUM_FUNCTION; i++)
		drv->MajorFunction[i] = pdo_dispatch;
	drv->DriverName.Buffer = NULL;	/* named in logs only */
	ndl_dbg("bus driver \\Driver\\%s ready", names[bus]);
	drv->Type = IO_TYPE_DRIVER;
	return drv;
}

NTSTATUS ndl_pdo_create(const struct ndl_pdo_desc *desc,
			const struct ndl_pdo_ops *ops, void *ctx,
			DEVICE_OBJECT **out)
{
	static const char *const prefix[] = { "PCI", "USB", "ROOT" };
	struct ndl_devobj *d;
	char name[40];
	NTSTATUS st;

	*out = NULL;
	if (!desc || desc->bus > NDL_PDO_BUS_ROOT)
		return STATUS_INVALID_PARAMETER;
	ndl_snprintf(name, sizeof(name), "\\Device\\NTPNP_%s%04u",
		     prefix[desc->bus],
		     __atomic_add_fetch(&pdo_serial, 1, __ATOMIC_RELAXED));
	st = ndl_device_create(bus_driver(desc->bus), sizeof(struct ndl_pdo),
			       name, desc->bus == NDL_PDO_BUS_PCI ?
			       FILE_DEVICE_BUS_EXTENDER : FILE_DEVICE_UNKNOWN,
			       0, out);
	if (!NT_SUCCESS(st))
		return st;
	d = ndl_devobj(*out);
	d->pdo = (*out)->DeviceExtension;
	d->pdo->desc = *desc;
	d->pdo->ops = ops;
	d->pdo->ctx = ctx;
	(*out)->Flags &= ~DO_DEVICE_INITIALIZING;
	(*out)->Flags |= DO_POWER_PAGABLE;
	return STATUS_SUCCESS;
}

void ndl_pdo_delete(DEVICE_OBJECT *pdo)
{
	if (!pdo)
		return;
	ndl_links_drop_pdo(pdo);
	ndl_interrupts_release(pdo, NULL, 0);
	ndl_device_delete(pdo);
}

u32 ndl_pdo_add_id(char *buf, u32 size, u32 at, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	if (at + 1 >= size)
		return at;
	va_start(ap, fmt);
	n = ndl_vsnprintf(buf + at, size - at - 1, fmt, ap);
	va_end(ap);
	if (at + n + 2 > size)
		return at;
	return at + (u32)n + 1;
}

/* The IDs Windows' PCI bus driver reports, most specific first. */
void ndl_pdo_desc_pci(struct ndl_pdo_desc *d, u32 bus, u32 dev, u32 fn,
		      u16 vendor, u16 device, u16 subvendor, u16 subdevice,
		      u8 revision, u32 class_code)
{
	u32 h = 0, c = 0, cc = class_code & 0xffffff, cls = cc >> 8;
	char vd[24];

	ndl_memset(d, 0, sizeof(*d));
	d->bus = NDL_PDO_BUS_PCI;
	d->bus_number = bus;
	d->address = (dev << 16) | fn;
	d->ui_number = ~0u;
	ndl_snprintf(vd, sizeof(vd), "PCI\\VEN_%04X&DEV_%04X", vendor, device);
	h = ndl_pdo_add_id(d->hardware_ids, sizeof(d->hardware_ids), h,
		   "%s&SUBSYS_%04X%04X&REV_%02X", vd, subdevice, subvendor,
		   revision);
	h = ndl_pdo_add_id(d->hardware_ids, sizeof(d->hardware_ids), h,
		   "%s&SUBSYS_%04X%04X", vd, subdevice, subvendor);
	h = ndl_pdo_add_id(d->hardware_ids, sizeof(d->hardware_ids), h, "%s&CC_%06X",
		   vd, cc);
	h = ndl_pdo_add_id(d->hardware_ids, sizeof(d->hardware_ids), h, "%s&CC_%04X",
		   vd, cls);
	d->hardware_ids_len = h + 1;
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c,
		   "%s&REV_%02X", vd, revision);
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c, "%s", vd);
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c,
		   "PCI\\VEN_%04X&CC_%06X", vendor, cc);
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c,
		   "PCI\\VEN_%04X&CC_%04X", vendor, cls);
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c,
		   "PCI\\VEN_%04X", vendor);
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c,
		   "PCI\\CC_%06X", cc);
	c = ndl_pdo_add_id(d->compatible_ids, sizeof(d->compatible_ids), c,
		   "PCI\\CC_%04X", cls);
	d->compatible_ids_len = c + 1;
	ndl_snprintf(d->location, sizeof(d->location),
		     "PCI bus %u, device %u, function %u", bus, dev, fn);
	ndl_snprintf(d->enumerator, sizeof(d->enumerator), "PCI");
	ndl_snprintf(d->class_guid, sizeof(d->class_guid),
		     "{4d36e972-e325-11ce-bfc1-08002be10318}");
	ndl_snprintf(d->driver_key, sizeof(d->driver_key), "%s\\0000",
		     d->class_guid);
}
