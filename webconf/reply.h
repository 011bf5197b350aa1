/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every response leaves through here, so each one carries the security
 * headers (CSP, nosniff, frame denial, no caching of API data) and errors
 * all have one shape: {"error": {"code", "message"[, "hint"]}}.
 */
#ifndef WC_REPLY_H
#define WC_REPLY_H

#include <json-c/json.h>
#include <microhttpd.h>

#include "errors.h"
#include "request.h"

/* Bytes are copied; content_type NULL for an empty body. */
enum MHD_Result wc_reply_data(struct wc_request *req, unsigned int status,
			      const char *content_type, const void *data, size_t len);
/* The same without copying: data must outlive the response (static pages). */
enum MHD_Result wc_reply_static(struct wc_request *req, unsigned int status,
				const char *content_type, const void *data, size_t len);
/* Takes ownership of obj. */
enum MHD_Result wc_reply_json(struct wc_request *req, unsigned int status, json_object *obj);
enum MHD_Result wc_reply_error(struct wc_request *req, enum wc_err code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
enum MHD_Result wc_reply_fault(struct wc_request *req, const struct wc_fault *f);
/* 303 See Other to a local path. */
enum MHD_Result wc_reply_redirect(struct wc_request *req, const char *location);

#endif
