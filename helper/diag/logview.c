// SPDX-License-Identifier: GPL-2.0-only
/* The driver's log: kernel and helper entries merged and filtered (see logview.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/config.h"
#include "store/conf.h"
#include "diag/hlog.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "diag/kmsg.h"
#include "diag/logview.h"
#include "store/store.h"
#include "lib/strutil.h"

/* Matching entries kept while reading (the newest win), and the reply's text budget. */
#define KEEP_MAX 4096
#define REPLY_BUDGET 40000

struct entry {
	bool kernel;
	uint64_t seq, boot_usec, real_usec;
	const char *level;
	char driver[65], device[32], iface[16], text[KMSG_TEXT_MAX];
};

struct view {
	const struct logview_query *q;
	json_object *drivers;	/* names the store or the module knows */
	json_object *dev_driver;	/* device id -> driver */
	uint64_t since_seq, since_usec, next_seq, last_usec, boot_real_usec;
	struct entry *ring;
	size_t n, head;		/* ring: n entries, the oldest at head */
	bool dropped;
};

static bool is_driver(const char *name, void *ctx)
{
	struct view *v = ctx;
	size_t i;

	if (v->q->driver && str_ieq(name, v->q->driver))
		return true;
	for (i = 0; i < json_object_array_length(v->drivers); i++)
		if (str_ieq(name, json_object_get_string(json_object_array_get_idx(v->drivers, i))))
			return true;
	return false;
}

static void add_name(json_object *a, const char *name)
{
	size_t i;

	if (!name || !*name)
		return;
	for (i = 0; i < json_object_array_length(a); i++)
		if (str_ieq(name, json_object_get_string(json_object_array_get_idx(a, i))))
			return;
	json_object_array_add(a, json_object_new_string(name));
}

/* The drivers and device bindings of the store, the configuration and the module. */
static void learn(struct view *v)
{
	json_object *k = kmod_status_json(), *a;
	struct conf b;
	struct ndl_err e;
	size_t i;

	v->drivers = store_names(&e);
	if (!v->drivers)
		v->drivers = json_object_new_array();
	v->dev_driver = json_object_new_object();
	if (!config_bindings(&b, &e))
		for (i = 0; i < b.n; i++)
			if (b.e[i].section && str_ieq(b.e[i].key, "driver"))
				jx_add_str(v->dev_driver, b.e[i].section, b.e[i].value);
	conf_free(&b);
	if (json_object_object_get_ex(k, "drivers", &a))
		for (i = 0; i < json_object_array_length(a); i++)
			add_name(v->drivers, jx_str(json_object_array_get_idx(a, i), "name"));
	/* The module's view wins: it is what actually ran. */
	if (json_object_object_get_ex(k, "devices", &a))
		for (i = 0; i < json_object_array_length(a); i++) {
			json_object *d = json_object_array_get_idx(a, i);

			if (jx_str(d, "device") && jx_str(d, "driver"))
				jx_add_str(v->dev_driver, jx_str(d, "device"), jx_str(d, "driver"));
		}
	json_object_put(k);
}

static bool wanted(struct view *v, struct entry *e)
{
	if (!e->driver[0] && e->device[0]) {
		const char *d = jx_str(v->dev_driver, e->device);

		if (d)
			str_copy(e->driver, sizeof(e->driver), d);
	}
	if (v->q->driver && !str_ieq(e->driver, v->q->driver))
		return false;
	if (v->q->device && !str_ieq(e->device, v->q->device) &&
	    !(e->iface[0] && !strcmp(e->iface, v->q->device)))
		return false;
	return true;
}

static void keep(struct view *v, const struct entry *e)
{
	if (v->n < KEEP_MAX) {
		v->ring[(v->head + v->n++) % KEEP_MAX] = *e;
	} else {
		v->ring[v->head] = *e;
		v->head = (v->head + 1) % KEEP_MAX;
		v->dropped = true;
	}
}

static void read_kernel(struct view *v, json_object *status)
{
	static char buf[16384];
	struct kmsg_reader rd;
	struct ndl_err err;
	struct kmsg_rec r;
	struct entry *e = malloc(sizeof(*e));
	long n;

	if (!e || kmsg_open(&rd, &err)) {
		json_object_object_add(status, "readable", json_object_new_boolean(false));
		jx_add_str(status, "error", e ? err.msg : "out of memory");
		free(e);
		return;
	}
	json_object_object_add(status, "readable", json_object_new_boolean(true));
	while ((n = kmsg_next(&rd, buf, sizeof(buf), &err)) > 0) {
		if (kmsg_parse(buf, (size_t)n, &r, is_driver, v))
			continue;	/* not a record: never fatal */
		if (r.seq + 1 > v->next_seq)
			v->next_seq = r.seq + 1;
		if (!r.ours || r.seq < v->since_seq)
			continue;
		memset(e, 0, sizeof(*e));
		e->kernel = true;
		e->seq = r.seq;
		e->boot_usec = r.usec;
		e->real_usec = v->boot_real_usec + r.usec;
		e->level = kmsg_level_name(r.level);
		memcpy(e->driver, r.driver, sizeof(e->driver));
		memcpy(e->device, r.device, sizeof(e->device));
		memcpy(e->iface, r.iface, sizeof(e->iface));
		memcpy(e->text, r.text, sizeof(e->text));
		if (wanted(v, e))
			keep(v, e);
	}
	if (n < 0)
		jx_add_str(status, "error", err.msg);
	kmsg_close(&rd);
	free(e);
}

