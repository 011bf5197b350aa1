/* SPDX-License-Identifier: GPL-2.0-only */
/* Listening sockets: loopback only (127.0.0.1, ::1), plus the demo address. */
#ifndef WC_LISTEN_H
#define WC_LISTEN_H

#include <stdbool.h>

/*
 * Opens a listening TCP socket on the numeric address addr. Returns the fd,
 * or -1 with a message logged; *unavailable is set when the address family
 * or address does not exist on this machine (e.g. IPv6 disabled).
 */
int wc_listen(const char *addr, unsigned short port, bool *unavailable);

#endif
