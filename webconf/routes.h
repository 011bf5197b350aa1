/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The declarative route table: every URL the daemon answers, with its
 * method, who may call it, what body it takes and its handler. The router
 * answers 404 and 405 itself; handlers only ever see requests that matched.
 */
#ifndef WC_ROUTES_H
#define WC_ROUTES_H

#include <microhttpd.h>

#include "request.h"

enum wc_access {
	WC_PUBLIC,	/* no credentials (login, login page assets, brand) */
	WC_AUTHED,	/* bearer token or session; session changes need CSRF */
};

enum wc_body_kind {
	WC_BODY_NONE,
	WC_BODY_JSON,	/* application/json, at most WC_MAX_JSON */
	WC_BODY_TEXT,	/* application/json or text/plain, at most WC_MAX_JSON */
	WC_BODY_UPLOAD,	/* multipart/form-data, at most --max-upload */
};

typedef enum MHD_Result (*wc_handler)(struct wc_request *req);

struct wc_route {
	const char *method;	/* "GET" also answers HEAD */
	const char *pattern;	/* "{}" matches one path segment; a final "*" the rest */
	enum wc_access access;
	enum wc_body_kind body;
	wc_handler handler;
};

extern const struct wc_route wc_routes[];

enum wc_match { WC_MATCH_OK, WC_MATCH_NO_URL, WC_MATCH_NO_METHOD };

/*
 * Finds the route for method + url, filling req->route and req->args. On
 * WC_MATCH_NO_METHOD, allow lists the methods the URL does take.
 */
enum wc_match wc_route_find(struct wc_request *req, char *allow, size_t allow_size);

#endif
