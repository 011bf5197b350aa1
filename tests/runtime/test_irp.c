// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance of the I/O manager (IRPs, device stacks, cancel, remove
 * locks, power and WMI requests) with the WDK documentation: one
 * documented rule per test, driven through the exports as a driver
 * would, with dispatch and completion routines written here.
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_exports.h"
#include "nt/nt_status.h"

KIRQL NTAPI ndlw_KeGetCurrentIrql(void);
KIRQL FASTCALL ndlw_KfRaiseIrql(KIRQL to);
void FASTCALL ndlw_KfLowerIrql(KIRQL to);

#define IOCTL_TEST_BUF	NDL_CTL_CODE(0x8000, 0x800, METHOD_BUFFERED, 0)
#define IOCTL_TEST_OUT	NDL_CTL_CODE(0x8000, 0x801, METHOD_OUT_DIRECT, 0)
#define IOCTL_TEST_NONE	NDL_CTL_CODE(0x8000, 0x802, METHOD_NEITHER, 0)

static DRIVER_OBJECT drv_obj;

/* What the routines below saw, in order. */
static struct {
	int order[8];
	int n;
	DEVICE_OBJECT *dev[8];
	BOOLEAN pending[8];
	KIRQL irql[8];
	IRP *held;		/* an IRP a dispatch routine kept pending */
	NTSTATUS status;	/* what the bottom completes with */
	NTSTATUS ret[8];	/* what completion routine i returns */
} seen;

static void reset(void)
{
	memset(&seen, 0, sizeof(seen));
}

static DEVICE_OBJECT *mkdev(const char *name)
{
	DEVICE_OBJECT *d = NULL;

	CHECK_EQ_INT(ndl_device_create(&drv_obj, 16, name, FILE_DEVICE_UNKNOWN,
				       0, &d), STATUS_SUCCESS);
	return d;
}

/* Each completion routine records itself; Context = its number. */
static NTAPI NTSTATUS on_complete(DEVICE_OBJECT *dev, IRP *irp, void *ctx)
{
	int i = (int)(uintptr_t)ctx;

	seen.order[seen.n++] = i;
	seen.dev[i] = dev;
	seen.pending[i] = irp->PendingReturned;
	seen.irql[i] = ndlw_KeGetCurrentIrql();
	if (seen.ret[i] == STATUS_MORE_PROCESSING_REQUIRED)
		return STATUS_MORE_PROCESSING_REQUIRED;
	if (irp->PendingReturned && irp->CurrentLocation <= irp->StackCount)
		ndl_irp_cur_sl(irp)->Control |= SL_PENDING_RETURNED;
	return STATUS_SUCCESS;
}

static void set_completion(IRP *irp, int i, u8 control)
{
	IO_STACK_LOCATION *n = ndl_irp_next_sl(irp);

	n->CompletionRoutine = on_complete;
	n->Context = (void *)(uintptr_t)i;
	n->Control = control;
}

#define ALL (SL_INVOKE_ON_SUCCESS | SL_INVOKE_ON_ERROR | SL_INVOKE_ON_CANCEL)

/* The bottom: completes at once, or keeps the IRP pending. */
static NTAPI NTSTATUS bottom_dispatch(DEVICE_OBJECT *dev, void *p)
{
	IRP *irp = p;

	if (*(int *)dev->DeviceExtension == 99) {
		ndl_irp_cur_sl(irp)->Control |= SL_PENDING_RETURNED;
		seen.held = irp;
		return STATUS_PENDING;
	}
	irp->IoStatus.Status = seen.status;
	irp->IoStatus.Information = 7;
	ndlw_IofCompleteRequest(irp, 0);
	return seen.status;
}

/* Middle layers: copy the location down, set a routine numbered by the
 * device's extension, pass on to the device below. */
static NTAPI NTSTATUS pass_dispatch(DEVICE_OBJECT *dev, void *p)
{
	IRP *irp = p;
	IO_STACK_LOCATION *cur = ndl_irp_cur_sl(irp), *next = cur - 1;
	int i = *(int *)dev->DeviceExtension;

	if (!ndl_device_lower(dev))
		return bottom_dispatch(dev, p);
	memcpy(next, cur, offsetof(IO_STACK_LOCATION, CompletionRoutine));
	next->Control = 0;
	if (i >= 0)
		set_completion(irp, i, ALL);
	return ndlw_IofCallDriver(ndl_device_lower(dev), irp);
}

/* top -> mid -> bottom; extension ints say what each does. */
static void stack3(DEVICE_OBJECT **top, DEVICE_OBJECT **mid,
		   DEVICE_OBJECT **bot, int mid_routine, bool pend)
{
	*bot = mkdev(NULL);
	*mid = mkdev(NULL);
	*top = mkdev(NULL);
	*(int *)(*bot)->DeviceExtension = pend ? 99 : 0;
	*(int *)(*mid)->DeviceExtension = mid_routine;
	*(int *)(*top)->DeviceExtension = 2;
	CHECK(ndlw_IoAttachDeviceToDeviceStack(*mid, *bot) == *bot);
	CHECK(ndlw_IoAttachDeviceToDeviceStack(*top, *mid) == *mid);
}

static void unstack3(DEVICE_OBJECT *top, DEVICE_OBJECT *mid,
		     DEVICE_OBJECT *bot)
{
	ndlw_IoDetachDevice(mid);
	ndlw_IoDetachDevice(bot);
	ndlw_IoDeleteDevice(top);
	ndlw_IoDeleteDevice(mid);
	ndlw_IoDeleteDevice(bot);
}

/* Rule: a new IRP has no current location; CurrentStackLocation points
 * one past the last of StackCount locations that follow the IRP. */
