// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test client for `ndisload serve` (tests/suites/unit-serve.sh): sends one
 * message — a JSON request, or raw bytes — with file descriptors attached,
 * and prints the response.
 *
 *   serve-client SOCKET JSON [FILE...]     request with FILE fds
 *   serve-client SOCKET --size N           N bytes of '{' (oversized tests)
 *   serve-client SOCKET --fds N JSON       N descriptors of /dev/null
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_FDS 64

int main(int argc, char **argv)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct timeval tv = { .tv_sec = 20 };
	int fds[MAX_FDS], nfds = 0, s, i, first = 3;
	char *msg, *resp;
	size_t len;
	ssize_t n;
	union {
		char buf[CMSG_SPACE(sizeof(int) * MAX_FDS)];
		struct cmsghdr align;
	} u;
	struct iovec iov;
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

	if (argc < 3) {
		fprintf(stderr, "usage: serve-client SOCKET JSON|--size N|--fds N JSON [FILE...]\n");
		return 2;
	}
	if (!strcmp(argv[2], "--size") && argc == 4) {
		len = strtoul(argv[3], NULL, 10);
		msg = malloc(len + 1);
		memset(msg, '{', len);
		msg[len] = '\0';
		first = argc;
	} else if (!strcmp(argv[2], "--fds") && argc >= 5) {
		int k = atoi(argv[3]);

		for (i = 0; i < k && nfds < MAX_FDS; i++)
			fds[nfds++] = open("/dev/null", O_RDONLY);
		msg = argv[4];
		len = strlen(msg);
		first = 5;
	} else {
		msg = argv[2];
		len = strlen(msg);
	}
	for (i = first; i < argc && nfds < MAX_FDS; i++) {
		fds[nfds] = open(argv[i], O_RDONLY);
		if (fds[nfds] < 0) {
			perror(argv[i]);
			return 2;
		}
		nfds++;
	}
	s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	strncpy(sa.sun_path, argv[1], sizeof(sa.sun_path) - 1);
	if (connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("connect");
		return 3;
	}
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	iov.iov_base = msg;
	iov.iov_len = len;
	if (nfds) {
		struct cmsghdr *c;

		memset(&u, 0, sizeof(u));
		mh.msg_control = u.buf;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
	}
	/* A refused peer may be answered (and closed) before it sends. */
	if (sendmsg(s, &mh, MSG_NOSIGNAL) < 0)
		perror("sendmsg");
	resp = malloc(1 << 20);
	n = recv(s, resp, (1 << 20) - 1, 0);
	if (n <= 0) {
		fprintf(stderr, "no response\n");
		return 5;
	}
	resp[n] = '\0';
	puts(resp);
	return 0;
}
