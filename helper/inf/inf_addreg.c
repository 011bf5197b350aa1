// SPDX-License-Identifier: GPL-2.0-only
/*
 * AddReg and DelReg sections ("reg-root, subkey, name, flags, value...")
 * applied to one install section's view of the device's registry key (HKR):
 * values under the key itself become the driver's typed registry defaults;
 * Ndi\params\<name> (ParamDesc, default, type, min, max, step, base,
 * optional, LimitText, UpperCase, ReadOnly) and Ndi\params\<name>\enum
 * become the parameter metadata the Advanced settings show. Other roots
 * (HKLM, HKCR, ...) configure Windows itself and are skipped.
 */
#include <string.h>

#include "inf/inf.h"
#include "lib/strutil.h"

#define FLG_BINVALUETYPE	0x00000001
#define FLG_NOCLOBBER		0x00000002
#define FLG_DELVAL		0x00000004
#define FLG_APPEND		0x00000008
#define FLG_KEYONLY		0x00000010
#define FLG_TYPE_MULTI_SZ	0x00010000
#define FLG_TYPE_EXPAND_SZ	0x00020000

const char *inf_regtype_name(enum inf_regtype t)
{
	switch (t) {
	case REGT_SZ: return "sz";
	case REGT_EXPAND_SZ: return "expand_sz";
	case REGT_MULTI_SZ: return "multi_sz";
	case REGT_DWORD: return "dword";
	case REGT_QWORD: return "qword";
	case REGT_BINARY: return "binary";
	case REGT_NONE: return "none";
	}
	return "none";
}

static size_t find_reg(const struct inf_install *ins, const char *subkey,
		       const char *name)
{
	size_t i;

	for (i = 0; i < ins->nregs; i++)
		if (str_ieq(ins->regs[i].subkey, subkey) &&
		    str_ieq(ins->regs[i].name, name))
			return i;
	return (size_t)-1;
}

const struct inf_regval *inf_find_reg(const struct inf_install *ins,
				      const char *subkey, const char *name)
{
	size_t i = find_reg(ins, subkey, name);

	return i == (size_t)-1 ? NULL : &ins->regs[i];
}

static void del_reg(struct inf_install *ins, const char *subkey,
		    const char *name)
{
	size_t i;

	for (i = 0; i < ins->nregs;) {
		bool match = str_ieq(ins->regs[i].subkey, subkey) &&
			     (!name || str_ieq(ins->regs[i].name, name));

		if (match) {
			memmove(&ins->regs[i], &ins->regs[i + 1],
				(ins->nregs - i - 1) * sizeof(ins->regs[0]));
			ins->nregs--;
		} else {
			i++;
		}
	}
}

static struct inf_param *param(struct inf_driver *d, struct inf_install *ins,
			       const char *name, const struct inf_file *f,
			       int line)
{
	struct inf_param *p;
	size_t i;

	for (i = 0; i < ins->nparams; i++)
		if (str_ieq(ins->params[i].name, name))
			return &ins->params[i];
	p = ARENA_PUSH(d->arena, ins->params, ins->nparams, ins->params_cap);
	p->name = name;
	p->file = f->name;
	p->line = line;
	return p;
}

static bool truthy(const char *v)
{
	uint64_t n;

	return v && str_to_u64(v, UINT64_MAX, &n) && n != 0;
}

static void param_meta(struct inf_driver *d, struct inf_install *ins,
		       const struct inf_file *f, const struct inf_line *l,
		       const char *pname, const char *key, const char *val,
		       bool del)
{
	struct inf_param *p;

	if (!*pname)
		return;
	p = param(d, ins, pname, f, l->lineno);
	if (del) {
		if (!*key) {	/* the whole parameter */
			size_t i = (size_t)(p - ins->params);

			memmove(p, p + 1, (ins->nparams - i - 1) * sizeof(*p));
			ins->nparams--;
		}
		return;
	}
	if (str_ieq(key, "ParamDesc")) {
		p->desc = val;
	} else if (str_ieq(key, "default")) {
		p->def = val;
	} else if (str_ieq(key, "type")) {
		char *t = arena_strdup(d->arena, val);

		str_lower(t);
		p->type = t;
	} else if (str_ieq(key, "min")) {
		p->min = val;
	} else if (str_ieq(key, "max")) {
		p->max = val;
	} else if (str_ieq(key, "step")) {
		p->step = val;
	} else if (str_ieq(key, "base")) {
		p->base = val;
	} else if (str_ieq(key, "LimitText")) {
		p->limit_text = val;
	} else if (str_ieq(key, "optional")) {
		p->optional = truthy(val);
	} else if (str_ieq(key, "ReadOnly")) {
		p->read_only = truthy(val);
	} else if (str_ieq(key, "UpperCase")) {
		p->upper_case = truthy(val);
	}
}

