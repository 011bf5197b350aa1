/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A progress bar on the terminal for CLI steps that take more than a
 * second (unpacking a package, waiting for a driver's interface): drawn on
 * stderr only when it is a terminal, only once the step has run for a
 * second, and erased when the step ends, so scripts and quick steps see
 * nothing of it.
 */
#ifndef NDL_PROGRESS_H
#define NDL_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct progress {
	const char *label;
	double start;		/* CLOCK_MONOTONIC seconds */
	double last;		/* when it was last drawn */
	bool shown, tty;
	bool forced;		/* NDISLOAD_PROGRESS=always: a pipe, no delay */
};

void progress_begin(struct progress *p, const char *label);
/* done of total (total 0: unknown, a moving marker instead of a bar). */
void progress_update(struct progress *p, uint64_t done, uint64_t total);
void progress_end(struct progress *p);
/* The same, as pkg_setup_progress() wants it (ctx is a struct progress). */
void progress_cb(uint64_t done, uint64_t total, void *ctx);

#endif
