// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NdisMRegisterMiniportDriver and
 * NdisMDeregisterMiniportDriver (module/runtime/ndis6/ndis6_driver.c):
 * one rule of the NDIS_MINIPORT_DRIVER_CHARACTERISTICS and
 * NdisMRegisterMiniportDriver reference pages per test. The driver object
 * is a loaded fixture's; the miniport handlers are C functions here.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "ndis/ndis_adapter.h"
#include "ndis6/ndis6_api.h"

static int set_options_calls, unload_calls;
static NDIS_HANDLE seen_handle, seen_ctx;
static NDIS_STATUS set_options_status;

static NTAPI NDIS_STATUS mp_set_options(NDIS_HANDLE h, NDIS_HANDLE ctx)
{
	set_options_calls++;
	seen_handle = h;
	seen_ctx = ctx;
	return set_options_status;
}
static NTAPI NDIS_STATUS mp_init(NDIS_HANDLE h, NDIS_HANDLE ctx,
				 NDIS_MINIPORT_INIT_PARAMETERS *p)
{
	return NDIS_STATUS_FAILURE;
}
static NTAPI void mp_halt(NDIS_HANDLE ctx, ULONG action) {}
static NTAPI void mp_unload(DRIVER_OBJECT *obj)
{
	unload_calls++;
	ndlw_NdisMDeregisterMiniportDriver(seen_handle);
}
static NTAPI NDIS_STATUS mp_pause(NDIS_HANDLE ctx,
				  NDIS_MINIPORT_PAUSE_PARAMETERS *p)
{
	return NDIS_STATUS_SUCCESS;
}
static NTAPI NDIS_STATUS mp_restart(NDIS_HANDLE ctx,
				    NDIS_MINIPORT_RESTART_PARAMETERS *p)
{
	return NDIS_STATUS_SUCCESS;
}
static NTAPI NDIS_STATUS mp_oid(NDIS_HANDLE ctx, NDIS_OID_REQUEST *r)
{
	return NDIS_STATUS_NOT_SUPPORTED;
}
static NTAPI void mp_send(NDIS_HANDLE ctx, NET_BUFFER_LIST *l, ULONG port,
			  ULONG flags) {}
static NTAPI void mp_return(NDIS_HANDLE ctx, NET_BUFFER_LIST *l, ULONG f) {}
static NTAPI void mp_cancel_send(NDIS_HANDLE ctx, void *id) {}
static NTAPI BOOLEAN mp_hang(NDIS_HANDLE ctx) { return FALSE; }
static NTAPI NDIS_STATUS mp_reset(NDIS_HANDLE ctx, BOOLEAN *addressing)
{
	return NDIS_STATUS_SUCCESS;
}
static NTAPI void mp_pnp(NDIS_HANDLE ctx, void *ev) {}
static NTAPI void mp_shutdown(NDIS_HANDLE ctx, ULONG action) {}
static NTAPI void mp_cancel_oid(NDIS_HANDLE ctx, void *id) {}

/* Every required handler, NDIS 6.20, revision 2. */
static NDIS_MINIPORT_DRIVER_CHARACTERISTICS good(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS,
			    NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2,
			    NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2 },
		.MajorNdisVersion = 6, .MinorNdisVersion = 20,
		.InitializeHandlerEx = mp_init, .HaltHandlerEx = mp_halt,
		.UnloadHandler = mp_unload, .PauseHandler = mp_pause,
		.RestartHandler = mp_restart, .OidRequestHandler = mp_oid,
		.SendNetBufferListsHandler = mp_send,
		.ReturnNetBufferListsHandler = mp_return,
		.CancelSendHandler = mp_cancel_send,
		.DevicePnPEventNotifyHandler = mp_pnp,
		.ShutdownHandlerEx = mp_shutdown,
		.CancelOidRequestHandler = mp_cancel_oid,
	};
	return c;
}

static struct ndl_driver *load(void)
{
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *f = read_file(fixture_path("fx_basic"), &len);

	if (!f || ndl_driver_load(f, len, "fx_basic", NULL, &drv, &err))
		drv = NULL;
	free(f);
	CHECK(drv);
	return drv;
}

/* Register c with a fresh driver object; the status, and drv kept. */
static NDIS_STATUS reg(NDIS_MINIPORT_DRIVER_CHARACTERISTICS *c,
		       struct ndl_driver **out, NDIS_HANDLE *h)
{
	struct ndl_driver *drv = load();
	NDIS_HANDLE dummy;
	NDIS_STATUS st;

