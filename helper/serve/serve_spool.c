// SPDX-License-Identifier: GPL-2.0-only
/* Draining uploaded pipes and sockets into memfds without blocking (serve_spool.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve/serve_spool.h"

#define CHUNK		65536
#define CHUNKS_PER_EVENT 16	/* then other clients get their turn */

/* Bytes held in memfds by every request being drained (one helper process). */
static size_t spooled_all;

void serve_spool_init(struct serve_spool *sp)
{
	size_t i;

	memset(sp, 0, sizeof(*sp));
	for (i = 0; i < SERVE_MAX_FDS; i++)
		sp->src[i] = -1;
}

int serve_spool_start(struct serve_spool *sp, struct serve_msg *m, struct ndl_err *err)
{
	size_t i;

	serve_spool_init(sp);
	for (i = 0; i < m->nfds; i++) {
		struct stat st;
		int fl, mfd;

		if (fstat(m->fds[i], &st))
			return ndl_fail(err, NDL_E_BAD_REQUEST, "file %zu: fstat: %s", i + 1,
					strerror(errno));
		if (S_ISREG(st.st_mode))
			continue;
		if (S_ISDIR(st.st_mode))
			return ndl_fail(err, NDL_E_BAD_REQUEST, "file %zu is a directory", i + 1);
		fl = fcntl(m->fds[i], F_GETFL);
		if (fl < 0 || fcntl(m->fds[i], F_SETFL, fl | O_NONBLOCK))
			return ndl_fail(err, NDL_E_BAD_REQUEST, "file %zu: %s", i + 1, strerror(errno));
		mfd = memfd_create("ndisload-upload", MFD_CLOEXEC);
		if (mfd < 0)
			return ndl_fail(err, NDL_E_INTERNAL, "memfd_create: %s", strerror(errno));
		sp->src[i] = m->fds[i];
		m->fds[i] = mfd;
		sp->pending++;
	}
	return 0;
}

/* Ends the draining of descriptor i after a failure (err already set). */
static int spool_fail(struct serve_spool *sp, size_t i)
{
	close(sp->src[i]);
	sp->src[i] = -1;
	sp->pending--;
	return -1;
}

int serve_spool_read(struct serve_spool *sp, struct serve_msg *m, size_t i, struct ndl_err *err)
{
	char buf[CHUNK];
	int k;

	for (k = 0; k < CHUNKS_PER_EVENT; k++) {
		ssize_t n = read(sp->src[i], buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n < 0) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "cannot read file %zu: %s", i + 1,
				 strerror(errno));
			return spool_fail(sp, i);
		}
		if (n == 0) {
			close(sp->src[i]);
			sp->src[i] = -1;
			sp->pending--;
			lseek(m->fds[i], 0, SEEK_SET);
			return 1;
		}
		if (sp->got[i] + (size_t)n > SERVE_SPOOL_MAX_FILE) {
			ndl_fail(err, NDL_E_TOO_LARGE, "file %zu is larger than %u MiB", i + 1,
				 SERVE_SPOOL_MAX_FILE >> 20);
			return spool_fail(sp, i);
		}
		if (sp->total + (size_t)n > SERVE_SPOOL_MAX_TOTAL) {
			ndl_fail(err, NDL_E_TOO_LARGE, "the files are larger than %u MiB together",
				 SERVE_SPOOL_MAX_TOTAL >> 20);
			return spool_fail(sp, i);
		}
		if (spooled_all + (size_t)n > SERVE_SPOOL_MAX_ALL) {
			ndl_fail(err, NDL_E_TOO_LARGE,
				 "the helper is receiving %u MiB of other uploads; try again later",
				 SERVE_SPOOL_MAX_ALL >> 20);
			return spool_fail(sp, i);
		}
		if (write(m->fds[i], buf, (size_t)n) != n) {
			ndl_fail(err, NDL_E_INTERNAL, "cannot keep file %zu: %s", i + 1,
				 strerror(errno));
			return spool_fail(sp, i);
		}
		sp->got[i] += (size_t)n;
		sp->total += (size_t)n;
		spooled_all += (size_t)n;
	}
	return 0;
}

void serve_spool_free(struct serve_spool *sp)
{
	size_t i;

	for (i = 0; i < SERVE_MAX_FDS; i++) {
		if (sp->src[i] >= 0)
			close(sp->src[i]);
		sp->src[i] = -1;
	}
	spooled_all -= sp->total;
	sp->total = 0;
	sp->pending = 0;
}
