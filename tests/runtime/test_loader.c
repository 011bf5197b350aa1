// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loader tests on real PE32+ drivers: the fixtures and the test miniports
 * load, relocate, bind and run DriverEntry/DriverUnload; missing imports
 * are refused by name or bound to logging stubs; inline intrinsics are
 * patched or emulated; bug checks come back as errors.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "core/intrinsics.h"

static bool trap_cr8 = true;

static struct ndl_driver *load(const char *name, const char *service,
			       bool stubs, int *rc, struct ndl_pe_error *err)
{
	struct ndl_load_opts opts = { .bind_stubs = stubs,
				      .trap_cr8 = trap_cr8 };
	struct ndl_driver *drv = NULL;
	size_t len;
	void *file = read_file(fixture_path(name), &len);

	*rc = -1;
	if (!file)
		return NULL;
	*rc = ndl_driver_load(file, len, service, &opts, &drv, err);
	free(file);	/* the image must not depend on the file */
	return drv;
}

static struct fx_report *report(struct ndl_driver *drv)
{
	return ndl_pe_export(drv->image, "fx_report");
}

static void start_cb(void *ctx)
{
	struct ndl_driver *drv = ctx;

	ndl_driver_start(drv);
}

static void test_basic_driver_entry_and_unload(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	struct fx_report *r;
	int rc;

	drv = load("fx_basic", "fx_basic", false, &rc, &err);
	CHECK_EQ_INT(rc, 0);
	if (!drv) {
		fprintf(stderr, "load: %s\n", err.msg);
		return;
	}
	r = report(drv);
	CHECK(r != NULL);
	CHECK(drv->image->info.nrelocs > 0);
	CHECK(drv->image->kusd_refs >= 1);
	ndl_dbgprint_mask = ~0u;	/* its DbgPrint line is checked below */
	CHECK_EQ_INT(ndl_driver_start(drv), STATUS_SUCCESS);
	ndl_dbgprint_mask = NDL_DBGPRINT_DEFAULT_MASK;
	if (r) {
		CHECK_EQ_INT(r->magic, 0x46585250);
		CHECK_EQ_INT(r->failed, 0);
		CHECK_EQ_INT(r->step, 5);
		CHECK_EQ_INT(r->values[1], 'b');
		/* the tick count came from the runtime's KUSER_SHARED_DATA */
		CHECK(r->values[0] < 1000000);
	}
	CHECK(log_contains("DbgPrint: fx_basic: gamma \\Registry\\Machine\\System\\CurrentControlSet\\Services\\fx_basic 42"));
	CHECK(drv->object.DriverUnload != NULL);
	CHECK(ndl_driver_from_object(&drv->object) == drv);
	ndl_driver_unload(drv);	/* runs unload(): frees its pool */
}

static void test_image_protections(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	int rc;

	drv = load("fx_basic", "fx_basic", false, &rc, &err);
	CHECK_EQ_INT(rc, 0);
	if (!drv)
		return;
	/* W^X: no section may be both writable and executable. */
	for (u32 i = 0; i < drv->image->info.nsections; i++) {
		u32 f = drv->image->info.sections[i].flags;

		if (f & 0x20000000)
			CHECK(!(f & 0x80000000) || log_contains("W^X"));
	}
	CHECK(ndl_image_containing(drv->image->base + 0x1000) == drv->image);
	CHECK(ndl_image_containing((void *)&rc) == NULL);
	ndl_driver_unload(drv);
}

static void test_missing_imports_refused(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	int rc;

	drv = load("fx_missing", "fx_missing", false, &rc, &err);
	CHECK(drv == NULL);
	CHECK_EQ_INT(rc, -NDL_ENOENT);
	CHECK(strstr(err.msg, "missing imports (2): ") != NULL);
	CHECK(strstr(err.msg, "ntoskrnl.exe!IoReportDetectedDevice") != NULL);
	CHECK(strstr(err.msg, "ntoskrnl.exe!IoAssignResources") != NULL);
	if (drv)
		ndl_driver_unload(drv);
}

