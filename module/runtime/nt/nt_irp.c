// SPDX-License-Identifier: GPL-2.0-only
/*
 * IRPs: allocation (IoAllocateIrp, IoInitializeIrp, IoReuseIrp, IoFreeIrp),
 * sending (IofCallDriver) and completion (IofCompleteRequest), as the WDK
 * documents them:
 *  - the stack locations sit after the IRP; CurrentLocation counts from
 *    StackCount + 1 (no location yet) down to 1; IofCallDriver moves one
 *    down and calls the device's driver for that location's major code;
 *  - IofCompleteRequest walks back up: each location's completion routine
 *    runs if its SL_INVOKE_ON_* bit matches the outcome, with the device
 *    object of the location above (NULL for the IRP's creator); a routine
 *    returning STATUS_MORE_PROCESSING_REQUIRED stops completion; where no
 *    routine runs, SL_PENDING_RETURNED is carried to the location above;
 *  - at the end the I/O manager's own part (nt_irp_build.c) copies
 *    buffered output back, sets the caller's IO_STATUS_BLOCK and event and
 *    frees the IRPs it built.
 * Completion routines and dispatch routines run at the caller's IRQL.
 */
#include "nt/nt_irp_priv.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

#define NDL_BUGCHECK_MULTIPLE_IRP_COMPLETE_REQUESTS	0x44
#define NDL_BUGCHECK_NO_MORE_IRP_STACK_LOCATIONS	0x35

static USHORT irp_size(CCHAR stack)
{
	return (USHORT)(sizeof(IRP) + (u8)stack * sizeof(IO_STACK_LOCATION));
}

void NTAPI ndlw_IoInitializeIrp(IRP *irp, USHORT size, CCHAR stack)
{
	ndl_memset(irp, 0, size);
	irp->Type = IO_TYPE_IRP;
	irp->Size = size;
	irp->StackCount = stack;
	irp->CurrentLocation = (CHAR)(stack + 1);
	ndl_list_init(&irp->ThreadListEntry);
	irp->Tail.Overlay.CurrentStackLocation =
		(IO_STACK_LOCATION *)(irp + 1) + (u8)stack;
}

NTAPI IRP *ndlw_IoAllocateIrp(CCHAR stack, BOOLEAN charge_quota)
{
	struct ndl_irp_hdr *h;
	USHORT size;

	if (stack < 1) {
		ndl_warn("IoAllocateIrp: stack size %d", stack);
		return NULL;
	}
	size = irp_size(stack);
	h = ndl_alloc(sizeof(*h) + size, ndl_alloc_flags_for_irql());
	if (!h)
		return NULL;
	h->magic = NDL_IRP_MAGIC;
	h->kind = NDL_IRP_PLAIN;
	ndlw_IoInitializeIrp(&h->irp, size, stack);
	h->irp.AllocationFlags = IRP_ALLOCATED_FIXED_SIZE | NDL_IRP_OURS;
	return &h->irp;
}

struct ndl_irp_hdr *ndl_irp_hdr(IRP *irp)
{
	struct ndl_irp_hdr *h;

	if (!irp || !(irp->AllocationFlags & NDL_IRP_OURS))
		return NULL;
	h = NDL_CONTAINER_OF(irp, struct ndl_irp_hdr, irp);
	return h->magic == NDL_IRP_MAGIC ? h : NULL;
}

/* What the I/O manager attached to a built IRP: buffers and MDLs. */
void ndl_irp_release_buffers(IRP *irp)
{
	MDL *m, *next;

	if ((irp->Flags & IRP_DEALLOCATE_BUFFER) &&
	    irp->AssociatedIrp.SystemBuffer) {
		ndl_free(irp->AssociatedIrp.SystemBuffer);
		irp->AssociatedIrp.SystemBuffer = NULL;
		irp->Flags &= ~(IRP_DEALLOCATE_BUFFER | IRP_BUFFERED_IO);
	}
	for (m = irp->MdlAddress; m; m = next) {
		next = m->Next;
		if (m->MdlFlags & MDL_PAGES_LOCKED)
			ndlw_MmUnlockPages(m);
		ndlw_IoFreeMdl(m);
	}
	irp->MdlAddress = NULL;
}

void NTAPI ndlw_IoFreeIrp(IRP *irp)
{
	struct ndl_irp_hdr *h = ndl_irp_hdr(irp);

	if (!h) {
		ndl_warn("IoFreeIrp: %p was not allocated by IoAllocateIrp",
			 irp);
		return;
	}
	if (irp->Type != IO_TYPE_IRP) {
		ndl_warn("IoFreeIrp: %p is not an IRP (freed twice?)", irp);
		return;
	}
	/* The I/O manager's own buffers, if completion never reached it. */
	ndl_irp_release_buffers(irp);
	irp->Type = 0;
	h->magic = 0;
	ndl_free(h);
}

