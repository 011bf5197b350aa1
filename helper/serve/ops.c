// SPDX-License-Identifier: GPL-2.0-only
/* The operation table and its handlers (see ops.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/compat.h"
#include "store/config.h"
#include "sys/devices.h"
#include "diag/diag.h"
#include "diag/doctor.h"
#include "diag/hlog.h"
#include "sys/interfaces.h"
#include "sys/isolated.h"
#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "sys/link.h"
#include "diag/logview.h"
#include "serve/ops.h"
#include "store/params.h"
#include "pkg/pkg_setup.h"
#include "sys/push.h"
#include "sys/virt.h"
#include "store/staging.h"
#include "store/store.h"
#include "lib/strutil.h"
#include "wifi/wifi_ops.h"
#ifdef NDL_HAVE_LICENSE
#include "cli/cmd_license.h"
#endif

struct op {
	const char *name;
	const struct jfield *fields;
	size_t nfields;
	bool takes_fds;
	json_object *(*fn)(json_object *args, const int *fds, size_t nfds,
			   struct ndl_err *err);
};

#define FIELDS(...) (const struct jfield[]){ __VA_ARGS__ }, \
	sizeof((const struct jfield[]){ __VA_ARGS__ }) / sizeof(struct jfield)
#define NO_FIELDS NULL, 0

/* ---- drivers -------------------------------------------------------------- */

static json_object *loaded_names(void)
{
	json_object *k = kmod_status_json(), *drv, *out = json_object_new_array();
	size_t i;

	if (json_object_object_get_ex(k, "drivers", &drv))
		for (i = 0; i < json_object_array_length(drv); i++)
			json_object_array_add(out, json_object_new_string(
				jx_str(json_object_array_get_idx(drv, i), "name")));
	json_object_put(k);
	return out;
}

static bool in_list(json_object *a, const char *s)
{
	size_t i;

	for (i = 0; i < json_object_array_length(a); i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(a, i)), s))
			return true;
	return false;
}

static json_object *driver_obj(json_object *manifest, json_object *loaded)
{
	json_object *d = store_driver_json(manifest);

	json_object_object_add(d, "loaded", json_object_new_boolean(
		in_list(loaded, jx_str(manifest, "name"))));
	return d;
}

static json_object *op_driver_list(json_object *args, const int *fds, size_t nfds,
				   struct ndl_err *err)
{
	json_object *ms = store_all_manifests(), *loaded = loaded_names();
	json_object *r = json_object_new_object(), *a = json_object_new_array();
	size_t i;

	(void)args; (void)fds; (void)nfds; (void)err;
	for (i = 0; i < json_object_array_length(ms); i++)
		json_object_array_add(a, driver_obj(json_object_array_get_idx(ms, i), loaded));
	json_object_object_add(r, "drivers", a);
	json_object_put(ms);
	json_object_put(loaded);
	return r;
}

static json_object *op_driver_get(json_object *args, const int *fds, size_t nfds,
				  struct ndl_err *err)
{
	json_object *m = store_manifest(jx_str(args, "name"), err), *r, *d, *loaded, *v;

	(void)fds; (void)nfds;
	if (!m)
		return NULL;
	loaded = loaded_names();
	d = driver_obj(m, loaded);
	if (json_object_object_get_ex(m, "models", &v))
		json_object_object_add(d, "models", json_object_get(v));
	if (json_object_object_get_ex(m, "warnings", &v))
		json_object_object_add(d, "warnings", json_object_get(v));
	r = json_object_new_object();
	json_object_object_add(r, "driver", d);
	json_object_put(m);
	json_object_put(loaded);
	return r;
}

static json_object *op_driver_install(json_object *args, const int *fds, size_t nfds,
				      struct ndl_err *err)
{
	struct store_input in[OPS_MAX_FDS];
	struct store_install_opts o = {
		.name = jx_str(args, "name"), .inf = jx_str(args, "inf"),
		.staging = jx_str(args, "staging"), .client = jx_str(args, "client"),
		.allow_incomplete = !jx_bool(args, "complete"),
	};
	json_object *files = NULL;
	size_t i, n = 0;
	static const struct jfield file_fields[] = {
		{ "name", J_STRING, true, 255 },
	};

