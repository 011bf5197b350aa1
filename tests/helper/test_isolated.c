// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of isolated mode's refusals at load (helper/sys/isolated.c),
 * in a private NDISLOAD_ROOT with a fake sysfs: a saved isolated binding
 * of a PCI function with no IOMMU group (a machine booted without its
 * IOMMU) is refused by `load --device` (udev's) without starting a host;
 * status keeps the refusal and why until unbind; a function with no
 * isolated binding is left alone; an IOMMU group shared with a device of
 * a Linux driver is refused naming it, and passes once that one is unbound.
 * The message interrupts the host is offered follow the .inf's hardware key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "lib/jsonx.h"
#include "sys/isolated.h"

#define DEV "0000:00:09.0"

static char root[] = "/tmp/ndl-test-isolated-XXXXXX";

static void put_file(const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void mkdirs(const char *rel)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "mkdir -p '%s%s'", root, rel);
	CHECK(system(cmd) == 0);
}

static bool exists(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	return access(path, F_OK) == 0;
}

static void test_refused_at_load(void)
{
	json_object *r, *a, *x;

	mkdirs("/sys/bus/pci/devices/" DEV);
	mkdirs("/sys/bus/pci/devices/0000:00:0a.0");
	mkdirs("/etc/ndisload");
	put_file("/etc/ndisload/bindings.conf", "[" DEV "]\ndriver = ndle1000\nisolated = yes\n");

	r = isolated_plugged(DEV);
	CHECK(json_object_object_get_ex(r, "isolated", &a) && json_object_array_length(a) == 1);
	x = json_object_array_get_idx(a, 0);
	CHECK(jx_str(x, "state") && !strcmp(jx_str(x, "state"), "refused"));
	CHECK(jx_str(x, "error") && strstr(jx_str(x, "error"), DEV " has no IOMMU group"));
	CHECK(jx_str(x, "refusal") && strstr(jx_str(x, "refusal"), DEV " has no IOMMU group"));
	CHECK(jx_str(x, "driver") && !strcmp(jx_str(x, "driver"), "ndle1000"));
	json_object_put(r);
	/* Nothing was started or prepared for it. */
	CHECK(!exists("/run/ndisload/host/" DEV ".conf"));
	CHECK(!exists("/run/ndisload/host/" DEV ".pid"));
	CHECK(!exists("/run/ndisload/host/" DEV ".log"));

	/* status: refused, and why, until the binding goes. */
	r = isolated_state(DEV);
	CHECK(!strcmp(jx_str(r, "state"), "refused"));
	CHECK(jx_str(r, "refusal") && strstr(jx_str(r, "refusal"), "refusing"));
	CHECK(!jx_has(r, "pid"));
	json_object_put(r);

	/* Another function appearing: no isolated binding, nothing done. */
	r = isolated_plugged("0000:00:0a.0");
	CHECK(json_object_object_get_ex(r, "isolated", &a) && json_object_array_length(a) == 0);
	json_object_put(r);
	CHECK(!exists("/run/ndisload/host/0000:00:0a.0.refused"));

	CHECK(isolated_stop(DEV, NULL) == 0);
	r = isolated_state(DEV);
	CHECK(!strcmp(jx_str(r, "state"), "stopped"));
	CHECK(!jx_has(r, "refusal"));
	json_object_put(r);
}

/*
 * Two functions of one group, the other one e1000's: refused before
 * anything is touched, naming it; once it has no driver, the group passes
 * that check (and the next, the driver's files, refuses: not installed).
 */
