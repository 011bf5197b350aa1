// SPDX-License-Identifier: GPL-2.0-only
/*
 * Devices a driver's users open from the host (NdisMRegisterDevice's
 * control devices): each open, read, write, ioctl and close of the host's
 * character device becomes the IRP Windows' I/O manager sends for the
 * same call from a user-mode program (CreateFile, ReadFile, WriteFile,
 * DeviceIoControl, CloseHandle: IRP_MJ_CREATE, READ, WRITE,
 * DEVICE_CONTROL, CLEANUP + CLOSE), RequestorMode UserMode, buffered as
 * the transfer type says (ndl_irp_attach_buffers). The buffers are the
 * host's copies of the user's data, so a driver never sees a user pointer.
 *
 * Lifetime: the device may go while users hold it open. Removal (always
 * before the driver can unload: IoDeleteDevice, NdisMDeregisterDevice,
 * driver unload) marks the handle removed, so every later request fails
 * with STATUS_DELETE_PENDING without touching the driver, tells the host,
 * cancels the requests still in the driver and waits for them (5 s at
 * most). The device object's memory stays referenced until the last
 * handle is put, as Windows keeps a deleted device while files are open.
 */
#include "nt/nt_device.h"
#include "nt/nt_irp_priv.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

#define NDL_HOSTDEV_MAGIC	0x4e444c48u	/* "NDLH" */
#define REMOVE_WAIT_100NS	(-5000LL * 10000)
#define NDL_USER_MODE		1
/* What CreateFile(GENERIC_READ | GENERIC_WRITE) asks for. */
#define NDL_FILE_GENERIC_RW	0x0012019fu
#define NDL_FILE_OPEN		1

/* The IO_SECURITY_CONTEXT a create request points at (x64 layout). */
struct ndl_io_security_context {
	void *SecurityQos;
	void *AccessState;
	u32 DesiredAccess;
	u32 FullCreateOptions;
};

struct ndl_hostdev {
	u32 magic;
	u32 refs;			/* atomic: device, host, open files */
	bool removed;
	bool told_host;
	u32 active;			/* requests between enter and leave */
	u32 opens;
	KEVENT idle;			/* removed and no request active */
	DEVICE_OBJECT *dev;		/* referenced until the last put */
	LIST_ENTRY irps;		/* in the driver (IRP.ThreadListEntry) */
	struct ndl_hostdev *next;
	char name[NDL_HOSTDEV_NAME_MAX];
};

struct ndl_hostfile {
	struct ndl_hostdev *hd;
	FILE_OBJECT fo;
};

static KSPIN_LOCK lock;		/* every handle's state and the list */
static struct ndl_hostdev *all;

const char *ndl_hostdev_name(const struct ndl_hostdev *hd)
{
	return hd->name;
}

void ndl_hostdev_get(struct ndl_hostdev *hd)
{
	__atomic_add_fetch(&hd->refs, 1, __ATOMIC_RELAXED);
}

void ndl_hostdev_put(struct ndl_hostdev *hd)
{
	struct ndl_hostdev **pp;
	KIRQL old;

	if (__atomic_sub_fetch(&hd->refs, 1, __ATOMIC_ACQ_REL))
		return;
	old = ndl_lock_any(&lock);
	for (pp = &all; *pp; pp = &(*pp)->next)
		if (*pp == hd) {
			*pp = hd->next;
			break;
		}
	ndl_unlock_any(&lock, old);
	ndl_device_deref(hd->dev);
	hd->magic = 0;
	ndl_free(hd);
}