	if (o.client && !staging_client_ok(o.client))
		return ndl_fail(err, NDL_E_BAD_REQUEST,
				"args.client must be 1 to %d of A-Z a-z 0-9 _ -", STAGING_CLIENT_MAX), NULL;
	json_object_object_get_ex(args, "files", &files);
	n = files ? json_object_array_length(files) : 0;
	if (n != nfds)
		return ndl_fail(err, NDL_E_BAD_REQUEST,
				"files lists %zu names but %zu descriptors came with the request",
				n, nfds), NULL;
	for (i = 0; i < n; i++) {
		json_object *f = json_object_array_get_idx(files, i);
		char what[32];

		snprintf(what, sizeof(what), "files[%zu]", i);
		if (jx_check(f, file_fields, 1, what, err))
			return NULL;
		in[i].name = jx_str(f, "name");
		in[i].fd = fds[i];
	}
	return store_install(in, n, &o, err);
}

static json_object *op_driver_remove(json_object *args, const int *fds, size_t nfds,
				     struct ndl_err *err)
{
	const char *name = jx_str(args, "name");
	json_object *r = NULL, *loaded = loaded_names();
	bool force = jx_bool(args, "force");

	(void)fds; (void)nfds;
	if (in_list(loaded, name ? name : "")) {
		struct ndl_err e2;

		if (!force) {
			json_object_put(loaded);
			ndl_fail(err, NDL_E_CONFLICT, "driver %s is loaded in the module", name);
			ndl_hint(err, "remove it with --force (its interfaces go down)");
			return NULL;
		}
		if (kmod_remove_driver(name, true, &e2)) {
			*err = e2;
			json_object_put(loaded);
			return NULL;
		}
	}
	json_object_put(loaded);
	if (store_remove(name, force, &r, err))
		return NULL;
	return r;
}

/* ---- parameters ------------------------------------------------------------- */

/* The install section serving device (or the driver's first model). */
static json_object *install_for(json_object *m, const char *device, struct ndl_err *err)
{
	json_object *models, *installs, *model;
	int idx = 0;

	if (!json_object_object_get_ex(m, "models", &models) ||
	    !json_object_object_get_ex(m, "installs", &installs) ||
	    !json_object_array_length(models))
		return ndl_fail(err, NDL_E_INVALID, "the driver's manifest has no devices"), NULL;
	if (device) {
		struct ndl_device *devs;
		const struct ndl_device *d;
		struct dev_match mt;
		size_t n;

		if (devices_scan(&devs, &n, err))
			return NULL;
		d = devices_find(devs, n, device);
		if (!d) {
			free(devs);
			ndl_fail(err, NDL_E_NOT_FOUND, "no device %s", device);
			ndl_hint(err, "'ndisload devices' lists the devices");
			return NULL;
		}
		device_match(d, m, &mt);
		free(devs);
		if (mt.rank < 0)
			return ndl_fail(err, NDL_E_INVALID, "driver %s does not serve device %s",
					jx_str(m, "name"), device), NULL;
		idx = mt.model;
	}
	model = json_object_array_get_idx(models, (size_t)idx);
	return json_object_array_get_idx(installs, (size_t)jx_int(model, "install_index"));
}

static json_object *params_result(json_object *ins, const struct conf *c,
				  const char *device)
{
	json_object *params, *out = json_object_new_array(), *r = json_object_new_object();
	char buf[64];
	const char *sec = config_params_section(device, buf, sizeof(buf));
	size_t i;

	if (json_object_object_get_ex(ins, "params", &params))
		for (i = 0; i < json_object_array_length(params); i++) {
			json_object *p = json_object_array_get_idx(params, i);
			json_object *q = NULL;
			const char *name = jx_str(p, "name");
			const char *dv = device ? conf_get(c, sec, name) : NULL;
			const char *av = conf_get(c, CONFIG_ALL, name);

			json_object_deep_copy(p, &q, NULL);
			jx_add_str_or_null(q, "value", dv ? dv : av ? av : jx_str(p, "default"));
			jx_add_str_or_null(q, "set_in", dv ? "device" : av ? "all" : NULL);
			json_object_array_add(out, q);
		}
	json_object_object_add(r, "params", out);
	jx_add_str_or_null(r, "device", device);
	jx_add_str_or_null(r, "section", jx_str(ins, "section"));
	return r;
}

static json_object *op_params_get(json_object *args, const int *fds, size_t nfds,
				  struct ndl_err *err)
{
	const char *name = jx_str(args, "name"), *device = jx_str(args, "device");
	json_object *m = store_manifest(name, err), *ins, *r = NULL;
	struct conf c;

