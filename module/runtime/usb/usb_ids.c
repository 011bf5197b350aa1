// SPDX-License-Identifier: GPL-2.0-only
/*
 * The IDs Windows' USB hub driver reports for a device (or, with &MI_xx,
 * for one interface of a composite device), most specific first; .inf
 * files match on them.
 */
#include "usb/usb_priv.h"
#include "nt/nt_device.h"
#include "core/fmt.h"

void ndl_pdo_desc_usb(struct ndl_pdo_desc *d, u16 vendor, u16 product,
		      u16 bcd_device, int interface, u8 cls, u8 subclass,
		      u8 protocol, u32 bus, u32 port)
{
	u32 h = 0, c = 0, hsz = sizeof(d->hardware_ids);
	u32 csz = sizeof(d->compatible_ids);
	char vp[32], mi[8] = "";

	ndl_memset(d, 0, sizeof(*d));
	d->bus = NDL_PDO_BUS_USB;
	d->bus_number = bus;
	d->address = port;
	d->ui_number = port;
	ndl_snprintf(vp, sizeof(vp), "USB\\VID_%04X&PID_%04X", vendor,
		     product);
	if (interface >= 0)
		ndl_snprintf(mi, sizeof(mi), "&MI_%02X", interface & 0xff);
	h = ndl_pdo_add_id(d->hardware_ids, hsz, h, "%s&REV_%04X%s", vp,
			   bcd_device, mi);
	h = ndl_pdo_add_id(d->hardware_ids, hsz, h, "%s%s", vp, mi);
	d->hardware_ids_len = h + 1;
	c = ndl_pdo_add_id(d->compatible_ids, csz, c,
			   "USB\\Class_%02X&SubClass_%02X&Prot_%02X", cls,
			   subclass, protocol);
	c = ndl_pdo_add_id(d->compatible_ids, csz, c,
			   "USB\\Class_%02X&SubClass_%02X", cls, subclass);
	c = ndl_pdo_add_id(d->compatible_ids, csz, c, "USB\\Class_%02X", cls);
	d->compatible_ids_len = c + 1;
	ndl_snprintf(d->location, sizeof(d->location), "Port_#%04u.Hub_#%04u",
		     port, bus);
	ndl_snprintf(d->enumerator, sizeof(d->enumerator), "USB");
	ndl_snprintf(d->class_guid, sizeof(d->class_guid),
		     "{4d36e972-e325-11ce-bfc1-08002be10318}");
	ndl_snprintf(d->driver_key, sizeof(d->driver_key), "%s\\0000",
		     d->class_guid);
}