static void test_allocate_layout(void)
{
	IRP *irp = ndlw_IoAllocateIrp(3, FALSE);

	CHECK(irp);
	if (!irp)
		return;
	CHECK_EQ_INT(irp->Type, IO_TYPE_IRP);
	CHECK_EQ_INT(irp->Size, sizeof(IRP) + 3 * sizeof(IO_STACK_LOCATION));
	CHECK_EQ_INT(irp->StackCount, 3);
	CHECK_EQ_INT(irp->CurrentLocation, 4);
	CHECK(ndl_irp_cur_sl(irp) == (IO_STACK_LOCATION *)(irp + 1) + 3);
	CHECK(irp->ThreadListEntry.Flink == &irp->ThreadListEntry);
	irp->IoStatus.Status = 5;
	ndlw_IoReuseIrp(irp, STATUS_CANCELLED);
	CHECK_EQ_INT(irp->IoStatus.Status, STATUS_CANCELLED);
	CHECK_EQ_INT(irp->CurrentLocation, 4);
	CHECK(irp->AllocationFlags & IRP_ALLOCATED_FIXED_SIZE);
	ndlw_IoFreeIrp(irp);
	CHECK(ndlw_IoAllocateIrp(0, FALSE) == NULL);
}

/* Rule: IoCallDriver takes the next location, records the device in it
 * and calls the driver's routine for its major function. */
static void test_call_driver_moves_down(void)
{
	DEVICE_OBJECT *top, *mid, *bot;
	IRP *irp;

	reset();
	stack3(&top, &mid, &bot, -1, false);
	CHECK_EQ_INT(top->StackSize, 3);
	irp = ndlw_IoAllocateIrp(top->StackSize, FALSE);
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_DEVICE_CONTROL;
	set_completion(irp, 3, ALL);
	seen.ret[3] = STATUS_MORE_PROCESSING_REQUIRED;
	CHECK_EQ_INT(ndlw_IofCallDriver(top, irp), STATUS_SUCCESS);
	CHECK_EQ_INT(seen.n, 2);
	/* After completion stops at our routine: every location is spent. */
	CHECK_EQ_INT(irp->CurrentLocation, 4);
	CHECK_EQ_INT(irp->IoStatus.Information, 7);
	ndlw_IoFreeIrp(irp);
	unstack3(top, mid, bot);
}

/* Rule: a major function the driver left unset fails with
 * STATUS_INVALID_DEVICE_REQUEST (the I/O manager's default routine). */
static void test_unset_major_is_invalid_request(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	IRP *irp = ndlw_IoAllocateIrp(1, FALSE);

	reset();
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_READ;
	set_completion(irp, 0, ALL);
	seen.ret[0] = STATUS_MORE_PROCESSING_REQUIRED;
	CHECK_EQ_INT(ndlw_IofCallDriver(d, irp),
		     STATUS_INVALID_DEVICE_REQUEST);
	CHECK_EQ_INT(irp->IoStatus.Status, STATUS_INVALID_DEVICE_REQUEST);
	CHECK_EQ_INT(seen.n, 1);
	ndlw_IoFreeIrp(irp);
	ndlw_IoDeleteDevice(d);
}

/* Rule: completion routines run in reverse stack order, each with the
 * device object of the driver that set it (NULL for the IRP's creator). */
static void test_completion_reverse_order(void)
{
	DEVICE_OBJECT *top, *mid, *bot;
	IRP *irp;

	reset();
	stack3(&top, &mid, &bot, 1, false);
	irp = ndlw_IoAllocateIrp(top->StackSize, FALSE);
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_DEVICE_CONTROL;
	set_completion(irp, 3, ALL);
	seen.ret[3] = STATUS_MORE_PROCESSING_REQUIRED;
	ndlw_IofCallDriver(top, irp);
	CHECK_EQ_INT(seen.n, 3);
	CHECK_EQ_INT(seen.order[0], 1);		/* mid's, set for bottom */
	CHECK_EQ_INT(seen.order[1], 2);		/* top's */
	CHECK_EQ_INT(seen.order[2], 3);		/* the creator's */
	CHECK(seen.dev[1] == mid);
	CHECK(seen.dev[2] == top);
	CHECK(seen.dev[3] == NULL);
	ndlw_IoFreeIrp(irp);
	unstack3(top, mid, bot);
}

/* Rule: STATUS_MORE_PROCESSING_REQUIRED stops completion; the routine's
 * driver finishes it later with another IoCompleteRequest. */
static void test_more_processing_stops(void)
{
	DEVICE_OBJECT *top, *mid, *bot;
	IRP *irp;

	reset();
	stack3(&top, &mid, &bot, 1, false);
	seen.ret[1] = STATUS_MORE_PROCESSING_REQUIRED;
	irp = ndlw_IoAllocateIrp(top->StackSize, FALSE);
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_DEVICE_CONTROL;
	set_completion(irp, 3, ALL);
	seen.ret[3] = STATUS_MORE_PROCESSING_REQUIRED;
	ndlw_IofCallDriver(top, irp);
	CHECK_EQ_INT(seen.n, 1);
	CHECK_EQ_INT(seen.order[0], 1);
	/* The mid driver owns it again: its location is current. */
	CHECK(ndl_irp_cur_sl(irp)->DeviceObject == mid);
	seen.ret[1] = 0;
	ndlw_IofCompleteRequest(irp, 0);
	CHECK_EQ_INT(seen.n, 3);
	CHECK_EQ_INT(seen.order[1], 2);
	ndlw_IoFreeIrp(irp);
	unstack3(top, mid, bot);
}

/* Rule: a routine runs only if its SL_INVOKE_ON_SUCCESS / _ERROR /
 * _CANCEL bit matches the outcome. */
