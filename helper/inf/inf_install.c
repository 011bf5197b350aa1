// SPDX-License-Identifier: GPL-2.0-only
/*
 * Install sections: the section a model line names, decorated for amd64
 * (X.NTamd64, else X.NT, else X), and what it does — CopyFiles (with
 * [SourceDisksFiles], [SourceDisksNames] and [DestinationDirs] telling
 * where each file comes from and goes), AddReg/DelReg, Include/Needs
 * (sections of other .inf files of the package), the service and its
 * binary (X.Services), the device's hardware key (X.HW: its AddReg and
 * DelReg; MSI settings live there) and whether it is a KMDF driver (X.Wdf).
 */
#include <stdio.h>
#include <string.h>

#include "inf/inf.h"
#include "lib/strutil.h"

#define MAX_NEEDS_DEPTH 8

const struct inf_section *inf_decorated(const struct inf_file *f,
					const char *name, const char **used)
{
	static const char *const decos[] = { ".NTamd64", ".NT", "" };
	char buf[512];
	size_t i;

	for (i = 0; i < sizeof(decos) / sizeof(decos[0]); i++) {
		const struct inf_section *s;

		snprintf(buf, sizeof(buf), "%s%s", name, decos[i]);
		s = inf_section(f, buf);
		if (s) {
			if (used)
				*used = s->name;
			return s;
		}
	}
	return NULL;
}

static enum inf_file_role role_of(const char *name)
{
	static const char *const windows_only[] = {
		".dll", ".exe", ".cpl", ".hlp", ".chm", ".ocx", ".msi",
		".inf", ".cat", ".pnf", ".ico", ".sys.mui", ".mui",
	};
	size_t i;

	if (str_iends(name, ".sys"))
		return FILE_SYS;
	for (i = 0; i < sizeof(windows_only) / sizeof(windows_only[0]); i++)
		if (str_iends(name, windows_only[i]))
			return FILE_WINDOWS;
	return FILE_DATA;
}

/* "disk path\subdir" of a source file, '/'-separated, "" when none. */
static const char *source_subdir(struct inf_driver *d, const struct inf_file *f,
				 const char *src)
{
	const char *secs[] = { "SourceDisksFiles.amd64", "SourceDisksFiles" };
	const struct inf_line *l = NULL;
	const char *disk_path = "", *sub = "";
	char *out, *p;
	size_t i;

	for (i = 0; i < 2 && !l; i++)
		l = inf_key(inf_section(f, secs[i]), src);
	if (!l)
		return NULL;
	if (l->nfields > 1)
		sub = l->fields[1];
	if (l->nfields > 0 && *l->fields[0]) {
		const char *dsecs[] = { "SourceDisksNames.amd64", "SourceDisksNames" };
		const struct inf_line *dl = NULL;

		for (i = 0; i < 2 && !dl; i++)
			dl = inf_key(inf_section(f, dsecs[i]), l->fields[0]);
		if (dl && dl->nfields > 3)
			disk_path = dl->fields[3];
	}
	out = arena_printf(d->arena, "%s/%s", disk_path, sub);
	for (p = out; *p; p++)
		if (*p == '\\')
			*p = '/';
	/* Drop leading, trailing and doubled separators. */
	{
		char *w = out, *r = out;

		while (*r) {
			if (*r == '/' && (w == out || w[-1] == '/')) {
				r++;
				continue;
			}
			*w++ = *r++;
		}
		if (w > out && w[-1] == '/')
			w--;
		*w = '\0';
	}
	return out;
}

static int dest_dirid(const struct inf_file *f, const char *copy_section)
{
	const char *v = inf_value(f, "DestinationDirs", copy_section);
	uint64_t n;

	if (!v)
		v = inf_value(f, "DestinationDirs", "DefaultDestDir");
	if (v && str_to_u64(v, 0x7fffffff, &n))
		return (int)n;
	return -1;
}