static void clean_name(char *out, const char *in)
{
	u32 i;

	for (i = 0; in[i] && i + 1 < NDL_HOSTDEV_NAME_MAX; i++) {
		char c = in[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			  (c >= '0' && c <= '9') || c == '.' || c == '_' ||
			  c == '-';

		out[i] = ok ? c : '_';
	}
	out[i] = 0;
	if (out[0] == '.')		/* never "." or ".." */
		out[0] = '_';
}

NTSTATUS ndl_hostdev_expose(DEVICE_OBJECT *dev, const char *name)
{
	struct ndl_devobj *d = ndl_devobj(dev);
	struct ndl_hostdev *hd;
	KIRQL old;
	int rc;

	if (!d || d->host || !name || !name[0])
		return STATUS_INVALID_PARAMETER;
	hd = ndl_alloc(sizeof(*hd), NDL_OS_ZERO);
	if (!hd)
		return STATUS_INSUFFICIENT_RESOURCES;
	hd->magic = NDL_HOSTDEV_MAGIC;
	hd->refs = 1;			/* the device's, dropped by remove */
	hd->dev = dev;
	ndl_list_init(&hd->irps);
	ndlw_KeInitializeEvent(&hd->idle, NotificationEvent, FALSE);
	clean_name(hd->name, name);
	ndl_device_ref(dev);
	d->host = hd;
	old = ndl_lock_any(&lock);
	hd->next = all;
	all = hd;
	ndl_unlock_any(&lock, old);
	rc = ndl_os_ctldev_add(hd, hd->name);
	if (rc) {
		ndl_warn("control device %s: the host cannot expose it (%d); it exists for the driver only",
			 hd->name, rc);
		return STATUS_SUCCESS;
	}
	hd->told_host = true;
	ndl_info("control device %s: open to the host's users", hd->name);
	return STATUS_SUCCESS;
}

static bool enter(struct ndl_hostdev *hd)
{
	bool ok;
	KIRQL old;

	old = ndl_lock_any(&lock);
	ok = !hd->removed;
	if (ok)
		hd->active++;
	ndl_unlock_any(&lock, old);
	return ok;
}

static void leave(struct ndl_hostdev *hd)
{
	bool idle;
	KIRQL old;

	old = ndl_lock_any(&lock);
	idle = --hd->active == 0 && hd->removed;
	ndl_unlock_any(&lock, old);
	if (idle)
		ndlw_KeSetEvent(&hd->idle, 0, FALSE);
}

/* Drop a hold on a request's IRP; the last one frees it. Lock held. */
static bool drop_hold(IRP *irp)
{
	return --ndl_irp_hdr(irp)->holds == 0;
}

/* Cancel each request in the driver once (IoCancelIrp sets Cancel). */
static void cancel_requests(struct ndl_hostdev *hd)
{
	LIST_ENTRY *e;
	IRP *irp;
	bool last;
	KIRQL old;

	for (;;) {
		irp = NULL;
		old = ndl_lock_any(&lock);
		for (e = hd->irps.Flink; e != &hd->irps; e = e->Flink) {
			IRP *i = NDL_CONTAINER_OF(e, IRP, ThreadListEntry);

			if (!i->Cancel) {
				irp = i;
				ndl_irp_hdr(irp)->holds++;
				break;
			}
		}
		ndl_unlock_any(&lock, old);
		if (!irp)
			return;
		ndlw_IoCancelIrp(irp);
		old = ndl_lock_any(&lock);
		irp->Cancel = TRUE;	/* even if it completed meanwhile */
		last = drop_hold(irp);
		ndl_unlock_any(&lock, old);
		if (last)
			ndlw_IoFreeIrp(irp);
	}
}

void ndl_hostdev_remove(struct ndl_hostdev *hd)
{
	struct ndl_devobj *d = ndl_devobj(hd->dev);
	LARGE_INTEGER timeout = { .QuadPart = REMOVE_WAIT_100NS };
	bool busy;
	KIRQL old;

	old = ndl_lock_any(&lock);
	if (hd->removed) {
		ndl_unlock_any(&lock, old);
		return;
	}
	hd->removed = true;
	busy = hd->active > 0;
	ndl_unlock_any(&lock, old);
	if (d)
		d->host = NULL;
	if (hd->told_host)
		ndl_os_ctldev_remove(hd);
	if (busy) {
		cancel_requests(hd);
		if (ndlw_KeWaitForSingleObject(&hd->idle, Executive, 0, FALSE,
					       &timeout) != STATUS_SUCCESS)
			ndl_err("control device %s: requests still in the driver 5 s after its removal",
				hd->name);
	}
	if (hd->opens)
		ndl_warn("control device %s removed with %u handle(s) open: their requests now fail",
			 hd->name, hd->opens);
	ndl_info("control device %s: removed", hd->name);
	ndl_hostdev_put(hd);
}

void ndl_hostdev_remove_driver(DRIVER_OBJECT *drv)
{
	struct ndl_hostdev *hd;
	KIRQL old;

	for (;;) {
		old = ndl_lock_any(&lock);
		for (hd = all; hd; hd = hd->next)
			if (!hd->removed && hd->dev->DriverObject == drv)
				break;
		if (hd)
			ndl_hostdev_get(hd);
		ndl_unlock_any(&lock, old);
		if (!hd)
			return;
		ndl_hostdev_remove(hd);
		ndl_hostdev_put(hd);
	}
}

static void set_params(IO_STACK_LOCATION *sl, u8 major, u32 code, u32 in_len,
		       u32 out_len, u64 offset,
		       struct ndl_io_security_context *sec)
{
	switch (major) {
	case IRP_MJ_CREATE:
		sec->DesiredAccess = NDL_FILE_GENERIC_RW;
		sl->Parameters.Create.SecurityContext = sec;
		sl->Parameters.Create.Options = (u32)NDL_FILE_OPEN << 24;
		break;
	case IRP_MJ_READ:
	case IRP_MJ_WRITE:
		sl->Parameters.Read.Length = major == IRP_MJ_READ ? out_len :
					     in_len;
		sl->Parameters.Read.ByteOffset.QuadPart = (s64)offset;
		break;
	case IRP_MJ_DEVICE_CONTROL:
		sl->Parameters.DeviceIoControl.IoControlCode = code;
		sl->Parameters.DeviceIoControl.InputBufferLength = in_len;
		sl->Parameters.DeviceIoControl.OutputBufferLength = out_len;
		break;
	}
}

/*
 * One request, start to end: the IRP, the call, the wait for completion.
 * The waiting thread owns the IRP (NDL_IRP_HOST: completion does not free
 * it); a concurrent removal may hold it too while cancelling it.
 */
static NTSTATUS request(struct ndl_hostfile *f, u8 major, u32 code,
			const void *in, u32 in_len, void *out, u32 out_len,
			u64 offset, u32 *done)
{
	struct ndl_io_security_context sec = { 0 };
	struct ndl_hostdev *hd = f->hd;
	IO_STATUS_BLOCK iosb = { 0 };
	DEVICE_OBJECT *dev = hd->dev;
	ULONG_PTR info;
	bool last;
	KEVENT ev;
	NTSTATUS st;
	KIRQL old;
	IRP *irp;

	if (done)
		*done = 0;
	if (in_len > NDL_HOSTDEV_MAX_IO || out_len > NDL_HOSTDEV_MAX_IO)
		return STATUS_INVALID_PARAMETER;
	if (!enter(hd))
		return STATUS_DELETE_PENDING;
	irp = ndlw_IoAllocateIrp(dev->StackSize, FALSE);
	if (!irp) {
		leave(hd);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	ndl_irp_hdr(irp)->kind = NDL_IRP_HOST;
	ndl_irp_hdr(irp)->holds = 1;
	irp->RequestorMode = NDL_USER_MODE;
	irp->Tail.Overlay.OriginalFileObject = &f->fo;
	ndl_irp_next_sl(irp)->MajorFunction = major;
	ndl_irp_next_sl(irp)->FileObject = &f->fo;
	set_params(ndl_irp_next_sl(irp), major, code, in_len, out_len, offset,
		   &sec);
	if (ndl_irp_attach_buffers(irp, dev, major, code, in, in_len, out,
				   out_len)) {
		ndlw_IoFreeIrp(irp);
		leave(hd);
		return STATUS_INSUFFICIENT_RESOURCES;
	}
	ndlw_KeInitializeEvent(&ev, NotificationEvent, FALSE);
	irp->UserEvent = &ev;
	irp->UserIosb = &iosb;
	old = ndl_lock_any(&lock);
	ndl_list_add_tail(&hd->irps, &irp->ThreadListEntry);
	ndl_unlock_any(&lock, old);

	st = ndlw_IofCallDriver(dev, irp);
	if (st != STATUS_PENDING && !ndlw_KeReadStateEvent(&ev))
		ndl_err("control device %s: major 0x%x returned 0x%08x without completing the IRP; waiting for it",
			hd->name, major, st);
	ndlw_KeWaitForSingleObject(&ev, Executive, 0, FALSE, NULL);

	old = ndl_lock_any(&lock);
	ndl_list_unlink(&irp->ThreadListEntry);
	last = drop_hold(irp);
	ndl_unlock_any(&lock, old);
	if (last)
		ndlw_IoFreeIrp(irp);
	leave(hd);
	info = iosb.Information;
	if (done) {
		u32 max = major == IRP_MJ_WRITE ? in_len : out_len;

		*done = info > max ? max : (u32)info;
	}
	return iosb.Status;
}

NTSTATUS ndl_hostdev_open(struct ndl_hostdev *hd, struct ndl_hostfile **out)
{
	struct ndl_hostfile *f;
	NTSTATUS st;
	KIRQL old;

	*out = NULL;
	f = ndl_alloc(sizeof(*f), NDL_OS_ZERO);
	if (!f)
		return STATUS_INSUFFICIENT_RESOURCES;
	old = ndl_lock_any(&lock);
	if (hd->removed) {
		ndl_unlock_any(&lock, old);
		ndl_free(f);
		return STATUS_DELETE_PENDING;
	}
	/* One open at a time of an exclusive device, as Windows allows. */
	if ((hd->dev->Flags & DO_EXCLUSIVE) && hd->opens) {
		ndl_unlock_any(&lock, old);
		ndl_free(f);
		return STATUS_ACCESS_DENIED;
	}
	hd->opens++;
	ndl_unlock_any(&lock, old);
	ndl_hostdev_get(hd);
	f->hd = hd;
	f->fo.Type = IO_TYPE_FILE;
	f->fo.Size = sizeof(f->fo);
	f->fo.DeviceObject = hd->dev;
	f->fo.ReadAccess = TRUE;
	f->fo.WriteAccess = TRUE;
	ndlw_KeInitializeEvent(&f->fo.Lock, SynchronizationEvent, FALSE);
	ndlw_KeInitializeEvent(&f->fo.Event, NotificationEvent, FALSE);
	st = request(f, IRP_MJ_CREATE, 0, NULL, 0, NULL, 0, 0, NULL);
	if (!NT_SUCCESS(st)) {
		f->fo.Type = 0;		/* never closed: the driver refused it */
		ndl_hostfile_close(f);
		return st;
	}
	*out = f;
	return STATUS_SUCCESS;
}

void ndl_hostfile_close(struct ndl_hostfile *f)
{
	struct ndl_hostdev *hd = f->hd;
	KIRQL old;

	if (f->fo.Type == IO_TYPE_FILE) {
		/* Both fail at once (and reach no driver) after removal. */
		request(f, IRP_MJ_CLEANUP, 0, NULL, 0, NULL, 0, 0, NULL);
		request(f, IRP_MJ_CLOSE, 0, NULL, 0, NULL, 0, 0, NULL);
	}
	old = ndl_lock_any(&lock);
	hd->opens--;
	ndl_unlock_any(&lock, old);
	ndl_free(f);
	ndl_hostdev_put(hd);
}

NTSTATUS ndl_hostfile_read(struct ndl_hostfile *f, void *buf, u32 len,
			   u64 offset, u32 *done)
{
	return request(f, IRP_MJ_READ, 0, NULL, 0, buf, len, offset, done);
}

NTSTATUS ndl_hostfile_write(struct ndl_hostfile *f, const void *buf,
			    u32 len, u64 offset, u32 *done)
{
	return request(f, IRP_MJ_WRITE, 0, buf, len, NULL, 0, offset, done);
}

NTSTATUS ndl_hostfile_ioctl(struct ndl_hostfile *f, u32 code, const void *in,
			    u32 in_len, void *out, u32 out_len, u32 *done)
{
	return request(f, IRP_MJ_DEVICE_CONTROL, code, in, in_len, out,
		       out_len, 0, done);
}

int ndl_nt_status_errno(NTSTATUS st)
{
	switch ((u32)st) {
	case STATUS_ACCESS_DENIED:
		return -13;		/* EACCES */
	case STATUS_INVALID_DEVICE_REQUEST:
		return -25;		/* ENOTTY: not a request it knows */
	case STATUS_INVALID_PARAMETER:
		return -NDL_EINVAL;
	case STATUS_BUFFER_TOO_SMALL:
	case STATUS_BUFFER_OVERFLOW:
		return -75;		/* EOVERFLOW */
	case STATUS_INSUFFICIENT_RESOURCES:
		return -NDL_ENOMEM;
	case STATUS_NO_SUCH_DEVICE:
	case STATUS_DELETE_PENDING:
		return -19;		/* ENODEV */
	case STATUS_NOT_SUPPORTED:
	case STATUS_NOT_IMPLEMENTED:
		return -95;		/* EOPNOTSUPP */
	case STATUS_CANCELLED:
		return -125;		/* ECANCELED */
	case STATUS_DEVICE_BUSY:
		return -NDL_EBUSY;
	default:
		return NT_SUCCESS(st) ? 0 : -5;	/* EIO */
	}
}