static void test_invoke_on_flags(void)
{
	static const struct { u8 control; NTSTATUS st; bool cancel; bool run; }
	cases[] = {
		{ SL_INVOKE_ON_SUCCESS, STATUS_SUCCESS, false, true },
		{ SL_INVOKE_ON_SUCCESS, STATUS_UNSUCCESSFUL, false, false },
		{ SL_INVOKE_ON_ERROR, STATUS_UNSUCCESSFUL, false, true },
		{ SL_INVOKE_ON_ERROR, STATUS_SUCCESS, false, false },
		{ SL_INVOKE_ON_CANCEL, STATUS_CANCELLED, true, true },
		{ SL_INVOKE_ON_CANCEL, STATUS_CANCELLED, false, false },
		{ 0, STATUS_SUCCESS, false, false },
	};
	DEVICE_OBJECT *d = mkdev(NULL);
	u32 i;

	drv_obj.MajorFunction[IRP_MJ_WRITE] = bottom_dispatch;
	for (i = 0; i < NDL_ARRAY_SIZE(cases); i++) {
		IRP *irp = ndlw_IoAllocateIrp(1, FALSE);

		reset();
		seen.status = cases[i].st;
		ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_WRITE;
		set_completion(irp, 0, cases[i].control);
		seen.ret[0] = STATUS_MORE_PROCESSING_REQUIRED;
		irp->Cancel = cases[i].cancel;
		ndlw_IofCallDriver(d, irp);
		CHECK_EQ_INT(seen.n, cases[i].run ? 1 : 0);
		ndlw_IoFreeIrp(irp);
	}
	drv_obj.MajorFunction[IRP_MJ_WRITE] = ndl_io_invalid_request;
	ndlw_IoDeleteDevice(d);
}

/* Rule: where a location has no routine, SL_PENDING_RETURNED moves up to
 * the next location, so the routine above sees PendingReturned. */
static void test_pending_returned_propagates(void)
{
	DEVICE_OBJECT *top, *mid, *bot;
	IRP *irp;

	reset();
	stack3(&top, &mid, &bot, -1, true);
	irp = ndlw_IoAllocateIrp(top->StackSize, FALSE);
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_DEVICE_CONTROL;
	set_completion(irp, 3, ALL);
	seen.ret[3] = STATUS_MORE_PROCESSING_REQUIRED;
	CHECK_EQ_INT(ndlw_IofCallDriver(top, irp), STATUS_PENDING);
	CHECK(seen.held == irp);
	CHECK_EQ_INT(seen.n, 0);
	irp->IoStatus.Status = STATUS_SUCCESS;
	ndlw_IofCompleteRequest(irp, 0);
	CHECK_EQ_INT(seen.n, 2);
	CHECK(seen.pending[2]);		/* top's routine, above the mid */
	CHECK(seen.pending[3]);		/* the top routine marked it again */
	ndlw_IoFreeIrp(irp);
	unstack3(top, mid, bot);
}

/* Rule: completion routines run at the IRQL IoCompleteRequest was
 * called at (here DISPATCH_LEVEL, from a "DPC"). */
static void test_completion_at_callers_irql(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	IRP *irp = ndlw_IoAllocateIrp(1, FALSE);
	KIRQL old;

	reset();
	set_completion(irp, 0, ALL);
	seen.ret[0] = STATUS_MORE_PROCESSING_REQUIRED;
	*(int *)d->DeviceExtension = 99;
	drv_obj.MajorFunction[IRP_MJ_READ] = bottom_dispatch;
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_READ;
	CHECK_EQ_INT(ndlw_IofCallDriver(d, irp), STATUS_PENDING);
	old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	irp->IoStatus.Status = STATUS_SUCCESS;
	ndlw_IofCompleteRequest(irp, 0);
	ndlw_KfLowerIrql(old);
	CHECK_EQ_INT(seen.irql[0], NDL_DISPATCH_LEVEL);
	drv_obj.MajorFunction[IRP_MJ_READ] = ndl_io_invalid_request;
	ndlw_IoFreeIrp(irp);
	ndlw_IoDeleteDevice(d);
}

/* A device-control handler: output = input reversed, Information = len. */
static u8 ioctl_in_seen[16];
static NTAPI NTSTATUS ioctl_dispatch(DEVICE_OBJECT *dev, void *p)
{
	IRP *irp = p;
	IO_STACK_LOCATION *sl = ndl_irp_cur_sl(irp);
	ULONG in = sl->Parameters.DeviceIoControl.InputBufferLength;
	ULONG out = sl->Parameters.DeviceIoControl.OutputBufferLength;
	u8 *b = irp->AssociatedIrp.SystemBuffer, *o, tmp[16];
	u32 i;

	switch (sl->Parameters.DeviceIoControl.IoControlCode) {
	case IOCTL_TEST_BUF:
		memcpy(ioctl_in_seen, b, in);
		for (i = 0; i < in; i++)
			tmp[i] = b[in - 1 - i];
		memcpy(b, tmp, in);
		return ndl_irp_complete(irp, seen.status,
					in < out ? in : out);
	case IOCTL_TEST_OUT:
		CHECK(irp->MdlAddress != NULL);
		CHECK_EQ_INT(irp->MdlAddress->ByteCount, out);
		o = ndlw_MmGetSystemAddressForMdlSafe(irp->MdlAddress, 0);
		memset(o, 0xab, out);
		memcpy(ioctl_in_seen, b, in);
		return ndl_irp_complete(irp, STATUS_SUCCESS, out);
	case IOCTL_TEST_NONE:
		memcpy(irp->UserBuffer,
		       sl->Parameters.DeviceIoControl.Type3InputBuffer, in);
		return ndl_irp_complete(irp, STATUS_SUCCESS, in);
	}
	return ndl_irp_complete(irp, STATUS_INVALID_DEVICE_REQUEST, 0);
}

