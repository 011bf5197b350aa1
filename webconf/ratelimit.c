// SPDX-License-Identifier: GPL-2.0-only
/* The failed-login counter and the delay of the answers to wrong tokens. */
#include "ratelimit.h"

static time_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

void wc_ratelimit_init(struct wc_ratelimit *rl)
{
	pthread_mutex_init(&rl->lock, NULL);
	rl->failures = 0;
	rl->last_failure = 0;
}

unsigned int wc_ratelimit_failure(struct wc_ratelimit *rl)
{
	unsigned int over, ms;
	time_t t = now();

	pthread_mutex_lock(&rl->lock);
	if (t - rl->last_failure > WC_FORGET_SECONDS)
		rl->failures = 0;
	rl->last_failure = t;
	if (rl->failures < 1000)
		rl->failures++;
	over = rl->failures > WC_FREE_FAILURES ? rl->failures - WC_FREE_FAILURES : 0;
	pthread_mutex_unlock(&rl->lock);
	if (!over)
		return 0;
	ms = over > 4 ? WC_MAX_DELAY_MS : WC_FIRST_DELAY_MS << (over - 1);
	return ms < WC_MAX_DELAY_MS ? ms : WC_MAX_DELAY_MS;
}

void wc_ratelimit_success(struct wc_ratelimit *rl)
{
	pthread_mutex_lock(&rl->lock);
	rl->failures = 0;
	pthread_mutex_unlock(&rl->lock);
}
