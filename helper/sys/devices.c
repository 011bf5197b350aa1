// SPDX-License-Identifier: GPL-2.0-only
/* PCI and USB devices from sysfs, and driver matching (see devices.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/devices.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/strutil.h"

static bool read_hex(const char *dir, const char *file, uint32_t *out)
{
	char path[NDL_PATH_MAX], buf[64];
	uint64_t v;

	if (!fs_join(path, sizeof(path), dir, file) || !fs_read_line(path, buf, sizeof(buf)))
		return false;
	if (!str_istarts(buf, "0x")) {	/* USB files are bare hex */
		char tmp[70];

		snprintf(tmp, sizeof(tmp), "0x%s", buf);
		if (!str_to_u64(tmp, 0xffffffff, &v))
			return false;
	} else if (!str_to_u64(buf, 0xffffffff, &v)) {
		return false;
	}
	*out = (uint32_t)v;
	return true;
}

void devices_link_base(const char *dir, const char *link, char *out, size_t size)
{
	char path[NDL_PATH_MAX], target[NDL_PATH_MAX];
	ssize_t n;

	out[0] = '\0';
	if (!fs_join(path, sizeof(path), dir, link))
		return;
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return;
	target[n] = '\0';
	str_copy(out, size, path_basename_any(target));
}

static void net_ifaces(const char *dir, struct ndl_device *d)
{
	char path[NDL_PATH_MAX];
	struct dirent *de;
	DIR *nd;

	if (!fs_join(path, sizeof(path), dir, "net") || !(nd = opendir(path)))
		return;
	while ((de = readdir(nd)) != NULL && d->nifaces < DEV_MAX_IFACES)
		if (de->d_name[0] != '.')
			str_copy(d->ifaces[d->nifaces++], sizeof(d->ifaces[0]), de->d_name);
	closedir(nd);
}

static int push(struct ndl_device **arr, size_t *n, size_t *cap,
		const struct ndl_device *d, struct ndl_err *err)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		struct ndl_device *na = realloc(*arr, nc * sizeof(*na));

		if (!na)
			return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		*arr = na;
		*cap = nc;
	}
	(*arr)[(*n)++] = *d;
	return 0;
}

