// SPDX-License-Identifier: GPL-2.0-only
/* The /dev/ndisload ioctls (see kmod_ipc.h and module/uapi/ndisload.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "lib/jsonx.h"
#include "sys/kmod_ipc.h"
#include "lib/paths.h"
#include "lib/strutil.h"

static int open_dev(bool write, struct ndl_err *err)
{
	char path[NDL_PATH_MAX];
	int fd, e;

	if (!ndl_path(path, sizeof(path), NDL_DEV_NODE))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	fd = open(path, (write ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (fd >= 0)
		return fd;
	e = errno;
	if (e == ENOENT || e == ENODEV || e == ENXIO) {
		ndl_fail(err, NDL_E_MODULE, "the ndisload kernel module is not loaded (%s: %s)",
			 path, strerror(e));
		return ndl_hint(err, "load it with 'modprobe ndisload' (installed by DKMS), then try again");
	}
	if (e == EACCES || e == EPERM) {
		ndl_fail(err, NDL_E_MODULE, "cannot open %s: %s", path, strerror(e));
		return ndl_hint(err, "run this as root (sudo)");
	}
	return ndl_fail(err, NDL_E_MODULE, "cannot open %s: %s", path, strerror(e));
}

static void hdr(struct ndl_hdr *h, size_t size)
{
	h->size = (uint32_t)size;
	h->abi_version = NDL_ABI_VERSION;
}

static int ioc_fail(const char *what, int e, const char *module_msg,
		    struct ndl_err *err)
{
	const char *m = module_msg && *module_msg ? module_msg : strerror(e);

	switch (e) {
	case ENOTTY:
		ndl_fail(err, NDL_E_MODULE, "%s: the loaded module does not offer this operation (ioctl not implemented)",
			 what);
		return ndl_hint(err, "install the module that came with this ndisload (modinfo ndisload shows its version)");
	case EPROTO:
		ndl_fail(err, NDL_E_MODULE, "%s: the loaded module speaks another ABI version than this ndisload (%d)",
			 what, NDL_ABI_VERSION);
		return ndl_hint(err, "install matching versions of the module and the ndisload program");
	case EPERM:
		ndl_fail(err, NDL_E_MODULE, "%s: not permitted", what);
		return ndl_hint(err, "run this as root (sudo)");
	case ENOEXEC:
		ndl_fail(err, NDL_E_INVALID, "%s: the module refused the driver image: %s", what, m);
		return ndl_hint(err, "the .sys must be a 64-bit (x64) Windows driver; 'ndisload check FILE.sys' tells more");
	case ELIBACC:
		ndl_fail(err, NDL_E_INVALID, "%s: the driver needs Windows functions ndisload lacks: %s", what, m);
		return ndl_hint(err, "please report this with 'ndisload diag' output");
	case EEXIST:
		ndl_fail(err, NDL_E_CONFLICT, "%s: %s", what, m);
		return ndl_hint(err, "another loaded driver serves the same name or device ID; 'ndisload status' shows them");
	case EBUSY:
		ndl_fail(err, NDL_E_CONFLICT, "%s: an interface of the driver is up", what);
		return ndl_hint(err, "take it down (ip link set IFACE down) or force it");
	case ENOSPC:
		return ndl_fail(err, NDL_E_CONFLICT, "%s: the module has as many drivers loaded as it takes", what);
	case EOPNOTSUPP:
		ndl_fail(err, NDL_E_MODULE, "%s: this kernel gives the module no way to run driver code: %s", what, m);
		return ndl_hint(err, "see docs/kernel.md");
	case EPROTONOSUPPORT:
		return ndl_fail(err, NDL_E_INVALID, "%s: the module serves only PCI devices so far", what);
	case ENOENT:
		return ndl_fail(err, NDL_E_NOT_FOUND, "%s: the module has no such driver loaded", what);
	case EIO:
		ndl_fail(err, NDL_E_MODULE, "%s: the driver failed to start: %s", what, m);
		return ndl_hint(err, "'ndisload diag' collects the module's kernel log lines");
	default:
		return ndl_fail(err, NDL_E_MODULE, "%s: %s", what, m);
	}
}

int kmod_version(struct ndl_version *v, struct ndl_err *err)
{
	int fd = open_dev(false, err);

	if (fd < 0)
		return -1;
	memset(v, 0, sizeof(*v));
	hdr(&v->hdr, sizeof(*v));
	if (ioctl(fd, NDL_IOC_VERSION, v)) {
		int e = errno;

		close(fd);
		return ioc_fail("version", e, NULL, err);
	}
	close(fd);
	return 0;
}

int kmod_add_driver(struct ndl_add_driver *a, struct ndl_err *err)
{
	int fd = open_dev(true, err), e;
	char what[64];

	if (fd < 0)
		return -1;
	hdr(&a->hdr, sizeof(*a));
	a->file_size = sizeof(struct ndl_file);
	a->id_size = sizeof(struct ndl_device_id);
	a->reg_size = sizeof(struct ndl_reg_value);
	a->error[0] = '\0';
	if (ioctl(fd, NDL_IOC_ADD_DRIVER, a) == 0) {
		close(fd);
		return 0;
	}
	e = errno;
	close(fd);
	a->error[sizeof(a->error) - 1] = '\0';
	snprintf(what, sizeof(what), "loading driver %s", a->name);
	return ioc_fail(what, e, a->error, err);
}

int kmod_remove_driver(const char *name, bool force, struct ndl_err *err)
{
	struct ndl_remove_driver r;
	int fd = open_dev(true, err), e;
	char what[64];

	if (fd < 0)
		return -1;
	memset(&r, 0, sizeof(r));
	hdr(&r.hdr, sizeof(r));
	str_copy(r.name, sizeof(r.name), name);
	r.flags = force ? NDL_REMOVE_FORCE : 0;
	if (ioctl(fd, NDL_IOC_REMOVE_DRIVER, &r) == 0) {
		close(fd);
		return 0;
	}
	e = errno;
	close(fd);
	snprintf(what, sizeof(what), "unloading driver %s", name);
	return ioc_fail(what, e, NULL, err);
}

/* One NDL_IOC_ADD_VIRTUAL or NDL_IOC_REMOVE_VIRTUAL; errno, 0, or -1. */
static int virtual_call(unsigned long cmd, struct ndl_virtual *v, const char *driver,
			unsigned instance, uint32_t flags, struct ndl_err *err)
{
	int fd = open_dev(true, err), e = 0;

	if (fd < 0)
		return -1;
	memset(v, 0, sizeof(*v));
	hdr(&v->hdr, sizeof(*v));
	str_copy(v->driver, sizeof(v->driver), driver);
	v->instance = instance;
	v->flags = flags;
	if (ioctl(fd, cmd, v))
		e = errno;
	close(fd);
	v->error[sizeof(v->error) - 1] = '\0';
	return e;
}

