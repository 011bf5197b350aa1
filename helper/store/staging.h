/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The staging area of incomplete uploads (NDL_STAGING_DIR/<id>/): sets
 * expire after an hour, and the area is bounded so that uploads never fill
 * the disk: at most STAGING_PER_CLIENT sets per client (a web session), at
 * most STAGING_QUOTA bytes in all; the oldest sets are evicted first to make
 * room, and a set that cannot fit is refused.
 */
#ifndef NDL_STAGING_H
#define NDL_STAGING_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/err.h"

#define STAGING_MAX_AGE		3600		/* seconds a set is kept */
#define STAGING_QUOTA		(128ull << 20)	/* bytes of all sets together */
#define STAGING_PER_CLIENT	4		/* sets one client keeps */
#define STAGING_RESERVE		(32ull << 20)	/* free space left on the disk */
#define STAGING_CLIENT_MAX	64		/* length of a client label */

/* A staging id: 16 lower-case hex digits. */
bool staging_id_ok(const char *id);
/* A client label: 1..STAGING_CLIENT_MAX of [A-Za-z0-9_-]. */
bool staging_client_ok(const char *client);
/* Drops sets nobody came back for. */
void staging_expire(void);
/*
 * Makes room for a set of need bytes about to be written as id (a new or a
 * continued set) for client: evicts that client's oldest sets beyond its
 * count, then the oldest sets of anyone beyond the quota. Refuses with
 * too_large when need alone exceeds the quota, no_space when the disk
 * lacks the room. id's own old files are not counted.
 */
int staging_make_room(const char *id, const char *client, uint64_t need,
		      struct ndl_err *err);
/* Records which client a set belongs to (in the set's ".client" file). */
int staging_set_client(const char *dir, const char *client, struct ndl_err *err);

#endif
