// SPDX-License-Identifier: GPL-2.0-only
/* Virtual adapters: add, remove, restore at load, list (see virt.h). */
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/strutil.h"
#include "store/config.h"
#include "store/store.h"
#include "sys/kmod_ipc.h"
#include "sys/push.h"
#include "sys/virt.h"

#define VIRT_ALL ((1u << NDL_MAX_VIRTUAL) - 1)

/*
 * The machine's ID (/etc/machine-id, 32 hex digits) as the key of the MAC
 * hash, as systemd's persistent MAC policy does: two machines running the
 * same virtual driver on one LAN must not answer to the same address.
 * Without one (a container, a test root) the hash is unkeyed.
 */
static size_t machine_key(unsigned char key[16])
{
	char path[NDL_PATH_MAX], line[64];
	size_t n = 0;

	if (!ndl_path(path, sizeof(path), "/etc/machine-id") ||
	    !fs_read_line(path, line, sizeof(line)) || strlen(line) != 32 ||
	    sodium_hex2bin(key, 16, line, 32, NULL, &n, NULL) || n != 16)
		return 0;
	return 16;
}

/*
 * A hash of the lower-case name and the instance, keyed with the machine's
 * ID: stable across loads, distinct per instance and per machine; unicast,
 * locally administered (bits 0 and 1 of the first byte), as
 * NdisReadNetworkAddress users require.
 */
void virt_mac_text(const char *driver, unsigned instance, char out[13])
{
	unsigned char in[NDL_NAME_MAX + 32], h[16], key[16];
	size_t n = (size_t)snprintf((char *)in, sizeof(in), "ndisload-virtual:%s:", driver), i;
	size_t keylen = machine_key(key);

	if (n >= sizeof(in))
		n = sizeof(in) - 1;
	for (i = 0; i < n; i++)
		in[i] = (unsigned char)tolower(in[i]);
	in[n++] = (unsigned char)instance;
	/* BLAKE2b needs no initialisation; -1 (no randomness) is harmless. */
	if (sodium_init() < 0)
		memset(h, 0, sizeof(h));
	crypto_generichash(h, sizeof(h), in, n, keylen ? key : NULL, keylen);
	h[0] = (unsigned char)((h[0] & 0xfc) | 0x02);
	for (i = 0; i < 6; i++)
		snprintf(out + 2 * i, 3, "%02X", h[i]);
}

/* The driver's virtual adapters in the module, as a mask. */
static uint32_t running(const char *driver, struct ndl_device_info **devs, size_t *n)
{
	struct ndl_err err;
	uint32_t mask = 0;
	size_t i;

	*devs = NULL;
	*n = 0;
	if (kmod_list_devices(driver, devs, n, &err))
		return 0;
	for (i = 0; i < *n; i++)
		if ((*devs)[i].bus == NDL_BUS_VIRTUAL && (*devs)[i].location.domain < NDL_MAX_VIRTUAL)
			mask |= 1u << (*devs)[i].location.domain;
	return mask;
}

static json_object *adapter_json(const char *driver, unsigned inst, bool saved,
				 const struct ndl_device_info *d)
{
	json_object *o = json_object_new_object();
	char mac[13], text[18], path[NDL_PATH_MAX], buf[32];
	int i;

	jx_add_str(o, "driver", driver);
	json_object_object_add(o, "instance", json_object_new_int((int)inst));
	snprintf(buf, sizeof(buf), "virtual.%u", inst);
	jx_add_str(o, "device", buf);
	virt_mac_text(driver, inst, mac);
	for (i = 0; i < 6; i++)
		snprintf(text + 3 * i, 4, "%c%c%s", tolower(mac[2 * i]), tolower(mac[2 * i + 1]),
			 i < 5 ? ":" : "");
	json_object_object_add(o, "saved", json_object_new_boolean(saved));
	if (!d) {
		jx_add_str(o, "mac", text);
		jx_add_str(o, "state", "stopped");
		json_object_object_add(o, "interface", NULL);
		json_object_object_add(o, "up", json_object_new_boolean(false));
		json_object_object_add(o, "carrier", json_object_new_boolean(false));
		json_object_object_add(o, "error", NULL);
		return o;
	}
	/* The address in use: the user's NetworkAddress or a MAC change win. */
	if (d->ifname[0] && name_is_safe_file(d->ifname) &&
	    ndl_path(path, sizeof(path), NDL_SYS_DIR "/class/net/%s/address", d->ifname) &&
	    fs_read_line(path, buf, sizeof(buf)) && buf[0])
		jx_add_str(o, "mac", buf);
	else
		jx_add_str(o, "mac", text);
	jx_add_str(o, "state", d->state == NDL_DEV_RUNNING ? "running" : "failed");
	jx_add_str_or_null(o, "interface", d->ifname[0] ? d->ifname : NULL);
	json_object_object_add(o, "up", json_object_new_boolean(d->flags & NDL_DEVF_UP));
	json_object_object_add(o, "carrier", json_object_new_boolean(d->flags & NDL_DEVF_CARRIER));
	jx_add_str_or_null(o, "error", d->message[0] ? d->message : NULL);
	return o;
}