/* Rule (IoBuildDeviceIoControlRequest, METHOD_BUFFERED): the driver sees
 * the input in the system buffer; Information bytes are copied back to
 * the output buffer; the IO_STATUS_BLOCK and event are set; the I/O
 * manager frees the IRP (the leak check at exit proves it). */
static void test_ioctl_buffered_copies_back(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	u8 in[4] = { 1, 2, 3, 4 }, out[8];
	IO_STATUS_BLOCK iosb = { .Information = 99 };
	KEVENT ev;
	IRP *irp;

	reset();
	drv_obj.MajorFunction[IRP_MJ_DEVICE_CONTROL] = ioctl_dispatch;
	ndlw_KeInitializeEvent(&ev, NotificationEvent, FALSE);
	memset(out, 0xee, sizeof(out));
	irp = ndlw_IoBuildDeviceIoControlRequest(IOCTL_TEST_BUF, d, in, 4, out,
						 8, FALSE, &ev, &iosb);
	CHECK(irp);
	CHECK(irp->AssociatedIrp.SystemBuffer != in);
	CHECK_EQ_INT(ndl_irp_next_sl(irp)->MajorFunction,
		     IRP_MJ_DEVICE_CONTROL);
	CHECK_EQ_INT(ndlw_IofCallDriver(d, irp), STATUS_SUCCESS);
	CHECK(!memcmp(ioctl_in_seen, in, 4));
	CHECK_EQ_INT(iosb.Status, STATUS_SUCCESS);
	CHECK_EQ_INT(iosb.Information, 4);
	CHECK_EQ_INT(ndlw_KeReadStateEvent(&ev), 1);
	CHECK(out[0] == 4 && out[3] == 1 && out[4] == 0xee);
	ndlw_IoDeleteDevice(d);
}

/* Rule: on an error status nothing is copied back to the output. */
static void test_ioctl_buffered_error_no_copy(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	u8 in[2] = { 1, 2 }, out[2] = { 9, 9 };
	IO_STATUS_BLOCK iosb;
	IRP *irp;

	reset();
	seen.status = STATUS_UNSUCCESSFUL;
	irp = ndlw_IoBuildDeviceIoControlRequest(IOCTL_TEST_BUF, d, in, 2, out,
						 2, TRUE, NULL, &iosb);
	CHECK_EQ_INT(ndl_irp_next_sl(irp)->MajorFunction,
		     IRP_MJ_INTERNAL_DEVICE_CONTROL);
	drv_obj.MajorFunction[IRP_MJ_INTERNAL_DEVICE_CONTROL] = ioctl_dispatch;
	CHECK_EQ_INT(ndlw_IofCallDriver(d, irp), STATUS_UNSUCCESSFUL);
	CHECK_EQ_INT(iosb.Status, STATUS_UNSUCCESSFUL);
	CHECK(out[0] == 9 && out[1] == 9);
	drv_obj.MajorFunction[IRP_MJ_INTERNAL_DEVICE_CONTROL] =
		ndl_io_invalid_request;
	ndlw_IoDeleteDevice(d);
}

/* Rule (METHOD_OUT_DIRECT): input in the system buffer, output through
 * a locked MDL over the caller's buffer. METHOD_NEITHER: the caller's
 * own pointers in Type3InputBuffer and UserBuffer. */
static void test_ioctl_direct_and_neither(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	u8 in[3] = { 5, 6, 7 }, out[64];
	IO_STATUS_BLOCK iosb;
	IRP *irp;

	memset(out, 0, sizeof(out));
	irp = ndlw_IoBuildDeviceIoControlRequest(IOCTL_TEST_OUT, d, in, 3, out,
						 64, FALSE, NULL, &iosb);
	CHECK(irp && irp->MdlAddress);
	ndlw_IofCallDriver(d, irp);
	CHECK_EQ_INT(iosb.Information, 64);
	CHECK(out[0] == 0xab && out[63] == 0xab);
	CHECK(!memcmp(ioctl_in_seen, in, 3));

	memset(out, 0, sizeof(out));
	irp = ndlw_IoBuildDeviceIoControlRequest(IOCTL_TEST_NONE, d, in, 3, out,
						 3, FALSE, NULL, &iosb);
	CHECK(irp->UserBuffer == out);
	CHECK(ndl_irp_next_sl(irp)->Parameters.DeviceIoControl.Type3InputBuffer
	      == in);
	CHECK(irp->AssociatedIrp.SystemBuffer == NULL);
	ndlw_IofCallDriver(d, irp);
	CHECK(out[0] == 5 && out[2] == 7);
	drv_obj.MajorFunction[IRP_MJ_DEVICE_CONTROL] = ndl_io_invalid_request;
	ndlw_IoDeleteDevice(d);
}

static NTAPI NTSTATUS read_dispatch(DEVICE_OBJECT *dev, void *p)
{
	IRP *irp = p;
	IO_STACK_LOCATION *sl = ndl_irp_cur_sl(irp);
	u8 *b = dev->Flags & DO_BUFFERED_IO ? irp->AssociatedIrp.SystemBuffer :
		ndlw_MmGetSystemAddressForMdlSafe(irp->MdlAddress, 0);

	memset(b, 0x5a, sl->Parameters.Read.Length);
	b[0] = (u8)sl->Parameters.Read.ByteOffset.QuadPart;
	return ndl_irp_complete(irp, STATUS_SUCCESS, sl->Parameters.Read.Length);
}

