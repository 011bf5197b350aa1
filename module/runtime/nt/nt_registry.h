/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The registry drivers reach through Zw*Key, Rtl*Registry* and
 * IoOpenDeviceRegistryKey, mapped onto the runtime's typed value stores
 * (ndis_registry.h):
 *
 *   \Registry\Machine\System\CurrentControlSet\Services\<driver>[\...]
 *       the driver's service key: a store per loaded driver, which the
 *       host may seed before DriverEntry (ndl_regkey_service_values);
 *   \Registry\Machine\System\CurrentControlSet\Control\Class\
 *     {4D36E972-E325-11CE-BFC1-08002BE10318}\NNNN[\...]
 *       a device's driver key (PLUGPLAY_REGKEY_DRIVER): the very store
 *       NdisReadConfiguration reads, so both see the same values and types;
 *   the device's hardware key "Device Parameters" (PLUGPLAY_REGKEY_DEVICE):
 *       a store of its own per device, reachable only through
 *       IoOpenDeviceRegistryKey, seeded with the .inf's [<install>.HW]
 *       AddReg values (ndl_regkey_device_add_hw).
 *
 * Everything else in the Windows registry does not exist here. Writes go
 * to the in-memory stores and last as long as the driver (service key) or
 * the device (driver and hardware keys); nothing is written to disk, as
 * with NdisWriteConfiguration.
 */
#ifndef NDL_NT_REGISTRY_H
#define NDL_NT_REGISTRY_H

#include "ndis/ndis_registry.h"
#include "nt/nt_ob.h"

struct ndl_driver;

/* driver.c: a service store per driver, from load to unload (PASSIVE). */
int ndl_regkey_service_add(struct ndl_driver *drv);
void ndl_regkey_service_remove(struct ndl_driver *drv);
/* The driver's service key values, for the host to seed ("Parameters\\X"). */
struct ndl_reg *ndl_regkey_service_values(struct ndl_driver *drv);

/*
 * The NDIS layer registers each adapter's registry as a device driver key
 * (numbered from 0000 in order of registration) and its device objects,
 * which IoOpenDeviceRegistryKey accepts. Remove before the store is freed:
 * handles still open on it then fail with STATUS_KEY_DELETED.
 */
int ndl_regkey_device_add(struct ndl_reg *reg, DEVICE_OBJECT *pdo,
			  DEVICE_OBJECT *fdo);
/*
 * The same, with hw (not NULL) as the device's hardware key, which the
 * .inf's [<install>.HW] AddReg fills on Windows: taken over on success,
 * still the caller's on failure.
 */
int ndl_regkey_device_add_hw(struct ndl_reg *reg, struct ndl_reg *hw,
			     DEVICE_OBJECT *pdo, DEVICE_OBJECT *fdo);
void ndl_regkey_device_remove(struct ndl_reg *reg);
/*
 * The device's driver key name relative to ...\Control\Class, e.g.
 * "{4D36E972-E325-11CE-BFC1-08002BE10318}\\0000" (IoGetDeviceProperty's
 * DevicePropertyDriverKeyName); false if pdo is not registered.
 */
bool ndl_regkey_device_name(DEVICE_OBJECT *pdo, char *buf, u32 len);

/* Internal to nt_registry.c / nt_rtl_registry.c. */
struct ndl_regkey;
NTSTATUS ndl_regkey_open_path(const char *abs, bool create,
			      struct ndl_regkey **out);
NTSTATUS ndl_regkey_from_handle(HANDLE h, struct ndl_regkey **out);
/* A value's data as drivers see it (strings UTF-16); ndl_free *data. */
NTSTATUS ndl_regkey_get(struct ndl_regkey *k, const char *name, u32 *type,
			u8 **data, u32 *len);
NTSTATUS ndl_regkey_set(struct ndl_regkey *k, const char *name, u32 type,
			const void *data, u32 len);
NTSTATUS ndl_regkey_delete_value(struct ndl_regkey *k, const char *name);
/* The i-th value of the key; STATUS_NO_MORE_ENTRIES past the end. */
NTSTATUS ndl_regkey_value_at(struct ndl_regkey *k, u32 i, char *name,
			     u32 nlen, u32 *type, u8 **data, u32 *len);
void ndl_regkey_put(struct ndl_regkey *k);

#define REG_NONE		0
#define REG_SZ			1
#define REG_EXPAND_SZ		2
#define REG_BINARY		3
#define REG_DWORD		4
#define REG_MULTI_SZ		7
#define REG_QWORD		11

#endif
