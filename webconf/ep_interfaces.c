// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/interfaces: state, MAC, speed, addresses and counters of
 * ndisload's interfaces; .../{if}/up sets one up, with DHCP when asked
 * (helper/sys/link.c checks the interface and runs the client).
 */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

enum MHD_Result wc_ep_interfaces(struct wc_request *req)
{
	return wc_forward(req, 200, "interface.list", NULL);
}

static const struct wc_field up_fields[] = {
	{ "dhcp", WC_F_BOOL, false, 0 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_interface_up(struct wc_request *req)
{
	json_object *body, *args, *v;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, up_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	args = wc_args1("interface", req->args[0]);
	if (json_object_object_get_ex(body, "dhcp", &v))
		json_object_object_add(args, "dhcp", json_object_get(v));
	json_object_put(body);
	return wc_forward(req, 200, "interface.up", args);
}
