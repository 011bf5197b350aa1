// SPDX-License-Identifier: GPL-2.0-only
/*
 * The request life cycle on top of libmicrohttpd: checks that need only the
 * headers (Host, route, credentials, CSRF, sizes, media type) run before a
 * byte of the body is read; the body is then collected or streamed; the
 * route's handler runs once it is complete.
 */
#include "server.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "body.h"
#include "log.h"
#include "origin.h"
#include "reply.h"
#include "routes.h"
#include "upload.h"

static double elapsed(const struct timespec *since)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - since->tv_sec) + (double)(t.tv_nsec - since->tv_nsec) / 1e9;
}

static size_t body_cap(const struct wc_request *req)
{
	return req->route->body == WC_BODY_UPLOAD ? req->srv->cfg->max_upload : WC_MAX_JSON;
}

/* Content-Length over the cap is refused before the body is read. */
static bool length_ok(struct wc_request *req)
{
	const char *cl = wc_request_get_header(req, MHD_HTTP_HEADER_CONTENT_LENGTH);
	unsigned long long len;
	char *end;

	if (!cl)
		return true;
	len = strtoull(cl, &end, 10);
	if (end == cl || *end)
		return true;	/* libmicrohttpd itself refuses a bad Content-Length */
	if (len > body_cap(req)) {
		if (req->route->body == WC_BODY_UPLOAD)
			wc_reply_error(req, WC_E_TOO_LARGE, "the upload (%llu bytes) is larger than "
				       "the limit of %zu MiB", len, body_cap(req) >> 20);
		else
			wc_reply_error(req, WC_E_TOO_LARGE, "the request body (%llu bytes) is larger "
				       "than the limit of %d KiB", len, WC_MAX_JSON / 1024);
		return false;
	}
	return true;
}

static bool media_type_ok(struct wc_request *req)
{
	switch (req->route->body) {
	case WC_BODY_JSON:
		if (wc_body_type_is(req, "application/json"))
			return true;
		wc_reply_error(req, WC_E_MEDIA_TYPE, "send the body as Content-Type: application/json");
		return false;
	case WC_BODY_TEXT:
		if (wc_body_type_is(req, "application/json") || wc_body_type_is(req, "text/plain"))
			return true;
		wc_reply_error(req, WC_E_MEDIA_TYPE,
			       "send the body as application/json or text/plain");
		return false;
	case WC_BODY_UPLOAD:
		return wc_upload_begin(req, req->srv->cfg->tmp_dir, req->srv->cfg->max_upload);
	case WC_BODY_NONE:
		return true;
	}
	return true;
}

static enum MHD_Result add_field_size(void *cls, enum MHD_ValueKind kind, const char *key,
				     const char *value)
{
	size_t *n = cls;

	(void)kind;
	*n += strlen(key) + (value ? strlen(value) : 0) + 4;	/* ": " or "=&", CRLF */
	return MHD_YES;
}

/*
 * The request line and headers, as sent (near enough). libmicrohttpd's pool
 * is a page larger than WC_MAX_HEADERS (WC_CONN_POOL), so a request between
 * the two reaches us and is refused here, with the security headers; only
 * one past the pool gets libmicrohttpd's own 431.
 */
static size_t head_size(const struct wc_request *req)
{
	size_t n = strlen(req->method) + strlen(req->url) + sizeof(" ? HTTP/1.1\r\n\r\n");

	MHD_get_connection_values(req->conn, MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND,
				  add_field_size, &n);
	return n;
}

/* Everything decided from the request line and headers alone. */
static enum MHD_Result begin(struct wc_request *req)
{
	const char *host = wc_request_get_header(req, MHD_HTTP_HEADER_HOST);
	char allow[64];

	if (head_size(req) > WC_MAX_HEADERS) {
		wc_request_header(req, MHD_HTTP_HEADER_CONNECTION, "close");
		return wc_reply_error(req, WC_E_HEADERS_TOO_LARGE,
				      "the request line and headers are larger than %d KiB",
				      WC_MAX_HEADERS / 1024);
	}
	if (!host)
		return wc_reply_error(req, WC_E_BAD_REQUEST, "the request has no Host header");
	if (!wc_host_allowed(host))
		return wc_reply_error(req, WC_E_BAD_HOST,
				      "the Host header must be localhost, 127.0.0.1 or [::1] "
				      "(with an optional port)");
	switch (wc_route_find(req, allow, sizeof(allow))) {
	case WC_MATCH_NO_URL:
		return wc_reply_error(req, WC_E_NOT_FOUND, "no such page or API endpoint: %.200s",
				      req->url);
	case WC_MATCH_NO_METHOD:
		wc_request_header(req, "Allow", "%s", allow);
		return wc_reply_error(req, WC_E_METHOD, "%s is not allowed here; use %s",
				      req->method, allow);
	case WC_MATCH_OK:
		break;
	}
	if (req->route->access == WC_AUTHED) {
		enum wc_auth_result r = wc_auth_identify(req);

		if (r != WC_AUTH_OK)
			return wc_auth_refuse(req, r);
		if (wc_method_changes(req->method) && !wc_auth_check_change(req))
			return MHD_YES;
	}
	if (!length_ok(req) || !media_type_ok(req))
		return MHD_YES;
	return MHD_YES;
}

