// SPDX-License-Identifier: GPL-2.0-only
/* Per-driver compatibility settings: table, storage, operations (compat.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/compat.h"
#include "store/conf.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "ndisload.h"
#include "lib/paths.h"
#include "store/store.h"
#include "lib/strutil.h"

#define SECTION "compat"

const struct compat_setting compat_settings[] = {
	{
		.name = "single_buffer_sends",
		.title = "Single-buffer sends",
		.cures = "Pings work but TCP connections stall or downloads never finish: the driver sends only the first part of large frames.",
		.automatic = "on",
		.on = NDL_COMPAT_SINGLE_BUF_ON, .off = NDL_COMPAT_SINGLE_BUF_OFF,
		.in_force = NDL_DEVF_SINGLE_BUF,
	},
	{
		.name = "multicast_all",
		.title = "Multicast through the all-multicast filter",
		.cures = "The link is up and requests go out, but no reply ever arrives: the driver loses its own address when given a multicast list.",
		.automatic = "off",
		.on = NDL_COMPAT_MCAST_ALL_ON, .off = NDL_COMPAT_MCAST_ALL_OFF,
		.in_force = NDL_DEVF_MCAST_ALL,
	},
};
const size_t compat_nsettings = sizeof(compat_settings) / sizeof(compat_settings[0]);

const struct compat_setting *compat_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < compat_nsettings; i++)
		if (str_ieq(compat_settings[i].name, name))
			return &compat_settings[i];
	return NULL;
}

static bool value_ok(const char *v)
{
	return v && (!strcmp(v, "auto") || !strcmp(v, "on") || !strcmp(v, "off"));
}

static bool compat_path(const char *driver, char *out, size_t size)
{
	return name_is_driver(driver) &&
	       ndl_path(out, size, NDL_CONF_DIR "/compat/%s.conf", driver);
}

/*
 * Loads and checks a driver's file (into c, initialised by the caller):
 * only [compat], known keys, auto/on/off.
 */
static int compat_load(const char *driver, struct conf *c, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];
	size_t i;

	if (!compat_path(driver, path, sizeof(path)))
		return ndl_fail(err, NDL_E_NOT_FOUND, "no driver named \"%.64s\"", driver);
	if (conf_load(c, path, err))
		return -1;
	for (i = 0; i < c->n; i++) {
		const struct conf_entry *e = &c->e[i];

		if (!str_ieq(e->section, SECTION) || !compat_find(e->key) ||
		    !value_ok(e->value)) {
			ndl_fail(err, NDL_E_INVALID, "%s line %d: not a compatibility setting (%s = %s in [%s])",
				 path, e->line, e->key, e->value, e->section ? e->section : "");
			return ndl_hint(err, "use [compat] with %s, %s = auto|on|off",
					compat_settings[0].name, compat_settings[1].name);
		}
	}
	return 0;
}

static const char *value_of(const struct conf *c, const struct compat_setting *s)
{
	const char *v = conf_get(c, SECTION, s->name);

	return v ? v : "auto";
}

int compat_flags(const char *driver, uint32_t *flags, struct ndl_err *err)
{
	struct conf c;
	size_t i;
	int ret;

	conf_init(&c);
	ret = compat_load(driver, &c, err);
	*flags = 0;
	for (i = 0; !ret && i < compat_nsettings; i++) {
		const char *v = value_of(&c, &compat_settings[i]);

		if (!strcmp(v, "on"))
			*flags |= compat_settings[i].on;
		else if (!strcmp(v, "off"))
			*flags |= compat_settings[i].off;
	}
	conf_free(&c);
	return ret;
}

void compat_drop(const char *driver)
{
	char path[NDL_PATH_MAX];

	if (compat_path(driver, path, sizeof(path)))
		unlink(path);
}

static int compat_save(const char *driver, const struct conf *c, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX], header[256];

	if (!compat_path(driver, path, sizeof(path)) ||
	    !ndl_path(dir, sizeof(dir), NDL_CONF_DIR "/compat"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0755, err))
		return -1;
	snprintf(header, sizeof(header),
		 "Compatibility settings of driver %s ('ndisload compat %s NAME=auto|on|off').\n"
		 "A setting not listed is auto.", driver, driver);
	return conf_save(c, path, header, 0644, err);
}

