/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `ndisload license` and the helper's license operations (license.get,
 * license.install, license.remove) and push check, on top of
 * libndllicense (licensing/ndl_license.h, docs/licensing.md).
 */
#ifndef NDL_CMD_LICENSE_H
#define NDL_CMD_LICENSE_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

/* ndisload license [status|hostid|install FILE|-|remove] [--json] */
int cmd_license(int argc, char **argv);

/*
 * The serve operations. Each returns a new status object (the "result" of
 * the response), or NULL with *code set to the protocol's error code
 * ("invalid" for a license that is refused, "internal" for I/O or a broken
 * brand) and msg to the message. All paths go through $NDISLOAD_ROOT.
 */
struct json_object *ndl_license_op_get(const char **code, char *msg, size_t msglen);
/* text: the license file as uploaded or pasted (args.text). */
struct json_object *ndl_license_op_install(const char *text, size_t len,
					   const char **code, char *msg, size_t msglen);
struct json_object *ndl_license_op_remove(const char **code, char *msg, size_t msglen);

/*
 * Before pushing a driver to the module: sha256 lists the lower-case hex
 * digests of the driver's files (the .sys at least). false: refuse with
 * protocol code "license" (CLI exit 6) and why as the message.
 */
bool ndl_license_push_allowed(const char *const *sha256, size_t n,
			      char *why, size_t whylen);

#endif