static void test_missing_imports_stubbed(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	struct fx_report *r;
	int rc;

	drv = load("fx_missing", "fx_missing", true, &rc, &err);
	CHECK_EQ_INT(rc, 0);
	if (!drv)
		return;
	CHECK_EQ_INT(drv->image->nstubs, 2);
	CHECK_EQ_INT(ndl_driver_start(drv), STATUS_SUCCESS);
	r = report(drv);
	CHECK(r && r->values[0] == (u32)STATUS_NOT_IMPLEMENTED);
	CHECK(r && r->values[1] == (u32)STATUS_NOT_IMPLEMENTED);
	CHECK(log_contains("unimplemented ntoskrnl.exe!IoReportDetectedDevice"));
	CHECK_EQ_INT(ndl_stub_calls(drv->image->stubs[0]), 1);
	ndl_driver_unload(drv);
}

static void test_timer_dpc_work_event(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	struct fx_report *r;
	int rc;

	drv = load("fx_sync", "fx_sync", false, &rc, &err);
	CHECK_EQ_INT(rc, 0);
	if (!drv)
		return;
	CHECK_EQ_INT(ndl_user_call_guarded(start_cb, drv), 0);
	CHECK_EQ_INT(drv->entry_status, STATUS_SUCCESS);
	r = report(drv);
	if (r) {
		CHECK_EQ_INT(r->values[2], STATUS_TIMEOUT);
		CHECK_EQ_INT(r->values[3], STATUS_SUCCESS);
		CHECK_EQ_INT(r->values[0], 20 + NDL_DISPATCH_LEVEL);
		CHECK_EQ_INT(r->values[1], 10 + NDL_PASSIVE_LEVEL);
	}
	ndl_driver_unload(drv);
}

/* Without trap_cr8 the instructions stay and fault (#GP) in user space. */
static void test_cr8_untrapped(void)
{
	trap_cr8 = false;
	test_timer_dpc_work_event();
	trap_cr8 = true;
}

static void test_bugcheck_is_contained(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	int rc;

	drv = load("fx_sync", "fx_sync!", false, &rc, &err);
	CHECK_EQ_INT(rc, 0);
	if (!drv)
		return;
	CHECK_EQ_INT(ndl_user_call_guarded(start_cb, drv), 0xdead);
	CHECK_EQ_INT(ndl_user_last_bugcheck()->params[3], 4);
	CHECK(log_contains("KeBugCheckEx(0x0000dead"));
	CHECK_EQ_INT(ndl_os_irql_current(), NDL_PASSIVE_LEVEL);
	drv->started = false;	/* DriverEntry never returned */
	ndl_driver_unload(drv);
}

/* A model for fx_intrinsics: registers return offset-derived values. */
static u32 last_write_off, last_write_val;

static uint32_t fx_read(struct ndl_sim_dev *d, int bar, uint32_t off, int size)
{
	return 0xa0 + off + (bar << 8);
}

static void fx_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		     uint32_t val)
{
	last_write_off = off | (uint32_t)bar << 8 | (uint32_t)size << 16;
	last_write_val = val;
}

static const struct ndl_sim_model fx_model = {
	.name = "fx", .vendor = 0x1234, .device = 0x5678,
	.bars = { { NDL_SIM_BAR_IO, 0x20 }, { NDL_SIM_BAR_MEM, 0x100 } },
	.read = fx_read, .write = fx_write,
};

