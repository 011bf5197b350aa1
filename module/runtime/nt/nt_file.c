// SPDX-License-Identifier: GPL-2.0-only
/*
 * Files through Zw*: ZwCreateFile, ZwOpenFile, ZwReadFile,
 * ZwQueryInformationFile, ZwSetInformationFile (position), served
 * read-only from the files the host gave the driver with its package
 * (firmware; ndl_ndis_driver_add_file), found by base name whatever the
 * path form (\SystemRoot\system32\drivers\x.bin, \??\C:\...,
 * \DosDevices\...), as NdisOpenFile finds them. Anything that would write
 * is refused with STATUS_ACCESS_DENIED: ZwWriteFile, write or delete
 * access, create/overwrite dispositions. Sections (ZwOpenSection,
 * ZwMapViewOfSection) and ZwPowerInformation are refused with a logged
 * reason (docs/runtime.md).
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_ob.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

struct nt_file {
	u8 file_object[0xd8];		/* first: a FILE_OBJECT's room */
	const struct ndl_ndis_file *file;
	u64 pos;
};

#define IO_TYPE_FILE 5

static const struct ndl_ob_type file_type = { .name = "file" };

/*
 * The type data export: a POBJECT_TYPE * (drivers pass *IoFileObjectType, as
 * the WDK declares it), pointing at the type's address.
 */
static const void *const iofileobjecttype_type = &file_type;
const void *const *ndlw_IoFileObjectType = &iofileobjecttype_type;

/* Access rights that would change the file or its attributes. */
#define WRITE_ACCESS (0x0002 /* FILE_WRITE_DATA */ |			\
		      0x0004 /* FILE_APPEND_DATA */ |			\
		      0x0010 /* FILE_WRITE_EA */ |			\
		      0x0040 /* FILE_DELETE_CHILD */ |			\
		      0x0100 /* FILE_WRITE_ATTRIBUTES */ |		\
		      0x00010000 /* DELETE */ |				\
		      0x00040000 /* WRITE_DAC */ |			\
		      0x00080000 /* WRITE_OWNER */ |			\
		      0x10000000 /* GENERIC_ALL */ |			\
		      0x40000000 /* GENERIC_WRITE */)
#define FILE_OPEN		1
#define FILE_OPEN_IF		3
#define FILE_DIRECTORY_FILE	0x1
#define FILE_DELETE_ON_CLOSE	0x1000
#define FILE_OPENED		1

static NTSTATUS open_file(const char *fn, HANDLE *handle, ACCESS_MASK access,
			  OBJECT_ATTRIBUTES *attrs, IO_STATUS_BLOCK *iosb,
			  ULONG disposition, ULONG options,
			  const void *caller)
{
	char path[256];
	const struct ndl_ndis_file *file;
	struct nt_file *f;
	NTSTATUS st;

	if (!handle || !attrs || !attrs->ObjectName || !iosb)
		return STATUS_INVALID_PARAMETER;
	*handle = NULL;
	if (!ndl_ustr_to_utf8(attrs->ObjectName, path, sizeof(path)))
		return STATUS_OBJECT_NAME_INVALID;
	if ((access & WRITE_ACCESS) ||
	    (disposition != FILE_OPEN && disposition != FILE_OPEN_IF) ||
	    (options & FILE_DELETE_ON_CLOSE)) {
		ndl_warn("%s(%s): ndisload serves the driver's package files read-only (access 0x%x, disposition %u refused)",
			 fn, path, access, disposition);
		st = STATUS_ACCESS_DENIED;
		goto out;
	}
	if (options & FILE_DIRECTORY_FILE) {
		st = STATUS_NOT_A_DIRECTORY;
		goto out;
	}
	file = ndl_ndis_file_for(caller, path);
	if (!file) {
		ndl_warn("%s(%s): no such file was given to the driver", fn,
			 path);
		st = STATUS_OBJECT_NAME_NOT_FOUND;
		goto out;
	}
	f = ndl_ob_create(&file_type, sizeof(*f));
	if (!f) {
		st = STATUS_INSUFFICIENT_RESOURCES;
		goto out;
	}
	*(u16 *)&f->file_object[0] = IO_TYPE_FILE;
	*(u16 *)&f->file_object[2] = sizeof(f->file_object);
	f->file = file;
	st = ndl_handle_create(f, handle);
	ndl_ob_deref(f);
out:
	iosb->Status = st;
	iosb->Information = st ? 0 : FILE_OPENED;
	return st;
}

