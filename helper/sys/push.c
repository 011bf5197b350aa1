// SPDX-License-Identifier: GPL-2.0-only
/* Pushing drivers, IDs, registry values and files into the module (see push.h). */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/arena.h"
#include "store/compat.h"
#include "store/config.h"
#include "sys/devices.h"
#include "sys/isolated.h"
#include "lib/fsutil.h"
#include "inf/hwid.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "lib/paths.h"
#include "sys/push.h"
#include "sys/virt.h"
#include "store/store.h"
#include "lib/strutil.h"
#ifdef NDL_HAVE_LICENSE
#include "cli/cmd_license.h"
#endif

struct push {
	struct arena *a;
	json_object *manifest, *notes;
	struct ndl_file files[NDL_MAX_FILES];
	size_t nfiles;
	char *file_data[NDL_MAX_FILES];
	const char *sha[NDL_MAX_FILES];
	struct ndl_device_id ids[NDL_MAX_IDS];
	int id_install[NDL_MAX_IDS];
	const char *id_text[NDL_MAX_IDS];
	size_t nids;
	struct ndl_reg_value *regs;
	size_t nregs, regs_cap;
	int hw_reg;		/* module takes NDL_REG_HARDWARE; -1: not asked */
	const char *bound_dev[64];
	const struct ndl_device *bound_scan[64];
	size_t nbound;
};

