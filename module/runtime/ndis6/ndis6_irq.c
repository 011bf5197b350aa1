// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 interrupts: NdisMRegisterInterruptEx / NdisMDeregisterInterruptEx
 * (line-based and message-signalled), NdisMQueueDpcEx and
 * NdisMSynchronizeWithInterruptEx.
 *
 * NDIS grants messages (MSI-X or MSI) only when the miniport sets
 * MsiSupported and the host granted the device messages before it
 * started (ndl_os_dev_msg_count: the .inf's MSISupported, the device, the
 * OS; docs/runtime.md); otherwise it connects the line and reports
 * NDIS_CONNECT_LINE_BASED, which every miniport must handle. A miniport
 * that registers line-based on a device that has messages gets its line
 * back (ndl_os_dev_msg_release).
 *
 * Message-based: each message is connected on its own, its ISR runs
 * MiniportMessageInterrupt with its MessageId, and it has its own DPCs,
 * which run MiniportMessageInterruptDPC with the same MessageId.
 * MsiSyncWithAllMessages puts every message under one lock, so that
 * NdisMSynchronizeWithInterruptEx excludes all message ISRs; otherwise it
 * excludes the ISR of the message it names. NDIS calls the miniport's
 * Enable/DisableMessageInterrupt handlers only for diagnostics, so the
 * runtime never does.
 *
 * As documented, a DPC is queued when the miniport sets
 * QueueDefaultInterruptDpc, or names processors in TargetProcessors,
 * whatever its ISR returns (the return value only says whether the
 * interrupt was its own). DPCs are not bound to processors here: a
 * TargetProcessors mask with several bits set runs the DPC once, on the
 * CPU the host picks. For NDIS 6.20 and later miniports the DPC gets
 * NDIS_RECEIVE_THROTTLE_PARAMETERS with no limit, and runs again at once
 * while the miniport sets MoreNblsPending.
 */
#include "ndis6/ndis6_priv.h"
#include "ndis6/ndis6_res_types.h"
#include "nt/nt_intsync.h"

#define FN_REG "NdisMRegisterInterruptEx"
#define NDL6_INTERRUPT_MAGIC 0x49366c6e	/* "nl6I" */
#define NDL6_MAX_MESSAGES 64

struct ndl6_interrupt;

/* One connection: the line, or one message. */
struct ndl6_msg {
	struct ndl6_interrupt *in;
	ULONG id;				/* MessageId (line: 0) */
	struct ndl_os_irq *irq;
	KDPC dpc;				/* the default DPC */
	KDPC queued_dpc;			/* NdisMQueueDpcEx */
};

struct ndl6_interrupt {
	u32 magic;				/* first: a handle is checked */
	struct ndl_adapter *ad;
	NDIS_HANDLE ctx;			/* MiniportInterruptContext */
	MINIPORT_ISR_HANDLER isr;
	MINIPORT_INTERRUPT_DPC_HANDLER dpc_fn;
	MINIPORT_MSI_ISR_HANDLER msg_isr;
	MINIPORT_MSI_INTERRUPT_DPC_HANDLER msg_dpc_fn;
	bool throttle;				/* NDIS 6.20 and later */
	bool message;				/* NDIS_CONNECT_MESSAGE_BASED */
	bool sync_all;				/* MsiSyncWithAllMessages */
	IO_INTERRUPT_MESSAGE_INFO *table;	/* message-based only */
	u32 nmsgs;				/* line-based: 1 */
	struct ndl6_msg msgs[];
};

static bool isr(void *p)
{
	struct ndl6_msg *m = p;
	struct ndl6_interrupt *in = m->in;
	BOOLEAN queue = FALSE, mine = FALSE;
	ULONG targets = 0;

	if (in->message)
		NDL_CALL_DRIVER(mine, in->msg_isr, in->ctx, m->id, &queue,
				&targets);
	else
		NDL_CALL_DRIVER(mine, in->isr, in->ctx, &queue, &targets);
	if (mine)
		in->ad->stats.interrupts++;
	if (queue || targets)
		ndlw_KeInsertQueueDpc(&m->dpc, NULL, NULL);
	return mine;
}

