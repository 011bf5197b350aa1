// SPDX-License-Identifier: GPL-2.0-only
/*
 * [Version] and [Manufacturer]: what the package is, and which models
 * sections apply on amd64. A manufacturer entry lists target decorations
 * (NTamd64, NTamd64.6.1, NT$ARCH$.10.0...16299, NTx86, ...); like Windows,
 * the most specific one for the architecture wins: highest OS version first,
 * an explicit amd64 over an architecture-neutral one.
 */
#include <stdio.h>
#include <string.h>

#include "inf/inf.h"
#include "lib/strutil.h"

int inf_read_version(struct inf_driver *d, struct ndl_err *err)
{
	const struct inf_file *f = d->files[0];
	const struct inf_section *v = inf_section(f, "Version");
	const char *date;
	const struct inf_line *l;

	if (!v)
		return ndl_fail(err, NDL_E_INVALID,
				"%s: no [Version] section: this is not a Windows driver .inf",
				f->name);
	d->signature = inf_value(f, "Version", "Signature");
	if (!d->signature)
		return ndl_fail(err, NDL_E_INVALID,
				"%s:%d: [Version] has no Signature: this is not a Windows driver .inf",
				f->name, v->lineno);
	if (!str_ieq(d->signature, "$Windows NT$") &&
	    !str_ieq(d->signature, "$Chicago$") &&
	    !str_ieq(d->signature, "$Windows 95$")) {
		l = inf_key(v, "Signature");
		return ndl_fail(err, NDL_E_INVALID,
				"%s:%d: Signature is \"%s\", not \"$Windows NT$\" or \"$Chicago$\"",
				f->name, l->lineno, d->signature);
	}
	d->class_name = inf_value(f, "Version", "Class");
	d->class_guid = inf_value(f, "Version", "ClassGUID");
	d->provider = inf_value(f, "Version", "Provider");
	d->catalog = inf_value(f, "Version", "CatalogFile.NTamd64");
	if (!d->catalog)
		d->catalog = inf_value(f, "Version", "CatalogFile.NT");
	if (!d->catalog)
		d->catalog = inf_value(f, "Version", "CatalogFile");
	l = inf_key(v, "DriverVer");
	if (l && l->nfields && *l->fields[0]) {
		date = l->fields[0];
		d->driver_date = date;
		d->driver_version = l->nfields > 1 ? l->fields[1] : NULL;
	}
	return 0;
}

struct deco {
	char arch[16];
	int major, minor, build;
	bool ok;		/* applies on amd64 */
	bool explicit_arch;
};

static void parse_deco(const char *s, struct deco *dc)
{
	const char *p;
	size_t n;
	int part = 0;

	memset(dc, 0, sizeof(*dc));
	dc->major = dc->minor = dc->build = -1;
	if (!str_istarts(s, "NT"))
		return;
	p = s + 2;
	n = strcspn(p, ".");
	if (n >= sizeof(dc->arch))
		return;
	memcpy(dc->arch, p, n);
	dc->arch[n] = '\0';
	p += n;
	while (*p == '.') {
		int v = -1;

		p++;
		if (*p >= '0' && *p <= '9') {
			v = 0;
			while (*p >= '0' && *p <= '9' && v < 1000000)
				v = v * 10 + (*p++ - '0');
		}
		while (*p && *p != '.')
			p++;
		if (part == 0)
			dc->major = v;
		else if (part == 1)
			dc->minor = v;
		else if (part == 4)
			dc->build = v;
		part++;
	}
	dc->explicit_arch = str_ieq(dc->arch, "amd64");
	dc->ok = !dc->arch[0] || dc->explicit_arch || str_ieq(dc->arch, "$ARCH$");
}

static int deco_cmp(const struct deco *a, const struct deco *b)
{
	if (a->major != b->major)
		return a->major - b->major;
	if (a->minor != b->minor)
		return a->minor - b->minor;
	if (a->build != b->build)
		return a->build - b->build;
	return (int)a->explicit_arch - (int)b->explicit_arch;
}

