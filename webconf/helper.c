// SPDX-License-Identifier: GPL-2.0-only
/* One request/response exchange with ndisload serve over its UNIX socket. */
#include "helper.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
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

/* Reads a large reply: size bytes of a sealed memfd (docs/helper-protocol.md). */
static char *read_sealed(int fd, size_t size, struct wc_fault *f)
{
	const int need = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
	struct stat st;
	size_t done = 0;
	char *buf;
	int seals = fcntl(fd, F_GET_SEALS);

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || seals < 0 || (seals & need) != need) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's large answer is not in a sealed memfd");
		return NULL;
	}
	if ((size_t)st.st_size != size) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's large answer has %lld bytes, not %zu",
			     (long long)st.st_size, size);
		return NULL;
	}
	buf = malloc(size + 1);
	if (!buf) {
		wc_fault_set(f, WC_E_INTERNAL, "out of memory for the helper's answer (%zu bytes)", size);
		return NULL;
	}
	while (done < size) {
		ssize_t n = pread(fd, buf + done, size - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			wc_fault_set(f, WC_E_BAD_HELPER, "cannot read the helper's large answer: %s",
				     n < 0 ? strerror(errno) : "it ended early");
			free(buf);
			return NULL;
		}
		done += (size_t)n;
	}
	buf[size] = 0;
	return buf;
}

/* The size a large reply's inline message announces; 0 when it is not one. */
static size_t announced_size(const char *head)
{
	json_object *o = json_tokener_parse(head), *v;
	int64_t n = 0;

	if (o && json_object_is_type(o, json_type_object) && json_object_object_length(o) == 1 &&
	    json_object_object_get_ex(o, "reply_bytes", &v) && json_object_is_type(v, json_type_int))
		n = json_object_get_int64(v);
	json_object_put(o);
	return n > WC_HELPER_MAX_MSG && n <= WC_HELPER_MAX_REPLY ? (size_t)n : 0;
}

/*
 * Receives the answer to op: one message, inline or announcing a sealed
 * memfd. Returns the text (malloc'd, NUL-terminated, no inner NUL) and its
 * length, or NULL with f set.
 */
static char *recv_reply(int sock, const char *op, unsigned int timeout_s, size_t *len,
			struct wc_fault *f)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * WC_HELPER_MAX_FDS)];
		struct cmsghdr align;
	} u;
	char *buf = malloc(WC_HELPER_MAX_MSG + 1), *big = NULL;
	struct iovec iov = { .iov_base = buf, .iov_len = WC_HELPER_MAX_MSG + 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *c;
	int fd = -1, nfds = 0;
	size_t size;
	ssize_t n;

	if (!buf) {
		wc_fault_set(f, WC_E_INTERNAL, "out of memory");
		return NULL;
	}
	do
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	for (c = n > 0 ? CMSG_FIRSTHDR(&mh) : NULL; c; c = CMSG_NXTHDR(&mh, c)) {
		size_t k, cnt;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		cnt = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (k = 0; k < cnt; k++, nfds++) {
			int d;

			memcpy(&d, CMSG_DATA(c) + k * sizeof(int), sizeof(int));
			if (fd < 0)
				fd = d;
			else
				close(d);
		}
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
		wc_fault_set(f, WC_E_HELPER_TIMEOUT, "the helper did not answer %s within %u s",
			     op, timeout_s);
	} else if (n <= 0) {
		wc_fault_set(f, WC_E_HELPER_DOWN, "the helper closed the connection without answering %s%s%s",
			     op, n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
	} else if (mh.msg_flags & MSG_TRUNC) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer is larger than %d KiB",
			     WC_HELPER_MAX_MSG / 1024);
	} else if ((mh.msg_flags & MSG_CTRUNC) || nfds > 1) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer came with %s descriptors",
			     nfds > 1 ? "several" : "too many");
	} else if (buf[n] = 0, memchr(buf, 0, (size_t)n)) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer contains a NUL byte");
	} else if (fd < 0) {
		*len = (size_t)n;
		return buf;
	} else if (!(size = announced_size(buf))) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper sent a descriptor with an answer that "
			     "does not announce a large reply (at most %d MiB)",
			     WC_HELPER_MAX_REPLY >> 20);
	} else if ((big = read_sealed(fd, size, f)) && memchr(big, 0, size)) {
		wc_fault_set(f, WC_E_BAD_HELPER, "the helper's answer contains a NUL byte");
		free(big);
		big = NULL;
	} else if (big) {
		*len = size;
	}
	if (fd >= 0)
		close(fd);
	free(buf);
	return big;
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
		json_object *code = NULL, *msg = NULL, *hint = NULL, *field = NULL;

		json_object_object_get_ex(v, "code", &code);
		json_object_object_get_ex(v, "message", &msg);
		json_object_object_get_ex(v, "hint", &hint);
		wc_fault_set(f, wc_err_from_helper(json_object_get_string(code)), "%s",
			     json_object_is_type(msg, json_type_string) ?
			     json_object_get_string(msg) : "the helper refused the request");
		if (json_object_is_type(hint, json_type_string))
			snprintf(f->hint, sizeof(f->hint), "%s", json_object_get_string(hint));
		json_object_object_get_ex(v, "field", &field);
		if (json_object_is_type(field, json_type_string))
			snprintf(f->field, sizeof(f->field), "%s", json_object_get_string(field));
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
	size_t n;
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
	buf = recv_reply(sock, op, timeout_s, &n, f);
	if (!buf)
		goto out;
	rc = parse_response(buf, n, result, f);
out:
	if (sock >= 0)
		close(sock);
	free(buf);
	json_object_put(req);
	return rc;
}