static void test_inline_intrinsics_emulated(void)
{
	struct ndl_os_resource res[4];
	struct ndl_pe_error err;
	struct ndl_sim_dev *sim = ndl_sim_create(&fx_model);
	struct ndl_driver *drv;
	struct fx_report *r;
	void *mmio;
	int rc;

	CHECK(sim != NULL);
	if (!sim)
		return;
	CHECK_EQ_INT(ndl_os_dev_resources(ndl_sim_os_dev(sim), res, 4), 3);
	mmio = ndl_os_mmio_map(ndl_sim_os_dev(sim), res[1].start, 0x100);
	CHECK(mmio != NULL);
	drv = load("fx_intrinsics", "fx_intrinsics", false, &rc, &err);
	CHECK_EQ_INT(rc, 0);
	if (!drv || !mmio)
		goto out;
	CHECK(drv->image->cr8_refs >= 2);
	/* cr8 accesses now trap (UD0) and the site table knows each */
	for (u32 i = 0; i < drv->image->cr8_refs; i++) {
		struct ndl_intrinsic in;
		u8 *at = drv->image->base + drv->image->cr8_sites[i].rva;

		CHECK(at[0] == 0x0f && at[1] == 0xff);
		CHECK(ndl_intrinsic_at(at, &in) && in.len >= 3);
	}
	r = report(drv);
	r->values[7] = res[0].start;
	r->values[6] = (u64)(uintptr_t)mmio;
	CHECK_EQ_INT(ndl_user_call_guarded(start_cb, drv), 0);
	CHECK_EQ_INT(r->step, 5);
	CHECK_EQ_INT(r->values[0], 0xa0);			/* inb */
	CHECK_EQ_INT(r->values[1], 0xa2);			/* inw dx */
	CHECK_EQ_INT(r->values[2], 0xa0 | 0xa0 << 16);		/* rep insw */
	CHECK_EQ_INT(r->values[3], 0 | 2 << 8 | 0 << 16);	/* cr8 */
	/* register-relative gs: load: emulated from the fault */
	CHECK(r->values[4] == (u64)(uintptr_t)ndl_os_current_thread());
	/* absolute gs: loads: rewritten at load to the image's fake KPCR */
	CHECK(drv->image->gs_refs >= 3);	/* mov, movzx, movzx with REX.W */
	CHECK(r->values[7] == *(u64 *)(drv->image->kpcr + 0x188));
	CHECK(r->values[7] != 0);
	CHECK_EQ_INT(r->value, 7);
	/* MMIO: store to +4 then load +8 and the byte at +1 */
	CHECK_EQ_INT(last_write_off, 4 | 1 << 8 | 4 << 16);
	CHECK_EQ_INT(last_write_val, 0x12345678);
	CHECK_EQ_INT(r->values[5], (0x1a8) | (u64)0xa1 << 32);
	ndl_driver_unload(drv);
out:
	if (mmio)
		ndl_os_mmio_unmap(mmio, 0x100);
	ndl_sim_destroy(sim);
}

/* A DLL of the test's own, exporting OrdFunction as ordinal 5 only. */
static ULONG NTAPI ord_function(ULONG v)
{
	return v + 1;
}

static const struct ndl_export ord_exports[] = {
	{ "OrdFunction", (void *)ord_function, 5, 1, NDL_EXPORT_FUNC },
};
static const struct ndl_dll ord_dll = { "ordtest.sys", ord_exports, 1 };

static void test_ordinal_and_split_descriptors(void)
{
	const struct ndl_dll_set *def = ndl_exports_default();
	const struct ndl_dll *dlls[8];
	struct ndl_dll_set set = { dlls, 0 };
	struct ndl_load_opts opts = { .dlls = &set };
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	struct fx_report *r;
	size_t len;
	void *f = read_file(fixture_path("fx_ordinal"), &len);
	int rc;

	if (!f)
		return;
	/* The runtime's own DLLs lack ORDTEST.SYS: refused by ordinal. */
	rc = ndl_driver_load(f, len, "fx_ordinal", NULL, &drv, &err);
	CHECK_EQ_INT(rc, -NDL_ENOENT);
	CHECK(strstr(err.msg, "missing imports (1): ORDTEST.SYS!#5") != NULL);
	for (u32 i = 0; i < def->count && i < 7; i++)
		dlls[set.count++] = def->dlls[i];
	dlls[set.count++] = &ord_dll;
	rc = ndl_driver_load(f, len, "fx_ordinal", &opts, &drv, &err);
	free(f);
	CHECK_EQ_INT(rc, 0);
	if (rc)
		return;
	CHECK_EQ_INT(ndl_driver_start(drv), STATUS_SUCCESS);
	r = report(drv);
	CHECK_EQ_INT(r->values[0], 42);			/* by ordinal */
	CHECK_EQ_INT(r->values[1], 156250);		/* NTOSKRNL.EXE */
	CHECK_EQ_INT(r->values[2], 1);			/* ntoskrnl.exe */
	ndl_driver_unload(drv);
}

