// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of callback objects (ExCreate/Register/Notify/Unregister-
 * Callback) and driver object extensions.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"

struct oa {
	ULONG len;
	HANDLE root;
	UNICODE_STRING *name;
	ULONG attrs;
	void *sd, *qos;
};

NTSTATUS NTAPI ndlw_ExCreateCallback(void **out, struct oa *attrs,
				     BOOLEAN create, BOOLEAN multiple);
void *NTAPI ndlw_ExRegisterCallback(void *obj, void *fn, void *ctx);
void NTAPI ndlw_ExUnregisterCallback(void *reg);
void NTAPI ndlw_ExNotifyCallback(void *obj, void *a1, void *a2);
NTSTATUS NTAPI ndlw_IoAllocateDriverObjectExtension(DRIVER_OBJECT *obj,
						    void *id, ULONG size,
						    void **out);
void *NTAPI ndlw_IoGetDriverObjectExtension(DRIVER_OBJECT *obj, void *id);

static int calls;

static void NTAPI cb(void *ctx, void *a1, void *a2)
{
	calls += (int)(uintptr_t)ctx * (int)(uintptr_t)a1;
}

static void test_callbacks(void)
{
	UNICODE_STRING name;
	struct oa oa = { sizeof(oa), NULL, &name, 0x40, NULL, NULL };
	void *obj, *obj2, *r1, *r2;

	ndlw_RtlInitUnicodeString(&name, u"\\Callback\\PowerState");
	CHECK_EQ_INT(ndlw_ExCreateCallback(&obj, &oa, FALSE, TRUE),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	CHECK_EQ_INT(ndlw_ExCreateCallback(&obj, &oa, TRUE, TRUE), 0);
	ndlw_RtlInitUnicodeString(&name, u"\\callback\\powerstate");
	CHECK_EQ_INT(ndlw_ExCreateCallback(&obj2, &oa, FALSE, TRUE), 0);
	CHECK(obj == obj2);		/* found by name, case-insensitively */
	r1 = ndlw_ExRegisterCallback(obj, cb, (void *)1);
	r2 = ndlw_ExRegisterCallback(obj, cb, (void *)10);
	CHECK(r1 && r2);
	ndlw_ExNotifyCallback(obj, (void *)2, NULL);
	CHECK_EQ_INT(calls, 22);
	ndlw_ExUnregisterCallback(r2);
	ndlw_ExNotifyCallback(obj, (void *)1, NULL);
	CHECK_EQ_INT(calls, 23);
	ndlw_ExUnregisterCallback(r1);
	/* single-registration objects refuse a second one */
	ndlw_RtlInitUnicodeString(&name, u"\\Callback\\Single");
	CHECK_EQ_INT(ndlw_ExCreateCallback(&obj, &oa, TRUE, FALSE), 0);
	r1 = ndlw_ExRegisterCallback(obj, cb, NULL);
	CHECK(r1 && !ndlw_ExRegisterCallback(obj, cb, NULL));
	ndlw_ExUnregisterCallback(r1);
}

static void test_driver_extensions(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv;
	size_t len;
	void *f = read_file(fixture_path("fx_basic"), &len), *a, *b;
	DRIVER_OBJECT fake = { .Type = IO_TYPE_DRIVER };

	if (!f || ndl_driver_load(f, len, "fx_basic", NULL, &drv, &err)) {
		CHECK(!"fx_basic loads");
		free(f);
		return;
	}
	free(f);
	CHECK_EQ_INT(ndlw_IoAllocateDriverObjectExtension(&drv->object,
		     (void *)test_driver_extensions, 64, &a), 0);
	CHECK(a && ((uintptr_t)a & 15) == 0 && ((u8 *)a)[63] == 0);
	CHECK_EQ_INT(ndlw_IoAllocateDriverObjectExtension(&drv->object,
		     (void *)test_driver_extensions, 8, &b),
		     STATUS_OBJECT_NAME_COLLISION);
	CHECK(b == NULL);
	CHECK(ndlw_IoGetDriverObjectExtension(&drv->object,
		     (void *)test_driver_extensions) == a);
	CHECK(ndlw_IoGetDriverObjectExtension(&drv->object, &len) == NULL);
	CHECK_EQ_INT(ndlw_IoAllocateDriverObjectExtension(&fake, &len, 8, &b),
		     STATUS_INVALID_PARAMETER);
	ndl_driver_unload(drv);		/* frees the extension */
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_callbacks);
	RUN(test_driver_extensions);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