	(void)fds; (void)nfds;
	if (!m)
		return NULL;
	conf_init(&c);
	ins = install_for(m, device, err);
	if (ins) {
		conf_free(&c);
		if (!config_params(name, &c, err))
			r = params_result(ins, &c, device);
	}
	conf_free(&c);
	json_object_put(m);
	return r;
}

static json_object *find_param(json_object *ins, const char *name)
{
	json_object *params;
	size_t i;

	if (json_object_object_get_ex(ins, "params", &params))
		for (i = 0; i < json_object_array_length(params); i++)
			if (str_ieq(jx_str(json_object_array_get_idx(params, i), "name"), name))
				return json_object_array_get_idx(params, i);
	return NULL;
}

static json_object *op_params_set(json_object *args, const int *fds, size_t nfds,
				  struct ndl_err *err)
{
	const char *name = jx_str(args, "name"), *device = jx_str(args, "device");
	json_object *m = store_manifest(name, err), *ins, *values, *r = NULL;
	struct conf c;
	char buf[64];
	const char *sec = config_params_section(device, buf, sizeof(buf));
	int n = 0;

	(void)fds; (void)nfds;
	if (!m)
		return NULL;
	conf_init(&c);
	ins = install_for(m, device, err);
	json_object_object_get_ex(args, "values", &values);
	if (!ins)
		goto out;
	conf_free(&c);
	if (config_params(name, &c, err))
		goto out;
	{
		json_object_object_foreach(values, key, val) {
			json_object *p = find_param(ins, key);
			char canon[4200];

			if (++n > 64) {
				ndl_fail(err, NDL_E_BAD_REQUEST, "at most 64 values at once");
				goto out;
			}
			if (!p) {
				ndl_fail(err, NDL_E_NOT_FOUND, "driver %s has no parameter \"%.64s\"", name, key);
				ndl_hint(err, "'ndisload params %s' lists its parameters", name);
				ndl_field(err, "values.%.64s", key);
				goto out;
			}
			if (!val) {
				conf_set(&c, sec, jx_str(p, "name"), NULL);
				continue;
			}
			if (!json_object_is_type(val, json_type_string)) {
				ndl_fail(err, NDL_E_BAD_REQUEST, "values.%.64s must be a string or null", key);
				ndl_field(err, "values.%.64s", key);
				goto out;
			}
			if (param_check(p, json_object_get_string(val),
					(size_t)json_object_get_string_len(val),
					canon, sizeof(canon), err)) {
				ndl_field(err, "values.%s", jx_str(p, "name"));
				goto out;
			}
			conf_set(&c, sec, jx_str(p, "name"), canon);
		}
	}
	if (config_params_save(name, &c, err))
		goto out;
	r = params_result(ins, &c, device);
	if (device || true) {
		json_object *loaded = loaded_names();

		/* In the module, or in ndisload-host (isolated): the settings apply at a reload. */
		json_object_object_add(r, "reload_needed", json_object_new_boolean(
			in_list(loaded, name) || isolated_running(name)));
		json_object_put(loaded);
	}
out:
	conf_free(&c);
	json_object_put(m);
	return r;
}

/* ---- devices ---------------------------------------------------------------- */

static json_object *devices_result(bool only_network, struct ndl_err *err)
{
	struct ndl_device *devs;
	size_t n, i;
	json_object *ms, *a, *r;
	struct conf b;

	if (devices_scan(&devs, &n, err))
		return NULL;
	if (config_bindings(&b, err)) {
		conf_free(&b);
		free(devs);
		return NULL;
	}
	ms = store_all_manifests();
	a = json_object_new_array();
	for (i = 0; i < n; i++) {
		json_object *d = device_json(&devs[i], ms, &b), *mt;

		json_object_object_get_ex(d, "matches", &mt);
		if (only_network && !devs[i].network && !json_object_array_length(mt) &&
		    !jx_has(d, "bound")) {
			json_object_put(d);
			continue;
		}
		json_object_array_add(a, d);
	}
	r = json_object_new_object();
	json_object_object_add(r, "devices", a);
	json_object_put(ms);
	conf_free(&b);
	free(devs);
	return r;
}

static json_object *op_device_list(json_object *args, const int *fds, size_t nfds,
				   struct ndl_err *err)
{
	(void)fds; (void)nfds;
	return devices_result(!jx_bool(args, "all"), err);
}

