// SPDX-License-Identifier: GPL-2.0-only
/* The timer thread that resumes suspended connections when they are due. */
#include "delay.h"

#include <stdlib.h>
#include <time.h>

#include "log.h"

struct wc_delayed {
	struct wc_delayed *next;
	struct MHD_Connection *conn;
	struct timespec due;	/* CLOCK_MONOTONIC */
};

static bool before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* Called with the lock held. */
static void resume_first(struct wc_delays *d)
{
	struct wc_delayed *e = d->head;

	d->head = e->next;
	MHD_resume_connection(e->conn);
	free(e);
}

static void *timer(void *arg)
{
	struct wc_delays *d = arg;

	pthread_mutex_lock(&d->lock);
	while (!d->stop) {
		struct timespec t;

		clock_gettime(CLOCK_MONOTONIC, &t);
		while (d->head && !before(&t, &d->head->due))
			resume_first(d);
		if (d->head)
			t = d->head->due;
		else
			t.tv_sec += 3600;
		pthread_cond_timedwait(&d->wake, &d->lock, &t);
	}
	/* Stopping: every connection must be resumed before the daemons stop. */
	while (d->head)
		resume_first(d);
	pthread_mutex_unlock(&d->lock);
	return NULL;
}

int wc_delays_start(struct wc_delays *d)
{
	pthread_condattr_t ca;

	d->head = NULL;
	d->stop = false;
	pthread_mutex_init(&d->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&d->wake, &ca);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&d->thread, NULL, timer, d)) {
		wc_log("cannot start the delay thread");
		return -1;
	}
	return 0;
}

void wc_delays_stop(struct wc_delays *d)
{
	pthread_mutex_lock(&d->lock);
	d->stop = true;
	pthread_cond_signal(&d->wake);
	pthread_mutex_unlock(&d->lock);
	pthread_join(d->thread, NULL);
}

bool wc_delays_add(struct wc_delays *d, struct MHD_Connection *conn, unsigned int ms)
{
	struct wc_delayed *e = malloc(sizeof(*e)), **p;

	if (!e)
		return false;
	e->conn = conn;
	clock_gettime(CLOCK_MONOTONIC, &e->due);
	e->due.tv_sec += ms / 1000;
	e->due.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (e->due.tv_nsec >= 1000000000L) {
		e->due.tv_sec++;
		e->due.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&d->lock);
	if (d->stop) {
		pthread_mutex_unlock(&d->lock);
		free(e);
		return false;
	}
	/* Suspended under the lock: the timer cannot resume it before this. */
	MHD_suspend_connection(conn);
	for (p = &d->head; *p && !before(&e->due, &(*p)->due); p = &(*p)->next)
		;
	e->next = *p;
	*p = e;
	pthread_cond_signal(&d->wake);
	pthread_mutex_unlock(&d->lock);
	return true;
}
