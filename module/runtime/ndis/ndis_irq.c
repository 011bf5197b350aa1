// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupts: NdisMRegisterInterrupt, NdisMDeregisterInterrupt,
 * NdisMSynchronizeWithInterrupt.
 *
 * The host's interrupt handler runs MiniportISR at DIRQL (or, when the
 * miniport asked for no ISR on an unshared line, MiniportDisableInterrupt)
 * and queues the interrupt's KDPC, unless the host takes the DPC to run it
 * in its own receive poll (ops->interrupt_dpc). The DPC runs
 * MiniportHandleInterrupt at DISPATCH_LEVEL — under the miniport lock for
 * serialized miniports — followed by MiniportEnableInterrupt when NDIS
 * disabled the interrupt itself. NdisMSynchronizeWithInterrupt runs its
 * function under the same lock the ISR runs under, with interrupts off,
 * so ISR and DPC never see each other's half-done updates.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_intsync.h"

typedef NTAPI_PTR BOOLEAN (*SYNC_FN)(void *ctx);

static bool isr(void *ctx)
{
	NDIS_MINIPORT_INTERRUPT *in = ctx;
	struct ndl_adapter *ad = (struct ndl_adapter *)in->Miniport;
	BOOLEAN recognized = FALSE, queue = FALSE;

	if (in->IsrRequested || in->SharedInterrupt) {
		NDL_CALL_DRIVER_VOID(in->MiniportIsr, &recognized, &queue,
				     ndl_ad_ctx(ad));
	} else {
		/* NDIS handles the interrupt: mask it, then run the DPC. */
		if (ad->block.DisableInterruptHandler)
			NDL_CALL_DRIVER_VOID(ad->block.DisableInterruptHandler,
					     ndl_ad_ctx(ad));
		recognized = queue = TRUE;
	}
	if (recognized)
		ad->stats.interrupts++;
	if (queue && !(ad->ops->interrupt_dpc &&
		       ad->ops->interrupt_dpc(ad->ctx)))
		ndlw_KeInsertQueueDpc(&in->InterruptDpc, NULL, NULL);
	return recognized;
}

static void run_interrupt_dpc(NDIS_MINIPORT_INTERRUPT *in)
{
	struct ndl_adapter *ad = (struct ndl_adapter *)in->Miniport;
	KIRQL old;

	if (!ndl_mp_enter(ad, &old))
		return;
	ad->stats.dpcs++;
	/* One FPU section for every driver call of the DPC, the returns and
	 * resubmissions after it included: only runtime code runs between
	 * them, and opening a section costs more than all of it.
	 */
	ndl_os_driver_enter();
	ndl_rx_dpc_begin(ad);
	NDL_CALL_DRIVER_VOID(in->MiniportDpc, ndl_ad_ctx(ad));
	if (!in->IsrRequested && !in->SharedInterrupt &&
	    ad->block.EnableInterruptHandler)
		NDL_CALL_DRIVER_VOID(ad->block.EnableInterruptHandler,
				     ndl_ad_ctx(ad));
	/* The packets it indicated go back in one batch. */
	ndl_rx_dpc_end(ad);
	/* Sends the miniport refused may fit now. */
	ndl_tx_unblock(ad);
	ndl_os_driver_leave();
	ndl_mp_leave(ad, old);
}

static void NTAPI interrupt_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	run_interrupt_dpc(ctx);
}

void ndl_adapter_interrupt_dpc(struct ndl_adapter *ad)
{
	NDIS_MINIPORT_INTERRUPT *in = ad->interrupt;

	if (in)
		run_interrupt_dpc(in);
}

void ndl_adapter_interrupt_dpc_queue(struct ndl_adapter *ad)
{
	NDIS_MINIPORT_INTERRUPT *in = ad->interrupt;

	if (in)
		ndlw_KeInsertQueueDpc(&in->InterruptDpc, NULL, NULL);
}