static const struct ndl_device_info *find_dev(const struct ndl_device_info *devs, size_t n,
					      const char *driver, unsigned inst)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (devs[i].bus == NDL_BUS_VIRTUAL && devs[i].location.domain == inst &&
		    !strncmp(devs[i].driver, driver, NDL_NAME_MAX))
			return &devs[i];
	return NULL;
}

static void terminate(struct ndl_device_info *devs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		devs[i].driver[NDL_NAME_MAX - 1] = devs[i].ifname[sizeof(devs[i].ifname) - 1] = '\0';
		devs[i].message[NDL_MSG_MAX - 1] = '\0';
	}
}

/* One driver's adapters, in instance order, into a. */
static void list_driver(json_object *a, const char *driver, uint32_t saved,
			const struct ndl_device_info *devs, size_t n)
{
	unsigned inst;

	for (inst = 0; inst < NDL_MAX_VIRTUAL; inst++) {
		const struct ndl_device_info *d = find_dev(devs, n, driver, inst);

		if (d || (saved & (1u << inst)))
			json_object_array_add(a, adapter_json(driver, inst, saved & (1u << inst), d));
	}
}

json_object *virt_list(const char *driver)
{
	json_object *a = json_object_new_array(), *names = json_object_new_array();
	struct ndl_device_info *devs = NULL;
	struct ndl_err err;
	struct conf c;
	size_t n = 0, i, k;

	if (config_virtual(&c, &err))
		conf_free(&c), conf_init(&c);
	if (kmod_list_devices(driver, &devs, &n, &err))
		n = 0;
	terminate(devs, n);
	/* Every driver named in the file or running a virtual adapter, once. */
	for (i = 0; i < c.n + n; i++) {
		const char *name = i < c.n ? c.e[i].section : devs[i - c.n].driver;
		bool dup = false;

		if (i >= c.n && devs[i - c.n].bus != NDL_BUS_VIRTUAL)
			continue;
		if (driver && !str_ieq(name, driver))
			continue;
		for (k = 0; k < json_object_array_length(names); k++)
			dup |= str_ieq(json_object_get_string(json_object_array_get_idx(names, k)), name);
		if (!dup)
			json_object_array_add(names, json_object_new_string(name));
	}
	for (k = 0; k < json_object_array_length(names); k++) {
		const char *name = json_object_get_string(json_object_array_get_idx(names, k));

		list_driver(a, name, config_virtual_instances(&c, name), devs, n);
	}
	json_object_put(names);
	conf_free(&c);
	free(devs);
	return a;
}

/* The driver's manifest, refused unless it is for virtual adapters. */
static int check_virtual(const char *driver, struct ndl_err *err)
{
	json_object *m = store_manifest(driver, err);
	bool v;

	if (!m)
		return -1;
	v = jx_bool(m, "virtual");
	json_object_put(m);
	if (v)
		return 0;
	ndl_fail(err, NDL_E_INVALID, "driver %s is for PCI or USB devices, not virtual adapters", driver);
	return ndl_hint(err, "bind it to a device instead (ndisload bind DEVICE %s)", driver);
}

/* Take back the adapters of mask (a failed add). */
static void undo(const char *driver, uint32_t mask)
{
	struct ndl_err e2;
	unsigned inst;

	for (inst = 0; inst < NDL_MAX_VIRTUAL; inst++)
		if (mask & (1u << inst))
			kmod_remove_virtual(driver, inst, true, &e2);
}

