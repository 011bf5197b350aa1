// SPDX-License-Identifier: GPL-2.0-only
/* The reaper of connections that take too long over one request. */
#include "deadline.h"

#include <stdlib.h>
#include <sys/socket.h>

#include "log.h"

struct wc_deadline_entry {
	struct wc_deadline_entry *prev, *next;
	int fd;
	time_t deadline;	/* CLOCK_MONOTONIC seconds */
	bool reaped;
};

static time_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

/*
 * The entry is removed in the CLOSED notification, which libmicrohttpd
 * sends before it closes the socket; holding the lock around shutdown()
 * therefore never touches a descriptor that was closed and reused.
 */
static void *reaper(void *arg)
{
	struct wc_deadlines *d = arg;
	struct timespec ts;

	pthread_mutex_lock(&d->lock);
	while (!d->stop) {
		time_t t = now();

		for (struct wc_deadline_entry *e = d->head; e; e = e->next) {
			if (!e->reaped && e->deadline <= t) {
				shutdown(e->fd, SHUT_RDWR);
				e->reaped = true;
				d->reaped++;
			}
		}
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 1;
		pthread_cond_timedwait(&d->wake, &d->lock, &ts);
	}
	pthread_mutex_unlock(&d->lock);
	return NULL;
}

int wc_deadlines_start(struct wc_deadlines *d, unsigned int seconds)
{
	d->head = NULL;
	d->seconds = seconds;
	d->stop = false;
	d->reaped = 0;
	pthread_mutex_init(&d->lock, NULL);
	pthread_cond_init(&d->wake, NULL);
	if (pthread_create(&d->thread, NULL, reaper, d)) {
		wc_log("cannot start the deadline thread");
		return -1;
	}
	return 0;
}

void wc_deadlines_stop(struct wc_deadlines *d)
{
	pthread_mutex_lock(&d->lock);
	d->stop = true;
	pthread_cond_signal(&d->wake);
	pthread_mutex_unlock(&d->lock);
	pthread_join(d->thread, NULL);
}

void wc_deadlines_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
			 enum MHD_ConnectionNotificationCode code)
{
	struct wc_deadlines *d = cls;
	struct wc_deadline_entry *e;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);

		*socket_context = NULL;
		e = calloc(1, sizeof(*e));
		if (!e || !ci) {
			free(e);
			return;
		}
		e->fd = ci->connect_fd;
		pthread_mutex_lock(&d->lock);
		e->deadline = now() + d->seconds;
		e->next = d->head;
		if (d->head)
			d->head->prev = e;
		d->head = e;
		pthread_mutex_unlock(&d->lock);
		*socket_context = e;
		return;
	}
	e = *socket_context;
	if (!e)
		return;
	pthread_mutex_lock(&d->lock);
	if (e->prev)
		e->prev->next = e->next;
	else
		d->head = e->next;
	if (e->next)
		e->next->prev = e->prev;
	pthread_mutex_unlock(&d->lock);
	free(e);
	*socket_context = NULL;
}

void wc_deadlines_renew(struct wc_deadlines *d, struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct wc_deadline_entry *e = ci ? ci->socket_context : NULL;

	if (!e)
		return;
	pthread_mutex_lock(&d->lock);
	if (!e->reaped)
		e->deadline = now() + d->seconds;
	pthread_mutex_unlock(&d->lock);
}
