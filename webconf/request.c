// SPDX-License-Identifier: GPL-2.0-only
/* Accessors of a request: headers, query, deferred errors, extra headers. */
#include "request.h"

#include <stdarg.h>
#include <stdio.h>

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