/* The device object of one device after a change. */
static json_object *one_device(const char *id, struct ndl_err *err)
{
	json_object *all = devices_result(false, err), *a, *r = NULL;
	size_t i;

	if (!all)
		return NULL;
	json_object_object_get_ex(all, "devices", &a);
	for (i = 0; i < json_object_array_length(a); i++)
		if (!strcmp(jx_str(json_object_array_get_idx(a, i), "id"), id)) {
			r = json_object_new_object();
			json_object_object_add(r, "device", json_object_get(json_object_array_get_idx(a, i)));
		}
	json_object_put(all);
	if (!r)
		ndl_fail(err, NDL_E_NOT_FOUND, "no device %s", id);
	return r;
}

static json_object *op_device_bind(json_object *args, const int *fds, size_t nfds,
				   struct ndl_err *err)
{
	const char *id = jx_str(args, "device"), *drv = jx_str(args, "driver");
	bool isolated = jx_bool(args, "isolated");
	struct ndl_device *devs = NULL;
	const struct ndl_device *d;
	struct dev_match mt;
	json_object *m = NULL, *r = NULL, *iso = NULL;
	struct conf b;
	size_t n;

	(void)fds; (void)nfds;
	conf_init(&b);
	if (devices_scan(&devs, &n, err))
		goto out;
	d = devices_find(devs, n, id);
	if (!d) {
		ndl_fail(err, NDL_E_NOT_FOUND, "no device %s", id);
		ndl_hint(err, "'ndisload devices' lists the devices by address (e.g. 0000:02:00.0)");
		goto out;
	}
	m = store_manifest(drv, err);
	if (!m)
		goto out;
	device_match(d, m, &mt);
	if (mt.rank < 0) {
		ndl_fail(err, NDL_E_INVALID, "driver %s is not for device %s (%04x:%04x): none of its hardware IDs matches",
			 drv, id, d->hw.ven, d->hw.dev);
		ndl_hint(err, "'ndisload devices' shows which installed drivers match each device");
		goto out;
	}
	conf_free(&b);
	if (config_bindings(&b, err))
		goto out;
	if (str_ieq(conf_get(&b, id, "isolated"), "yes") && !isolated)
		isolated_stop(id, err);
	conf_drop_section(&b, id);
	conf_set(&b, id, "driver", drv);
	if (jx_bool(args, "unbind_native"))
		conf_set(&b, id, "unbind_native", "yes");
	if (isolated) {
		/* Started before it is saved: a refusal (no IOMMU) changes nothing. */
		if (d->hw.bus != HWID_PCI) {
			ndl_fail(err, NDL_E_INVALID, "%s is not a PCI device: isolated mode runs PCI functions on VFIO", id);
			goto out;
		}
		iso = isolated_start(id, drv, err);
		if (!iso)
			goto out;
		conf_set(&b, id, "isolated", "yes");
	}
	if (config_bindings_save(&b, err))
		goto out;
	r = one_device(id, err);
	if (r && iso) {
		json_object_object_add(r, "isolated", iso);
		iso = NULL;
	}
	if (isolated)
		goto out;
	if (r && d->linux_driver[0] && !device_owned_by_us(d))
		jx_add_str(r, "note", jx_bool(args, "unbind_native") ?
			   "the Linux driver now bound lets go of the device at the next 'ndisload load'" :
			   "a Linux driver owns this device; ndisload will not take it unless bound with unbind_native");
out:
	json_object_put(iso);
	json_object_put(m);
	conf_free(&b);
	free(devs);
	return r;
}

static json_object *op_device_unbind(json_object *args, const int *fds, size_t nfds,
				     struct ndl_err *err)
{
	const char *id = jx_str(args, "device");
	json_object *r = NULL;
	struct conf b;

	(void)fds; (void)nfds;
	if (config_bindings(&b, err))
		goto out;
	if (!config_binding(&b, id)) {
		ndl_fail(err, NDL_E_NOT_FOUND, "device %s is not bound", id);
		goto out;
	}
	if (str_ieq(conf_get(&b, id, "isolated"), "yes"))
		isolated_stop(id, err);
	conf_drop_section(&b, id);
	if (config_bindings_save(&b, err))
		goto out;
	r = one_device(id, err);
	if (!r) {	/* bound, but no longer present: still a success */
		ndl_err_clear(err);
		r = json_object_new_object();
		json_object_object_add(r, "device", NULL);
	}
out:
	conf_free(&b);
	return r;
}

