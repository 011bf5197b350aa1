// SPDX-License-Identifier: GPL-2.0-only
/* An interface's named ethtool statistics (see ethstats.h). */
#include <errno.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sys/ethstats.h"
#include "lib/strutil.h"

static int eth_ioctl(int fd, const char *ifname, void *cmd)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	str_copy(ifr.ifr_name, sizeof(ifr.ifr_name), ifname);
	ifr.ifr_data = cmd;
	return ioctl(fd, SIOCETHTOOL, &ifr);
}

int ethstats_read(const char *ifname, struct ethstats *s, struct ndl_err *err)
{
	struct ethtool_drvinfo info = { .cmd = ETHTOOL_GDRVINFO };
	struct ethtool_gstrings *strs = NULL;
	struct ethtool_stats *st = NULL;
	int fd, e = 0;
	size_t n;

	memset(s, 0, sizeof(*s));
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "socket: %s", strerror(errno));
	if (eth_ioctl(fd, ifname, &info)) {
		e = errno;
		goto out;
	}
	n = info.n_stats;
	if (n > 4096) {
		e = E2BIG;
		goto out;
	}
	strs = calloc(1, sizeof(*strs) + n * ETH_GSTRING_LEN);
	st = calloc(1, sizeof(*st) + n * sizeof(uint64_t));
	if (!strs || !st) {
		e = ENOMEM;
		goto out;
	}
	strs->cmd = ETHTOOL_GSTRINGS;
	strs->string_set = ETH_SS_STATS;
	strs->len = (uint32_t)n;
	st->cmd = ETHTOOL_GSTATS;
	st->n_stats = (uint32_t)n;
	if (eth_ioctl(fd, ifname, strs) || eth_ioctl(fd, ifname, st)) {
		e = errno;
		goto out;
	}
	s->n = n < strs->len ? n : strs->len;
	if (s->n > st->n_stats)
		s->n = st->n_stats;
	s->names = malloc(s->n * ETH_GSTRING_LEN + 1);
	s->vals = malloc(s->n * sizeof(uint64_t) + 1);
	if (!s->names || !s->vals) {
		e = ENOMEM;
		ethstats_free(s);
		goto out;
	}
	memcpy(s->names, strs->data, s->n * ETH_GSTRING_LEN);
	memcpy(s->vals, st->data, s->n * sizeof(uint64_t));
out:
	free(strs);
	free(st);
	close(fd);
	if (e)
		return ndl_fail(err, NDL_E_INTERNAL, "statistics of %.16s: %s", ifname, strerror(e));
	return 0;
}

bool ethstats_get(const struct ethstats *s, const char *name, uint64_t *v)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strncmp(s->names + i * ETH_GSTRING_LEN, name, ETH_GSTRING_LEN)) {
			*v = s->vals[i];
			return true;
		}
	return false;
}

void ethstats_free(struct ethstats *s)
{
	free(s->names);
	free(s->vals);
	memset(s, 0, sizeof(*s));
}
