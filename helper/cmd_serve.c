// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload serve: the root helper behind the web configurator. One JSON
 * request per SOCK_SEQPACKET message, checked against the operation table
 * (ops.c), one JSON response per request (docs/helper-protocol.md).
 */
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "fsutil.h"
#include "jsonx.h"
#include "ops.h"
#include "paths.h"
#include "serve_sock.h"
#include "strutil.h"

#define REQUEST_TIMEOUT_S 30

static const char usage[] =
	"Usage: ndisload serve [--socket PATH] [--allow-user NAME|UID]...\n"
	"\n"
	"Runs the root helper for the web configurator: listens on a UNIX\n"
	"SOCK_SEQPACKET socket (default $NDISLOAD_ROOT/run/ndisload/helper.sock,\n"
	"mode 0660) and answers one JSON request per message, from root and the\n"
	"allowed users only (default: ndisload-web, when that user exists).\n"
	"The protocol is docs/helper-protocol.md. Runs until SIGTERM or SIGINT.\n"
	"\n"
	"  --socket PATH        listen here\n"
	"  --allow-user NAME|UID  also accept this user (repeatable)\n"
	"\n"
	"Exit status: 0 stopped by a signal; 2 bad usage; 1 cannot listen.\n";

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_line(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("ndisload serve: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static void respond_error(int sock, const struct ndl_err *e)
{
	json_object *r = json_object_new_object(), *err = json_object_new_object();
	const char *text;

	json_object_object_add(r, "ok", json_object_new_boolean(false));
	jx_add_str(err, "code", ndl_code_name(e->code ? e->code : NDL_E_INTERNAL));
	jx_add_str(err, "message", e->msg);
	if (e->hint[0])
		jx_add_str(err, "hint", e->hint);
	json_object_object_add(r, "error", err);
	text = jx_text(r, false);
	serve_send(sock, text, strlen(text));
	json_object_put(r);
}

static void respond(int sock, json_object *result)
{
	json_object *r = json_object_new_object();
	const char *text;
	size_t len;

	json_object_object_add(r, "ok", json_object_new_boolean(true));
	json_object_object_add(r, "result", result);
	text = jx_text(r, false);
	len = strlen(text);
	if (len > SERVE_MAX_MSG) {
		struct ndl_err e;

		ndl_fail(&e, NDL_E_TOO_LARGE, "the response would be larger than %d bytes",
			 SERVE_MAX_MSG);
		respond_error(sock, &e);
	} else {
		serve_send(sock, text, len);
	}
	json_object_put(r);
}

static const struct jfield request_fields[] = {
	{ "op", J_STRING, true, 64 },
	{ "args", J_OBJECT, false, 0 },
};

/* Handles one message; false when the connection should close. */
static bool handle(int sock, struct serve_msg *m, uid_t uid)
{
	struct ndl_err err;
	json_object *req, *args = NULL, *result;
	const char *op;

	ndl_err_clear(&err);
	req = jx_parse_object(m->buf, m->len, &err);
	if (!req || jx_check(req, request_fields, 2, "request", &err)) {
		log_line("uid %u: refused a request: %s", (unsigned)uid, err.msg);
		respond_error(sock, &err);
		json_object_put(req);
		return true;
	}
	op = jx_str(req, "op");
	json_object_object_get_ex(req, "args", &args);
	result = ops_call(op, args, m->fds, m->nfds, &err);
	if (result) {
		respond(sock, result);
	} else {
		log_line("uid %u: %s: %s", (unsigned)uid, op, err.msg);
		respond_error(sock, &err);
	}
	json_object_put(req);
	return true;
}

static void serve_client(int sock, const struct serve_peers *peers)
{
	struct timeval tv = { .tv_sec = REQUEST_TIMEOUT_S };
	static struct serve_msg m;
	struct ndl_err err;
	uid_t uid;
	pid_t pid;

	if (!serve_peer_ok(sock, peers, &uid, &pid)) {
		ndl_fail(&err, NDL_E_FORBIDDEN, "this user (uid %u) may not use the ndisload helper",
			 (unsigned)uid);
		log_line("refused a connection from uid %u (pid %d): not allowed", (unsigned)uid, (int)pid);
		respond_error(sock, &err);
		return;
	}
	setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(sock, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	while (!stop) {
		int r;

		ndl_err_clear(&err);
		r = serve_recv(sock, &m, &err);
		if (r == 0)
			return;
		if (r < 0) {
			log_line("uid %u: %s", (unsigned)uid, err.msg);
			respond_error(sock, &err);
			return;	/* a refused message ends the connection */
		}
		handle(sock, &m, uid);
		serve_msg_free(&m);
	}
}

static bool add_peer(struct serve_peers *p, const char *who, gid_t *group)
{
	struct passwd *pw = getpwnam(who);
	uint64_t uid;

	if (p->n >= SERVE_MAX_PEERS)
		return false;
	if (pw) {
		p->uid[p->n++] = pw->pw_uid;
		if (*group == (gid_t)-1)
			*group = pw->pw_gid;
		return true;
	}
	if (str_to_u64(who, 0x7fffffff, &uid)) {
		p->uid[p->n++] = (uid_t)uid;
		return true;
	}
	return false;
}

int cmd_serve(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 's' },
		{ "allow-user", required_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct serve_peers peers = { .n = 0 };
	char path[NDL_PATH_MAX] = "", dir[NDL_PATH_MAX];
	gid_t group = (gid_t)-1;
	struct sigaction sa;
	struct ndl_err err;
	bool any_user = false;
	int c, ls;

	optind = 1;
	while ((c = cli_getopt("serve", argc, argv, "", opts)) != -1) {
		switch (c) {
		case 's':
			if (!str_copy(path, sizeof(path), optarg))
				return cli_usage_error("serve", "socket path too long");
			break;
		case 'u':
			if (!add_peer(&peers, optarg, &group))
				return cli_usage_error("serve", "no user \"%s\" (or more than %d)", optarg,
						       SERVE_MAX_PEERS);
			any_user = true;
			break;
		case 'h': return cli_help(usage);
		default: return 2;
		}
	}
	if (optind != argc)
		return cli_usage_error("serve", "unexpected argument %s", argv[optind]);
	if (!any_user)
		add_peer(&peers, "ndisload-web", &group);
	if (!path[0]) {
		if (!ndl_path(path, sizeof(path), NDL_SOCKET) ||
		    !ndl_path(dir, sizeof(dir), NDL_RUN_DIR))
			return cli_usage_error("serve", "NDISLOAD_ROOT too long");
		if (fs_mkdirs(dir, 0755, &err))
			return cli_error("serve", &err);
	}
	ls = serve_listen(path, group, &err);
	if (ls < 0)
		return cli_error("serve", &err);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	log_line("listening on %s", path);
	while (!stop) {
		struct pollfd pfd = { .fd = ls, .events = POLLIN };
		int cs;

		if (poll(&pfd, 1, 1000) <= 0)
			continue;
		cs = accept4(ls, NULL, NULL, SOCK_CLOEXEC);
		if (cs < 0)
			continue;
		serve_client(cs, &peers);
		close(cs);
	}
	close(ls);
	unlink(path);
	log_line("stopped");
	return 0;
}
