// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/drivers/{name}/virtual: the virtual adapters of a root-enumerated
 * driver (helper ops virtual.list, virtual.add, virtual.remove).
 */
#include <stdio.h>
#include <stdlib.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

enum MHD_Result wc_ep_virtual_list(struct wc_request *req)
{
	return wc_forward(req, 200, "virtual.list", wc_args1("driver", req->args[0]));
}

static const struct wc_field add_fields[] = {
	{ "count", WC_F_INT, false, 0 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_virtual_add(struct wc_request *req)
{
	json_object *body, *v, *args;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, add_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	args = wc_args1("driver", req->args[0]);
	if (json_object_object_get_ex(body, "count", &v))
		json_object_object_add(args, "count", json_object_get(v));
	json_object_put(body);
	return wc_forward(req, 201, "virtual.add", args);
}

enum MHD_Result wc_ep_virtual_remove(struct wc_request *req)
{
	const char *s = req->args[1];
	json_object *args;
	char *end;
	long n;
	bool force;

	if (!wc_request_query_bool(req, "force", &force))
		return MHD_YES;
	n = strtol(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || n > 15)
		return wc_reply_error(req, WC_E_BAD_REQUEST, "the instance is a number from 0 to 15");
	args = wc_args1("driver", req->args[0]);
	json_object_object_add(args, "instance", json_object_new_int((int)n));
	json_object_object_add(args, "force", json_object_new_boolean(force));
	return wc_forward(req, 200, "virtual.remove", args);
}