	*out = drv;
	if (!drv)
		return 0xdead;
	st = ndlw_NdisMRegisterMiniportDriver(&drv->object,
					      &drv->registry_path,
					      (void *)0x1234, c, h ? h : &dummy);
	return st;
}

/* The refusal's status, and that the message names what is wrong. */
static void expect_refusal(NDIS_MINIPORT_DRIVER_CHARACTERISTICS *c,
			   NDIS_STATUS want, const char *why)
{
	struct ndl_driver *drv;
	NDIS_HANDLE h = (void *)1;
	char desc[256];

	log_clear();
	CHECK_EQ_INT(reg(c, &drv, &h), want);
	CHECK(h == NULL);
	if (!drv)
		return;
	CHECK(drv->miniport.registered && drv->miniport.status == want);
	CHECK(strstr(drv->miniport.why, why));
	if (!strstr(drv->miniport.why, why))
		fprintf(stderr, "  why: %s\n", drv->miniport.why);
	CHECK(log_contains(why));
	CHECK(!ndl_ndis_driver_is_miniport(drv));
	ndl_ndis_describe(drv, desc, sizeof(desc));
	CHECK(strstr(desc, "refused") && strstr(desc, why));
	ndl_driver_unload(drv);
}

/* A well-formed registration: success, a handle, the handlers reported. */
static void test_register_success(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();
	struct ndl_driver *drv;
	NDIS_HANDLE h = NULL;
	char desc[512];

	CHECK_EQ_INT(reg(&c, &drv, &h), NDIS_STATUS_SUCCESS);
	CHECK(h != NULL);
	if (!drv)
		return;
	drv->entry_status = 0;		/* as if DriverEntry had succeeded */
	CHECK(ndl_ndis_driver_is_miniport(drv));
	ndl_ndis_describe(drv, desc, sizeof(desc));
	CHECK(strstr(desc, "NDIS 6.20 miniport:"));
	CHECK(strstr(desc, " SendNetBufferLists") && strstr(desc, " Pause") &&
	      !strstr(desc, "CheckForHangEx"));
	ndlw_NdisMDeregisterMiniportDriver(h);
	ndl_driver_unload(drv);
}

/* Header.Type must be NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS. */
static void test_header_type(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();

	c.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS, "Header.Type 0x80");
}

/* Header.Revision is one of the three documented revisions. */
static void test_header_revision(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();

	c.Header.Revision = 4;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "Header.Revision 4 is not 1, 2 or 3");
	c.Header.Revision = 0;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "Header.Revision 0");
}

/* Header.Size is at least NDIS_SIZEOF_..._REVISION_n of its revision. */
static void test_header_size(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();

	c.Header.Size = NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "Header.Size 136 is less than the 152 bytes of revision 2");
	c = good();
	c.Header.Revision = 3;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "Header.Size 152 is less than the 160 bytes of revision 3");
}

/* NDIS_STATUS_BAD_VERSION: Major/MinorNdisVersion not a valid version. */
static void test_version(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();

	c.MinorNdisVersion = 25;
	expect_refusal(&c, NDIS_STATUS_BAD_VERSION, "NDIS version 6.25");
	c = good();
	c.MajorNdisVersion = 5;
	c.MinorNdisVersion = 1;
	expect_refusal(&c, NDIS_STATUS_BAD_VERSION, "NDIS version 5.1");
}

/* NDIS 6.1 and later drivers set Revision 2 (Implementing an NDIS 6.x Driver). */
static void test_revision_for_version(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();
	struct ndl_driver *drv;

	c.Header.Revision = NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1;
	c.Header.Size = NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "NDIS 6.20 needs Header.Revision 2");
	/* revision 1 is right for NDIS 6.0 */
	c.MinorNdisVersion = 0;
	CHECK_EQ_INT(reg(&c, &drv, NULL), NDIS_STATUS_SUCCESS);
	ndl_driver_unload(drv);
}

