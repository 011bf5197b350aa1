// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a license scope is evaluated against: this host's ID, the hardware
 * IDs of its PCI and USB devices and the MAC addresses of its interfaces,
 * read from $NDISLOAD_ROOT/sys (a fake tree in tests).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inf/hwid.h"
#include "internal.h"

/* First line of a small sysfs attribute, "0x" prefix dropped; 0 or -1. */
static int attr(const char *dir, const char *name, char *out, size_t outlen)
{
	char path[PATH_MAX], *text, *p;
	size_t len;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path) ||
	    ndll_read_file(path, 64, &text, &len, NULL, 0) != 0)
		return -1;
	text[strcspn(text, "\r\n")] = '\0';
	p = strncmp(text, "0x", 2) ? text : text + 2;
	ndll_strlcpy(out, p, outlen);
	free(text);
	return *out ? 0 : -1;
}

static unsigned long hexval(const char *s)
{
	return strtoul(s, NULL, 16);
}

/* The ID spelled as the helper spells it (helper/inf/hwid.c), then listed. */
static void add_device(struct ndl_lic_host *host, struct hwid *id)
{
	char norm[NDL_LIC_ITEM_MAX];

	hwid_format(id);
	if (host->n_devices < NDL_LIC_HOST_DEVICES_MAX &&
	    ndl_lic_device_id_normalize(id->text, norm, sizeof(norm), NULL, 0) == 0)
		memcpy(host->devices[host->n_devices++], norm, sizeof(norm));
}

typedef void (*scan_fn)(struct ndl_lic_host *host, const char *dir);

static void scan_dir(const char *root, const char *sub, struct ndl_lic_host *host,
		     scan_fn fn)
{
	char base[PATH_MAX], dir[PATH_MAX];
	struct dirent **ents;
	int n;

	if (ndll_path(base, sizeof(base), root, sub, NULL, 0) != 0)
		return;
	/* Sorted, so the same host always lists the same order. */
	n = scandir(base, &ents, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.' &&
		    (size_t)snprintf(dir, sizeof(dir), "%s/%s", base,
				     ents[i]->d_name) < sizeof(dir))
			fn(host, dir);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

/* The most specific hardware ID: as far as sysfs names the device. */
static void pci_device(struct ndl_lic_host *host, const char *dir)
{
	char ven[16], dev[16], sven[16], sdev[16], rev[16];
	struct hwid id = { .bus = HWID_PCI, .has = HWID_VEN | HWID_DEV };

	if (attr(dir, "vendor", ven, sizeof(ven)) || attr(dir, "device", dev, sizeof(dev)))
		return;
	id.ven = (uint16_t)hexval(ven);
	id.dev = (uint16_t)hexval(dev);
	if (!attr(dir, "subsystem_vendor", sven, sizeof(sven)) &&
	    !attr(dir, "subsystem_device", sdev, sizeof(sdev))) {
		id.has |= HWID_SUBSYS;
		id.subsys = (uint32_t)(hexval(sdev) & 0xffff) << 16 | (hexval(sven) & 0xffff);
		if (!attr(dir, "revision", rev, sizeof(rev))) {
			id.has |= HWID_REV;
			id.rev = (uint16_t)(hexval(rev) & 0xff);
		}
	}
	add_device(host, &id);
}

static void usb_device(struct ndl_lic_host *host, const char *dir)
{
	char ven[16], prod[16], rev[16];
	struct hwid id = { .bus = HWID_USB, .has = HWID_VEN | HWID_DEV };

	if (attr(dir, "idVendor", ven, sizeof(ven)) || attr(dir, "idProduct", prod, sizeof(prod)))
		return;	/* interfaces (1-1:1.0) have no IDs of their own */
	id.ven = (uint16_t)hexval(ven);
	id.dev = (uint16_t)hexval(prod);
	if (!attr(dir, "bcdDevice", rev, sizeof(rev))) {
		id.has |= HWID_REV;
		id.rev = (uint16_t)hexval(rev);
	}
	add_device(host, &id);
}

static void net_iface(struct ndl_lic_host *host, const char *dir)
{
	char mac[32], norm[18];

	if (attr(dir, "address", mac, sizeof(mac)) ||
	    ndl_lic_mac_normalize(mac, norm, sizeof(norm), NULL, 0) ||
	    !strcmp(norm, "00:00:00:00:00:00") || host->n_macs == NDL_LIC_HOST_MACS_MAX)
		return;
	for (size_t i = 0; i < host->n_macs; i++)
		if (!strcmp(host->macs[i], norm))
			return;
	memcpy(host->macs[host->n_macs++], norm, sizeof(norm));
}

void ndl_lic_host_scan(const char *root, time_t now, struct ndl_lic_host *host)
{
	memset(host, 0, sizeof(*host));
	host->now = now;
	if (ndl_lic_hostid_compute(root, host->host_id, host->host_id_err,
			       sizeof(host->host_id_err)) != 0)
		host->host_id[0] = '\0';
	scan_dir(root, "/sys/bus/pci/devices", host, pci_device);
	scan_dir(root, "/sys/bus/usb/devices", host, usb_device);
	scan_dir(root, "/sys/class/net", host, net_iface);
}
