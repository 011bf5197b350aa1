// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual adapters' saved state and addresses: the
 * instance list of virtual.conf (store/config.c) read and written, and the
 * MAC each instance gets (sys/virt.c): unicast, locally administered,
 * distinct per instance, driver and machine (/etc/machine-id keys it), the
 * same for any case of the name, and the same in every release (users' DHCP
 * leases and firewall rules remember it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "store/conf.h"
#include "store/config.h"
#include "sys/virt.h"

static void test_instances(void)
{
	const char *text = "[netvmini]\ninstances = 0 3,15 99 x 7\n[other]\ninstances =\n";
	struct ndl_err err;
	struct conf c;

	conf_init(&c);
	CHECK(conf_parse(&c, "virtual.conf", text, strlen(text), &err) == 0);
	/* numbers of 32 and more are dropped; reading stops at a non-number */
	CHECK_EQ_INT(config_virtual_instances(&c, "netvmini"), (1u << 0) | (1u << 3) | (1u << 15));
	CHECK_EQ_INT(config_virtual_instances(&c, "NETVMINI"), (1u << 0) | (1u << 3) | (1u << 15));
	CHECK_EQ_INT(config_virtual_instances(&c, "other"), 0);
	CHECK_EQ_INT(config_virtual_instances(&c, "absent"), 0);
	config_virtual_set(&c, "netvmini", (1u << 1) | (1u << 4));
	CHECK(strcmp(conf_get(&c, "netvmini", "instances"), "1 4") == 0);
	config_virtual_set(&c, "other", 0);
	CHECK(conf_get(&c, "other", "instances") == NULL);
	config_virtual_set(&c, "new", 1u << 31);
	CHECK_EQ_INT(config_virtual_instances(&c, "new"), 1u << 31);
	conf_free(&c);
}

static unsigned hexbyte(const char *s)
{
	unsigned b = 0;

	sscanf(s, "%2x", &b);
	return b;
}

static void test_mac(void)
{
	char a[13], b[13], c[13];
	unsigned n, k;

	char root[] = "/tmp/ndl-test-virt-XXXXXX", path[64];
	FILE *f;

	CHECK(mkdtemp(root) != NULL);
	setenv("NDISLOAD_ROOT", root, 1);
	/* no machine ID: the unkeyed hash */
	virt_mac_text("netvmini630", 0, a);
	CHECK_EQ_INT(strlen(a), 12);
	CHECK(strspn(a, "0123456789ABCDEF") == 12);
	/* the release-to-release values: change them and every user's MAC moves */
	CHECK(strcmp(a, "1E2F2496305B") == 0);	/* BLAKE2b-128, checked in Python */
	snprintf(path, sizeof(path), "%s/etc", root);
	CHECK(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/etc/machine-id", root);
	f = fopen(path, "w");
	CHECK(f != NULL);
	fputs("0123456789abcdef0123456789abcdef\n", f);
	fclose(f);
	virt_mac_text("netvmini630", 0, b);
	CHECK(strcmp(b, "460B72EB8B1F") == 0);	/* keyed with the 16 ID bytes */
	/* a malformed ID is no key, not part of one */
	f = fopen(path, "w");
	CHECK(f != NULL);
	fputs("0123456789abcdef0123456789abcdeZ\n", f);
	fclose(f);
	virt_mac_text("netvmini630", 0, b);
	CHECK(strcmp(a, b) == 0);
	unlink(path);
	snprintf(path, sizeof(path), "%s/etc", root);
	rmdir(path);
	rmdir(root);
	virt_mac_text("netvmini630", 0, a);
	virt_mac_text("NetVMini630", 0, b);
	CHECK(strcmp(a, b) == 0);
	virt_mac_text("netvmini630", 1, b);
	CHECK(strcmp(a, b) != 0);
	virt_mac_text("netvmini620", 0, c);
	CHECK(strcmp(a, c) != 0);
	for (n = 0; n < 16; n++) {
		virt_mac_text("vether", n, a);
		CHECK_EQ_INT(hexbyte(a) & 3, 2);	/* unicast, locally administered */
		for (k = 0; k < n; k++) {
			virt_mac_text("vether", k, b);
			CHECK(strcmp(a, b) != 0);
		}
	}
}

int main(void)
{
	RUN(test_instances);
	RUN(test_mac);
	return CHECK_EXIT_CODE();
}
