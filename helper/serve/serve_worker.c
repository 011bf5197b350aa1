// SPDX-License-Identifier: GPL-2.0-only
/* Operations in a child process (serve_worker.h). */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/pidfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "serve/serve_sock.h"
#include "serve/serve_worker.h"

void serve_worker_init(struct serve_worker *w)
{
	w->pid = 0;
	w->pidfd = -1;
	w->out = -1;
}

static void worker_free(struct serve_worker *w)
{
	if (w->pidfd >= 0)
		close(w->pidfd);
	if (w->out >= 0)
		close(w->out);
	serve_worker_init(w);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The child: its exit status says whether the memfd holds the whole reply. */
static void __attribute__((noreturn)) child(int out, char *(*run)(void *ctx, size_t *len),
					     void (*close_others)(void *ctx), void *ctx)
{
	size_t len = 0;
	char *text;

	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	close_others(ctx);
	text = run(ctx, &len);
	_exit(text && !write_all(out, text, len) ? 0 : 1);
}

int serve_worker_start(struct serve_worker *w, char *(*run)(void *ctx, size_t *len),
		       void (*close_others)(void *ctx), void *ctx, struct ndl_err *err)
{
	pid_t pid;

	serve_worker_init(w);
	w->out = memfd_create("ndisload-reply", MFD_CLOEXEC);
	if (w->out < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "memfd_create: %s", strerror(errno));
	pid = fork();
	if (pid < 0) {
		worker_free(w);
		return ndl_fail(err, NDL_E_INTERNAL, "fork: %s", strerror(errno));
	}
	if (pid == 0)
		child(w->out, run, close_others, ctx);
	w->pid = pid;
	w->pidfd = pidfd_open(pid, 0);
	if (w->pidfd < 0) {
		ndl_fail(err, NDL_E_INTERNAL, "pidfd_open: %s", strerror(errno));
		serve_worker_reap(w);	/* the child runs the operation: let it finish */
		return -1;
	}
	return 0;
}

static char *read_reply(int fd, size_t *len, struct ndl_err *err)
{
	struct stat st;
	char *text;
	size_t got = 0;

	if (fstat(fd, &st) || st.st_size <= 0 || (unsigned long long)st.st_size > SERVE_MAX_REPLY)
		return ndl_fail(err, NDL_E_INTERNAL, "the operation gave no usable reply"), NULL;
	text = malloc((size_t)st.st_size + 1);
	if (!text)
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory"), NULL;
	while (got < (size_t)st.st_size) {
		ssize_t k = pread(fd, text + got, (size_t)st.st_size - got, (off_t)got);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			free(text);
			return ndl_fail(err, NDL_E_INTERNAL, "reading the reply: %s",
					k ? strerror(errno) : "short"), NULL;
		}
		got += (size_t)k;
	}
	text[got] = '\0';
	*len = got;
	return text;
}

char *serve_worker_finish(struct serve_worker *w, size_t *len, struct ndl_err *err)
{
	char *text = NULL;
	int st;

	while (waitpid(w->pid, &st, 0) < 0) {
		if (errno != EINTR) {
			ndl_fail(err, NDL_E_INTERNAL, "waitpid: %s", strerror(errno));
			goto out;
		}
	}
	if (WIFSIGNALED(st))
		ndl_fail(err, NDL_E_INTERNAL, "the operation's process ended with signal %d (%s)",
			 WTERMSIG(st), strsignal(WTERMSIG(st)));
	else if (WEXITSTATUS(st))
		ndl_fail(err, NDL_E_INTERNAL, "the operation's process could not give its reply");
	else
		text = read_reply(w->out, len, err);
out:
	worker_free(w);
	return text;
}

void serve_worker_reap(struct serve_worker *w)
{
	if (w->pid > 0)
		while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
			;
	worker_free(w);
}