static void param_enum(struct inf_driver *d, struct inf_install *ins,
		       const struct inf_file *f, const struct inf_line *l,
		       const char *pname, const char *value, const char *desc,
		       bool del)
{
	struct inf_param *p = param(d, ins, pname, f, l->lineno);
	size_t i;

	for (i = 0; i < p->nenums; i++)
		if (str_ieq(p->enums[i].value, value)) {
			if (del) {
				memmove(&p->enums[i], &p->enums[i + 1],
					(p->nenums - i - 1) * sizeof(p->enums[0]));
				p->nenums--;
			} else {
				p->enums[i].desc = desc;
			}
			return;
		}
	if (!del && *value) {
		struct inf_enum *e = ARENA_PUSH(d->arena, p->enums, p->nenums,
						p->enums_cap);

		e->value = value;
		e->desc = desc;
	}
}

static bool hexbyte(const char *s, uint8_t *out)
{
	uint64_t v;
	char buf[8];

	if (str_istarts(s, "0x"))
		return str_to_u64(s, 0xff, &v) && (*out = (uint8_t)v, true);
	if (strlen(s) > 2)
		return false;
	buf[0] = '0';
	buf[1] = 'x';
	str_copy(buf + 2, sizeof(buf) - 2, s);
	if (!str_to_u64(buf, 0xff, &v))
		return false;
	*out = (uint8_t)v;
	return true;
}

/* Fills r's type and data from flags and fields[4..]; false if malformed. */
static bool reg_value(struct inf_driver *d, const struct inf_file *f,
		      const struct inf_line *l, uint64_t flags,
		      struct inf_regval *r)
{
	size_t nv = l->nfields > 4 ? l->nfields - 4 : 0;
	char **v = l->fields + 4;
	size_t i;

	if (flags & FLG_BINVALUETYPE) {
		unsigned type = (unsigned)(flags >> 16);
		uint8_t *bytes = arena_alloc(d->arena, nv + 1);

		for (i = 0; i < nv; i++)
			if (!hexbyte(v[i], &bytes[i]))
				break;
		if ((type == 1 || type == 11) && nv == 1) {	/* DWORD/QWORD */
			if (!str_to_u64(v[0], type == 1 ? 0xffffffffu : UINT64_MAX,
					&r->num)) {
				inf_warn(&d->warnings, f->name, l->lineno,
					 "\"%.40s\" is not a number", v[0]);
				return false;
			}
			r->type = type == 1 ? REGT_DWORD : REGT_QWORD;
			return true;
		}
		if (i < nv) {
			inf_warn(&d->warnings, f->name, l->lineno,
				 "\"%.40s\" is not a hex byte", v[i]);
			return false;
		}
		if (type == 1 || type == 11) {	/* given as bytes, little-endian */
			r->type = type == 1 ? REGT_DWORD : REGT_QWORD;
			for (i = 0; i < nv && i < (type == 1 ? 4u : 8u); i++)
				r->num |= (uint64_t)bytes[i] << (8 * i);
			return true;
		}
		r->type = type == 2 ? REGT_NONE : REGT_BINARY;
		r->bin = bytes;
		r->len = nv;
		return true;
	}
	if (flags & FLG_TYPE_MULTI_SZ) {
		size_t len = 0;
		char *buf, *p;

		for (i = 0; i < nv; i++)
			len += strlen(v[i]) + 1;
		p = buf = arena_alloc(d->arena, len + 1);
		for (i = 0; i < nv; i++) {
			size_t n = strlen(v[i]);

			memcpy(p, v[i], n);
			p += n + 1;
		}
		r->type = REGT_MULTI_SZ;
		r->str = buf;
		r->len = len;
		return true;
	}
	r->type = (flags & FLG_TYPE_EXPAND_SZ) ? REGT_EXPAND_SZ : REGT_SZ;
	r->str = nv ? v[0] : "";
	if (nv > 1)	/* an unquoted comma in a string value */
		inf_warn(&d->warnings, f->name, l->lineno,
			 "string value has %zu parts; only the first is used (quote values that contain commas)",
			 nv);
	return true;
}

