/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Virtual (root-enumerated) adapters: `ndisload add-virtual` and
 * `remove-virtual`. A driver whose .inf names no bus device gets adapters
 * on request; the module makes each one (NDL_IOC_ADD_VIRTUAL) and this file
 * keeps their instance numbers in virtual.conf (config.h), so that loading
 * the driver (at boot: `load --all`) brings the same instances back. Each
 * instance has its own locally administered MAC address, derived from the
 * driver's name, the instance number and the machine's ID (the same on every
 * load, different on another machine), which the driver reads as its
 * NetworkAddress parameter unless the user set one.
 */
#ifndef NDL_VIRT_H
#define NDL_VIRT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/err.h"

/* "02xxxxxxxxxx": 12 hex digits, as the NetworkAddress value holds them. */
void virt_mac_text(const char *driver, unsigned instance, char out[13]);
/* {"driver", "added": [adapter], "adapters": [adapter]} (virt_list's form). */
json_object *virt_add(const char *driver, int count, struct ndl_err *err);
/* instance < 0: every adapter of the driver. {"driver", "removed": [n]} */
json_object *virt_remove(const char *driver, int instance, bool force,
			 struct ndl_err *err);
/* The saved instances of a driver just loaded; failures go to notes. */
json_object *virt_restore(const char *driver, json_object *notes);
/*
 * Saved and running adapters (driver NULL: of every driver), each
 * {"driver", "instance", "device": "virtual.N", "mac", "saved", "state",
 * "interface", "up", "carrier", "error"}.
 */
json_object *virt_list(const char *driver);

#endif