static size_t install_index(struct inf_driver *d, const char *name)
{
	size_t i;
	struct inf_install *ins;

	for (i = 0; i < d->ninstalls; i++)
		if (str_ieq(d->installs[i].name, name))
			return i;
	ins = ARENA_PUSH(d->arena, d->installs, d->ninstalls, d->installs_cap);
	ins->name = name;
	ins->bus_type = -1;
	return d->ninstalls - 1;
}

static void read_models_section(struct inf_driver *d, const char *secname)
{
	const struct inf_file *f = d->files[0];
	const struct inf_section *sec = inf_section(f, secname);
	size_t i, k;

	if (!sec) {
		inf_warn(&d->warnings, f->name, 0,
			 "[Manufacturer] names the models section [%s], which does not exist",
			 secname);
		return;
	}
	for (i = 0; i < sec->nlines; i++) {
		const struct inf_line *l = &sec->lines[i];
		struct inf_model *m;

		if (l->nfields < 2 || !*l->fields[0]) {
			inf_warn(&d->warnings, f->name, l->lineno,
				 "model line needs \"description = install-section, hardware-id\"; ignored");
			continue;
		}
		m = ARENA_PUSH(d->arena, d->models, d->nmodels, d->models_cap);
		m->desc = l->key ? l->key : "";
		m->models_section = sec->name;
		m->install = install_index(d, l->fields[0]);
		m->file = f->name;
		m->line = l->lineno;
		m->ids = arena_alloc(d->arena, sizeof(*m->ids) * (l->nfields - 1));
		for (k = 1; k < l->nfields; k++) {
			if (!*l->fields[k])
				continue;
			if (!hwid_parse(l->fields[k], &m->ids[m->nids])) {
				inf_warn(&d->warnings, f->name, l->lineno,
					 "\"%.80s\" is not a valid hardware ID; ignored",
					 l->fields[k]);
				continue;
			}
			m->nids++;
		}
	}
}

void inf_read_models(struct inf_driver *d)
{
	const struct inf_file *f = d->files[0];
	const struct inf_section *mf = inf_section(f, "Manufacturer");
	char used[512] = "";
	size_t i, k;

	if (!mf) {
		inf_warn(&d->warnings, f->name, 0, "no [Manufacturer] section: the package names no devices");
		return;
	}
	for (i = 0; i < mf->nlines; i++) {
		const struct inf_line *l = &mf->lines[i];
		const char *models = l->fields[0];
		struct deco best, dc;
		int best_k = -1;
		char name[300];

		if (!*models)
			continue;
		for (k = 1; k < l->nfields; k++) {
			parse_deco(l->fields[k], &dc);
			if (!dc.ok)
				continue;
			if (best_k < 0 || deco_cmp(&dc, &best) > 0) {
				best = dc;
				best_k = (int)k;
			}
		}
		if (best_k > 0) {
			snprintf(name, sizeof(name), "%s.%s", models, l->fields[best_k]);
		} else if (l->nfields > 1) {
			d->has_x86_only = true;
			inf_warn(&d->warnings, f->name, l->lineno,
				 "models [%s] are decorated only for other architectures (%s%s); skipped",
				 models, l->fields[1], l->nfields > 2 ? ", ..." : "");
			continue;
		} else {
			str_copy(name, sizeof(name), models);
			inf_warn(&d->warnings, f->name, l->lineno,
				 "models [%s] carry no NTamd64 decoration (an old or 32-bit package); using them as they are",
				 models);
		}
		if (strlen(used) + strlen(name) + 3 < sizeof(used)) {
			if (used[0])
				strcat(used, ", ");
			strcat(used, name);
		}
		read_models_section(d, name);
	}
	d->decorations = arena_strdup(d->arena, used);
}
