// SPDX-License-Identifier: GPL-2.0-only
/*
 * Transfers: a URB's data moved by the host, its IRP pending meanwhile.
 *  - The IRP is marked pending and gets a cancel routine before the host
 *    sees the transfer; IoCancelIrp then asks the host to unlink it, and
 *    the IRP completes when the host gave the transfer back
 *    (USBD_STATUS_CANCELED, STATUS_CANCELLED).
 *  - The host's completion may come from any context (hard-irq in the
 *    kernel); the IRP is completed from a DPC, at DISPATCH_LEVEL, as
 *    Windows' USB stack completes it. TransferBufferLength becomes the
 *    bytes moved.
 *  - ABORT_PIPE cancels what the pipe holds and completes once the last
 *    of those completed; CONTROL_TRANSFER_EX's Timeout cancels the
 *    transfer and reports USBD_STATUS_TIMEOUT.
 * Lifetime: a transfer record has two references, the dispatch path's
 * and the completion's; the cancel routine works under the system cancel
 * lock, which completion waits for when it lost the race for the routine.
 */
#include "usb/usb_priv.h"
#include "nt/nt_exports.h"

static void xfer_put(struct ndl_usb_xfer *x)
{
	if (!ndl_atomic_add(&x->refs, -1))
		ndl_free(x);
}

static PDRIVER_CANCEL set_cancel(IRP *irp, PDRIVER_CANCEL fn)
{
	return ndl_atomic_xchg(&irp->CancelRoutine, fn);
}

/* Under u->lock: ask the host to end x if it still holds it. */
static void cancel_locked(struct ndl_usb_xfer *x)
{
	if (x->host_done)
		return;
	if (x->state == NDL_XFER_SUBMITTED)
		x->dev->ops->cancel(x->dev->os, &x->os);
	else
		x->cancel_asked = true;	/* the submit path will do it */
}

static NTAPI void cancel_routine(DEVICE_OBJECT *dev, IRP *irp)
{
	struct ndl_usb_xfer *x = irp->Tail.Overlay.DriverContext[0];
	KIRQL old = ndl_lock_any(&x->dev->lock);

	cancel_locked(x);
	ndl_unlock_any(&x->dev->lock, old);
	/* Released last: completion waits for it before x can go. */
	ndlw_IoReleaseCancelSpinLock(irp->CancelIrql);
}

static NTAPI void timeout_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	struct ndl_usb_xfer *x = ctx;
	KIRQL old = ndl_lock_any(&x->dev->lock);

	if (!x->host_done) {
		x->timed_out = true;
		cancel_locked(x);
	}
	ndl_unlock_any(&x->dev->lock, old);
}

/* Move the ABORT_PIPE IRPs waiting for an idle pipe to done. */
static void take_aborts(struct ndl_usb_pipe *p, LIST_ENTRY *done)
{
	LIST_ENTRY *e;

	if (p->busy)
		return;
	while ((e = ndl_list_op(&p->aborts, NULL, NDL_LIST_REMOVE_HEAD)))
		ndl_list_add_tail(done, e);
}

static void finish_aborts(LIST_ENTRY *done)
{
	LIST_ENTRY *e;

	while ((e = ndl_list_op(done, NULL, NDL_LIST_REMOVE_HEAD))) {
		IRP *irp = NDL_CONTAINER_OF(e, IRP, Tail.Overlay.ListEntry);

		ndl_urb_finish(irp, irp->Tail.Overlay.DriverContext[1],
			       USBD_STATUS_SUCCESS);
	}
}

static USBD_STATUS outcome(struct ndl_usb_xfer *x)
{
	if (x->os.status == NDL_OS_USB_OK)
		return USBD_STATUS_SUCCESS;
	if (x->dev->gone)
		return USBD_STATUS_DEVICE_GONE;
	if (x->timed_out && x->os.status == NDL_OS_USB_CANCELLED)
		return USBD_STATUS_TIMEOUT;
	return ndl_usbd_status(x->os.status);
}

static NTAPI void complete_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	struct ndl_usb_xfer *x = ctx;
	struct ndl_usb_dev *u = x->dev;
	IRP *irp = x->irp;
	URB *urb = x->urb;
	LIST_ENTRY done;
	USBD_STATUS st;
	KIRQL old;

	if (x->timer_set) {
		ndlw_KeCancelTimer(&x->timer);
		ndlw_KeRemoveQueueDpc(&x->timer_dpc);
	}
	if (!set_cancel(irp, NULL)) {
		/* IoCancelIrp took the routine: let it finish with x. */
		ndlw_IoAcquireCancelSpinLock(&old);
		ndlw_IoReleaseCancelSpinLock(old);
	}
	ndl_list_init(&done);
	old = ndl_lock_any(&u->lock);
	ndl_list_unlink(&x->link);
	x->pipe->busy--;
	take_aborts(x->pipe, &done);
	ndl_unlock_any(&u->lock, old);

	st = outcome(x);
	urb->transfer.TransferBufferLength = x->os.actual <= x->os.len ?
					     x->os.actual : x->os.len;
	urb->UrbHeader.Status = st;
	ndl_irp_complete(irp, ndl_usbd_ntstatus(st), 0);
	finish_aborts(&done);
	ndl_atomic_add(&u->busy, -1);
	xfer_put(x);
}

/* The host gave the transfer back (any context). */
static void host_complete(struct ndl_os_usb_xfer *ox)
{
	struct ndl_usb_xfer *x = (struct ndl_usb_xfer *)ox;
	KIRQL old = ndl_lock_any(&x->dev->lock);

	x->host_done = true;
	ndl_unlock_any(&x->dev->lock, old);
	ndlw_KeInsertQueueDpc(&x->dpc, NULL, NULL);
}

