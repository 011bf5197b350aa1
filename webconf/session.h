/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Browser sessions: a random id in an HttpOnly, SameSite=Strict cookie and a
 * CSRF token that the pages send back in X-CSRF-Token on every change. Kept
 * in memory only: a restart logs everyone out.
 */
#ifndef WC_SESSION_H
#define WC_SESSION_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

#include "secret.h"

#define WC_SESSIONS_MAX		32
#define WC_SESSION_IDLE		3600		/* seconds without a request */
#define WC_SESSION_LIFETIME	(12 * 3600)	/* seconds since the login */
#define WC_SESSION_COOKIE	"ndl_session"

struct wc_session {
	char id[WC_SECRET_HEX];
	char csrf[WC_SECRET_HEX];
	time_t created, used;
};

struct wc_sessions {
	pthread_mutex_t lock;
	struct wc_session s[WC_SESSIONS_MAX];
};

void wc_sessions_init(struct wc_sessions *ss);
/* New session (the least recently used one is dropped when full). */
int wc_session_create(struct wc_sessions *ss, char id[WC_SECRET_HEX], char csrf[WC_SECRET_HEX]);
/* true and the CSRF token when id names a live session (its use is noted). */
bool wc_session_find(struct wc_sessions *ss, const char *id, char csrf[WC_SECRET_HEX]);
void wc_session_delete(struct wc_sessions *ss, const char *id);

#endif
