/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The setup assistant's packages (ops package.open, package.install;
 * docs/helper-protocol.md "Setting up a card"): a vendor's driver package,
 * an archive (pkg_unpack.h) or loose files, is put into a private folder
 * NDL_PACKAGES_DIR/<id>/ (root only, at most PACKAGES_KEPT kept, each for
 * an hour); its .inf files are parsed and pre-flight checked as the store
 * would install them, and matched against this machine's devices, saying
 * which .inf line names which device. package.install then installs the
 * chosen .inf from that folder into the driver store.
 */
#ifndef NDL_PKG_SETUP_H
#define NDL_PKG_SETUP_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/err.h"

#define NDL_PACKAGES_DIR	"/var/lib/ndisload/packages"
#define PACKAGES_KEPT		2	/* opened packages kept at once */
#define PACKAGES_MAX_INFS	64	/* .inf files examined in one package */

/* Called while an archive unpacks (CLI progress bar); NULL for none. */
void pkg_setup_progress(void (*fn)(uint64_t done, uint64_t total, void *ctx), void *ctx);

json_object *op_package_open(json_object *args, const int *fds, size_t nfds,
			     struct ndl_err *err);
json_object *op_package_install(json_object *args, const int *fds, size_t nfds,
				struct ndl_err *err);

#endif
