// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver-level NDIS 6: NdisMRegisterMiniportDriver with revision 1-3
 * characteristics (NDIS 6.0 to 6.8x), refused precisely when malformed
 * (the message names the member at fault), MiniportSetOptions called
 * within the registration as NDIS does, MiniportDriverUnload behind the
 * driver object's DriverUnload, and NdisMDeregisterMiniportDriver.
 */
#include "ndis6/ndis6_priv.h"

/* The characteristics size a revision must pass, or 0 if unknown. */
static u32 chars_size(u8 revision)
{
	switch (revision) {
	case NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1:
		return NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1;
	case NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2:
		return NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2;
	case NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_3:
		return NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_3;
	}
	return 0;
}

/* NDIS 6 minor versions Microsoft documents (6.80 and later in steps of 1). */
static bool known_version(u8 major, u8 minor)
{
	static const u8 minors[] = { 0, 1, 20, 30, 40, 50, 51, 60, 70 };

	if (major != 6)
		return false;
	for (size_t i = 0; i < NDL_ARRAY_SIZE(minors); i++)
		if (minor == minors[i])
			return true;
	return minor >= 80 && minor <= 89;
}

static u32 handler_bits(const NDIS_MINIPORT_DRIVER_CHARACTERISTICS *c)
{
	const void *const fn[NDL_MP6_HANDLER_COUNT] = {
		[NDL_MP6_SET_OPTIONS] = c->SetOptionsHandler,
		[NDL_MP6_INITIALIZE] = c->InitializeHandlerEx,
		[NDL_MP6_HALT] = c->HaltHandlerEx,
		[NDL_MP6_UNLOAD] = c->UnloadHandler,
		[NDL_MP6_PAUSE] = c->PauseHandler,
		[NDL_MP6_RESTART] = c->RestartHandler,
		[NDL_MP6_OID_REQUEST] = c->OidRequestHandler,
		[NDL_MP6_SEND_NBLS] = c->SendNetBufferListsHandler,
		[NDL_MP6_RETURN_NBLS] = c->ReturnNetBufferListsHandler,
		[NDL_MP6_CANCEL_SEND] = c->CancelSendHandler,
		[NDL_MP6_CHECK_FOR_HANG] = c->CheckForHangHandlerEx,
		[NDL_MP6_RESET] = c->ResetHandlerEx,
		[NDL_MP6_DEVICE_PNP_EVENT] = c->DevicePnPEventNotifyHandler,
		[NDL_MP6_SHUTDOWN] = c->ShutdownHandlerEx,
		[NDL_MP6_CANCEL_OID_REQUEST] = c->CancelOidRequestHandler,
		[NDL_MP6_DIRECT_OID_REQUEST] = c->DirectOidRequestHandler,
		[NDL_MP6_CANCEL_DIRECT_OID_REQUEST] =
			c->CancelDirectOidRequestHandler,
		[NDL_MP6_SYNCHRONOUS_OID_REQUEST] =
			c->SynchronousOidRequestHandler,
	};
	u32 bits = 0;

	for (u32 i = 0; i < NDL_MP6_HANDLER_COUNT; i++)
		if (fn[i])
			bits |= 1u << i;
	return bits;
}

/*
 * Why NDIS refuses these characteristics (the header is already checked),
 * written into why; the NDIS_STATUS to return, or NDIS_STATUS_SUCCESS.
 * The handlers the reference page calls required for a connection-less
 * (Ethernet) miniport must be there.
 */
