// SPDX-License-Identifier: GPL-2.0-only
/*
 * POST /api/v1/drivers: a driver package as multipart/form-data. The files
 * (already spooled into private temp files) go to the helper as descriptors;
 * its answer says "installed", or "incomplete" with the files still missing
 * and a staging id to send them under.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "endpoints.h"
#include "forward.h"
#include "reply.h"
#include "upload.h"

static bool staging_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.'))
			return false;
	return true;
}

/*
 * Whose incomplete upload this is, for the helper's per-client count of
 * staging sets: a browser session (by a hash of its id: the id itself is a
 * credential) or the token.
 */
static void client_label(const struct wc_request *req, char out[24])
{
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */

	if (req->auth != WC_AUTH_SESSION) {
		snprintf(out, 24, "token");
		return;
	}
	for (const char *s = req->session; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	snprintf(out, 24, "s-%016" PRIx64, h);
}

enum MHD_Result wc_ep_driver_upload(struct wc_request *req)
{
	struct wc_upload *up = req->upload;
	json_object *args, *result, *state;
	int fds[WC_MAX_UPLOAD_FILES];
	unsigned int status = 200;
	char client[24];

	if (!up->nfiles)
		return wc_reply_error(req, WC_E_BAD_REQUEST,
				      "the upload holds no files: send the .inf and its files "
				      "as form fields with file names");
	if (up->staging_len && !staging_ok(up->staging))
		return wc_reply_error(req, WC_E_BAD_REQUEST, "the staging id is malformed");
	args = wc_upload_args(up, fds);
	if (up->staging_len)
		json_object_object_add(args, "staging", json_object_new_string(up->staging));
	client_label(req, client);
	json_object_object_add(args, "client", json_object_new_string(client));
	if (!wc_ask(req, "driver.install", args, fds, up->nfiles, &result))
		return MHD_YES;
	/* Installed: 201 Created. Incomplete: 202, the client sends the rest. */
	if (json_object_object_get_ex(result, "state", &state))
		status = !strcmp(json_object_get_string(state), "installed") ? 201 : 202;
	return wc_reply_json(req, status, result);
}
