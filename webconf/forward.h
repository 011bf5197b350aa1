/* SPDX-License-Identifier: GPL-2.0-only */
/* Endpoint side of the helper: ask it, answer its result or its error. */
#ifndef WC_FORWARD_H
#define WC_FORWARD_H

#include <json-c/json.h>
#include <stdbool.h>

#include "request.h"

/*
 * Runs op with args (consumed; NULL for none) and files; on failure answers
 * the request with the mapped error and returns false.
 */
bool wc_ask(struct wc_request *req, const char *op, json_object *args,
	    const int *fds, unsigned int nfds, json_object **result);
/* wc_ask, then answers status with the result as it is. */
enum MHD_Result wc_forward(struct wc_request *req, unsigned int status, const char *op,
			   json_object *args);
/* {"name": value} as a new object: the usual one-argument helper call. */
json_object *wc_args1(const char *name, const char *value);

#endif