/* Rule (IoBuildSynchronousFsdRequest): a DO_BUFFERED_IO device reads
 * into a system buffer copied back at completion, a DO_DIRECT_IO one
 * through an MDL; ByteOffset and Length are in the stack location. */
static void test_fsd_read_buffered_and_direct(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	LARGE_INTEGER off = { .QuadPart = 3 };
	IO_STATUS_BLOCK iosb;
	u8 buf[32];
	KEVENT ev;
	IRP *irp;

	drv_obj.MajorFunction[IRP_MJ_READ] = read_dispatch;
	ndlw_KeInitializeEvent(&ev, NotificationEvent, FALSE);
	d->Flags |= DO_BUFFERED_IO;
	irp = ndlw_IoBuildSynchronousFsdRequest(IRP_MJ_READ, d, buf, 32, &off,
						&ev, &iosb);
	CHECK(irp && irp->AssociatedIrp.SystemBuffer != buf);
	ndlw_IofCallDriver(d, irp);
	CHECK(buf[0] == 3 && buf[31] == 0x5a);
	CHECK_EQ_INT(iosb.Information, 32);
	CHECK_EQ_INT(ndlw_KeReadStateEvent(&ev), 1);

	d->Flags = (d->Flags & ~DO_BUFFERED_IO) | DO_DIRECT_IO;
	memset(buf, 0, sizeof(buf));
	irp = ndlw_IoBuildSynchronousFsdRequest(IRP_MJ_READ, d, buf, 32, NULL,
						NULL, &iosb);
	CHECK(irp && irp->MdlAddress);
	ndlw_IofCallDriver(d, irp);
	CHECK(buf[0] == 0 && buf[1] == 0x5a);
	CHECK(!ndlw_IoBuildSynchronousFsdRequest(IRP_MJ_DEVICE_CONTROL, d, buf,
						 1, NULL, NULL, &iosb));
	drv_obj.MajorFunction[IRP_MJ_READ] = ndl_io_invalid_request;
	ndlw_IoDeleteDevice(d);
}

static NTAPI NTSTATUS free_in_completion(DEVICE_OBJECT *dev, IRP *irp,
					 void *ctx)
{
	*(NTSTATUS *)ctx = irp->IoStatus.Status;
	ndlw_IoFreeIrp(irp);
	return STATUS_MORE_PROCESSING_REQUIRED;
}

/* Rule (IoBuildAsynchronousFsdRequest): the creator's completion routine
 * sees the result and frees the IRP, returning
 * STATUS_MORE_PROCESSING_REQUIRED. */
static void test_fsd_async_freed_by_creator(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	IO_STATUS_BLOCK iosb;
	NTSTATUS got = -1;
	IRP *irp;

	irp = ndlw_IoBuildAsynchronousFsdRequest(IRP_MJ_FLUSH_BUFFERS, d, NULL,
						 0, NULL, &iosb);
	CHECK(irp);
	ndl_irp_next_sl(irp)->CompletionRoutine = free_in_completion;
	ndl_irp_next_sl(irp)->Context = &got;
	ndl_irp_next_sl(irp)->Control = ALL;
	CHECK_EQ_INT(ndlw_IofCallDriver(d, irp), STATUS_INVALID_DEVICE_REQUEST);
	CHECK_EQ_INT(got, STATUS_INVALID_DEVICE_REQUEST);
	ndlw_IoDeleteDevice(d);
}

static struct {
	KIRQL irql, cancel_irql;
	BOOLEAN cancel_flag;
	bool routine_cleared;
	int calls;
} cx;

static NTAPI void cancel_routine(DEVICE_OBJECT *dev, IRP *irp)
{
	cx.calls++;
	cx.irql = ndlw_KeGetCurrentIrql();
	cx.cancel_irql = irp->CancelIrql;
	cx.cancel_flag = irp->Cancel;
	cx.routine_cleared = irp->CancelRoutine == NULL;
	ndlw_IoReleaseCancelSpinLock(irp->CancelIrql);
	ndl_irp_complete(irp, STATUS_CANCELLED, 0);
}

/* Rule: IoCancelIrp sets Cancel, clears the cancel routine and calls it
 * at DISPATCH_LEVEL with the cancel spin lock held and the IRQL to
 * return to in CancelIrql; without a routine it returns FALSE. */
static void test_cancel_irp(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	IRP *irp = ndlw_IoAllocateIrp(1, FALSE);
	KIRQL old;

	memset(&cx, 0, sizeof(cx));
	reset();
	*(int *)d->DeviceExtension = 99;
	drv_obj.MajorFunction[IRP_MJ_READ] = bottom_dispatch;
	ndl_irp_next_sl(irp)->MajorFunction = IRP_MJ_READ;
	set_completion(irp, 0, SL_INVOKE_ON_CANCEL);
	seen.ret[0] = STATUS_MORE_PROCESSING_REQUIRED;
	ndlw_IofCallDriver(d, irp);
	irp->CancelRoutine = cancel_routine;
	CHECK(ndlw_IoCancelIrp(irp));
	CHECK_EQ_INT(cx.calls, 1);
	CHECK_EQ_INT(cx.irql, NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(cx.cancel_irql, NDL_PASSIVE_LEVEL);
	CHECK(cx.cancel_flag && cx.routine_cleared);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), NDL_PASSIVE_LEVEL);
	CHECK_EQ_INT(seen.n, 1);	/* SL_INVOKE_ON_CANCEL routine ran */
	/* Lock released by the routine: it can be taken again. */
	ndlw_IoAcquireCancelSpinLock(&old);
	ndlw_IoReleaseCancelSpinLock(old);

	ndlw_IoReuseIrp(irp, STATUS_SUCCESS);
	CHECK(!ndlw_IoCancelIrp(irp));
	CHECK(irp->Cancel);
	ndlw_IoFreeIrp(irp);
	drv_obj.MajorFunction[IRP_MJ_READ] = ndl_io_invalid_request;
	ndlw_IoDeleteDevice(d);
}

