/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One operation run in a child process, so that the serve loop keeps
 * answering other clients while it waits on hardware, the network or a
 * timer (load, DHCP, doctor). The child computes the reply text into a
 * memfd and exits; the loop polls a pidfd of the child and, once it has
 * ended, takes the text. A child that crashes or is killed gives an error
 * reply naming the signal, never a lost client.
 */
#ifndef NDL_SERVE_WORKER_H
#define NDL_SERVE_WORKER_H

#include <stddef.h>
#include <sys/types.h>

#include "lib/err.h"

struct serve_worker {
	pid_t pid;	/* 0: none */
	int pidfd;	/* readable once the child has ended */
	int out;	/* memfd: the reply text */
};

void serve_worker_init(struct serve_worker *w);

/*
 * Forks a child that calls run(ctx) after close_others(ctx) (the parent's
 * descriptors it must not keep: listener, other clients), writes the
 * returned text to the memfd and exits. Returns 0 in the parent, -1 with
 * err when no child could be started (the caller then runs it itself).
 */
int serve_worker_start(struct serve_worker *w, char *(*run)(void *ctx, size_t *len),
		       void (*close_others)(void *ctx), void *ctx, struct ndl_err *err);

/*
 * After the pidfd became readable: reaps the child and returns its reply
 * text (malloc'd, *len set), or NULL with err when it failed or crashed.
 */
char *serve_worker_finish(struct serve_worker *w, size_t *len, struct ndl_err *err);

/* Stops waiting for a child: waits for it to end (it may be changing state) and frees w. */
void serve_worker_reap(struct serve_worker *w);

#endif
