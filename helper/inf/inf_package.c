// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver package as a whole: the main .inf with the .inf files it
 * includes, the models that apply on amd64 and name PCI or USB devices (or,
 * in a package that names none, its root-enumerated models), the files
 * those need (and which of them the package lacks), and a clear
 * reason when ndisload cannot run the package at all.
 */
#include <stdio.h>
#include <string.h>

#include "inf/inf.h"
#include "lib/strutil.h"

#define NET_CLASS_GUID "{4d36e972-e325-11ce-bfc1-08002be10318}"

static const struct inf_pkg_file *pkg_find(const struct inf_driver *d,
					   const char *name)
{
	size_t i;

	for (i = 0; i < d->npkg; i++)
		if (str_ieq(path_basename_any(d->pkg[i].name), path_basename_any(name)))
			return &d->pkg[i];
	return NULL;
}

static void note_unique(struct inf_driver *d, const char ***list, size_t *n,
			size_t *cap, const char *name)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (str_ieq((*list)[i], name))
			return;
	*ARENA_PUSH(d->arena, *list, *n, *cap) = name;
}

const struct inf_file *inf_include(struct inf_driver *d, const char *name,
				   const char *from, int line)
{
	const struct inf_pkg_file *pf;
	struct inf_file *f;
	struct ndl_err err;
	size_t i;

	for (i = 0; i < d->nfiles; i++)
		if (str_ieq(path_basename_any(d->files[i]->name), path_basename_any(name)))
			return d->files[i];
	for (i = 0; i < d->nincludes_missing; i++)
		if (str_ieq(d->includes_missing[i], name))
			return NULL;
	pf = pkg_find(d, name);
	if (!pf || !pf->data) {
		inf_warn(&d->warnings, from, line,
			 "Include names %s, which is not in the package (a Windows system .inf?); its sections are skipped",
			 name);
		note_unique(d, &d->includes_missing, &d->nincludes_missing,
			    &d->includes_missing_cap, name);
		return NULL;
	}
	f = arena_alloc(d->arena, sizeof(*f));
	if (inf_lex(d->arena, &d->warnings, pf->name, pf->data, pf->len, f, &err)) {
		inf_warn(&d->warnings, from, line, "included %s cannot be read: %s",
			 name, err.msg);
		note_unique(d, &d->includes_missing, &d->nincludes_missing,
			    &d->includes_missing_cap, name);
		return NULL;
	}
	inf_subst_all(f, d->locale);
	*ARENA_PUSH(d->arena, d->files, d->nfiles, d->files_cap) = f;
	return f;
}

static bool model_on_bus(const struct inf_model *m)
{
	size_t i;

	for (i = 0; i < m->nids; i++)
		if (m->ids[i].bus != HWID_OTHER)
			return true;
	return false;
}

static bool model_root_enumerated(const struct inf_model *m)
{
	size_t i;

	for (i = 0; i < m->nids; i++)
		if (hwid_root_enumerated(&m->ids[i]))
			return true;
	return false;
}

/*
 * The models ndisload serves: those naming PCI or USB devices; in a
 * package with none, the root-enumerated ones (a virtual adapter driver:
 * a package for a card that also lists a ROOT\ ID keeps to the card).
 */
static void mark_used(struct inf_driver *d, bool *used)
{
	size_t i;

	for (i = 0; i < d->nmodels; i++)
		if (model_on_bus(&d->models[i]))
			used[d->models[i].install] = true;
	for (i = 0; i < d->ninstalls; i++)
		if (used[i])
			return;
	for (i = 0; i < d->nmodels; i++)
		if (model_root_enumerated(&d->models[i])) {
			used[d->models[i].install] = true;
			d->root_enumerated = true;
		}
}

static void need_file(struct inf_driver *d, const struct inf_fileref *r)
{
	size_t i;

	for (i = 0; i < d->nneeded; i++)
		if (str_ieq(d->needed[i].name, r->name))
			return;
	*ARENA_PUSH(d->arena, d->needed, d->nneeded, d->needed_cap) = *r;
}

static void collect_needed(struct inf_driver *d, const bool *used)
{
	size_t i, k;

	for (i = 0; i < d->ninstalls; i++) {
		const struct inf_install *ins = &d->installs[i];
		bool have_sys = false;

		if (!used[i])
			continue;
		for (k = 0; k < ins->nfiles; k++) {
			if (ins->files[k].role == FILE_WINDOWS)
				continue;
			need_file(d, &ins->files[k]);
			if (ins->sys && (str_ieq(ins->files[k].dest, ins->sys) ||
					 str_ieq(ins->files[k].name, ins->sys)))
				have_sys = true;
		}
		if (ins->sys && !have_sys) {
			struct inf_fileref r = {
				.name = ins->sys, .dest = ins->sys, .subdir = "",
				.role = FILE_SYS, .dirid = 12, .file = d->files[0]->name,
			};

			need_file(d, &r);
		}
	}
	for (i = 0; i < d->nneeded; i++)
		if (!pkg_find(d, d->needed[i].name))
			note_unique(d, &d->missing, &d->nmissing, &d->missing_cap,
				    d->needed[i].name);
}