/* ---- virtual adapters (virt.c) ---------------------------------------------- */

static json_object *op_virtual_list(json_object *args, const int *fds, size_t nfds,
				    struct ndl_err *err)
{
	const char *driver = jx_str(args, "driver");
	json_object *r, *m;

	(void)fds; (void)nfds;
	if (driver) {	/* an unknown driver is 404, not an empty list */
		m = store_manifest(driver, err);
		if (!m)
			return NULL;
		json_object_put(m);
	}
	r = json_object_new_object();
	json_object_object_add(r, "adapters", virt_list(driver));
	return r;
}

static json_object *op_virtual_add(json_object *args, const int *fds, size_t nfds,
				   struct ndl_err *err)
{
	json_object *c;
	int64_t n = 1;

	(void)fds; (void)nfds;
	if (json_object_object_get_ex(args, "count", &c)) {
		n = jx_int(args, "count");
		if (n < 1 || n > NDL_MAX_VIRTUAL) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "count must be 1..%d", NDL_MAX_VIRTUAL);
			snprintf(err->field, sizeof(err->field), "count");
			return NULL;
		}
	}
	return virt_add(jx_str(args, "driver"), (int)n, err);
}

static json_object *op_virtual_remove(json_object *args, const int *fds, size_t nfds,
				      struct ndl_err *err)
{
	json_object *i;
	int64_t n = -1;

	(void)fds; (void)nfds;
	if (json_object_object_get_ex(args, "instance", &i)) {
		n = jx_int(args, "instance");
		if (n < 0 || n >= NDL_MAX_VIRTUAL) {
			ndl_fail(err, NDL_E_BAD_REQUEST, "instance must be 0..%d", NDL_MAX_VIRTUAL - 1);
			snprintf(err->field, sizeof(err->field), "instance");
			return NULL;
		}
	}
	return virt_remove(jx_str(args, "driver"), (int)n, jx_bool(args, "force"), err);
}

/* ---- module, status, diagnostics --------------------------------------------- */

static json_object *op_interface_list(json_object *args, const int *fds, size_t nfds,
				      struct ndl_err *err)
{
	json_object *r = json_object_new_object();

	(void)args; (void)fds; (void)nfds; (void)err;
	json_object_object_add(r, "interfaces", interfaces_json());
	return r;
}

static json_object *op_load(json_object *args, const int *fds, size_t nfds,
			    struct ndl_err *err)
{
	struct push_opts o = {
		.unbind_native = jx_bool(args, "unbind_native"),
		.reload = jx_bool(args, "reload"),
	};

	json_object *r;

	(void)fds; (void)nfds;
	if (jx_str(args, "device"))
		return isolated_plugged(jx_str(args, "device"));
	r = push_load(jx_str(args, "driver"), &o, err);
	/* Wireless interfaces come up with their saved profiles (wifi_ops.c). */
	if (r)
		json_object_object_add(r, "wireless", wifi_restore_all());
	return r;
}

/* Stop a running driver: its interfaces go away; bindings and files stay. */
static json_object *op_unload(json_object *args, const int *fds, size_t nfds,
			      struct ndl_err *err)
{
	const char *name = jx_str(args, "driver");
	json_object *loaded = loaded_names(), *r;
	bool running = in_list(loaded, name);
	struct ndl_device_info *dev;
	struct ndl_err e2;
	size_t n, i;

	(void)fds; (void)nfds;
	json_object_put(loaded);
	if (!running) {
		ndl_fail(err, NDL_E_CONFLICT, "driver %s is not running", name);
		return ndl_hint(err, "'ndisload status' lists the running drivers"), NULL;
	}
	/* Our DHCP clients would outlive the interfaces they serve. */
	if (!kmod_list_devices(name, &dev, &n, &e2)) {
		for (i = 0; i < n; i++) {
			dev[i].ifname[sizeof(dev[i].ifname) - 1] = '\0';
			if (dev[i].ifname[0] && name_is_safe_file(dev[i].ifname))
				link_dhcp_stop(dev[i].ifname);
		}
		free(dev);
	}
	/* Forced: the user asked to stop it, up interfaces included. */
	if (kmod_remove_driver(name, true, err))
		return NULL;
	r = json_object_new_object();
	jx_add_str(r, "driver", name);
	json_object_object_add(r, "stopped", json_object_new_boolean(true));
	return r;
}

