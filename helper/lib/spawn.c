// SPDX-License-Identifier: GPL-2.0-only
/* Run a system program with a fixed argument vector (see spawn.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/spawn.h"

int spawn_wait(const char *bin, const char *const argv[], int *status, struct ndl_err *err)
{
	pid_t child;
	int fd;

	child = fork();
	if (child < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "fork: %s", strerror(errno));
	if (!child) {
		/* Nothing of ours (the serve socket, clients) leaks into it. */
		for (fd = 3; fd < 1024; fd++)
			close(fd);
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execv(bin, (char *const *)argv);
		_exit(127);
	}
	while (waitpid(child, status, 0) < 0)
		if (errno != EINTR)
			return ndl_fail(err, NDL_E_INTERNAL, "waitpid: %s", strerror(errno));
	return 0;
}
