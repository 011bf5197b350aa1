/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The driver store, $NDISLOAD_ROOT/var/lib/ndisload/drivers/<name>/: the
 * package's original files plus manifest.json (files with SHA-256, device
 * IDs, install sections with registry values and parameters, the runtime's
 * pre-flight report). Installing is atomic: everything is staged in a
 * sibling directory, read back and verified, then renamed into place
 * (replacing an older install in one step).
 */
#ifndef NDL_STORE_H
#define NDL_STORE_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "lib/err.h"

#define STORE_MAX_FILES		16		/* files in one install request */
#define STORE_MAX_FILE_SIZE	(32u << 20)	/* the module's per-file limit */
#define STORE_MAX_TOTAL		(64u << 20)

/* One file handed in: a name and an open descriptor (never a path). */
struct store_input {
	const char *name;
	int fd;
};

struct store_install_opts {
	const char *name;	/* driver name; NULL: from the .inf's name */
	const char *inf;	/* main .inf; NULL: the only network .inf */
	const char *staging;	/* continue an incomplete upload */
	const char *client;	/* whose upload (staging.h); NULL: "local" */
	bool allow_incomplete;	/* keep files and say what is missing */
	bool preview;		/* stop before writing: {"state": "preview", "manifest"} */
	const char *locale;
};

/*
 * Installs a package. Returns the result object: {"state": "installed",
 * "driver": {...}, "replaced": bool, "ignored": [...], "warnings": [...]} or,
 * with allow_incomplete, {"state": "incomplete", "staging", "missing",
 * "have"}. NULL with err set on failure (nothing in the store changed).
 */
json_object *store_install(const struct store_input *in, size_t n,
			   const struct store_install_opts *opt,
			   struct ndl_err *err);
/* Removes a driver; refused while bound (config) unless force. */
int store_remove(const char *name, bool force, json_object **result,
		 struct ndl_err *err);
/* The manifest of an installed driver (caller puts it). */
json_object *store_manifest(const char *name, struct ndl_err *err);
/* The manifests of all installed drivers (a JSON array; unreadable ones left out). */
json_object *store_all_manifests(void);
/* Names of installed drivers, sorted (a JSON array). */
json_object *store_names(struct ndl_err *err);
/* The protocol's driver object from a manifest plus configuration. */
json_object *store_driver_json(json_object *manifest);
/* Path of a stored file of a driver (the name as the manifest has it). */
bool store_file_path(const char *driver, const char *file, char *out, size_t size);

#endif
