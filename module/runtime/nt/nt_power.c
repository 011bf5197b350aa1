// SPDX-License-Identifier: GPL-2.0-only
/*
 * Power IRPs: PoCallDriver, PoStartNextPowerIrp, PoSetPowerState,
 * PoRequestPowerIrp. Since Windows Vista PoCallDriver is IoCallDriver
 * and PoStartNextPowerIrp does nothing; the runtime follows those
 * semantics (the documented ones for every driver since). The host
 * changes no system power state, so the power IRPs a driver sees are the
 * ones drivers request themselves.
 */
#include "nt/nt_device.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

#define DevicePowerState 1


struct power_req {
	DEVICE_OBJECT *dev;
	UCHAR minor;
	ULONG state;
	PREQUEST_POWER_COMPLETE fn;
	void *ctx;
};

NTSTATUS NTAPI ndlw_PoCallDriver(DEVICE_OBJECT *dev, IRP *irp)
{
	return ndlw_IofCallDriver(dev, irp);
}

void NTAPI ndlw_PoStartNextPowerIrp(IRP *irp)
{
}

/* Returns the previous state of that type (system or device). */
ULONG NTAPI ndlw_PoSetPowerState(DEVICE_OBJECT *dev, ULONG type, ULONG state)
{
	struct ndl_devobj *d = ndl_devobj(dev);
	ULONG prev;

	if (!d || type > DevicePowerState)
		return 0;
	prev = d->power[type] ? d->power[type] : 1;	/* Working / D0 */
	d->power[type] = state;
	return prev;
}

static NTAPI NTSTATUS power_done(DEVICE_OBJECT *unused, IRP *irp, void *ctx)
{
	struct power_req *r = ctx;
	IO_STATUS_BLOCK iosb = irp->IoStatus;

	if (r->fn)
		NDL_CALL_DRIVER_VOID(r->fn, r->dev, r->minor, r->state, r->ctx,
				     &iosb);
	ndl_free(r);
	ndlw_IoFreeIrp(irp);
	return STATUS_MORE_PROCESSING_REQUIRED;
}

/*
 * Sends a device power IRP to the top of dev's stack; fn runs when it
 * completes (at the completing IRQL) and the IRP is freed afterwards.
 */
NTSTATUS NTAPI ndlw_PoRequestPowerIrp(DEVICE_OBJECT *dev, UCHAR minor,
				      ULONG state, PREQUEST_POWER_COMPLETE fn,
				      void *ctx, IRP **out)
{
	DEVICE_OBJECT *top;
	IO_STACK_LOCATION *sl;
	struct power_req *r;
	IRP *irp;

	if (out)
		*out = NULL;
	if (!ndl_devobj(dev) || (minor != IRP_MN_SET_POWER &&
				 minor != IRP_MN_QUERY_POWER &&
				 minor != IRP_MN_WAIT_WAKE))
		return STATUS_INVALID_PARAMETER_2;
	top = ndlw_IoGetAttachedDevice(dev);
	r = ndl_alloc(sizeof(*r), ndl_alloc_flags_for_irql());
	irp = r ? ndlw_IoAllocateIrp(top->StackSize, FALSE) : NULL;
	if (!irp) {
		ndl_free(r);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	*r = (struct power_req){ dev, minor, state, fn, ctx };
	irp->IoStatus.Status = STATUS_NOT_SUPPORTED;
	sl = ndl_irp_next_sl(irp);
	sl->MajorFunction = IRP_MJ_POWER;
	sl->MinorFunction = minor;
	sl->Parameters.Power.Type = DevicePowerState;
	sl->Parameters.Power.State = state;
	sl->CompletionRoutine = power_done;
	sl->Context = r;
	sl->Control = SL_INVOKE_ON_SUCCESS | SL_INVOKE_ON_ERROR |
		      SL_INVOKE_ON_CANCEL;
	if (out && minor == IRP_MN_WAIT_WAKE)
		*out = irp;
	ndlw_IofCallDriver(top, irp);
	return STATUS_PENDING;
}