/* Describes the buses of the IDs no model could use, for the refusal. */
static const char *other_buses(struct inf_driver *d)
{
	char buf[512] = "";
	size_t i, k;

	for (i = 0; i < d->nmodels; i++)
		for (k = 0; k < d->models[i].nids; k++) {
			char bus[128], item[160];

			hwid_bus_name(&d->models[i].ids[k], bus, sizeof(bus));
			if (!bus[0])
				str_copy(bus, sizeof(bus), "no bus");
			snprintf(item, sizeof(item), "%s%s", buf[0] ? ", " : "", bus);
			if (!strstr(buf, bus) && strlen(buf) + strlen(item) + 1 < sizeof(buf))
				strcat(buf, item);
		}
	return arena_strdup(d->arena, buf[0] ? buf : "none");
}

static void verdict(struct inf_driver *d, const bool *used)
{
	size_t i, nused = 0, nkmdf = 0, nsys = 0, nvirtual = 0;

	for (i = 0; i < d->ninstalls; i++) {
		if (!used[i])
			continue;
		nused++;
		nkmdf += d->installs[i].kmdf;
		nsys += d->installs[i].sys != NULL;
	}
	for (i = 0; i < d->ninstalls; i++)
		nvirtual += (d->installs[i].characteristics & 0x1) != 0;	/* NCF_VIRTUAL */

	if (!d->class_name || (!str_ieq(d->class_name, "Net") &&
			       !(d->class_guid && str_ieq(d->class_guid, NET_CLASS_GUID)))) {
		d->unsupported = arena_printf(d->arena,
			"Class=%s: this package is not a network adapter driver (it is a network filter, protocol, service or another kind of device)",
			d->class_name ? d->class_name : "(none)");
		d->unsupported_hint = "ndisload runs Windows network adapter (miniport) drivers, whose .inf says Class=Net";
	} else if (!d->nmodels) {
		if (d->has_x86_only) {
			d->unsupported = "the package has devices only for other processor architectures (32-bit x86, ia64 or ARM), none for amd64";
			d->unsupported_hint = "ndisload runs 64-bit drivers: get the driver package for 64-bit Windows (x64)";
		} else {
			d->unsupported = "the package names no devices ([Manufacturer] lists no models for amd64)";
			d->unsupported_hint = "check that this is the device's driver .inf";
		}
	} else if (!nused) {
		d->unsupported = arena_printf(d->arena,
			"the package names no PCI, USB or root-enumerated device (its devices are on: %s)%s",
			other_buses(d), nvirtual ? "; it installs a virtual adapter" : "");
		d->unsupported_hint = "ndisload binds PCI and USB network cards and adds root-enumerated (ROOT\\ or *) virtual adapters; SDIO and other buses are not supported";
	} else if (nkmdf == nused) {
		d->unsupported = "the driver is built on the Windows Driver Framework (KMDF: NetAdapterCx or WiFiCx), which ndisload does not emulate";
		d->unsupported_hint = "look for an NDIS miniport driver for this card (packages for Windows 7 or 8 usually are)";
	} else if (!nsys) {
		d->unsupported = "the package names no driver binary (.sys) for its devices";
		d->unsupported_hint = "check that this is the device's driver .inf";
	}
}

struct inf_driver *inf_parse_package(const struct inf_pkg_file *files,
				     size_t nfiles, size_t main,
				     const struct inf_options *opt,
				     struct ndl_err *err)
{
	struct arena *a = arena_new();
	struct inf_driver *d = arena_alloc(a, sizeof(*d));
	struct inf_file *f;
	bool *used;
	size_t i;

	d->arena = a;
	d->warnings.arena = a;
	d->pkg = files;
	d->npkg = nfiles;
	d->locale = opt && opt->locale ? opt->locale : NULL;
	if (main >= nfiles || !files[main].data) {
		ndl_fail(err, NDL_E_BAD_REQUEST, "no .inf file given");
		goto fail;
	}
	f = arena_alloc(a, sizeof(*f));
	if (inf_lex(a, &d->warnings, files[main].name, files[main].data,
		    files[main].len, f, err))
		goto fail;
	inf_subst_all(f, d->locale);
	*ARENA_PUSH(a, d->files, d->nfiles, d->files_cap) = f;
	if (inf_read_version(d, err))
		goto fail;
	inf_read_models(d);
	for (i = 0; i < d->ninstalls; i++)
		inf_read_install(d, &d->installs[i]);
	used = arena_alloc(a, d->ninstalls + 1);
	mark_used(d, used);
	verdict(d, used);
	collect_needed(d, used);
	return d;
fail:
	arena_free(a);
	return NULL;
}

void inf_driver_free(struct inf_driver *d)
{
	if (d)
		arena_free(d->arena);
}
