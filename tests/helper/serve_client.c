// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test client for `ndisload serve` (tests/suites/unit-serve.sh): sends one
 * message — a JSON request, or raw bytes — with file descriptors attached,
 * and prints the response.
 *
 *   serve-client SOCKET JSON [FILE...]     request with FILE fds
 *   serve-client SOCKET --size N           N bytes of '{' (oversized tests)
 *   serve-client SOCKET --fds N JSON       N descriptors of /dev/null
 *   serve-client SOCKET --idle S           connect, send nothing for S s,
 *                                          print what the helper said
 *   serve-client SOCKET --flood S JSON     send JSON until the helper stops
 *                                          taking requests, never read an
 *                                          answer, hold on for S s; print
 *                                          how many were sent
 *   serve-client --timeout S SOCKET ...    wait at most S s for the answer
 *
 * A large answer arrives as {"reply_bytes": N} with a sealed memfd: its
 * contents are printed, and "memfd N bytes sealed" on stderr.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_FDS 64

/* Prints the answer: inline, or the sealed memfd that came with it. */
static int print_answer(int s)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	char *resp = malloc(1 << 20);
	struct iovec iov = { .iov_base = resp, .iov_len = (1 << 20) - 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = u.buf, .msg_controllen = sizeof(u.buf) };
	struct cmsghdr *c;
	struct stat st;
	int fd = -1, seals;
	ssize_t n = recvmsg(s, &mh, 0);
	char *big;

	if (n <= 0) {
		fprintf(stderr, "no response\n");
		return 5;
	}
	resp[n] = '\0';
	c = CMSG_FIRSTHDR(&mh);
	if (c && c->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(c), sizeof(int));
	if (fd < 0) {
		puts(resp);
		return 0;
	}
	seals = fcntl(fd, F_GET_SEALS);
	if (fstat(fd, &st) || (size_t)st.st_size != strtoull(resp + strcspn(resp, "0123456789"), NULL, 10)) {
		fprintf(stderr, "the memfd does not have the announced size: %s\n", resp);
		return 5;
	}
	big = malloc((size_t)st.st_size + 1);
	if (!big || pread(fd, big, (size_t)st.st_size, 0) != st.st_size)
		return 5;
	big[st.st_size] = '\0';
	fprintf(stderr, "memfd %lld bytes %s\n", (long long)st.st_size,
		(seals & (F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW)) ==
		(F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW) ? "sealed" : "not sealed");
	puts(big);
	return 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct timeval tv = { .tv_sec = 20 };
	int fds[MAX_FDS], nfds = 0, s, i, first = 3;
	char *msg;
	size_t len;
	union {
		char buf[CMSG_SPACE(sizeof(int) * MAX_FDS)];
		struct cmsghdr align;
	} u;
	struct iovec iov;
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

	if (argc > 3 && !strcmp(argv[1], "--timeout")) {
		tv.tv_sec = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
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
	} else if (!strcmp(argv[2], "--idle") && argc == 4) {
		struct pollfd p;

		s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
		strncpy(sa.sun_path, argv[1], sizeof(sa.sun_path) - 1);
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
			perror("connect");
			return 3;
		}
		p = (struct pollfd){ .fd = s, .events = POLLIN };
		if (poll(&p, 1, atoi(argv[3]) * 1000) <= 0) {
			puts("still connected");
			return 0;
		}
		return print_answer(s);
	} else if (!strcmp(argv[2], "--flood") && argc == 5) {
		int sent = 0;

		s = socket(AF_UNIX, SOCK_SEQPACKET, 0);
		strncpy(sa.sun_path, argv[1], sizeof(sa.sun_path) - 1);
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
			perror("connect");
			return 3;
		}
		for (i = 0; i < 1000; i++) {
			if (send(s, argv[4], strlen(argv[4]), MSG_DONTWAIT | MSG_NOSIGNAL) < 0)
				break;
			sent++;
			usleep(1000);
		}
		printf("sent %d\n", sent);
		fflush(stdout);
		sleep((unsigned int)atoi(argv[3]));
		return 0;
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
	return print_answer(s);
}
