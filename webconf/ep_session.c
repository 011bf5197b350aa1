// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/session: browser login (token -> session cookie), its CSRF token, logout. */
#include <stdio.h>
#include <string.h>

#include "auth.h"
#include "endpoints.h"
#include "reply.h"
#include "schema.h"
#include "server.h"

static const struct wc_field login_fields[] = {
	{ "token", WC_F_STRING, true, WC_TOKEN_MAX - 1 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_login(struct wc_request *req)
{
	char id[WC_SECRET_HEX], csrf[WC_SECRET_HEX];
	json_object *body, *token, *out;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, login_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	json_object_object_get_ex(body, "token", &token);
	if (!wc_auth_check_token(req, json_object_get_string(token))) {
		json_object_put(body);
		return MHD_YES;
	}
	json_object_put(body);
	if (wc_session_create(&req->srv->sessions, id, csrf))
		return wc_reply_error(req, WC_E_INTERNAL, "cannot create a session");
	wc_request_header(req, MHD_HTTP_HEADER_SET_COOKIE,
			  "%s=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%d",
			  WC_SESSION_COOKIE, id, WC_SESSION_LIFETIME);
	out = json_object_new_object();
	json_object_object_add(out, "csrf", json_object_new_string(csrf));
	json_object_object_add(out, "idle_timeout", json_object_new_int(WC_SESSION_IDLE));
	return wc_reply_json(req, 200, out);
}

enum MHD_Result wc_ep_session_get(struct wc_request *req)
{
	json_object *out = json_object_new_object(), *limits = json_object_new_object();
	char csrf[WC_SECRET_HEX];

	json_object_object_add(out, "method", json_object_new_string(
		req->auth == WC_AUTH_SESSION ? "session" : "bearer"));
	if (req->auth == WC_AUTH_SESSION &&
	    wc_session_find(&req->srv->sessions, req->session, csrf))
		json_object_object_add(out, "csrf", json_object_new_string(csrf));
	/* So pages can refuse an oversized upload before sending it. */
	json_object_object_add(limits, "max_upload",
			       json_object_new_int64((int64_t)req->srv->cfg->max_upload));
	json_object_object_add(limits, "max_files", json_object_new_int(WC_MAX_UPLOAD_FILES));
	json_object_object_add(out, "limits", limits);
	return wc_reply_json(req, 200, out);
}

enum MHD_Result wc_ep_logout(struct wc_request *req)
{
	if (req->auth == WC_AUTH_SESSION)
		wc_session_delete(&req->srv->sessions, req->session);
	wc_request_header(req, MHD_HTTP_HEADER_SET_COOKIE,
			  "%s=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0", WC_SESSION_COOKIE);
	return wc_reply_json(req, 200, json_object_new_object());
}
