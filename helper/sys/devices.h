/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Network devices as sysfs shows them ($NDISLOAD_ROOT/sys, a fake tree in
 * tests): PCI functions and USB devices, their IDs, the Linux driver bound
 * to them and their interfaces; and which installed Windows drivers match
 * each, best first, as Windows ranks hardware IDs.
 */
#ifndef NDL_DEVICES_H
#define NDL_DEVICES_H

#include <json-c/json.h>
#include <stdbool.h>

#include "store/conf.h"
#include "lib/err.h"
#include "inf/hwid.h"

#define DEV_MAX_IFACES 4
#define DEV_MAX_FUNCS 8		/* USB interfaces considered */

struct ndl_device {
	char id[32];		/* "0000:00:03.0" or USB "1-1.2" */
	struct hwid_device hw;	/* the device (USB: mi = -1) */
	struct hwid_device funcs[DEV_MAX_FUNCS];	/* USB interfaces */
	int nfuncs;
	char linux_driver[64];	/* "" when none */
	char ifaces[DEV_MAX_IFACES][16];
	int nifaces;
	bool network;		/* a network class or interface */
};

/* The base name of the symlink dir/link points to ("" if none). */
void devices_link_base(const char *dir, const char *link, char *out, size_t size);
/* All PCI and USB devices (malloc'ed array). */
int devices_scan(struct ndl_device **out, size_t *n, struct ndl_err *err);
/* Finds a device by id in a scan, or NULL. */
const struct ndl_device *devices_find(const struct ndl_device *devs, size_t n,
				      const char *id);

struct dev_match {
	long rank;		/* -1: no match */
	int model;		/* index into manifest "models" */
	char id[HWID_MAX];	/* the .inf's ID that matched best */
};

/* How well a driver (its manifest) fits a device. */
void device_match(const struct ndl_device *d, json_object *manifest,
		  struct dev_match *m);
/*
 * The protocol's device object. manifests: the installed drivers'
 * manifests (array); bindings: bindings.conf.
 */
json_object *device_json(const struct ndl_device *d, json_object *manifests,
			 const struct conf *bindings);
/* Is the Linux driver bound to d one of ndisload's own? */
bool device_owned_by_us(const struct ndl_device *d);

#endif