static enum MHD_Result on_body(struct wc_request *req, const char *data, size_t size)
{
	if (elapsed(&req->started) > req->srv->cfg->request_timeout) {
		wc_log("%s %s: closed, the body took longer than %u s", req->method, req->url,
		       req->srv->cfg->request_timeout);
		return MHD_NO;
	}
	/*
	 * Past the cap only with a chunked body (Content-Length was checked):
	 * there is no way to answer mid-body, so the connection is closed.
	 */
	req->received += size;
	if (req->received > body_cap(req)) {
		wc_log("%s %s: closed, the body is larger than %zu bytes", req->method, req->url,
		       body_cap(req));
		return MHD_NO;
	}
	if (req->failed)
		return MHD_YES;	/* the error is answered once the body is read */
	switch (req->route->body) {
	case WC_BODY_UPLOAD:
		wc_upload_feed(req, data, size);
		break;
	case WC_BODY_JSON:
	case WC_BODY_TEXT:
		wc_body_append(req, data, size, WC_MAX_JSON);
		break;
	case WC_BODY_NONE:
		break;	/* ignored */
	}
	return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version,
				  const char *upload_data, size_t *upload_data_size,
				  void **con_cls)
{
	struct wc_request *req = *con_cls;
	enum MHD_Result ret;

	(void)version;
	if (!req) {
		req = calloc(1, sizeof(*req));
		if (!req)
			return MHD_NO;
		req->srv = cls;
		req->conn = conn;
		req->url = url;
		req->method = method;
		clock_gettime(CLOCK_MONOTONIC, &req->started);
		*con_cls = req;
		ret = begin(req);
		wc_deadlines_request(&req->srv->deadlines, conn, req->auth != WC_AUTH_NONE);
		return ret;
	}
	if (*upload_data_size) {
		size_t size = *upload_data_size;

		*upload_data_size = 0;
		if (req->replied)
			return MHD_YES;	/* answered early: the rest is dropped */
		return on_body(req, upload_data, size);
	}
	if (req->replied)
		return MHD_YES;
	if (req->upload)
		wc_upload_end(req);
	if (req->failed)
		return wc_reply_error(req, req->fail_code, "%s", req->fail_msg);
	return req->route->handler(req);
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
			 enum MHD_RequestTerminationCode toe)
{
	struct wc_server *srv = cls;
	struct wc_request *req = *con_cls;

	wc_deadlines_renew(&srv->deadlines, conn);
	if (!req)
		return;
	if (srv->cfg->verbose)
		wc_log("%s %s -> %u%s (%.1f ms)", req->method, req->url, req->status,
		       toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (aborted)",
		       elapsed(&req->started) * 1000);
	wc_upload_free(req->upload);
	free(req->body);
	free(req);
	*con_cls = NULL;
}

/*
 * libmicrohttpd logs a line for every client that gives up or is cut off
 * mid-request: hundreds a second under a slow-header flood. At most
 * MHD_LOG_PER_SECOND lines a second are kept; the rest are counted and
 * reported as one line.
 */
#define MHD_LOG_PER_SECOND 10

static bool mhd_log_allowed(void)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static time_t second;
	static unsigned int lines, dropped;
	struct timespec t;
	bool ok;

	clock_gettime(CLOCK_MONOTONIC, &t);
	pthread_mutex_lock(&lock);
	if (t.tv_sec != second) {
		if (dropped)
			wc_log("libmicrohttpd: %u further messages not logged (over %d a second)",
			       dropped, MHD_LOG_PER_SECOND);
		second = t.tv_sec;
		lines = dropped = 0;
	}
	ok = lines < MHD_LOG_PER_SECOND;
	if (ok)
		lines++;
	else
		dropped++;
	pthread_mutex_unlock(&lock);
	return ok;
}

static void on_mhd_log(void *cls, const char *fmt, va_list ap)
{
	char msg[512];
	size_t n;

	(void)cls;
	if (!mhd_log_allowed())
		return;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		msg[--n] = 0;
	wc_log("libmicrohttpd: %s", msg);
}

int wc_server_start(struct wc_server *srv, const int *fds, int nfds)
{
	const struct wc_config *cfg = srv->cfg;

	for (int i = 0; i < nfds; i++) {
		struct sockaddr_storage ss;
		socklen_t sl = sizeof(ss);
		unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
				     MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;

		if (getsockname(fds[i], (struct sockaddr *)&ss, &sl) == 0 &&
		    ss.ss_family == AF_INET6)
			flags |= MHD_USE_IPv6;
		/*
		 * The limits are the connection table's (deadline.h), which
		 * pushes out idle and slow connections before it refuses one;
		 * libmicrohttpd's own limit, split between its worker threads,
		 * is set so that it never refuses first.
		 */
		srv->daemons[i] = MHD_start_daemon(
			flags, 0, wc_deadlines_accept, &srv->deadlines, on_request, srv,
			MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, NULL,
			MHD_OPTION_LISTEN_SOCKET, fds[i],
			MHD_OPTION_THREAD_POOL_SIZE, cfg->threads,
			MHD_OPTION_CONNECTION_LIMIT, (cfg->max_connections + 16) * cfg->threads,
			MHD_OPTION_CONNECTION_TIMEOUT, cfg->idle_timeout,
			MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)WC_CONN_POOL,
			MHD_OPTION_NOTIFY_COMPLETED, on_completed, srv,
			MHD_OPTION_NOTIFY_CONNECTION, wc_deadlines_notify, &srv->deadlines,
			/*
			 * 0, not 1: at 1 libmicrohttpd itself answers a request
			 * without Host, and its own answers cannot carry the
			 * security headers; begin() refuses it instead.
			 */
			MHD_OPTION_STRICT_FOR_CLIENT, 0,
			MHD_OPTION_END);
		if (!srv->daemons[i]) {
			wc_log("libmicrohttpd refused to start on listening socket %d", i);
			return -1;
		}
		srv->ndaemons = i + 1;
	}
	return 0;
}

void wc_server_stop(struct wc_server *srv)
{
	for (int i = 0; i < srv->ndaemons; i++)
		MHD_stop_daemon(srv->daemons[i]);
	srv->ndaemons = 0;
}
