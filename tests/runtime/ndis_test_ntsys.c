// SPDX-License-Identifier: GPL-2.0-only
/*
 * End-to-end: the ntsys test miniport (tests/drivers/ntsys) in the
 * user-space host. Its DriverEntry reads RegistryPath\Parameters with
 * RtlQueryRegistryValues, runs a system thread that reads the firmware
 * file through ZwCreateFile/ZwReadFile and waits for the thread object;
 * MiniportInitialize reads and writes the device's driver key. The
 * station address reports what held: bytes 0-3 from the firmware, byte 4
 * from the device registry, byte 5 one bit per documented behaviour.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "nt/nt_ob.h"
#include "nt/nt_registry.h"

static struct tap tap;
static const u8 firmware[16] = { 'N', 'T', 'S', 'F', 0, 0, 0, 0,
				 0x02, 0x4e, 0x54, 0x53, 0xee, 0xee };

/* Load ntsys with its package file and service Parameters, run DriverEntry. */
static struct ndl_driver *load(bool with_fw, bool with_name, NTSTATUS *st)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *file = read_file(driver_path("ntsys"), &len);

	*st = STATUS_UNSUCCESSFUL;
	if (!file)
		return NULL;
	if (ndl_driver_load(file, len, "ntsys", NULL, &drv, &err)) {
		free(file);
		return NULL;
	}
	free(file);
	if (with_fw)
		ndl_ndis_driver_add_file(drv, "NTSYS.BIN", firmware,
					 sizeof(firmware));
	if (with_name)
		ndl_reg_set_sz(ndl_regkey_service_values(drv),
			       "Parameters\\FirmwareName", "ntsys.bin");
	*st = ndl_driver_start(drv);
	return drv;
}

static void test_all_checks_hold(void)
{
	struct ndl_adapter_info info;
	struct ndl_reg *reg = ndl_reg_create();
	struct ndl_reg_entry e;
	struct ndl_adapter *ad;
	struct ndl_driver *drv;
	NTSTATUS st;
	u32 nst = 0;

	drv = load(true, true, &st);
	CHECK(drv != NULL);
	CHECK_EQ_INT(st, STATUS_SUCCESS);
	if (!drv || st) {
		ndl_reg_destroy(reg);
		ndl_driver_unload(drv);
		return;
	}
	ndl_reg_set_sz(reg, "MacByte4", "0x5a");
	ad = tap_adapter(drv, NULL, reg, &tap);
	CHECK(ad != NULL);
	if (!ad) {
		ndl_driver_unload(drv);
		return;
	}
	CHECK_EQ_INT(ndl_adapter_initialize(ad, &info, &nst), 0);
	CHECK_EQ_INT(nst, NDIS_STATUS_SUCCESS);
	CHECK(!memcmp(info.perm_addr, firmware + 8, 4));
	CHECK_EQ_INT(info.perm_addr[4], 0x5a);
	CHECK_EQ_INT(info.perm_addr[5], 0x3f);	/* every check held */
	/* Its ZwSetValueKey landed in the store NDIS reads. */
	CHECK(ndl_reg_get(reg, "NtsysInitCount", &e) && e.type == 4 &&
	      *(const u32 *)e.data == 1);
	test_teardown(ad, drv, NULL);
	CHECK_EQ_INT(ndl_handle_count(), 0);
}

/* The thread ends early with PsTerminateSystemThread; the wait returns. */
static void test_missing_firmware_ends_thread_early(void)
{
	NTSTATUS st;
	struct ndl_driver *drv = load(false, true, &st);

	CHECK(drv != NULL);
	CHECK_EQ_INT(st, STATUS_SUCCESS);
	CHECK(log_contains("ZwCreateFile(\\SystemRoot\\system32\\drivers\\ntsys.bin): no such file"));
	ndl_driver_unload(drv);
	CHECK_EQ_INT(ndl_handle_count(), 0);
}

static void test_required_parameter_missing_fails(void)
{
	NTSTATUS st;
	struct ndl_driver *drv = load(true, false, &st);

	CHECK(drv != NULL);
	CHECK_EQ_INT(st, STATUS_UNSUCCESSFUL);
	ndl_driver_unload(drv);
}

int main(void)
{
	int rc;

	test_init();
	tap_reset(&tap);
	RUN(test_all_checks_hold);
	RUN(test_missing_firmware_ends_thread_early);
	RUN(test_required_parameter_missing_fails);
	tap_free(&tap);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
