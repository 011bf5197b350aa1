/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where a request claims to come from. The Host header must name loopback
 * (localhost, 127.0.0.1, [::1], optionally with a port): a DNS-rebinding page
 * on another name is refused. Origin, when sent, must be this same host.
 */
#ifndef WC_ORIGIN_H
#define WC_ORIGIN_H

#include <stdbool.h>

bool wc_host_allowed(const char *host);
/* true when origin is "http://" + host exactly (what browsers send same-origin). */
bool wc_origin_matches(const char *origin, const char *host);

#endif