/* Rule: attaching puts the device on top of the stack, returns the
 * previous top and makes StackSize one more than it; IoGetAttachedDevice
 * finds the top; detaching unlinks. */
static void test_attach_detach(void)
{
	DEVICE_OBJECT *a = mkdev(NULL), *b = mkdev(NULL), *c = mkdev(NULL);

	b->StackSize = 1;
	CHECK(ndlw_IoAttachDeviceToDeviceStack(b, a) == a);
	CHECK(ndlw_IoAttachDeviceToDeviceStack(c, a) == b);
	CHECK_EQ_INT(c->StackSize, 3);
	CHECK(a->AttachedDevice == b && b->AttachedDevice == c);
	CHECK(ndlw_IoGetAttachedDevice(a) == c);
	CHECK(ndlw_IoGetAttachedDeviceReference(b) == c);
	CHECK(ndl_device_lower(c) == b);
	ndlw_IoDetachDevice(b);
	CHECK(b->AttachedDevice == NULL && ndl_device_lower(c) == NULL);
	CHECK(ndlw_IoGetAttachedDevice(a) == b);
	ndlw_IoDetachDevice(a);
	ndlw_IoDeleteDevice(c);
	ndlw_IoDeleteDevice(b);
	ndlw_IoDeleteDevice(a);
	CHECK(drv_obj.DeviceObject == NULL);
}

static void ustr(UNICODE_STRING *u, WCHAR *buf, const char *s)
{
	u32 i;

	for (i = 0; s[i]; i++)
		buf[i] = (u8)s[i];
	buf[i] = 0;
	u->Buffer = buf;
	u->Length = (USHORT)(i * 2);
	u->MaximumLength = (USHORT)(i * 2 + 2);
}

/* Rule: device names are unique (STATUS_OBJECT_NAME_COLLISION); a
 * symbolic link names the device until deleted; IoCreateDevice puts the
 * device at the head of DriverObject->DeviceObject. */
static void test_names_and_links(void)
{
	UNICODE_STRING n, l;
	WCHAR nb[32], lb[32];
	DEVICE_OBJECT *d, *e = NULL;

	ustr(&n, nb, "\\Device\\IrpTest");
	ustr(&l, lb, "\\DosDevices\\IrpTest");
	CHECK_EQ_INT(ndlw_IoCreateDevice(&drv_obj, 0, &n, FILE_DEVICE_UNKNOWN,
					 0, TRUE, &d), STATUS_SUCCESS);
	CHECK(d->Flags & DO_DEVICE_INITIALIZING);
	CHECK(d->Flags & DO_EXCLUSIVE);
	CHECK(drv_obj.DeviceObject == d);
	CHECK_EQ_INT(ndlw_IoCreateDevice(&drv_obj, 0, &n, FILE_DEVICE_UNKNOWN,
					 0, FALSE, &e),
		     STATUS_OBJECT_NAME_COLLISION);
	CHECK(e == NULL);
	CHECK_EQ_INT(ndlw_IoCreateSymbolicLink(&l, &n), STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_IoCreateSymbolicLink(&l, &n),
		     STATUS_OBJECT_NAME_COLLISION);
	CHECK(ndl_device_by_name("\\??\\irptest") == d);
	CHECK(ndl_device_by_name("\\Device\\IrpTest") == d);
	CHECK_EQ_INT(ndlw_IoDeleteSymbolicLink(&l), STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_IoDeleteSymbolicLink(&l),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	CHECK(ndl_device_by_name("\\??\\IrpTest") == NULL);
	ndlw_IoDeleteDevice(d);
	CHECK(drv_obj.DeviceObject == NULL);
}

/* Rule: after IoReleaseRemoveLockAndWait, acquiring fails with
 * STATUS_DELETE_PENDING; the wait ends when the count drops to zero. */
static void test_remove_lock(void)
{
	IO_REMOVE_LOCK l;
	int tag;

	ndlw_IoInitializeRemoveLockEx(&l, 0x74736554, 0, 0, sizeof(l));
	CHECK_EQ_INT(l.IoCount, 1);
	CHECK_EQ_INT(ndlw_IoAcquireRemoveLockEx(&l, &tag, __FILE__, __LINE__,
						sizeof(l)), STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_IoAcquireRemoveLockEx(&l, &tag, __FILE__, __LINE__,
						sizeof(l)), STATUS_SUCCESS);
	ndlw_IoReleaseRemoveLockEx(&l, &tag, sizeof(l));
	ndlw_IoReleaseRemoveLockAndWaitEx(&l, &tag, sizeof(l));
	CHECK_EQ_INT(l.IoCount, 0);
	CHECK(l.Removed);
	CHECK_EQ_INT(ndlw_IoAcquireRemoveLockEx(&l, &tag, __FILE__, __LINE__,
						sizeof(l)),
		     (NTSTATUS)0xC0000056);
	CHECK_EQ_INT(l.IoCount, 0);
}

static struct { int calls; UCHAR minor; ULONG state; NTSTATUS st; } pw;

static NTAPI void power_complete(DEVICE_OBJECT *dev, UCHAR minor, ULONG state,
				 void *ctx, IO_STATUS_BLOCK *iosb)
{
	pw.calls++;
	pw.minor = minor;
	pw.state = state;
	pw.st = iosb->Status;
}

static NTAPI NTSTATUS power_dispatch(DEVICE_OBJECT *dev, void *p)
{
	IRP *irp = p;
	IO_STACK_LOCATION *sl = ndl_irp_cur_sl(irp);

	CHECK_EQ_INT(sl->Parameters.Power.State, 3);
	CHECK_EQ_INT(irp->IoStatus.Status, STATUS_NOT_SUPPORTED);
	ndlw_PoStartNextPowerIrp(irp);
	return ndl_irp_complete(irp, STATUS_SUCCESS, 0);
}

/* Rule: PoRequestPowerIrp sends a power IRP to the top of the stack and
 * calls the completion function with its status; PoSetPowerState returns
 * the previous state. */
static void test_power(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);

	drv_obj.MajorFunction[IRP_MJ_POWER] = power_dispatch;
	memset(&pw, 0, sizeof(pw));
	CHECK_EQ_INT(ndlw_PoRequestPowerIrp(d, IRP_MN_SET_POWER, 3,
					    power_complete, NULL, NULL),
		     STATUS_PENDING);
	CHECK_EQ_INT(pw.calls, 1);
	CHECK_EQ_INT(pw.minor, IRP_MN_SET_POWER);
	CHECK_EQ_INT(pw.st, STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_PoRequestPowerIrp(d, 7, 3, power_complete, NULL,
					    NULL), STATUS_INVALID_PARAMETER_2);
	CHECK_EQ_INT(ndlw_PoSetPowerState(d, 1, 4), 1);
	CHECK_EQ_INT(ndlw_PoSetPowerState(d, 1, 1), 4);
	drv_obj.MajorFunction[IRP_MJ_POWER] = ndl_io_invalid_request;
	ndlw_IoDeleteDevice(d);
}

