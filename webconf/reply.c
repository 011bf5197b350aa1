// SPDX-License-Identifier: GPL-2.0-only
/* Building and queueing responses with the security headers every one needs. */
#include "reply.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "log.h"

/*
 * No inline script or style anywhere: pages load their code from /assets.
 * Brand logos are images from /brand; data: only for images.
 */
static const char csp[] =
	"default-src 'none'; script-src 'self'; style-src 'self'; "
	"img-src 'self' data:; connect-src 'self'; font-src 'self'; "
	"form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

static void add_security_headers(struct MHD_Response *r, bool is_api)
{
	MHD_add_response_header(r, "Content-Security-Policy", csp);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, "Cross-Origin-Opener-Policy", "same-origin");
	MHD_add_response_header(r, "Cross-Origin-Resource-Policy", "same-origin");
	MHD_add_response_header(r, "Permissions-Policy",
				"camera=(), microphone=(), geolocation=()");
	/* API answers carry state and secrets (CSRF token): never cache them. */
	MHD_add_response_header(r, "Cache-Control", is_api ? "no-store" : "no-cache");
}

static enum MHD_Result queue(struct wc_request *req, unsigned int status,
			     const char *content_type, struct MHD_Response *r)
{
	enum MHD_Result ret;

	if (!r) {
		wc_log("out of memory building a response for %s", req->url);
		return MHD_NO;
	}
	add_security_headers(r, !strncmp(req->url, "/api/", 5));
	if (content_type)
		MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
	for (int i = 0; i < req->nextra; i++)
		MHD_add_response_header(r, req->extra[i].name, req->extra[i].value);
	ret = MHD_queue_response(req->conn, status, r);
	MHD_destroy_response(r);
	req->replied = true;
	req->status = status;
	return ret;
}

enum MHD_Result wc_reply_data(struct wc_request *req, unsigned int status,
			      const char *content_type, const void *data, size_t len)
{
	return queue(req, status, content_type,
		     MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_MUST_COPY));
}

enum MHD_Result wc_reply_static(struct wc_request *req, unsigned int status,
				const char *content_type, const void *data, size_t len)
{
	return queue(req, status, content_type,
		     MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_PERSISTENT));
}

enum MHD_Result wc_reply_json(struct wc_request *req, unsigned int status, json_object *obj)
{
	enum MHD_Result ret;
	size_t len;
	const char *s;

	if (!obj)
		return wc_reply_error(req, WC_E_INTERNAL, "out of memory");
	s = json_object_to_json_string_length(obj, JSON_C_TO_STRING_PLAIN |
					      JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	if (!s) {
		json_object_put(obj);
		return wc_reply_error(req, WC_E_INTERNAL, "cannot serialise the answer");
	}
	ret = wc_reply_data(req, status, "application/json", s, len);
	json_object_put(obj);
	return ret;
}

static enum MHD_Result reply_error(struct wc_request *req, enum wc_err code,
				   const char *message, const char *hint, const char *field)
{
	json_object *err = json_object_new_object();
	json_object *root = json_object_new_object();

	json_object_object_add(err, "code", json_object_new_string(wc_err_name(code)));
	json_object_object_add(err, "message", json_object_new_string(message));
	if (hint && *hint)
		json_object_object_add(err, "hint", json_object_new_string(hint));
	if (field && *field)
		json_object_object_add(err, "field", json_object_new_string(field));
	json_object_object_add(root, "error", err);
	if (wc_err_status(code) >= 500)
		wc_log("%s %s: %s: %s", req->method, req->url, wc_err_name(code), message);
	return wc_reply_json(req, wc_err_status(code), root);
}

enum MHD_Result wc_reply_error(struct wc_request *req, enum wc_err code, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return reply_error(req, code, msg, NULL, NULL);
}

enum MHD_Result wc_reply_fault(struct wc_request *req, const struct wc_fault *f)
{
	return reply_error(req, f->code, f->message, f->hint, f->field);
}

enum MHD_Result wc_reply_redirect(struct wc_request *req, const char *location)
{
	wc_request_header(req, "Location", "%s", location);
	return wc_reply_data(req, 303, NULL, "", 0);
}