NTSTATUS NTAPI ndlw_ZwCreateFile(HANDLE *handle, ACCESS_MASK access,
				 OBJECT_ATTRIBUTES *attrs,
				 IO_STATUS_BLOCK *iosb, LARGE_INTEGER *alloc,
				 ULONG attributes, ULONG share,
				 ULONG disposition, ULONG options, void *ea,
				 ULONG ea_len)
{
	return open_file("ZwCreateFile", handle, access, attrs, iosb,
			 disposition, options, __builtin_return_address(0));
}

NTSTATUS NTAPI ndlw_ZwOpenFile(HANDLE *handle, ACCESS_MASK access,
			       OBJECT_ATTRIBUTES *attrs, IO_STATUS_BLOCK *iosb,
			       ULONG share, ULONG options)
{
	return open_file("ZwOpenFile", handle, access, attrs, iosb, FILE_OPEN,
			 options, __builtin_return_address(0));
}

static NTSTATUS file_ref(HANDLE h, struct nt_file **f)
{
	NTSTATUS st = ndl_handle_ref(h, &file_type, (void **)f);

	if (st)
		ndl_warn("file handle %p: not an open file (%s)", h,
			 ndl_handle_type_name(h));
	return st;
}

/* LARGE_INTEGER {FILE_USE_FILE_POINTER_POSITION, -1}: the current position. */
#define USE_FILE_POINTER 0xfffffffeu

NTSTATUS NTAPI ndlw_ZwReadFile(HANDLE h, HANDLE event, void *apc,
			       void *apc_ctx, IO_STATUS_BLOCK *iosb, void *buf,
			       ULONG len, LARGE_INTEGER *offset, ULONG *key)
{
	struct nt_file *f;
	KEVENT *ev = NULL;
	NTSTATUS st;
	u64 pos;
	u32 n = 0;

	if (!iosb || (len && !buf))
		return STATUS_INVALID_PARAMETER;
	if (apc)
		ndl_fixme_once("ZwReadFile: APC routines are not called (reads complete at once)");
	st = file_ref(h, &f);
	if (st)
		return st;
	if (event) {
		st = ndl_handle_ref(event, *ndlw_ExEventObjectType,
				    (void **)&ev);
		if (st) {
			ndl_ob_deref(f);
			return st;
		}
	}
	pos = f->pos;
	if (offset && !(offset->LowPart == USE_FILE_POINTER &&
			offset->HighPart == -1))
		pos = (u64)offset->QuadPart;
	if (offset && offset->QuadPart < 0 &&
	    !(offset->LowPart == USE_FILE_POINTER && offset->HighPart == -1)) {
		st = STATUS_INVALID_PARAMETER;
	} else if (pos >= f->file->len && len) {
		st = STATUS_END_OF_FILE;
	} else {
		n = (u32)(f->file->len - pos < len ? f->file->len - pos : len);
		if (n)
			ndl_memcpy(buf, f->file->data + pos, n);
		f->pos = pos + n;
		st = STATUS_SUCCESS;
	}
	iosb->Status = st;
	iosb->Information = n;
	if (ev) {
		/* The read completed synchronously: signal as if completed. */
		ndlw_KeSetEvent(ev, 0, FALSE);
		ndl_ob_deref(ev);
	}
	ndl_ob_deref(f);
	return st;
}

NTSTATUS NTAPI ndlw_ZwWriteFile(HANDLE h, HANDLE event, void *apc,
				void *apc_ctx, IO_STATUS_BLOCK *iosb, void *buf,
				ULONG len, LARGE_INTEGER *offset, ULONG *key)
{
	struct nt_file *f;
	NTSTATUS st = file_ref(h, &f);

	if (st)
		return st;
	ndl_ob_deref(f);
	ndl_warn("ZwWriteFile: ndisload serves the driver's package files read-only");
	if (iosb) {
		iosb->Status = STATUS_ACCESS_DENIED;
		iosb->Information = 0;
	}
	return STATUS_ACCESS_DENIED;
}

