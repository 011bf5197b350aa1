// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/interfaces/{if}/wireless: a wireless interface's state, profile
 * (never its key) and what its driver can do; PUT stores the profile and
 * joins; .../scan, .../connect, .../disconnect; DELETE forgets the
 * profile. The helper checks every value (helper/wifi/wifi_ops.c); here only
 * the shape of the request.
 */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

static json_object *iface_args(struct wc_request *req)
{
	return wc_args1("interface", req->args[0]);
}

enum MHD_Result wc_ep_wireless_get(struct wc_request *req)
{
	return wc_forward(req, 200, "wifi.status", iface_args(req));
}

enum MHD_Result wc_ep_wireless_scan(struct wc_request *req)
{
	return wc_forward(req, 200, "wifi.scan", iface_args(req));
}

enum MHD_Result wc_ep_wireless_connect(struct wc_request *req)
{
	return wc_forward(req, 200, "wifi.connect", iface_args(req));
}

enum MHD_Result wc_ep_wireless_disconnect(struct wc_request *req)
{
	return wc_forward(req, 200, "wifi.disconnect", iface_args(req));
}

enum MHD_Result wc_ep_wireless_forget(struct wc_request *req)
{
	return wc_forward(req, 200, "wifi.forget", iface_args(req));
}

static const struct wc_field profile_fields[] = {
	{ "ssid", WC_F_STRING, true, 32 },
	{ "security", WC_F_STRING, true, 16 },
	{ "key", WC_F_STRING, false, 64 },	/* absent: keep the stored key */
	{ "hidden", WC_F_BOOL, false, 0 },
	{ "country", WC_F_STRING, false, 2 },
	{ "power_save", WC_F_BOOL, false, 0 },
	{ "autoconnect", WC_F_BOOL, false, 0 },
	{ "connect", WC_F_BOOL, false, 0 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_wireless_put(struct wc_request *req)
{
	json_object *body, *args, *v;
	const struct wc_field *f;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, profile_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	args = iface_args(req);
	for (f = profile_fields; f->name; f++)
		if (json_object_object_get_ex(body, f->name, &v))
			json_object_object_add(args, f->name, json_object_get(v));
	json_object_put(body);
	return wc_forward(req, 200, "wifi.profile.set", args);
}
