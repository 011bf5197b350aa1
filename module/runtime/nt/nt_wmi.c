// SPDX-License-Identifier: GPL-2.0-only
/*
 * WMI, answered as the documentation describes for a system where no WMI
 * consumer and no trace session exist: registration succeeds (nothing
 * will ever query the driver, so there is nothing to refuse), no
 * IRP_MJ_SYSTEM_CONTROL request arrives from the system, trace queries
 * find no logger, and WPP's WmiTraceMessage is only reached with a
 * logger handle nobody issued. Drivers keep working, silently untraced.
 */
#include "nt/nt_io.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

#define WMIREG_ACTION_REGISTER		1
#define WMIREG_ACTION_BLOCK_IRPS	5
#define WMIREG_FLAG_CALLBACK		0x80000000u
#define IRP_MN_EXECUTE_METHOD		0x09
#define IRP_MN_REGINFO_EX		0x0b
#define STATUS_WMI_GUID_NOT_FOUND	((NTSTATUS)0xC0000295)
#define STATUS_WMI_INSTANCE_NOT_FOUND	((NTSTATUS)0xC0000296)

enum { IrpProcessed, IrpNotCompleted, IrpNotWmi, IrpForward };

NTSTATUS NTAPI ndlw_IoWMIRegistrationControl(DEVICE_OBJECT *dev, ULONG action)
{
	ULONG a = action & ~WMIREG_FLAG_CALLBACK;

	if (!dev || a < WMIREG_ACTION_REGISTER || a > WMIREG_ACTION_BLOCK_IRPS)
		return STATUS_INVALID_PARAMETER;
	return STATUS_SUCCESS;
}

/*
 * WMILIB's dispatcher. Requests for another provider are forwarded; the
 * ones for this device find no registered data block, since no consumer
 * ever asked for one.
 */
NTSTATUS NTAPI ndlw_WmiSystemControl(void *lib, DEVICE_OBJECT *dev, IRP *irp,
				     ULONG *disposition)
{
	IO_STACK_LOCATION *sl = ndl_irp_cur_sl(irp);

	if (sl->MinorFunction > IRP_MN_REGINFO_EX) {
		*disposition = IrpNotWmi;
		return irp->IoStatus.Status;
	}
	if (sl->Parameters.WMI.ProviderId != (ULONG_PTR)dev) {
		*disposition = IrpForward;
		return irp->IoStatus.Status;
	}
	*disposition = IrpProcessed;
	return ndl_irp_complete(irp, STATUS_WMI_GUID_NOT_FOUND, 0);
}

NTSTATUS NTAPI ndlw_WmiCompleteRequest(DEVICE_OBJECT *dev, IRP *irp,
				       NTSTATUS status, ULONG used,
				       CCHAR boost)
{
	return ndl_irp_complete(irp, status, NT_SUCCESS(status) ? used : 0);
}

NTSTATUS NTAPI ndlw_WmiQueryTraceInformation(ULONG cls, void *info, ULONG len,
					     ULONG *needed, void *buffer)
{
	if (needed)
		*needed = 0;
	return STATUS_WMI_INSTANCE_NOT_FOUND;
}

NTSTATUS WINCDECL ndlw_WmiTraceMessage(u64 logger, ULONG flags,
				       const GUID *guid, USHORT number, ...)
{
	return STATUS_INVALID_HANDLE;
}

/* No data provider registers blocks here: every GUID is unknown. */
NTSTATUS NTAPI ndlw_IoWMIOpenBlock(const GUID *guid, ULONG access,
				   void **object)
{
	if (object)
		*object = NULL;
	return STATUS_WMI_GUID_NOT_FOUND;
}

NTSTATUS NTAPI ndlw_IoWMIQueryAllData(void *object, ULONG *size, void *out)
{
	return STATUS_INVALID_HANDLE;
}
