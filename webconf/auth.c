// SPDX-License-Identifier: GPL-2.0-only
/* Authentication, CSRF and same-origin checks of incoming requests. */
#include "auth.h"

#include <string.h>
#include <strings.h>

#include "origin.h"
#include "reply.h"
#include "server.h"

bool wc_method_changes(const char *method)
{
	return strcmp(method, "GET") && strcmp(method, "HEAD") && strcmp(method, "OPTIONS");
}

/* The value of cookie name in a Cookie header, copied to out; false if absent. */
static bool cookie_value(const char *header, const char *name, char *out, size_t size)
{
	size_t n = strlen(name);

	while (header && *header) {
		while (*header == ' ' || *header == ';')
			header++;
		if (!strncmp(header, name, n) && header[n] == '=') {
			const char *v = header + n + 1;
			size_t len = strcspn(v, ";");

			while (len && v[len - 1] == ' ')
				len--;
			if (len >= size)
				return false;
			memcpy(out, v, len);
			out[len] = 0;
			return true;
		}
		header = strchr(header, ';');
	}
	return false;
}

enum wc_auth_result wc_auth_identify(struct wc_request *req)
{
	struct wc_server *srv = req->srv;
	const char *authz = wc_request_get_header(req, MHD_HTTP_HEADER_AUTHORIZATION);
	const char *cookies = wc_request_get_header(req, MHD_HTTP_HEADER_COOKIE);
	char sid[WC_SECRET_HEX], csrf[WC_SECRET_HEX];

	req->auth = WC_AUTH_NONE;
	if (authz) {
		if (strncasecmp(authz, "Bearer ", 7) || !wc_secret_equal(srv->token, authz + 7))
			return WC_AUTH_WRONG_TOKEN;
		wc_ratelimit_success(&srv->ratelimit);
		req->auth = WC_AUTH_BEARER;
		return WC_AUTH_OK;
	}
	if (cookie_value(cookies, WC_SESSION_COOKIE, sid, sizeof(sid))) {
		/* Session ids are 256-bit random: guessing is hopeless, no counting. */
		if (!wc_session_find(&srv->sessions, sid, csrf))
			return WC_AUTH_WRONG;
		memcpy(req->session, sid, sizeof(sid));
		req->auth = WC_AUTH_SESSION;
		return WC_AUTH_OK;
	}
	return WC_AUTH_MISSING;
}

/*
 * Answers 401 for a wrong token: after the limiter's delay, with the
 * connection suspended meanwhile so the worker thread goes on serving
 * every other request (the right token among them).
 */
static enum MHD_Result refuse_wrong_token(struct wc_request *req, const char *msg)
{
	unsigned int ms = wc_ratelimit_failure(&req->srv->ratelimit);

	if (ms) {
		/* Answered from the failure once resumed (see server.c). */
		wc_request_fail(req, WC_E_UNAUTHORIZED, "%s", msg);
		if (wc_delays_add(&req->srv->delays, req->conn, ms))
			return MHD_YES;
	}
	return wc_reply_error(req, WC_E_UNAUTHORIZED, "%s", msg);
}

enum MHD_Result wc_auth_refuse(struct wc_request *req, enum wc_auth_result r)
{
	wc_request_header(req, "WWW-Authenticate", "Bearer realm=\"ndisload\"");
	if (r == WC_AUTH_WRONG_TOKEN)
		return refuse_wrong_token(req, "wrong token");
	if (r == WC_AUTH_WRONG)
		return wc_reply_error(req, WC_E_UNAUTHORIZED,
				      "wrong token or expired session: log in again");
	return wc_reply_error(req, WC_E_UNAUTHORIZED,
			      "log in first, or send Authorization: Bearer <token> "
			      "(the token is in /etc/ndisload/webconf.token)");
}

/* Requests a browser sends on another site's behalf say so; refuse them. */
static bool cross_site(struct wc_request *req)
{
	const char *origin = wc_request_get_header(req, "Origin");
	const char *site = wc_request_get_header(req, "Sec-Fetch-Site");
	const char *host = wc_request_get_header(req, MHD_HTTP_HEADER_HOST);

	if (origin && !wc_origin_matches(origin, host))
		return true;
	return site && strcmp(site, "same-origin") && strcmp(site, "none");
}

bool wc_auth_check_change(struct wc_request *req)
{
	const char *token = wc_request_get_header(req, "X-CSRF-Token");
	char csrf[WC_SECRET_HEX];

	if (req->auth != WC_AUTH_SESSION)
		return true;	/* bearer tokens are never sent by a browser on its own */
	if (cross_site(req)) {
		wc_reply_error(req, WC_E_FORBIDDEN, "cross-origin request refused");
		return false;
	}
	if (!wc_session_find(&req->srv->sessions, req->session, csrf) ||
	    !token || !wc_secret_equal(csrf, token)) {
		wc_reply_error(req, WC_E_CSRF, "missing or wrong X-CSRF-Token header; "
			       "reload the page");
		return false;
	}
	return true;
}

bool wc_auth_check_token(struct wc_request *req, const char *token)
{
	struct wc_server *srv = req->srv;

	if (cross_site(req)) {
		wc_reply_error(req, WC_E_FORBIDDEN, "cross-origin login refused");
		return false;
	}
	if (!wc_secret_equal(srv->token, token)) {
		refuse_wrong_token(req, "wrong token");
		return false;
	}
	wc_ratelimit_success(&srv->ratelimit);
	return true;
}