static void test_group_not_viable(void)
{
	char link[256], target[256];
	json_object *r, *x, *a;

	mkdirs("/sys/bus/pci/devices/0000:00:06.0");
	mkdirs("/sys/bus/pci/devices/0000:00:06.1");
	mkdirs("/sys/bus/pci/drivers/e1000");
	mkdirs("/sys/kernel/iommu_groups/7/devices");
	snprintf(target, sizeof(target), "%s/sys/kernel/iommu_groups/7", root);
	snprintf(link, sizeof(link), "%s/sys/bus/pci/devices/0000:00:06.0/iommu_group", root);
	CHECK(symlink(target, link) == 0);
	snprintf(link, sizeof(link), "%s/sys/bus/pci/devices/0000:00:06.1/iommu_group", root);
	CHECK(symlink(target, link) == 0);
	snprintf(target, sizeof(target), "%s/sys/bus/pci/devices/0000:00:06.0", root);
	snprintf(link, sizeof(link), "%s/sys/kernel/iommu_groups/7/devices/0000:00:06.0", root);
	CHECK(symlink(target, link) == 0);
	snprintf(target, sizeof(target), "%s/sys/bus/pci/devices/0000:00:06.1", root);
	snprintf(link, sizeof(link), "%s/sys/kernel/iommu_groups/7/devices/0000:00:06.1", root);
	CHECK(symlink(target, link) == 0);
	snprintf(target, sizeof(target), "%s/sys/bus/pci/drivers/e1000", root);
	snprintf(link, sizeof(link), "%s/sys/bus/pci/devices/0000:00:06.1/driver", root);
	CHECK(symlink(target, link) == 0);
	put_file("/etc/ndisload/bindings.conf", "[0000:00:06.0]\ndriver = ndle1000\nisolated = yes\n");

	r = isolated_plugged("0000:00:06.0");
	CHECK(json_object_object_get_ex(r, "isolated", &a) && json_object_array_length(a) == 1);
	x = json_object_array_get_idx(a, 0);
	CHECK(!strcmp(jx_str(x, "state"), "refused"));
	CHECK(jx_str(x, "refusal") && strstr(jx_str(x, "refusal"),
		"IOMMU group 7 of 0000:00:06.0 is not viable: the IOMMU cannot tell its devices apart, and 0000:00:06.1 (e1000) is Linux's"));
	json_object_put(r);

	CHECK(unlink(link) == 0);	/* 0000:00:06.1 unbound */
	r = isolated_plugged("0000:00:06.0");
	json_object_object_get_ex(r, "isolated", &a);
	x = json_object_array_get_idx(a, 0);
	CHECK(jx_str(x, "error") && !strstr(jx_str(x, "error"), "not viable"));
	CHECK(!jx_str(x, "refusal"));
	json_object_put(r);
	CHECK(isolated_stop("0000:00:06.0", NULL) == 0);
}

/* ins's hw_registry: the .inf's hardware-key values as inf_json.c gives them. */
static int msi_of(const char *hw_registry)
{
	char text[1024];
	json_object *ins;
	int n;

	snprintf(text, sizeof(text), "{\"hw_registry\": [%s]}", hw_registry);
	ins = json_tokener_parse(text);
	CHECK(ins != NULL);
	n = iso_msi_limit(ins);
	json_object_put(ins);
	return n;
}

#define MSI_KEY "\"subkey\": \"Interrupt Management\\\\MessageSignaledInterruptProperties\", "
#define MSI_VAL(name, v) "{" MSI_KEY "\"name\": \"" name "\", \"type\": \"dword\", \"value\": " #v "}"

static void test_msi_limit(void)
{
	CHECK(msi_of("") == 0);
	CHECK(msi_of(MSI_VAL("MSISupported", 0)) == 0);
	CHECK(msi_of(MSI_VAL("MSISupported", 1)) == 64);
	CHECK(msi_of(MSI_VAL("MessageNumberLimit", 4)) == 0);
	CHECK(msi_of(MSI_VAL("MSISupported", 1) "," MSI_VAL("MessageNumberLimit", 4)) == 4);
	CHECK(msi_of(MSI_VAL("MessageNumberLimit", 0) "," MSI_VAL("MSISupported", 1)) == 1);
	CHECK(msi_of(MSI_VAL("MSISupported", 1) "," MSI_VAL("MessageNumberLimit", 2048)) == 64);
	/* Registry names are case-insensitive; another key's value is not it. */
	CHECK(msi_of("{\"subkey\": \"interrupt management\\\\messagesignaledinterruptproperties\", "
		     "\"name\": \"msisupported\", \"type\": \"dword\", \"value\": 1}") == 64);
	CHECK(msi_of("{\"subkey\": \"Interrupt Management\", \"name\": \"MSISupported\", "
		     "\"type\": \"dword\", \"value\": 1}") == 0);
	CHECK(msi_of("{\"name\": \"MSISupported\", \"type\": \"dword\", \"value\": 1}") == 0);
}

int main(void)
{
	CHECK(mkdtemp(root) != NULL);
	setenv("NDISLOAD_ROOT", root, 1);
	RUN(test_refused_at_load);
	RUN(test_group_not_viable);
	RUN(test_msi_limit);
	{
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		CHECK(system(cmd) == 0);
	}
	return CHECK_EXIT_CODE();
}
