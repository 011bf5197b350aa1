/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared fixtures for the licensing tests: a private NDISLOAD_ROOT with a
 * machine ID and an installed brand, vendor keys, and licenses issued with
 * them.
 */
#ifndef NDL_TEST_LICENSING_FIXTURES_H
#define NDL_TEST_LICENSING_FIXTURES_H

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/check.h"
#include "ndl_license.h"

#define CHECK_STR(a, b) do {						\
	const char *check_sa_ = (a), *check_sb_ = (b);			\
	if (strcmp(check_sa_, check_sb_)) {				\
		check_failures++;					\
		fprintf(stderr, "%s:%d: %s\n  is  \"%s\"\n  expected \"%s\"\n", \
			__FILE__, __LINE__, #a, check_sa_, check_sb_);	\
	}								\
} while (0)

/* The machine ID every fixture host has, and its host ID. */
#define FX_MACHINE_ID "0123456789abcdef0123456789abcdef"
#define FX_PRODUCT "NetLink 8139"

static char fx_root[256];
static char fx_brand[300];
static struct ndl_lic_seckey fx_key, fx_other_key;

/* 2027-03-01 12:00 UTC plus d days. */
static __attribute__((unused)) time_t fx_day(int d)
{
	int32_t day;

	ndl_lic_date_parse("2027-03-01", &day);
	return ndl_lic_day_start(day + d) + 12 * 3600;
}

static __attribute__((unused)) int32_t fx_date(const char *s)
{
	int32_t day = 0;

	if (ndl_lic_date_parse(s, &day))
		abort();
	return day;
}

static __attribute__((unused)) void fx_write(const char *rel, const char *text)
{
	char path[512], cmd[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", fx_root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	if (system(cmd) != 0 || !(f = fopen(path, "w")))
		abort();
	fputs(text, f);
	fclose(f);
}

static __attribute__((unused)) bool fx_exists(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s%s", fx_root, rel);
	return access(path, F_OK) == 0;
}

static __attribute__((unused)) void fx_unlink(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s%s", fx_root, rel);
	unlink(path);
}

static __attribute__((unused)) void fx_cleanup(void)
{
	char cmd[300];

	if (fx_root[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fx_root);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", fx_root);
	}
}

/* A fresh root with a machine ID; a new one each call. */
static __attribute__((unused)) void fx_new_root(void)
{
	fx_cleanup();
	strcpy(fx_root, "/tmp/ndl-lic-test-XXXXXX");
	if (!mkdtemp(fx_root))
		abort();
	snprintf(fx_brand, sizeof(fx_brand), "%s/usr/share/ndisload/brand", fx_root);
	setenv("NDISLOAD_ROOT", fx_root, 1);
	unsetenv("NDISLOAD_BRAND_DIR");
	unsetenv("NDISLOAD_NOW");
	fx_write("/etc/machine-id", FX_MACHINE_ID "\n");
}

static __attribute__((unused)) void fx_keys(void)
{
	if (ndl_lic_key_generate(&fx_key, NULL, 0) || ndl_lic_key_generate(&fx_other_key, NULL, 0))
		abort();
	strcpy(fx_key.vendor, "Example Networks");
	strcpy(fx_key.product, FX_PRODUCT);
}

/* Install a brand: required or not, trial days, with its key and driver. */
static __attribute__((unused)) void fx_install_brand(bool required, int trial_days)
{
	char json[1024], pub[512];

	snprintf(json, sizeof(json),
		 "{\"format\": 1, \"vendor\": \"Example Networks\", \"product\": \"%s\",\n"
		 " \"support_url\": \"https://support.example.com/key\",\n"
		 " \"driver\": {\"name\": \"rtl8139\", \"dir\": \"driver\"},\n"
		 " \"license\": {\"required\": %s, \"trial_days\": %d, \"pubkey\": \"license.pub\"}}\n",
		 FX_PRODUCT, required ? "true" : "false", trial_days);
	fx_write("/usr/share/ndisload/brand/brand.json", json);
	ndl_lic_pubkey_format(&fx_key.pub, pub, sizeof(pub));
	fx_write("/usr/share/ndisload/brand/license.pub", pub);
	fx_write("/usr/share/ndisload/brand/driver/rtl8139.inf", "[Version]\n");
	fx_write("/usr/share/ndisload/brand/driver/rtl8139.sys", "MZ bundled driver\n");
}

/* SHA-256 of the bundled .sys, as the helper would pass it. */
static __attribute__((unused)) void fx_bundled_sha(char out[65])
{
	char path[512];

	snprintf(path, sizeof(path), "%s/driver/rtl8139.sys", fx_brand);
	if (ndl_lic_sha256_file(path, out, NULL, 0))
		abort();
}

/* A fake PCI device in the root's sysfs. */
static __attribute__((unused)) void fx_pci_device(const char *slot, const char *ven, const char *dev)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "/sys/bus/pci/devices/%s/vendor", slot);
	fx_write(rel, ven);
	snprintf(rel, sizeof(rel), "/sys/bus/pci/devices/%s/device", slot);
	fx_write(rel, dev);
	snprintf(rel, sizeof(rel), "/sys/bus/pci/devices/%s/subsystem_vendor", slot);
	fx_write(rel, "0x1af4\n");
	snprintf(rel, sizeof(rel), "/sys/bus/pci/devices/%s/subsystem_device", slot);
	fx_write(rel, "0x1100\n");
	snprintf(rel, sizeof(rel), "/sys/bus/pci/devices/%s/revision", slot);
	fx_write(rel, "0x20\n");
}

static __attribute__((unused)) void fx_host_id(char out[NDL_LIC_HOSTID_LEN + 1])
{
	ndl_lic_hostid_from_machine_id(FX_MACHINE_ID, out);
}

/* A license valid 2027-01-01 .. 2027-12-31 for this host, not yet signed. */
static __attribute__((unused)) void fx_license(struct ndl_license *lic)
{
	memset(lic, 0, sizeof(*lic));
	strcpy(lic->serial, "00112233445566778899aabbccddeeff");
	strcpy(lic->vendor, "Example Networks");
	strcpy(lic->product, FX_PRODUCT);
	strcpy(lic->licensee, "Jane Doe");
	lic->issued = lic->not_before = fx_date("2027-01-01");
	lic->expires = fx_date("2027-12-31");
	lic->hosts.n = 1;
	fx_host_id(lic->hosts.item[0]);
	lic->features.n = 1;
	strcpy(lic->features.item[0], "wireless");
}

/* Sign with key and write the file text into buf. */
static __attribute__((unused)) int fx_sign(struct ndl_license *lic, const struct ndl_lic_seckey *key,
		   char *buf, size_t len)
{
	if (ndl_license_sign(lic, key, NULL, 0))
		abort();
	return ndl_license_format(lic, buf, len);
}

#endif
