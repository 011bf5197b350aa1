// SPDX-License-Identifier: GPL-2.0-only
/*
 * A loaded driver: load the image, build the DRIVER_OBJECT, registry path
 * and extension Windows hands DriverEntry, run DriverEntry and
 * DriverUnload, and release everything in reverse.
 */
#include "core/driver.h"
#include "nt/nt_api.h"
#include "nt/nt_io.h"
#include "nt/nt_queue.h"
#include "nt/nt_status.h"
#include "nt/nt_registry.h"
#include "nt/nt_thread.h"
#include "nt/nt_intsync.h"

const char *const ndl_mp_handler_names[NDL_MP_HANDLER_COUNT] = {
	"CheckForHang", "DisableInterrupt", "EnableInterrupt", "Halt",
	"HandleInterrupt", "Initialize", "ISR", "QueryInformation",
	"Reconfigure", "Reset", "Send", "SetInformation", "TransferData",
	"ReturnPacket", "SendPackets", "AllocateComplete",
	"CancelSendPackets", "PnPEventNotify", "AdapterShutdown",
};

const char *const ndl_mp6_handler_names[NDL_MP6_HANDLER_COUNT] = {
	"SetOptions", "InitializeEx", "HaltEx", "DriverUnload", "Pause",
	"Restart", "OidRequest", "SendNetBufferLists", "ReturnNetBufferLists",
	"CancelSend", "CheckForHangEx", "ResetEx", "DevicePnPEventNotify",
	"ShutdownEx", "CancelOidRequest", "DirectOidRequest",
	"CancelDirectOidRequest", "SynchronousOidRequest",
};

const char *const *ndl_mp_handler_table(const struct ndl_miniport_summary *s,
					u32 *count)
{
	if (s->ndis_major >= 6) {
		*count = NDL_MP6_HANDLER_COUNT;
		return ndl_mp6_handler_names;
	}
	*count = NDL_MP_HANDLER_COUNT;
	return ndl_mp_handler_names;
}

static void set_ustr(UNICODE_STRING *u, WCHAR *buf, size_t cap,
		     const char *a, const char *b)
{
	size_t n = 0;

	for (; *a && n + 1 < cap; a++)
		buf[n++] = (WCHAR)(u8)*a;
	for (; b && *b && n + 1 < cap; b++)
		buf[n++] = (WCHAR)(u8)*b;
	buf[n] = 0;
	u->Buffer = buf;
	u->Length = (USHORT)(n * 2);
	u->MaximumLength = (USHORT)(n * 2 + 2);
}

int ndl_driver_load(const void *file, size_t len, const char *name,
		    const struct ndl_load_opts *opts, struct ndl_driver **out,
		    struct ndl_pe_error *err)
{
	struct ndl_driver *drv;
	size_t i;
	int rc;

	*out = NULL;
	drv = ndl_alloc(sizeof(*drv), NDL_OS_ZERO);
	if (!drv) {
		ndl_snprintf(err->msg, sizeof(err->msg), "out of memory");
		return -NDL_ENOMEM;
	}
	for (i = 0; name && name[i] && i + 1 < sizeof(drv->name); i++) {
		char c = name[i];

		drv->name[i] = (c >= 0x20 && c < 0x7f && c != '\\') ? c : '_';
	}
	drv->name[i] = 0;
	rc = ndl_pe_load(file, len, opts, &drv->image, err);
	if (rc) {
		ndl_free(drv);
		return rc;
	}
	rc = ndl_regkey_service_add(drv);
	if (rc) {
		ndl_snprintf(err->msg, sizeof(err->msg), "out of memory");
		ndl_pe_unload(drv->image);
		ndl_free(drv);
		return rc;
	}
	drv->object.Type = IO_TYPE_DRIVER;
	drv->object.Size = sizeof(DRIVER_OBJECT);
	drv->object.DriverStart = drv->image->base;
	drv->object.DriverSize = drv->image->info.size_of_image;
	drv->object.DriverSection = drv;
	drv->object.DriverExtension = &drv->extension;
	drv->object.DriverInit = (PDRIVER_INITIALIZE)(void *)
		(drv->image->base + drv->image->info.entry_rva);
	drv->extension.DriverObject = &drv->object;
	ndl_io_driver_init(&drv->object);
	set_ustr(&drv->object.DriverName, drv->name_buf,
		 NDL_ARRAY_SIZE(drv->name_buf), "\\Driver\\", drv->name);
	set_ustr(&drv->extension.ServiceKeyName, drv->name_buf + 8,
		 NDL_ARRAY_SIZE(drv->name_buf) - 8, drv->name, NULL);
	set_ustr(&drv->registry_path, drv->registry_buf,
		 NDL_ARRAY_SIZE(drv->registry_buf),
		 "\\Registry\\Machine\\System\\CurrentControlSet\\Services\\",
		 drv->name);
	ndl_info("%s: loaded at %p (%u bytes, %u relocations)", drv->name,
		 (void *)drv->image->base, drv->image->info.size_of_image,
		 drv->image->info.nrelocs);
	*out = drv;
	return 0;
}

NTSTATUS ndl_driver_start(struct ndl_driver *drv)
{
	NTSTATUS st;

	if (drv->started)
		return drv->entry_status;
	NDL_CALL_DRIVER(st, drv->object.DriverInit, &drv->object,
			&drv->registry_path);
	drv->entry_status = st;
	drv->started = true;
	if (ndl_os_irql_current() != NDL_PASSIVE_LEVEL)
		ndl_err("%s: DriverEntry returned at IRQL %u", drv->name,
			ndl_os_irql_current());
	if (NT_SUCCESS(st))
		ndl_info("%s: DriverEntry returned 0x%08x", drv->name,
			 (u32)st);
	else
		ndl_err("%s: DriverEntry failed with 0x%08x", drv->name,
			(u32)st);
	return st;
}

void ndl_driver_unload(struct ndl_driver *drv)
{
	if (!drv)
		return;
	/* Users' handles to its devices fail from now on: none reaches it. */
	ndl_hostdev_remove_driver(&drv->object);
	/* Windows calls DriverUnload only after a successful DriverEntry. */
	if (drv->started && NT_SUCCESS(drv->entry_status) &&
	    drv->object.DriverUnload)
		NDL_CALL_DRIVER_VOID(drv->object.DriverUnload, &drv->object);
	if (drv->ndis_release)
		drv->ndis_release(drv);
	ndl_interrupts_release(NULL, drv->image->base,
			       drv->image->info.size_of_image);
	ndl_dpc_flush();
	ndl_work_flush();
	ndl_driver_free_extensions(drv);
	ndl_regkey_service_remove(drv);
	/* Windows drivers wait for their threads in DriverUnload; most do. */
	if (!ndl_threads_wait_image(drv->image->base,
				    drv->image->info.size_of_image, 5000)) {
		ndl_err("%s: system threads still run 5 s after DriverUnload: its code stays mapped",
			drv->name);
		ndl_free(drv);
		return;
	}
	ndl_info("%s: unloaded", drv->name);
	ndl_pe_unload(drv->image);
	ndl_free(drv);
}

struct ndl_driver *ndl_driver_from_object(DRIVER_OBJECT *obj)
{
	struct ndl_driver *drv;

	if (!obj || obj->Type != IO_TYPE_DRIVER || !obj->DriverSection)
		return NULL;
	drv = obj->DriverSection;
	return &drv->object == obj ? drv : NULL;
}