static void on_helper(const struct hlog_entry *h, void *ctx)
{
	struct view *v = ctx;
	struct entry e;

	if (h->usec > v->last_usec)
		v->last_usec = h->usec;
	if (h->usec <= v->since_usec)
		return;
	memset(&e, 0, sizeof(e));
	e.real_usec = h->usec;
	e.level = !strcmp(h->level, "error") ? "error" : !strcmp(h->level, "warning") ?
		"warning" : "info";
	str_copy(e.driver, sizeof(e.driver), h->driver);
	str_copy(e.device, sizeof(e.device), h->device);
	str_copy(e.text, sizeof(e.text), h->text);
	if (wanted(v, &e))
		keep(v, &e);
}

static int by_time(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->real_usec != y->real_usec)
		return x->real_usec < y->real_usec ? -1 : 1;
	if (x->kernel != y->kernel)
		return x->kernel ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static json_object *entry_json(const struct entry *e)
{
	json_object *o = json_object_new_object();
	time_t t = (time_t)(e->real_usec / 1000000);
	char when[40] = "";
	struct tm tm;

	jx_add_str(o, "source", e->kernel ? "kernel" : "helper");
	if (gmtime_r(&t, &tm)) {
		size_t n = strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);

		snprintf(when + n, sizeof(when) - n, ".%06uZ", (unsigned)(e->real_usec % 1000000));
	}
	jx_add_str(o, "time", when);
	if (e->kernel) {
		json_object_object_add(o, "seq", json_object_new_int64((int64_t)e->seq));
		char up[32];

		snprintf(up, sizeof(up), "%" PRIu64 ".%06u", e->boot_usec / 1000000,
			 (unsigned)(e->boot_usec % 1000000));
		json_object_object_add(o, "uptime",
				       json_object_new_double_s((double)e->boot_usec / 1e6, up));
	}
	jx_add_str(o, "level", e->level);
	jx_add_str_or_null(o, "driver", e->driver[0] ? e->driver : NULL);
	jx_add_str_or_null(o, "device", e->device[0] ? e->device : NULL);
	jx_add_str_or_null(o, "interface", e->iface[0] ? e->iface : NULL);
	jx_add_str(o, "message", e->text);
	return o;
}

/* "SEQ-USEC": the next kernel record and the last helper entry seen. */
static int parse_cursor(const char *s, uint64_t *seq, uint64_t *usec, struct ndl_err *err)
{
	unsigned long long a, b;
	int n = 0;

	if (sscanf(s, "%20llu-%20llu%n", &a, &b, &n) != 2 || s[n] || !strchr("0123456789", s[0]))
		return ndl_fail(err, NDL_E_BAD_REQUEST,
				"\"%.40s\" is not a log cursor (want the \"cursor\" of an earlier answer)",
				s);
	*seq = a;
	*usec = b;
	return 0;
}

json_object *logview_collect(const struct logview_query *q, struct ndl_err *err)
{
	struct view v = { .q = q };
	json_object *r, *list, *kstatus = json_object_new_object();
	struct timespec mono, real;
	size_t limit = q->limit ? q->limit : LOGVIEW_DEFAULT_LIMIT, i, first, budget = 0;
	char cursor[48];
	struct entry *sorted;

	if (q->since && parse_cursor(q->since, &v.since_seq, &v.since_usec, err)) {
		json_object_put(kstatus);
		return NULL;
	}
	if (limit > LOGVIEW_MAX_LIMIT)
		limit = LOGVIEW_MAX_LIMIT;
	v.ring = calloc(KEEP_MAX, sizeof(*v.ring));
	if (!v.ring) {
		json_object_put(kstatus);
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory"), NULL;
	}
	v.next_seq = v.since_seq;
	v.last_usec = v.since_usec;
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	v.boot_real_usec = ((uint64_t)real.tv_sec - (uint64_t)mono.tv_sec) * 1000000u +
		(uint64_t)(real.tv_nsec / 1000) - (uint64_t)(mono.tv_nsec / 1000);
	learn(&v);
	read_kernel(&v, kstatus);
	hlog_each(on_helper, &v);

	/* Unroll the ring, order by time, keep the newest that fit. */
	sorted = malloc((v.n ? v.n : 1) * sizeof(*sorted));
	if (!sorted) {
		free(v.ring);
		json_object_put(kstatus);
		json_object_put(v.drivers);
		json_object_put(v.dev_driver);
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory"), NULL;
	}
	for (i = 0; i < v.n; i++)
		sorted[i] = v.ring[(v.head + i) % KEEP_MAX];
	qsort(sorted, v.n, sizeof(*sorted), by_time);
	first = v.n;
	while (first > 0 && v.n - first < limit) {
		budget += strlen(sorted[first - 1].text) + 250;
		if (budget > REPLY_BUDGET)
			break;
		first--;
	}
	list = json_object_new_array();
	for (i = first; i < v.n; i++)
		json_object_array_add(list, entry_json(&sorted[i]));
	r = json_object_new_object();
	json_object_object_add(r, "entries", list);
	snprintf(cursor, sizeof(cursor), "%" PRIu64 "-%" PRIu64, v.next_seq, v.last_usec);
	jx_add_str(r, "cursor", cursor);
	json_object_object_add(r, "truncated", json_object_new_boolean(first > 0 || v.dropped));
	json_object_object_add(r, "kernel", kstatus);
	free(sorted);
	free(v.ring);
	json_object_put(v.drivers);
	json_object_put(v.dev_driver);
	return r;
}