static void note(struct push *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void note(struct push *p, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_object_array_add(p->notes, json_object_new_string(buf));
}

static json_object *at(json_object *o, const char *key, size_t i)
{
	json_object *a;

	if (!json_object_object_get_ex(o, key, &a) || !json_object_is_type(a, json_type_array) ||
	    i >= json_object_array_length(a))
		return NULL;
	return json_object_array_get_idx(a, i);
}

static size_t len_of(json_object *o, const char *key)
{
	json_object *a;

	return json_object_object_get_ex(o, key, &a) && json_object_is_type(a, json_type_array) ?
	       json_object_array_length(a) : 0;
}

/* A root-enumerated driver gets one NDL_BUS_VIRTUAL ID, whatever it names. */
static int add_virtual_id(struct push *p, const char *text, int install,
			  struct ndl_err *err)
{
	size_t i;

	for (i = 0; i < p->nids; i++)
		if (p->ids[i].bus == NDL_BUS_VIRTUAL)
			return 0;
	if (p->nids >= NDL_MAX_IDS)
		return ndl_fail(err, NDL_E_INVALID, "more than %d device IDs", NDL_MAX_IDS);
	memset(&p->ids[p->nids], 0, sizeof(p->ids[p->nids]));
	p->ids[p->nids].bus = NDL_BUS_VIRTUAL;
	p->id_install[p->nids] = install;
	p->id_text[p->nids] = arena_strdup(p->a, text);
	p->nids++;
	return 0;
}

static int add_id(struct push *p, const char *text, int install, struct ndl_err *err)
{
	struct hwid h;
	struct ndl_device_id *d;
	size_t i;

	for (i = 0; i < p->nids; i++)
		if (!strcmp(p->id_text[i], text))
			return 0;
	if (hwid_parse(text, &h) && hwid_root_enumerated(&h))
		return add_virtual_id(p, h.text, install, err);
	if (!hwid_parse(text, &h) || (h.bus != HWID_PCI && h.bus != HWID_USB) ||
	    !(h.has & HWID_DEV) || (h.has & (HWID_CC | HWID_UCLASS))) {
		note(p, "%s is not a PCI or USB vendor/device ID the module can serve; skipped", text);
		return 0;
	}
	if (p->nids >= NDL_MAX_IDS)
		return ndl_fail(err, NDL_E_INVALID, "more than %d device IDs", NDL_MAX_IDS);
	d = &p->ids[p->nids];
	memset(d, 0, sizeof(*d));
	d->bus = h.bus == HWID_USB ? NDL_BUS_USB : NDL_BUS_PCI;
	d->vendor = h.ven;
	d->device = h.dev;
	if (h.bus == HWID_USB) {
		if (h.has & HWID_REV) {
			d->match |= NDL_MATCH_REV;
			d->bcd_device = h.rev;
		}
		if (h.has & HWID_MI) {
			d->match |= NDL_MATCH_MI;
			d->interface = h.mi;
		}
	} else if (h.has & HWID_SUBSYS) {
		d->match |= NDL_MATCH_SUBSYS;
		d->subvendor = (uint16_t)(h.subsys & 0xffff);
		d->subdevice = (uint16_t)(h.subsys >> 16);
	}
	if (h.bus == HWID_PCI && (h.has & HWID_REV)) {
		d->match |= NDL_MATCH_REV;
		d->revision = (uint8_t)h.rev;
	}
	p->id_install[p->nids] = install;
	p->id_text[p->nids] = arena_strdup(p->a, h.text);
	p->nids++;
	return 0;
}

static int add_reg(struct push *p, const char *name, uint32_t type,
		   const void *data, size_t len, uint32_t id_index,
		   const char *location, uint32_t flags, struct ndl_err *err)
{
	struct ndl_reg_value *r;
	void *copy;

	if (strlen(name) >= NDL_REG_NAME_MAX) {
		note(p, "registry value %.60s...: name too long for the module; skipped", name);
		return 0;
	}
	if (len > NDL_MAX_REG_DATA) {
		note(p, "registry value %s: %zu bytes is more than the module takes; skipped", name, len);
		return 0;
	}
	if (p->nregs >= NDL_MAX_REGS)
		return ndl_fail(err, NDL_E_INVALID, "more than %d registry values", NDL_MAX_REGS);
	r = ARENA_PUSH(p->a, p->regs, p->nregs, p->regs_cap);
	memset(r, 0, sizeof(*r));
	str_copy(r->name, sizeof(r->name), name);
	r->type = type;
	copy = arena_alloc(p->a, len + 1);
	memcpy(copy, data, len);
	r->length = (uint32_t)len;
	r->data = (uint64_t)(uintptr_t)copy;
	r->id_index = id_index;
	/* The module scopes values to PCI locations only: a USB device's
	 * own values apply to every device of the driver.
	 */
	r->flags = flags;
	if (location && kmod_parse_location(location, &r->location))
		r->flags |= NDL_REG_AT_LOCATION;
	else
		memset(&r->location, 0, sizeof(r->location));
	return 0;
}

static int add_string(struct push *p, const char *name, const char *v,
		      uint32_t id_index, const char *loc, struct ndl_err *err)
{
	return add_reg(p, name, NDL_REG_SZ, v, strlen(v) + 1, id_index, loc, 0, err);
}

/* One .inf registry value (manifest form) as the module takes it. */
static int add_inf_value(struct push *p, json_object *r, uint32_t idx,
			 uint32_t flags, struct ndl_err *err)
{
	const char *type = jx_str(r, "type"), *sub = jx_str(r, "subkey");
	json_object *v;
	char name[NDL_REG_NAME_MAX + 64];

	snprintf(name, sizeof(name), "%s%s%s", sub ? sub : "", sub ? "\\" : "",
		 jx_str(r, "name") ? jx_str(r, "name") : "");
	if (sub && str_istarts(sub, "Ndi"))
		return 0;	/* class-installer data, not the driver's */
	json_object_object_get_ex(r, "value", &v);
	if (!type || !v)
		return 0;
	if (!strcmp(type, "sz") || !strcmp(type, "expand_sz"))
		return add_reg(p, name, !strcmp(type, "sz") ? NDL_REG_SZ : NDL_REG_EXPAND_SZ,
			       json_object_get_string(v), strlen(json_object_get_string(v)) + 1,
			       idx, NULL, flags, err);
	if (!strcmp(type, "dword")) {
		uint32_t d = (uint32_t)json_object_get_int64(v);

		return add_reg(p, name, NDL_REG_DWORD, &d, 4, idx, NULL, flags, err);
	}
	if (!strcmp(type, "qword")) {
		uint64_t q = (uint64_t)json_object_get_int64(v);

		return add_reg(p, name, NDL_REG_QWORD, &q, 8, idx, NULL, flags, err);
	}
	if (!strcmp(type, "multi_sz")) {
		char buf[NDL_MAX_REG_DATA + 1];
		size_t i, len = 0;

		for (i = 0; i < json_object_array_length(v); i++) {
			const char *s = json_object_get_string(json_object_array_get_idx(v, i));
			size_t n = strlen(s);

			if (!n)
				continue;	/* the module takes non-empty strings */
			if (len + n + 2 > NDL_MAX_REG_DATA)
				break;
			memcpy(buf + len, s, n + 1);
			len += n + 1;
		}
		buf[len++] = '\0';
		return add_reg(p, name, NDL_REG_MULTI_SZ, buf, len, idx, NULL, flags, err);
	}
	if (!strcmp(type, "binary")) {
		const char *hex = json_object_get_string(v);
		uint8_t bytes[NDL_MAX_REG_DATA];
		size_t i, n = strlen(hex) / 2;

		for (i = 0; i < n && i < sizeof(bytes); i++) {
			unsigned b;

			if (sscanf(hex + 2 * i, "%2x", &b) != 1)
				return 0;
			bytes[i] = (uint8_t)b;
		}
		return add_reg(p, name, NDL_REG_BINARY, bytes, i, idx, NULL, flags, err);
	}
	return 0;
}

/*
 * The device's hardware-key values ([DDInstall.HW], where the MSI settings
 * are), if the loaded module takes them; else the device keeps its line.
 */
static int add_install_hw_regs(struct push *p, json_object *ins, uint32_t idx,
			       struct ndl_err *err)
{
	size_t i, n = len_of(ins, "hw_registry");

	if (!n)
		return 0;
	if (p->hw_reg < 0) {
		struct ndl_version v;
		struct ndl_err e;

		memset(&e, 0, sizeof(e));
		p->hw_reg = !kmod_version(&v, &e) && (v.features & NDL_FEAT_HW_REG);
		ndl_err_clear(&e);
		if (!p->hw_reg)
			note(p, "the loaded module does not take the .inf's hardware-key values (MSISupported): devices keep their interrupt line");
	}
	for (i = 0; i < n && p->hw_reg; i++)
		if (add_inf_value(p, at(ins, "hw_registry", i), idx, NDL_REG_HARDWARE, err))
			return -1;
	return 0;
}

static int add_install_regs(struct push *p, int install, uint32_t idx,
			    struct ndl_err *err)
{
	json_object *ins = at(p->manifest, "installs", (size_t)install);
	size_t i, k;

	if (!ins)
		return 0;
	for (i = 0; i < len_of(ins, "registry"); i++)
		if (add_inf_value(p, at(ins, "registry", i), idx, 0, err))
			return -1;
	if (add_install_hw_regs(p, ins, idx, err))
		return -1;
	/* Parameter defaults where the .inf sets no value itself. */
	for (i = 0; i < len_of(ins, "params"); i++) {
		json_object *prm = at(ins, "params", i);
		const char *name = jx_str(prm, "name"), *def = jx_str(prm, "default");
		bool has = false;

		if (!name || !def)
			continue;
		for (k = 0; k < len_of(ins, "registry"); k++) {
			json_object *r = at(ins, "registry", k);

			if (!jx_str(r, "subkey") && str_ieq(jx_str(r, "name"), name))
				has = true;
		}
		if (!has && add_string(p, name, def, idx, NULL, err))
			return -1;
	}
	return 0;
}

static int add_overrides(struct push *p, const char *name, struct ndl_err *err)
{
	struct conf c;
	size_t i, k;
	int ret = 0;
	char sec[64];

	if (config_params(name, &c, err)) {
		conf_free(&c);
		return -1;
	}
	/* [all]: at every bound device, or for every ID. */
	for (i = 0; i < c.n && !ret; i++) {
		if (!str_ieq(c.e[i].section, CONFIG_ALL))
			continue;
		if (!p->nbound)
			ret = add_string(p, c.e[i].key, c.e[i].value, NDL_REG_ALL_IDS, NULL, err);
		for (k = 0; k < p->nbound && !ret; k++)
			ret = add_string(p, c.e[i].key, c.e[i].value, NDL_REG_ALL_IDS,
					 p->bound_dev[k], err);
	}
	for (k = 0; k < p->nbound && !ret; k++) {
		config_params_section(p->bound_dev[k], sec, sizeof(sec));
		for (i = 0; i < c.n && !ret; i++)
			if (str_ieq(c.e[i].section, sec))
				ret = add_string(p, c.e[i].key, c.e[i].value, NDL_REG_ALL_IDS,
						 p->bound_dev[k], err);
	}
	conf_free(&c);
	return ret;
}

static bool has_virtual_id(const struct push *p)
{
	size_t i;

	for (i = 0; i < p->nids; i++)
		if (p->ids[i].bus == NDL_BUS_VIRTUAL)
			return true;
	return false;
}

/*
 * Each virtual adapter's own MAC (virt.h) as its NetworkAddress, at the
 * instance's location, unless the user set one for all of them.
 */
static int add_virtual_macs(struct push *p, const char *name, struct ndl_err *err)
{
	char mac[13], loc[32];
	const char *mine;
	struct conf c;
	unsigned n;
	int ret = 0;

	if (!has_virtual_id(p))
		return 0;
	if (config_params(name, &c, err)) {
		conf_free(&c);
		return -1;
	}
	mine = conf_get(&c, CONFIG_ALL, "NetworkAddress");
	for (n = 0; !mine && n < NDL_MAX_VIRTUAL && !ret; n++) {
		virt_mac_text(name, n, mac);
		snprintf(loc, sizeof(loc), "%04x:00:00.0", n);
		ret = add_string(p, "NetworkAddress", mac, NDL_REG_ALL_IDS, loc, err);
	}
	conf_free(&c);
	return ret;
}

static int add_files(struct push *p, const char *name, const char *sys,
		     struct ndl_err *err)
{
	size_t i;
	bool have_driver = false;

	for (i = 0; i < len_of(p->manifest, "files"); i++) {
		json_object *f = at(p->manifest, "files", i);
		const char *fname = jx_str(f, "name"), *role = jx_str(f, "role");
		char path[NDL_PATH_MAX], hex[65];
		unsigned char h[crypto_hash_sha256_BYTES];
		struct ndl_file *nf;
		size_t len, k;
		char *data;

		if (!role || (strcmp(role, "sys") && strcmp(role, "data")))
			continue;
		if (p->nfiles >= NDL_MAX_FILES)
			return ndl_fail(err, NDL_E_INVALID, "more than %d files", NDL_MAX_FILES);
		if (!store_file_path(name, fname, path, sizeof(path)) ||
		    fs_read_file(path, NDL_MAX_FILE_SIZE, &data, &len, err))
			return -1;
		crypto_hash_sha256(h, (unsigned char *)data, len);
		for (k = 0; k < sizeof(h); k++)
			snprintf(hex + 2 * k, 3, "%02x", h[k]);
		if (!jx_str(f, "sha256") || strcmp(hex, jx_str(f, "sha256"))) {
			free(data);
			ndl_fail(err, NDL_E_INVALID, "%s changed since it was installed (SHA-256 differs)", path);
			return ndl_hint(err, "reinstall the driver package (ndisload install)");
		}
		nf = &p->files[p->nfiles];
		memset(nf, 0, sizeof(*nf));
		str_copy(nf->name, sizeof(nf->name), fname);
		nf->type = !strcmp(role, "data") ? NDL_FILE_DATA :
			   str_ieq(fname, sys) ? NDL_FILE_DRIVER : NDL_FILE_LIBRARY;
		have_driver |= nf->type == NDL_FILE_DRIVER;
		nf->length = (uint32_t)len;
		nf->data = (uint64_t)(uintptr_t)data;
		p->file_data[p->nfiles] = data;
		p->sha[p->nfiles] = jx_str(f, "sha256");
		p->nfiles++;
	}
	if (!have_driver)
		return ndl_fail(err, NDL_E_INVALID, "the store has no %s for driver %s", sys, name);
	return 0;
}

/* Whether the license lets these files run (vendor-branded builds). */
static int license_check(const struct push *p, struct ndl_err *err)
{
#ifdef NDL_HAVE_LICENSE
	char why[512];

	if (!ndl_license_push_allowed(p->sha, p->nfiles, why, sizeof(why)))
		return ndl_fail(err, NDL_E_LICENSE, "%s", why);
#else
	(void)p;
	(void)err;
#endif
	return 0;
}

int push_check_files(const char *name, const char *sys, struct ndl_err *err)
{
	struct push p;
	int ret;

	memset(&p, 0, sizeof(p));
	p.manifest = store_manifest(name, err);
	if (!p.manifest)
		return -1;
	ret = add_files(&p, name, sys, err) || license_check(&p, err) ? -1 : 0;
	for (size_t i = 0; i < p.nfiles; i++)
		free(p.file_data[i]);
	json_object_put(p.manifest);
	return ret;
}

/* Write text to the sysfs file at path; 0 or -1. */
static int sysfs_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	return (fs_write_all(fd, text, strlen(text)) | close(fd)) ? -1 : 0;
}

