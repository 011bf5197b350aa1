// SPDX-License-Identifier: GPL-2.0-only
/*
 * IoGetDeviceProperty: what the PnP manager knows about a PDO, served
 * from the bound device's description (struct ndl_pdo_desc: PCI location
 * and IDs, the driver's class and key). Strings are NUL-terminated WCHAR,
 * ID lists REG_MULTI_SZ, numbers ULONG, bus types GUIDs. As documented: a
 * buffer too small gives STATUS_BUFFER_TOO_SMALL with the length needed
 * in *ResultLength, an unknown property STATUS_INVALID_PARAMETER_2, a
 * device object that is not a PDO STATUS_INVALID_DEVICE_REQUEST, and a
 * property the device has no value for STATUS_OBJECT_NAME_NOT_FOUND (as
 * Windows answers for registry-backed properties that are absent).
 */
#include "nt/nt_device.h"
#include "nt/nt_status.h"
#include "nt/nt_registry.h"
#include "nt/nt_exports.h"

enum {
	DevicePropertyDeviceDescription, DevicePropertyHardwareID,
	DevicePropertyCompatibleIDs, DevicePropertyBootConfiguration,
	DevicePropertyBootConfigurationTranslated, DevicePropertyClassName,
	DevicePropertyClassGuid, DevicePropertyDriverKeyName,
	DevicePropertyManufacturer, DevicePropertyFriendlyName,
	DevicePropertyLocationInformation,
	DevicePropertyPhysicalDeviceObjectName, DevicePropertyBusTypeGuid,
	DevicePropertyLegacyBusType, DevicePropertyBusNumber,
	DevicePropertyEnumeratorName, DevicePropertyAddress,
	DevicePropertyUINumber, DevicePropertyInstallState,
	DevicePropertyRemovalPolicy, DevicePropertyResourceRequirements,
	DevicePropertyAllocatedResources, DevicePropertyContainerID,
};

/* INTERFACE_TYPE */
#define NDL_BUS_INTERNAL	0
#define NDL_BUS_PCI_TYPE	5
#define NDL_BUS_PNP_TYPE	15

static const GUID bus_guids[] = {
	/* GUID_BUS_TYPE_PCI */
	{ 0xc8ebdfb0, 0xb510, 0x11d0,
	  { 0x80, 0xe5, 0x00, 0xa0, 0xc9, 0x25, 0x42, 0xe3 } },
	/* GUID_BUS_TYPE_USB */
	{ 0x9d7debbc, 0xc85d, 0x11d1,
	  { 0x9e, 0xb4, 0x00, 0x60, 0x08, 0xc3, 0xa1, 0x9a } },
	/* GUID_BUS_TYPE_INTERNAL */
	{ 0x1530ea73, 0x086b, 0x11d1,
	  { 0xa0, 0x9f, 0x00, 0xc0, 0x4f, 0xc3, 0x40, 0xb1 } },
};

struct prop {
	const void *data;	/* bytes to return */
	u32 len;
	const char *str;	/* or an ASCII string / multi-sz to widen */
	u32 str_len;		/* chars incl. terminating NUL(s) */
	ULONG num;
};

static void set_str(struct prop *p, const char *s)
{
	p->str = s;
	p->str_len = s[0] ? ndl_strlen(s) + 1 : 0;
}

static void set_num(struct prop *p, ULONG v)
{
	p->num = v;
	p->data = &p->num;
	p->len = sizeof(ULONG);
}

static bool fill(const struct ndl_pdo_desc *d, const char *pdo_name,
		 const char *driver_key, ULONG prop, struct prop *p)
{
	switch (prop) {
	case DevicePropertyDeviceDescription:
		set_str(p, d->description);
		break;
	case DevicePropertyHardwareID:
		p->str = d->hardware_ids;
		p->str_len = d->hardware_ids_len;
		break;
	case DevicePropertyCompatibleIDs:
		p->str = d->compatible_ids;
		p->str_len = d->compatible_ids_len;
		break;
	case DevicePropertyBootConfiguration:
	case DevicePropertyBootConfigurationTranslated:
	case DevicePropertyAllocatedResources:
		p->data = d->resources;
		p->len = d->resources ? d->resources_len : 0;
		break;
	case DevicePropertyClassName:
		set_str(p, d->class_guid[0] ? "Net" : "");
		break;
	case DevicePropertyClassGuid:
		set_str(p, d->class_guid);
		break;
	case DevicePropertyDriverKeyName:
		set_str(p, driver_key);
		break;
	case DevicePropertyManufacturer:
		set_str(p, d->manufacturer);
		break;
	case DevicePropertyFriendlyName:
	case DevicePropertyResourceRequirements:
	case DevicePropertyContainerID:
		break;			/* never set here: not found */
	case DevicePropertyLocationInformation:
		set_str(p, d->location);
		break;
	case DevicePropertyPhysicalDeviceObjectName:
		set_str(p, pdo_name);
		break;
	case DevicePropertyBusTypeGuid:
		p->data = &bus_guids[d->bus];
		p->len = sizeof(GUID);
		break;
	case DevicePropertyLegacyBusType:
		set_num(p, d->bus == NDL_PDO_BUS_PCI ? NDL_BUS_PCI_TYPE :
			d->bus == NDL_PDO_BUS_USB ? NDL_BUS_PNP_TYPE :
			NDL_BUS_INTERNAL);
		break;
	case DevicePropertyBusNumber:
		set_num(p, d->bus_number);
		break;
	case DevicePropertyEnumeratorName:
		set_str(p, d->enumerator);
		break;
	case DevicePropertyAddress:
		set_num(p, d->address);
		break;
	case DevicePropertyUINumber:
		if (d->ui_number != ~0u)
			set_num(p, d->ui_number);
		break;
	case DevicePropertyInstallState:
		set_num(p, 0);		/* InstallStateInstalled */
		break;
	case DevicePropertyRemovalPolicy:
		/* RemovalPolicyExpectSurpriseRemoval / ...NoRemoval */
		set_num(p, d->bus == NDL_PDO_BUS_USB ? 3 : 1);
		break;
	default:
		return false;
	}
	return true;
}

NTSTATUS NTAPI ndlw_IoGetDeviceProperty(DEVICE_OBJECT *pdo, ULONG prop,
					ULONG len, void *buf, ULONG *result)
{
	struct ndl_devobj *d = ndl_devobj(pdo);
	const struct ndl_pdo_desc *desc = ndl_pdo_desc_of(pdo);
	struct prop p = { 0 };
	char key[96];
	u32 need, i;

	if (!desc || !result) {
		if (result)
			*result = 0;
		return STATUS_INVALID_DEVICE_REQUEST;
	}
	/* The registry's name for the device's driver key, if it has one. */
	if (!ndl_regkey_device_name(pdo, key, sizeof(key)))
		ndl_snprintf(key, sizeof(key), "%s", desc->driver_key);
	if (!fill(desc, d->name, key, prop, &p))
		return STATUS_INVALID_PARAMETER_2;
	need = p.str ? p.str_len * 2 : p.len;
	*result = need;
	if (!need)
		return STATUS_OBJECT_NAME_NOT_FOUND;
	if (len < need || !buf)
		return STATUS_BUFFER_TOO_SMALL;
	if (!p.str) {
		ndl_memcpy(buf, p.data, need);
		return STATUS_SUCCESS;
	}
	for (i = 0; i < p.str_len; i++)
		((WCHAR *)buf)[i] = (u8)p.str[i];
	return STATUS_SUCCESS;
}
