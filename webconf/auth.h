/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Who is asking: a bearer token (curl, scripts) or a browser session cookie.
 * Browser requests that change state must also carry the session's CSRF
 * token and, when the browser sends one, a same-origin Origin header.
 */
#ifndef WC_AUTH_H
#define WC_AUTH_H

#include <stdbool.h>

#include "request.h"

enum wc_auth_result {
	WC_AUTH_OK,
	WC_AUTH_MISSING,	/* no credentials at all */
	WC_AUTH_WRONG_TOKEN,	/* a bearer token that is not ours (counted, delayed) */
	WC_AUTH_WRONG,		/* unknown or expired session */
};

/* Sets req->auth (and req->session); never answers the request. */
enum wc_auth_result wc_auth_identify(struct wc_request *req);
/* Answers 401 for a failed identification (a wrong token after a delay). */
enum MHD_Result wc_auth_refuse(struct wc_request *req, enum wc_auth_result r);
/* For an identified request that changes state: CSRF + Origin; else answered. */
bool wc_auth_check_change(struct wc_request *req);
/* true for methods that change state (POST, PUT, PATCH, DELETE). */
bool wc_method_changes(const char *method);
/*
 * Checks a presented token (login form) counting failures; on false the
 * request is answered, or failed and suspended to be answered later.
 */
bool wc_auth_check_token(struct wc_request *req, const char *token);

#endif