/* FILE_INFORMATION_CLASS */
#define FileBasicInformation		4
#define FileStandardInformation		5
#define FilePositionInformation		14
#define FILE_ATTRIBUTE_READONLY		0x1

NTSTATUS NTAPI ndlw_ZwQueryInformationFile(HANDLE h, IO_STATUS_BLOCK *iosb,
					   void *info, ULONG len, ULONG cls)
{
	struct nt_file *f;
	NTSTATUS st;
	u32 need;
	u64 v[5] = { 0 };

	if (!iosb || (len && !info))
		return STATUS_INVALID_PARAMETER;
	need = cls == FileStandardInformation ? 24 :
	       cls == FilePositionInformation ? 8 :
	       cls == FileBasicInformation ? 40 : 0;
	if (!need) {
		ndl_warn("ZwQueryInformationFile: class %u is not answered (standard, position and basic are)",
			 cls);
		return STATUS_INVALID_INFO_CLASS;
	}
	if (len < need)
		return STATUS_INFO_LENGTH_MISMATCH;
	st = file_ref(h, &f);
	if (st)
		return st;
	if (cls == FileStandardInformation) {
		/* AllocationSize, EndOfFile, NumberOfLinks 1, not deleting,
		 * not a directory
		 */
		v[0] = (f->file->len + 4095) & ~(u64)4095;
		v[1] = f->file->len;
		v[2] = 1;
	} else if (cls == FilePositionInformation) {
		v[0] = f->pos;
	} else {
		v[4] = FILE_ATTRIBUTE_READONLY;	/* times unknown: 0 */
	}
	ndl_memcpy(info, v, need);
	iosb->Status = STATUS_SUCCESS;
	iosb->Information = need;
	ndl_ob_deref(f);
	return STATUS_SUCCESS;
}

NTSTATUS NTAPI ndlw_ZwSetInformationFile(HANDLE h, IO_STATUS_BLOCK *iosb,
					 void *info, ULONG len, ULONG cls)
{
	struct nt_file *f;
	NTSTATUS st;

	if (!iosb || !info)
		return STATUS_INVALID_PARAMETER;
	if (cls != FilePositionInformation) {
		ndl_warn("ZwSetInformationFile: class %u would change a read-only file",
			 cls);
		return STATUS_ACCESS_DENIED;
	}
	if (len < 8)
		return STATUS_INFO_LENGTH_MISMATCH;
	st = file_ref(h, &f);
	if (st)
		return st;
	ndl_memcpy(&f->pos, info, 8);
	iosb->Status = STATUS_SUCCESS;
	iosb->Information = 0;
	ndl_ob_deref(f);
	return STATUS_SUCCESS;
}

/* ---- refused: sections and power information --------------------------- */

NTSTATUS NTAPI ndlw_ZwOpenSection(HANDLE *handle, ACCESS_MASK access,
				  OBJECT_ATTRIBUTES *attrs)
{
	char name[128] = "";

	if (handle)
		*handle = NULL;
	if (attrs && attrs->ObjectName)
		ndl_ustr_to_utf8(attrs->ObjectName, name, sizeof(name));
	ndl_warn("ZwOpenSection(%s): there are no section objects here (physical memory is reached through MmMapIoSpace)",
		 name);
	return STATUS_ACCESS_DENIED;
}

NTSTATUS NTAPI ndlw_ZwMapViewOfSection(HANDLE section, HANDLE process,
				       void **base, ULONG_PTR zero_bits,
				       SIZE_T commit, LARGE_INTEGER *offset,
				       SIZE_T *view_size, ULONG inherit,
				       ULONG alloc_type, ULONG protect)
{
	/* No section handle can exist (ZwOpenSection refuses them all). */
	return STATUS_INVALID_HANDLE;
}

NTSTATUS NTAPI ndlw_ZwUnmapViewOfSection(HANDLE process, void *base)
{
	return STATUS_NOT_MAPPED_VIEW;
}

NTSTATUS NTAPI ndlw_ZwPowerInformation(ULONG level, void *in, ULONG in_len,
				       void *out, ULONG out_len)
{
	ndl_warn("ZwPowerInformation(level %u): Linux owns power policy; no information is given",
		 level);
	return STATUS_NOT_SUPPORTED;
}
