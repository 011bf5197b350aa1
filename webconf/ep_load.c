// SPDX-License-Identifier: GPL-2.0-only
/* POST /api/v1/load: push drivers with bound devices into the kernel module now. */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

static const struct wc_field load_fields[] = {
	{ "driver", WC_F_STRING, false, 64 },
	{ "unbind_native", WC_F_BOOL, false, 0 },
	{ "reload", WC_F_BOOL, false, 0 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_load(struct wc_request *req)
{
	json_object *body;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, load_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	/* The fields are exactly the helper's: checked above, passed on as they are. */
	return wc_forward(req, 200, "load", body);
}

static const struct wc_field unload_fields[] = {
	{ "driver", WC_F_STRING, true, 64 },
	{ NULL, 0, false, 0 }
};

/* POST /api/v1/unload: stop a running driver (its interfaces go away). */
enum MHD_Result wc_ep_unload(struct wc_request *req)
{
	json_object *body;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, unload_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	return wc_forward(req, 200, "unload", body);
}
