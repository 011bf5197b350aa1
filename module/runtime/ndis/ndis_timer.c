// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS timers on ntoskrnl's KTIMER + KDPC, as Windows' NDIS builds them:
 * plain NDIS timers (NdisInitializeTimer, NdisSetTimer, NdisSetTimerEx,
 * NdisCancelTimer) and miniport timers (NdisMInitializeTimer,
 * NdisMSetTimer, NdisMSetPeriodicTimer, NdisMCancelTimer), an NDIS_TIMER
 * whose function runs at DISPATCH_LEVEL serialized with the miniport's
 * other handlers when the miniport is serialized.
 */
#include "ndis/ndis_priv.h"

static void timer_init(NDIS_TIMER *t, PKDEFERRED_ROUTINE fn, void *ctx)
{
	ndlw_KeInitializeTimer(&t->Timer);
	ndlw_KeInitializeDpc(&t->Dpc, fn, ctx);
}

/* NDIS_TIMER_FUNCTION has the shape of a DPC routine: Windows uses it so. */
void NTAPI ndlw_NdisInitializeTimer(NDIS_TIMER *t, PNDIS_TIMER_FUNCTION fn,
				    void *ctx)
{
	timer_init(t, (PKDEFERRED_ROUTINE)fn, ctx);
}

void NTAPI ndlw_NdisSetTimer(NDIS_TIMER *t, UINT ms)
{
	ndlw_KeSetTimer(&t->Timer, ndl_due_ms(ms), &t->Dpc);
}

void NTAPI ndlw_NdisSetTimerEx(NDIS_TIMER *t, UINT ms, void *ctx)
{
	t->Dpc.DeferredContext = ctx;
	ndlw_NdisSetTimer(t, ms);
}

/*
 * *cancelled: TRUE if the timer function will not run for the setting
 * being cancelled (it was still armed, or its DPC was queued and is now
 * dequeued); FALSE if it already ran or is running.
 */
void NTAPI ndlw_NdisCancelTimer(NDIS_TIMER *t, BOOLEAN *cancelled)
{
	BOOLEAN c = ndlw_KeCancelTimer(&t->Timer);

	if (!c)
		c = ndlw_KeRemoveQueueDpc(&t->Dpc);
	if (cancelled)
		*cancelled = c;
}

static void NTAPI mtimer_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	NDIS_MINIPORT_TIMER *t = ctx;
	struct ndl_adapter *ad = (struct ndl_adapter *)t->Miniport;
	KIRQL old;

	if (!ndl_mp_enter(ad, &old)) {
		/* Cannot happen: DPCs never nest inside a miniport call. */
		ndl_err("%s: timer fired inside a miniport call", ad->name);
		return;
	}
	NDL_CALL_DRIVER_VOID(t->MiniportTimerFunction, dpc,
			     t->MiniportTimerContext, a1, a2);
	ndl_mp_leave(ad, old);
}

void NTAPI ndlw_NdisMInitializeTimer(NDIS_MINIPORT_TIMER *t, NDIS_HANDLE h,
				     PNDIS_TIMER_FUNCTION fn, void *ctx)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMInitializeTimer");

	if (!ad || !t)
		return;
	timer_init(&t->NdisTimer, mtimer_dpc, t);
	t->MiniportTimerFunction = fn;
	t->MiniportTimerContext = ctx;
	t->Miniport = &ad->block;
	t->NextDeferredTimer = NULL;
}

void NTAPI ndlw_NdisMSetTimer(NDIS_MINIPORT_TIMER *t, UINT ms)
{
	ndlw_NdisSetTimer(&t->NdisTimer, ms);
}

void NTAPI ndlw_NdisMSetPeriodicTimer(NDIS_MINIPORT_TIMER *t, UINT ms)
{
	ndlw_KeSetTimerEx(&t->NdisTimer.Timer, ndl_due_ms(ms), (LONG)ms,
			  &t->NdisTimer.Dpc);
}

void NTAPI ndlw_NdisMCancelTimer(NDIS_MINIPORT_TIMER *t, BOOLEAN *cancelled)
{
	ndlw_NdisCancelTimer(&t->NdisTimer, cancelled);
}