/* Every interface of USB device dev lets go of its Linux driver. */
static int usb_unbind_native(const char *dev)
{
	char base[NDL_PATH_MAX], path[NDL_PATH_MAX], drv[64];
	size_t len = strlen(dev);
	struct dirent *de;
	int ret = 0;
	DIR *dd;

	if (!ndl_path(base, sizeof(base), NDL_SYS_DIR "/bus/usb/devices") ||
	    !(dd = opendir(base)))
		return -1;
	while ((de = readdir(dd)) != NULL) {
		/* interfaces are "<device>:<config>.<number>" */
		if (strncmp(de->d_name, dev, len) || de->d_name[len] != ':' ||
		    !fs_join(path, sizeof(path), base, de->d_name))
			continue;
		devices_link_base(path, "driver", drv, sizeof(drv));
		if (!drv[0] || str_istarts(drv, "ndisload"))
			continue;
		if (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/bus/usb/devices/%s/driver/unbind",
			      de->d_name) || sysfs_write(path, de->d_name))
			ret = -1;
	}
	closedir(dd);
	return ret;
}

/* The interface a whole-device binding takes: "<dev>:<config>.0". */
static bool usb_first_intf(const char *dev, char *out, size_t size)
{
	char path[NDL_PATH_MAX], cfg[16];

	if (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/bus/usb/devices/%s/bConfigurationValue", dev) ||
	    !fs_read_line(path, cfg, sizeof(cfg)) || !cfg[0])
		return false;
	return snprintf(out, size, "%s:%s.0", dev, cfg) < (int)size;
}

