// SPDX-License-Identifier: GPL-2.0-only
/* Run a system program with a fixed argument vector (see spawn.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/spawn.h"

/* The child: /dev/null for all but OUT (its stdout, -1: none), then BIN. */
static void run_child(const char *bin, const char *const argv[], int out)
{
	int fd = open("/dev/null", O_RDWR);

	if (out >= 0)
		dup2(out, 1);
	if (fd >= 0) {
		dup2(fd, 0);
		if (out < 0)
			dup2(fd, 1);
		dup2(fd, 2);
	}
	/* Nothing of ours (the serve socket, clients) leaks into it. */
	for (fd = 3; fd < 1024; fd++)
		close(fd);
	execv(bin, (char *const *)argv);
	_exit(127);
}

static int reap(pid_t child, int *status, struct ndl_err *err)
{
	while (waitpid(child, status, 0) < 0)
		if (errno != EINTR)
			return ndl_fail(err, NDL_E_INTERNAL, "waitpid: %s", strerror(errno));
	return 0;
}

int spawn_wait(const char *bin, const char *const argv[], int *status, struct ndl_err *err)
{
	pid_t child = fork();

	if (child < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "fork: %s", strerror(errno));
	if (!child)
		run_child(bin, argv, -1);
	return reap(child, status, err);
}

int spawn_capture(const char *bin, const char *const argv[], size_t max, char **out,
		  int *status, struct ndl_err *err)
{
	size_t len = 0;
	char *buf = malloc(max + 1), drop[512];
	int p[2];
	pid_t child;
	ssize_t n;

	if (!buf)
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
	if (pipe2(p, O_CLOEXEC)) {
		free(buf);
		return ndl_fail(err, NDL_E_INTERNAL, "pipe: %s", strerror(errno));
	}
	child = fork();
	if (child < 0) {
		close(p[0]);
		close(p[1]);
		free(buf);
		return ndl_fail(err, NDL_E_INTERNAL, "fork: %s", strerror(errno));
	}
	if (!child)
		run_child(bin, argv, p[1]);
	close(p[1]);
	/* Read to the end: a child blocked on a full pipe would never exit. */
	for (;;) {
		bool room = len < max;

		n = room ? read(p[0], buf + len, max - len) : read(p[0], drop, sizeof(drop));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (room)
			len += (size_t)n;
	}
	close(p[0]);
	buf[len] = 0;
	if (reap(child, status, err)) {
		free(buf);
		return -1;
	}
	*out = buf;
	return 0;
}
