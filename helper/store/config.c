// SPDX-License-Identifier: GPL-2.0-only
/* Persistent bindings and parameter overrides (see config.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store/config.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/strutil.h"

static const char bindings_header[] =
	"ndisload device bindings: which installed Windows driver serves which\n"
	"device. Written by 'ndisload bind'/'unbind' and the web configurator;\n"
	"edit with care ('ndisload load --all' reads it at boot).";

static bool bindings_path(char *out, size_t size)
{
	return ndl_path(out, size, NDL_CONF_DIR "/bindings.conf");
}

int config_bindings(struct conf *c, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];

	conf_init(c);
	if (!bindings_path(path, sizeof(path)))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	return conf_load(c, path, err);
}

int config_bindings_save(const struct conf *c, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX];

	if (!bindings_path(path, sizeof(path)) || !ndl_path(dir, sizeof(dir), NDL_CONF_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0755, err))
		return -1;
	return conf_save(c, path, bindings_header, 0644, err);
}

const char *config_binding(const struct conf *c, const char *device)
{
	return conf_get(c, device, "driver");
}

json_object *config_bound_to(const char *driver)
{
	json_object *a = json_object_new_array();
	struct ndl_err err;
	struct conf c;
	size_t i;

	if (!driver || config_bindings(&c, &err) == 0) {
		for (i = 0; driver && i < c.n; i++)
			if (str_ieq(c.e[i].key, "driver") && str_ieq(c.e[i].value, driver))
				json_object_array_add(a, json_object_new_string(c.e[i].section));
	}
	conf_free(&c);
	return a;
}

int config_unbind_driver(const char *driver, struct ndl_err *err)
{
	struct conf c;
	size_t i;
	int ret;

	if (config_bindings(&c, err)) {
		conf_free(&c);
		return -1;
	}
	for (i = 0; i < c.n;) {
		if (str_ieq(c.e[i].key, "driver") && str_ieq(c.e[i].value, driver)) {
			conf_drop_section(&c, c.e[i].section);
			i = 0;
		} else {
			i++;
		}
	}
	ret = config_bindings_save(&c, err);
	conf_free(&c);
	return ret;
}

static bool params_path(const char *driver, char *out, size_t size)
{
	return name_is_driver(driver) &&
	       ndl_path(out, size, NDL_CONF_DIR "/params/%s.conf", driver);
}

int config_params(const char *driver, struct conf *c, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];

	conf_init(c);
	if (!params_path(driver, path, sizeof(path)))
		return ndl_fail(err, NDL_E_NOT_FOUND, "no driver named \"%.64s\"", driver);
	return conf_load(c, path, err);
}

int config_params_save(const char *driver, const struct conf *c,
		       struct ndl_err *err)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX], header[256];

	if (!params_path(driver, path, sizeof(path)) ||
	    !ndl_path(dir, sizeof(dir), NDL_CONF_DIR "/params"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0700, err))
		return -1;
	snprintf(header, sizeof(header),
		 "Parameter overrides of driver %s ('ndisload params %s NAME=VALUE').\n"
		 "[all] applies to every device, [device ADDRESS] to one.",
		 driver, driver);
	return conf_save(c, path, header, 0600, err);
}

void config_drop_params(const char *driver)
{
	char path[NDL_PATH_MAX];

	if (params_path(driver, path, sizeof(path)))
		unlink(path);
}

const char *config_params_section(const char *device, char *buf, size_t size)
{
	if (!device)
		return CONFIG_ALL;
	snprintf(buf, size, "device %s", device);
	return buf;
}
