// SPDX-License-Identifier: GPL-2.0-only
/* Isolated mode: the device, the group device, the TAP and the options file (see isolated.h). */
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/iommu_group.h"
#include "lib/fsutil.h"
#include "lib/jsonx.h"
#include "lib/paths.h"
#include "lib/spawn.h"
#include "lib/strutil.h"
#include "store/config.h"
#include "store/store.h"
#include "sys/devices.h"
#include "sys/isolated.h"
#include "sys/iso_run.h"
#include "sys/push.h"

#define CONF_MAX (64 * 1024)
#define TAP_BUSY_TRIES 100	/* 10 s: the unit gives a stopping host 15 */

static int write_sysfs(const char *fmt, const char *dev, const char *value)
{
	char path[NDL_PATH_MAX];
	int fd, ret;

	if (!ndl_path(path, sizeof(path), fmt, dev))
		return -1;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = fs_write_all(fd, value, strlen(value));
	return close(fd) | ret;
}

/* The basename of link LINK in the device's sysfs directory, or "". */
static void device_link(const char *dev, const char *link, char *out, size_t size)
{
	char dir[NDL_PATH_MAX];

	out[0] = 0;
	if (ndl_path(dir, sizeof(dir), NDL_SYS_DIR "/bus/pci/devices/%s", dev))
		devices_link_base(dir, link, out, size);
}

static void current_driver(const char *dev, char *out, size_t size)
{
	device_link(dev, "driver", out, size);
}

/* The IOMMU group's number; refused without an IOMMU. */
static int iommu_group(const char *dev, char *group, size_t size, struct ndl_err *err)
{
	device_link(dev, "iommu_group", group, size);
	if (!group[0]) {
		ndl_fail(err, NDL_E_INVALID,
			 "%s has no IOMMU group: this machine runs without an IOMMU, and isolated mode needs one to confine the device's DMA; refusing",
			 dev);
		return ndl_hint(err, "enable VT-d/AMD-Vi in the firmware and boot with intel_iommu=on (or amd_iommu=on), or bind without isolated mode (--isolated)");
	}
	return 0;
}