static json_object *op_interface_up(json_object *args, const int *fds, size_t nfds,
				    struct ndl_err *err)
{
	(void)fds; (void)nfds;
	return link_up(jx_str(args, "interface"), jx_bool(args, "dhcp"), err);
}

/* The isolated bindings and their hosts: state, restarts, last crash. */
static json_object *isolated_list(void)
{
	json_object *a = json_object_new_array(), *o;
	struct ndl_err e;
	struct conf b;
	size_t i;

	if (!config_bindings(&b, &e))
		for (i = 0; i < b.n; i++) {
			if (!str_ieq(b.e[i].key, "isolated") || !str_ieq(b.e[i].value, "yes"))
				continue;
			o = isolated_state(b.e[i].section);
			jx_add_str(o, "device", b.e[i].section);
			if (conf_get(&b, b.e[i].section, "driver"))
				jx_add_str(o, "driver", conf_get(&b, b.e[i].section, "driver"));
			json_object_array_add(a, o);
		}
	conf_free(&b);
	return a;
}

static json_object *op_status(json_object *args, const int *fds, size_t nfds,
			      struct ndl_err *err)
{
	json_object *r = json_object_new_object(), *x, *v;

	(void)args; (void)fds; (void)nfds;
	jx_add_str(r, "version", NDL_VERSION);
	json_object_object_add(r, "module", kmod_status_json());
	x = op_driver_list(NULL, NULL, 0, err);
	json_object_object_get_ex(x, "drivers", &v);
	json_object_object_add(r, "drivers", json_object_get(v));
	json_object_put(x);
	x = devices_result(true, err);
	if (x && json_object_object_get_ex(x, "devices", &v))
		json_object_object_add(r, "devices", json_object_get(v));
	else
		json_object_object_add(r, "devices", json_object_new_array());
	json_object_put(x);
	ndl_err_clear(err);
	json_object_object_add(r, "interfaces", interfaces_json());
	json_object_object_add(r, "isolated", isolated_list());
	json_object_object_add(r, "virtual", virt_list(NULL));
	return r;
}

static json_object *op_diag(json_object *args, const int *fds, size_t nfds,
			    struct ndl_err *err)
{
	json_object *r = json_object_new_object();
	char *text = diag_collect();

	(void)args; (void)fds; (void)nfds;
	if (!text) {
		json_object_put(r);
		return ndl_fail(err, NDL_E_INTERNAL, "out of memory"), NULL;
	}
	jx_add_str(r, "text", text);
	free(text);
	return r;
}

/* The driver's log: kernel and helper messages (logview.c). */
static json_object *op_log(json_object *args, const int *fds, size_t nfds,
			   struct ndl_err *err)
{
	struct logview_query q = {
		.driver = jx_str(args, "driver"),
		.device = jx_str(args, "device"),
		.since = jx_str(args, "since"),
		.limit = (size_t)jx_int(args, "limit"),
	};

	(void)fds; (void)nfds;
	if (jx_int(args, "limit") < 0 || jx_int(args, "limit") > LOGVIEW_MAX_LIMIT)
		return ndl_fail(err, NDL_E_BAD_REQUEST, "limit must be 0..%d", LOGVIEW_MAX_LIMIT),
			NULL;
	return logview_collect(&q, err);
}

/* ---- licensing ----------------------------------------------------------------- */

#ifdef NDL_HAVE_LICENSE
static json_object *lic_result(json_object *o, const char *code, const char *msg,
			       struct ndl_err *err)
{
	if (o)
		return o;
	ndl_fail(err, code && !strcmp(code, "invalid") ? NDL_E_INVALID : NDL_E_INTERNAL,
		 "%s", msg);
	return NULL;
}

static json_object *op_license_get(json_object *args, const int *fds, size_t nfds,
				   struct ndl_err *err)
{
	const char *code = NULL;
	char msg[512] = "";

	json_object *o;

	(void)args; (void)fds; (void)nfds;
	/* Two statements: argument evaluation order would let code be read first. */
	o = ndl_license_op_get(&code, msg, sizeof(msg));
	return lic_result(o, code, msg, err);
}

static json_object *op_license_install(json_object *args, const int *fds, size_t nfds,
				       struct ndl_err *err)
{
	const char *code = NULL, *text = jx_str(args, "text");
	char msg[512] = "";

	json_object *o;