/* Bound devices: their IDs (and installs); native drivers let go of them. */
static int collect_bound(struct push *p, const char *name, const struct push_opts *opt,
			 const struct ndl_device *devs, size_t ndev, const struct conf *b,
			 struct ndl_err *err)
{
	size_t i;

	for (i = 0; i < b->n && p->nbound < 64; i++) {
		const char *dev = b->e[i].section;
		const struct ndl_device *d;
		struct dev_match m;
		json_object *model;

		if (!str_ieq(b->e[i].key, "driver") || !str_ieq(b->e[i].value, name))
			continue;
		if (str_ieq(conf_get(b, dev, "isolated"), "yes"))
			continue;	/* ndisload-host runs it (isolated.c) */
		d = devices_find(devs, ndev, dev);
		if (!d) {
			note(p, "bound device %s is not present", dev);
			continue;
		}
		device_match(d, p->manifest, &m);
		if (m.rank < 0) {
			note(p, "bound device %s matches none of the driver's IDs", dev);
			continue;
		}
		model = at(p->manifest, "models", (size_t)m.model);
		if (add_id(p, m.id, (int)jx_int(model, "install_index"), err))
			return -1;
		p->bound_dev[p->nbound] = dev;
		p->bound_scan[p->nbound++] = d;
		if (d->linux_driver[0] && !device_owned_by_us(d)) {
			char path[NDL_PATH_MAX];
			int fd;

			if (!opt->unbind_native && !str_ieq(conf_get(b, dev, "unbind_native"), "yes")) {
				note(p, "%s is owned by the Linux driver %s; ndisload leaves it alone (use --unbind-native to take it over)",
				     dev, d->linux_driver);
				continue;
			}
			if (d->hw.bus == HWID_USB ? usb_unbind_native(dev) :
			    (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/bus/pci/devices/%s/driver/unbind", dev) ||
			     (fd = open(path, O_WRONLY | O_CLOEXEC)) < 0 ||
			     (fs_write_all(fd, dev, strlen(dev)) | close(fd)))) {
				note(p, "could not unbind %s from %s", dev, d->linux_driver);
				continue;
			}
			note(p, "unbound %s from the Linux driver %s", dev, d->linux_driver);
		}
	}
	return 0;
}

