/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The serve socket: a UNIX SOCK_SEQPACKET listener, the SO_PEERCRED allow
 * list, and receiving one request message with its descriptors (size and
 * descriptor count capped; anything over is refused, never truncated).
 */
#ifndef NDL_SERVE_SOCK_H
#define NDL_SERVE_SOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "err.h"

#define SERVE_MAX_MSG	65536
#define SERVE_MAX_FDS	16
#define SERVE_MAX_PEERS	8

struct serve_peers {
	uid_t uid[SERVE_MAX_PEERS];
	size_t n;
};

int serve_listen(const char *path, gid_t group, struct ndl_err *err);
/* Is the connected peer root or one of the allowed users? */
bool serve_peer_ok(int sock, const struct serve_peers *p, uid_t *uid, pid_t *pid);

/* One received message: text and descriptors (closed by serve_msg_free). */
struct serve_msg {
	char buf[SERVE_MAX_MSG + 1];
	size_t len;
	int fds[SERVE_MAX_FDS];
	size_t nfds;
};

/*
 * Receives one message. Returns 1 with a message, 0 when the peer closed
 * the connection, -1 with err (too_large, bad_request) when the message
 * was refused (its descriptors already closed).
 */
int serve_recv(int sock, struct serve_msg *m, struct ndl_err *err);
void serve_msg_free(struct serve_msg *m);
int serve_send(int sock, const char *text, size_t len);

#endif
