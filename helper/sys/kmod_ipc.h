/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel transport: every ioctl on /dev/ndisload goes through here
 * (module/uapi/ndisload.h describes the ABI). Errors become messages that
 * say what the module refused and what to do.
 */
#ifndef NDL_KMOD_IPC_H
#define NDL_KMOD_IPC_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "lib/err.h"
#include "ndisload.h"

int kmod_version(struct ndl_version *v, struct ndl_err *err);
/* a->hdr and the array sizes are filled in here. */
int kmod_add_driver(struct ndl_add_driver *a, struct ndl_err *err);
int kmod_remove_driver(const char *name, bool force, struct ndl_err *err);
/*
 * Virtual adapters: at < 0 takes the lowest free instance, else exactly
 * that one; *instance says which was made.
 */
int kmod_add_virtual(const char *driver, int at, unsigned *instance,
		     struct ndl_err *err);
int kmod_remove_virtual(const char *driver, unsigned instance, bool force,
			struct ndl_err *err);
/* malloc'ed arrays; driver NULL for every driver's devices. */
int kmod_list_drivers(struct ndl_driver_info **out, size_t *n,
		      struct ndl_err *err);
int kmod_list_devices(const char *driver, struct ndl_device_info **out,
		      size_t *n, struct ndl_err *err);
/* {"loaded", "release", "abi", "features", "drivers", "devices"[, "error"]} */
json_object *kmod_status_json(void);
/* A listed device's name: "0000:00:03.0", or "virtual.N" for instance N. */
void kmod_device_str(const struct ndl_device_info *d, char *out, size_t size);
/* "0000:00:03.0" of a location. */
void kmod_location_str(const struct ndl_pci_location *l, char *out, size_t size);
bool kmod_parse_location(const char *s, struct ndl_pci_location *l);

#endif