/* What each running device of the driver has in force (the module says). */
static json_object *in_force(const char *driver)
{
	json_object *a = json_object_new_array();
	struct ndl_device_info *dev = NULL;
	struct ndl_err err;
	size_t n, i, k;

	if (kmod_list_devices(driver, &dev, &n, &err))
		return a;
	for (i = 0; i < n; i++) {
		json_object *d = json_object_new_object();
		char loc[32];

		if (dev[i].state != NDL_DEV_RUNNING)
			continue;
		kmod_location_str(&dev[i].location, loc, sizeof(loc));
		jx_add_str(d, "device", loc);
		for (k = 0; k < compat_nsettings; k++)
			json_object_object_add(d, compat_settings[k].name,
					       json_object_new_boolean(dev[i].flags &
								       compat_settings[k].in_force));
		json_object_array_add(a, d);
	}
	free(dev);
	return a;
}

static json_object *compat_result(const char *driver, const struct conf *c)
{
	json_object *r = json_object_new_object(), *a = json_object_new_array();
	size_t i;

	for (i = 0; i < compat_nsettings; i++) {
		const struct compat_setting *s = &compat_settings[i];
		json_object *o = json_object_new_object();

		jx_add_str(o, "name", s->name);
		jx_add_str(o, "title", s->title);
		jx_add_str(o, "cures", s->cures);
		jx_add_str(o, "automatic", s->automatic);
		jx_add_str(o, "value", value_of(c, s));
		json_object_array_add(a, o);
	}
	jx_add_str(r, "driver", driver);
	json_object_object_add(r, "settings", a);
	json_object_object_add(r, "devices", in_force(driver));
	return r;
}

/* The driver must be installed; its manifest is not needed. */
static bool installed(const char *driver, struct ndl_err *err)
{
	json_object *m = store_manifest(driver, err);

	json_object_put(m);
	return m != NULL;
}

json_object *op_compat_get(json_object *args, const int *fds, size_t nfds,
			   struct ndl_err *err)
{
	const char *driver = jx_str(args, "name");
	json_object *r = NULL;
	struct conf c;

	(void)fds; (void)nfds;
	conf_init(&c);
	if (installed(driver, err) && !compat_load(driver, &c, err))
		r = compat_result(driver, &c);
	conf_free(&c);
	return r;
}

json_object *op_compat_set(json_object *args, const int *fds, size_t nfds,
			   struct ndl_err *err)
{
	const char *driver = jx_str(args, "name");
	json_object *values, *r = NULL, *devs;
	struct conf c;

	(void)fds; (void)nfds;
	conf_init(&c);
	json_object_object_get_ex(args, "values", &values);
	if (!installed(driver, err) || compat_load(driver, &c, err))
		goto out;
	{
		json_object_object_foreach(values, key, val) {
			const struct compat_setting *s = compat_find(key);
			const char *v = json_object_is_type(val, json_type_string) ?
					json_object_get_string(val) : NULL;

			if (!s) {
				ndl_fail(err, NDL_E_NOT_FOUND, "no compatibility setting \"%.64s\"", key);
				ndl_hint(err, "the settings are %s and %s",
					 compat_settings[0].name, compat_settings[1].name);
				goto out;
			}
			if (val && !value_ok(v)) {
				ndl_fail(err, NDL_E_INVALID, "%s must be auto, on or off", s->name);
				goto out;
			}
			/* auto (or null) is the absence of a key */
			conf_set(&c, SECTION, s->name, val && strcmp(v, "auto") ? v : NULL);
		}
	}
	if (compat_save(driver, &c, err))
		goto out;
	r = compat_result(driver, &c);
	json_object_object_get_ex(r, "devices", &devs);
	json_object_object_add(r, "reload_needed",
			       json_object_new_boolean(json_object_array_length(devs) > 0));
out:
	conf_free(&c);
	return r;
}
