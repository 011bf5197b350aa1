// SPDX-License-Identifier: GPL-2.0-only
/* A fixture driver registered as an NDIS 6.0 miniport (ndis6_testdrv.h). */
#include <stdlib.h>

#include "ndis6_testdrv.h"

static NDIS_HANDLE registered;

static NTAPI NDIS_STATUS mp_init(NDIS_HANDLE h, NDIS_HANDLE ctx,
				 NDIS_MINIPORT_INIT_PARAMETERS *p)
{
	return NDIS_STATUS_FAILURE;
}
static NTAPI void mp_halt(NDIS_HANDLE ctx, ULONG action) {}
static NTAPI void mp_unload(DRIVER_OBJECT *obj)
{
	ndlw_NdisMDeregisterMiniportDriver(registered);
	registered = NULL;
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
static NTAPI void mp_pnp(NDIS_HANDLE ctx, void *ev) {}
static NTAPI void mp_shutdown(NDIS_HANDLE ctx, ULONG action) {}
static NTAPI void mp_cancel_oid(NDIS_HANDLE ctx, void *id) {}

struct ndl_driver *ndis6_test_driver(NDIS_HANDLE *handle)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS c = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS,
			    NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1,
			    NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1 },
		.MajorNdisVersion = 6, .MinorNdisVersion = 0,
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
	struct ndl_pe_error err;
	struct ndl_driver *drv = NULL;
	size_t len;
	void *f = read_file(fixture_path("fx_basic"), &len);

	*handle = NULL;
	if (!f || ndl_driver_load(f, len, "fx_basic", NULL, &drv, &err)) {
		free(f);
		return NULL;
	}
	free(f);
	if (ndlw_NdisMRegisterMiniportDriver(&drv->object, &drv->registry_path,
					     NULL, &c, handle) !=
	    NDIS_STATUS_SUCCESS) {
		ndl_driver_unload(drv);
		return NULL;
	}
	registered = *handle;
	return drv;
}

void ndis6_test_driver_unload(struct ndl_driver *drv)
{
	if (drv)
		ndl_driver_unload(drv);
}
