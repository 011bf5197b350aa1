/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Objects the runtime creates for drivers and counts references to
 * (thread, named event, registry key and file objects), and the kernel
 * handle table that names them. Drivers only ever see object pointers
 * (ObReferenceObjectByHandle, IoCreateNotificationEvent) and opaque
 * handles; both are checked on every use, so a stale or forged one is an
 * error status, never a crash.
 *
 * A counted object is a header followed by its body; the pointer drivers
 * get is the body. The runtime keeps every live header on one list, so
 * ObfReferenceObject/ObfDereferenceObject can tell its objects from other
 * pointers (which they leave alone, as before) without reading memory
 * that may not belong to an object at all.
 */
#ifndef NDL_NT_OB_H
#define NDL_NT_OB_H

#include "nt/nt_objects.h"
#include "core/rt.h"

struct _OBJECT_ATTRIBUTES {
	ULONG Length;
	HANDLE RootDirectory;
	UNICODE_STRING *ObjectName;
	ULONG Attributes;
	void *SecurityDescriptor;
	void *SecurityQualityOfService;
};
typedef struct _OBJECT_ATTRIBUTES OBJECT_ATTRIBUTES;
#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(OBJECT_ATTRIBUTES) == 0x30, "x64 OBJECT_ATTRIBUTES");
#endif
#define OBJ_CASE_INSENSITIVE	0x40
#define OBJ_KERNEL_HANDLE	0x200

/*
 * A kind of object. Its address is what Windows calls the POBJECT_TYPE
 * (the data exports PsThreadType, ExEventObjectType, IoFileObjectType
 * point at these). destroy runs when the last reference goes (any IRQL
 * the last dereference happens at; it must not sleep).
 */
struct ndl_ob_type {
	const char *name;
	void (*destroy)(void *body);
};

/* A zeroed counted object with one reference; NULL without memory. */
void *ndl_ob_create(const struct ndl_ob_type *type, size_t size);
/* Is body a live counted object (of type, unless NULL)? */
bool ndl_ob_is(const void *body, const struct ndl_ob_type *type);
/* Take a reference; false if body is no live counted object. */
bool ndl_ob_ref(void *body);
void ndl_ob_deref(void *body);

/*
 * The handle table. A handle holds one reference to its object. Handles
 * look like Windows kernel handles (high bit set, multiple of 4) and carry
 * a generation, so a closed handle stays invalid after its slot is reused.
 */
NTSTATUS ndl_handle_create(void *body, HANDLE *out);
/*
 * The object behind h with a new reference (drop it with ndl_ob_deref);
 * STATUS_INVALID_HANDLE, or STATUS_OBJECT_TYPE_MISMATCH when type is set
 * and differs.
 */
NTSTATUS ndl_handle_ref(HANDLE h, const struct ndl_ob_type *type,
			void **body);
/* Close h (drops its reference); STATUS_INVALID_HANDLE if not open. */
NTSTATUS ndl_handle_close(HANDLE h);
/* The name of h's object type ("closed" if h is not open). */
const char *ndl_handle_type_name(HANDLE h);
/* Open handles, for tests and leak reports. */
u32 ndl_handle_count(void);
/* ndl_rt_exit: report handles drivers left open, free the table. */
void ndl_handles_exit(void);

#endif
