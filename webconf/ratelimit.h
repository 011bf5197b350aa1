/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Slowing down token guessing. Every client is a local one, so there is one
 * counter for all. A wrong token is never locked out against the right one
 * (a flood of wrong guesses must not lock the administrator out, and a
 * 256-bit token cannot be guessed anyway): after WC_FREE_FAILURES wrong
 * tokens the answer to each further one is delayed, 250 ms, 500 ms, 1 s, up
 * to WC_MAX_DELAY_MS. The count is forgotten after WC_FORGET_SECONDS
 * without a failure, and reset by a correct token.
 */
#ifndef WC_RATELIMIT_H
#define WC_RATELIMIT_H

#include <pthread.h>
#include <time.h>

#define WC_FREE_FAILURES	5
#define WC_FIRST_DELAY_MS	250
#define WC_MAX_DELAY_MS		2000
#define WC_FORGET_SECONDS	60

struct wc_ratelimit {
	pthread_mutex_t lock;
	unsigned int failures;
	time_t last_failure;	/* CLOCK_MONOTONIC seconds */
};

void wc_ratelimit_init(struct wc_ratelimit *rl);
/* Counts a wrong token; returns how long to delay its answer, in ms. */
unsigned int wc_ratelimit_failure(struct wc_ratelimit *rl);
void wc_ratelimit_success(struct wc_ratelimit *rl);

#endif
