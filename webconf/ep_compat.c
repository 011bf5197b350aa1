// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/drivers/{name}/compat: the driver's compatibility settings
 * (single_buffer_sends, multicast_all: auto, on or off) and what each
 * running device has in force; PUT changes some (null = auto). The helper
 * knows the settings and checks the values; here only the shape is checked.
 * /api/v1/devices/{id}/diagnosis: ndisload doctor for one device (which
 * setting cures what it sees).
 */
#include <string.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

#define MAX_VALUES	16
#define MAX_NAME	64
#define MAX_VALUE	8

enum MHD_Result wc_ep_compat_get(struct wc_request *req)
{
	return wc_forward(req, 200, "driver.compat.get", wc_args1("name", req->args[0]));
}

static const struct wc_field set_fields[] = {
	{ "values", WC_F_OBJECT, true, 0 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_compat_set(struct wc_request *req)
{
	json_object *body, *values, *args, *out;
	int n = 0;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, set_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	json_object_object_get_ex(body, "values", &values);
	out = json_object_new_object();
	{
		json_object_object_foreach(values, key, val) {
			size_t klen = strlen(key);

			if (++n > MAX_VALUES || !klen || klen > MAX_NAME) {
				wc_reply_error(req, WC_E_BAD_REQUEST,
					       "at most %d settings, names of 1 to %d characters",
					       MAX_VALUES, MAX_NAME);
				goto bad;
			}
			if (val && (!json_object_is_type(val, json_type_string) ||
				    json_object_get_string_len(val) > MAX_VALUE)) {
				wc_reply_error(req, WC_E_BAD_REQUEST,
					       "the value of \"%.64s\" must be \"auto\", \"on\", \"off\" or null",
					       key);
				goto bad;
			}
			json_object_object_add(out, key, val ? json_object_get(val) :
					       json_object_new_string("auto"));
		}
	}
	json_object_put(body);
	args = wc_args1("name", req->args[0]);
	json_object_object_add(args, "values", out);
	return wc_forward(req, 200, "driver.compat.set", args);
bad:
	json_object_put(out);
	json_object_put(body);
	return MHD_YES;
}

enum MHD_Result wc_ep_diagnosis(struct wc_request *req)
{
	return wc_forward(req, 200, "doctor", wc_args1("device", req->args[0]));
}
