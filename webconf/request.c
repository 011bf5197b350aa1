// SPDX-License-Identifier: GPL-2.0-only
/* Accessors of a request: headers, query, deferred errors, extra headers. */
#include "request.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "reply.h"

void wc_request_fail(struct wc_request *req, enum wc_err code, const char *fmt, ...)
{
	va_list ap;

	if (req->failed)
		return;
	req->failed = true;
	req->fail_code = code;
	va_start(ap, fmt);
	vsnprintf(req->fail_msg, sizeof(req->fail_msg), fmt, ap);
	va_end(ap);
}

void wc_request_header(struct wc_request *req, const char *name, const char *fmt, ...)
{
	va_list ap;

	if (req->nextra >= WC_MAX_EXTRA_HEADERS)
		return;
	req->extra[req->nextra].name = name;
	va_start(ap, fmt);
	vsnprintf(req->extra[req->nextra].value, sizeof(req->extra[0].value), fmt, ap);
	va_end(ap);
	req->nextra++;
}

const char *wc_request_get_header(struct wc_request *req, const char *name)
{
	return MHD_lookup_connection_value(req->conn, MHD_HEADER_KIND, name);
}

const char *wc_request_get_query(struct wc_request *req, const char *name)
{
	return MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, name);
}

bool wc_request_query_bool(struct wc_request *req, const char *name, bool *out)
{
	const char *v = wc_request_get_query(req, name);

	*out = false;
	if (!v || !strcmp(v, "0") || !strcmp(v, "false"))
		return true;
	if (!strcmp(v, "1") || !strcmp(v, "true")) {
		*out = true;
		return true;
	}
	wc_reply_error(req, WC_E_BAD_REQUEST, "%s must be true or false", name);
	return false;
}
