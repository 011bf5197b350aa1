/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-driver compatibility settings: a fixed table of named settings, each
 * "auto" (the module decides per device), "on" or "off", stored in
 * $NDISLOAD_ROOT/etc/ndisload/compat/<driver>.conf (section [compat], one
 * key per setting that is not auto; conf.h format, written atomically) and
 * pushed with the driver as NDL_COMPAT_* flags (module/uapi/ndisload.h).
 * docs/cli.md ("ndisload compat") and docs/runtime.md describe them.
 */
#ifndef NDL_COMPAT_H
#define NDL_COMPAT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/err.h"

struct compat_setting {
	const char *name;	/* key in the file and the protocol */
	const char *title;	/* for people */
	const char *cures;	/* the symptom it cures, in plain words */
	const char *automatic;	/* what "auto" does */
	uint32_t on, off;	/* NDL_COMPAT_* bits */
	uint32_t in_force;	/* NDL_DEVF_* bit when on at a device */
};

extern const struct compat_setting compat_settings[];
extern const size_t compat_nsettings;

const struct compat_setting *compat_find(const char *name);

/* The NDL_COMPAT_* flags of driver's stored settings; -1 with err if unreadable. */
int compat_flags(const char *driver, uint32_t *flags, struct ndl_err *err);
/* Forget a driver's settings (driver removal). */
void compat_drop(const char *driver);

/* Protocol operations driver.compat.get / driver.compat.set (ops.c table). */
json_object *op_compat_get(json_object *args, const int *fds, size_t nfds,
			   struct ndl_err *err);
json_object *op_compat_set(json_object *args, const int *fds, size_t nfds,
			   struct ndl_err *err);

#endif