	(void)fds; (void)nfds;
	o = ndl_license_op_install(text, strlen(text), &code, msg, sizeof(msg));
	return lic_result(o, code, msg, err);
}

static json_object *op_license_remove(json_object *args, const int *fds, size_t nfds,
				      struct ndl_err *err)
{
	const char *code = NULL;
	char msg[512] = "";

	json_object *o;

	(void)args; (void)fds; (void)nfds;
	o = ndl_license_op_remove(&code, msg, sizeof(msg));
	return lic_result(o, code, msg, err);
}
#endif

/* ---- the table ----------------------------------------------------------------- */

static const struct op ops[] = {
	{ "status", NO_FIELDS, false, op_status },
	{ "driver.list", NO_FIELDS, false, op_driver_list },
	{ "driver.get", FIELDS({ "name", J_STRING, true, 64 }), false, op_driver_get },
	{ "driver.install", FIELDS({ "files", J_ARRAY, true, OPS_MAX_FDS },
				   { "staging", J_STRING, false, 16 },
				   { "name", J_STRING, false, 64 },
				   { "inf", J_STRING, false, 255 },
				   { "complete", J_BOOL, false, 0 },
				   { "client", J_STRING, false, STAGING_CLIENT_MAX }),
	  true, op_driver_install },
	/* The setup assistant: a vendor's package, unpacked and matched (pkg_setup.c). */
	{ "package.open", FIELDS({ "files", J_ARRAY, true, OPS_MAX_FDS }), true,
	  op_package_open },
	{ "package.install", FIELDS({ "package", J_STRING, true, 16 },
				    { "inf", J_STRING, true, 1024 },
				    { "name", J_STRING, false, 64 }),
	  false, op_package_install },
	{ "driver.remove", FIELDS({ "name", J_STRING, true, 64 },
				  { "force", J_BOOL, false, 0 }), false, op_driver_remove },
	{ "driver.params.get", FIELDS({ "name", J_STRING, true, 64 },
				      { "device", J_STRING, false, 31 }), false, op_params_get },
	{ "driver.params.set", FIELDS({ "name", J_STRING, true, 64 },
				      { "values", J_OBJECT, true, 0 },
				      { "device", J_STRING, false, 31 }), false, op_params_set },
	/* Compatibility settings (compat.c). */
	{ "driver.compat.get", FIELDS({ "name", J_STRING, true, 64 }), false, op_compat_get },
	{ "driver.compat.set", FIELDS({ "name", J_STRING, true, 64 },
				      { "values", J_OBJECT, true, 0 }), false, op_compat_set },
	{ "device.list", FIELDS({ "all", J_BOOL, false, 0 }), false, op_device_list },
	{ "device.bind", FIELDS({ "device", J_STRING, true, 31 },
				{ "driver", J_STRING, true, 64 },
				{ "unbind_native", J_BOOL, false, 0 },
				{ "isolated", J_BOOL, false, 0 }), false, op_device_bind },
	{ "device.unbind", FIELDS({ "device", J_STRING, true, 31 }), false, op_device_unbind },
	/* Virtual (root-enumerated) adapters (virt.c). */
	{ "virtual.list", FIELDS({ "driver", J_STRING, false, 64 }), false, op_virtual_list },
	{ "virtual.add", FIELDS({ "driver", J_STRING, true, 64 },
				{ "count", J_INT, false, 0 }), false, op_virtual_add },
	{ "virtual.remove", FIELDS({ "driver", J_STRING, true, 64 },
				   { "instance", J_INT, false, 0 },
				   { "force", J_BOOL, false, 0 }), false, op_virtual_remove },
	{ "interface.list", NO_FIELDS, false, op_interface_list },
	{ "load", FIELDS({ "driver", J_STRING, false, 64 },
			 { "device", J_STRING, false, 64 },
			 { "unbind_native", J_BOOL, false, 0 },
			 { "reload", J_BOOL, false, 0 }), false, op_load },
	{ "unload", FIELDS({ "driver", J_STRING, true, 64 }), false, op_unload },
	{ "interface.up", FIELDS({ "interface", J_STRING, true, 15 },
				 { "dhcp", J_BOOL, false, 0 }), false, op_interface_up },
#ifdef NDL_HAVE_LICENSE
	{ "license.get", NO_FIELDS, false, op_license_get },
	{ "license.install", FIELDS({ "text", J_STRING, true, 8192 }), false, op_license_install },
	{ "license.remove", NO_FIELDS, false, op_license_remove },
#endif
	{ "diag", NO_FIELDS, false, op_diag },
	{ "log", FIELDS({ "driver", J_STRING, false, 64 },
			{ "device", J_STRING, false, 31 },
			{ "since", J_STRING, false, 48 },
			{ "limit", J_INT, false, 0 }), false, op_log },
	/* Symptoms of known driver bugs and their cures (doctor.c). */
	{ "doctor", FIELDS({ "device", J_STRING, false, 31 },
			   { "wait", J_INT, false, 0 }), false, op_doctor },
	/* Wireless interfaces (wifi_ops.c, docs/wireless.md). */
	{ "wifi.status", FIELDS({ "interface", J_STRING, true, 15 }), false, op_wifi_status },
	{ "wifi.scan", FIELDS({ "interface", J_STRING, true, 15 }), false, op_wifi_scan },
	{ "wifi.profile.get", FIELDS({ "interface", J_STRING, true, 15 }), false,
	  op_wifi_profile_get },
	{ "wifi.profile.set", FIELDS({ "interface", J_STRING, true, 15 },
				     { "ssid", J_STRING, true, 32 },
				     { "security", J_STRING, true, 16 },
				     { "key", J_STRING, false, 64 },
				     { "hidden", J_BOOL, false, 0 },
				     { "country", J_STRING, false, 2 },
				     { "power_save", J_BOOL, false, 0 },
				     { "autoconnect", J_BOOL, false, 0 },
				     { "connect", J_BOOL, false, 0 }), false, op_wifi_profile_set },
	{ "wifi.connect", FIELDS({ "interface", J_STRING, true, 15 }), false, op_wifi_connect },
	{ "wifi.disconnect", FIELDS({ "interface", J_STRING, true, 15 }), false,
	  op_wifi_disconnect },
	{ "wifi.forget", FIELDS({ "interface", J_STRING, true, 15 }), false, op_wifi_forget },
	{ "wifi.restore", NO_FIELDS, false, op_wifi_restore },
};

