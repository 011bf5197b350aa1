/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The table of open connections, against clients that hold them: slow or
 * silent ones, or simply many. libmicrohttpd closes a connection only after
 * it has been silent for the idle timeout, so a client trickling a byte at a
 * time could hold one for ever, and its connection limit is a single total.
 *
 * - Deadlines: the request line and headers, and every request without
 *   credentials, must be done within the header timeout (a few seconds);
 *   an authenticated request gets the request timeout for its body and
 *   answer. A reaper thread shuts down connections past their deadline.
 * - Limits: at most max_connections in all, max_per_address from one client
 *   address. A new connection over a limit first pushes out a connection
 *   that holds nothing of value: an idle keep-alive one, else the oldest
 *   one still sending its headers or serving a request without
 *   credentials. Only when there is none (every connection is an
 *   authenticated request at work) is the new one refused.
 */
#ifndef WC_DEADLINE_H
#define WC_DEADLINE_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <time.h>

#include "config.h"

struct wc_deadline_entry;

struct wc_deadlines {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct wc_deadline_entry *head;	/* newest first */
	unsigned int count;		/* entries in the table */
	unsigned int peak;		/* most entries since the last trim */
	unsigned int header_seconds, request_seconds;
	unsigned int max_total, max_per_address;
	bool stop;
	pthread_t thread;
	unsigned long reaped;	/* connections shut down at their deadline */
	unsigned long evicted;	/* connections pushed out for a new one */
	unsigned long refused;	/* new connections refused at a limit */
};

int wc_deadlines_start(struct wc_deadlines *d, const struct wc_config *cfg);
void wc_deadlines_stop(struct wc_deadlines *d);
/* MHD_AcceptPolicyCallback; cls is the struct wc_deadlines. */
enum MHD_Result wc_deadlines_accept(void *cls, const struct sockaddr *addr, socklen_t len);
/* MHD_OPTION_NOTIFY_CONNECTION callback; cls is the struct wc_deadlines. */
void wc_deadlines_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
			 enum MHD_ConnectionNotificationCode code);
/*
 * The headers of a request on conn are in: an authenticated one gets the
 * request timeout and is never pushed out; one without credentials gets a
 * fresh header timeout for the rest.
 */
void wc_deadlines_request(struct wc_deadlines *d, struct MHD_Connection *conn, bool authed);
/* After a request completed on conn: idle until the next one's headers. */
void wc_deadlines_renew(struct wc_deadlines *d, struct MHD_Connection *conn);

#endif
