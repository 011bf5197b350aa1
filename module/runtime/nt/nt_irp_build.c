// SPDX-License-Identifier: GPL-2.0-only
/*
 * IRPs the I/O manager builds for a caller: IoBuildDeviceIoControlRequest,
 * IoBuildSynchronousFsdRequest, IoBuildAsynchronousFsdRequest, and the
 * I/O manager's part of completion (after the last completion routine).
 *
 * Buffers, as the WDK describes them for each transfer type:
 *  - METHOD_BUFFERED: one system buffer of max(input, output) bytes holds
 *    the input; at completion Information bytes (at most the output
 *    length) are copied back to the caller's output buffer, unless the
 *    status is an error;
 *  - METHOD_IN_DIRECT / METHOD_OUT_DIRECT: the input in a system buffer,
 *    the output described by a locked MDL (MdlAddress);
 *  - METHOD_NEITHER: the caller's pointers (Type3InputBuffer, UserBuffer);
 *  - READ/WRITE: by the target's DO_BUFFERED_IO / DO_DIRECT_IO flag.
 * A synchronous request's IO_STATUS_BLOCK and event are set when it
 * completes and the I/O manager frees it; an asynchronous one belongs to
 * its creator, whose completion routine frees it (IoFreeIrp) and returns
 * STATUS_MORE_PROCESSING_REQUIRED.
 */
#include "nt/nt_irp_priv.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

#define NT_ERROR(s) ((u32)(s) >> 30 == 3)

static int sysbuf(IRP *irp, const void *in, u32 in_len, u32 size)
{
	void *b;

	if (!size)
		return 0;
	b = ndl_alloc(size, NDL_OS_ZERO | ndl_alloc_flags_for_irql());
	if (!b)
		return -NDL_ENOMEM;
	if (in && in_len)
		ndl_memcpy(b, in, in_len);
	irp->AssociatedIrp.SystemBuffer = b;
	irp->Flags |= IRP_BUFFERED_IO | IRP_DEALLOCATE_BUFFER;
	return 0;
}

static int lock_mdl(IRP *irp, void *va, u32 len, LOCK_OPERATION op)
{
	MDL *m;

	if (!va || !len)
		return 0;
	m = ndlw_IoAllocateMdl(va, len, FALSE, FALSE, NULL);
	if (!m)
		return -NDL_ENOMEM;
	ndlw_MmProbeAndLockPages(m, 0, op);
	irp->MdlAddress = m;
	return 0;
}

static void buffered_output(IRP *irp, void *out, u32 out_len)
{
	struct ndl_irp_hdr *h = ndl_irp_hdr(irp);

	irp->Flags |= IRP_INPUT_OPERATION;
	irp->UserBuffer = out;
	if (h)
		h->out_len = out_len;
}

int ndl_irp_attach_buffers(IRP *irp, DEVICE_OBJECT *dev, u8 major, u32 ioctl,
			   const void *in, u32 in_len, void *out, u32 out_len)
{
	IO_STACK_LOCATION *sl = ndl_irp_next_sl(irp);
	int rc;

	if (major == IRP_MJ_READ || major == IRP_MJ_WRITE) {
		bool rd = major == IRP_MJ_READ;
		void *buf = rd ? out : (void *)in;
		u32 len = rd ? out_len : in_len;

		if (dev->Flags & DO_BUFFERED_IO) {
			rc = sysbuf(irp, rd ? NULL : in, rd ? 0 : len, len);
			if (!rc && rd && len)
				buffered_output(irp, out, len);
			return rc;
		}
		if (dev->Flags & DO_DIRECT_IO)
			return lock_mdl(irp, buf, len,
					rd ? IoWriteAccess : IoReadAccess);
		irp->UserBuffer = buf;
		return 0;
	}
	if (major != IRP_MJ_DEVICE_CONTROL &&
	    major != IRP_MJ_INTERNAL_DEVICE_CONTROL)
		return 0;
	switch (NDL_IOCTL_METHOD(ioctl)) {
	case METHOD_BUFFERED:
		rc = sysbuf(irp, in, in_len,
			    in_len > out_len ? in_len : out_len);
		if (!rc && out_len)
			buffered_output(irp, out, out_len);
		return rc;
	case METHOD_NEITHER:
		sl->Parameters.DeviceIoControl.Type3InputBuffer = (void *)in;
		irp->UserBuffer = out;
		return 0;
	default:
		rc = sysbuf(irp, in, in_len, in_len);
		if (!rc)
			rc = lock_mdl(irp, out, out_len,
				      NDL_IOCTL_METHOD(ioctl) == METHOD_IN_DIRECT ?
				      IoReadAccess : IoWriteAccess);
		return rc;
	}
}

static IRP *build(DEVICE_OBJECT *dev, u8 major, enum ndl_irp_kind kind)
{
	IRP *irp;

	if (!dev || !ndl_device_valid(dev)) {
		ndl_warn("IoBuild*Request: %p is not a device object", dev);
		return NULL;
	}
	irp = ndlw_IoAllocateIrp(dev->StackSize, FALSE);
	if (!irp)
		return NULL;
	ndl_irp_hdr(irp)->kind = kind;
	ndl_irp_next_sl(irp)->MajorFunction = major;
	irp->RequestorMode = 0;		/* KernelMode */
	return irp;
}

