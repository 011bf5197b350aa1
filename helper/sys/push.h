/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `ndisload load`: pushing an installed driver into the module — its .sys
 * and data files (verified against the manifest's SHA-256), the device IDs
 * of the devices bound to it (all its PCI IDs when none is bound), and each
 * device's registry: the .inf's values, parameter defaults, then the user's
 * overrides ([all], then [device ADDRESS]).
 */
#ifndef NDL_PUSH_H
#define NDL_PUSH_H

#include <json-c/json.h>
#include <stdbool.h>

#include "lib/err.h"

struct push_opts {
	bool unbind_native;	/* take bound devices from native drivers */
	bool reload;		/* unload first if loaded (settings changed) */
};

/* One driver; result: {"driver", "bound", "owned", "ids", "notes"}. */
json_object *push_driver(const char *name, const struct push_opts *opt,
			 struct ndl_err *err);
/*
 * What `load` checks of DRIVER's files before they run, for isolated mode:
 * its .sys (SYS) and data files unchanged since installed (SHA-256), and
 * allowed by the license; 0, or -1 with err set.
 */
int push_check_files(const char *driver, const char *sys, struct ndl_err *err);
/* Drivers with bindings (or one): {"loaded", "skipped", "errors"}. */
json_object *push_load(const char *driver, const struct push_opts *opt,
		       struct ndl_err *err);

#endif
