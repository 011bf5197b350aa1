/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-connection deadlines against slow clients. libmicrohttpd closes a
 * connection only after it has been silent for the idle timeout, so a client
 * trickling one byte at a time could hold it for ever. Every connection gets
 * a deadline for its next whole request (headers and body); a reaper thread
 * shuts down connections past it. The deadline is renewed after each
 * completed request.
 */
#ifndef WC_DEADLINE_H
#define WC_DEADLINE_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <time.h>

struct wc_deadline_entry;

struct wc_deadlines {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct wc_deadline_entry *head;
	unsigned int seconds;
	bool stop;
	pthread_t thread;
	unsigned long reaped;	/* connections shut down so far */
};

int wc_deadlines_start(struct wc_deadlines *d, unsigned int seconds);
void wc_deadlines_stop(struct wc_deadlines *d);
/* MHD_OPTION_NOTIFY_CONNECTION callback; cls is the struct wc_deadlines. */
void wc_deadlines_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
			 enum MHD_ConnectionNotificationCode code);
/* After a request completed on conn: its next one gets a fresh deadline. */
void wc_deadlines_renew(struct wc_deadlines *d, struct MHD_Connection *conn);

#endif
