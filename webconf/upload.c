// SPDX-License-Identifier: GPL-2.0-only
/* Streaming multipart uploads into private temp files. */
#include "upload.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "body.h"
#include "reply.h"

/* An unlinked file only this process (and whoever gets the fd) can reach. */
static int open_private_tmp(const char *dir)
{
	char path[4096];
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
	/* File systems without O_TMPFILE: create, then unlink at once. */
	if (snprintf(path, sizeof(path), "%s/ndl-upload.XXXXXX", dir) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	return fd;
}

static enum MHD_Result start_file(struct wc_upload *up, const char *filename)
{
	struct wc_request *req = up->req;
	size_t len = strlen(filename);
	const char *why = wc_filename_problem(filename, len);
	char q[128];
	struct wc_upload_file *f;

	wc_filename_quote(filename, len, q, sizeof(q));
	if (why) {
		wc_request_fail(req, WC_E_BAD_REQUEST, "refused file \"%s\": %s", q, why);
		return MHD_NO;
	}
	for (unsigned int i = 0; i < up->nfiles; i++) {
		/* Windows file names are case-insensitive: a.SYS is a.sys. */
		if (!strcasecmp(up->files[i].name, filename)) {
			wc_request_fail(req, WC_E_BAD_REQUEST, "file \"%s\" was sent twice", q);
			return MHD_NO;
		}
	}
	if (up->nfiles == WC_MAX_UPLOAD_FILES) {
		wc_request_fail(req, WC_E_TOO_LARGE,
				"at most %d files per upload; send the rest in a second upload "
				"with the staging id of the first", WC_MAX_UPLOAD_FILES);
		return MHD_NO;
	}
	f = &up->files[up->nfiles];
	f->fd = open_private_tmp(up->tmp_dir);
	if (f->fd < 0) {
		wc_request_fail(req, WC_E_INTERNAL, "cannot create a temp file in %s: %s",
				up->tmp_dir, strerror(errno));
		return MHD_NO;
	}
	memcpy(f->name, filename, len + 1);
	f->size = 0;
	up->field = (int)up->nfiles++;
	return MHD_YES;
}

static enum MHD_Result write_all(struct wc_upload *up, const char *data, size_t size)
{
	struct wc_upload_file *f = &up->files[up->field];

	if (size > up->cap - up->total) {
		wc_request_fail(up->req, WC_E_TOO_LARGE, "the upload is larger than %zu MiB",
				up->cap >> 20);
		return MHD_NO;
	}
	up->total += size;
	f->size += size;
	while (size) {
		ssize_t n = write(f->fd, data, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			wc_request_fail(up->req, errno == ENOSPC ? WC_E_TOO_LARGE : WC_E_INTERNAL,
					"cannot store the upload in %s: %s", up->tmp_dir,
					strerror(errno));
			return MHD_NO;
		}
		data += n;
		size -= (size_t)n;
	}
	return MHD_YES;
}

static enum MHD_Result on_part(void *cls, enum MHD_ValueKind kind, const char *key,
			       const char *filename, const char *content_type,
			       const char *transfer_encoding, const char *data,
			       uint64_t off, size_t size)
{
	struct wc_upload *up = cls;

	(void)kind;
	(void)content_type;
	(void)transfer_encoding;
	if (up->req->failed)
		return MHD_NO;
	if (filename) {
		if (off == 0 && start_file(up, filename) != MHD_YES)
			return MHD_NO;
		return size ? write_all(up, data, size) : MHD_YES;
	}
	if (key && !strcmp(key, "staging")) {
		if (off == 0)
			up->staging_len = 0;
		if (size > sizeof(up->staging) - 1 - up->staging_len) {
			wc_request_fail(up->req, WC_E_BAD_REQUEST, "the staging id is too long");
			return MHD_NO;
		}
		memcpy(up->staging + up->staging_len, data, size);
		up->staging_len += size;
		up->staging[up->staging_len] = 0;
		return MHD_YES;
	}
	wc_request_fail(up->req, WC_E_BAD_REQUEST,
			"unknown form field \"%.64s\": send files (with a file name) and "
			"optionally \"staging\"", key ? key : "");
	return MHD_NO;
}

bool wc_upload_begin(struct wc_request *req, const char *tmp_dir, size_t cap)
{
	struct wc_upload *up;

	if (!wc_body_type_is(req, "multipart/form-data")) {
		wc_reply_error(req, WC_E_MEDIA_TYPE,
			       "upload the package as multipart/form-data (curl -F file=@NAME)");
		return false;
	}
	up = calloc(1, sizeof(*up));
	if (!up) {
		wc_reply_error(req, WC_E_INTERNAL, "out of memory");
		return false;
	}
	up->req = req;
	up->tmp_dir = tmp_dir;
	up->cap = cap;
	up->field = -2;
	for (unsigned int i = 0; i < WC_MAX_UPLOAD_FILES; i++)
		up->files[i].fd = -1;
	req->upload = up;
	up->pp = MHD_create_post_processor(req->conn, 64 * 1024, on_part, up);
	if (!up->pp) {
		wc_reply_error(req, WC_E_BAD_REQUEST,
			       "the multipart Content-Type has no usable boundary");
		return false;
	}
	return true;
}

void wc_upload_feed(struct wc_request *req, const char *data, size_t size)
{
	struct wc_upload *up = req->upload;

	if (req->failed || !up->pp)
		return;
	if (MHD_post_process(up->pp, data, size) != MHD_YES)
		wc_request_fail(req, WC_E_BAD_REQUEST, "malformed multipart body");
}

void wc_upload_end(struct wc_request *req)
{
	struct wc_upload *up = req->upload;
	enum MHD_Result ok;

	if (!up->pp)
		return;
	ok = MHD_destroy_post_processor(up->pp);
	up->pp = NULL;
	if (ok != MHD_YES)
		wc_request_fail(req, WC_E_BAD_REQUEST,
				"malformed multipart body: it ends before its closing boundary");
	for (unsigned int i = 0; i < up->nfiles; i++)
		lseek(up->files[i].fd, 0, SEEK_SET);
}

void wc_upload_free(struct wc_upload *up)
{
	if (!up)
		return;
	if (up->pp)
		MHD_destroy_post_processor(up->pp);
	for (unsigned int i = 0; i < up->nfiles; i++)
		if (up->files[i].fd >= 0)
			close(up->files[i].fd);
	free(up);
}

json_object *wc_upload_args(const struct wc_upload *up, int *fds)
{
	json_object *args = json_object_new_object(), *files = json_object_new_array();

	for (unsigned int i = 0; i < up->nfiles; i++) {
		json_object *f = json_object_new_object();

		json_object_object_add(f, "name", json_object_new_string(up->files[i].name));
		json_object_array_add(files, f);
		fds[i] = up->files[i].fd;
	}
	json_object_object_add(args, "files", files);
	return args;
}