/* Operations that change nothing (a positive list: a new op is a writer until listed). */
static const char *const read_only_ops[] = {
	"status", "driver.list", "driver.get", "driver.params.get", "driver.compat.get",
	"device.list", "interface.list", "virtual.list", "license.get", "diag", "log", "doctor",
	"wifi.status", "wifi.scan", "wifi.profile.get",
};

/* Operations that wait: DriverEntry and the miniport's initialisation, DHCP, scans, doctor's wait. */
static const char *const slow_ops[] = {
	"load", "unload", "device.bind", "device.unbind", "interface.up", "doctor",
	"virtual.add", "virtual.remove",	/* the miniport's initialisation and halt */
	"wifi.scan", "wifi.connect",
	"package.open", "package.install",	/* unpacking, the pre-flight checks */
};

static bool listed(const char *const *list, size_t n, const char *op)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(list[i], op))
			return true;
	return false;
}

void ops_plan(const char *op, bool *changes, bool *slow)
{
	*changes = !listed(read_only_ops, sizeof(read_only_ops) / sizeof(read_only_ops[0]), op);
	*slow = listed(slow_ops, sizeof(slow_ops) / sizeof(slow_ops[0]), op);
}

json_object *ops_call(const char *name, json_object *args, const int *fds,
		      size_t nfds, struct ndl_err *err)
{
	json_object *empty = NULL, *r;
	size_t i;

	ndl_err_clear(err);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		const struct op *op = &ops[i];

		if (strcmp(op->name, name))
			continue;
		if (!args)
			args = empty = json_object_new_object();
		if (jx_check(args, op->fields, op->nfields, "args", err)) {
			json_object_put(empty);
			return NULL;
		}
		if (nfds && !op->takes_fds) {
			json_object_put(empty);
			return ndl_fail(err, NDL_E_BAD_REQUEST,
					"%s takes no files, but %zu descriptors came with it",
					name, nfds), NULL;
		}
		r = op->fn(args, fds, nfds, err);
		if (!r && err->code == NDL_OK)
			ndl_fail(err, NDL_E_INTERNAL, "%s failed", name);
		hlog_op(name, args, r, err);	/* the driver's log (hlog.c) */
		json_object_put(empty);
		return r;
	}
	ndl_fail(err, NDL_E_UNKNOWN_OP, "unknown operation \"%.64s\"", name);
	return NULL;
}