static bool loaded(const char *name)
{
	struct ndl_driver_info *drv;
	struct ndl_err err;
	size_t n, i;
	bool found = false;

	if (kmod_list_drivers(&drv, &n, &err))
		return false;
	for (i = 0; i < n; i++)
		if (!strncmp(drv[i].name, name, NDL_NAME_MAX))
			found = true;
	free(drv);
	return found;
}

static void bind_after(struct push *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->nbound; i++) {
		char path[NDL_PATH_MAX], drv[NDL_PATH_MAX];

		/* Only those a native driver had: the others bound on their own. */
		if (!p->bound_scan[i]->linux_driver[0] || device_owned_by_us(p->bound_scan[i]))
			continue;
		if (p->bound_scan[i]->hw.bus == HWID_USB) {
			char intf[64];

			if (usb_first_intf(p->bound_dev[i], intf, sizeof(intf)) &&
			    ndl_path(path, sizeof(path), NDL_SYS_DIR "/bus/usb/drivers/ndisload-%s/bind", name))
				sysfs_write(path, intf);
			continue;
		}
		if (!ndl_path(drv, sizeof(drv), NDL_SYS_DIR "/bus/pci/devices/%s/driver", p->bound_dev[i]) ||
		    fs_is_dir(drv))
			continue;
		if (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/bus/pci/drivers/ndisload-%s/bind", name))
			continue;
		sysfs_write(path, p->bound_dev[i]);
	}
}

