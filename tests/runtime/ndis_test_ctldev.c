// SPDX-License-Identifier: GPL-2.0-only
/*
 * NdisMRegisterDevice's control device opened from the host, with the
 * ntsys test miniport (tests/drivers/ntsys/ctl.c) in the user-space host:
 * the requests a user-mode program's CreateFile/ReadFile/WriteFile/
 * DeviceIoControl/CloseHandle make, as the kernel's character device
 * makes them (nt_hostdev.c), one documented rule per test. Removal while
 * a handle is open runs under ASan: nothing freed is touched.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ndis_testlib.h"
#include "nt/nt_io.h"
#include "nt/nt_registry.h"

#define IOCTL_REV_BUFFERED NDL_CTL_CODE(0x22, 0x800, METHOD_BUFFERED, 0)
#define IOCTL_REV_DIRECT NDL_CTL_CODE(0x22, 0x801, METHOD_OUT_DIRECT, 0)
#define IOCTL_REV_NEITHER NDL_CTL_CODE(0x22, 0x802, METHOD_NEITHER, 0)
#define IOCTL_STATE NDL_CTL_CODE(0x22, 0x803, METHOD_BUFFERED, 0)

static struct tap tap;
static const u8 firmware[16] = { 'N', 'T', 'S', 'F', 0, 0, 0, 0, 2, 3, 4, 5 };

struct rig {
	struct ndl_driver *drv;
	struct ndl_adapter *ad;
};

/* ntsys loaded with one adapter initialized: its control device exists. */
static bool rig_up(struct rig *r)
{
	struct ndl_adapter_info info;
	struct ndl_pe_error err;
	size_t len;
	void *file = read_file(driver_path("ntsys"), &len);
	u32 nst = 0;

	memset(r, 0, sizeof(*r));
	if (!file || ndl_driver_load(file, len, "ntsys", NULL, &r->drv, &err)) {
		free(file);
		return false;
	}
	free(file);
	ndl_ndis_driver_add_file(r->drv, "ntsys.bin", firmware,
				 sizeof(firmware));
	ndl_reg_set_sz(ndl_regkey_service_values(r->drv),
		       "Parameters\\FirmwareName", "ntsys.bin");
	if (ndl_driver_start(r->drv))
		return false;
	r->ad = tap_adapter(r->drv, NULL, ndl_reg_create(), &tap);
	return r->ad && !ndl_adapter_initialize(r->ad, &info, &nst);
}

static void rig_down(struct rig *r)
{
	if (r->ad)
		ndl_adapter_destroy(r->ad);
	ndl_driver_unload(r->drv);
}

static struct ndl_hostfile *open_ntsys(void)
{
	struct ndl_hostdev *hd = ndl_user_ctldev("ntsys");
	struct ndl_hostfile *f = NULL;

	CHECK(hd != NULL);
	if (!hd)
		return NULL;
	CHECK_EQ_INT(ndl_hostdev_open(hd, &f), STATUS_SUCCESS);
	ndl_hostdev_put(hd);
	return f;
}

/* opens, creates, bytes written, as the driver counts them */
static void state(struct ndl_hostfile *f, u32 out[3])
{
	u32 done = 0;

	memset(out, 0xff, 3 * sizeof(u32));
	CHECK_EQ_INT(ndl_hostfile_ioctl(f, IOCTL_STATE, NULL, 0, out,
					3 * sizeof(u32), &done), 0);
	CHECK_EQ_INT(done, 12);
}

/* The device object and its \DosDevices\ link exist while an adapter does. */
static void test_register_names_device_and_link(void)
{
	struct rig r;

	CHECK(rig_up(&r));
	CHECK(ndl_device_by_name("\\Device\\NtsysCtl") != NULL);
	CHECK(ndl_device_by_name("\\DosDevices\\ntsys") ==
	      ndl_device_by_name("\\Device\\NtsysCtl"));
	CHECK(ndl_user_ctldev("nosuch") == NULL);
	rig_down(&r);
	CHECK(ndl_device_by_name("\\DosDevices\\ntsys") == NULL);
}

/* Open is IRP_MJ_CREATE, close CLEANUP + CLOSE: the driver counts them. */
static void test_open_close_are_create_close(void)
{
	struct ndl_hostfile *a, *b;
	struct rig r;
	u32 s[3];

	CHECK(rig_up(&r));
	a = open_ntsys();
	b = open_ntsys();
	if (a && b) {
		state(a, s);
		CHECK_EQ_INT(s[0], 2);
		CHECK_EQ_INT(s[1], 2);
		ndl_hostfile_close(b);
		state(a, s);
		CHECK_EQ_INT(s[0], 1);
		ndl_hostfile_close(a);
	}
	rig_down(&r);
}

/* Each transfer type carries the input in and Information bytes out. */
static void test_ioctl_transfer_types(void)
{
	static const u32 codes[] = { IOCTL_REV_BUFFERED, IOCTL_REV_DIRECT,
				     IOCTL_REV_NEITHER };
	struct ndl_hostfile *f;
	struct rig r;

	CHECK(rig_up(&r));
	f = open_ntsys();
	for (u32 i = 0; f && i < 3; i++) {
		char out[16];
		u32 done = 0;

		memset(out, '.', sizeof(out));
		CHECK_EQ_INT(ndl_hostfile_ioctl(f, codes[i], "abcdef", 6, out,
						sizeof(out), &done), 0);
		CHECK_EQ_INT(done, 6);
		CHECK(!memcmp(out, "fedcba", 6));
	}
	if (f)
		ndl_hostfile_close(f);
	rig_down(&r);
}

