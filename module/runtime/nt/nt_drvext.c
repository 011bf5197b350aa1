// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver object extensions: IoAllocateDriverObjectExtension and
 * IoGetDriverObjectExtension, keyed by the caller's identification
 * address, freed with the driver. Also IoIs32bitProcess.
 */
#include "core/driver.h"
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

struct drv_ext {
	struct drv_ext *next;
	void *id;
	u8 data[] __aligned(16);
};

static KSPIN_LOCK ext_lock;

NTSTATUS NTAPI ndlw_IoAllocateDriverObjectExtension(DRIVER_OBJECT *obj,
						    void *id, ULONG size,
						    void **out)
{
	struct ndl_driver *drv = ndl_driver_from_object(obj);
	struct drv_ext *e, *x;
	KIRQL old;

	*out = NULL;
	if (!drv)
		return STATUS_INVALID_PARAMETER;
	e = ndl_alloc(sizeof(*e) + size, NDL_OS_ZERO);
	if (!e)
		return STATUS_INSUFFICIENT_RESOURCES;
	e->id = id;
	old = ndl_lock_any(&ext_lock);
	for (x = drv->extensions; x && x->id != id; x = x->next)
		;
	if (!x) {
		e->next = drv->extensions;
		drv->extensions = e;
	}
	ndl_unlock_any(&ext_lock, old);
	if (x) {
		ndl_free(e);
		return STATUS_OBJECT_NAME_COLLISION;
	}
	*out = e->data;
	return STATUS_SUCCESS;
}

void *NTAPI ndlw_IoGetDriverObjectExtension(DRIVER_OBJECT *obj, void *id)
{
	struct ndl_driver *drv = ndl_driver_from_object(obj);
	struct drv_ext *x = NULL;
	KIRQL old;

	if (!drv)
		return NULL;
	old = ndl_lock_any(&ext_lock);
	for (x = drv->extensions; x && x->id != id; x = x->next)
		;
	ndl_unlock_any(&ext_lock, old);
	return x ? x->data : NULL;
}

void ndl_driver_free_extensions(struct ndl_driver *drv)
{
	while (drv->extensions) {
		struct drv_ext *e = drv->extensions;

		drv->extensions = e->next;
		ndl_free(e);
	}
}

/* No user processes exist here, 32-bit or otherwise. */
BOOLEAN NTAPI ndlw_IoIs32bitProcess(void *irp)
{
	return FALSE;
}
