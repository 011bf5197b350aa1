// SPDX-License-Identifier: GPL-2.0-only
/*
 * Does a verified license apply here? Validity window, host, devices, MACs
 * and product against a fake host tree, each with its exact message.
 */
#include "fixtures.h"

static struct ndl_lic_host host;
static char err[NDL_LIC_ERRLEN];

static enum ndl_lic_err scope(const struct ndl_license *lic, time_t now)
{
	host.now = now;
	err[0] = '\0';
	return ndl_license_check_scope(lic, &host, FX_PRODUCT, err, sizeof(err));
}

static void test_host_scan(void)
{
	char id[NDL_LIC_HOSTID_LEN + 1];

	fx_host_id(id);
	CHECK_STR(host.host_id, id);
	CHECK_EQ_INT(host.n_devices, 2);
	CHECK_STR(host.devices[0], "PCI\\VEN_10EC&DEV_8139&SUBSYS_11001AF4&REV_20");
	CHECK_STR(host.devices[1], "USB\\VID_0BDA&PID_8187&REV_0100");
	CHECK_EQ_INT(host.n_macs, 1);	/* lo's 00:00:... is not an adapter */
	CHECK_STR(host.macs[0], "52:54:00:12:34:56");
}

/* Devices whose sysfs lacks attributes are named as far as it goes. */
static void test_host_scan_partial(void)
{
	fx_pci_device("0000:00:04.0", "0x8086\n", "0x100e\n");
	fx_unlink("/sys/bus/pci/devices/0000:00:04.0/revision");
	fx_pci_device("0000:00:05.0", "0x8086\n", "0x10d3\n");
	fx_unlink("/sys/bus/pci/devices/0000:00:05.0/subsystem_device");
	fx_write("/sys/bus/usb/devices/2-1/idVendor", "0cf3\n");
	fx_write("/sys/bus/usb/devices/2-1/idProduct", "9271\n");
	ndl_lic_host_scan(fx_root, fx_day(0), &host);
	CHECK_EQ_INT(host.n_devices, 5);
	CHECK_STR(host.devices[1], "PCI\\VEN_8086&DEV_100E&SUBSYS_11001AF4");
	CHECK_STR(host.devices[2], "PCI\\VEN_8086&DEV_10D3");
	CHECK_STR(host.devices[4], "USB\\VID_0CF3&PID_9271");
}

static void test_valid(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_OK);
	/* First and last day count. */
	CHECK_EQ_INT(scope(&lic, ndl_lic_day_start(fx_date("2027-01-01"))), NDL_LIC_OK);
	CHECK_EQ_INT(scope(&lic, ndl_lic_day_start(fx_date("2028-01-01")) - 1), NDL_LIC_OK);
	lic.expires = NDL_LIC_NEVER;
	CHECK_EQ_INT(scope(&lic, fx_day(36500)), NDL_LIC_OK);
	lic.hosts.n = 0;	/* any host */
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_OK);
}

static void test_expired(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	CHECK_EQ_INT(scope(&lic, ndl_lic_day_start(fx_date("2028-01-01"))), NDL_LIC_EXPIRED);
	CHECK_STR(err, "the license expired: it was valid until 2027-12-31");
}

static void test_not_yet_valid(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	lic.not_before = fx_date("2027-06-01");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_NOT_YET_VALID);
	CHECK_STR(err, "the license is not valid before 2027-06-01");
}

static void test_wrong_host(void)
{
	struct ndl_license lic;
	char want[NDL_LIC_ERRLEN], other[NDL_LIC_HOSTID_LEN + 1];

	fx_license(&lic);
	ndl_lic_hostid_from_machine_id("fedcba9876543210fedcba9876543210", other);
	strcpy(lic.hosts.item[0], other);
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_HOST);
	snprintf(want, sizeof(want), "the license is for host %s, not for this host (%s)",
		 other, host.host_id);
	CHECK_STR(err, want);
	/* Listed among others: fine. */
	lic.hosts.n = 2;
	fx_host_id(lic.hosts.item[1]);
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_OK);
}