static void arm_timeout(struct ndl_usb_xfer *x, u32 ms)
{
	LARGE_INTEGER due;

	ndlw_KeInitializeTimer(&x->timer);
	ndlw_KeInitializeDpc(&x->timer_dpc, timeout_dpc, x);
	due.QuadPart = -(s64)ms * 10000;	/* relative, 100 ns units */
	x->timer_set = true;
	ndlw_KeSetTimer(&x->timer, due, &x->timer_dpc);
}

void *ndl_urb_buffer(struct ndl_urb_transfer *t)
{
	MDL *m = t->TransferBufferMDL;

	if (!m)
		return t->TransferBuffer;
	if (t->TransferBufferLength > m->ByteCount)
		return NULL;
	return ndlw_MmGetSystemAddressForMdlSafe(m, 16);
}

NTSTATUS ndl_usb_xfer_start(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    struct ndl_usb_pipe *pipe, bool in,
			    const u8 *setup, u32 timeout_ms)
{
	struct ndl_urb_transfer *t = &urb->transfer;
	struct ndl_usb_xfer *x;
	enum ndl_os_usb_status hs;
	bool cancel_now;
	void *buf = ndl_urb_buffer(t);
	KIRQL old;

	if (t->TransferBufferLength && !buf)
		return ndl_urb_finish(irp, urb, USBD_STATUS_INVALID_PARAMETER);
	x = ndl_alloc(sizeof(*x), ndl_alloc_flags_for_irql() | NDL_OS_ZERO);
	if (!x)
		return ndl_urb_finish(irp, urb,
				      USBD_STATUS_INSUFFICIENT_RESOURCES);
	x->os.endpoint = pipe->endpoint;
	x->os.type = pipe->type;
	x->os.in = in;
	if (setup)
		ndl_memcpy(x->os.setup, setup, 8);
	x->os.buf = buf;
	x->os.len = t->TransferBufferLength;
	x->os.complete = host_complete;
	x->dev = u;
	x->pipe = pipe;
	x->irp = irp;
	x->urb = urb;
	x->refs = 2;
	ndlw_KeInitializeDpc(&x->dpc, complete_dpc, x);
	irp->Tail.Overlay.DriverContext[0] = x;
	urb->UrbHeader.Status = USBD_STATUS_PENDING;

	old = ndl_lock_any(&u->lock);
	if (u->gone) {
		ndl_unlock_any(&u->lock, old);
		ndl_free(x);
		return ndl_urb_finish(irp, urb, USBD_STATUS_DEVICE_GONE);
	}
	ndl_list_add_tail(&u->xfers, &x->link);
	pipe->busy++;
	ndl_atomic_add(&u->busy, 1);
	ndl_unlock_any(&u->lock, old);

	ndl_irp_cur_sl(irp)->Control |= SL_PENDING_RETURNED;
	set_cancel(irp, cancel_routine);
	if (irp->Cancel && set_cancel(irp, NULL)) {
		/* Cancelled before we could be: never reaches the host. */
		x->os.status = NDL_OS_USB_CANCELLED;
		host_complete(&x->os);
		xfer_put(x);
		return STATUS_PENDING;
	}
	if (timeout_ms)
		arm_timeout(x, timeout_ms);
	hs = u->ops->submit(u->os, &x->os);
	old = ndl_lock_any(&u->lock);
	x->state = NDL_XFER_SUBMITTED;
	cancel_now = hs == NDL_OS_USB_OK && x->cancel_asked;
	if (cancel_now)
		cancel_locked(x);
	ndl_unlock_any(&u->lock, old);
	if (hs != NDL_OS_USB_OK) {
		/* Refused by the host: completes the same way. */
		x->os.status = hs;
		x->os.actual = 0;
		host_complete(&x->os);
	}
	xfer_put(x);
	return STATUS_PENDING;
}

NTSTATUS ndl_usb_abort_pipe(struct ndl_usb_dev *u, IRP *irp, URB *urb,
			    struct ndl_usb_pipe *pipe)
{
	LIST_ENTRY *e;
	KIRQL old = ndl_lock_any(&u->lock);

	if (!pipe->busy) {
		ndl_unlock_any(&u->lock, old);
		return ndl_urb_finish(irp, urb, USBD_STATUS_SUCCESS);
	}
	irp->Tail.Overlay.DriverContext[1] = urb;
	ndl_irp_cur_sl(irp)->Control |= SL_PENDING_RETURNED;
	ndl_list_add_tail(&pipe->aborts, &irp->Tail.Overlay.ListEntry);
	for (e = u->xfers.Flink; e != &u->xfers; e = e->Flink) {
		struct ndl_usb_xfer *x =
			NDL_CONTAINER_OF(e, struct ndl_usb_xfer, link);

		if (x->pipe == pipe)
			cancel_locked(x);
	}
	ndl_unlock_any(&u->lock, old);
	return STATUS_PENDING;
}

void ndl_usb_cancel_all(struct ndl_usb_dev *u)
{
	LIST_ENTRY *e;
	KIRQL old = ndl_lock_any(&u->lock);

	for (e = u->xfers.Flink; e != &u->xfers; e = e->Flink)
		cancel_locked(NDL_CONTAINER_OF(e, struct ndl_usb_xfer, link));
	ndl_unlock_any(&u->lock, old);
}