/* The load config's /GS cookie is randomised as Windows' loader does. */
static void test_gs_cookie(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	struct ndl_pe_info info;
	size_t len;
	u8 *f = read_file(fixture_path("fx_gs"), &len);
	u32 lc_rva, ddir;
	u64 *cookie;
	int rc;

	if (!f)
		return;
	CHECK_EQ_INT(ndl_pe_parse(f, len, &info, &err), 0);
	CHECK_EQ_INT(info.cookie_rva, 0);	/* ld left the directory empty */
	ndl_pe_info_free(&info);
	rc = ndl_driver_load(f, len, "fx_gs", NULL, &drv, &err);
	CHECK_EQ_INT(rc, 0);
	if (rc)
		goto out;
	CHECK_EQ_INT(ndl_driver_start(drv), STATUS_UNSUCCESSFUL);
	lc_rva = (u32)((u8 *)ndl_pe_export(drv->image, "_load_config_used") -
		       drv->image->base);
	ndl_driver_unload(drv);
	/* DataDirectory[10] (load config) -> _load_config_used */
	ddir = *(u32 *)(f + 0x3c) + 4 + 20 + 112 + 8 * 10;
	*(u32 *)(f + ddir) = lc_rva;
	*(u32 *)(f + ddir + 4) = 0x70 + 48;
	CHECK_EQ_INT(ndl_pe_parse(f, len, &info, &err), 0);
	CHECK(info.cookie_rva != 0);
	ndl_pe_info_free(&info);
	rc = ndl_driver_load(f, len, "fx_gs", NULL, &drv, &err);
	CHECK_EQ_INT(rc, 0);
	if (rc)
		goto out;
	cookie = ndl_pe_export(drv->image, "__security_cookie");
	CHECK(cookie && *cookie != 0x00002B992DDFA232ull && *cookie != 0);
	CHECK(cookie && (*cookie >> 48) == 0);
	CHECK(cookie && drv->image->cookie == *cookie);
	CHECK_EQ_INT(ndl_driver_start(drv), STATUS_SUCCESS);
	ndl_driver_unload(drv);
out:
	free(f);
}

/* The test miniports (tests/drivers) parse and list their imports. */
static void test_miniports_parse(void)
{
	static const char *const names[] = { "vether", "vserial", "vmissing",
					     "rtl8139" };

	for (size_t i = 0; i < NDL_ARRAY_SIZE(names); i++) {
		struct ndl_pe_info info;
		struct ndl_pe_error err;
		size_t len;
		void *f = read_file(driver_path(names[i]), &len);
		bool ndis = false;

		if (!f) {
			printf("SKIP: test_miniports_parse/%s (not built)\n",
			       names[i]);
			continue;
		}
		CHECK_EQ_INT(ndl_pe_parse(f, len, &info, &err), 0);
		for (u32 k = 0; k < info.nimports; k++)
			if (!strcasecmp(info.imports[k].dll, "ndis.sys"))
				ndis = true;
		CHECK(ndis);
		ndl_pe_info_free(&info);
		free(f);
	}
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_basic_driver_entry_and_unload);
	RUN(test_image_protections);
	RUN(test_missing_imports_refused);
	RUN(test_missing_imports_stubbed);
	RUN(test_timer_dpc_work_event);
	RUN(test_bugcheck_is_contained);
	if (getenv("NDL_TEST_UNDER_VALGRIND"))	/* valgrind: SIGILL, not #GP */
		printf("SKIP: test_cr8_untrapped (valgrind refuses cr8 itself)\n");
	else
		RUN(test_cr8_untrapped);
	if (getenv("NDL_TEST_UNDER_VALGRIND"))	/* it reports the faults */
		printf("SKIP: test_inline_intrinsics_emulated (its deliberate faults are valgrind errors)\n");
	else
		RUN(test_inline_intrinsics_emulated);
	RUN(test_ordinal_and_split_descriptors);
	RUN(test_gs_cookie);
	RUN(test_miniports_parse);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
