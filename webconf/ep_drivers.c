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
	json_object *args;
	bool f;

	if (!wc_request_query_bool(req, "force", &f))
		return MHD_YES;
	args = wc_args1("name", req->args[0]);
	json_object_object_add(args, "force", json_object_new_boolean(f));
	return wc_forward(req, 200, "driver.remove", args);
}
