// SPDX-License-Identifier: GPL-2.0-only
/* Creating the daemon's listening sockets on exact addresses. */
#include "listen.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"

int wc_listen(const char *addr, unsigned short port, bool *unavailable)
{
	struct sockaddr_in6 s6 = { .sin6_family = AF_INET6, .sin6_port = htons(port) };
	struct sockaddr_in s4 = { .sin_family = AF_INET, .sin_port = htons(port) };
	const struct sockaddr *sa;
	socklen_t sl;
	int fd, one = 1, family;

	*unavailable = false;
	if (inet_pton(AF_INET, addr, &s4.sin_addr) == 1) {
		family = AF_INET;
		sa = (const struct sockaddr *)&s4;
		sl = sizeof(s4);
	} else if (inet_pton(AF_INET6, addr, &s6.sin6_addr) == 1) {
		family = AF_INET6;
		sa = (const struct sockaddr *)&s6;
		sl = sizeof(s6);
	} else {
		wc_log("\"%s\" is not a numeric IPv4 or IPv6 address", addr);
		return -1;
	}
	fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		*unavailable = errno == EAFNOSUPPORT;
		wc_log("cannot create a socket for %s: %s", addr, strerror(errno));
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	/* ::1 must mean ::1 only, never also IPv4 addresses. */
	if (family == AF_INET6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	if (bind(fd, sa, sl) < 0 || listen(fd, SOMAXCONN) < 0) {
		*unavailable = errno == EADDRNOTAVAIL || errno == EAFNOSUPPORT;
		wc_log("cannot listen on %s%s%s port %u: %s", family == AF_INET6 ? "[" : "", addr,
		       family == AF_INET6 ? "]" : "", port, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}
