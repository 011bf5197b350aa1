// SPDX-License-Identifier: GPL-2.0-only
/* A progress bar on stderr for slow CLI steps (see progress.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/progress.h"

#define WIDTH 30
#define DELAY 1.0	/* seconds before anything is drawn */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_begin(struct progress *p, const char *label)
{
	/* tests: draw on a pipe, from the first update (a fast machine unpacks in under DELAY) */
	const char *force = getenv("NDISLOAD_PROGRESS");

	memset(p, 0, sizeof(*p));
	p->label = label;
	p->start = now();
	p->forced = force && !strcmp(force, "always");
	p->tty = isatty(2) || p->forced;
}

void progress_update(struct progress *p, uint64_t done, uint64_t total)
{
	char bar[WIDTH + 1];
	double t = now();
	int i, fill;

	/* Quick steps draw nothing; redraw at most ten times a second. */
	if (!p->tty || (!p->forced && t - p->start < DELAY) || t - p->last < 0.1)
		return;
	p->last = t;
	p->shown = true;
	if (total) {
		if (done > total)
			done = total;
		fill = (int)(done * WIDTH / total);
		for (i = 0; i < WIDTH; i++)
			bar[i] = i < fill ? '#' : '-';
		bar[WIDTH] = '\0';
		fprintf(stderr, "\r%s [%s] %3d%% %llu/%llu KiB", p->label, bar,
			(int)(done * 100 / total), (unsigned long long)(done >> 10),
			(unsigned long long)(total >> 10));
	} else {
		int at = (int)((t - p->start) * 10) % WIDTH;

		for (i = 0; i < WIDTH; i++)
			bar[i] = i == at ? '#' : '-';
		bar[WIDTH] = '\0';
		fprintf(stderr, "\r%s [%s] %.0f s", p->label, bar, t - p->start);
	}
	fflush(stderr);
}

void progress_end(struct progress *p)
{
	if (p->shown)
		fprintf(stderr, "\r%*s\r", (int)strlen(p->label) + WIDTH + 28, "");
	p->shown = false;
}

void progress_cb(uint64_t done, uint64_t total, void *ctx)
{
	progress_update(ctx, done, total);
}

static void *ticker(void *arg)
{
	struct progress_ticker *t = arg;
	struct timespec at;

	pthread_mutex_lock(&t->lock);
	while (!t->stop) {
		progress_update(&t->bar, 0, 0);
		clock_gettime(CLOCK_REALTIME, &at);
		at.tv_nsec += 100 * 1000 * 1000;
		if (at.tv_nsec >= 1000 * 1000 * 1000) {
			at.tv_sec++;
			at.tv_nsec -= 1000 * 1000 * 1000;
		}
		while (!t->stop && pthread_cond_timedwait(&t->wake, &t->lock, &at) != ETIMEDOUT)
			;
	}
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

void progress_tick_begin(struct progress_ticker *t, const char *label)
{
	progress_begin(&t->bar, label);
	t->stop = false;
	t->running = false;
	if (!t->bar.tty)
		return;
	/*
	 * Forced (tests): the first frame now, not from the thread, which a
	 * step that fails at once can end before it is ever scheduled.
	 */
	if (t->bar.forced)
		progress_update(&t->bar, 0, 0);
	pthread_mutex_init(&t->lock, NULL);
	pthread_cond_init(&t->wake, NULL);
	/* Without the thread the step simply runs without its marker. */
	t->running = !pthread_create(&t->thread, NULL, ticker, t);
}

void progress_tick_end(struct progress_ticker *t)
{
	if (t->running) {
		pthread_mutex_lock(&t->lock);
		t->stop = true;
		pthread_cond_signal(&t->wake);
		pthread_mutex_unlock(&t->lock);
		pthread_join(t->thread, NULL);
		t->running = false;
	}
	progress_end(&t->bar);
}
