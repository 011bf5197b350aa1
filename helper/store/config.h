/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Persistent configuration in $NDISLOAD_ROOT/etc/ndisload (conf.h format):
 *
 *   bindings.conf        one section per device:
 *                          [0000:00:03.0]
 *                          driver = rtl8139
 *                          unbind_native = yes
 *   virtual.conf         one section per root-enumerated driver, the
 *                        instances of its virtual adapters:
 *                          [netvmini]
 *                          instances = 0 1
 *   params/<driver>.conf parameter overrides, [all] for every device of
 *                        the driver, [device 0000:00:03.0] for one; mode
 *                        0600 since drivers keep keys in parameters.
 *
 * Every write is atomic (temporary file, fsync, rename).
 */
#ifndef NDL_CONFIG_H
#define NDL_CONFIG_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "store/conf.h"
#include "lib/err.h"

#define CONFIG_ALL "all"

int config_bindings(struct conf *c, struct ndl_err *err);
int config_bindings_save(const struct conf *c, struct ndl_err *err);
/* The driver bound to a device, or NULL. */
const char *config_binding(const struct conf *c, const char *device);
/* Device ids bound to driver (array; empty when config unreadable). */
json_object *config_bound_to(const char *driver);
int config_unbind_driver(const char *driver, struct ndl_err *err);

/* Virtual adapters: bit n of the mask is instance n (at most 32). */
int config_virtual(struct conf *c, struct ndl_err *err);
int config_virtual_save(const struct conf *c, struct ndl_err *err);
uint32_t config_virtual_instances(const struct conf *c, const char *driver);
/* mask 0 drops the driver's section. */
void config_virtual_set(struct conf *c, const char *driver, uint32_t mask);
/* The instances saved for driver (0 when the file is unreadable). */
uint32_t config_virtual_of(const char *driver);
int config_virtual_drop(const char *driver, struct ndl_err *err);

/* Parameter overrides of one driver. */
int config_params(const char *driver, struct conf *c, struct ndl_err *err);
int config_params_save(const char *driver, const struct conf *c,
		       struct ndl_err *err);
void config_drop_params(const char *driver);
/* "device 0000:00:03.0" or "all" (device NULL) into buf. */
const char *config_params_section(const char *device, char *buf, size_t size);

#endif
