// SPDX-License-Identifier: GPL-2.0-only
/* The failed-login counter and its exponential lockout. */
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
	rl->locked_until = 0;
}

bool wc_ratelimit_locked(struct wc_ratelimit *rl, unsigned int *retry_after)
{
	time_t t = now();
	bool locked;

	pthread_mutex_lock(&rl->lock);
	locked = rl->locked_until > t;
	*retry_after = locked ? (unsigned int)(rl->locked_until - t) : 0;
	pthread_mutex_unlock(&rl->lock);
	return locked;
}

void wc_ratelimit_failure(struct wc_ratelimit *rl)
{
	pthread_mutex_lock(&rl->lock);
	if (rl->failures < 1000)
		rl->failures++;
	if (rl->failures > WC_FREE_FAILURES) {
		unsigned int over = rl->failures - WC_FREE_FAILURES - 1;
		unsigned int secs = over >= 6 ? WC_MAX_LOCKOUT : 1u << over;

		if (secs > WC_MAX_LOCKOUT)
			secs = WC_MAX_LOCKOUT;
		rl->locked_until = now() + secs;
	}
	pthread_mutex_unlock(&rl->lock);
}

void wc_ratelimit_success(struct wc_ratelimit *rl)
{
	pthread_mutex_lock(&rl->lock);
	rl->failures = 0;
	rl->locked_until = 0;
	pthread_mutex_unlock(&rl->lock);
}
