/* SPDX-License-Identifier: GPL-2.0-only */
/* Collecting a small request body (JSON or text) under a size cap. */
#ifndef WC_BODY_H
#define WC_BODY_H

#include <stdbool.h>
#include <stddef.h>

#include "request.h"

/* Appends; past cap the request is failed with too_large and data dropped. */
void wc_body_append(struct wc_request *req, const char *data, size_t size, size_t cap);
/* true when the Content-Type's media type is mime (parameters ignored). */
bool wc_body_type_is(struct wc_request *req, const char *mime);

#endif