int kmod_add_virtual(const char *driver, int at, unsigned *instance,
		     struct ndl_err *err)
{
	struct ndl_virtual v;
	char what[96];
	int e;

	e = virtual_call(NDL_IOC_ADD_VIRTUAL, &v, driver, at >= 0 ? (unsigned)at : 0,
			 at >= 0 ? NDL_VIRTUAL_AT : 0, err);
	if (e < 0)
		return -1;
	if (!e) {
		*instance = v.instance;
		return 0;
	}
	snprintf(what, sizeof(what), "adding a virtual adapter of %s", driver);
	switch (e) {
	case ENOSPC:
		ndl_fail(err, NDL_E_CONFLICT, "%s: %s", what, v.error);
		return ndl_hint(err, "a driver has at most %d virtual adapters; remove one first (ndisload remove-virtual)",
				NDL_MAX_VIRTUAL);
	case ENODEV:
		return ndl_fail(err, NDL_E_INVALID, "%s: %s", what, v.error);
	case EINVAL:
		ndl_fail(err, NDL_E_MODULE, "%s: the module refused the request (%s)", what, strerror(e));
		return ndl_hint(err, "install the module that came with this ndisload (modinfo ndisload shows its version)");
	case ENOENT:
		return ndl_fail(err, NDL_E_NOT_FOUND, "%s: %s", what,
				v.error[0] ? v.error : "the driver is not loaded");
	}
	return ioc_fail(what, e, v.error, err);
}