/* Rule: with no WMI consumer, registration succeeds, WmiSystemControl
 * forwards requests for another provider and trace queries find no
 * logger. */
static void test_wmi(void)
{
	DEVICE_OBJECT *d = mkdev(NULL);
	IRP *irp = ndlw_IoAllocateIrp(2, FALSE);
	ULONG disp = 9, need = 5;

	CHECK_EQ_INT(ndlw_IoWMIRegistrationControl(d, 1), STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_IoWMIRegistrationControl(d, 2), STATUS_SUCCESS);
	irp->CurrentLocation--;
	irp->Tail.Overlay.CurrentStackLocation--;
	ndl_irp_cur_sl(irp)->MajorFunction = IRP_MJ_SYSTEM_CONTROL;
	ndl_irp_cur_sl(irp)->Parameters.WMI.ProviderId = 1234;
	irp->IoStatus.Status = STATUS_NOT_SUPPORTED;
	CHECK_EQ_INT(ndlw_WmiSystemControl(NULL, d, irp, &disp),
		     STATUS_NOT_SUPPORTED);
	CHECK_EQ_INT(disp, 3);		/* IrpForward */
	CHECK(ndlw_WmiQueryTraceInformation(1, NULL, 0, &need, NULL) < 0);
	CHECK_EQ_INT(need, 0);
	ndlw_IoFreeIrp(irp);
	ndlw_IoDeleteDevice(d);
}

/* Rule: IoGetStackLimits brackets the caller's own stack. */
static void test_stack_limits(void)
{
	ULONG_PTR lo = 0, hi = 0;
	int here;

	ndlw_IoGetStackLimits(&lo, &hi);
	CHECK(lo < (ULONG_PTR)&here && (ULONG_PTR)&here < hi);
}

/* Misuse never crashes: freeing an IRP the I/O manager did not allocate
 * is refused with a log line. */
static void test_free_foreign_irp(void)
{
	union { IRP irp; u8 room[sizeof(IRP) + sizeof(IO_STACK_LOCATION)]; } u;

	ndlw_IoInitializeIrp(&u.irp, sizeof(u), 1);
	log_clear();
	ndlw_IoFreeIrp(&u.irp);
	CHECK(log_contains("not allocated by IoAllocateIrp"));
}

static u8 fake_config[256];
static u32 cfg_rw(void *ctx, bool write, u32 off, void *buf, u32 len)
{
	if (off >= sizeof(fake_config))
		return 0;
	if (len > sizeof(fake_config) - off)
		len = sizeof(fake_config) - off;
	memcpy(write ? fake_config + off : buf,
	       write ? buf : fake_config + off, len);
	return len;
}

static const struct ndl_pdo_ops cfg_ops = { .config = cfg_rw };

static int wcs_eq(const WCHAR *w, const char *s)
{
	while (*s && *w == (u8)*s)
		w++, s++;
	return !*s && !*w;
}

/* Rule (IoGetDeviceProperty): properties of a PCI PDO in their documented
 * types; a buffer too small gives STATUS_BUFFER_TOO_SMALL and the length
 * needed; an unknown property STATUS_INVALID_PARAMETER_2; a device that
 * is not a PDO STATUS_INVALID_DEVICE_REQUEST. */
