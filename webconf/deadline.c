// SPDX-License-Identifier: GPL-2.0-only
/* The connection table: deadlines, per-address and total limits, eviction. */
#include "deadline.h"

#include <malloc.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

enum conn_state {
	C_IDLE,		/* keep-alive, between requests */
	C_HEADERS,	/* request line and headers still coming */
	C_ANON,		/* a request without credentials */
	C_AUTHED,	/* an authenticated request: kept */
};

struct client_addr {
	sa_family_t family;
	unsigned char a[16];
};

struct wc_deadline_entry {
	struct wc_deadline_entry *prev, *next;
	int fd;
	struct client_addr addr;
	enum conn_state state;
	struct timespec since;	/* when it entered the state */
	time_t deadline;	/* CLOCK_MONOTONIC seconds */
	bool reaped;		/* shut down; closing */
};

static struct timespec mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts;
}

static bool earlier(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void addr_key(const struct sockaddr *sa, struct client_addr *k)
{
	memset(k, 0, sizeof(*k));
	if (!sa)
		return;
	k->family = sa->sa_family;
	if (sa->sa_family == AF_INET)
		memcpy(k->a, &((const struct sockaddr_in *)sa)->sin_addr, 4);
	else if (sa->sa_family == AF_INET6)
		memcpy(k->a, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
}

static bool same_addr(const struct client_addr *x, const struct client_addr *y)
{
	return x->family == y->family && !memcmp(x->a, y->a, sizeof(x->a));
}

/* Called with the lock held; the entry stays until libmicrohttpd closes it. */
static void cut(struct wc_deadline_entry *e)
{
	shutdown(e->fd, SHUT_RDWR);
	e->reaped = true;
}

/*
 * A burst of hundreds of connections leaves freed pages resident in the
 * malloc arena (each connection's libmicrohttpd state, request records,
 * bodies of up to 64 KiB; the pools themselves are mapped: WC_CONN_POOL).
 * Handing them back once a burst is over keeps the daemon's footprint where
 * it was before the flood.
 */
#define WC_BURST_MIN	16

static bool burst_over(const struct wc_deadlines *d)
{
	return d->peak >= WC_BURST_MIN && d->count * 4 <= d->peak;
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
		time_t t = mono().tv_sec;

		for (struct wc_deadline_entry *e = d->head; e; e = e->next) {
			if (!e->reaped && e->deadline <= t) {
				cut(e);
				d->reaped++;
			}
		}
		if (burst_over(d)) {
			d->peak = d->count;
			pthread_mutex_unlock(&d->lock);
			malloc_trim(0);
			pthread_mutex_lock(&d->lock);
		}
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 1;
		pthread_cond_timedwait(&d->wake, &d->lock, &ts);
	}
	pthread_mutex_unlock(&d->lock);
	return NULL;
}

int wc_deadlines_start(struct wc_deadlines *d, const struct wc_config *cfg)
{
	d->head = NULL;
	d->count = d->peak = 0;
	d->header_seconds = cfg->header_timeout;
	d->request_seconds = cfg->request_timeout;
	d->max_total = cfg->max_connections;
	d->max_per_address = cfg->max_per_address;
	d->stop = false;
	d->reaped = d->evicted = d->refused = 0;
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

/*
 * The connection to push out for a new one (from addr only, when given):
 * an idle keep-alive one first, else the oldest one without credentials.
 */
static struct wc_deadline_entry *victim(struct wc_deadlines *d, const struct client_addr *addr)
{
	struct wc_deadline_entry *best = NULL;

	for (struct wc_deadline_entry *e = d->head; e; e = e->next) {
		if (e->reaped || e->state == C_AUTHED || (addr && !same_addr(&e->addr, addr)))
			continue;
		if (!best || (e->state == C_IDLE && best->state != C_IDLE) ||
		    ((e->state == C_IDLE) == (best->state == C_IDLE) &&
		     earlier(&e->since, &best->since)))
			best = e;
	}
	return best;
}

enum MHD_Result wc_deadlines_accept(void *cls, const struct sockaddr *sa, socklen_t len)
{
	struct wc_deadlines *d = cls;
	struct wc_deadline_entry *out = NULL;
	unsigned int total = 0, mine = 0;
	struct client_addr addr;
	bool ok = true;

	(void)len;
	addr_key(sa, &addr);
	pthread_mutex_lock(&d->lock);
	for (struct wc_deadline_entry *e = d->head; e; e = e->next) {
		if (e->reaped)
			continue;
		total++;
		mine += same_addr(&e->addr, &addr);
	}
	if (mine >= d->max_per_address) {
		out = victim(d, &addr);
		ok = out != NULL;
	} else if (total >= d->max_total) {
		out = victim(d, NULL);
		ok = out != NULL;
	}
	if (out) {
		cut(out);
		d->evicted++;
	}
	if (!ok)
		d->refused++;
	pthread_mutex_unlock(&d->lock);
	return ok ? MHD_YES : MHD_NO;
}

/* Called with the lock held. */
static void set_state(struct wc_deadlines *d, struct wc_deadline_entry *e, enum conn_state s)
{
	e->state = s;
	e->since = mono();
	if (!e->reaped)
		e->deadline = e->since.tv_sec +
			      (s == C_AUTHED ? d->request_seconds : d->header_seconds);
}

void wc_deadlines_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
			 enum MHD_ConnectionNotificationCode code)
{
	struct wc_deadlines *d = cls;
	struct wc_deadline_entry *e;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		const union MHD_ConnectionInfo *ai =
			MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);

		*socket_context = NULL;
		e = calloc(1, sizeof(*e));
		if (!e || !ci) {
			free(e);
			return;
		}
		e->fd = ci->connect_fd;
		addr_key(ai ? ai->client_addr : NULL, &e->addr);
		pthread_mutex_lock(&d->lock);
		set_state(d, e, C_HEADERS);
		e->next = d->head;
		if (d->head)
			d->head->prev = e;
		d->head = e;
		if (++d->count > d->peak)
			d->peak = d->count;
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
	d->count--;
	pthread_mutex_unlock(&d->lock);
	free(e);
	*socket_context = NULL;
}

static void change(struct wc_deadlines *d, struct MHD_Connection *conn, enum conn_state s)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct wc_deadline_entry *e = ci ? ci->socket_context : NULL;

	if (!e)
		return;
	pthread_mutex_lock(&d->lock);
	set_state(d, e, s);
	pthread_mutex_unlock(&d->lock);
}

void wc_deadlines_request(struct wc_deadlines *d, struct MHD_Connection *conn, bool authed)
{
	change(d, conn, authed ? C_AUTHED : C_ANON);
}

void wc_deadlines_renew(struct wc_deadlines *d, struct MHD_Connection *conn)
{
	change(d, conn, C_IDLE);
}
