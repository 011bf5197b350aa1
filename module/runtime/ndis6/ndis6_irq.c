// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 interrupts: NdisMRegisterInterruptEx / NdisMDeregisterInterruptEx
 * (line-based), NdisMQueueDpcEx and NdisMSynchronizeWithInterruptEx.
 *
 * The host's handler runs MiniportInterrupt at DIRQL. As documented, the
 * DPC is queued when the miniport sets QueueDefaultInterruptDpc, or names
 * processors in TargetProcessors, whatever MiniportInterrupt returns (its
 * return value only says whether the line was its own). DPCs are not
 * bound to processors here: a TargetProcessors mask with several bits set
 * runs MiniportInterruptDPC once, on the CPU the host picks. For NDIS 6.20
 * and later miniports the DPC gets NDIS_RECEIVE_THROTTLE_PARAMETERS with
 * no limit, and runs again at once while the miniport sets
 * MoreNblsPending. Message-signalled interrupts are not offered yet: the
 * registration connects the device's line and reports
 * NDIS_CONNECT_LINE_BASED, which every miniport must handle (MSI is a
 * choice the INF and NDIS make, never a guarantee).
 */
#include "ndis6/ndis6_priv.h"
#include "ndis6/ndis6_res_types.h"
#include "nt/nt_intsync.h"

#define FN_REG "NdisMRegisterInterruptEx"
#define NDL6_INTERRUPT_MAGIC 0x49366c6e	/* "nl6I" */

struct ndl6_interrupt {
	u32 magic;				/* first: a handle is checked */
	struct ndl_adapter *ad;
	NDIS_HANDLE ctx;			/* MiniportInterruptContext */
	MINIPORT_ISR_HANDLER isr;
	MINIPORT_INTERRUPT_DPC_HANDLER dpc_fn;
	struct ndl_os_irq *irq;
	KDPC dpc;				/* the default DPC */
	KDPC queued_dpc;			/* NdisMQueueDpcEx */
	bool throttle;				/* NDIS 6.20 and later */
};

static bool isr(void *p)
{
	struct ndl6_interrupt *in = p;
	BOOLEAN queue = FALSE, mine = FALSE;
	ULONG targets = 0;

	NDL_CALL_DRIVER(mine, in->isr, in->ctx, &queue, &targets);
	if (mine)
		in->ad->stats.interrupts++;
	if (queue || targets)
		ndlw_KeInsertQueueDpc(&in->dpc, NULL, NULL);
	return mine;
}

static void run_dpc(struct ndl6_interrupt *in, void *dpc_ctx)
{
	NDIS_RECEIVE_THROTTLE_PARAMETERS tp;
	int rounds = 0;

	if (in->ad->state == NDL_AD_HALTED)
		return;
	in->ad->stats.dpcs++;
	do {
		tp.MaxNblsToIndicate = NDIS_INDICATE_ALL_NBLS;
		tp.MoreNblsPending = 0;
		NDL_CALL_DRIVER_VOID(in->dpc_fn, in->ctx, dpc_ctx,
				     in->throttle ? &tp : NULL, NULL);
		/* Without a limit nothing should stay pending; never spin. */
	} while (in->throttle && tp.MoreNblsPending && ++rounds < 64);
}

static void NTAPI default_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	run_dpc(ctx, NULL);
}

static void NTAPI queued_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	run_dpc(ctx, a1);
}

static bool chars_ok(struct ndl_adapter *ad,
		     const NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS *c)
{
	const char *why = NULL;

	if (!c)
		why = "no characteristics";
	else if (c->Header.Type != NDIS_OBJECT_TYPE_MINIPORT_INTERRUPT)
		why = "Header.Type is not NDIS_OBJECT_TYPE_MINIPORT_INTERRUPT";
	else if (c->Header.Revision < NDIS_MINIPORT_INTERRUPT_REVISION_1 ||
		 c->Header.Size <
		 NDIS_SIZEOF_MINIPORT_INTERRUPT_CHARACTERISTICS_REVISION_1)
		why = "Header.Revision or Size below revision 1";
	else if (!c->InterruptHandler || !c->InterruptDpcHandler)
		why = "no MiniportInterrupt or MiniportInterruptDPC handler";
	if (why)
		ndl_err("%s: %s: %s", ad->name, FN_REG, why);
	return !why;
}