/* Every handler the reference page calls required, each by name. */
static void test_required_handlers(void)
{
	static const struct {
		size_t off;
		const char *why;
	} req[] = {
#define R(f) { offsetof(NDIS_MINIPORT_DRIVER_CHARACTERISTICS, f), #f " is NULL" }
		R(InitializeHandlerEx), R(HaltHandlerEx), R(UnloadHandler),
		R(PauseHandler), R(RestartHandler), R(OidRequestHandler),
		R(SendNetBufferListsHandler), R(ReturnNetBufferListsHandler),
		R(CancelSendHandler), R(DevicePnPEventNotifyHandler),
		R(ShutdownHandlerEx), R(CancelOidRequestHandler),
#undef R
	};

	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();

		memset((u8 *)&c + req[i].off, 0, sizeof(void *));
		expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS, req[i].why);
	}
}

/* ResetHandlerEx: required if CheckForHangHandlerEx is there. */
static void test_check_for_hang_needs_reset(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();
	struct ndl_driver *drv;

	c.CheckForHangHandlerEx = mp_hang;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "CheckForHangHandlerEx without ResetHandlerEx");
	c.ResetHandlerEx = mp_reset;
	CHECK_EQ_INT(reg(&c, &drv, NULL), NDIS_STATUS_SUCCESS);
	ndl_driver_unload(drv);
	c = good();
	c.ResetHandlerEx = mp_reset;		/* alone: optional */
	CHECK_EQ_INT(reg(&c, &drv, NULL), NDIS_STATUS_SUCCESS);
	ndl_driver_unload(drv);
}

/* Direct OID handlers: "if one is provided, then both must be provided". */
static void test_direct_oid_pair(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();

	c.DirectOidRequestHandler = mp_oid;
	expect_refusal(&c, NDIS_STATUS_BAD_CHARACTERISTICS,
		       "DirectOidRequestHandler and CancelDirectOidRequestHandler");
}

/* NDIS copies the structure, as far as its revision goes. */
static void test_copied_up_to_revision(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();
	struct ndl_driver *drv;
	char desc[512];

	c.MinorNdisVersion = 0;
	c.Header.Revision = NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1;
	c.DirectOidRequestHandler = mp_oid;	/* past revision 1: not read */
	c.SynchronousOidRequestHandler = mp_oid;
	CHECK_EQ_INT(reg(&c, &drv, NULL), NDIS_STATUS_SUCCESS);
	c.PauseHandler = NULL;			/* after the call: no effect */
	ndl_ndis_describe(drv, desc, sizeof(desc));
	CHECK(strstr(desc, " Pause") && !strstr(desc, "DirectOidRequest") &&
	      !strstr(desc, "SynchronousOidRequest"));
	ndl_driver_unload(drv);
}

/* NDIS calls MiniportSetOptions within NdisMRegisterMiniportDriver. */
static void test_set_options_within_registration(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();
	struct ndl_driver *drv;
	NDIS_HANDLE h = NULL;

	c.SetOptionsHandler = mp_set_options;
	set_options_calls = 0;
	CHECK_EQ_INT(reg(&c, &drv, &h), NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(set_options_calls, 1);
	CHECK(seen_handle == h && seen_ctx == (void *)0x1234);
	ndl_driver_unload(drv);
	/* its failure is the registration's */
	set_options_status = NDIS_STATUS_RESOURCES;
	expect_refusal(&c, NDIS_STATUS_RESOURCES, "MiniportSetOptions failed");
	set_options_status = NDIS_STATUS_SUCCESS;
}

/*
 * Unloading the driver calls MiniportDriverUnload, which calls
 * NdisMDeregisterMiniportDriver.
 */
static void test_unload_calls_driver_unload(void)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = good();
	struct ndl_driver *drv;
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(reg(&c, &drv, &h), NDIS_STATUS_SUCCESS);
	seen_handle = h;
	unload_calls = 0;
	CHECK(drv->object.DriverUnload != NULL);
	drv->object.DriverUnload(&drv->object);
	CHECK_EQ_INT(unload_calls, 1);
	CHECK(!ndl_ndis_driver_is_miniport(drv));
	/* a second deregistration is refused */
	log_clear();
	ndlw_NdisMDeregisterMiniportDriver(h);
	CHECK(log_contains("without a registered NDIS 6 miniport"));
	ndl_driver_unload(drv);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_register_success);
	RUN(test_header_type);
	RUN(test_header_revision);
	RUN(test_header_size);
	RUN(test_version);
	RUN(test_revision_for_version);
	RUN(test_required_handlers);
	RUN(test_check_for_hang_needs_reset);
	RUN(test_direct_oid_pair);
	RUN(test_copied_up_to_revision);
	RUN(test_set_options_within_registration);
	RUN(test_unload_calls_driver_unload);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
