// SPDX-License-Identifier: GPL-2.0-only
/* Human-readable output of the operations' JSON objects (see show.h). */
#include <inttypes.h>
#include <string.h>

#include "lib/jsonx.h"
#include "cli/show.h"

static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	if (o)
		json_object_object_get_ex(o, key, &v);
	return v;
}

static size_t alen(json_object *a)
{
	return a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

static json_object *at(json_object *a, size_t i)
{
	return json_object_array_get_idx(a, i);
}

static const char *s(json_object *o, const char *key, const char *dflt)
{
	const char *v = jx_str(o, key);

	return v ? v : dflt;
}

const char *show_list(json_object *arr, char *buf, size_t size)
{
	size_t i, n = alen(arr), len = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		const char *v = json_object_get_string(at(arr, i));
		int w = snprintf(buf + len, size - len, "%s%s", i ? ", " : "", v ? v : "");

		if (w < 0 || (size_t)w >= size - len)
			break;
		len += (size_t)w;
	}
	return buf;
}

void show_warnings(FILE *out, json_object *w)
{
	size_t i, n = alen(w);

	if (!n)
		return;
	fprintf(out, "Warnings:\n");
	for (i = 0; i < n; i++) {
		json_object *x = at(w, i);

		if (jx_int(x, "line"))
			fprintf(out, "  %s:%" PRId64 ": %s\n", s(x, "file", "?"),
				jx_int(x, "line"), s(x, "message", ""));
		else
			fprintf(out, "  %s: %s\n", s(x, "file", "?"), s(x, "message", ""));
	}
}

void show_param(FILE *out, json_object *p, const char *indent)
{
	const char *type = s(p, "type", "edit");
	json_object *e = get(p, "enum");
	size_t i;

	fprintf(out, "%s%s", indent, s(p, "name", "?"));
	if (jx_has(p, "value"))
		fprintf(out, " = %s", s(p, "value", ""));
	fprintf(out, "  (%s)\n", s(p, "desc", ""));
	fprintf(out, "%s    %s", indent, type);
	if (jx_has(p, "min"))
		fprintf(out, " %" PRId64 "..%" PRId64, jx_int(p, "min"), jx_int(p, "max"));
	if (jx_int(p, "step") > 1)
		fprintf(out, " step %" PRId64, jx_int(p, "step"));
	if (jx_int(p, "base") == 16)
		fprintf(out, " hex");
	if (jx_has(p, "default"))
		fprintf(out, ", default %s", s(p, "default", ""));
	if (jx_bool(p, "optional"))
		fprintf(out, ", optional");
	if (jx_bool(p, "read_only"))
		fprintf(out, ", read-only");
	fprintf(out, "\n");
	for (i = 0; i < alen(e); i++)
		fprintf(out, "%s      %s = %s\n", indent, s(at(e, i), "value", ""),
			s(at(e, i), "desc", ""));
}

void show_params(FILE *out, json_object *params)
{
	size_t i, n = alen(params);

	if (!n) {
		fprintf(out, "  (no parameters)\n");
		return;
	}
	for (i = 0; i < n; i++)
		show_param(out, at(params, i), "  ");
}

static void show_value(FILE *out, json_object *r)
{
	json_object *v = get(r, "value");

	fprintf(out, "    %s%s%s = ", jx_has(r, "subkey") ? s(r, "subkey", "") : "",
		jx_has(r, "subkey") ? "\\" : "", s(r, "name", ""));
	if (v && json_object_is_type(v, json_type_string))
		fprintf(out, "\"%s\"", json_object_get_string(v));
	else
		fprintf(out, "%s", v ? jx_text(v, false) : "null");
	fprintf(out, " (%s)\n", s(r, "type", ""));
}

