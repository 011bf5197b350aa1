// SPDX-License-Identifier: GPL-2.0-only
/* /api/v1/diagnostics: the helper's redacted report, as a text file download. */
#include <stdio.h>
#include <time.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"

enum MHD_Result wc_ep_diagnostics(struct wc_request *req)
{
	json_object *result, *text;
	char date[16] = "report";
	time_t t = time(NULL);
	struct tm tm;
	enum MHD_Result ret;

	if (!wc_ask(req, "diag", NULL, NULL, 0, &result))
		return MHD_YES;
	if (!json_object_object_get_ex(result, "text", &text) ||
	    !json_object_is_type(text, json_type_string)) {
		json_object_put(result);
		return wc_reply_error(req, WC_E_BAD_HELPER, "the helper's diagnostics have no text");
	}
	if (gmtime_r(&t, &tm))
		strftime(date, sizeof(date), "%Y%m%d-%H%M", &tm);
	wc_request_header(req, "Content-Disposition",
			  "attachment; filename=\"ndisload-diagnostics-%s.txt\"", date);
	ret = wc_reply_data(req, 200, "text/plain; charset=utf-8", json_object_get_string(text),
			    (size_t)json_object_get_string_len(text));
	json_object_put(result);
	return ret;
}