static void set_reg(struct inf_driver *d, struct inf_install *ins,
		    const struct inf_file *f, const struct inf_line *l,
		    const char *subkey, const char *name, uint64_t flags)
{
	struct inf_regval r;
	size_t i = find_reg(ins, subkey, name);

	if ((flags & FLG_NOCLOBBER) && i != (size_t)-1)
		return;
	memset(&r, 0, sizeof(r));
	r.subkey = subkey;
	r.name = name;
	r.file = f->name;
	r.line = l->lineno;
	if (!reg_value(d, f, l, flags, &r))
		return;
	if ((flags & FLG_APPEND) && r.type == REGT_MULTI_SZ && i != (size_t)-1 &&
	    ins->regs[i].type == REGT_MULTI_SZ) {
		struct inf_regval *old = &ins->regs[i];
		char *buf = arena_alloc(d->arena, old->len + r.len + 1);

		memcpy(buf, old->str, old->len);
		memcpy(buf + old->len, r.str, r.len);
		old->str = buf;
		old->len += r.len;
		return;
	}
	if (i != (size_t)-1)
		ins->regs[i] = r;
	else
		*ARENA_PUSH(d->arena, ins->regs, ins->nregs, ins->regs_cap) = r;
}

void inf_apply_reg_section(struct inf_driver *d, struct inf_install *ins,
			   const struct inf_file *f, const char *section,
			   bool del, int ref_line)
{
	const struct inf_section *sec = inf_section(f, section);
	size_t i;

	if (!sec) {
		inf_warn(&d->warnings, f->name, ref_line,
			 "%s names [%s], which does not exist",
			 del ? "DelReg" : "AddReg", section);
		return;
	}
	for (i = 0; i < sec->nlines; i++) {
		const struct inf_line *l = &sec->lines[i];
		const char *subkey = l->nfields > 1 ? l->fields[1] : "";
		const char *name = l->nfields > 2 ? l->fields[2] : NULL;
		const char *val = l->nfields > 4 ? l->fields[4] : "";
		uint64_t flags = 0;
		bool delete = del;

		if (l->key) {
			inf_warn(&d->warnings, f->name, l->lineno,
				 "registry line with '=' in [%s]; ignored", sec->name);
			continue;
		}
		if (!str_ieq(l->fields[0], "HKR"))
			continue;
		if (!del && l->nfields > 3 && *l->fields[3] &&
		    !str_to_u64(l->fields[3], 0xffffffffu, &flags)) {
			inf_warn(&d->warnings, f->name, l->lineno,
				 "registry flags \"%.40s\" are not a number; line ignored",
				 l->fields[3]);
			continue;
		}
		if (flags & FLG_KEYONLY)
			continue;
		if (flags & FLG_DELVAL)
			delete = true;
		if (str_istarts(subkey, "Ndi\\params\\")) {
			const char *rest = subkey + strlen("Ndi\\params\\");
			const char *bs = strchr(rest, '\\');

			if (!bs) {
				param_meta(d, ins, f, l, rest, name ? name : "", val,
					   delete);
			} else if (str_ieq(bs, "\\enum") && name) {
				param_enum(d, ins, f, l,
					   arena_strndup(d->arena, rest, (size_t)(bs - rest)),
					   name, val, delete);
			}
			continue;
		}
		if (str_ieq(subkey, "Ndi\\Interfaces") && name &&
		    str_ieq(name, "LowerRange") && !delete)
			ins->lower_range = val;
		if (delete) {
			del_reg(ins, subkey, name && *name ? name : NULL);
			continue;
		}
		if (!name || !*name)
			continue;	/* a key's default value: nothing reads it */
		set_reg(d, ins, f, l, subkey, name, flags);
	}
}