static int scan_pci(struct ndl_device **arr, size_t *n, size_t *cap,
		    struct ndl_err *err)
{
	char base[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	struct dirent *de;
	DIR *dd;

	if (!ndl_path(base, sizeof(base), NDL_SYS_DIR "/bus/pci/devices") ||
	    !(dd = opendir(base)))
		return 0;
	while ((de = readdir(dd)) != NULL) {
		struct ndl_device d;
		uint32_t v;

		if (de->d_name[0] == '.' || !fs_join(dir, sizeof(dir), base, de->d_name))
			continue;
		memset(&d, 0, sizeof(d));
		str_copy(d.id, sizeof(d.id), de->d_name);
		d.hw.bus = HWID_PCI;
		d.hw.mi = -1;
		if (!read_hex(dir, "vendor", &v))
			continue;
		d.hw.ven = (uint16_t)v;
		if (read_hex(dir, "device", &v))
			d.hw.dev = (uint16_t)v;
		if (read_hex(dir, "subsystem_vendor", &v))
			d.hw.subsys_ven = (uint16_t)v;
		if (read_hex(dir, "subsystem_device", &v))
			d.hw.subsys_dev = (uint16_t)v;
		if (read_hex(dir, "revision", &v))
			d.hw.rev = (uint16_t)v;
		if (read_hex(dir, "class", &v))
			d.hw.class_code = v;
		devices_link_base(dir, "driver", d.linux_driver, sizeof(d.linux_driver));
		net_ifaces(dir, &d);
		/* Network controllers (0x02) and wireless controllers (0x0d). */
		d.network = (d.hw.class_code >> 16) == 0x02 ||
			    (d.hw.class_code >> 16) == 0x0d || d.nifaces;
		if (push(arr, n, cap, &d, err)) {
			closedir(dd);
			return -1;
		}
	}
	closedir(dd);
	return 0;
}

static void usb_funcs(const char *base, const char *name, struct ndl_device *d)
{
	char dir[NDL_PATH_MAX];
	struct dirent *de;
	DIR *dd = opendir(base);
	size_t len = strlen(name);

	if (!dd)
		return;
	while ((de = readdir(dd)) != NULL && d->nfuncs < DEV_MAX_FUNCS) {
		struct hwid_device *f = &d->funcs[d->nfuncs];
		uint32_t v;

		/* interfaces are "<device>:<config>.<number>" */
		if (strncmp(de->d_name, name, len) || de->d_name[len] != ':' ||
		    !fs_join(dir, sizeof(dir), base, de->d_name))
			continue;
		*f = d->hw;
		if (!read_hex(dir, "bInterfaceNumber", &v))
			continue;
		f->mi = (int)v;
		if (read_hex(dir, "bInterfaceClass", &v))
			f->uclass = (uint8_t)v;
		if (read_hex(dir, "bInterfaceSubClass", &v))
			f->usub = (uint8_t)v;
		if (read_hex(dir, "bInterfaceProtocol", &v))
			f->uprot = (uint8_t)v;
		if (!d->linux_driver[0])
			devices_link_base(dir, "driver", d->linux_driver, sizeof(d->linux_driver));
		net_ifaces(dir, d);
		if (f->uclass == 0xe0 || f->uclass == 0x02)
			d->network = true;
		d->nfuncs++;
	}
	closedir(dd);
}

static int scan_usb(struct ndl_device **arr, size_t *n, size_t *cap,
		    struct ndl_err *err)
{
	char base[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	struct dirent *de;
	DIR *dd;

	if (!ndl_path(base, sizeof(base), NDL_SYS_DIR "/bus/usb/devices") ||
	    !(dd = opendir(base)))
		return 0;
	while ((de = readdir(dd)) != NULL) {
		struct ndl_device d;
		uint32_t v;

		if (de->d_name[0] == '.' || strchr(de->d_name, ':') ||
		    str_istarts(de->d_name, "usb") ||
		    !fs_join(dir, sizeof(dir), base, de->d_name))
			continue;
		memset(&d, 0, sizeof(d));
		str_copy(d.id, sizeof(d.id), de->d_name);
		d.hw.bus = HWID_USB;
		d.hw.mi = -1;
		if (!read_hex(dir, "idVendor", &v))
			continue;
		d.hw.ven = (uint16_t)v;
		if (read_hex(dir, "idProduct", &v))
			d.hw.dev = (uint16_t)v;
		if (read_hex(dir, "bcdDevice", &v))
			d.hw.rev = (uint16_t)v;
		if (read_hex(dir, "bDeviceClass", &v))
			d.hw.uclass = (uint8_t)v;
		if (read_hex(dir, "bDeviceSubClass", &v))
			d.hw.usub = (uint8_t)v;
		if (read_hex(dir, "bDeviceProtocol", &v))
			d.hw.uprot = (uint8_t)v;
		if (d.hw.uclass == 0x09)	/* hubs */
			continue;
		usb_funcs(base, de->d_name, &d);
		d.network |= d.nifaces > 0 || d.hw.uclass == 0xe0;
		if (push(arr, n, cap, &d, err)) {
			closedir(dd);
			return -1;
		}
	}
	closedir(dd);
	return 0;
}

static int cmp_dev(const void *a, const void *b)
{
	const struct ndl_device *x = a, *y = b;

	if (x->hw.bus != y->hw.bus)
		return (int)x->hw.bus - (int)y->hw.bus;
	return strcmp(x->id, y->id);
}

int devices_scan(struct ndl_device **out, size_t *n, struct ndl_err *err)
{
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	if (scan_pci(out, n, &cap, err) || scan_usb(out, n, &cap, err)) {
		free(*out);
		*out = NULL;
		*n = 0;
		return -1;
	}
	if (*n)
		qsort(*out, *n, sizeof(**out), cmp_dev);
	return 0;
}

const struct ndl_device *devices_find(const struct ndl_device *devs, size_t n,
				      const char *id)
{
	size_t i;

	for (i = 0; id && i < n; i++)
		if (!strcmp(devs[i].id, id))
			return &devs[i];
	return NULL;
}

bool device_owned_by_us(const struct ndl_device *d)
{
	return str_istarts(d->linux_driver, "ndisload");
}

static void match_one(const struct hwid_device *hw, json_object *models,
		      struct dev_match *m)
{
	struct hwid ids[16], inf[32];
	size_t nhw, nd = hwid_device_ids(hw, ids, 16, &nhw), i, k;