NDIS_STATUS NTAPI ndlw_NdisMRegisterInterrupt(NDIS_MINIPORT_INTERRUPT *in,
					      NDIS_HANDLE h, UINT vector,
					      UINT level, BOOLEAN request_isr,
					      BOOLEAN shared, UINT mode)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMRegisterInterrupt");
	const NDIS51_MINIPORT_CHARACTERISTICS *c;
	struct ndl_os_irq *irq;

	if (!ad || !in)
		return NDIS_STATUS_FAILURE;
	c = ndl_chars(ad);
	if (ad->interrupt) {
		ndl_err("%s: NdisMRegisterInterrupt: an interrupt is registered already",
			ad->name);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	if (!ad->dev) {
		ndl_err("%s: NdisMRegisterInterrupt on an adapter without a device",
			ad->name);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	if (!c->HandleInterruptHandler || ((request_isr || shared) &&
					   !c->ISRHandler)) {
		ndl_err("%s: NdisMRegisterInterrupt without %s", ad->name,
			c->HandleInterruptHandler ? "MiniportISR" :
			"MiniportHandleInterrupt");
		return NDIS_STATUS_FAILURE;
	}
	if (!request_isr && shared)
		ndl_warn("%s: shared interrupt without ISR: the ISR is called anyway",
			 ad->name);
	ndl_memset(in, 0, sizeof(*in));
	in->MiniportIsr = c->ISRHandler;
	in->MiniportDpc = c->HandleInterruptHandler;
	in->Miniport = &ad->block;
	in->SharedInterrupt = shared;
	in->IsrRequested = request_isr;
	ndlw_KeInitializeDpc(&in->InterruptDpc, interrupt_dpc, in);
	ndlw_KeInitializeEvent(&in->DpcsCompletedEvent, NotificationEvent, TRUE);
	ad->interrupt = in;
	ad->block.Interrupt = in;
	irq = ndl_os_irq_connect(ad->dev, isr, in);
	if (!irq) {
		ndl_err("%s: NdisMRegisterInterrupt: the host could not connect the interrupt",
			ad->name);
		ad->interrupt = NULL;
		ad->block.Interrupt = NULL;
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	in->InterruptObject = irq;
	/* Drivers may also pass it to KeSynchronizeExecution. */
	if (ndl_interrupt_register(irq, irq))
		ndl_warn("%s: interrupt object not usable with KeSynchronizeExecution (too many)",
			 ad->name);
	return NDIS_STATUS_SUCCESS;
}

/* Disconnect and make sure no ISR or DPC of it runs any more. */
void ndl_irq_release(struct ndl_adapter *ad)
{
	NDIS_MINIPORT_INTERRUPT *in = ad->interrupt;

	if (!in)
		return;
	if (in->InterruptObject) {
		ndl_interrupt_unregister(in->InterruptObject);
		ndl_os_irq_disconnect(in->InterruptObject);
	}
	in->InterruptObject = NULL;
	ndlw_KeRemoveQueueDpc(&in->InterruptDpc);
	ndl_dpc_flush();
	ad->interrupt = NULL;
	ad->block.Interrupt = NULL;
}

void NTAPI ndlw_NdisMDeregisterInterrupt(NDIS_MINIPORT_INTERRUPT *in)
{
	struct ndl_adapter *ad;

	if (!in || !in->Miniport)
		return;
	ad = ndl_ad(in->Miniport, "NdisMDeregisterInterrupt");
	if (!ad || ad->interrupt != in) {
		ndl_err("NdisMDeregisterInterrupt(%p): not a registered interrupt",
			in);
		return;
	}
	ndl_irq_release(ad);
}

struct sync_call {
	SYNC_FN fn;
	void *ctx;
	BOOLEAN ret;
};

static bool sync_trampoline(void *ctx)
{
	struct sync_call *s = ctx;

	NDL_CALL_DRIVER(s->ret, s->fn, s->ctx);
	return s->ret;
}

/* The driver's fn(ctx) excluded from the ISR of irq (NULL: not connected). */
BOOLEAN ndl_irq_sync_driver(struct ndl_os_irq *irq, void *fn, void *ctx)
{
	struct sync_call s = { (SYNC_FN)fn, ctx, FALSE };

	if (!irq) {
		/* Not connected (yet): nothing can race; raise and call. */
		KIRQL old = ndl_irql_raise(NDL_DEVICE_LEVEL);

		sync_trampoline(&s);
		ndl_irql_lower(old);
		return s.ret;
	}
	ndl_os_irq_sync(irq, sync_trampoline, &s);
	return s.ret;
}

BOOLEAN NTAPI ndlw_NdisMSynchronizeWithInterrupt(NDIS_MINIPORT_INTERRUPT *in,
						 void *fn, void *ctx)
{
	if (!in || !fn)
		return FALSE;
	return ndl_irq_sync_driver(in->InterruptObject, fn, ctx);
}
