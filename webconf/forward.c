// SPDX-License-Identifier: GPL-2.0-only
/* Calling the helper from an endpoint and answering with what it said. */
#include "forward.h"

#include "helper.h"
#include "reply.h"
#include "server.h"

bool wc_ask(struct wc_request *req, const char *op, json_object *args,
	    const int *fds, unsigned int nfds, json_object **result)
{
	const struct wc_config *cfg = req->srv->cfg;
	struct wc_fault f = { 0 };
	int rc = wc_helper_call(cfg->helper_socket, cfg->helper_timeout, op, args, fds, nfds,
				result, &f);

	json_object_put(args);
	if (rc) {
		wc_reply_fault(req, &f);
		return false;
	}
	return true;
}

enum MHD_Result wc_forward(struct wc_request *req, unsigned int status, const char *op,
			   json_object *args)
{
	json_object *result;

	if (!wc_ask(req, op, args, NULL, 0, &result))
		return MHD_YES;
	return wc_reply_json(req, status, result);
}

json_object *wc_args1(const char *name, const char *value)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, name, json_object_new_string(value));
	return o;
}
