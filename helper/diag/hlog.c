// SPDX-License-Identifier: GPL-2.0-only
/* The helper's own log of driver and device changes (see hlog.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "diag/hlog.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/strutil.h"

#define HLOG_MAX_BYTES (256 * 1024)

/* Tabs, newlines and other control characters become spaces. */
static void clean(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = ' ';
}

static void field(char *dst, size_t size, const char *v)
{
	str_copy(dst, size, v && *v ? v : "-");
	clean(dst);
}

void hlog_write(const char *level, const char *driver, const char *device,
		const char *fmt, ...)
{
	char path[NDL_PATH_MAX], old[NDL_PATH_MAX], text[1024], drv[65], dev[32];
	char line[1300];
	struct timespec ts;
	struct stat st;
	va_list ap;
	int fd, n;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	clean(text);
	field(drv, sizeof(drv), driver);
	field(dev, sizeof(dev), device);
	clock_gettime(CLOCK_REALTIME, &ts);
	n = snprintf(line, sizeof(line), "%llu\t%s\t%s\t%s\t%s\n",
		     (unsigned long long)ts.tv_sec * 1000000ull + (unsigned long long)ts.tv_nsec / 1000,
		     level, drv, dev, text);
	if (n < 0 || !ndl_path(path, sizeof(path), HLOG_FILE) ||
	    !ndl_path(old, sizeof(old), HLOG_FILE ".1"))
		return;
	if ((size_t)n >= sizeof(line))
		n = sizeof(line) - 1, line[n - 1] = '\n';
	if (!stat(path, &st) && st.st_size > HLOG_MAX_BYTES)
		rename(path, old);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return;
	/* One write per line: concurrent writers (CLI, serve) never interleave. */
	if (write(fd, line, (size_t)n) != n)
		errno = 0;
	close(fd);
}

int hlog_parse(const char *line, struct hlog_entry *e)
{
	char buf[1300], *f[5], *p = buf, *end;
	unsigned long long usec;
	int i;

	memset(e, 0, sizeof(*e));
	str_copy(buf, sizeof(buf), line);
	buf[strcspn(buf, "\n")] = '\0';
	for (i = 0; i < 5; i++) {
		f[i] = p;
		if (i < 4) {
			p = strchr(p, '\t');
			if (!p)
				return -1;
			*p++ = '\0';
		}
	}
	errno = 0;
	usec = strtoull(f[0], &end, 10);
	if (errno || end == f[0] || *end || (strcmp(f[1], "error") && strcmp(f[1], "warning") &&
					     strcmp(f[1], "info")))
		return -1;
	e->usec = usec;
	str_copy(e->level, sizeof(e->level), f[1]);
	if (strcmp(f[2], "-"))
		str_copy(e->driver, sizeof(e->driver), f[2]);
	if (strcmp(f[3], "-"))
		str_copy(e->device, sizeof(e->device), f[3]);
	str_copy(e->text, sizeof(e->text), f[4]);
	clean(e->text);
	return 0;
}

static int each_in(const char *path, void (*fn)(const struct hlog_entry *, void *), void *ctx)
{
	char line[1300];
	FILE *f = fopen(path, "re");
	struct hlog_entry e;

	if (!f)
		return errno == ENOENT ? 0 : -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strchr(line, '\n') && !feof(f)) {
			int c;

			/* An over-long line: skip the rest of it. */
			while ((c = fgetc(f)) != EOF && c != '\n')
				;
			continue;
		}
		if (!hlog_parse(line, &e))
			fn(&e, ctx);
	}
	fclose(f);
	return 0;
}

int hlog_each(void (*fn)(const struct hlog_entry *e, void *ctx), void *ctx)
{
	char path[NDL_PATH_MAX];

	if (!ndl_path(path, sizeof(path), HLOG_FILE ".1") || each_in(path, fn, ctx))
		return -1;
	if (!ndl_path(path, sizeof(path), HLOG_FILE))
		return -1;
	return each_in(path, fn, ctx);
}