static void run_dpc(struct ndl6_msg *m, void *dpc_ctx)
{
	struct ndl6_interrupt *in = m->in;
	NDIS_RECEIVE_THROTTLE_PARAMETERS tp;
	void *throttle = in->throttle ? &tp : NULL;
	int rounds = 0;

	if (in->ad->state == NDL_AD_HALTED)
		return;
	in->ad->stats.dpcs++;
	do {
		tp.MaxNblsToIndicate = NDIS_INDICATE_ALL_NBLS;
		tp.MoreNblsPending = 0;
		if (in->message)
			NDL_CALL_DRIVER_VOID(in->msg_dpc_fn, in->ctx, m->id,
					     dpc_ctx, throttle, NULL);
		else
			NDL_CALL_DRIVER_VOID(in->dpc_fn, in->ctx, dpc_ctx,
					     throttle, NULL);
		/* Without a limit nothing should stay pending; never spin. */
	} while (throttle && tp.MoreNblsPending && ++rounds < 64);
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
	else if (c->MsiSupported && (!c->MessageInterruptHandler ||
				     !c->MessageInterruptDpcHandler))
		why = "MsiSupported without the MiniportMessageInterrupt(DPC) handlers";
	if (why)
		ndl_err("%s: %s: %s", ad->name, FN_REG, why);
	return !why;
}

/* The MessageInfoTable: what the host says of each message. */
static bool fill_table(struct ndl6_interrupt *in)
{
	IO_INTERRUPT_MESSAGE_INFO *t;
	u32 i;

	t = ndl_alloc(offsetof(IO_INTERRUPT_MESSAGE_INFO, MessageInfo) +
		      in->nmsgs * sizeof(t->MessageInfo[0]), NDL_OS_ZERO);
	if (!t)
		return false;
	t->UnifiedIrql = NDL_DEVICE_LEVEL;
	t->MessageCount = in->nmsgs;
	for (i = 0; i < in->nmsgs; i++) {
		IO_INTERRUPT_MESSAGE_INFO_ENTRY *e = &t->MessageInfo[i];
		struct ndl_os_msg_info mi = { 0 };

		ndl_os_dev_msg_info(in->ad->dev, i, &mi);
		e->MessageAddress.QuadPart = (LONGLONG)mi.address;
		e->TargetProcessorSet = (KAFFINITY)mi.cpus;
		e->InterruptObject = in->msgs[i].irq;
		e->MessageData = mi.data;
		e->Vector = mi.vector;
		e->Irql = NDL_DEVICE_LEVEL;
		e->Mode = NDL_KINTERRUPT_LATCHED;	/* messages are edges */
		e->Polarity = NDL_KINTERRUPT_ACTIVE_HIGH;
	}
	in->table = t;
	return true;
}

/* Disconnect; when it returns no ISR or DPC of the interrupt runs. */
static void irq_release(struct ndl6_interrupt *in)
{
	u32 i;

	/* Last first: the others may hold message 0's lock. */
	for (i = in->nmsgs; i-- > 0;) {
		struct ndl6_msg *m = &in->msgs[i];

		if (!m->irq)
			continue;
		ndl_interrupt_unregister(m->irq);
		ndl_os_irq_disconnect(m->irq);
		m->irq = NULL;
	}
	for (i = 0; i < in->nmsgs; i++) {
		ndlw_KeRemoveQueueDpc(&in->msgs[i].dpc);
		ndlw_KeRemoveQueueDpc(&in->msgs[i].queued_dpc);
	}
	ndl_dpc_flush();
	if (ndl6(in->ad)->intr == in)
		ndl6(in->ad)->intr = NULL;
	in->magic = 0;
	ndl_free(in->table);
	ndl_free(in);
}

/* Connect the line or every message; false (logged) if the host can't. */
static bool connect_all(struct ndl6_interrupt *in)
{
	struct ndl_adapter *ad = in->ad;
	u32 i;

	for (i = 0; i < in->nmsgs; i++) {
		struct ndl6_msg *m = &in->msgs[i];

		m->in = in;
		m->id = i;
		ndlw_KeInitializeDpc(&m->dpc, default_dpc, m);
		ndlw_KeInitializeDpc(&m->queued_dpc, queued_dpc, m);
	}
	for (i = 0; i < in->nmsgs; i++) {
		struct ndl6_msg *m = &in->msgs[i];

		if (in->message)
			m->irq = ndl_os_irq_connect_msg(ad->dev, i,
							in->sync_all && i ?
							in->msgs[0].irq : NULL,
							isr, m);
		else
			m->irq = ndl_os_irq_connect(ad->dev, isr, m);
		if (!m->irq) {
			ndl_err("%s: %s: the host could not connect %s %u",
				ad->name, FN_REG,
				in->message ? "message" : "the line", i);
			return false;
		}
		/* Drivers may also pass it to KeSynchronizeExecution. */
		if (ndl_interrupt_register(m->irq, m->irq))
			ndl_warn("%s: interrupt object not usable with KeSynchronizeExecution (too many)",
				 ad->name);
	}
	return true;
}