static NDIS_STATUS chars_problem(const NDIS_MINIPORT_DRIVER_CHARACTERISTICS *c,
				 char *why, size_t len)
{
	static const struct {
		enum ndl_mp6_handler bit;
		const char *member;
	} required[] = {
		{ NDL_MP6_INITIALIZE, "InitializeHandlerEx" },
		{ NDL_MP6_HALT, "HaltHandlerEx" },
		{ NDL_MP6_UNLOAD, "UnloadHandler" },
		{ NDL_MP6_PAUSE, "PauseHandler" },
		{ NDL_MP6_RESTART, "RestartHandler" },
		{ NDL_MP6_OID_REQUEST, "OidRequestHandler" },
		{ NDL_MP6_SEND_NBLS, "SendNetBufferListsHandler" },
		{ NDL_MP6_RETURN_NBLS, "ReturnNetBufferListsHandler" },
		{ NDL_MP6_CANCEL_SEND, "CancelSendHandler" },
		{ NDL_MP6_DEVICE_PNP_EVENT, "DevicePnPEventNotifyHandler" },
		{ NDL_MP6_SHUTDOWN, "ShutdownHandlerEx" },
		{ NDL_MP6_CANCEL_OID_REQUEST, "CancelOidRequestHandler" },
	};
	u32 bits = handler_bits(c);

	if (!known_version(c->MajorNdisVersion, c->MinorNdisVersion)) {
		ndl_snprintf(why, len, "NDIS version %u.%u is not a known NDIS 6 version",
			     c->MajorNdisVersion, c->MinorNdisVersion);
		return NDIS_STATUS_BAD_VERSION;
	}
	if (c->MinorNdisVersion >= 1 &&
	    c->Header.Revision < NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2) {
		ndl_snprintf(why, len, "NDIS 6.%u needs Header.Revision 2 or later, not %u",
			     c->MinorNdisVersion, c->Header.Revision);
		return NDIS_STATUS_BAD_CHARACTERISTICS;
	}
	for (size_t i = 0; i < NDL_ARRAY_SIZE(required); i++)
		if (!(bits & (1u << required[i].bit))) {
			ndl_snprintf(why, len, "%s is NULL (Miniport%s is required)",
				     required[i].member,
				     ndl_mp6_handler_names[required[i].bit]);
			return NDIS_STATUS_BAD_CHARACTERISTICS;
		}
	if ((bits & (1u << NDL_MP6_CHECK_FOR_HANG)) &&
	    !(bits & (1u << NDL_MP6_RESET))) {
		ndl_snprintf(why, len, "CheckForHangHandlerEx without ResetHandlerEx");
		return NDIS_STATUS_BAD_CHARACTERISTICS;
	}
	if (!(bits & (1u << NDL_MP6_DIRECT_OID_REQUEST)) !=
	    !(bits & (1u << NDL_MP6_CANCEL_DIRECT_OID_REQUEST))) {
		ndl_snprintf(why, len, "DirectOidRequestHandler and CancelDirectOidRequestHandler come together");
		return NDIS_STATUS_BAD_CHARACTERISTICS;
	}
	return NDIS_STATUS_SUCCESS;
}

/* The header: type, a known revision, and the size that revision has. */
static bool header_problem(const NDIS_MINIPORT_DRIVER_CHARACTERISTICS *c,
			   char *why, size_t len)
{
	u32 need = chars_size(c->Header.Revision);

	if (c->Header.Type != NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS)
		ndl_snprintf(why, len, "Header.Type 0x%02x is not NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS (0x%02x)",
			     c->Header.Type,
			     NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS);
	else if (!need)
		ndl_snprintf(why, len, "Header.Revision %u is not 1, 2 or 3",
			     c->Header.Revision);
	else if (c->Header.Size < need)
		ndl_snprintf(why, len, "Header.Size %u is less than the %u bytes of revision %u",
			     c->Header.Size, need, c->Header.Revision);
	else
		return false;
	return true;
}

/* DriverUnload NDIS installs for an NDIS 6 miniport: MiniportDriverUnload. */
static void NTAPI ndis6_driver_unload(DRIVER_OBJECT *obj)
{
	struct ndl_driver *drv = ndl_driver_from_object(obj);
	struct ndl_ndis_driver *nd = drv ? drv->ndis : NULL;
	MINIPORT_DRIVER_UNLOAD fn;

	/* read first: the handler deregisters, which frees the copy */
	fn = nd && nd->ndis6 ? nd->ndis6->chars.UnloadHandler : NULL;
	if (fn)
		NDL_CALL_DRIVER_VOID(fn, obj);
}

void ndl_ndis6_release(struct ndl_ndis_driver *nd)
{
	ndl_free(nd->ndis6);
	nd->ndis6 = NULL;
}

