// SPDX-License-Identifier: GPL-2.0-only
/*
 * An adapter's device stack, as Windows builds it: a PDO from the bus
 * driver for the bound device (its PCI location and IDs, so
 * IoGetDeviceProperty answers from the real device) and the miniport's
 * FDO on top, whose extension is the NDIS_MINIPORT_BLOCK.
 * NdisMGetDeviceProperty hands out both and the next-lower object. A USB
 * adapter's PDO is the USB device's (usb/usb_bus.h), where the miniport
 * sends its URBs; it belongs to the USB device and outlives the adapter.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_io.h"
#include "nt/nt_exports.h"
#include "usb/usb_bus.h"

static u32 pci_config(void *ctx, bool write, u32 off, void *buf, u32 len)
{
	struct ndl_adapter *ad = ctx;

	return write ? ndl_os_pci_config_write(ad->dev, off, buf, len) :
		       ndl_os_pci_config_read(ad->dev, off, buf, len);
}

static const struct ndl_pdo_ops pci_ops = { .config = pci_config };

/* A registry string of the adapter (from the .inf), if any. */
static void reg_str(struct ndl_adapter *ad, const char *name, char *out,
		    u32 len)
{
	struct ndl_reg_entry e;

	if (ndl_reg_get(ad->reg, name, &e) && e.type == NDL_REG_T_SZ)
		ndl_snprintf(out, len, "%s", (const char *)e.data);
}

static void describe(struct ndl_adapter *ad, struct ndl_pdo_desc *d)
{
	struct ndl_os_pci_id id;

	if (ad->dev) {
		ndl_os_dev_pci_id(ad->dev, &id);
		ndl_pdo_desc_pci(d, id.bus, id.slot, id.function, id.vendor,
				 id.device, id.subvendor, id.subdevice,
				 id.revision, id.class_code);
	} else {
		ndl_memset(d, 0, sizeof(*d));
		d->bus = NDL_PDO_BUS_ROOT;
		d->ui_number = ~0u;
		ndl_snprintf(d->enumerator, sizeof(d->enumerator), "ROOT");
		ndl_snprintf(d->class_guid, sizeof(d->class_guid),
			     "{4d36e972-e325-11ce-bfc1-08002be10318}");
		ndl_snprintf(d->driver_key, sizeof(d->driver_key), "%s\\0000",
			     d->class_guid);
	}
	reg_str(ad, "DriverDesc", d->description, sizeof(d->description));
	reg_str(ad, "ProviderName", d->manufacturer, sizeof(d->manufacturer));
	ndl_snprintf(d->service, sizeof(d->service), "%s", ad->drv->name);
	d->os_dev = ad->dev;
	d->resources = ad->cm_list;
	d->resources_len = (u32)((u8 *)ad->resources - (u8 *)ad->cm_list) +
			   ad->resources_size;
}

/* The bus driver's PDO for a PCI or root-enumerated adapter. */
static int pdo_create(struct ndl_adapter *ad)
{
	/* Off the stack: ~850 bytes, past the frame limit under KASAN. */
	struct ndl_pdo_desc *d = ndl_alloc(sizeof(*d), NDL_OS_ZERO);
	NTSTATUS st;

	if (!d)
		return -NDL_ENOMEM;
	describe(ad, d);
	st = ndl_pdo_create(d, ad->dev ? &pci_ops : NULL, ad, &ad->pdo);
	ndl_free(d);
	return NT_SUCCESS(st) ? 0 : -NDL_ENOMEM;
}

int ndl_adapter_devobjs_create(struct ndl_adapter *ad)
{
	NDIS_MINIPORT_BLOCK *b = &ad->block;

	if (ad->usb)
		ad->pdo = ndl_usb_dev_pdo(ad->usb);
	else if (pdo_create(ad))
		return -NDL_ENOMEM;
	if (!NT_SUCCESS(ndl_device_create(&ad->drv->object, 0, NULL,
					  FILE_DEVICE_PHYSICAL_NETCARD, 0,
					  &ad->fdo))) {
		if (!ad->usb)
			ndl_pdo_delete(ad->pdo);
		ad->pdo = NULL;
		return -NDL_ENOMEM;
	}
	ad->fdo->DeviceExtension = b;
	ndlw_IoAttachDeviceToDeviceStack(ad->fdo, ad->pdo);
	ad->fdo->Flags &= ~DO_DEVICE_INITIALIZING;
	b->DeviceObject = ad->fdo;
	b->PhysicalDeviceObject = ad->pdo;
	b->NextDeviceObject = ndl_device_lower(ad->fdo);
	return 0;
}

void ndl_adapter_devobjs_destroy(struct ndl_adapter *ad)
{
	if (ad->fdo) {
		ndlw_IoDetachDevice(ad->pdo);
		ndl_device_delete(ad->fdo);
	}
	if (!ad->usb)
		ndl_pdo_delete(ad->pdo);
	ad->fdo = ad->pdo = NULL;
	ad->block.DeviceObject = NULL;
	ad->block.PhysicalDeviceObject = NULL;
	ad->block.NextDeviceObject = NULL;
}
