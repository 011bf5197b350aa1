// SPDX-License-Identifier: GPL-2.0-only
/* Host and Origin header checks (DNS rebinding, cross-site requests). */
#include "origin.h"

#include <string.h>
#include <strings.h>

/* A TCP port: 1..65535 in decimal, no sign or leading zero. */
static bool valid_port(const char *p)
{
	size_t n = strlen(p);
	unsigned long v = 0;

	if (n == 0 || n > 5 || p[0] == '0')
		return false;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return false;
		v = v * 10 + (unsigned long)(p[i] - '0');
	}
	return v <= 65535;
}

bool wc_host_allowed(const char *host)
{
	static const char *const names[] = { "localhost", "127.0.0.1", "[::1]" };

	if (!host)
		return false;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);

		if (strncasecmp(host, names[i], n))
			continue;
		if (host[n] == 0)
			return true;
		if (host[n] == ':' && valid_port(host + n + 1))
			return true;
	}
	return false;
}

bool wc_origin_matches(const char *origin, const char *host)
{
	static const char scheme[] = "http://";

	return origin && host && !strncasecmp(origin, scheme, sizeof(scheme) - 1) &&
	       !strcasecmp(origin + sizeof(scheme) - 1, host);
}
