/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One HTTP request as the handlers see it: the matched route and its path
 * arguments, who is asking, the body (JSON or uploaded files) and the extra
 * response headers to send. Lives from the first access-handler call of a
 * request to its completion.
 */
#ifndef WC_REQUEST_H
#define WC_REQUEST_H

#include <microhttpd.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "errors.h"

struct wc_server;
struct wc_route;
struct wc_upload;

#define WC_MAX_ARGS	2
#define WC_ARG_MAX	128
#define WC_MAX_EXTRA_HEADERS 4

enum wc_auth {
	WC_AUTH_NONE,
	WC_AUTH_BEARER,		/* Authorization: Bearer <token> */
	WC_AUTH_SESSION,	/* browser session cookie (+ CSRF on changes) */
};

struct wc_header {
	const char *name;
	char value[256];
};

struct wc_request {
	struct wc_server *srv;
	struct MHD_Connection *conn;
	const char *method;
	const char *url;
	struct timespec started;

	const struct wc_route *route;
	char args[WC_MAX_ARGS][WC_ARG_MAX];	/* path arguments, in order */
	enum wc_auth auth;
	char session[65];			/* session id when WC_AUTH_SESSION */

	/* Body: a JSON or text body is collected here; uploads go to files. */
	size_t received;	/* body bytes so far */
	char *body;
	size_t body_len;
	size_t body_cap;
	struct wc_upload *upload;

	/* An error found while reading the body, answered at its end. */
	bool failed;
	enum wc_err fail_code;
	char fail_msg[256];

	bool replied;
	unsigned int status;			/* for the access log */
	struct wc_header extra[WC_MAX_EXTRA_HEADERS];
	int nextra;
};

/* Records an error to answer once the body has been read (first one wins). */
void wc_request_fail(struct wc_request *req, enum wc_err code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Adds a response header for this request's answer (ignored when full). */
void wc_request_header(struct wc_request *req, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A request header or query argument (NULL when absent). */
const char *wc_request_get_header(struct wc_request *req, const char *name);
const char *wc_request_get_query(struct wc_request *req, const char *name);
/*
 * A true/false query argument ("true"/"1", "false"/"0") into *out, false
 * when absent; anything else is answered 400 and returns false.
 */
bool wc_request_query_bool(struct wc_request *req, const char *name, bool *out);
/* true when the body was JSON-parsed into *out (an object); else answered. */
bool wc_request_json(struct wc_request *req, json_object **out);

#endif