static int load_vfio(struct ndl_err *err)
{
	static const char *const argv[] = { "/sbin/modprobe", "-q", "vfio-pci", NULL };
	char path[NDL_PATH_MAX];
	int st;

	if (!ndl_path(path, sizeof(path), NDL_SYS_DIR "/bus/pci/drivers/vfio-pci"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (fs_is_dir(path))
		return 0;
	if (spawn_wait(argv[0], argv, &st, err))
		return -1;
	if (!fs_is_dir(path))
		return ndl_fail(err, NDL_E_INTERNAL, "the kernel's vfio-pci driver could not be loaded (modprobe vfio-pci)");
	return 0;
}

/* The function onto vfio-pci: driver_override survives a rescan. */
static int to_vfio(const char *dev, struct ndl_err *err)
{
	char drv[64];

	current_driver(dev, drv, sizeof(drv));
	if (!strcmp(drv, "vfio-pci"))
		return 0;
	if (write_sysfs(NDL_SYS_DIR "/bus/pci/devices/%s/driver_override", dev, "vfio-pci"))
		return ndl_fail(err, NDL_E_INTERNAL, "%s: cannot set driver_override: %s", dev, strerror(errno));
	if (drv[0] && write_sysfs(NDL_SYS_DIR "/bus/pci/devices/%s/driver/unbind", dev, dev))
		return ndl_fail(err, NDL_E_INTERNAL, "%s: cannot unbind it from %s: %s", dev, drv, strerror(errno));
	write_sysfs(NDL_SYS_DIR "/bus/pci/drivers_probe%s", "", dev);
	current_driver(dev, drv, sizeof(drv));
	if (strcmp(drv, "vfio-pci"))
		return ndl_fail(err, NDL_E_INTERNAL, "%s: vfio-pci did not take it (%s)", dev,
				drv[0] ? drv : "no driver");
	return 0;
}

/* Back to Linux: no override, unbound from vfio-pci, probed afresh. */
static void from_vfio(const char *dev)
{
	char drv[64];

	write_sysfs(NDL_SYS_DIR "/bus/pci/devices/%s/driver_override", dev, "\n");
	current_driver(dev, drv, sizeof(drv));
	if (!strcmp(drv, "vfio-pci"))
		write_sysfs(NDL_SYS_DIR "/bus/pci/devices/%s/driver/unbind", dev, dev);
	write_sysfs(NDL_SYS_DIR "/bus/pci/drivers_probe%s", "", dev);
}

/* The group device, given to the host's user alone (udev may lag). */
static int hand_group(const char *group, const struct passwd *pw, struct ndl_err *err)
{
	char path[NDL_PATH_MAX], noiommu[NDL_PATH_MAX];
	int i;

	if (!ndl_path(path, sizeof(path), "/dev/vfio/%s", group) ||
	    !ndl_path(noiommu, sizeof(noiommu), "/dev/vfio/noiommu-%s", group))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	for (i = 0; i < 50 && access(path, F_OK) && access(noiommu, F_OK); i++)
		usleep(100 * 1000);
	if (!access(noiommu, F_OK))
		return ndl_fail(err, NDL_E_INVALID,
				"IOMMU group %s is a no-IOMMU VFIO group (enable_unsafe_noiommu_mode): the device's DMA would not be confined; refusing",
				group);
	if (chown(path, pw->pw_uid, pw->pw_gid) || chmod(path, 0600))
		return ndl_fail(err, NDL_E_INTERNAL, "%s: %s", path, strerror(errno));
	return 0;
}

/*
 * A persistent TAP owned by the host's user (attaching needs no privilege,
 * creating does). name: the one to reuse, or "" for a new "ndlhN".
 */
static int make_tap(char *name, size_t size, const struct passwd *pw, struct ndl_err *err)
{
	struct ifreq ifr;
	char path[NDL_PATH_MAX];
	struct stat st;
	int fd, busy;

	if (!ndl_path(path, sizeof(path), "/dev/net/tun"))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return ndl_fail(err, NDL_E_INTERNAL, "%s: %s", path, strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	str_copy(ifr.ifr_name, sizeof(ifr.ifr_name), name[0] ? name : "ndlh%d");
	/*
	 * A host just stopped (or killed with its supervisor) may still be
	 * exiting with the TAP open: EBUSY until its descriptors are closed.
	 */
	for (int i = 0; (busy = ioctl(fd, TUNSETIFF, &ifr)) && errno == EBUSY && i < TAP_BUSY_TRIES; i++)
		usleep(100 * 1000);
	if (busy || ioctl(fd, TUNSETOWNER, (unsigned long)pw->pw_uid) ||
	    ioctl(fd, TUNSETGROUP, (unsigned long)pw->pw_gid) || ioctl(fd, TUNSETPERSIST, 1UL)) {
		ndl_fail(err, NDL_E_INTERNAL, "cannot create the TAP interface: %s", strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	str_copy(name, size, ifr.ifr_name);
	/* The host opens the clone device itself; where no udev made it 0666 (the distributions' default), make it so. */
	if (!stat(path, &st) && (st.st_mode & 0666) != 0666)
		chmod(path, 0666);
	return 0;
}

static void drop_tap(const char *name)
{
	struct ifreq ifr;
	int fd;

	if (!name || !name[0])
		return;
	fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return;
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	str_copy(ifr.ifr_name, sizeof(ifr.ifr_name), name);
	if (!ioctl(fd, TUNSETIFF, &ifr))
		ioctl(fd, TUNSETPERSIST, 0UL);
	close(fd);
}

/* One "KEY VALUE" line; a value with a newline cannot be passed on. */
static void put(char *buf, size_t *len, const char *key, const char *v1, const char *v2)
{
	if (strchr(v1, '\n') || (v2 && strchr(v2, '\n')))
		return;
	*len += (size_t)snprintf(buf + *len, *len < CONF_MAX ? CONF_MAX - *len : 0, "%s %s%s%s\n",
				 key, v1, v2 ? "=" : "", v2 ? v2 : "");
}

static json_object *at(json_object *o, const char *key, size_t i)
{
	json_object *a;

	return json_object_object_get_ex(o, key, &a) ? json_object_array_get_idx(a, i) : NULL;
}

static size_t len_of(json_object *o, const char *key)
{
	json_object *a;

	return json_object_object_get_ex(o, key, &a) && json_object_is_type(a, json_type_array) ?
		json_object_array_length(a) : 0;
}

/* The .inf's values, parameter defaults, then the user's [all] and [device]. */
static void put_registry(char *buf, size_t *len, json_object *ins, const char *driver,
			 const char *dev)
{
	char sec[64], name[300];
	struct conf c;
	struct ndl_err e;
	size_t i;

	for (i = 0; i < len_of(ins, "registry"); i++) {
		json_object *r = at(ins, "registry", i), *v;
		const char *sub = jx_str(r, "subkey"), *type = jx_str(r, "type");

		if ((sub && str_istarts(sub, "Ndi")) || !type || !json_object_object_get_ex(r, "value", &v))
			continue;
		if (strcmp(type, "sz") && strcmp(type, "expand_sz") && strcmp(type, "dword") &&
		    strcmp(type, "qword"))
			continue;	/* the host takes strings; NDIS reads numbers from them */
		snprintf(name, sizeof(name), "%s%s%s", sub ? sub : "", sub ? "\\" : "",
			 jx_str(r, "name") ? jx_str(r, "name") : "");
		put(buf, len, "reg", name, json_object_get_string(v));
	}
	for (i = 0; i < len_of(ins, "params"); i++) {
		json_object *p = at(ins, "params", i);

		if (jx_str(p, "name") && jx_str(p, "default"))
			put(buf, len, "reg", jx_str(p, "name"), jx_str(p, "default"));
	}
	ndl_err_clear(&e);
	if (config_params(driver, &c, &e) == 0) {
		config_params_section(dev, sec, sizeof(sec));
		for (i = 0; i < c.n; i++)
			if (str_ieq(c.e[i].section, CONFIG_ALL))
				put(buf, len, "reg", c.e[i].key, c.e[i].value);
		for (i = 0; i < c.n; i++)
			if (str_ieq(c.e[i].section, sec))
				put(buf, len, "reg", c.e[i].key, c.e[i].value);
	}
	conf_free(&c);
}

#define MSI_SUBKEY "Interrupt Management\\MessageSignaledInterruptProperties"
#define MSI_MAX 64	/* ndisload-host's limit (VFIO_MAX_MSGS) */

int iso_msi_limit(json_object *ins)
{
	int64_t supported = 0, limit = MSI_MAX;
	size_t i;

	for (i = 0; i < len_of(ins, "hw_registry"); i++) {
		json_object *r = at(ins, "hw_registry", i), *v;
		const char *sub = jx_str(r, "subkey"), *name = jx_str(r, "name");

		if (!sub || !name || !str_ieq(sub, MSI_SUBKEY) ||
		    !json_object_object_get_ex(r, "value", &v))
			continue;
		if (str_ieq(name, "MSISupported"))
			supported = json_object_get_int64(v);
		else if (str_ieq(name, "MessageNumberLimit"))
			limit = json_object_get_int64(v);
	}
	if (!supported)
		return 0;
	return (int)(limit < 1 ? 1 : limit > MSI_MAX ? MSI_MAX : limit);
}

static void put_msi(char *buf, size_t *len, json_object *ins)
{
	char num[16];
	int n = iso_msi_limit(ins);

	if (n) {
		snprintf(num, sizeof(num), "%d", n);
		put(buf, len, "msi", num, NULL);
	}
}

/* The install section of driver manifest M that device DEV matches, and its .sys. */
static json_object *install_of(const char *dev, const char *driver, json_object *m,
			       const char **sys, struct ndl_err *err)
{
	struct ndl_device *devs = NULL;
	const struct ndl_device *d;
	json_object *ins = NULL;
	struct dev_match mt;
	size_t n;

	*sys = NULL;
	if (devices_scan(&devs, &n, err))
		return NULL;
	d = devices_find(devs, n, dev);
	if (d) {
		device_match(d, m, &mt);
		ins = mt.rank < 0 ? NULL :
			at(m, "installs", (size_t)jx_int(at(m, "models", (size_t)mt.model), "install_index"));
		*sys = ins ? jx_str(ins, "sys") : NULL;
		if (!*sys)
			ndl_fail(err, NDL_E_INVALID, "driver %s names no .sys for device %s", driver, dev);
	} else {
		ndl_fail(err, NDL_E_NOT_FOUND, "no device %s", dev);
	}
	free(devs);
	return *sys ? ins : NULL;
}

/* What `load` checks before a driver runs: its files unchanged, the license. */
static int check_driver(const char *dev, const char *driver, struct ndl_err *err)
{
	json_object *m = store_manifest(driver, err);
	const char *sys;
	int ret;

	if (!m)
		return -1;
	ret = install_of(dev, driver, m, &sys, err) ? push_check_files(driver, sys, err) : -1;
	json_object_put(m);
	return ret;
}

/* The options file: the driver image, its data files, the TAP, the registry. */
static int write_conf(const char *dev, const char *driver, const char *tap,
		      struct ndl_err *err)
{
	json_object *m = NULL, *ins;
	char *buf = NULL, path[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	const char *sys;
	size_t len = 0, i;
	int ret = -1;

	m = store_manifest(driver, err);
	ins = m ? install_of(dev, driver, m, &sys, err) : NULL;
	if (!ins)
		goto out;
	buf = calloc(1, CONF_MAX + 1);
	if (!buf || !store_file_path(driver, sys, path, sizeof(path))) {
		ndl_fail(err, NDL_E_INTERNAL, "out of memory or path too long");
		goto out;
	}
	len += (size_t)snprintf(buf, CONF_MAX, "# written by ndisload bind --isolated\n");
	put(buf, &len, "sys", path, NULL);
	put(buf, &len, "tap", tap, NULL);
	put(buf, &len, "name", driver, NULL);
	for (i = 0; i < len_of(m, "files"); i++) {
		json_object *f = at(m, "files", i);

		if (str_ieq(jx_str(f, "role"), "data") &&
		    store_file_path(driver, jx_str(f, "name"), path, sizeof(path)))
			put(buf, &len, "file", path, NULL);
	}
	put_registry(buf, &len, ins, driver, dev);
	put_msi(buf, &len, ins);
	if (len >= CONF_MAX) {
		ndl_fail(err, NDL_E_TOO_LARGE, "the options for %s do not fit in %d bytes", dev, CONF_MAX);
		goto out;
	}
	if (!ndl_path(dir, sizeof(dir), ISO_RUN_DIR) || fs_mkdirs(dir, 0755, err) ||
	    !ndl_path(path, sizeof(path), ISO_RUN_DIR "/%s.conf", dev))
		goto out;
	/* Readable by the host's user only through the unit (root opens nothing for it): 0644, no secrets. */
	ret = fs_write_atomic(path, buf, len, 0644, err);
out:
	free(buf);
	json_object_put(m);
	return ret;
}

/* The TAP of a previous start (kept over restarts), or "". */
static void old_tap(const char *dev, char tap[IFNAMSIZ])
{
	char path[NDL_PATH_MAX], *data = NULL, *p;
	size_t len;
	struct ndl_err e;

	tap[0] = 0;
	if (!ndl_path(path, sizeof(path), ISO_RUN_DIR "/%s.conf", dev) ||
	    fs_read_file(path, CONF_MAX, &data, &len, &e))
		return;
	p = strstr(data, "\ntap ");
	if (p && sscanf(p + 5, "%15[A-Za-z0-9_.-]", tap) != 1)
		tap[0] = 0;
	free(data);
}

/* No other device of the group is a Linux driver's (host/iommu_group.h). */
static int group_viable(const char *dev, const char *group, struct ndl_err *err)
{
	char sys[NDL_PATH_MAX], why[sizeof(err->msg)];

	if (!ndl_path(sys, sizeof(sys), NDL_SYS_DIR))
		return ndl_fail(err, NDL_E_INTERNAL, "path too long");
	if (iommu_group_viable(sys, group, dev, why, sizeof(why)))
		return 0;
	ndl_fail(err, NDL_E_INVALID, "%s", why);
	return ndl_hint(err, "unbind each from its driver (echo ADDRESS > /sys/bus/pci/devices/ADDRESS/driver/unbind), or bind %s without --isolated", dev);
}

/* Whether DEV can be isolated on this machine at all (its group into GROUP). */
static int isolable(const char *dev, char *group, size_t size, struct ndl_err *err)
{
	return iommu_group(dev, group, size, err) || group_viable(dev, group, err) ||
	       iso_virtio_check(dev, err) ? -1 : 0;
}

/*
 * DEV's refusal at load (a binding saved on a boot that had the IOMMU, or
 * a device that changed): kept for status until the next start or unbind.
 */
static void set_refusal(const char *dev, const char *why)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	struct ndl_err e;

	if (!ndl_path(path, sizeof(path), ISO_RUN_DIR "/%s.refused", dev))
		return;
	if (!why) {
		unlink(path);
		return;
	}
	if (ndl_path(dir, sizeof(dir), ISO_RUN_DIR) && !fs_mkdirs(dir, 0755, &e))
		fs_write_atomic(path, why, strlen(why), 0644, &e);
}

json_object *isolated_start(const char *dev, const char *driver, struct ndl_err *err)
{
	struct passwd *pw = getpwnam(ISO_USER);
	char group[32], tap[IFNAMSIZ];
	json_object *r;

	if (isolable(dev, group, sizeof(group), err) || check_driver(dev, driver, err))
		return NULL;
	set_refusal(dev, NULL);
	if (!pw) {
		ndl_fail(err, NDL_E_INTERNAL, "there is no user %s to run the driver as", ISO_USER);
		ndl_hint(err, "reinstall ndisload (its sysusers.d entry creates the user)");
		return NULL;
	}
	if (load_vfio(err))
		return NULL;
	iso_run_stop(dev);
	old_tap(dev, tap);
	if (to_vfio(dev, err) || hand_group(group, pw, err) ||
	    make_tap(tap, sizeof(tap), pw, err) || write_conf(dev, driver, tap, err))
		return NULL;
	if (iso_run_start(dev, pw, err))
		return NULL;
	r = json_object_new_object();
	jx_add_str(r, "tap", tap);
	jx_add_str(r, "mode", iso_run_systemd() ? "systemd" : "supervisor");
	return r;
}

int isolated_stop(const char *dev, struct ndl_err *err)
{
	char tap[IFNAMSIZ], path[NDL_PATH_MAX];

	(void)err;
	iso_run_stop(dev);
	old_tap(dev, tap);
	drop_tap(tap);
	if (ndl_path(path, sizeof(path), ISO_RUN_DIR "/%s.conf", dev))
		unlink(path);
	set_refusal(dev, NULL);
	from_vfio(dev);
	return 0;
}

json_object *isolated_state(const char *dev)
{
	char tap[IFNAMSIZ], path[NDL_PATH_MAX], *why = NULL;
	json_object *r = iso_run_state(dev);
	struct ndl_err e;
	size_t len;

	/* Refused by the helper at load: no host was started. */
	if (ndl_path(path, sizeof(path), ISO_RUN_DIR "/%s.refused", dev) &&
	    !fs_read_file(path, 4096, &why, &len, &e)) {
		json_object_object_add(r, "state", json_object_new_string("refused"));
		json_object_object_del(r, "pid");
		jx_add_str(r, "refusal", why);
		free(why);
	}
	old_tap(dev, tap);
	if (tap[0])
		jx_add_str(r, "tap", tap);
	jx_add_str(r, "mode", iso_run_systemd() ? "systemd" : "supervisor");
	return r;
}

/*
 * DEV's start lock: udev's `load --device` for a card plugged in and the
 * boot's `load --all` may start the same host at once. -1: none (went on).
 */
static int lock_device(const char *dev)
{
	char path[NDL_PATH_MAX], dir[NDL_PATH_MAX];
	struct ndl_err e;
	int fd;

	if (!ndl_path(dir, sizeof(dir), ISO_RUN_DIR) || fs_mkdirs(dir, 0755, &e) ||
	    !ndl_path(path, sizeof(path), ISO_RUN_DIR "/%s.lock", dev))
		return -1;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd >= 0 && flock(fd, LOCK_EX)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static json_object *load_locked(const char *dev, const char *driver, bool restart);

json_object *isolated_load(const char *dev, const char *driver, bool restart)
{
	int lock = lock_device(dev);
	json_object *r = load_locked(dev, driver, restart);

	if (lock >= 0)
		close(lock);
	return r;
}

static json_object *load_locked(const char *dev, const char *driver, bool restart)
{
	json_object *r = isolated_state(dev), *started;
	char group[32];
	struct ndl_err e;
	bool refused;

	jx_add_str(r, "device", dev);
	jx_add_str(r, "driver", driver);
	if (!restart && !strcmp(jx_str(r, "state"), "running"))
		return r;
	ndl_err_clear(&e);
	refused = isolable(dev, group, sizeof(group), &e) != 0;
	/* The helper's refusal stays in status until the check passes, a start or unbind. */
	set_refusal(dev, refused ? e.msg : NULL);
	started = refused ? NULL : isolated_start(dev, driver, &e);
	if (!started) {
		json_object_put(r);
		r = isolated_state(dev);
		jx_add_str(r, "device", dev);
		jx_add_str(r, "driver", driver);
		jx_add_str(r, "error", e.msg);
		return r;
	}
	json_object_put(started);
	json_object_put(r);
	return load_locked(dev, driver, false);
}

json_object *isolated_plugged(const char *dev)
{
	json_object *r = json_object_new_object(), *a = json_object_new_array();
	struct ndl_err e;
	struct conf b;

	if (config_bindings(&b, &e) == 0 && str_ieq(conf_get(&b, dev, "isolated"), "yes") &&
	    conf_get(&b, dev, "driver"))
		json_object_array_add(a, isolated_load(dev, conf_get(&b, dev, "driver"), false));
	conf_free(&b);
	json_object_object_add(r, "loaded", json_object_new_array());
	json_object_object_add(r, "results", json_object_new_array());
	json_object_object_add(r, "errors", json_object_new_array());
	json_object_object_add(r, "isolated", a);
	return r;
}

bool isolated_running(const char *driver)
{
	struct ndl_err e;
	struct conf b;
	bool any = false;

	if (config_bindings(&b, &e) == 0)
		for (size_t i = 0; i < b.n && !any; i++) {
			json_object *st;

			if (!str_ieq(b.e[i].key, "driver") || !str_ieq(b.e[i].value, driver) ||
			    !str_ieq(conf_get(&b, b.e[i].section, "isolated"), "yes"))
				continue;
			st = isolated_state(b.e[i].section);
			any = !strcmp(jx_str(st, "state"), "running") ||
			      !strcmp(jx_str(st, "state"), "restarting");
			json_object_put(st);
		}
	conf_free(&b);
	return any;
}
