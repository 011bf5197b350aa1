// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pages and their assets (from memory, see www.c) and the vendor's logo.
 * Every page but the login page needs a session: others are sent to log in.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "auth.h"
#include "endpoints.h"
#include "reply.h"
#include "server.h"
#include "www.h"

#define MAX_LOGO (256 * 1024)

enum MHD_Result wc_ep_page(struct wc_request *req)
{
	const char *url = strcmp(req->url, "/") ? req->url : "/index.html";
	const struct wc_www_file *f = wc_www_find(req->srv->www, url);
	const char *inm = wc_request_get_header(req, MHD_HTTP_HEADER_IF_NONE_MATCH);

	if (!f)
		return wc_reply_error(req, WC_E_NOT_FOUND, "no such page: %.200s", req->url);
	if (!f->public && wc_auth_identify(req) != WC_AUTH_OK) {
		char next[200];

		snprintf(next, sizeof(next), "/login.html?next=%s", url);
		return wc_reply_redirect(req, next);
	}
	wc_request_header(req, "ETag", "%s", f->etag);
	if (inm && !strcmp(inm, f->etag))
		return wc_reply_data(req, 304, NULL, "", 0);
	return wc_reply_static(req, 200, f->type, f->data, f->len);
}

/* /brand/logo.svg or /brand/logo.png from the brand directory, if installed. */
enum MHD_Result wc_ep_brand_file(struct wc_request *req)
{
	const char *name = req->args[0];
	char path[4096], *buf;
	struct stat st;
	enum MHD_Result ret;
	ssize_t n;
	int fd;

	if (strcmp(name, "logo.svg") && strcmp(name, "logo.png"))
		return wc_reply_error(req, WC_E_NOT_FOUND, "no such brand file");
	if (snprintf(path, sizeof(path), "%s/%s", req->srv->cfg->brand_dir, name) >=
	    (int)sizeof(path))
		fd = -1;
	else
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return wc_reply_error(req, WC_E_NOT_FOUND, "no brand logo is installed");
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_LOGO ||
	    !(buf = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return wc_reply_error(req, WC_E_NOT_FOUND, "the brand logo is unusable");
	}
	n = read(fd, buf, (size_t)st.st_size);
	close(fd);
	if (n != st.st_size) {
		free(buf);
		return wc_reply_error(req, WC_E_INTERNAL, "cannot read the brand logo");
	}
	ret = wc_reply_data(req, 200, wc_www_type(name), buf, (size_t)n);
	free(buf);
	return ret;
}
