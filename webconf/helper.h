/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Client of the root helper's socket (docs/helper-protocol.md): one
 * SOCK_SEQPACKET connection per call, one JSON request with the files as
 * SCM_RIGHTS descriptors, one JSON response (inline, or a large one in a
 * sealed memfd passed with it).
 */
#ifndef WC_HELPER_H
#define WC_HELPER_H

#include <json-c/json.h>

#include "errors.h"

#define WC_HELPER_MAX_MSG	(64 * 1024)
#define WC_HELPER_MAX_FDS	16
#define WC_HELPER_MAX_REPLY	(64 << 20)	/* = the helper's SERVE_MAX_REPLY */

/*
 * Runs op with args (borrowed; NULL for none) and fds (borrowed, may be
 * NULL). On success returns 0 and *result (owned by the caller, an object).
 * On failure returns -1 with f set: the helper's own error, or one saying
 * why the helper could not be asked.
 */
int wc_helper_call(const char *socket_path, unsigned int timeout_s, const char *op,
		   json_object *args, const int *fds, unsigned int nfds,
		   json_object **result, struct wc_fault *f);

#endif