int kmod_remove_virtual(const char *driver, unsigned instance, bool force,
			struct ndl_err *err)
{
	struct ndl_virtual v;
	char what[96];
	int e;

	e = virtual_call(NDL_IOC_REMOVE_VIRTUAL, &v, driver, instance,
			 force ? NDL_REMOVE_FORCE : 0, err);
	if (e <= 0)
		return e;
	snprintf(what, sizeof(what), "removing virtual adapter %u of %s", instance, driver);
	if (e == ENOENT)
		return ndl_fail(err, NDL_E_NOT_FOUND, "%s: the module has no such adapter", what);
	if (e == EBUSY) {
		ndl_fail(err, NDL_E_CONFLICT, "%s: its interface is up", what);
		return ndl_hint(err, "take it down (ip link set IFACE down) or use --force");
	}
	return ioc_fail(what, e, NULL, err);
}

/* Lists with one retry when the list grew between the two calls. */
static int list(unsigned long cmd, const char *driver, size_t elem, void **out,
		size_t *n, struct ndl_err *err)
{
	struct ndl_list l;
	void *buf = NULL;
	int fd = open_dev(false, err), tries;
	uint32_t max = 16;

	if (fd < 0)
		return -1;
	for (tries = 0; tries < 4; tries++) {
		free(buf);
		buf = calloc(max, elem);
		if (!buf) {
			close(fd);
			return ndl_fail(err, NDL_E_INTERNAL, "out of memory");
		}
		memset(&l, 0, sizeof(l));
		hdr(&l.hdr, sizeof(l));
		l.elem_size = (uint32_t)elem;
		l.max = max;
		l.buf = (uint64_t)(uintptr_t)buf;
		if (driver)
			str_copy(l.driver, sizeof(l.driver), driver);
		if (ioctl(fd, cmd, &l)) {
			int e = errno;

			free(buf);
			close(fd);
			return ioc_fail("listing", e, NULL, err);
		}
		if (l.count <= max)
			break;
		max = l.count + 8;
	}
	close(fd);
	*out = buf;
	*n = l.count < max ? l.count : max;
	return 0;
}

int kmod_list_drivers(struct ndl_driver_info **out, size_t *n,
		      struct ndl_err *err)
{
	return list(NDL_IOC_LIST_DRIVERS, NULL, sizeof(**out), (void **)out, n, err);
}

int kmod_list_devices(const char *driver, struct ndl_device_info **out,
		      size_t *n, struct ndl_err *err)
{
	return list(NDL_IOC_LIST_DEVICES, driver, sizeof(**out), (void **)out, n, err);
}

void kmod_location_str(const struct ndl_pci_location *l, char *out, size_t size)
{
	snprintf(out, size, "%04x:%02x:%02x.%x", l->domain, l->bus, l->slot, l->function);
}

void kmod_device_str(const struct ndl_device_info *d, char *out, size_t size)
{
	if (d->bus == NDL_BUS_VIRTUAL)
		snprintf(out, size, "virtual.%u", d->location.domain);
	else
		kmod_location_str(&d->location, out, size);
}

bool kmod_parse_location(const char *s, struct ndl_pci_location *l)
{
	unsigned dom, bus, slot, fn;
	char end;

	memset(l, 0, sizeof(*l));
	if (sscanf(s, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) != 4 ||
	    bus > 0xff || slot > 31 || fn > 7)
		return false;
	l->domain = dom;
	l->bus = (uint8_t)bus;
	l->slot = (uint8_t)slot;
	l->function = (uint8_t)fn;
	return true;
}

static const char *dev_state(uint32_t s)
{
	switch (s) {
	case NDL_DEV_RUNNING: return "running";
	case NDL_DEV_FAILED: return "failed";
	case NDL_DEV_OWNED: return "native";
	case NDL_DEV_GONE: return "gone";
	}
	return "unknown";
}