/* A failed request returns its status and no bytes (METHOD_BUFFERED). */
static void test_ioctl_error_returns_nothing(void)
{
	struct ndl_hostfile *f;
	struct rig r;
	char out[2] = "..";
	u32 done = 7;

	CHECK(rig_up(&r));
	f = open_ntsys();
	if (f) {
		CHECK_EQ_INT(ndl_hostfile_ioctl(f, IOCTL_REV_BUFFERED, "abc",
						3, out, 2, &done),
			     STATUS_BUFFER_TOO_SMALL);
		CHECK_EQ_INT(done, 0);
		CHECK(!memcmp(out, "..", 2));
		CHECK_EQ_INT(ndl_nt_status_errno(STATUS_BUFFER_TOO_SMALL),
			     -75);
		ndl_hostfile_close(f);
	}
	rig_down(&r);
}

/* An IOCTL the driver does not know: STATUS_INVALID_DEVICE_REQUEST. */
static void test_unknown_ioctl(void)
{
	struct ndl_hostfile *f;
	struct rig r;
	u32 done;

	CHECK(rig_up(&r));
	f = open_ntsys();
	if (f) {
		CHECK_EQ_INT(ndl_hostfile_ioctl(f, NDL_CTL_CODE(0x22, 0x9ff,
							       0, 0),
						NULL, 0, NULL, 0, &done),
			     STATUS_INVALID_DEVICE_REQUEST);
		CHECK_EQ_INT(ndl_nt_status_errno(STATUS_INVALID_DEVICE_REQUEST),
			     -25);
		ndl_hostfile_close(f);
	}
	rig_down(&r);
}

/* Read and write through the device's buffered I/O (DO_BUFFERED_IO). */
static void test_read_write(void)
{
	struct ndl_hostfile *f;
	struct rig r;
	char buf[64];
	u32 done = 0;

	CHECK(rig_up(&r));
	f = open_ntsys();
	if (f) {
		CHECK_EQ_INT(ndl_hostfile_write(f, "12345", 5, 0, &done), 0);
		CHECK_EQ_INT(done, 5);
		memset(buf, 0, sizeof(buf));
		CHECK_EQ_INT(ndl_hostfile_read(f, buf, sizeof(buf) - 1, 0,
					       &done), 0);
		CHECK(!strcmp(buf, "ntsys opens=1 written=5\n"));
		CHECK_EQ_INT(done, strlen(buf));
		/* A short read gets what fits. */
		CHECK_EQ_INT(ndl_hostfile_read(f, buf, 5, 0, &done), 0);
		CHECK_EQ_INT(done, 5);
		ndl_hostfile_close(f);
	}
	rig_down(&r);
}

/* Requests beyond the host's bound are refused before the driver. */
static void test_oversized_request_refused(void)
{
	struct ndl_hostfile *f;
	struct rig r;
	u32 done;

	CHECK(rig_up(&r));
	f = open_ntsys();
	if (f) {
		CHECK_EQ_INT(ndl_hostfile_ioctl(f, IOCTL_REV_NEITHER, "x",
						NDL_HOSTDEV_MAX_IO + 1, NULL,
						0, &done),
			     STATUS_INVALID_PARAMETER);
		ndl_hostfile_close(f);
	}
	rig_down(&r);
}

/*
 * The driver deregisters in MiniportHalt: the host's device goes away,
 * a handle still open fails every request (the driver is not called) and
 * closes cleanly; the driver can then unload.
 */
static void test_removed_while_open(void)
{
	struct ndl_hostfile *f;
	struct rig r;
	u32 done = 0;
	char out[4];

	CHECK(rig_up(&r));
	f = open_ntsys();
	ndl_adapter_halt(r.ad);
	CHECK(ndl_user_ctldev("ntsys") == NULL);
	CHECK(ndl_device_by_name("\\DosDevices\\ntsys") == NULL);
	if (f) {
		CHECK_EQ_INT(ndl_hostfile_ioctl(f, IOCTL_REV_BUFFERED, "ab", 2,
						out, 4, &done),
			     STATUS_DELETE_PENDING);
		CHECK_EQ_INT(ndl_hostfile_read(f, out, 4, 0, &done),
			     STATUS_DELETE_PENDING);
		CHECK_EQ_INT(ndl_nt_status_errno(STATUS_DELETE_PENDING), -19);
	}
	rig_down(&r);
	if (f)
		ndl_hostfile_close(f);	/* after the driver is gone */
}

int main(void)
{
	int rc;

	test_init();
	tap_reset(&tap);
	RUN(test_register_names_device_and_link);
	RUN(test_open_close_are_create_close);
	RUN(test_ioctl_transfer_types);
	RUN(test_ioctl_error_returns_nothing);
	RUN(test_unknown_ioctl);
	RUN(test_read_write);
	RUN(test_oversized_request_refused);
	RUN(test_removed_while_open);
	tap_free(&tap);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