static void add_file(struct inf_driver *d, struct inf_install *ins,
		     const struct inf_file *f, const char *dest, const char *src,
		     const char *copy_section, int line)
{
	struct inf_fileref *r;
	size_t i;

	if (!src || !*src)
		src = dest;
	if (!name_is_safe_file(src) || !name_is_safe_file(dest)) {
		inf_warn(&d->warnings, f->name, line,
			 "file name \"%.80s\" is not a plain file name; ignored", src);
		return;
	}
	for (i = 0; i < ins->nfiles; i++)
		if (str_ieq(ins->files[i].name, src))
			return;
	r = ARENA_PUSH(d->arena, ins->files, ins->nfiles, ins->files_cap);
	r->name = src;
	r->dest = dest;
	r->role = role_of(dest);
	r->dirid = copy_section ? dest_dirid(f, copy_section) : dest_dirid(f, "");
	r->subdir = source_subdir(d, f, src);
	r->file = f->name;
	r->line = line;
	if (!r->subdir) {
		r->subdir = "";
		inf_warn(&d->warnings, f->name, line,
			 "%s is not listed in [SourceDisksFiles]; looking for it next to the .inf",
			 src);
	}
}

static void copy_files(struct inf_driver *d, struct inf_install *ins,
		       const struct inf_file *f, const char *what, int line)
{
	const struct inf_section *cs;
	size_t i;

	if (!*what)
		return;
	if (what[0] == '@') {
		add_file(d, ins, f, what + 1, NULL, NULL, line);
		return;
	}
	cs = inf_section(f, what);
	if (!cs) {
		inf_warn(&d->warnings, f->name, line,
			 "CopyFiles names [%s], which does not exist", what);
		return;
	}
	for (i = 0; i < cs->nlines; i++) {
		const struct inf_line *l = &cs->lines[i];
		/* "dest[,source[,temp[,flags]]]"; a key would be odd but harmless */
		const char *dest = l->key ? l->key : l->fields[0];
		const char *src = l->key ? l->fields[0] : (l->nfields > 1 ? l->fields[1] : NULL);

		if (*dest)
			add_file(d, ins, f, dest, src, cs->name, l->lineno);
	}
}

static void directives(struct inf_driver *d, struct inf_install *ins,
		       const struct inf_file *f, const struct inf_section *sec,
		       int depth);

static void needs(struct inf_driver *d, struct inf_install *ins,
		  const struct inf_file *f, const struct inf_section *sec,
		  const struct inf_line *needs_line, int depth)
{
	const struct inf_line *inc = inf_key(sec, "Include");
	size_t i, j;

	for (i = 0; i < needs_line->nfields; i++) {
		const char *want = needs_line->fields[i];
		bool found = false;

		if (!*want)
			continue;
		for (j = 0; inc && j < inc->nfields && !found; j++) {
			const struct inf_file *inf;
			const struct inf_section *s;

			if (!*inc->fields[j])
				continue;
			inf = inf_include(d, inc->fields[j], f->name, inc->lineno);
			if (!inf) {
				found = true;	/* already reported as missing */
				continue;
			}
			s = inf_section(inf, want);
			if (s) {
				directives(d, ins, inf, s, depth + 1);
				found = true;
			}
		}
		if (!found) {
			const struct inf_section *s = inf_section(f, want);

			if (s && s != sec)
				directives(d, ins, f, s, depth + 1);
			else
				inf_warn(&d->warnings, f->name, needs_line->lineno,
					 "Needs names [%s], found in no supplied .inf; skipped",
					 want);
		}
	}
}

static void directives(struct inf_driver *d, struct inf_install *ins,
		       const struct inf_file *f, const struct inf_section *sec,
		       int depth)
{
	size_t i, k;

	if (depth > MAX_NEEDS_DEPTH) {
		inf_warn(&d->warnings, f->name, sec->lineno,
			 "Needs= nested deeper than %d sections; stopped", MAX_NEEDS_DEPTH);
		return;
	}
	for (i = 0; i < sec->nlines; i++) {
		const struct inf_line *l = &sec->lines[i];
		uint64_t v;

		if (!l->key)
			continue;
		if (str_ieq(l->key, "CopyFiles")) {
			for (k = 0; k < l->nfields; k++)
				copy_files(d, ins, f, l->fields[k], l->lineno);
		} else if (str_ieq(l->key, "AddReg") || str_ieq(l->key, "DelReg")) {
			for (k = 0; k < l->nfields; k++)
				if (*l->fields[k])
					inf_apply_reg_section(d, ins, f, l->fields[k],
							      str_ieq(l->key, "DelReg"),
							      l->lineno);
		} else if (str_ieq(l->key, "Needs")) {
			needs(d, ins, f, sec, l, depth);
		} else if (str_ieq(l->key, "Include")) {
			for (k = 0; k < l->nfields; k++)
				if (*l->fields[k])
					inf_include(d, l->fields[k], f->name, l->lineno);
		} else if (depth == 0 && str_ieq(l->key, "Characteristics")) {
			if (str_to_u64(l->fields[0], 0xffffffff, &v))
				ins->characteristics = (uint32_t)v;
		} else if (depth == 0 && str_ieq(l->key, "BusType")) {
			if (str_to_u64(l->fields[0], 0x7fffffff, &v))
				ins->bus_type = (int)v;
		}
	}
}