static void test_wrong_device(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	lic.devices.n = 1;
	strcpy(lic.devices.item[0], "PCI\\VEN_8086&DEV_100E");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_DEVICE);
	CHECK_STR(err, "the license is for the device PCI\\VEN_8086&DEV_100E, which is not present");
	lic.devices.n = 2;
	strcpy(lic.devices.item[1], "PCI\\VEN_10EC&DEV_8169");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_DEVICE);
	CHECK_STR(err, "the license is for the devices PCI\\VEN_8086&DEV_100E, PCI\\VEN_10EC&DEV_8169, none of which is present");
	/* A less specific ID covers the device; a different subsystem does not. */
	strcpy(lic.devices.item[1], "PCI\\VEN_10EC&DEV_8139");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_OK);
	strcpy(lic.devices.item[1], "PCI\\VEN_10EC&DEV_8139&SUBSYS_12345678");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_DEVICE);
	/* "DEV_813" must not match "DEV_8139". */
	strcpy(lic.devices.item[1], "USB\\VID_0BDA&PID_818");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_DEVICE);
	strcpy(lic.devices.item[1], "USB\\VID_0BDA&PID_8187");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_OK);
}

static void test_wrong_mac(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	lic.macs.n = 1;
	strcpy(lic.macs.item[0], "52:54:00:00:00:99");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_MAC);
	CHECK_STR(err, "the license is for the network adapter with MAC address 52:54:00:00:00:99, which is not present");
	strcpy(lic.macs.item[0], "52:54:00:12:34:56");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_OK);
}

static void test_wrong_product(void)
{
	struct ndl_license lic;

	fx_license(&lic);
	strcpy(lic.product, "Other Product");
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_PRODUCT);
	CHECK_STR(err, "the license is for the product \"Other Product\", not for \"NetLink 8139\"");
}

static void test_unknown_host_id(void)
{
	struct ndl_license lic;
	char want[NDL_LIC_ERRLEN];

	fx_license(&lic);
	fx_unlink("/etc/machine-id");
	ndl_lic_host_scan(fx_root, fx_day(0), &host);
	CHECK_EQ_INT(scope(&lic, fx_day(0)), NDL_LIC_WRONG_HOST);
	snprintf(want, sizeof(want), "the license is for host %s, and this host's ID is unknown: cannot read %s/etc/machine-id: the host ID is derived from systemd's machine ID (create it with systemd-machine-id-setup)",
		 lic.hosts.item[0], fx_root);
	CHECK_STR(err, want);
}

int main(void)
{
	fx_new_root();
	fx_pci_device("0000:00:03.0", "0x10ec\n", "0x8139\n");
	fx_write("/sys/bus/usb/devices/1-1/idVendor", "0bda\n");
	fx_write("/sys/bus/usb/devices/1-1/idProduct", "8187\n");
	fx_write("/sys/bus/usb/devices/1-1/bcdDevice", "0100\n");
	fx_write("/sys/bus/usb/devices/1-1:1.0/bInterfaceClass", "ff\n");
	fx_write("/sys/class/net/lo/address", "00:00:00:00:00:00\n");
	fx_write("/sys/class/net/eth0/address", "52:54:00:12:34:56\n");
	ndl_lic_host_scan(fx_root, fx_day(0), &host);
	RUN(test_host_scan);
	RUN(test_valid);
	RUN(test_expired);
	RUN(test_not_yet_valid);
	RUN(test_wrong_host);
	RUN(test_wrong_device);
	RUN(test_wrong_mac);
	RUN(test_wrong_product);
	RUN(test_unknown_host_id);
	RUN(test_host_scan_partial);
	fx_cleanup();
	return CHECK_EXIT_CODE();
}