/* ---- what operations did ----------------------------------------------------- */

static size_t alen(json_object *o, const char *key)
{
	json_object *a;

	return json_object_object_get_ex(o, key, &a) && json_object_is_type(a, json_type_array)
		? json_object_array_length(a) : 0;
}

static json_object *aget(json_object *o, const char *key, size_t i)
{
	json_object *a;

	json_object_object_get_ex(o, key, &a);
	return json_object_array_get_idx(a, i);
}

/* The names of an object's members, "a, b, c". */
static void member_names(json_object *o, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	if (!json_object_is_type(o, json_type_object))
		return;
	json_object_object_foreach(o, k, v) {
		(void)v;
		n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? ", " : "", k);
		if (n >= size)
			break;
	}
}

static void log_load(json_object *r)
{
	size_t i, k;

	for (i = 0; i < alen(r, "results"); i++) {
		json_object *x = aget(r, "results", i);
		const char *d = jx_str(x, "driver");

		hlog_write("info", d, NULL,
			   "pushed into the module: %zu device ID(s), %d device(s) bound, %d owned by native drivers",
			   alen(x, "ids"), (int)jx_int(x, "bound"), (int)jx_int(x, "owned"));
		for (k = 0; k < alen(x, "notes"); k++)
			hlog_write("info", d, NULL, "%s",
				   json_object_get_string(aget(x, "notes", k)));
	}
	for (i = 0; i < alen(r, "errors"); i++) {
		json_object *x = aget(r, "errors", i);

		hlog_write("error", jx_str(x, "driver"), NULL, "not loaded: %s",
			   jx_str(x, "message") ? jx_str(x, "message") : "");
	}
}

void hlog_op(const char *op, json_object *args, json_object *result,
	     const struct ndl_err *err)
{
	static const char *const changes[] = {
		"driver.install", "driver.remove", "driver.params.set", "driver.compat.set",
		"device.bind", "device.unbind", "load",
	};
	const char *drv = jx_str(args, "name") ? jx_str(args, "name") : jx_str(args, "driver");
	const char *dev = jx_str(args, "device");
	bool change = false;
	char names[512];
	size_t i;

	for (i = 0; i < sizeof(changes) / sizeof(changes[0]); i++)
		change |= !strcmp(op, changes[i]);
	if (!result) {
		/* A read that found nothing is the caller's business, not the log's. */
		if (change || err->code == NDL_E_MODULE || err->code == NDL_E_INTERNAL)
			hlog_write("error", drv, dev, "%s refused: %s", op, err->msg);
		return;
	}
	if (!change)
		return;
	if (!strcmp(op, "driver.install")) {
		json_object *d;

		if (!json_object_object_get_ex(result, "driver", &d))
			hlog_write("info", NULL, NULL, "upload incomplete: %zu file(s) missing",
				   alen(result, "missing"));
		else
			hlog_write("info", jx_str(d, "name"), NULL, "installed version %s from %s%s",
				   jx_str(d, "version") ? jx_str(d, "version") : "?",
				   jx_str(d, "inf") ? jx_str(d, "inf") : "?",
				   jx_bool(result, "replaced") ? " (replacing the earlier copy)" : "");
	} else if (!strcmp(op, "driver.remove")) {
		hlog_write("info", drv, NULL, "removed from the store");
	} else if (!strcmp(op, "device.bind")) {
		hlog_write("info", drv, dev, "device bound to the driver");
	} else if (!strcmp(op, "device.unbind")) {
		hlog_write("info", NULL, dev, "device unbound");
	} else if (!strcmp(op, "load")) {
		log_load(result);
	} else {
		json_object *v = NULL;

		json_object_object_get_ex(args, "values", &v);
		member_names(v, names, sizeof(names));
		hlog_write("info", drv, dev, "%s settings changed: %s",
			   strcmp(op, "driver.compat.set") ? "driver" : "compatibility", names);
	}
}