static NDIS_STATUS refuse(struct ndl_ndis_driver *nd, NDIS_STATUS st)
{
	struct ndl_miniport_summary *sum = &nd->drv->miniport;

	ndl_err("%s: NdisMRegisterMiniportDriver: NDIS %u.%u characteristics refused: %s",
		nd->drv->name, sum->ndis_major, sum->ndis_minor, sum->why);
	sum->status = st;
	return st;
}

NDIS_STATUS NTAPI ndlw_NdisMRegisterMiniportDriver(
	DRIVER_OBJECT *obj, UNICODE_STRING *reg_path, NDIS_HANDLE driver_ctx,
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS *c, NDIS_HANDLE *handle)
{
	struct ndl_driver *drv = ndl_driver_from_object(obj);
	struct ndl_miniport_summary *sum;
	struct ndl_ndis_driver *nd;
	struct ndl_ndis6_driver *d6;
	NDIS_STATUS st;

	if (handle)
		*handle = NULL;
	if (!drv) {
		ndl_err("NdisMRegisterMiniportDriver: %p is not a driver object the runtime created",
			obj);
		return NDIS_STATUS_FAILURE;
	}
	nd = ndl_ndis_driver_get(drv);
	if (!nd)
		return NDIS_STATUS_RESOURCES;
	sum = &drv->miniport;
	ndl_memset(sum, 0, sizeof(*sum));
	sum->registered = true;
	if (!c || !handle) {
		ndl_snprintf(sum->why, sizeof(sum->why), "no %s",
			     c ? "NdisMiniportDriverHandle" :
				 "MiniportDriverCharacteristics");
		return refuse(nd, NDIS_STATUS_FAILURE);
	}
	sum->ndis_major = c->MajorNdisVersion;
	sum->ndis_minor = c->MinorNdisVersion;
	if (nd->registered) {
		/* a second (intermediate) registration is not supported yet */
		ndl_snprintf(sum->why, sizeof(sum->why),
			     "the driver already registered a miniport");
		return refuse(nd, NDIS_STATUS_FAILURE);
	}
	if (header_problem(c, sum->why, sizeof(sum->why)))
		return refuse(nd, NDIS_STATUS_BAD_CHARACTERISTICS);
	d6 = ndl_alloc_cat(sizeof(*d6), NDL_OS_ZERO, NDL_MEM_ADAPTER);
	if (!d6)
		return NDIS_STATUS_RESOURCES;
	/* NDIS copies the characteristics: later changes do not count. */
	ndl_memcpy(&d6->chars, c, chars_size(c->Header.Revision));
	d6->driver_ctx = driver_ctx;
	sum->handlers = handler_bits(&d6->chars);
	st = chars_problem(&d6->chars, sum->why, sizeof(sum->why));
	if (st) {
		ndl_free(d6);
		return refuse(nd, st);
	}
	nd->ndis6 = d6;
	nd->major = 6;
	nd->minor = c->MinorNdisVersion;
	nd->registered = true;
	drv->object.DriverUnload = ndis6_driver_unload;
	/* NDIS calls MiniportSetOptions within the registration. */
	if (d6->chars.SetOptionsHandler) {
		NDL_CALL_DRIVER(st, d6->chars.SetOptionsHandler, nd, driver_ctx);
		if (st) {
			ndl_snprintf(sum->why, sizeof(sum->why),
				     "MiniportSetOptions failed with 0x%08x", st);
			nd->registered = false;
			ndl_ndis6_release(nd);
			return refuse(nd, st);
		}
	}
	*handle = nd;
	sum->status = NDIS_STATUS_SUCCESS;
	ndl_info("%s: NDIS %u.%u miniport registered (characteristics revision %u)",
		 drv->name, nd->major, nd->minor, c->Header.Revision);
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisMDeregisterMiniportDriver(NDIS_HANDLE h)
{
	struct ndl_ndis_driver *nd = ndl_ndis_wrapper(
		h, "NdisMDeregisterMiniportDriver");

	if (!nd)
		return;
	if (!nd->ndis6) {
		ndl_err("%s: NdisMDeregisterMiniportDriver without a registered NDIS 6 miniport",
			nd->drv->name);
		return;
	}
	if (nd->adapters)
		ndl_warn("%s: NdisMDeregisterMiniportDriver with %u adapter(s) present",
			 nd->drv->name, nd->adapters);
	nd->registered = false;
	ndl_ndis6_release(nd);
}
