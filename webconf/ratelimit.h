/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Failed-login rate limiting. Every client is a local one, so there is one
 * counter for all: after WC_FREE_FAILURES wrong tokens in a row each further
 * failure locks credential checks for twice as long as the one before (1 s,
 * 2 s, 4 s, ... up to WC_MAX_LOCKOUT). A correct token resets it.
 */
#ifndef WC_RATELIMIT_H
#define WC_RATELIMIT_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

#define WC_FREE_FAILURES	5
#define WC_MAX_LOCKOUT		60

struct wc_ratelimit {
	pthread_mutex_t lock;
	unsigned int failures;
	time_t locked_until;	/* CLOCK_MONOTONIC seconds */
};

void wc_ratelimit_init(struct wc_ratelimit *rl);
/* true while locked, with the seconds left in *retry_after. */
bool wc_ratelimit_locked(struct wc_ratelimit *rl, unsigned int *retry_after);
void wc_ratelimit_failure(struct wc_ratelimit *rl);
void wc_ratelimit_success(struct wc_ratelimit *rl);

#endif