void NTAPI ndlw_IoReuseIrp(IRP *irp, NTSTATUS status)
{
	UCHAR flags = irp->AllocationFlags;

	ndlw_IoInitializeIrp(irp, irp->Size, irp->StackCount);
	irp->AllocationFlags = flags;
	irp->IoStatus.Status = status;
}

NTSTATUS FASTCALL ndlw_IofCallDriver(DEVICE_OBJECT *dev, IRP *irp)
{
	IO_STACK_LOCATION *sl;
	PDRIVER_DISPATCH fn;
	NTSTATUS st;

	if (!dev || !irp || irp->Type != IO_TYPE_IRP) {
		ndl_err("IofCallDriver: bad arguments (device %p, IRP %p)",
			dev, irp);
		return STATUS_INVALID_PARAMETER;
	}
	if (irp->CurrentLocation <= 1)
		ndl_os_bugcheck(NDL_BUGCHECK_NO_MORE_IRP_STACK_LOCATIONS,
				(u64)(uintptr_t)irp, 0, 0, 0);
	irp->CurrentLocation--;
	sl = --irp->Tail.Overlay.CurrentStackLocation;
	sl->DeviceObject = dev;
	fn = sl->MajorFunction <= IRP_MJ_MAXIMUM_FUNCTION ?
	     ndl_device_dispatch(dev, sl->MajorFunction) : NULL;
	if (!fn)
		fn = ndl_io_invalid_request;
	NDL_CALL_DRIVER(st, fn, dev, irp);
	return st;
}

/* Zero what completion leaves behind in a location, as Windows does. */
static void clear_location(IO_STACK_LOCATION *sl)
{
	sl->MinorFunction = 0;
	sl->Flags = 0;
	sl->Control = 0;
	ndl_memset(&sl->Parameters, 0, sizeof(sl->Parameters));
	sl->FileObject = NULL;
	sl->CompletionRoutine = NULL;
	sl->Context = NULL;
}

static bool wants_call(const IRP *irp, u8 control, NTSTATUS st)
{
	if (NT_SUCCESS(st) && (control & SL_INVOKE_ON_SUCCESS))
		return true;
	if (!NT_SUCCESS(st) && (control & SL_INVOKE_ON_ERROR))
		return true;
	return irp->Cancel && (control & SL_INVOKE_ON_CANCEL);
}

void FASTCALL ndlw_IofCompleteRequest(IRP *irp, CCHAR boost)
{
	IO_STACK_LOCATION *sl;

	if (!irp || irp->Type != IO_TYPE_IRP ||
	    irp->CurrentLocation > irp->StackCount + 1)
		ndl_os_bugcheck(NDL_BUGCHECK_MULTIPLE_IRP_COMPLETE_REQUESTS,
				(u64)(uintptr_t)irp, 0, 0, 0);
	if (irp->IoStatus.Status == STATUS_PENDING) {
		ndl_err("IoCompleteRequest: IRP %p completed with STATUS_PENDING",
			irp);
		ndl_os_bugcheck(NDL_BUGCHECK_MULTIPLE_IRP_COMPLETE_REQUESTS,
				(u64)(uintptr_t)irp, STATUS_PENDING, 0, 0);
	}
	if (irp->CancelRoutine)
		ndl_warn("IoCompleteRequest: IRP %p still has a cancel routine",
			 irp);
	while (irp->CurrentLocation <= irp->StackCount) {
		PIO_COMPLETION_ROUTINE fn;
		DEVICE_OBJECT *upper;
		void *ctx;
		u8 control;
		NTSTATUS st;

		sl = irp->Tail.Overlay.CurrentStackLocation;
		control = sl->Control;
		fn = sl->CompletionRoutine;
		ctx = sl->Context;
		irp->PendingReturned = !!(control & SL_PENDING_RETURNED);
		clear_location(sl);
		irp->CurrentLocation++;
		irp->Tail.Overlay.CurrentStackLocation++;
		upper = irp->CurrentLocation <= irp->StackCount ?
			irp->Tail.Overlay.CurrentStackLocation->DeviceObject :
			NULL;
		if (fn && wants_call(irp, control, irp->IoStatus.Status)) {
			NDL_CALL_DRIVER(st, fn, upper, irp, ctx);
			if (st == STATUS_MORE_PROCESSING_REQUIRED)
				return;
		} else if (irp->PendingReturned &&
			   irp->CurrentLocation <= irp->StackCount) {
			irp->Tail.Overlay.CurrentStackLocation->Control |=
				SL_PENDING_RETURNED;
		}
	}
	ndl_irp_finish(irp);
}

NTSTATUS ndl_irp_complete(IRP *irp, NTSTATUS status, ULONG_PTR info)
{
	irp->IoStatus.Status = status;
	irp->IoStatus.Information = info;
	ndlw_IofCompleteRequest(irp, IO_NO_INCREMENT);
	return status;
}

NTSTATUS ndl_irp_pass_down(DEVICE_OBJECT *lower, IRP *irp)
{
	irp->CurrentLocation++;
	irp->Tail.Overlay.CurrentStackLocation++;
	return ndlw_IofCallDriver(lower, irp);
}