/* The driver's compatibility settings, if the module knows them. */
static int push_compat(const char *name, uint32_t *flags, struct ndl_err *err)
{
	struct ndl_version v;

	if (compat_flags(name, flags, err))
		return -1;
	if (!*flags)
		return 0;
	if (kmod_version(&v, err))
		return -1;
	if (v.features & NDL_FEAT_COMPAT)
		return 0;
	ndl_fail(err, NDL_E_MODULE, "the loaded ndisload module does not know compatibility settings");
	return ndl_hint(err, "load the module of this ndisload version, or set them to auto ('ndisload compat %s')",
			name);
}

json_object *push_driver(const char *name, const struct push_opts *opt,
			 struct ndl_err *err)
{
	struct push p;
	struct ndl_add_driver *add = NULL;
	struct ndl_device *devs = NULL;
	size_t ndev = 0, i;
	struct conf b;
	json_object *result = NULL, *ids;
	const char *sys = NULL;
	int single = -2;

	memset(&p, 0, sizeof(p));
	p.hw_reg = -1;
	conf_init(&b);
	p.a = arena_new();
	p.notes = json_object_new_array();
	if (sodium_init() < 0) {
		ndl_fail(err, NDL_E_INTERNAL, "libsodium cannot initialise");
		goto out;
	}
	p.manifest = store_manifest(name, err);
	if (!p.manifest)
		goto out;
	conf_free(&b);
	if (config_bindings(&b, err) || devices_scan(&devs, &ndev, err))
		goto out;
	if (collect_bound(&p, name, opt, devs, ndev, &b, err))
		goto out;
	if (!p.nbound) {
		/* Nothing bound: every PCI ID of the package. */
		for (i = 0; i < len_of(p.manifest, "models"); i++) {
			json_object *m = at(p.manifest, "models", i);
			size_t k;

			for (k = 0; k < len_of(m, "ids"); k++)
				if (add_id(&p, json_object_get_string(at(m, "ids", k)),
					   (int)jx_int(m, "install_index"), err))
					goto out;
		}
	}
	if (!p.nids) {
		ndl_fail(err, NDL_E_INVALID, "driver %s names no PCI, USB or root-enumerated device ID the module can serve",
			 name);
		ndl_hint(err, "'ndisload inspect' on its .inf shows the IDs it lists; 'ndisload devices' the ones present");
		goto out;
	}
	for (i = 0; i < p.nids; i++) {
		json_object *ins = at(p.manifest, "installs", (size_t)p.id_install[i]);
		const char *s = ins ? jx_str(ins, "sys") : NULL;

		if (!s)
			continue;
		if (sys && !str_ieq(sys, s)) {
			ndl_fail(err, NDL_E_INVALID, "the bound devices need two different driver images (%s and %s)",
				 sys, s);
			ndl_hint(err, "install the package twice under two names (--name) and bind each device to one");
			goto out;
		}
		sys = s;
		single = single == -2 || single == p.id_install[i] ? p.id_install[i] : -1;
	}
	if (!sys) {
		ndl_fail(err, NDL_E_INVALID, "driver %s names no .sys for these devices", name);
		goto out;
	}
	/* .inf values: once for all IDs when they share an install section. */
	if (single >= 0) {
		if (add_install_regs(&p, single, NDL_REG_ALL_IDS, err))
			goto out;
	} else {
		for (i = 0; i < p.nids; i++)
			if (add_install_regs(&p, p.id_install[i], (uint32_t)i, err))
				goto out;
	}
	if (add_overrides(&p, name, err) || add_virtual_macs(&p, name, err) ||
	    add_files(&p, name, sys, err))
		goto out;
	if (license_check(&p, err))
		goto out;
	if (loaded(name)) {
		if (!opt->reload) {
			ndl_fail(err, NDL_E_CONFLICT, "driver %s is already loaded", name);
			ndl_hint(err, "use --reload to load it again with the current settings");
			goto out;
		}
		if (kmod_remove_driver(name, true, err))
			goto out;
		note(&p, "unloaded the running %s first", name);
	}
	add = calloc(1, sizeof(*add));
	if (!add) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		goto out;
	}
	if (push_compat(name, &add->flags, err))
		goto out;
	str_copy(add->name, sizeof(add->name), name);
	str_copy(add->version, sizeof(add->version),
		 jx_str(p.manifest, "version") ? jx_str(p.manifest, "version") : "");
	add->n_files = (uint32_t)p.nfiles;
	add->n_ids = (uint32_t)p.nids;
	add->n_regs = (uint32_t)p.nregs;
	add->files = (uint64_t)(uintptr_t)p.files;
	add->ids = (uint64_t)(uintptr_t)p.ids;
	add->regs = (uint64_t)(uintptr_t)p.regs;
	if (kmod_add_driver(add, err))
		goto out;
	bind_after(&p, name);
	result = json_object_new_object();
	jx_add_str(result, "driver", name);
	json_object_object_add(result, "bound", json_object_new_int((int)add->bound));
	json_object_object_add(result, "owned", json_object_new_int((int)add->owned));
	ids = json_object_new_array();
	for (i = 0; i < p.nids; i++)
		json_object_array_add(ids, json_object_new_string(p.id_text[i]));
	json_object_object_add(result, "ids", ids);
	json_object_object_add(result, "registry_values", json_object_new_int((int)p.nregs));
	if (has_virtual_id(&p))
		json_object_object_add(result, "virtual", virt_restore(name, p.notes));
	json_object_object_add(result, "notes", json_object_get(p.notes));
