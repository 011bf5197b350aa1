// SPDX-License-Identifier: GPL-2.0-only
/*
 * IRP cancellation: the system-wide cancel spin lock
 * (IoAcquireCancelSpinLock / IoReleaseCancelSpinLock) and IoCancelIrp.
 * As documented: IoCancelIrp sets Irp->Cancel, takes the IRP's cancel
 * routine atomically (drivers set it with the inline IoSetCancelRoutine,
 * an interlocked exchange) and, if there was one, calls it at
 * DISPATCH_LEVEL with the cancel spin lock held and the IRQL to restore
 * in Irp->CancelIrql; the routine releases the lock itself.
 */
#include "nt/nt_irp_priv.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

static KSPIN_LOCK cancel_lock;

void NTAPI ndlw_IoAcquireCancelSpinLock(KIRQL *old)
{
	*old = ndl_spin_lock_dpc(&cancel_lock);
}

void NTAPI ndlw_IoReleaseCancelSpinLock(KIRQL old)
{
	ndl_spin_unlock_dpc(&cancel_lock, old);
}

BOOLEAN NTAPI ndlw_IoCancelIrp(IRP *irp)
{
	PDRIVER_CANCEL fn;
	KIRQL old;

	if (!irp || irp->Type != IO_TYPE_IRP) {
		ndl_warn("IoCancelIrp: %p is not an IRP", irp);
		return FALSE;
	}
	ndlw_IoAcquireCancelSpinLock(&old);
	irp->Cancel = TRUE;
	fn = __atomic_exchange_n(&irp->CancelRoutine, NULL, __ATOMIC_SEQ_CST);
	if (!fn) {
		ndlw_IoReleaseCancelSpinLock(old);
		return FALSE;
	}
	irp->CancelIrql = old;
	/* The routine releases the cancel spin lock with CancelIrql. */
	NDL_CALL_DRIVER_VOID(fn, irp->CurrentLocation <= irp->StackCount ?
			     ndl_irp_cur_sl(irp)->DeviceObject : NULL, irp);
	return TRUE;
}
