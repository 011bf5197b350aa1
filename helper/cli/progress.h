/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A progress bar on the terminal for CLI steps that take more than a
 * second (unpacking a package, waiting for a driver's interface): drawn on
 * stderr only when it is a terminal, only once the step has run for a
 * second, and erased when the step ends, so scripts and quick steps see
 * nothing of it.
 */
#ifndef NDL_PROGRESS_H
#define NDL_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct progress {
	const char *label;
	double start;		/* CLOCK_MONOTONIC seconds */
	double last;		/* when it was last drawn */
	bool shown, tty;
	bool forced;		/* NDISLOAD_PROGRESS=always: a pipe, no delay */
};

/* A moving marker drawn by a thread while one blocking call runs. */
struct progress_ticker {
	struct progress bar;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bool stop, running;
};

void progress_begin(struct progress *p, const char *label);
/* done of total (total 0: unknown, a moving marker instead of a bar). */
void progress_update(struct progress *p, uint64_t done, uint64_t total);
void progress_end(struct progress *p);
/* The same, as pkg_setup_progress() wants it (ctx is a struct progress). */
void progress_cb(uint64_t done, uint64_t total, void *ctx);

/*
 * For a step that blocks in one call (a driver's start, a Wi-Fi join): the
 * marker moves on its own until progress_tick_end(). Without a terminal no
 * thread is started.
 */
void progress_tick_begin(struct progress_ticker *t, const char *label);
void progress_tick_end(struct progress_ticker *t);

#endif