	for (i = 0; i < json_object_array_length(models); i++) {
		json_object *mo = json_object_array_get_idx(models, i), *a;
		size_t ninf = 0;
		long r;

		if (!json_object_object_get_ex(mo, "ids", &a))
			continue;
		for (k = 0; k < json_object_array_length(a) && ninf < 32; k++) {
			const char *s = json_object_get_string(json_object_array_get_idx(a, k));

			if (s && hwid_parse(s, &inf[ninf]))
				ninf++;
		}
		r = hwid_rank(ids, nd, nhw, inf, ninf);
		if (r >= 0 && (m->rank < 0 || r < m->rank)) {
			m->rank = r;
			m->model = (int)i;
			/* The .inf ID that produced the rank. */
			{
				long best = -1;

				for (k = 0; k < ninf; k++) {
					long rk = hwid_rank(ids, nd, nhw, &inf[k], 1);

					if (rk >= 0 && (best < 0 || rk + (k ? 0x1000 : 0) < best)) {
						best = rk + (k ? 0x1000 : 0);
						str_copy(m->id, sizeof(m->id), inf[k].text);
					}
				}
			}
		}
	}
}

void device_match(const struct ndl_device *d, json_object *manifest,
		  struct dev_match *m)
{
	json_object *models;
	int i;

	m->rank = -1;
	m->model = -1;
	m->id[0] = '\0';
	if (!json_object_object_get_ex(manifest, "models", &models))
		return;
	match_one(&d->hw, models, m);
	for (i = 0; i < d->nfuncs; i++)
		match_one(&d->funcs[i], models, m);
}

static json_object *hex_str(unsigned v, int digits)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%0*x", digits, v);
	return json_object_new_string(buf);
}

json_object *device_json(const struct ndl_device *d, json_object *manifests,
			 const struct conf *bindings)
{
	json_object *o = json_object_new_object(), *a, *details;
	struct hwid ids[16];
	size_t nhw, nid, i, k, n = manifests ? json_object_array_length(manifests) : 0;
	struct { long rank; size_t idx; struct dev_match m; } order[64];
	size_t norder = 0;
	const char *bound;
	bool pci = d->hw.bus == HWID_PCI;

	jx_add_str(o, "id", d->id);
	jx_add_str(o, "bus", pci ? "pci" : "usb");
	json_object_object_add(o, "vendor", hex_str(d->hw.ven, 4));
	json_object_object_add(o, "device", hex_str(d->hw.dev, 4));
	if (pci) {
		json_object_object_add(o, "subsys", hex_str((unsigned)d->hw.subsys_dev << 16 | d->hw.subsys_ven, 8));
		json_object_object_add(o, "revision", hex_str(d->hw.rev, 2));
		json_object_object_add(o, "class", hex_str(d->hw.class_code, 6));
	} else {
		json_object_object_add(o, "revision", hex_str(d->hw.rev, 4));
		json_object_object_add(o, "class", hex_str(d->hw.uclass, 2));
	}
	nid = hwid_device_ids(&d->hw, ids, 16, &nhw);
	a = json_object_new_array();
	for (i = 0; i < nid; i++)
		json_object_array_add(a, json_object_new_string(ids[i].text));
	json_object_object_add(o, "hardware_ids", a);
	jx_add_str_or_null(o, "linux_driver", d->linux_driver[0] ? d->linux_driver : NULL);
	a = json_object_new_array();
	for (i = 0; i < (size_t)d->nifaces; i++)
		json_object_array_add(a, json_object_new_string(d->ifaces[i]));
	json_object_object_add(o, "interfaces", a);
	for (i = 0; i < n && norder < 64; i++) {
		struct dev_match m;

		device_match(d, json_object_array_get_idx(manifests, i), &m);
		if (m.rank < 0)
			continue;
		for (k = norder; k > 0 && order[k - 1].rank > m.rank; k--)
			order[k] = order[k - 1];
		order[k].rank = m.rank;
		order[k].idx = i;
		order[k].m = m;
		norder++;
	}
	a = json_object_new_array();
	details = json_object_new_array();
	for (i = 0; i < norder; i++) {
		json_object *man = json_object_array_get_idx(manifests, order[i].idx);
		json_object *x = json_object_new_object();

		json_object_array_add(a, json_object_new_string(jx_str(man, "name")));
		jx_add_str(x, "driver", jx_str(man, "name"));
		jx_add_str(x, "id", order[i].m.id);
		json_object_object_add(x, "rank", json_object_new_int64(order[i].rank));
		json_object_array_add(details, x);
	}
	json_object_object_add(o, "matches", a);
	json_object_object_add(o, "match_details", details);
	bound = bindings ? conf_get(bindings, d->id, "driver") : NULL;
	jx_add_str_or_null(o, "bound", bound);
	json_object_object_add(o, "unbind_native", json_object_new_boolean(
		bindings && str_ieq(conf_get(bindings, d->id, "unbind_native"), "yes")));
	json_object_object_add(o, "isolated", json_object_new_boolean(
		bindings && str_ieq(conf_get(bindings, d->id, "isolated"), "yes")));
	json_object_object_add(o, "native_owned", json_object_new_boolean(
		d->linux_driver[0] && !device_owned_by_us(d)));
	return o;
}
