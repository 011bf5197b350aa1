/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Driver package uploads (multipart/form-data): every file part is streamed
 * into its own unlinked temp file under the size cap, its name checked; the
 * optional text field "staging" continues an incomplete upload. The files
 * then go to the helper as descriptors.
 */
#ifndef WC_UPLOAD_H
#define WC_UPLOAD_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "filename.h"
#include "request.h"

struct wc_upload_file {
	char name[WC_FILENAME_MAX + 1];
	int fd;
	size_t size;
};

struct wc_upload {
	struct MHD_PostProcessor *pp;
	struct wc_request *req;
	const char *tmp_dir;
	size_t cap, total;
	struct wc_upload_file files[WC_MAX_UPLOAD_FILES];
	unsigned int nfiles;
	char staging[129];
	size_t staging_len;
	int field;	/* part being read: file index, -1 staging, -2 none */
};

/* Starts parsing the request's body; false when answered (not multipart). */
bool wc_upload_begin(struct wc_request *req, const char *tmp_dir, size_t cap);
void wc_upload_feed(struct wc_request *req, const char *data, size_t size);
/* After the body: checks the multipart stream ended properly. */
void wc_upload_end(struct wc_request *req);
void wc_upload_free(struct wc_upload *up);
/*
 * The upload's files as a helper request wants them: a new args object
 * with "files": [{"name"}], their descriptors in fds (in the same order).
 */
json_object *wc_upload_args(const struct wc_upload *up, int *fds);

#endif
