// SPDX-License-Identifier: GPL-2.0-only
/* The serve event loop: clients, their deadlines, one poll() (serve_loop.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "serve/serve_loop.h"
#include "serve/serve_spool.h"
#include "serve/serve_worker.h"

enum client_state {
	CL_FREE,
	CL_READ,	/* waiting for a request */
	CL_SPOOL,	/* draining the request's uploaded descriptors */
	CL_QUEUED,	/* the request waits for the operation running in a worker */
	CL_BUSY,	/* a worker process runs the request */
	CL_WRITE,	/* the reply waits for room in the socket */
};

struct client {
	enum client_state st;
	int sock;
	uid_t uid;
	long long deadline;	/* monotonic ms */
	long long since;	/* when the current state began */
	bool close_after;	/* the reply ends the connection */
	struct serve_plan plan;	/* of the request being run or queued */
	struct serve_worker w;
	struct serve_msg m;
	struct serve_spool sp;
	struct serve_reply out;
};

struct loop {
	struct client cl[SERVE_MAX_CLIENTS];
	const struct serve_limits *lim;
	const struct serve_handler *h;
	int listener;
	unsigned int workers;	/* clients in CL_BUSY */
	bool writer;		/* one of them changes state */
};

/* What a worker's child needs: the loop (to close what is not its own) and its client. */
struct job {
	struct loop *l;
	struct client *c;
};

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void logf_(const struct loop *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void logf_(const struct loop *l, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	l->h->log(line);
}

static void client_close(struct client *c)
{
	serve_spool_free(&c->sp);
	serve_msg_free(&c->m);
	serve_reply_free(&c->out);
	serve_close(c->sock);
	c->st = CL_FREE;
}

static void wait_request(const struct loop *l, struct client *c, long long now)
{
	c->st = CL_READ;
	c->since = now;
	c->deadline = now + (long long)l->lim->idle_s * 1000;
}

/* Sends c->out, or waits for room; a reply that cannot go ends the client. */
static void send_reply(const struct loop *l, struct client *c, long long now)
{
	int r = serve_reply_send(c->sock, &c->out);

	if (r == 0) {
		if (c->st != CL_WRITE) {
			c->st = CL_WRITE;
			c->since = now;
			c->deadline = now + (long long)l->lim->write_s * 1000;
		}
		return;
	}
	serve_reply_free(&c->out);
	if (r < 0 || c->close_after) {
		client_close(c);
		return;
	}
	wait_request(l, c, now);
}

/* Takes over text (a response) and sends it; text NULL: out of memory. */
static void reply_text(const struct loop *l, struct client *c, char *text, size_t len, long long now)
{
	struct ndl_err err;

	ndl_err_clear(&err);
	if (!text) {
		ndl_fail(&err, NDL_E_INTERNAL, "out of memory");
	} else if (serve_reply_pack(&c->out, text, len, &err) == 0) {
		send_reply(l, c, now);
		return;
	}
	logf_(l, "uid %u: %s", (unsigned int)c->uid, err.msg);
	text = l->h->error(&err, &len);
	if (!text || serve_reply_pack(&c->out, text, len, &err)) {
		client_close(c);
		return;
	}
	send_reply(l, c, now);
}

static void reply_error(const struct loop *l, struct client *c, const struct ndl_err *e, long long now)
{
	size_t len;
	char *text = l->h->error(e, &len);

	serve_spool_free(&c->sp);
	serve_msg_free(&c->m);
	reply_text(l, c, text, len, now);
}

static void run_inline(const struct loop *l, struct client *c, long long now)
{
	size_t len = 0;
	char *text = l->h->request(&c->m, c->uid, &len);

	serve_spool_free(&c->sp);
	serve_msg_free(&c->m);
	reply_text(l, c, text, len, now);
}

static char *run_in_child(void *ctx, size_t *len)
{
	const struct job *j = ctx;

	return j->l->h->request(&j->c->m, j->c->uid, len);
}

/* In a worker's child: every descriptor of the loop but its own request's. */
static void close_in_child(void *ctx)
{
	const struct job *j = ctx;
	size_t i;

	close(j->l->listener);
	for (i = 0; i < SERVE_MAX_CLIENTS; i++) {
		struct client *c = &j->l->cl[i];

		if (c->st == CL_FREE)
			continue;
		close(c->sock);
		if (c == j->c)
			continue;
		serve_spool_free(&c->sp);
		serve_msg_free(&c->m);
		if (c->w.pidfd >= 0)
			close(c->w.pidfd);
		if (c->w.out >= 0)
			close(c->w.out);
		if (c->out.fd >= 0)
			close(c->out.fd);
	}
}

/*
 * Operations that change state run one at a time (they may depend on each
 * other's effects); a slow one waits for a free worker.
 */
static bool must_wait(const struct loop *l, const struct client *c)
{
	return (c->plan.changes && l->writer) || (c->plan.slow && l->workers >= SERVE_MAX_WORKERS);
}

static void start_request(struct loop *l, struct client *c, long long now)
{
	struct job j = { l, c };
	struct ndl_err err;

	if (!c->plan.slow) {
		run_inline(l, c, now);
		return;
	}
	ndl_err_clear(&err);
	if (serve_worker_start(&c->w, run_in_child, close_in_child, &j, &err)) {
		logf_(l, "uid %u: %s; the helper runs the operation itself", (unsigned int)c->uid,
		      err.msg);
		run_inline(l, c, now);
		return;
	}
	/* the child has the request (and its descriptors) now */
	serve_spool_free(&c->sp);
	serve_msg_free(&c->m);
	c->st = CL_BUSY;
	c->since = now;
	c->deadline = LLONG_MAX;	/* the operation's length is the helper's own work */
	l->workers++;
	l->writer |= c->plan.changes;
}

static void run_request(struct loop *l, struct client *c, long long now)
{
	c->plan = (struct serve_plan){ .changes = true, .slow = false };
	l->h->plan(&c->m, &c->plan);
	if (!must_wait(l, c)) {
		start_request(l, c, now);
		return;
	}
	c->st = CL_QUEUED;
	c->since = now;
	c->deadline = LLONG_MAX;
}

/* Starts the queued requests that may run now, in the order they came. */
static void start_queued(struct loop *l, long long now)
{
	for (;;) {
		struct client *next = NULL;
		size_t i;

		for (i = 0; i < SERVE_MAX_CLIENTS; i++) {
			struct client *c = &l->cl[i];

			if (c->st == CL_QUEUED && !must_wait(l, c) && (!next || c->since < next->since))
				next = c;
		}
		if (!next)
			return;
		start_request(l, next, now);
	}
}

static void on_worker_done(struct loop *l, struct client *c, long long now)
{
	struct ndl_err err;
	size_t len = 0;
	char *text;

	ndl_err_clear(&err);
	text = serve_worker_finish(&c->w, &len, &err);
	l->workers--;
	if (c->plan.changes)
		l->writer = false;
	if (text) {
		reply_text(l, c, text, len, now);
	} else {
		logf_(l, "uid %u: %s", (unsigned int)c->uid, err.msg);
		reply_error(l, c, &err, now);
	}
	start_queued(l, now);
}

static void on_readable(struct loop *l, struct client *c, long long now)
{
	struct ndl_err err;
	int r;

	ndl_err_clear(&err);
	r = serve_recv(c->sock, &c->m, &err);
	if (r == -2)
		return;
	if (r == 0) {
		client_close(c);
		return;
	}
	if (r < 0) {
		logf_(l, "uid %u: %s", (unsigned int)c->uid, err.msg);
		c->close_after = true;	/* a refused message ends the connection */
		reply_error(l, c, &err, now);
		return;
	}
	if (serve_spool_start(&c->sp, &c->m, &err)) {
		logf_(l, "uid %u: %s", (unsigned int)c->uid, err.msg);
		reply_error(l, c, &err, now);
		return;
	}
	if (!c->sp.pending) {
		run_request(l, c, now);
		return;
	}
	c->st = CL_SPOOL;
	c->since = now;
	c->deadline = now + (long long)l->lim->upload_s * 1000;
}

static void on_spool(struct loop *l, struct client *c, size_t i, long long now)
{
	struct ndl_err err;
	int r;

	ndl_err_clear(&err);
	r = serve_spool_read(&c->sp, &c->m, i, &err);
	if (r < 0) {
		logf_(l, "uid %u: %s", (unsigned int)c->uid, err.msg);
		reply_error(l, c, &err, now);
	} else if (r > 0 && !c->sp.pending) {
		run_request(l, c, now);
	}
}

static void on_deadline(const struct loop *l, struct client *c, long long now)
{
	struct ndl_err err;
	size_t i;

	ndl_err_clear(&err);
	switch (c->st) {
	case CL_READ:
		logf_(l, "uid %u: no request for %u s: disconnected", (unsigned int)c->uid,
		      l->lim->idle_s);
		ndl_fail(&err, NDL_E_BAD_REQUEST, "no request within %u s", l->lim->idle_s);
		c->close_after = true;
		reply_error(l, c, &err, now);
		if (c->st == CL_WRITE)	/* no room even for that: do not wait */
			client_close(c);
		break;
	case CL_SPOOL:
		for (i = 0; i < SERVE_MAX_FDS && c->sp.src[i] < 0; i++)
			;
		ndl_fail(&err, NDL_E_BAD_REQUEST,
			 "file %zu did not end within %u s: its writer keeps it open or is too slow",
			 i + 1, l->lim->upload_s);
		ndl_hint(&err, "send regular files, or close the writing end before sending");
		logf_(l, "uid %u: %s", (unsigned int)c->uid, err.msg);
		reply_error(l, c, &err, now);
		break;
	case CL_WRITE:
		logf_(l, "uid %u: did not read its reply within %u s: disconnected",
		      (unsigned int)c->uid, l->lim->write_s);
		client_close(c);
		break;
	case CL_QUEUED:
	case CL_BUSY:
	case CL_FREE:
		break;
	}
}

/* A free slot; when all are taken, the client waiting longest for a request makes room. */
static struct client *free_slot(struct loop *l)
{
	struct client *idle = NULL;
	size_t i;

	for (i = 0; i < SERVE_MAX_CLIENTS; i++) {
		struct client *c = &l->cl[i];

		if (c->st == CL_FREE)
			return c;
		if (c->st == CL_READ && (!idle || c->since < idle->since))
			idle = c;
	}
	if (!idle)
		return NULL;
	logf_(l, "uid %u: idle while %d clients are connected: disconnected",
	      (unsigned int)idle->uid, SERVE_MAX_CLIENTS);
	client_close(idle);
	return idle;
}

/* One short error message to a client that is not kept, without waiting. */
static void refuse(const struct loop *l, int sock, const struct ndl_err *e)
{
	struct serve_reply r;
	struct ndl_err e2;
	size_t len;
	char *text = l->h->error(e, &len);

	if (text && !serve_reply_pack(&r, text, len, &e2)) {
		serve_reply_send(sock, &r);
		serve_reply_free(&r);
	}
	serve_close(sock);
}

static void on_accept(struct loop *l, int listener, const struct serve_peers *peers, long long now)
{
	struct client *c;
	struct ndl_err err;
	uid_t uid;
	pid_t pid;
	int s = accept4(listener, NULL, NULL, SOCK_CLOEXEC);

	if (s < 0)
		return;
	ndl_err_clear(&err);
	if (!serve_peer_ok(s, peers, &uid, &pid)) {
		ndl_fail(&err, NDL_E_FORBIDDEN, "this user (uid %u) may not use the ndisload helper",
			 (unsigned int)uid);
		logf_(l, "refused a connection from uid %u (pid %d): not allowed", (unsigned int)uid,
		      (int)pid);
		refuse(l, s, &err);
		return;
	}
	c = free_slot(l);
	if (!c) {
		ndl_fail(&err, NDL_E_INTERNAL, "the helper is busy with %d other clients",
			 SERVE_MAX_CLIENTS);
		ndl_hint(&err, "try again in a moment");
		logf_(l, "refused a connection from uid %u (pid %d): %s", (unsigned int)uid,
		      (int)pid, err.msg);
		refuse(l, s, &err);
		return;
	}
	memset(c, 0, offsetof(struct client, m));
	c->sock = s;
	c->uid = uid;
	c->m.nfds = 0;
	c->out.text = NULL;
	c->out.fd = -1;
	serve_spool_init(&c->sp);
	serve_worker_init(&c->w);
	wait_request(l, c, now);
}

int serve_loop(int listener, const struct serve_peers *peers, const struct serve_limits *lim,
	       const struct serve_handler *h, volatile sig_atomic_t *stop)
{
	enum { MAX_PFD = 1 + SERVE_MAX_CLIENTS * SERVE_MAX_FDS };
	static struct loop l;
	struct pollfd pfd[MAX_PFD];
	short who[MAX_PFD], which[MAX_PFD];
	size_t i, n;

	/* accept() after poll() must not wait for a client that went away */
	fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK);
	l.lim = lim;
	l.h = h;
	l.listener = listener;
	for (i = 0; i < SERVE_MAX_CLIENTS; i++)
		l.cl[i].st = CL_FREE;
	while (!*stop) {
		long long now = now_ms(), wait = 1000;
		int r;

		pfd[0] = (struct pollfd){ .fd = listener, .events = POLLIN };
		n = 1;
		for (i = 0; i < SERVE_MAX_CLIENTS; i++) {
			struct client *c = &l.cl[i];
			size_t k;

			if (c->st == CL_FREE)
				continue;
			if (c->deadline - now < wait)
				wait = c->deadline - now < 0 ? 0 : c->deadline - now;
			if (c->st == CL_SPOOL) {
				for (k = 0; k < SERVE_MAX_FDS; k++) {
					if (c->sp.src[k] < 0)
						continue;
					pfd[n] = (struct pollfd){ .fd = c->sp.src[k], .events = POLLIN };
					who[n] = (short)i;
					which[n++] = (short)k;
				}
				continue;
			}
			if (c->st == CL_QUEUED)
				continue;
			if (c->st == CL_BUSY) {
				pfd[n] = (struct pollfd){ .fd = c->w.pidfd, .events = POLLIN };
				who[n] = (short)i;
				which[n++] = -1;
				continue;
			}
			pfd[n] = (struct pollfd){ .fd = c->sock,
				.events = c->st == CL_WRITE ? POLLOUT : POLLIN };
			who[n] = (short)i;
			which[n++] = -1;
		}
		r = poll(pfd, n, (int)wait);
		if (r < 0 && errno != EINTR)
			break;
		now = now_ms();
		for (i = 1; r > 0 && i < n; i++) {
			struct client *c = &l.cl[who[i]];

			if (!pfd[i].revents)
				continue;
			if (which[i] >= 0) {
				/* an earlier event of this request may have ended it */
				if (c->st == CL_SPOOL && c->sp.src[which[i]] == pfd[i].fd)
					on_spool(&l, c, (size_t)which[i], now);
			} else if (c->st == CL_BUSY) {
				on_worker_done(&l, c, now);
			} else if (c->st == CL_WRITE) {
				send_reply(&l, c, now);
			} else if (c->st == CL_READ && c->sock == pfd[i].fd) {
				on_readable(&l, c, now);
			}
		}
		now = now_ms();
		for (i = 0; i < SERVE_MAX_CLIENTS; i++)
			if (l.cl[i].st != CL_FREE && l.cl[i].deadline <= now)
				on_deadline(&l, &l.cl[i], now);
		if (r > 0 && pfd[0].revents)
			on_accept(&l, listener, peers, now);
	}
	for (i = 0; i < SERVE_MAX_CLIENTS; i++) {
		if (l.cl[i].st == CL_FREE)
			continue;
		serve_worker_reap(&l.cl[i].w);	/* a load or an unload runs to its end */
		client_close(&l.cl[i]);
	}
	return 0;
}
