/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The serve socket: a UNIX SOCK_SEQPACKET listener, the SO_PEERCRED allow
 * list, receiving one request message with its descriptors (size and
 * descriptor count capped; anything over is refused, never truncated), and
 * sending one reply: inline up to SERVE_MAX_MSG bytes, larger ones in a
 * sealed memfd passed with SCM_RIGHTS (docs/helper-protocol.md).
 */
#ifndef NDL_SERVE_SOCK_H
#define NDL_SERVE_SOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib/err.h"

#define SERVE_MAX_MSG	65536		/* one request, or one inline reply */
#define SERVE_MAX_REPLY	(64u << 20)	/* one reply carried in a memfd */
#define SERVE_MAX_FDS	16
#define SERVE_MAX_PEERS	8

struct serve_peers {
	uid_t uid[SERVE_MAX_PEERS];
	size_t n;
};

int serve_listen(const char *path, gid_t group, struct ndl_err *err);
/* Is the connected peer root or one of the allowed users? */
bool serve_peer_ok(int sock, const struct serve_peers *p, uid_t *uid, pid_t *pid);

/*
 * Closes a connection so that the peer still reads what was sent to it:
 * closing with unread requests queued would make the peer's next receive
 * fail with ECONNRESET instead of returning our last answer.
 */
void serve_close(int sock);

/* One received message: text and descriptors (closed by serve_msg_free). */
struct serve_msg {
	char buf[SERVE_MAX_MSG + 1];
	size_t len;
	int fds[SERVE_MAX_FDS];
	size_t nfds;
};

/*
 * Receives one message without waiting. Returns 1 with a message, 0 when
 * the peer closed the connection, -2 when nothing is waiting, -1 with err
 * (too_large, bad_request) when the message was refused (its descriptors
 * already closed).
 */
int serve_recv(int sock, struct serve_msg *m, struct ndl_err *err);
void serve_msg_free(struct serve_msg *m);

/*
 * A reply ready to send: the inline message and, for a large reply, the
 * sealed memfd holding it (-1 otherwise).
 */
struct serve_reply {
	char *text;
	size_t len;
	int fd;
};

/*
 * Packs the response text (taken over: freed with the reply) into a
 * reply. A text over SERVE_MAX_MSG goes into a sealed memfd and the
 * inline message becomes {"reply_bytes": N}. Returns -1 with err when it
 * cannot (over SERVE_MAX_REPLY: too_large; no memfd: internal).
 */
int serve_reply_pack(struct serve_reply *r, char *text, size_t len, struct ndl_err *err);
/* Sends without waiting: 1 sent, 0 the socket is full (try again), -1 failed. */
int serve_reply_send(int sock, const struct serve_reply *r);
void serve_reply_free(struct serve_reply *r);

#endif
