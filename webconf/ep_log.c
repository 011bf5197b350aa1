// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/log?driver=&device=&since=&limit=: the driver's log (helper op
 * "log"). The helper checks every argument; this only carries them.
 */
#include <stdlib.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"

enum MHD_Result wc_ep_log(struct wc_request *req)
{
	static const char *const names[] = { "driver", "device", "since" };
	const char *limit = wc_request_get_query(req, "limit");
	json_object *args = json_object_new_object();
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *v = wc_request_get_query(req, names[i]);

		/* An empty filter (the page's "all") is no filter. */
		if (v && *v)
			json_object_object_add(args, names[i], json_object_new_string(v));
	}
	if (limit && *limit) {
		char *end;
		long n = strtol(limit, &end, 10);

		if (*end || n < 1 || n > 1000) {
			json_object_put(args);
			return wc_reply_error(req, WC_E_BAD_REQUEST, "limit must be 1..1000");
		}
		json_object_object_add(args, "limit", json_object_new_int((int)n));
	}
	return wc_forward(req, 200, "log", args);
}
