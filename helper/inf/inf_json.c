// SPDX-License-Identifier: GPL-2.0-only
/* The parsed .inf package as JSON (see inf_json.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inf/inf_json.h"
#include "lib/jsonx.h"
#include "store/params.h"

static json_object *hex(const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char *buf = malloc(n * 2 + 1);
	json_object *o;
	size_t i;

	if (!buf)
		return NULL;
	for (i = 0; i < n; i++) {
		buf[2 * i] = digits[p[i] >> 4];
		buf[2 * i + 1] = digits[p[i] & 15];
	}
	buf[2 * n] = '\0';
	o = json_object_new_string(buf);
	free(buf);
	return o;
}

json_object *inf_regval_json(const struct inf_regval *r)
{
	json_object *o = json_object_new_object(), *v = NULL;
	size_t off;

	if (r->subkey && *r->subkey)
		jx_add_str(o, "subkey", r->subkey);
	jx_add_str(o, "name", r->name);
	jx_add_str(o, "type", inf_regtype_name(r->type));
	switch (r->type) {
	case REGT_SZ:
	case REGT_EXPAND_SZ:
		v = json_object_new_string(r->str);
		break;
	case REGT_MULTI_SZ:
		v = json_object_new_array();
		for (off = 0; off < r->len; off += strlen(r->str + off) + 1)
			json_object_array_add(v, json_object_new_string(r->str + off));
		break;
	case REGT_DWORD:
	case REGT_QWORD:
		v = json_object_new_int64((int64_t)r->num);
		break;
	case REGT_BINARY:
	case REGT_NONE:
		v = hex(r->bin, r->len);
		break;
	}
	json_object_object_add(o, "value", v);
	return o;
}

static const char *role_name(enum inf_file_role r)
{
	return r == FILE_SYS ? "sys" : r == FILE_DATA ? "data" : "windows";
}

static json_object *fileref_json(const struct inf_fileref *f)
{
	json_object *o = json_object_new_object();

	jx_add_str(o, "name", f->name);
	if (f->dest && strcmp(f->dest, f->name))
		jx_add_str(o, "dest", f->dest);
	if (f->subdir && *f->subdir)
		jx_add_str(o, "subdir", f->subdir);
	jx_add_str(o, "role", role_name(f->role));
	return o;
}

json_object *inf_install_json(const struct inf_install *ins)
{
	json_object *o = json_object_new_object(), *a;
	size_t i;

	jx_add_str(o, "name", ins->name);
	jx_add_str_or_null(o, "section", ins->section);
	jx_add_str_or_null(o, "service", ins->service);
	jx_add_str_or_null(o, "sys", ins->sys);
	jx_add_str_or_null(o, "lower_range", ins->lower_range);
	json_object_object_add(o, "characteristics", json_object_new_int64(ins->characteristics));
	json_object_object_add(o, "kmdf", json_object_new_boolean(ins->kmdf));
	a = json_object_new_array();
	for (i = 0; i < ins->nfiles; i++)
		json_object_array_add(a, fileref_json(&ins->files[i]));
	json_object_object_add(o, "files", a);
	a = json_object_new_array();
	for (i = 0; i < ins->nregs; i++)
		json_object_array_add(a, inf_regval_json(&ins->regs[i]));
	json_object_object_add(o, "registry", a);
	a = json_object_new_array();
	for (i = 0; i < ins->nhw_regs; i++)
		json_object_array_add(a, inf_regval_json(&ins->hw_regs[i]));
	json_object_object_add(o, "hw_registry", a);
	a = json_object_new_array();
	for (i = 0; i < ins->nparams; i++)
		json_object_array_add(a, param_json(&ins->params[i]));
	json_object_object_add(o, "params", a);
	return o;
}

json_object *inf_model_json(const struct inf_driver *d, const struct inf_model *m)
{
	json_object *o = json_object_new_object(), *a = json_object_new_array();
	size_t i;

	jx_add_str(o, "desc", m->desc);
	jx_add_str(o, "install", d->installs[m->install].name);
	json_object_object_add(o, "install_index", json_object_new_int64((int64_t)m->install));
	for (i = 0; i < m->nids; i++)
		json_object_array_add(a, json_object_new_string(m->ids[i].text));
	json_object_object_add(o, "ids", a);
	json_object_object_add(o, "line", json_object_new_int(m->line));
	return o;
}

json_object *inf_driver_json(const struct inf_driver *d)
{
	json_object *o = json_object_new_object(), *a;
	size_t i;

	jx_add_str(o, "inf", d->files[0]->name);
	jx_add_str(o, "encoding", d->files[0]->encoding);
	jx_add_str_or_null(o, "strings", d->files[0]->strings_used);
	jx_add_str_or_null(o, "class", d->class_name);
	jx_add_str_or_null(o, "class_guid", d->class_guid);
	jx_add_str_or_null(o, "provider", d->provider);
	jx_add_str_or_null(o, "driver_date", d->driver_date);
	jx_add_str_or_null(o, "version", d->driver_version);
	jx_add_str_or_null(o, "catalog", d->catalog);
	jx_add_str_or_null(o, "models_sections", d->decorations);
	a = json_object_new_array();
	for (i = 0; i < d->nmodels; i++)
		json_object_array_add(a, inf_model_json(d, &d->models[i]));
	json_object_object_add(o, "models", a);
	a = json_object_new_array();
	for (i = 0; i < d->ninstalls; i++)
		json_object_array_add(a, inf_install_json(&d->installs[i]));
	json_object_object_add(o, "installs", a);
	a = json_object_new_array();
	for (i = 0; i < d->nneeded; i++)
		json_object_array_add(a, fileref_json(&d->needed[i]));
	json_object_object_add(o, "needed", a);
	a = json_object_new_array();
	for (i = 0; i < d->nmissing; i++)
		json_object_array_add(a, json_object_new_string(d->missing[i]));
	json_object_object_add(o, "missing", a);
	a = json_object_new_array();
	for (i = 0; i < d->nincludes_missing; i++)
		json_object_array_add(a, json_object_new_string(d->includes_missing[i]));
	json_object_object_add(o, "includes_missing", a);
	a = json_object_new_array();
	for (i = 1; i < d->nfiles; i++)
		json_object_array_add(a, json_object_new_string(d->files[i]->name));
	json_object_object_add(o, "includes", a);
	json_object_object_add(o, "supported", json_object_new_boolean(!d->unsupported));
	json_object_object_add(o, "root_enumerated", json_object_new_boolean(d->root_enumerated));
	jx_add_str_or_null(o, "unsupported", d->unsupported);
	jx_add_str_or_null(o, "hint", d->unsupported_hint);
	a = json_object_new_array();
	for (i = 0; i < d->warnings.count; i++) {
		json_object *w = json_object_new_object();
		const struct inf_warning *iw = &d->warnings.items[i];

		jx_add_str(w, "file", iw->file);
		json_object_object_add(w, "line", json_object_new_int(iw->line));
		jx_add_str(w, "message", iw->msg);
		json_object_array_add(a, w);
	}
	json_object_object_add(o, "warnings", a);
	return o;
}
