/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Answers given later without holding a worker thread: the connection is
 * suspended (libmicrohttpd stops serving it) and a timer thread resumes it
 * when its time has come; the access handler is then called again and
 * answers. Used to slow down wrong tokens while the right one, and every
 * other request, is still served at once.
 */
#ifndef WC_DELAY_H
#define WC_DELAY_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>

struct wc_delayed;

struct wc_delays {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct wc_delayed *head;	/* sorted by due time */
	bool stop;
	pthread_t thread;
};

int wc_delays_start(struct wc_delays *d);
/* Resumes every suspended connection (before MHD_stop_daemon) and ends the thread. */
void wc_delays_stop(struct wc_delays *d);
/*
 * From the access handler only: suspends conn for ms milliseconds; false
 * (and not suspended) when that is not possible, e.g. while stopping.
 */
bool wc_delays_add(struct wc_delays *d, struct MHD_Connection *conn, unsigned int ms);

#endif