out:
	free(add);
	for (i = 0; i < p.nfiles; i++)
		free(p.file_data[i]);
	free(devs);
	conf_free(&b);
	json_object_put(p.notes);
	json_object_put(p.manifest);
	arena_free(p.a);
	return result;
}

/*
 * DRIVER's isolated bindings: each host started unless it runs, or
 * restarted (with the current settings) on reload. *in_kernel: whether the
 * driver goes into the module too (an in-kernel binding, or none at all).
 */
static json_object *load_isolated(const char *driver, bool reload, bool *in_kernel)
{
	json_object *a = json_object_new_array();
	size_t i, kernel = 0;
	struct ndl_err e;
	struct conf b;

	if (config_bindings(&b, &e) == 0)
		for (i = 0; i < b.n; i++) {
			if (!str_ieq(b.e[i].key, "driver") || !str_ieq(b.e[i].value, driver))
				continue;
			if (str_ieq(conf_get(&b, b.e[i].section, "isolated"), "yes"))
				json_object_array_add(a, isolated_load(b.e[i].section, driver, reload));
			else
				kernel++;
		}
	conf_free(&b);
	*in_kernel = kernel || !json_object_array_length(a);
	return a;
}

static void add_name_once(json_object *names, const char *name)
{
	size_t k;

	for (k = 0; k < json_object_array_length(names); k++)
		if (str_ieq(json_object_get_string(json_object_array_get_idx(names, k)), name))
			return;
	json_object_array_add(names, json_object_new_string(name));
}