json_object *kmod_status_json(void)
{
	json_object *o = json_object_new_object(), *a;
	struct ndl_version v;
	struct ndl_driver_info *drv = NULL;
	struct ndl_device_info *dev = NULL;
	struct ndl_err err;
	size_t n, i;

	if (kmod_version(&v, &err)) {
		json_object_object_add(o, "loaded", json_object_new_boolean(false));
		jx_add_str(o, "error", err.msg);
		return o;
	}
	v.release[sizeof(v.release) - 1] = '\0';
	json_object_object_add(o, "loaded", json_object_new_boolean(true));
	jx_add_str(o, "version", v.release);
	json_object_object_add(o, "abi", json_object_new_int((int)v.abi_version));
	a = json_object_new_array();
	if (v.features & NDL_FEAT_EXEC)
		json_object_array_add(a, json_object_new_string("exec"));
	if (v.features & NDL_FEAT_NDIS5)
		json_object_array_add(a, json_object_new_string("ndis5"));
	if (v.features & NDL_FEAT_NDIS6)
		json_object_array_add(a, json_object_new_string("ndis6"));
	if (v.features & NDL_FEAT_COMPAT)
		json_object_array_add(a, json_object_new_string("compat"));
	json_object_object_add(o, "features", a);
	a = json_object_new_array();
	if (!kmod_list_drivers(&drv, &n, &err))
		for (i = 0; i < n; i++) {
			json_object *d = json_object_new_object();
			char nv[16];

			drv[i].name[NDL_NAME_MAX - 1] = drv[i].version[NDL_VERSION_MAX - 1] = '\0';
			drv[i].message[NDL_MSG_MAX - 1] = '\0';
			jx_add_str(d, "name", drv[i].name);
			jx_add_str(d, "version", drv[i].version);
			jx_add_str(d, "state", drv[i].state == NDL_DRV_LOADED ? "loaded" : "removing");
			snprintf(nv, sizeof(nv), "%u.%u", drv[i].ndis_version >> 8,
				 drv[i].ndis_version & 0xff);
			jx_add_str(d, "ndis", nv);
			json_object_object_add(d, "devices", json_object_new_int((int)drv[i].n_devices));
			jx_add_str_or_null(d, "error", drv[i].message[0] ? drv[i].message : NULL);
			json_object_array_add(a, d);
		}
	json_object_object_add(o, "drivers", a);
	a = json_object_new_array();
	if (!kmod_list_devices(NULL, &dev, &n, &err))
		for (i = 0; i < n; i++) {
			json_object *d = json_object_new_object();
			char loc[32];

			dev[i].driver[NDL_NAME_MAX - 1] = dev[i].ifname[15] = '\0';
			dev[i].owner[NDL_NAME_MAX - 1] = dev[i].message[NDL_MSG_MAX - 1] = '\0';
			kmod_device_str(&dev[i], loc, sizeof(loc));
			jx_add_str(d, "device", loc);
			jx_add_str(d, "driver", dev[i].driver);
			jx_add_str(d, "state", dev_state(dev[i].state));
			jx_add_str_or_null(d, "interface", dev[i].ifname[0] ? dev[i].ifname : NULL);
			json_object_object_add(d, "up", json_object_new_boolean(dev[i].flags & NDL_DEVF_UP));
			json_object_object_add(d, "carrier", json_object_new_boolean(dev[i].flags & NDL_DEVF_CARRIER));
			json_object_object_add(d, "speed_mbps", json_object_new_int64((int64_t)(dev[i].link_speed / 1000000)));
			jx_add_str_or_null(d, "native_driver", dev[i].owner[0] ? dev[i].owner : NULL);
			jx_add_str_or_null(d, "error", dev[i].message[0] ? dev[i].message : NULL);
			json_object_object_add(d, "single_buffer_sends",
					       json_object_new_boolean(dev[i].flags & NDL_DEVF_SINGLE_BUF));
			json_object_object_add(d, "multicast_all",
					       json_object_new_boolean(dev[i].flags & NDL_DEVF_MCAST_ALL));
			json_object_array_add(a, d);
		}
	json_object_object_add(o, "devices", a);
	free(drv);
	free(dev);
	return o;
}
