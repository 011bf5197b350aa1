// SPDX-License-Identifier: GPL-2.0-only
/*
 * /api/v1/packages: the setup assistant's driver packages. POST uploads a
 * vendor's package (one archive, or loose files) for the helper to unpack
 * into its private folder, examine and match against the devices (helper
 * op package.open); POST .../{id}/install installs one of its .inf files
 * into the driver store (package.install). Binding, starting and bringing
 * the interface up use the existing endpoints.
 */
#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "schema.h"
#include "upload.h"

enum MHD_Result wc_ep_package_open(struct wc_request *req)
{
	struct wc_upload *up = req->upload;
	json_object *args, *result;
	int fds[WC_MAX_UPLOAD_FILES];

	if (!up->nfiles)
		return wc_reply_error(req, WC_E_BAD_REQUEST,
				      "the upload holds no files: send the vendor's package (.zip, .cab, "
				      ".exe) or its files as form fields with file names");
	if (up->staging_len)
		return wc_reply_error(req, WC_E_BAD_REQUEST, "a package upload takes no staging id");
	args = wc_upload_args(up, fds);
	if (!wc_ask(req, "package.open", args, fds, up->nfiles, &result))
		return MHD_YES;
	return wc_reply_json(req, 201, result);
}

static const struct wc_field install_fields[] = {
	{ "inf", WC_F_STRING, true, 1024 },
	{ "name", WC_F_STRING, false, 64 },
	{ NULL, 0, false, 0 }
};

enum MHD_Result wc_ep_package_install(struct wc_request *req)
{
	json_object *body, *v, *args;

	if (!wc_request_json(req, &body))
		return MHD_YES;
	if (!wc_schema_check(req, body, install_fields)) {
		json_object_put(body);
		return MHD_YES;
	}
	args = wc_args1("package", req->args[0]);
	json_object_object_get_ex(body, "inf", &v);
	json_object_object_add(args, "inf", json_object_get(v));
	if (json_object_object_get_ex(body, "name", &v))
		json_object_object_add(args, "name", json_object_get(v));
	json_object_put(body);
	return wc_forward(req, 201, "package.install", args);
}