json_object *virt_add(const char *driver, int count, struct ndl_err *err)
{
	struct push_opts o = { .reload = false };
	json_object *r, *l, *added;
	uint32_t mask = 0;
	unsigned inst;
	struct conf c;
	size_t i;
	int k;

	if (count < 1 || count > NDL_MAX_VIRTUAL)
		return ndl_fail(err, NDL_E_BAD_REQUEST, "count must be 1..%d", NDL_MAX_VIRTUAL), NULL;
	if (check_virtual(driver, err))
		return NULL;
	if (config_virtual(&c, err))
		goto fail;
	for (k = 0; k < count; k++) {
		if (kmod_add_virtual(driver, -1, &inst, err)) {
			/* Not loaded yet: load it (its saved adapters come back too). */
			if (k || err->code != NDL_E_NOT_FOUND)
				goto fail;
			ndl_err_clear(err);
			r = push_driver(driver, &o, err);
			if (!r)
				goto fail;
			json_object_put(r);
			if (kmod_add_virtual(driver, -1, &inst, err))
				goto fail;
		}
		mask |= 1u << inst;
	}
	config_virtual_set(&c, driver, config_virtual_instances(&c, driver) | mask);
	if (config_virtual_save(&c, err))
		goto fail;
	conf_free(&c);
	r = json_object_new_object();
	jx_add_str(r, "driver", driver);
	l = virt_list(driver);
	added = json_object_new_array();
	for (i = 0; i < json_object_array_length(l); i++) {
		json_object *x = json_object_array_get_idx(l, i);

		if (mask & (1u << jx_int(x, "instance")))
			json_object_array_add(added, json_object_get(x));
	}
	json_object_object_add(r, "added", added);
	json_object_object_add(r, "adapters", l);
	return r;
fail:
	undo(driver, mask);
	conf_free(&c);
	return NULL;
}

json_object *virt_remove(const char *driver, int instance, bool force,
			 struct ndl_err *err)
{
	struct ndl_device_info *devs;
	uint32_t run, saved, want, done = 0;
	json_object *r = NULL, *a;
	unsigned inst;
	struct conf c;
	size_t n;

	if (instance >= NDL_MAX_VIRTUAL)
		return ndl_fail(err, NDL_E_BAD_REQUEST, "instance must be 0..%d", NDL_MAX_VIRTUAL - 1),
			NULL;
	if (check_virtual(driver, err))
		return NULL;
	if (config_virtual(&c, err)) {
		conf_free(&c);
		return NULL;
	}
	run = running(driver, &devs, &n);
	free(devs);
	saved = config_virtual_instances(&c, driver) & VIRT_ALL;
	want = (instance < 0 ? VIRT_ALL : 1u << instance) & (run | saved);
	if (!want) {
		if (instance < 0)
			ndl_fail(err, NDL_E_NOT_FOUND, "driver %s has no virtual adapters", driver);
		else
			ndl_fail(err, NDL_E_NOT_FOUND, "driver %s has no virtual adapter %d", driver,
				 instance);
		ndl_hint(err, "'ndisload status' lists the virtual adapters");
		goto out;
	}
	for (inst = 0; inst < NDL_MAX_VIRTUAL; inst++) {
		if (!(want & (1u << inst)))
			continue;
		if ((run & (1u << inst)) && kmod_remove_virtual(driver, inst, force, err))
			break;	/* the ones removed so far are still forgotten below */
		done |= 1u << inst;
	}
	if (saved & done) {
		struct ndl_err e2;

		config_virtual_set(&c, driver, saved & ~done);
		if (config_virtual_save(&c, err->code == NDL_OK ? err : &e2))
			goto out;
	}
	if (err->code != NDL_OK)
		goto out;
	r = json_object_new_object();
	jx_add_str(r, "driver", driver);
	a = json_object_new_array();
	for (inst = 0; inst < NDL_MAX_VIRTUAL; inst++)
		if (done & (1u << inst))
			json_object_array_add(a, json_object_new_int((int)inst));
	json_object_object_add(r, "removed", a);
out:
	conf_free(&c);
	return r;
}

json_object *virt_restore(const char *driver, json_object *notes)
{
	json_object *a = json_object_new_array();
	uint32_t saved = config_virtual_of(driver) & VIRT_ALL;
	unsigned inst, got;

	for (inst = 0; inst < NDL_MAX_VIRTUAL; inst++) {
		struct ndl_err err;
		char buf[sizeof(err.msg) + 64];

		if (!(saved & (1u << inst)))
			continue;
		ndl_err_clear(&err);
		if (kmod_add_virtual(driver, (int)inst, &got, &err)) {
			snprintf(buf, sizeof(buf), "virtual adapter %u did not start: %s", inst, err.msg);
			json_object_array_add(notes, json_object_new_string(buf));
			continue;
		}
		json_object_array_add(a, json_object_new_int((int)got));
	}
	return a;
}
