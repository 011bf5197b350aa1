// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/status (everything at a glance) and /api/v1/brand (for the login page). */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "server.h"

static json_object *brand_or_null(struct wc_request *req)
{
	return req->srv->brand ? json_object_get(req->srv->brand) : NULL;
}

/* The helper's status; the brand comes from the installed brand.json. */
enum MHD_Result wc_ep_status(struct wc_request *req)
{
	json_object *status;

	if (!wc_ask(req, "status", NULL, NULL, 0, &status))
		return MHD_YES;
	if (!json_object_object_get_ex(status, "brand", NULL))
		json_object_object_add(status, "brand", brand_or_null(req));
	return wc_reply_json(req, 200, status);
}

/* Public: vendor name, logo and colours are shown before login. */
enum MHD_Result wc_ep_brand(struct wc_request *req)
{
	json_object *out = json_object_new_object();

	json_object_object_add(out, "brand", brand_or_null(req));
	return wc_reply_json(req, 200, out);
}
