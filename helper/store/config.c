// SPDX-License-Identifier: GPL-2.0-only
/* Persistent bindings, virtual adapters and parameter overrides (see config.h). */
#include <stdio.h>
#include <stdlib.h>
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

/* A configuration file under NDL_CONF_DIR: loaded, or saved atomically. */
static int conf_file_load(const char *file, struct conf *c, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];

	conf_init(c);
	if (!ndl_path(path, sizeof(path), NDL_CONF_DIR "/%s", file))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	return conf_load(c, path, err);
}

static int conf_file_save(const char *file, const struct conf *c, const char *header,
			  struct ndl_err *err)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX];

	if (!ndl_path(path, sizeof(path), NDL_CONF_DIR "/%s", file) ||
	    !ndl_path(dir, sizeof(dir), NDL_CONF_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_mkdirs(dir, 0755, err))
		return -1;
	return conf_save(c, path, header, 0644, err);
}

int config_bindings(struct conf *c, struct ndl_err *err)
{
	return conf_file_load("bindings.conf", c, err);
}

int config_bindings_save(const struct conf *c, struct ndl_err *err)
{
	return conf_file_save("bindings.conf", c, bindings_header, err);
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

static const char virtual_header[] =
	"ndisload virtual adapters: the instances of each root-enumerated driver.\n"
	"Written by 'ndisload add-virtual'/'remove-virtual' and the web configurator;\n"
	"edit with care ('ndisload load --all' reads it at boot).";

int config_virtual(struct conf *c, struct ndl_err *err)
{
	return conf_file_load("virtual.conf", c, err);
}

int config_virtual_save(const struct conf *c, struct ndl_err *err)
{
	return conf_file_save("virtual.conf", c, virtual_header, err);
}

/* "0 1 5": numbers below 32, anything else is ignored. */
uint32_t config_virtual_instances(const struct conf *c, const char *driver)
{
	const char *s = conf_get(c, driver, "instances");
	uint32_t mask = 0;
	char *end;

	while (s && *s) {
		unsigned long n;

		if (*s == ' ' || *s == ',') {
			s++;
			continue;
		}
		n = strtoul(s, &end, 10);
		if (end == s)
			break;
		if (n < 32)
			mask |= 1u << n;
		s = end;
	}
	return mask;
}

void config_virtual_set(struct conf *c, const char *driver, uint32_t mask)
{
	char buf[32 * 3] = "";
	size_t len = 0;
	unsigned n;

	conf_drop_section(c, driver);
	if (!mask)
		return;
	for (n = 0; n < 32; n++)
		if (mask & (1u << n))
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%u",
						len ? " " : "", n);
	conf_set(c, driver, "instances", buf);
}

uint32_t config_virtual_of(const char *driver)
{
	struct ndl_err err;
	struct conf c;
	uint32_t mask = 0;

	if (!config_virtual(&c, &err))
		mask = config_virtual_instances(&c, driver);
	conf_free(&c);
	return mask;
}

int config_virtual_drop(const char *driver, struct ndl_err *err)
{
	struct conf c;
	int ret = config_virtual(&c, err);

	if (!ret && config_virtual_instances(&c, driver)) {
		config_virtual_set(&c, driver, 0);
		ret = config_virtual_save(&c, err);
	}
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
