// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/status (everything at a glance) and /api/v1/brand (for the login page). */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"

enum MHD_Result wc_ep_status(struct wc_request *req)
{
	return wc_forward(req, 200, "status", NULL);
}

/* Only the brand, before login: vendor name, logo and colours are public. */
enum MHD_Result wc_ep_brand(struct wc_request *req)
{
	json_object *status, *brand = NULL, *out = json_object_new_object();

	if (!wc_ask(req, "status", NULL, NULL, 0, &status)) {
		json_object_put(out);
		return MHD_YES;
	}
	if (json_object_object_get_ex(status, "brand", &brand) &&
	    json_object_is_type(brand, json_type_object))
		json_object_object_add(out, "brand", json_object_get(brand));
	else
		json_object_object_add(out, "brand", NULL);
	json_object_put(status);
	return wc_reply_json(req, 200, out);
}
