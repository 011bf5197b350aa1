// SPDX-License-Identifier: GPL-2.0-only
/*
 * Callback objects: ExCreateCallback (named, e.g. \Callback\PowerState),
 * ExRegisterCallback, ExUnregisterCallback, ExNotifyCallback. Objects live
 * until the runtime exits; registrations until unregistered.
 */
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"
#include "nt/nt_ob.h"

struct callback_reg {
	struct callback_reg *next;
	struct callback_obj *obj;
	PCALLBACK_FUNCTION fn;
	void *ctx;
};

struct callback_obj {
	struct callback_obj *next;
	struct callback_reg *regs;
	bool allow_multiple;
	u16 name_len;			/* WCHARs */
	WCHAR name[];
};

static KSPIN_LOCK callbacks_lock;
static struct callback_obj *callbacks;

static bool same_name(const struct callback_obj *o, const UNICODE_STRING *n)
{
	UNICODE_STRING a = { (USHORT)(o->name_len * 2), (USHORT)(o->name_len * 2),
			     (WCHAR *)o->name };

	return ndlw_RtlEqualUnicodeString(&a, n, TRUE);
}

NTSTATUS NTAPI ndlw_ExCreateCallback(struct callback_obj **out,
				     OBJECT_ATTRIBUTES *attrs, BOOLEAN create,
				     BOOLEAN allow_multiple)
{
	UNICODE_STRING *name = attrs ? attrs->ObjectName : NULL;
	struct callback_obj *o, *fresh = NULL;
	KIRQL old;

	if (!name || !name->Buffer || !name->Length)
		return STATUS_INVALID_PARAMETER;	/* unnamed: no use here */
	if (create) {
		fresh = ndl_alloc(sizeof(*fresh) + name->Length, NDL_OS_ZERO);
		if (!fresh)
			return STATUS_INSUFFICIENT_RESOURCES;
		fresh->allow_multiple = allow_multiple;
		fresh->name_len = name->Length / 2;
		ndl_memcpy(fresh->name, name->Buffer, name->Length);
	}
	old = ndl_lock_any(&callbacks_lock);
	for (o = callbacks; o && !same_name(o, name); o = o->next)
		;
	if (!o && fresh) {
		fresh->next = callbacks;
		callbacks = o = fresh;
		fresh = NULL;
	}
	ndl_unlock_any(&callbacks_lock, old);
	ndl_free(fresh);
	if (!o)
		return STATUS_OBJECT_NAME_NOT_FOUND;
	*out = o;
	return STATUS_SUCCESS;
}

void *NTAPI ndlw_ExRegisterCallback(struct callback_obj *o,
				    PCALLBACK_FUNCTION fn, void *ctx)
{
	struct callback_reg *r = ndl_alloc(sizeof(*r), NDL_OS_ZERO);
	KIRQL old;

	if (!r)
		return NULL;
	r->obj = o;
	r->fn = fn;
	r->ctx = ctx;
	old = ndl_lock_any(&callbacks_lock);
	if (o->regs && !o->allow_multiple) {
		ndl_unlock_any(&callbacks_lock, old);
		ndl_free(r);
		return NULL;
	}
	r->next = o->regs;
	o->regs = r;
	ndl_unlock_any(&callbacks_lock, old);
	return r;
}

void NTAPI ndlw_ExUnregisterCallback(struct callback_reg *r)
{
	struct callback_reg **p;
	KIRQL old = ndl_lock_any(&callbacks_lock);

	for (p = &r->obj->regs; *p; p = &(*p)->next) {
		if (*p == r) {
			*p = r->next;
			break;
		}
	}
	ndl_unlock_any(&callbacks_lock, old);
	ndl_free(r);
}

/* Calls every registration in turn; none may unregister meanwhile. */
void NTAPI ndlw_ExNotifyCallback(struct callback_obj *o, void *arg1,
				 void *arg2)
{
	for (struct callback_reg *r = o->regs; r; r = r->next)
		NDL_CALL_DRIVER_VOID(r->fn, r->ctx, arg1, arg2);
}

/* At runtime exit: every object, and registrations drivers leaked. */
void ndl_callbacks_exit(void)
{
	while (callbacks) {
		struct callback_obj *o = callbacks;

		callbacks = o->next;
		while (o->regs) {
			struct callback_reg *r = o->regs;

			o->regs = r->next;
			ndl_free(r);
		}
		ndl_free(o);
	}
}
