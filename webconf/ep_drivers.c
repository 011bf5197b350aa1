// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/drivers and /api/v1/drivers/{name}: list, show, delete. */
#include <string.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"

enum MHD_Result wc_ep_drivers_list(struct wc_request *req)
{
	return wc_forward(req, 200, "driver.list", NULL);
}

enum MHD_Result wc_ep_driver_get(struct wc_request *req)
{
	return wc_forward(req, 200, "driver.get", wc_args1("name", req->args[0]));
}

enum MHD_Result wc_ep_driver_delete(struct wc_request *req)
{
	const char *force = wc_request_get_query(req, "force");
	json_object *args;
	bool f = false;

	if (force) {
		if (!strcmp(force, "1") || !strcmp(force, "true"))
			f = true;
		else if (strcmp(force, "0") && strcmp(force, "false"))
			return wc_reply_error(req, WC_E_BAD_REQUEST, "force must be true or false");
	}
	args = wc_args1("name", req->args[0]);
	json_object_object_add(args, "force", json_object_new_boolean(f));
	return wc_forward(req, 200, "driver.remove", args);
}
