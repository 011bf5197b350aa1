// SPDX-License-Identifier: GPL-2.0-only
/* The redacted diagnostic report (see diag.h). */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "store/conf.h"
#include "diag/diag.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "lib/paths.h"
#include "serve/ops.h"
#include "lib/strutil.h"

struct buf {
	char *p;
	size_t len, cap;
	bool oom;
};

static void add(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	while (b->len + (size_t)n + 1 > b->cap) {
		size_t nc = b->cap ? b->cap * 2 : 8192;
		char *np = realloc(b->p, nc);

		if (!np) {
			b->oom = true;
			return;
		}
		b->p = np;
		b->cap = nc;
	}
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

bool diag_is_secret(const char *key)
{
	static const char *const words[] = {
		"key", "pass", "psk", "secret", "wep", "wpa", "token", "password",
	};
	char low[160];
	size_t i;

	str_copy(low, sizeof(low), key);
	str_lower(low);
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(low, words[i]))
			return true;
	return false;
}

static void add_json(struct buf *b, const char *title, json_object *o)
{
	add(b, "\n== %s\n%s\n", title, o ? jx_text(o, true) : "(unavailable)");
	json_object_put(o);
}

/* A configuration file with secret values replaced. */
static void add_conf(struct buf *b, const char *path, const char *title)
{
	struct conf c;
	struct ndl_err err;
	size_t i;
	char *text;

	conf_init(&c);
	if (conf_load(&c, path, &err)) {
		add(b, "\n== %s\n(cannot read: %s)\n", title, err.msg);
		conf_free(&c);
		return;
	}
	for (i = 0; i < c.n; i++)
		if (diag_is_secret(c.e[i].key) && c.e[i].value[0])
			c.e[i].value = "<redacted>";
	text = conf_format(&c, NULL);
	add(b, "\n== %s\n%s", title, text && *text ? text : "(empty)\n");
	free(text);
	conf_free(&c);
}

int diag_kmsg_each(void (*fn)(const char *msg, void *ctx), void *ctx)
{
	char path[NDL_PATH_MAX], line[2048];
	int fd, n = 0;
	ssize_t r;

	if (!ndl_path(path, sizeof(path), "/dev/kmsg") ||
	    (fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return -1;
	while ((r = read(fd, line, sizeof(line) - 1)) > 0) {
		char *msg;

		line[r] = '\0';
		msg = strchr(line, ';');
		if (!msg || !strstr(msg, "ndisload"))
			continue;
		fn(msg + 1, ctx);
		n++;
	}
	close(fd);
	return n;
}

struct kmsg_ctx {
	struct buf *b;
	int n;
};

static void add_kmsg_line(const char *msg, void *ctx)
{
	struct kmsg_ctx *k = ctx;

	if (k->n++ >= 400)
		return;
	add(k->b, "%s", msg);
	if (msg[strlen(msg) - 1] != '\n')
		add(k->b, "\n");
}

/* The module's lines of the kernel log. */
static void add_kmsg(struct buf *b)
{
	struct kmsg_ctx k = { b, 0 };

	add(b, "\n== kernel log (lines naming ndisload)\n");
	if (diag_kmsg_each(add_kmsg_line, &k) < 0)
		add(b, "(cannot read the kernel log)\n");
	else if (!k.n)
		add(b, "(none)\n");
}

char *diag_collect(void)
{
	struct buf b = { NULL, 0, 0, false };
	struct utsname u;
	char path[NDL_PATH_MAX], ts[32];
	struct ndl_err err;
	time_t now = time(NULL);
	struct tm tm;
	DIR *d;
	struct dirent *de;

	gmtime_r(&now, &tm);
	strftime(ts, sizeof(ts), "%Y-%m-%d %H:%M:%S UTC", &tm);
	add(&b, "ndisload diagnostic report, %s\n", ts);
	add(&b, "Keys, passphrases and other secrets are replaced by <redacted>.\n");
	add(&b, "\n== versions\nndisload %s\n", NDL_VERSION);
	if (!uname(&u))
		add(&b, "kernel %s %s %s\n", u.sysname, u.release, u.machine);
	add_json(&b, "module", kmod_status_json());
	add_json(&b, "devices", ops_call("device.list", NULL, NULL, 0, &err));
	add_json(&b, "drivers", ops_call("driver.list", NULL, NULL, 0, &err));
	add_json(&b, "interfaces", ops_call("interface.list", NULL, NULL, 0, &err));
	if (ndl_path(path, sizeof(path), NDL_CONF_DIR "/bindings.conf"))
		add_conf(&b, path, "bindings.conf");
	if (ndl_path(path, sizeof(path), NDL_CONF_DIR "/params") && (d = opendir(path))) {
		while ((de = readdir(d)) != NULL) {
			char file[NDL_PATH_MAX], title[300];

			if (de->d_name[0] == '.' || !fs_join(file, sizeof(file), path, de->d_name))
				continue;
			snprintf(title, sizeof(title), "params/%s", de->d_name);
			add_conf(&b, file, title);
		}
		closedir(d);
	}
	add_kmsg(&b);
	if (b.oom) {
		free(b.p);
		return NULL;
	}
	return b.p;
}
