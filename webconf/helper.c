// SPDX-License-Identifier: GPL-2.0-only
/* One request/response exchange with ndisload serve over its UNIX socket. */
#include "helper.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

static int connect_helper(const char *path, unsigned int timeout_s, struct wc_fault *f)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct timeval tv = { .tv_sec = timeout_s };
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path))
		return wc_fault_set(f, WC_E_INTERNAL, "helper socket path too long: %s", path);
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return wc_fault_set(f, WC_E_INTERNAL, "socket: %s", strerror(errno));
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		int e = errno;

		close(fd);
		wc_fault_set(f, WC_E_HELPER_DOWN, "cannot reach the ndisload helper at %s: %s",
			     path, strerror(e));
		snprintf(f->hint, sizeof(f->hint),
			 "start it (systemctl start ndisload-helper, or ndisload serve)");
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	return fd;
}

static int send_request(int sock, const char *msg, size_t len, const int *fds,
			unsigned int nfds, struct wc_fault *f)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * WC_HELPER_MAX_FDS)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = (void *)msg, .iov_len = len };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

	memset(&u, 0, sizeof(u));
	if (nfds) {
		struct cmsghdr *c;

		mh.msg_control = u.buf;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
	}
	if (sendmsg(sock, &mh, MSG_NOSIGNAL) != (ssize_t)len)
		return wc_fault_set(f, WC_E_HELPER_DOWN, "sending to the helper failed: %s",
				    strerror(errno));
	return 0;
}

/* Turns the helper's answer into *result or f. */
static int parse_response(const char *buf, size_t len, json_object **result, struct wc_fault *f)
{
	json_object *resp = json_tokener_parse(buf), *ok, *v;
	int rc = -1;

	(void)len;
	if (!resp || !json_object_is_type(resp, json_type_object) ||
	    !json_object_object_get_ex(resp, "ok", &ok) ||
	    !json_object_is_type(ok, json_type_boolean)) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer is not a protocol response");
		goto out;
	}
	if (json_object_get_boolean(ok)) {
		if (!json_object_object_get_ex(resp, "result", &v) || !v) {
			*result = json_object_new_object();	/* "result" may be omitted for {} */
		} else if (!json_object_is_type(v, json_type_object)) {
			wc_fault_set(f, WC_E_BAD_HELPER, "the helper's result is not an object");
			goto out;
		} else {
			*result = json_object_get(v);
		}
		rc = 0;
		goto out;
	}
	if (!json_object_object_get_ex(resp, "error", &v) ||
	    !json_object_is_type(v, json_type_object)) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper failed without saying why");
		goto out;
	}
	{
		json_object *code = NULL, *msg = NULL, *hint = NULL;

		json_object_object_get_ex(v, "code", &code);
		json_object_object_get_ex(v, "message", &msg);
		json_object_object_get_ex(v, "hint", &hint);
		wc_fault_set(f, wc_err_from_helper(json_object_get_string(code)), "%s",
			     json_object_is_type(msg, json_type_string) ?
			     json_object_get_string(msg) : "the helper refused the request");
		if (json_object_is_type(hint, json_type_string))
			snprintf(f->hint, sizeof(f->hint), "%s", json_object_get_string(hint));
	}
out:
	json_object_put(resp);
	return rc;
}

int wc_helper_call(const char *socket_path, unsigned int timeout_s, const char *op,
		   json_object *args, const int *fds, unsigned int nfds,
		   json_object **result, struct wc_fault *f)
{
	json_object *req = json_object_new_object();
	const char *msg;
	size_t len;
	char *buf = NULL;
	ssize_t n;
	int sock = -1, rc = -1;

	*result = NULL;
	if (nfds > WC_HELPER_MAX_FDS)
		return wc_fault_set(f, WC_E_TOO_LARGE, "at most %d files per request",
				    WC_HELPER_MAX_FDS);
	json_object_object_add(req, "op", json_object_new_string(op));
	json_object_object_add(req, "args", args ? json_object_get(args) : json_object_new_object());
	msg = json_object_to_json_string_length(req, JSON_C_TO_STRING_PLAIN |
						JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	if (len > WC_HELPER_MAX_MSG) {
		wc_fault_set(f, WC_E_TOO_LARGE, "the request is larger than the helper's %d KiB limit",
			     WC_HELPER_MAX_MSG / 1024);
		goto out;
	}
	sock = connect_helper(socket_path, timeout_s, f);
	if (sock < 0)
		goto out;
	if (send_request(sock, msg, len, fds, nfds, f))
		goto out;
	buf = malloc(WC_HELPER_MAX_MSG + 1);
	if (!buf) {
		wc_fault_set(f, WC_E_INTERNAL, "out of memory");
		goto out;
	}
	n = recv(sock, buf, WC_HELPER_MAX_MSG + 1, MSG_TRUNC);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
		wc_fault_set(f, WC_E_HELPER_TIMEOUT, "the helper did not answer %s within %u s",
			     op, timeout_s);
		goto out;
	}
	if (n <= 0) {
		wc_fault_set(f, WC_E_HELPER_DOWN, "the helper closed the connection without answering %s%s%s",
			     op, n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
		goto out;
	}
	if (n > WC_HELPER_MAX_MSG) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer is larger than %d KiB",
			     WC_HELPER_MAX_MSG / 1024);
		goto out;
	}
	buf[n] = 0;
	if (memchr(buf, 0, (size_t)n)) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer contains a NUL byte");
		goto out;
	}
	rc = parse_response(buf, (size_t)n, result, f);
out:
	if (sock >= 0)
		close(sock);
	free(buf);
	json_object_put(req);
	return rc;
}
