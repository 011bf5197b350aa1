// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/drivers/{name}/params: the driver's .inf parameters with their
 * metadata and values; PUT sets values (null resets one to its default).
 * The helper validates against the .inf; here only the shape is checked.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"

#define MAX_VALUES	256
#define MAX_NAME	64
#define MAX_VALUE	1024

enum MHD_Result wc_ep_params_get(struct wc_request *req)
{
	return wc_forward(req, 200, "driver.params.get", wc_args1("name", req->args[0]));
}

static const struct wc_field set_fields[] = {
	{ "values", WC_F_OBJECT, true, 0 },
	{ "device", WC_F_STRING, false, 64 },
	{ NULL, 0, false, 0 }
};

/* The values as the helper takes them: strings, or null to reset. */
static json_object *helper_values(struct wc_request *req, json_object *values)
{
	json_object *out = json_object_new_object();
	int n = 0;

	json_object_object_foreach(values, key, val) {
		size_t klen = strlen(key);
		char num[32];

		if (++n > MAX_VALUES) {
			wc_reply_error(req, WC_E_BAD_REQUEST, "at most %d values at once", MAX_VALUES);
			goto bad;
		}
		if (!klen || klen > MAX_NAME) {
			wc_reply_error(req, WC_E_BAD_REQUEST,
				       "parameter names are 1 to %d characters", MAX_NAME);
			goto bad;
		}
		if (!val) {
			json_object_object_add(out, key, NULL);
		} else if (json_object_is_type(val, json_type_string)) {
			if (json_object_get_string_len(val) > MAX_VALUE) {
				wc_reply_error(req, WC_E_BAD_REQUEST,
					       "the value of \"%.64s\" is longer than %d characters",
					       key, MAX_VALUE);
				goto bad;
			}
			json_object_object_add(out, key, json_object_get(val));
		} else if (json_object_is_type(val, json_type_int)) {
			snprintf(num, sizeof(num), "%" PRId64, json_object_get_int64(val));
			json_object_object_add(out, key, json_object_new_string(num));
		} else {
			wc_reply_error(req, WC_E_BAD_REQUEST,
				       "the value of \"%.64s\" must be a string, an integer or "
				       "null (reset to default)", key);
			goto bad;
		}
	}
	return out;
bad:
	json_object_put(out);
	return NULL;
}

enum MHD_Result wc_ep_params_set(struct wc_request *req)
{
	json_object *body, *values, *device, *args, *hv;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, set_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	json_object_object_get_ex(body, "values", &values);
	hv = helper_values(req, values);
	if (!hv) {
		json_object_put(body);
		return MHD_YES;
	}
	args = wc_args1("name", req->args[0]);
	json_object_object_add(args, "values", hv);
	if (json_object_object_get_ex(body, "device", &device))
		json_object_object_add(args, "device", json_object_get(device));
	json_object_put(body);
	return wc_forward(req, 200, "driver.params.set", args);
}