/* Drivers with saved virtual adapters join the list. */
static void add_virtual_drivers(json_object *names)
{
	struct ndl_err err;
	struct conf v;
	size_t i;

	if (config_virtual(&v, &err) == 0)
		for (i = 0; i < v.n; i++)
			if (config_virtual_instances(&v, v.e[i].section))
				add_name_once(names, v.e[i].section);
	conf_free(&v);
}

json_object *push_load(const char *driver, const struct push_opts *opt,
		       struct ndl_err *err)
{
	json_object *r = json_object_new_object(), *ok = json_object_new_array();
	json_object *errs = json_object_new_array(), *names, *results = json_object_new_array();
	json_object *isolated;
	struct conf b;
	size_t i;

	if (driver) {
		json_object *one = NULL;
		bool in_kernel;

		json_object_put(ok);
		json_object_put(errs);
		json_object_put(results);
		isolated = load_isolated(driver, opt->reload, &in_kernel);
		if (in_kernel) {
			one = push_driver(driver, opt, err);
			if (!one) {
				json_object_put(isolated);
				json_object_put(r);
				return NULL;
			}
		}
		names = json_object_new_array();
		if (one)
			json_object_array_add(names, json_object_new_string(driver));
		json_object_object_add(r, "loaded", names);
		names = json_object_new_array();
		if (one)
			json_object_array_add(names, one);
		json_object_object_add(r, "results", names);
		json_object_object_add(r, "errors", json_object_new_array());
		json_object_object_add(r, "isolated", isolated);
		return r;
	}
	if (config_bindings(&b, err)) {
		conf_free(&b);
		json_object_put(r);
		json_object_put(ok);
		json_object_put(errs);
		json_object_put(results);
		return NULL;
	}
	names = json_object_new_array();
	isolated = json_object_new_array();
	for (i = 0; i < b.n; i++) {
		if (!str_ieq(b.e[i].key, "driver"))
			continue;
		if (str_ieq(conf_get(&b, b.e[i].section, "isolated"), "yes")) {
			json_object_array_add(isolated, isolated_load(b.e[i].section, b.e[i].value, false));
			continue;
		}
		add_name_once(names, b.e[i].value);
	}
	conf_free(&b);
	add_virtual_drivers(names);
	for (i = 0; i < json_object_array_length(names); i++) {
		const char *n = json_object_get_string(json_object_array_get_idx(names, i));
		struct ndl_err e2;
		json_object *one;

		ndl_err_clear(&e2);
		one = push_driver(n, opt, &e2);
		if (one) {
			json_object_array_add(ok, json_object_new_string(n));
			json_object_array_add(results, one);
		} else {
			json_object *e = json_object_new_object();

			jx_add_str(e, "driver", n);
			jx_add_str(e, "code", ndl_code_name(e2.code));
			jx_add_str(e, "message", e2.msg);
			if (e2.hint[0])
				jx_add_str(e, "hint", e2.hint);
			json_object_array_add(errs, e);
		}
	}
	json_object_put(names);
	json_object_object_add(r, "loaded", ok);
	json_object_object_add(r, "results", results);
	json_object_object_add(r, "errors", errs);
	json_object_object_add(r, "isolated", isolated);
	return r;
}
