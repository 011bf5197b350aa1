/* SPDX-License-Identifier: GPL-2.0-only */
/* An interface's named ethtool statistics (SIOCETHTOOL), for the doctor. */
#ifndef NDL_ETHSTATS_H
#define NDL_ETHSTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/err.h"

struct ethstats {
	size_t n;
	char *names;		/* n names of ETH_GSTRING_LEN bytes */
	uint64_t *vals;
};

int ethstats_read(const char *ifname, struct ethstats *s, struct ndl_err *err);
/* false (and *v untouched) when the interface has no statistic of that name */
bool ethstats_get(const struct ethstats *s, const char *name, uint64_t *v);
void ethstats_free(struct ethstats *s);

#endif
