// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndisload serve: the root helper behind the web configurator. One JSON
 * request per SOCK_SEQPACKET message, checked against the operation table
 * (ops.c), one JSON response per request (docs/helper-protocol.md).
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "serve/ops.h"
#include "lib/paths.h"
#include "serve/serve_loop.h"
#include "serve/serve_sock.h"
#include "lib/strutil.h"

/* How long the helper waits for a client (docs/helper-protocol.md). */
#define IDLE_TIMEOUT_S		30
#define UPLOAD_TIMEOUT_S	10
#define WRITE_TIMEOUT_S		10
#define MAX_TIMEOUT_S		600

static const char usage[] =
	"Usage: ndisload serve [--socket PATH] [--allow-user NAME|UID]...\n"
	"                      [--idle-timeout S] [--upload-timeout S]\n"
	"\n"
	"Runs the root helper for the web configurator: listens on a UNIX\n"
	"SOCK_SEQPACKET socket (default $NDISLOAD_ROOT/run/ndisload/helper.sock,\n"
	"mode 0660) and answers one JSON request per message, from root and the\n"
	"allowed users only (default: ndisload-web, when that user exists).\n"
	"The protocol is docs/helper-protocol.md. Runs until SIGTERM or SIGINT.\n"
	"\n"
	"  --socket PATH        listen here\n"
	"  --allow-user NAME|UID  also accept this user (repeatable)\n"
	"  --idle-timeout S     disconnect a client that sends no request for S\n"
	"                       seconds (default 30)\n"
	"  --upload-timeout S   refuse a request whose uploaded pipes or sockets\n"
	"                       have not ended S seconds after it (default 10)\n"
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

/* The text of r, for the serve loop to send (malloc'd; NULL: out of memory). */
static char *response_text(json_object *r, size_t *len)
{
	char *text = strdup(jx_text(r, false));

	*len = text ? strlen(text) : 0;
	json_object_put(r);
	return text;
}

static char *error_text(const struct ndl_err *e, size_t *len)
{
	json_object *r = json_object_new_object(), *err = json_object_new_object();

	json_object_object_add(r, "ok", json_object_new_boolean(false));
	jx_add_str(err, "code", ndl_code_name(e->code ? e->code : NDL_E_INTERNAL));
	jx_add_str(err, "message", e->msg);
	if (e->hint[0])
		jx_add_str(err, "hint", e->hint);
	if (e->field[0])
		jx_add_str(err, "field", e->field);
	json_object_object_add(r, "error", err);
	return response_text(r, len);
}

static const struct jfield request_fields[] = {
	{ "op", J_STRING, true, 64 },
	{ "args", J_OBJECT, false, 0 },
};

/* Answers one request (the serve loop sends the text). */
static char *handle(struct serve_msg *m, uid_t uid, size_t *len)
{
	struct ndl_err err;
	json_object *req, *args = NULL, *result, *r;
	const char *op;

	ndl_err_clear(&err);
	req = jx_parse_object(m->buf, m->len, &err);
	if (!req || jx_check(req, request_fields, 2, "request", &err)) {
		log_line("uid %u: refused a request: %s", (unsigned)uid, err.msg);
		json_object_put(req);
		return error_text(&err, len);
	}
	op = jx_str(req, "op");
	json_object_object_get_ex(req, "args", &args);
	result = ops_call(op, args, m->fds, m->nfds, &err);
	if (!result) {
		log_line("uid %u: %s: %s", (unsigned)uid, op, err.msg);
		json_object_put(req);
		return error_text(&err, len);
	}
	json_object_put(req);
	r = json_object_new_object();
	json_object_object_add(r, "ok", json_object_new_boolean(true));
	json_object_object_add(r, "result", result);
	return response_text(r, len);
}

static void plan(const struct serve_msg *m, struct serve_plan *p)
{
	struct ndl_err err;
	json_object *req = jx_parse_object(m->buf, m->len, &err), *op;

	if (req && json_object_object_get_ex(req, "op", &op) &&
	    json_object_is_type(op, json_type_string))
		ops_plan(json_object_get_string(op), &p->changes, &p->slow);
	json_object_put(req);
}

static void log_text(const char *line)
{
	log_line("%s", line);
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
		{ "idle-timeout", required_argument, NULL, 'i' },
		{ "upload-timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct serve_peers peers = { .n = 0 };
	struct serve_limits limits = {
		.idle_s = IDLE_TIMEOUT_S, .upload_s = UPLOAD_TIMEOUT_S, .write_s = WRITE_TIMEOUT_S,
	};
	static const struct serve_handler handler = {
		.request = handle, .plan = plan, .error = error_text, .log = log_text,
	};
	uint64_t v;
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
		case 'i':
		case 't':
			if (!str_to_u64(optarg, MAX_TIMEOUT_S, &v) || !v)
				return cli_usage_error("serve", "--%s takes 1 to %d seconds",
						       c == 'i' ? "idle-timeout" : "upload-timeout",
						       MAX_TIMEOUT_S);
			*(c == 'i' ? &limits.idle_s : &limits.upload_s) = (unsigned int)v;
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
	serve_loop(ls, &peers, &limits, &handler, &stop);
	close(ls);
	unlink(path);
	log_line("stopped");
	return 0;
}
