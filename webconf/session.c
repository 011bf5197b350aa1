// SPDX-License-Identifier: GPL-2.0-only
/* The in-memory table of browser sessions. */
#include "session.h"

#include <string.h>

static time_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

static bool live(const struct wc_session *s, time_t t)
{
	return s->id[0] && t - s->used < WC_SESSION_IDLE &&
	       t - s->created < WC_SESSION_LIFETIME;
}

void wc_sessions_init(struct wc_sessions *ss)
{
	memset(ss, 0, sizeof(*ss));
	pthread_mutex_init(&ss->lock, NULL);
}

int wc_session_create(struct wc_sessions *ss, char id[WC_SECRET_HEX], char csrf[WC_SECRET_HEX])
{
	struct wc_session *slot = NULL;
	time_t t = now();

	if (wc_random_hex(id) || wc_random_hex(csrf))
		return -1;
	pthread_mutex_lock(&ss->lock);
	for (int i = 0; i < WC_SESSIONS_MAX; i++) {
		struct wc_session *s = &ss->s[i];

		if (!live(s, t)) {
			slot = s;
			break;
		}
		if (!slot || s->used < slot->used)
			slot = s;
	}
	memcpy(slot->id, id, WC_SECRET_HEX);
	memcpy(slot->csrf, csrf, WC_SECRET_HEX);
	slot->created = slot->used = t;
	pthread_mutex_unlock(&ss->lock);
	return 0;
}

bool wc_session_find(struct wc_sessions *ss, const char *id, char csrf[WC_SECRET_HEX])
{
	bool found = false;
	time_t t = now();

	pthread_mutex_lock(&ss->lock);
	for (int i = 0; i < WC_SESSIONS_MAX; i++) {
		struct wc_session *s = &ss->s[i];

		/* Compare against every slot: no early exit to time. */
		if (live(s, t) && wc_secret_equal(s->id, id) && !found) {
			s->used = t;
			memcpy(csrf, s->csrf, WC_SECRET_HEX);
			found = true;
		}
	}
	pthread_mutex_unlock(&ss->lock);
	return found;
}

void wc_session_delete(struct wc_sessions *ss, const char *id)
{
	pthread_mutex_lock(&ss->lock);
	for (int i = 0; i < WC_SESSIONS_MAX; i++)
		if (ss->s[i].id[0] && wc_secret_equal(ss->s[i].id, id))
			memset(&ss->s[i], 0, sizeof(ss->s[i]));
	pthread_mutex_unlock(&ss->lock);
}