NDIS_STATUS NTAPI
ndlw_NdisMRegisterInterruptEx(NDIS_HANDLE h, NDIS_HANDLE ctx,
			      NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS *c,
			      NDIS_HANDLE *out)
{
	struct ndl_adapter *ad = ndl_ad(h, FN_REG);
	const NDIS_MINIPORT_DRIVER_CHARACTERISTICS *dc;
	struct ndl6_interrupt *in;

	if (!ad || !out || !chars_ok(ad, c))
		return NDIS_STATUS_FAILURE;
	*out = NULL;
	if (ndl6(ad)->intr) {
		ndl_err("%s: %s: an interrupt is registered already", ad->name,
			FN_REG);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	if (!ad->dev) {
		ndl_err("%s: %s on an adapter without a device", ad->name,
			FN_REG);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	in = ndl_alloc(sizeof(*in), NDL_OS_ZERO);
	if (!in)
		return NDIS_STATUS_RESOURCES;
	dc = &ndl6(ad)->d6->chars;
	in->magic = NDL6_INTERRUPT_MAGIC;
	in->ad = ad;
	in->ctx = ctx;
	in->isr = c->InterruptHandler;
	in->dpc_fn = c->InterruptDpcHandler;
	in->throttle = dc->MajorNdisVersion > 6 ||
		       (dc->MajorNdisVersion == 6 && dc->MinorNdisVersion >= 20);
	ndlw_KeInitializeDpc(&in->dpc, default_dpc, in);
	ndlw_KeInitializeDpc(&in->queued_dpc, queued_dpc, in);
	in->irq = ndl_os_irq_connect(ad->dev, isr, in);
	if (!in->irq) {
		ndl_err("%s: %s: the host could not connect the interrupt",
			ad->name, FN_REG);
		ndl_free(in);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	/* Drivers may also pass it to KeSynchronizeExecution. */
	if (ndl_interrupt_register(in->irq, in->irq))
		ndl_warn("%s: interrupt object not usable with KeSynchronizeExecution (too many)",
			 ad->name);
	c->InterruptType = NDIS_CONNECT_LINE_BASED;
	c->MessageInfoTable = NULL;
	ndl6(ad)->intr = in;
	*out = in;
	return NDIS_STATUS_SUCCESS;
}

/* Disconnect; when it returns no ISR or DPC of the interrupt runs. */
static void irq_release(struct ndl6_interrupt *in)
{
	ndl_interrupt_unregister(in->irq);
	ndl_os_irq_disconnect(in->irq);
	ndlw_KeRemoveQueueDpc(&in->dpc);
	ndlw_KeRemoveQueueDpc(&in->queued_dpc);
	ndl_dpc_flush();
	ndl6(in->ad)->intr = NULL;
	in->magic = 0;
	ndl_free(in);
}

/* The interrupt or NULL (logged) when h is not this adapter's. */
static struct ndl6_interrupt *interrupt_of(NDIS_HANDLE h, const char *fn)
{
	struct ndl6_interrupt *in = h;

	if (!in || in->magic != NDL6_INTERRUPT_MAGIC ||
	    ndl6(in->ad)->intr != in) {
		ndl_err("%s(%p): not a registered interrupt", fn, h);
		return NULL;
	}
	return in;
}

void NTAPI ndlw_NdisMDeregisterInterruptEx(NDIS_HANDLE h)
{
	struct ndl6_interrupt *in = interrupt_of(h, "NdisMDeregisterInterruptEx");

	if (in)
		irq_release(in);
}

void ndl6_irq_release(struct ndl_adapter *ad, const char *after)
{
	if (!ndl6(ad)->intr)
		return;
	ndl_warn("%s: %s left its interrupt registered", ad->name, after);
	irq_release(ndl6(ad)->intr);
}

/*
 * The processors a DPC was queued for: this one (bit 0 when the host
 * does not say), none when the DPC was queued already and has not run.
 */
ULONG NTAPI ndlw_NdisMQueueDpcEx(NDIS_HANDLE h, ULONG message_id,
				 ULONG targets, void *dpc_ctx)
{
	struct ndl6_interrupt *in = interrupt_of(h, "NdisMQueueDpcEx");
	u32 cpu = ndl_os_cpu_id();

	if (!in || !ndlw_KeInsertQueueDpc(&in->queued_dpc, dpc_ctx, NULL))
		return 0;
	return cpu < 32 ? 1u << cpu : 1u;
}

/* The function at DIRQL, excluded from the ISR (MessageId: line-based). */
BOOLEAN NTAPI ndlw_NdisMSynchronizeWithInterruptEx(NDIS_HANDLE h,
						   ULONG message_id, void *fn,
						   void *ctx)
{
	struct ndl6_interrupt *in =
		interrupt_of(h, "NdisMSynchronizeWithInterruptEx");

	if (!in || !fn)
		return FALSE;
	return ndl_irq_sync_driver(in->irq, fn, ctx);
}