/* Messages the miniport takes: none unless it supports them. */
static u32 messages_for(struct ndl_adapter *ad,
			const NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS *c)
{
	u32 n = ndl_os_dev_msg_count(ad->dev);

	if (n && !c->MsiSupported) {
		ndl_info("%s: the miniport registers line-based interrupts only: the device's %u message(s) are given back and its line is used",
			 ad->name, n);
		ndl_os_dev_msg_release(ad->dev);
		return 0;
	}
	if (n > NDL6_MAX_MESSAGES) {
		ndl_warn("%s: %u messages granted, the first %u are used",
			 ad->name, n, NDL6_MAX_MESSAGES);
		n = NDL6_MAX_MESSAGES;
	}
	return n;
}

NDIS_STATUS NTAPI
ndlw_NdisMRegisterInterruptEx(NDIS_HANDLE h, NDIS_HANDLE ctx,
			      NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS *c,
			      NDIS_HANDLE *out)
{
	struct ndl_adapter *ad = ndl_ad(h, FN_REG);
	const NDIS_MINIPORT_DRIVER_CHARACTERISTICS *dc;
	struct ndl6_interrupt *in;
	u32 nmsgs;

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
	nmsgs = messages_for(ad, c);
	in = ndl_alloc(sizeof(*in) + (nmsgs ? nmsgs : 1) * sizeof(in->msgs[0]),
		       NDL_OS_ZERO);
	if (!in)
		return NDIS_STATUS_RESOURCES;
	dc = &ndl6(ad)->d6->chars;
	in->magic = NDL6_INTERRUPT_MAGIC;
	in->ad = ad;
	in->ctx = ctx;
	in->isr = c->InterruptHandler;
	in->dpc_fn = c->InterruptDpcHandler;
	in->msg_isr = c->MessageInterruptHandler;
	in->msg_dpc_fn = c->MessageInterruptDpcHandler;
	in->throttle = dc->MajorNdisVersion > 6 ||
		       (dc->MajorNdisVersion == 6 && dc->MinorNdisVersion >= 20);
	in->message = nmsgs != 0;
	in->sync_all = c->MsiSyncWithAllMessages;
	in->nmsgs = nmsgs ? nmsgs : 1;
	if (!connect_all(in)) {
		irq_release(in);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	if (in->message && !fill_table(in)) {
		irq_release(in);
		return NDIS_STATUS_RESOURCES;
	}
	c->InterruptType = in->message ? NDIS_CONNECT_MESSAGE_BASED :
					 NDIS_CONNECT_LINE_BASED;
	c->MessageInfoTable = in->table;
	ndl6(ad)->intr = in;
	*out = in;
	return NDIS_STATUS_SUCCESS;
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

/*
 * The connection MessageId names: any for line-based interrupts (NDIS
 * ignores it), else NULL (logged) past the granted messages.
 */
static struct ndl6_msg *msg_of(struct ndl6_interrupt *in, ULONG id,
			       const char *fn)
{
	if (!in->message)
		return &in->msgs[0];
	if (id >= in->nmsgs) {
		ndl_err("%s: %s: MessageId %u, but %u message(s) were granted",
			in->ad->name, fn, id, in->nmsgs);
		return NULL;
	}
	return &in->msgs[id];
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
	struct ndl6_msg *m = in ? msg_of(in, message_id, "NdisMQueueDpcEx") :
			     NULL;
	u32 cpu = ndl_os_cpu_id();

	if (!m || !ndlw_KeInsertQueueDpc(&m->queued_dpc, dpc_ctx, NULL))
		return 0;
	return cpu < 32 ? 1u << cpu : 1u;
}

/*
 * The function at DIRQL, excluded from the ISR of the message MessageId
 * names (of every message with MsiSyncWithAllMessages: they share the
 * first one's lock), or of the line.
 */
BOOLEAN NTAPI ndlw_NdisMSynchronizeWithInterruptEx(NDIS_HANDLE h,
						   ULONG message_id, void *fn,
						   void *ctx)
{
	const char *name = "NdisMSynchronizeWithInterruptEx";
	struct ndl6_interrupt *in = interrupt_of(h, name);
	struct ndl6_msg *m;

	if (!in || !fn)
		return FALSE;
	m = in->sync_all ? &in->msgs[0] : msg_of(in, message_id, name);
	if (!m)
		return FALSE;
	return ndl_irq_sync_driver(m->irq, fn, ctx);
}