static void test_device_property(void)
{
	struct ndl_pdo_desc desc;
	DEVICE_OBJECT *pdo = NULL, *fdo = mkdev(NULL);
	WCHAR w[256];
	ULONG v = 0, need = 0;
	GUID g;

	ndl_pdo_desc_pci(&desc, 2, 3, 1, 0x10ec, 0x8139, 0x1af4, 0x1100, 0x20,
			 0x020000);
	CHECK_EQ_INT(ndl_pdo_create(&desc, &cfg_ops, NULL, &pdo),
		     STATUS_SUCCESS);
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 14, 4, &v, &need),
		     STATUS_SUCCESS);
	CHECK_EQ_INT(v, 2);			/* BusNumber */
	CHECK_EQ_INT(need, 4);
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 16, 4, &v, &need),
		     STATUS_SUCCESS);
	CHECK_EQ_INT(v, (3 << 16) | 1);		/* Address */
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 13, 4, &v, &need),
		     STATUS_SUCCESS);
	CHECK_EQ_INT(v, 5);			/* LegacyBusType: PCIBus */
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 1, 4, w, &need),
		     STATUS_BUFFER_TOO_SMALL);
	CHECK(need > 4 && need % 2 == 0);
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 1, need, w, &need),
		     STATUS_SUCCESS);
	CHECK(wcs_eq(w, "PCI\\VEN_10EC&DEV_8139&SUBSYS_11001AF4&REV_20"));
	CHECK(w[need / 2 - 1] == 0 && w[need / 2 - 2] == 0);	/* multi-sz */
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 10, sizeof(w), w, &need),
		     STATUS_SUCCESS);
	CHECK(wcs_eq(w, "PCI bus 2, device 3, function 1"));
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 15, sizeof(w), w, &need),
		     STATUS_SUCCESS);
	CHECK(wcs_eq(w, "PCI"));
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 12, sizeof(g), &g, &need),
		     STATUS_SUCCESS);
	CHECK_EQ_INT(g.Data1, 0xc8ebdfb0);	/* GUID_BUS_TYPE_PCI */
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 11, sizeof(w), w, &need),
		     STATUS_SUCCESS);
	CHECK(wcs_eq(w, "\\Device\\NTPNP_PCI0001"));
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 9, sizeof(w), w, &need),
		     STATUS_OBJECT_NAME_NOT_FOUND);
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 99, sizeof(w), w, &need),
		     STATUS_INVALID_PARAMETER_2);
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(fdo, 14, 4, &v, &need),
		     STATUS_INVALID_DEVICE_REQUEST);
	ndl_pdo_delete(pdo);
	ndlw_IoDeleteDevice(fdo);
}

/* Rule: a function driver reads PCI configuration space by sending
 * IRP_MN_READ_CONFIG down to the PDO; unknown PnP requests complete with
 * the status already in the IRP. */
static void test_pdo_read_config(void)
{
	struct ndl_pdo_desc desc;
	DEVICE_OBJECT *pdo = NULL, *fdo = mkdev(NULL);
	IO_STATUS_BLOCK iosb;
	IO_STACK_LOCATION *sl;
	u8 buf[4] = { 0 };
	KEVENT ev;
	IRP *irp;

	fake_config[0] = 0xec;
	fake_config[1] = 0x10;
	ndl_pdo_desc_pci(&desc, 0, 4, 0, 0x10ec, 0x8139, 0, 0, 0, 0x020000);
	ndl_pdo_create(&desc, &cfg_ops, NULL, &pdo);
	CHECK(ndlw_IoAttachDeviceToDeviceStack(fdo, pdo) == pdo);
	ndlw_KeInitializeEvent(&ev, NotificationEvent, FALSE);
	irp = ndlw_IoBuildSynchronousFsdRequest(IRP_MJ_PNP, pdo, NULL, 0, NULL,
						&ev, &iosb);
	irp->IoStatus.Status = STATUS_NOT_SUPPORTED;
	sl = ndl_irp_next_sl(irp);
	sl->MinorFunction = IRP_MN_READ_CONFIG;
	sl->Parameters.ReadWriteConfig.Buffer = buf;
	sl->Parameters.ReadWriteConfig.Length = 2;
	CHECK_EQ_INT(ndlw_IofCallDriver(pdo, irp), STATUS_SUCCESS);
	CHECK_EQ_INT(iosb.Information, 2);
	CHECK(buf[0] == 0xec && buf[1] == 0x10);

	irp = ndlw_IoBuildSynchronousFsdRequest(IRP_MJ_PNP, pdo, NULL, 0, NULL,
						&ev, &iosb);
	irp->IoStatus.Status = STATUS_NOT_SUPPORTED;
	ndl_irp_next_sl(irp)->MinorFunction = 0x18;
	CHECK_EQ_INT(ndlw_IofCallDriver(pdo, irp), STATUS_NOT_SUPPORTED);
	ndlw_IoDetachDevice(pdo);
	ndlw_IoDeleteDevice(fdo);
	ndl_pdo_delete(pdo);
}

int main(void)
{
	int rc;

	test_init();
	drv_obj.Type = IO_TYPE_DRIVER;
	drv_obj.Size = sizeof(drv_obj);
	ndl_io_driver_init(&drv_obj);
	drv_obj.MajorFunction[IRP_MJ_DEVICE_CONTROL] = pass_dispatch;
	RUN(test_allocate_layout);
	RUN(test_call_driver_moves_down);
	RUN(test_completion_reverse_order);
	RUN(test_more_processing_stops);
	RUN(test_pending_returned_propagates);
	drv_obj.MajorFunction[IRP_MJ_DEVICE_CONTROL] = ndl_io_invalid_request;
	RUN(test_unset_major_is_invalid_request);
	RUN(test_invoke_on_flags);
	RUN(test_completion_at_callers_irql);
	RUN(test_ioctl_buffered_copies_back);
	RUN(test_ioctl_buffered_error_no_copy);
	RUN(test_ioctl_direct_and_neither);
	RUN(test_fsd_read_buffered_and_direct);
	RUN(test_fsd_async_freed_by_creator);
	RUN(test_cancel_irp);
	RUN(test_attach_detach);
	RUN(test_names_and_links);
	RUN(test_remove_lock);
	RUN(test_power);
	RUN(test_wmi);
	RUN(test_stack_limits);
	RUN(test_free_foreign_irp);
	RUN(test_device_property);
	RUN(test_pdo_read_config);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
