/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Uploaded descriptors that are not regular files (pipes, FIFOs, sockets,
 * devices) can block a reader for as long as their writer likes. The serve
 * loop drains each one without waiting, a piece per poll event, into a
 * memfd of its own, under a size cap; the operation then reads the memfds.
 * Regular files are passed on as they are.
 */
#ifndef NDL_SERVE_SPOOL_H
#define NDL_SERVE_SPOOL_H

#include <stddef.h>

#include "lib/err.h"
#include "serve/serve_sock.h"

#define SERVE_SPOOL_MAX_FILE	(32u << 20)	/* = the store's per-file cap */
#define SERVE_SPOOL_MAX_TOTAL	(64u << 20)	/* one request */
#define SERVE_SPOOL_MAX_ALL	(128u << 20)	/* every request being drained */

struct serve_spool {
	int src[SERVE_MAX_FDS];		/* descriptor still being drained, or -1 */
	size_t got[SERVE_MAX_FDS];
	size_t total;
	size_t pending;			/* how many src are still open */
};

/* An empty spool (nothing to close). */
void serve_spool_init(struct serve_spool *sp);
/*
 * Swaps each descriptor of m that is not a regular file for an empty
 * memfd and remembers the original in sp. Returns 0 (sp->pending says how
 * many to drain) or -1 with err.
 */
int serve_spool_start(struct serve_spool *sp, struct serve_msg *m, struct ndl_err *err);
/*
 * Reads what descriptor i has ready into its memfd (m->fds[i]). Returns 1
 * when it reached its end (the memfd is rewound), 0 when more may come,
 * -1 with err (over a cap, read error).
 */
int serve_spool_read(struct serve_spool *sp, struct serve_msg *m, size_t i, struct ndl_err *err);
/* Closes the descriptors still being drained; m's memfds stay with m. */
void serve_spool_free(struct serve_spool *sp);

#endif
