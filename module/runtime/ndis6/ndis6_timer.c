// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 timer objects on ntoskrnl's KTIMER + KDPC: NdisAllocateTimerObject
 * (from NDIS_TIMER_CHARACTERISTICS), NdisSetTimerObject (one-shot or
 * periodic, absolute or relative due time, an optional context replacing
 * the default one), NdisCancelTimerObject and NdisFreeTimerObject. The
 * NetTimerCallback runs at DISPATCH_LEVEL from the timer's DPC.
 */
#include "ndis6/ndis6_priv.h"
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

struct ndl_timer_obj {
	u64 magic;
	KTIMER timer;
	KDPC dpc;
	NDL_NET_TIMER_CALLBACK fn;
	void *default_ctx;
	void *ctx;		/* this setting's FunctionContext */
	ULONG tag;
	LONG period;		/* of the last setting, ms */
};
#define NDL_TIMER_OBJ_MAGIC 0x4e444c544d524f42ull	/* "NDLTMROB" */

static struct ndl_timer_obj *timer_obj(NDIS_HANDLE h, const char *fn)
{
	struct ndl_timer_obj *t = h;

	if (!t || t->magic != NDL_TIMER_OBJ_MAGIC) {
		ndl_err("%s: bad timer object %p", fn, h);
		return NULL;
	}
	return t;
}

static void NTAPI timer_obj_dpc(KDPC *dpc, void *deferred, void *a1, void *a2)
{
	struct ndl_timer_obj *t = deferred;

	NDL_CALL_DRIVER_VOID(t->fn, dpc, ndl_atomic_load(&t->ctx),
			     NULL, NULL);
}

NDIS_STATUS NTAPI ndlw_NdisAllocateTimerObject(
	NDIS_HANDLE h, const NDIS_TIMER_CHARACTERISTICS *chars,
	NDIS_HANDLE *out)
{
	struct ndl_timer_obj *t;

	if (out)
		*out = NULL;
	if (!ndl_ndis6_handle_ok(h, "NdisAllocateTimerObject"))
		return NDIS_STATUS_FAILURE;
	if (!chars || !out ||
	    chars->Header.Type != NDIS_OBJECT_TYPE_TIMER_CHARACTERISTICS ||
	    chars->Header.Revision < NDIS_TIMER_CHARACTERISTICS_REVISION_1 ||
	    chars->Header.Size < NDIS_SIZEOF_TIMER_CHARACTERISTICS_REVISION_1 ||
	    !chars->TimerFunction) {
		ndl_err("NdisAllocateTimerObject: %s", !chars || !out ?
			"NULL characteristics or handle pointer" :
			!chars->TimerFunction ? "no TimerFunction" :
			"characteristics header is not NDIS_TIMER_CHARACTERISTICS revision 1");
		return NDIS_STATUS_FAILURE;
	}
	t = ndl_alloc(sizeof(*t), NDL_OS_ZERO | ndl_alloc_flags_for_irql());
	if (!t)
		return NDIS_STATUS_RESOURCES;
	t->magic = NDL_TIMER_OBJ_MAGIC;
	t->fn = chars->TimerFunction;
	t->default_ctx = chars->FunctionContext;
	t->ctx = t->default_ctx;
	t->tag = chars->AllocationTag;
	ndlw_KeInitializeTimer(&t->timer);
	ndlw_KeInitializeDpc(&t->dpc, timer_obj_dpc, t);
	*out = t;
	return NDIS_STATUS_SUCCESS;
}

/* TRUE if the timer was already queued (the earlier setting is replaced). */
BOOLEAN NTAPI ndlw_NdisSetTimerObject(NDIS_HANDLE h, LARGE_INTEGER due,
				      LONG period_ms, void *ctx)
{
	struct ndl_timer_obj *t = timer_obj(h, "NdisSetTimerObject");

	if (!t)
		return FALSE;
	if (period_ms < 0) {
		ndl_err("NdisSetTimerObject: period %d ms is negative", period_ms);
		return FALSE;
	}
	ndl_atomic_store(&t->ctx, ctx ? ctx : t->default_ctx);
	t->period = period_ms;
	return ndlw_KeSetTimerEx(&t->timer, due, period_ms, &t->dpc);
}

/*
 * TRUE if the callback will not run for this setting: the timer was
 * queued, or had expired with its DPC not yet run. A periodic timer is
 * cancelled at PASSIVE_LEVEL, where NDIS also waits out a callback
 * running on another processor (KeFlushQueuedDpcs); a one-shot timer's
 * caller synchronises with its callback itself.
 */
BOOLEAN NTAPI ndlw_NdisCancelTimerObject(NDIS_HANDLE h)
{
	struct ndl_timer_obj *t = timer_obj(h, "NdisCancelTimerObject");
	BOOLEAN cancelled;

	if (!t)
		return FALSE;
	cancelled = ndlw_KeCancelTimer(&t->timer);
	if (!cancelled)
		cancelled = ndlw_KeRemoveQueueDpc(&t->dpc);
	if (t->period) {
		if (ndl_os_irql_current() == NDL_PASSIVE_LEVEL)
			ndlw_KeFlushQueuedDpcs();
		else
			ndl_err("NdisCancelTimerObject: periodic timer cancelled at IRQL %u (PASSIVE_LEVEL required): its callback may still be running",
				ndl_os_irql_current());
	}
	return cancelled;
}

/*
 * The driver cancels first; a timer still set is cancelled here so it
 * never fires into freed memory (and at PASSIVE_LEVEL a running callback
 * is waited out).
 */
void NTAPI ndlw_NdisFreeTimerObject(NDIS_HANDLE h)
{
	struct ndl_timer_obj *t = timer_obj(h, "NdisFreeTimerObject");

	if (!t)
		return;
	if (ndlw_KeCancelTimer(&t->timer) || ndlw_KeRemoveQueueDpc(&t->dpc))
		ndl_warn("NdisFreeTimerObject(%p): the timer was still set; cancelled",
			 h);
	if (ndl_os_irql_current() == NDL_PASSIVE_LEVEL)
		ndlw_KeFlushQueuedDpcs();
	t->magic = 0;
	ndl_free(t);
}