static void services(struct inf_driver *d, struct inf_install *ins,
		     const struct inf_file *f)
{
	char name[600];
	const struct inf_section *s;
	const struct inf_line *chosen = NULL;
	size_t i;

	snprintf(name, sizeof(name), "%s.Services", ins->section);
	s = inf_section(f, name);
	if (!s)
		return;
	for (i = 0; i < s->nlines; i++) {
		const struct inf_line *l = &s->lines[i];
		uint64_t flags = 0;

		if (!l->key || !str_ieq(l->key, "AddService") || l->nfields < 3)
			continue;
		str_to_u64(l->fields[1], 0xffffffff, &flags);
		if (!chosen || (flags & 0x2))	/* SPSVCINST_ASSOCSERVICE */
			chosen = l;
		if (flags & 0x2)
			break;
	}
	if (!chosen)
		return;
	ins->service = chosen->fields[0];
	{
		const char *bin = inf_value(f, chosen->fields[2], "ServiceBinary");

		if (bin && *bin)
			ins->sys = path_basename_any(bin);
		else
			inf_warn(&d->warnings, f->name, chosen->lineno,
				 "service section [%s] has no ServiceBinary",
				 chosen->fields[2]);
	}
}

/* [<section>.HW]: AddReg/DelReg apply to the hardware key, not HKR's usual. */
static void hw_section(struct inf_driver *d, struct inf_install *ins,
		       const struct inf_file *f)
{
	struct inf_install hw;
	const struct inf_section *s;
	char name[600];
	size_t i, k;

	snprintf(name, sizeof(name), "%s.HW", ins->section);
	s = inf_section(f, name);
	if (!s)
		return;
	memset(&hw, 0, sizeof(hw));
	for (i = 0; i < s->nlines; i++) {
		const struct inf_line *l = &s->lines[i];
		bool del;

		if (!l->key)
			continue;
		del = str_ieq(l->key, "DelReg");
		if (!del && !str_ieq(l->key, "AddReg"))
			continue;
		for (k = 0; k < l->nfields; k++)
			if (*l->fields[k])
				inf_apply_reg_section(d, &hw, f, l->fields[k], del,
						      l->lineno);
	}
	ins->hw_regs = hw.regs;
	ins->nhw_regs = hw.nregs;
}

void inf_read_install(struct inf_driver *d, struct inf_install *ins)
{
	const struct inf_file *f = d->files[0];
	const struct inf_section *sec = inf_decorated(f, ins->name, &ins->section);
	char wdf[600];
	size_t i;

	if (!sec) {
		inf_warn(&d->warnings, f->name, 0,
			 "install section [%s] (or [%s.NTamd64], [%s.NT]) does not exist",
			 ins->name, ins->name, ins->name);
		return;
	}
	directives(d, ins, f, sec, 0);
	services(d, ins, f);
	hw_section(d, ins, f);
	snprintf(wdf, sizeof(wdf), "%s.Wdf", ins->section);
	ins->kmdf = inf_key(inf_section(f, wdf), "KmdfService") != NULL;
	/* Without a service binary, the one .sys the section copies is it. */
	if (!ins->sys)
		for (i = 0; i < ins->nfiles; i++)
			if (ins->files[i].role == FILE_SYS) {
				ins->sys = ins->files[i].dest;
				break;
			}
}
