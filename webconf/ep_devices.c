// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/devices: the devices with their matching drivers; bind and unbind. */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

enum MHD_Result wc_ep_devices_list(struct wc_request *req)
{
	return wc_forward(req, 200, "device.list", NULL);
}

static const struct wc_field bind_fields[] = {
	{ "driver", WC_F_STRING, true, 64 },
	{ "unbind_native", WC_F_BOOL, false, 0 },
	{ "isolated", WC_F_BOOL, false, 0 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_device_bind(struct wc_request *req)
{
	json_object *body, *v, *args;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, bind_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	args = wc_args1("device", req->args[0]);
	json_object_object_get_ex(body, "driver", &v);
	json_object_object_add(args, "driver", json_object_get(v));
	if (json_object_object_get_ex(body, "unbind_native", &v))
		json_object_object_add(args, "unbind_native", json_object_get(v));
	/* Isolated mode: the helper runs the driver in ndisload-host (docs/isolated.md). */
	if (json_object_object_get_ex(body, "isolated", &v))
		json_object_object_add(args, "isolated", json_object_get(v));
	json_object_put(body);
	return wc_forward(req, 200, "device.bind", args);
}

enum MHD_Result wc_ep_device_unbind(struct wc_request *req)
{
	return wc_forward(req, 200, "device.unbind", wc_args1("device", req->args[0]));
}
