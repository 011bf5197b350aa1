// SPDX-License-Identifier: GPL-2.0-only
/* The serve socket: listen, check peers, receive requests, send replies (serve_sock.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "serve/serve_sock.h"

int serve_listen(const char *path, gid_t group, struct ndl_err *err)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct stat st;
	int s, e;

	if (strlen(path) >= sizeof(sa.sun_path))
		return ndl_fail(err, NDL_E_BAD_REQUEST, "socket path too long: %s", path);
	strcpy(sa.sun_path, path);
	/* A socket left by an earlier run goes; anything else stays. */
	if (!lstat(path, &st)) {
		if (!S_ISSOCK(st.st_mode))
			return ndl_fail(err, NDL_E_CONFLICT, "%s exists and is not a socket", path);
		unlink(path);
	}
	s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (s < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "socket: %s", strerror(errno));
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) || listen(s, 16)) {
		e = errno;
		close(s);
		return ndl_fail(err, NDL_E_INTERNAL, "cannot listen on %s: %s", path, strerror(e));
	}
	if (chmod(path, 0660) || (group != (gid_t)-1 && chown(path, 0, group) && geteuid() == 0)) {
		e = errno;
		close(s);
		unlink(path);
		return ndl_fail(err, NDL_E_INTERNAL, "cannot set the owner of %s: %s", path, strerror(e));
	}
	return s;
}

bool serve_peer_ok(int sock, const struct serve_peers *p, uid_t *uid, pid_t *pid)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);
	size_t i;

	if (getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &cred, &len) || len != sizeof(cred))
		return false;
	*uid = cred.uid;
	*pid = cred.pid;
	if (cred.uid == 0)
		return true;
	for (i = 0; i < p->n; i++)
		if (p->uid[i] == cred.uid)
			return true;
	return false;
}

void serve_close(int sock)
{
	char b;

	shutdown(sock, SHUT_RDWR);	/* nothing more can be queued ... */
	while (recv(sock, &b, 1, MSG_DONTWAIT | MSG_TRUNC) > 0)
		;			/* ... and what was is dropped (fds too) */
	close(sock);
}

static void close_fds(const int *fds, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		close(fds[i]);
}

int serve_recv(int sock, struct serve_msg *m, struct ndl_err *err)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * SERVE_MAX_FDS)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = m->buf, .iov_len = SERVE_MAX_MSG + 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	m->nfds = 0;
	m->len = 0;
	do
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
	while (n < 0 && errno == EINTR);
	if (n == 0)
		return 0;
	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK ? -2 : 0;
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		size_t k, cnt;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		cnt = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (k = 0; k < cnt; k++) {
			int fd;

			memcpy(&fd, CMSG_DATA(c) + k * sizeof(int), sizeof(int));
			if (m->nfds < SERVE_MAX_FDS)
				m->fds[m->nfds++] = fd;
			else
				close(fd);
		}
	}
	if (mh.msg_flags & MSG_CTRUNC) {
		serve_msg_free(m);
		return ndl_fail(err, NDL_E_TOO_LARGE, "more than %d file descriptors in one request",
				SERVE_MAX_FDS);
	}
	if ((size_t)n > SERVE_MAX_MSG || (mh.msg_flags & MSG_TRUNC)) {
		serve_msg_free(m);
		return ndl_fail(err, NDL_E_TOO_LARGE, "the request is larger than %d bytes",
				SERVE_MAX_MSG);
	}
	m->len = (size_t)n;
	m->buf[n] = '\0';
	if (memchr(m->buf, '\0', m->len)) {
		serve_msg_free(m);
		return ndl_fail(err, NDL_E_BAD_REQUEST, "the request contains a NUL byte");
	}
	return 1;
}

void serve_msg_free(struct serve_msg *m)
{
	close_fds(m->fds, m->nfds);
	m->nfds = 0;
}

/* A read-only snapshot of text: a memfd sealed against every change. */
static int sealed_memfd(const char *text, size_t len, struct ndl_err *err)
{
	int fd = memfd_create("ndisload-reply", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	size_t done = 0;

	if (fd < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "memfd_create: %s", strerror(errno));
	while (done < len) {
		ssize_t w = write(fd, text + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			int e = w < 0 ? errno : ENOSPC;

			close(fd);
			return ndl_fail(err, NDL_E_INTERNAL, "cannot write the reply: %s", strerror(e));
		}
		done += (size_t)w;
	}
	if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL)) {
		int e = errno;

		close(fd);
		return ndl_fail(err, NDL_E_INTERNAL, "cannot seal the reply: %s", strerror(e));
	}
	return fd;
}

int serve_reply_pack(struct serve_reply *r, char *text, size_t len, struct ndl_err *err)
{
	char head[64];

	r->text = NULL;
	r->len = 0;
	r->fd = -1;
	if (len <= SERVE_MAX_MSG) {
		r->text = text;
		r->len = len;
		return 0;
	}
	if (len > SERVE_MAX_REPLY) {
		free(text);
		return ndl_fail(err, NDL_E_TOO_LARGE, "the response would be larger than %u MiB",
				SERVE_MAX_REPLY >> 20);
	}
	r->fd = sealed_memfd(text, len, err);
	free(text);
	if (r->fd < 0)
		return -1;
	snprintf(head, sizeof(head), "{\"reply_bytes\":%zu}", len);
	r->text = strdup(head);
	if (!r->text) {
		serve_reply_free(r);
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	}
	r->len = strlen(head);
	return 0;
}

int serve_reply_send(int sock, const struct serve_reply *r)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = r->text, .iov_len = r->len };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n;

	if (r->fd >= 0) {
		struct cmsghdr *c;

		memset(&u, 0, sizeof(u));
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof(u.buf);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &r->fd, sizeof(int));
	}
	do
		n = sendmsg(sock, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);
	while (n < 0 && errno == EINTR);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	return n == (ssize_t)r->len ? 1 : -1;
}

void serve_reply_free(struct serve_reply *r)
{
	free(r->text);
	r->text = NULL;
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}
