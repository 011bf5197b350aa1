/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The serve event loop: one poll() over the listener and every client, so
 * no client can make the helper wait. Each client has a deadline for what
 * it owes (its next request, the rest of its uploaded descriptors, reading
 * its reply); past it the helper stops waiting for that client only.
 * Operations that may take seconds run in worker processes
 * (serve_worker.h), so they hold up only the clients that depend on them:
 * operations that change state still run one at a time.
 */
#ifndef NDL_SERVE_LOOP_H
#define NDL_SERVE_LOOP_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

#include "lib/err.h"
#include "serve/serve_sock.h"

#define SERVE_MAX_CLIENTS	32
#define SERVE_MAX_WORKERS	4	/* slow operations running at once */

struct serve_limits {
	unsigned int idle_s;	/* from connecting or the last reply to the next request */
	unsigned int upload_s;	/* from a request to the end of its uploaded descriptors */
	unsigned int write_s;	/* for the client to take its reply */
};

/* How to run a request. */
struct serve_plan {
	bool changes;	/* changes state: runs only while no other such request does */
	bool slow;	/* may take seconds: runs in a worker process beside the loop */
};

struct serve_handler {
	/* Answers one request (its descriptors readable): a malloc'd JSON text. */
	char *(*request)(struct serve_msg *m, uid_t uid, size_t *len);
	/* Fills in how to run m (left as is: changes state, runs in the loop). */
	void (*plan)(const struct serve_msg *m, struct serve_plan *p);
	/* The error response for e: a malloc'd JSON text. */
	char *(*error)(const struct ndl_err *e, size_t *len);
	/* One line for the log. */
	void (*log)(const char *line);
};

/* Serves until *stop is set; returns 0. */
int serve_loop(int listener, const struct serve_peers *peers, const struct serve_limits *lim,
	       const struct serve_handler *h, volatile sig_atomic_t *stop);

#endif