NTAPI IRP *ndlw_IoBuildDeviceIoControlRequest(ULONG code, DEVICE_OBJECT *dev,
					      void *in, ULONG in_len,
					      void *out, ULONG out_len,
					      BOOLEAN internal, KEVENT *event,
					      IO_STATUS_BLOCK *iosb)
{
	u8 major = internal ? IRP_MJ_INTERNAL_DEVICE_CONTROL :
		   IRP_MJ_DEVICE_CONTROL;
	IO_STACK_LOCATION *sl;
	IRP *irp;

	if (!in)
		in_len = 0;
	if (!out)
		out_len = 0;
	irp = build(dev, major, NDL_IRP_THREADED);
	if (!irp)
		return NULL;
	sl = ndl_irp_next_sl(irp);
	sl->Parameters.DeviceIoControl.IoControlCode = code;
	sl->Parameters.DeviceIoControl.InputBufferLength = in_len;
	sl->Parameters.DeviceIoControl.OutputBufferLength = out_len;
	if (ndl_irp_attach_buffers(irp, dev, major, code, in, in_len, out,
				   out_len)) {
		ndlw_IoFreeIrp(irp);
		return NULL;
	}
	irp->UserIosb = iosb;
	irp->UserEvent = event;
	return irp;
}

static IRP *build_fsd(ULONG major, DEVICE_OBJECT *dev, void *buf, ULONG len,
		      LARGE_INTEGER *offset, IO_STATUS_BLOCK *iosb,
		      enum ndl_irp_kind kind)
{
	IO_STACK_LOCATION *sl;
	IRP *irp;

	switch (major) {
	case IRP_MJ_READ: case IRP_MJ_WRITE: case IRP_MJ_FLUSH_BUFFERS:
	case IRP_MJ_SHUTDOWN: case IRP_MJ_PNP: case IRP_MJ_POWER:
		break;
	default:
		ndl_warn("IoBuild*FsdRequest: major function 0x%x not allowed",
			 major);
		return NULL;
	}
	irp = build(dev, (u8)major, kind);
	if (!irp)
		return NULL;
	sl = ndl_irp_next_sl(irp);
	if (major == IRP_MJ_READ || major == IRP_MJ_WRITE) {
		sl->Parameters.Read.Length = len;
		if (offset)
			sl->Parameters.Read.ByteOffset = *offset;
		if (ndl_irp_attach_buffers(irp, dev, (u8)major, 0,
					   major == IRP_MJ_WRITE ? buf : NULL,
					   major == IRP_MJ_WRITE ? len : 0,
					   major == IRP_MJ_READ ? buf : NULL,
					   major == IRP_MJ_READ ? len : 0)) {
			ndlw_IoFreeIrp(irp);
			return NULL;
		}
	}
	irp->UserIosb = iosb;
	return irp;
}

NTAPI IRP *ndlw_IoBuildSynchronousFsdRequest(ULONG major, DEVICE_OBJECT *dev,
					     void *buf, ULONG len,
					     LARGE_INTEGER *offset,
					     KEVENT *event,
					     IO_STATUS_BLOCK *iosb)
{
	IRP *irp = build_fsd(major, dev, buf, len, offset, iosb,
			     NDL_IRP_THREADED);

	if (irp)
		irp->UserEvent = event;
	return irp;
}

NTAPI IRP *ndlw_IoBuildAsynchronousFsdRequest(ULONG major,
					      DEVICE_OBJECT *dev, void *buf,
					      ULONG len, LARGE_INTEGER *offset,
					      IO_STATUS_BLOCK *iosb)
{
	return build_fsd(major, dev, buf, len, offset, iosb, NDL_IRP_ASYNC);
}

static void copy_back(IRP *irp, struct ndl_irp_hdr *h)
{
	ULONG_PTR n = irp->IoStatus.Information;

	if ((irp->Flags & (IRP_BUFFERED_IO | IRP_INPUT_OPERATION)) !=
	    (IRP_BUFFERED_IO | IRP_INPUT_OPERATION) ||
	    !irp->UserBuffer || !irp->AssociatedIrp.SystemBuffer ||
	    NT_ERROR(irp->IoStatus.Status))
		return;
	if (n > h->out_len)
		n = h->out_len;
	ndl_memcpy(irp->UserBuffer, irp->AssociatedIrp.SystemBuffer, n);
}

void ndl_irp_finish(IRP *irp)
{
	struct ndl_irp_hdr *h = ndl_irp_hdr(irp);

	if (!h || h->kind == NDL_IRP_PLAIN) {
		/* IoAllocateIrp's creator gets it back in its routine. */
		if (irp->UserIosb)
			*irp->UserIosb = irp->IoStatus;
		if (irp->UserEvent)
			ndlw_KeSetEvent(irp->UserEvent, 0, FALSE);
		return;
	}
	copy_back(irp, h);
	ndl_irp_release_buffers(irp);
	if (irp->UserIosb)
		*irp->UserIosb = irp->IoStatus;
	if (irp->UserEvent)
		ndlw_KeSetEvent(irp->UserEvent, 0, FALSE);
	if (h->kind == NDL_IRP_THREADED)
		ndlw_IoFreeIrp(irp);
	/* NDL_IRP_HOST: the waiting host thread frees it (nt_hostdev.c). */
}