void show_package(FILE *out, json_object *pkg)
{
	json_object *models = get(pkg, "models"), *installs = get(pkg, "installs");
	json_object *needed = get(pkg, "needed"), *missing = get(pkg, "missing");
	char buf[2048];
	size_t i, k;

	fprintf(out, "%s (%s%s%s)\n", s(pkg, "inf", "?"), s(pkg, "encoding", "?"),
		jx_has(pkg, "strings") ? ", strings from " : "",
		jx_has(pkg, "strings") ? s(pkg, "strings", "") : "");
	fprintf(out, "  Provider: %s\n  Version:  %s (%s)\n  Class:    %s\n",
		s(pkg, "provider", "-"), s(pkg, "version", "-"),
		s(pkg, "driver_date", "no date"), s(pkg, "class", "-"));
	fprintf(out, "Devices (%s):\n", s(pkg, "models_sections", "none"));
	if (!alen(models))
		fprintf(out, "  (none for amd64)\n");
	for (i = 0; i < alen(models); i++) {
		json_object *m = at(models, i);

		fprintf(out, "  %s\n    %s -> [%s]\n", s(m, "desc", ""),
			show_list(get(m, "ids"), buf, sizeof(buf)), s(m, "install", ""));
	}
	for (i = 0; i < alen(installs); i++) {
		json_object *ins = at(installs, i), *regs = get(ins, "registry");

		fprintf(out, "Install section [%s]%s\n", s(ins, "section", s(ins, "name", "?")),
			jx_has(ins, "section") ? "" : " (missing)");
		fprintf(out, "  driver %s, service %s%s\n", s(ins, "sys", "(none)"),
			s(ins, "service", "(none)"), jx_bool(ins, "kmdf") ? ", KMDF" : "");
		if (alen(regs)) {
			fprintf(out, "  registry:\n");
			for (k = 0; k < alen(regs); k++)
				show_value(out, at(regs, k));
		}
		if (alen(get(ins, "params"))) {
			fprintf(out, "  parameters:\n");
			for (k = 0; k < alen(get(ins, "params")); k++)
				show_param(out, at(get(ins, "params"), k), "    ");
		}
	}
	fprintf(out, "Files needed:");
	for (i = 0; i < alen(needed); i++) {
		json_object *f = at(needed, i);

		fprintf(out, "%s %s (%s)", i ? "," : "", s(f, "name", ""), s(f, "role", ""));
	}
	fprintf(out, "%s\n", alen(needed) ? "" : " none");
	if (alen(missing))
		fprintf(out, "Missing: %s\n", show_list(missing, buf, sizeof(buf)));
	if (alen(get(pkg, "includes_missing")))
		fprintf(out, "Included .inf files not supplied: %s\n",
			show_list(get(pkg, "includes_missing"), buf, sizeof(buf)));
	show_warnings(out, get(pkg, "warnings"));
	if (jx_bool(pkg, "supported") && !alen(missing))
		fprintf(out, "Verdict: ndisload can install this package.\n");
	else if (jx_bool(pkg, "supported"))
		fprintf(out, "Verdict: files are missing; put them next to the .inf or name them on the command line.\n");
	else
		fprintf(out, "Verdict: ndisload cannot run this package: %s.\n  %s\n",
			s(pkg, "unsupported", "?"), s(pkg, "hint", ""));
}

void show_driver(FILE *out, json_object *d, int verbose)
{
	char buf[2048];
	json_object *check = get(d, "check");

	fprintf(out, "%-16s %-10s %-12s %s\n", s(d, "name", "?"),
		s(d, "version", "-"), jx_bool(d, "loaded") ? "loaded" :
		alen(get(d, "bound")) ? "bound" : "installed", s(d, "provider", ""));
	if (!verbose)
		return;
	fprintf(out, "  inf:      %s (class %s, %s)\n", s(d, "inf", "?"),
		s(d, "class", "?"), s(d, "driver_date", "no date"));
	fprintf(out, "  devices:  %s\n", show_list(get(d, "device_ids"), buf, sizeof(buf)));
	fprintf(out, "  bound to: %s\n", alen(get(d, "bound")) ?
		show_list(get(d, "bound"), buf, sizeof(buf)) : "(nothing)");
	if (check)
		fprintf(out, "  check:    %s\n", s(check, "verdict", "?"));
}

void show_device(FILE *out, json_object *dev)
{
	char buf[1024];
	json_object *m = get(dev, "matches");

	fprintf(out, "%-13s %-4s %s:%s  %-10s %-10s %s\n", s(dev, "id", "?"),
		s(dev, "bus", "?"), s(dev, "vendor", "?"), s(dev, "device", "?"),
		s(dev, "linux_driver", "-"), s(dev, "bound", "-"),
		alen(m) ? show_list(m, buf, sizeof(buf)) : "-");
}
