// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/license: the license status, and entering a license key. */
#include <string.h>

#include "body.h"
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

enum MHD_Result wc_ep_license_get(struct wc_request *req)
{
	return wc_forward(req, 200, "license.get", NULL);
}

static const struct wc_field put_fields[] = {
	{ "text", WC_F_STRING, true, 0 },
	{ NULL, 0, false, 0 }
};

/* The key as JSON {"text": "..."} or as the bare text/plain file. */
enum MHD_Result wc_ep_license_put(struct wc_request *req)
{
	json_object *body, *text;

	if (wc_body_type_is(req, "text/plain")) {
		if (!req->body_len || memchr(req->body, 0, req->body_len))
			return wc_reply_error(req, WC_E_BAD_REQUEST,
					      "send the license key text as the body");
		return wc_forward(req, 200, "license.install", wc_args1("text", req->body));
	}
	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, put_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	json_object_object_get_ex(body, "text", &text);
	text = json_object_get(text);
	json_object_put(body);
	body = json_object_new_object();
	json_object_object_add(body, "text", text);
	return wc_forward(req, 200, "license.install", body);
}
