// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NDIS 6 interrupts (module/runtime/ndis6/ndis6_irq.c):
 * one rule of the NdisMRegisterInterruptEx, MINIPORT_ISR,
 * MINIPORT_INTERRUPT_DPC, MINIPORT_MESSAGE_INTERRUPT(_DPC),
 * IO_INTERRUPT_MESSAGE_INFO, NdisMQueueDpcEx and
 * NdisMSynchronizeWithInterruptEx reference pages per test. The adapter
 * is one of a registered NDIS 6 test miniport on a simulated PCI device
 * whose one status port raises its interrupt line (bit 0) or, when the
 * host granted it messages, signals message N (0x80 | N).
 */
#include <string.h>

#include "check.h"
#include "ndis6_testdrv.h"
#include "host.h"
#include "simdev.h"
#include "ndis/ndis_adapter.h"
#include "ndis6/ndis6_priv.h"
#include "nt/nt_exports.h"

struct irqdev {
	u8 status;
};

static uint32_t dev_read(struct ndl_sim_dev *d, int bar, uint32_t off,
			 int size)
{
	return ((struct irqdev *)ndl_sim_priv(d))->status;
}

static void dev_write(struct ndl_sim_dev *d, int bar, uint32_t off, int size,
		      uint32_t val)
{
	((struct irqdev *)ndl_sim_priv(d))->status = (u8)val;
	if (val & 0x80)
		ndl_sim_raise_msg(d, val & 0x1f);
	else
		ndl_sim_set_irq(d, val & 1);
}

static const struct ndl_sim_model model = {
	.name = "irq6", .vendor = 0x1234, .device = 0x0006,
	.bars = { { NDL_SIM_BAR_IO, 0x10 } },
	.priv_size = sizeof(struct irqdev),
	.read = dev_read, .write = dev_write,
};

static struct ndl_driver *drv;
static NDIS_HANDLE drv_handle;
static const struct ndl_adapter_ops no_ops;
static struct ndl_sim_dev *sim;
static u32 port;

/* What the miniport's handlers saw and will answer. */
static struct {
	BOOLEAN mine, queue;
	ULONG targets;
	u32 isr_calls, dpc_calls;
	u8 isr_irql, dpc_irql;
	void *isr_ctx, *dpc_ctx, *dpc_dpc_ctx;
	NDIS_RECEIVE_THROTTLE_PARAMETERS *throttle;
	ULONG throttle_max;
	u32 more_rounds;	/* set MoreNblsPending this many times */
	u32 msg_isr_calls, msg_dpc_calls, msg_enable_calls;
	ULONG isr_msg, dpc_msg;
} mp;

static NTAPI BOOLEAN mp_isr(NDIS_HANDLE ctx, BOOLEAN *queue, ULONG *targets)
{
	mp.isr_calls++;
	mp.isr_irql = ndl_os_irql_current();
	mp.isr_ctx = ctx;
	ndl_os_port_write(port, 1, 0);		/* acknowledge */
	*queue = mp.queue;
	*targets = mp.targets;
	return mp.mine;
}

static NTAPI void mp_dpc(NDIS_HANDLE ctx, void *dpc_ctx, void *throttle,
			 void *reserved)
{
	mp.dpc_calls++;
	mp.dpc_irql = ndl_os_irql_current();
	mp.dpc_ctx = ctx;
	mp.dpc_dpc_ctx = dpc_ctx;
	mp.throttle = throttle;
	if (mp.throttle) {
		mp.throttle_max = mp.throttle->MaxNblsToIndicate;
		if (mp.more_rounds) {
			mp.more_rounds--;
			mp.throttle->MoreNblsPending = 1;
		}
	}
}

static NTAPI void mp_noop(NDIS_HANDLE ctx) {}

static NTAPI BOOLEAN mp_msg_isr(NDIS_HANDLE ctx, ULONG msg, BOOLEAN *queue,
				ULONG *targets)
{
	mp.msg_isr_calls++;
	mp.isr_msg = msg;
	mp.isr_irql = ndl_os_irql_current();
	mp.isr_ctx = ctx;
	*queue = mp.queue;
	*targets = mp.targets;
	return mp.mine;
}

static NTAPI void mp_msg_dpc(NDIS_HANDLE ctx, ULONG msg, void *dpc_ctx,
			     void *throttle, void *reserved)
{
	mp.msg_dpc_calls++;
	mp.dpc_msg = msg;
	mp.dpc_irql = ndl_os_irql_current();
	mp.dpc_ctx = ctx;
	mp.dpc_dpc_ctx = dpc_ctx;
	mp.throttle = throttle;
	if (mp.throttle && mp.more_rounds) {
		mp.more_rounds--;
		mp.throttle->MoreNblsPending = 1;
	}
}

static NTAPI void mp_msg_able(NDIS_HANDLE ctx, ULONG msg)
{
	mp.msg_enable_calls++;
}

static NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS chars(void)
{
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = {
		.Header = { NDIS_OBJECT_TYPE_MINIPORT_INTERRUPT,
			    NDIS_MINIPORT_INTERRUPT_REVISION_1,
			    NDIS_SIZEOF_MINIPORT_INTERRUPT_CHARACTERISTICS_REVISION_1 },
		.InterruptHandler = mp_isr,
		.InterruptDpcHandler = mp_dpc,
		.DisableInterruptHandler = mp_noop,
		.EnableInterruptHandler = mp_noop,
		.InterruptType = 0x77,
		.MessageInfoTable = (void *)1,
	};
	return c;
}

/* A miniport that supports MSI: both handler sets. */
static NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS msi_chars(void)
{
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();

	c.MsiSupported = TRUE;
	c.MessageInterruptHandler = mp_msg_isr;
	c.MessageInterruptDpcHandler = mp_msg_dpc;
	c.DisableMessageInterruptHandler = mp_msg_able;
	c.EnableMessageInterruptHandler = mp_msg_able;
	return c;
}

static struct ndl_adapter *adapter(const char *name)
{
	struct ndl_adapter_params p = {
		.drv = drv, .ops = &no_ops, .name = name, .tx_slots = 4,
		.dev = ndl_sim_os_dev(sim),
	};
	struct ndl_adapter *ad = NULL;
	struct ndl_os_resource res[2];

	CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
	CHECK(ndl_os_dev_resources(ndl_sim_os_dev(sim), res, 2) >= 1);
	port = (u32)res[0].start;
	memset(&mp, 0, sizeof(mp));
	return ad;
}

/* The device signals message n; ISR and DPCs run. */
static void device_signals(u32 n)
{
	ndl_os_port_write(port, 1, 0x80 | n);
	ndl_user_run_pending();
}

/* The device raises its line; ISR and DPCs run. */
static void device_interrupts(void)
{
	ndl_os_port_write(port, 1, 1);
	ndl_user_run_pending();
}

/*
 * Success: a handle, InterruptType NDIS_CONNECT_LINE_BASED (no message
 * interrupts were granted) and no MessageInfoTable.
 */
static void test_register_line_based(void)
{
	struct ndl_adapter *ad = adapter("irq-a");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL, h2 = (void *)1;
	int ctx;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, &ctx, &c, &h),
		     NDIS_STATUS_SUCCESS);
	CHECK(h != NULL);
	CHECK_EQ_INT(c.InterruptType, NDIS_CONNECT_LINE_BASED);
	CHECK(c.MessageInfoTable == NULL);
	/* One interrupt per adapter: a second is a conflict. */
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, &ctx, &c, &h2),
		     NDIS_STATUS_RESOURCE_CONFLICT);
	ndlw_NdisMDeregisterInterruptEx(h);
	ndl_adapter_destroy(ad);
}

/* Malformed characteristics are refused, saying why, and nothing is set. */
static void test_bad_characteristics(void)
{
	struct ndl_adapter *ad = adapter("irq-b");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;

	c.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h),
		     NDIS_STATUS_FAILURE);
	CHECK(log_contains("irq-b: NdisMRegisterInterruptEx: Header.Type"));
	c = chars();
	c.Header.Size = 80;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h),
		     NDIS_STATUS_FAILURE);
	c = chars();
	c.InterruptDpcHandler = NULL;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h),
		     NDIS_STATUS_FAILURE);
	CHECK(log_contains("no MiniportInterrupt or MiniportInterruptDPC"));
	CHECK(h == NULL);
	CHECK(ndl6(ad)->intr == NULL);
	ndl_adapter_destroy(ad);
}

/*
 * MiniportInterrupt runs at DIRQL with the MiniportInterruptContext;
 * with QueueDefaultInterruptDpc set, MiniportInterruptDPC runs at
 * DISPATCH_LEVEL with the same context. An NDIS 6.0 miniport gets no
 * receive throttle parameters (they are NDIS 6.20's).
 */
static void test_isr_and_default_dpc(void)
{
	struct ndl_adapter *ad = adapter("irq-c");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;
	int ctx;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, &ctx, &c, &h), 0);
	mp.mine = mp.queue = TRUE;
	device_interrupts();
	CHECK_EQ_INT(mp.isr_calls, 1);
	CHECK(mp.isr_irql >= NDL_DEVICE_LEVEL);
	CHECK(mp.isr_ctx == &ctx);
	CHECK_EQ_INT(mp.dpc_calls, 1);
	CHECK_EQ_INT(mp.dpc_irql, NDL_DISPATCH_LEVEL);
	CHECK(mp.dpc_ctx == &ctx);
	CHECK(mp.throttle == NULL);
	ndlw_NdisMDeregisterInterruptEx(h);
	ndl_adapter_destroy(ad);
}

/*
 * The DPC is queued by QueueDefaultInterruptDpc or TargetProcessors
 * whatever MiniportInterrupt returns; with neither, no DPC runs.
 */
static void test_dpc_regardless_of_return(void)
{
	struct ndl_adapter *ad = adapter("irq-d");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	mp.mine = FALSE;
	mp.queue = TRUE;
	device_interrupts();
	CHECK_EQ_INT(mp.dpc_calls, 1);
	mp.queue = FALSE;
	mp.targets = 1;
	device_interrupts();
	CHECK_EQ_INT(mp.dpc_calls, 2);
	mp.mine = TRUE;
	mp.targets = 0;
	device_interrupts();
	CHECK_EQ_INT(mp.isr_calls, 3);
	CHECK_EQ_INT(mp.dpc_calls, 2);
	ndlw_NdisMDeregisterInterruptEx(h);
	ndl_adapter_destroy(ad);
}

/* NdisMQueueDpcEx: the DPC runs with the caller's MiniportDpcContext;
 * the result names the processor(s) it was queued for. */
static void test_queue_dpc_ex(void)
{
	struct ndl_adapter *ad = adapter("irq-e");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;
	int dctx;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	CHECK(ndlw_NdisMQueueDpcEx(h, 0, 1, &dctx) != 0);
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.dpc_calls, 1);
	CHECK(mp.dpc_dpc_ctx == &dctx);
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMQueueDpcEx((void *)&dctx, 0, 1, NULL), 0);
	CHECK(log_contains("NdisMQueueDpcEx"));
	ndlw_NdisMDeregisterInterruptEx(h);
	ndl_adapter_destroy(ad);
}

static u32 sync_calls;

static NTAPI BOOLEAN sync_fn(void *ctx)
{
	sync_calls++;
	return ndl_os_irql_current() >= NDL_DEVICE_LEVEL && ctx == &sync_calls;
}

/* NdisMSynchronizeWithInterruptEx: the function at DIRQL, its value. */
static void test_synchronize(void)
{
	struct ndl_adapter *ad = adapter("irq-f");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	sync_calls = 0;
	CHECK(ndlw_NdisMSynchronizeWithInterruptEx(h, 0, (void *)sync_fn,
						   &sync_calls));
	CHECK_EQ_INT(sync_calls, 1);
	ndlw_NdisMDeregisterInterruptEx(h);
	ndl_adapter_destroy(ad);
}

/*
 * NDIS 6.20: the DPC gets NDIS_RECEIVE_THROTTLE_PARAMETERS, no limit
 * (NDIS_INDICATE_ALL_NBLS), and is called again while it sets
 * MoreNblsPending.
 */
static void test_throttle_620(void)
{
	struct ndl_adapter *ad = adapter("irq-g");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS *dc = &ndl6(ad)->d6->chars;
	UCHAR minor = dc->MinorNdisVersion;
	NDIS_HANDLE h = NULL;

	dc->MinorNdisVersion = 20;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	mp.mine = mp.queue = TRUE;
	mp.more_rounds = 2;
	device_interrupts();
	CHECK(mp.throttle != NULL);
	CHECK_EQ_INT(mp.throttle_max, NDIS_INDICATE_ALL_NBLS);
	CHECK_EQ_INT(mp.dpc_calls, 3);
	ndlw_NdisMDeregisterInterruptEx(h);
	dc->MinorNdisVersion = minor;
	ndl_adapter_destroy(ad);
}

/*
 * After NdisMDeregisterInterruptEx no MiniportInterrupt runs; an
 * interrupt the miniport leaves registered is released (with a warning)
 * when the adapter goes.
 */
static void test_deregister_and_leftover(void)
{
	struct ndl_adapter *ad = adapter("irq-h");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	ndlw_NdisMDeregisterInterruptEx(h);
	mp.mine = mp.queue = TRUE;
	device_interrupts();
	ndl_os_port_write(port, 1, 0);
	CHECK_EQ_INT(mp.isr_calls, 0);
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	log_clear();
	ndl_adapter_destroy(ad);
	CHECK(log_contains("irq-h: the adapter's removal left its interrupt registered"));
}

/* ---- message-signalled interrupts ------------------------------------- */

/* An adapter on the device after the host granted it n messages. */
static struct ndl_adapter *msi_adapter(const char *name, u32 n)
{
	ndl_sim_grant_messages(sim, n);
	return adapter(name);
}

static void msi_done(struct ndl_adapter *ad)
{
	ndl_adapter_destroy(ad);
	ndl_sim_grant_messages(sim, 0);
}

/*
 * The resource list carries one CmResourceTypeInterrupt per granted
 * message, flagged CM_RESOURCE_INTERRUPT_MESSAGE (latched, exclusive),
 * and no line.
 */
static void test_message_resources(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-a", 3);
	u32 i, msgs = 0, lines = 0;

	for (i = 0; i < ad->resources->Count; i++) {
		CM_PARTIAL_RESOURCE_DESCRIPTOR *d =
			ndl_res_desc(ad->resources, i);

		if (d->Type != CmResourceTypeInterrupt)
			continue;
		if (!(d->Flags & CM_RESOURCE_INTERRUPT_MESSAGE)) {
			lines++;
			continue;
		}
		CHECK(d->Flags & CM_RESOURCE_INTERRUPT_LATCHED);
		CHECK_EQ_INT(d->ShareDisposition,
			     CmResourceShareDeviceExclusive);
		CHECK_EQ_INT(d->u.MessageInterrupt.Translated.Vector,
			     0x40 + msgs);
		CHECK(d->u.MessageInterrupt.Translated.Affinity != 0);
		msgs++;
	}
	CHECK_EQ_INT(msgs, 3);
	CHECK_EQ_INT(lines, 0);
	msi_done(ad);
}

/*
 * MsiSupported on granted messages: NDIS_CONNECT_MESSAGE_BASED and an
 * IO_INTERRUPT_MESSAGE_INFO with one entry per message (address, data,
 * vector, DIRQL, latched, a processor set, its interrupt object).
 */
static void test_register_message_based(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-b", 2);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	const IO_INTERRUPT_MESSAGE_INFO *t;
	NDIS_HANDLE h = NULL;
	u32 i;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(c.InterruptType, NDIS_CONNECT_MESSAGE_BASED);
	t = c.MessageInfoTable;
	CHECK(t != NULL && t != (void *)1);
	if (t && t != (void *)1) {
		CHECK_EQ_INT(t->MessageCount, 2);
		CHECK_EQ_INT(t->UnifiedIrql, NDL_DEVICE_LEVEL);
		for (i = 0; i < 2; i++) {
			const IO_INTERRUPT_MESSAGE_INFO_ENTRY *e =
				&t->MessageInfo[i];

			CHECK(e->MessageAddress.QuadPart == 0xfee00000);
			CHECK_EQ_INT(e->MessageData, 0x40 + i);
			CHECK_EQ_INT(e->Vector, 0x40 + i);
			CHECK_EQ_INT(e->Irql, NDL_DEVICE_LEVEL);
			CHECK_EQ_INT(e->Mode, NDL_KINTERRUPT_LATCHED);
			CHECK_EQ_INT(e->Polarity, NDL_KINTERRUPT_ACTIVE_HIGH);
			CHECK(e->TargetProcessorSet != 0);
			CHECK(e->InterruptObject != NULL);
		}
		CHECK(t->MessageInfo[0].InterruptObject !=
		      t->MessageInfo[1].InterruptObject);
		/* A message's interrupt object works with KeSynchronizeExecution. */
		sync_calls = 0;
		CHECK(ndlw_KeSynchronizeExecution(t->MessageInfo[1].InterruptObject,
						  sync_fn, &sync_calls));
		CHECK_EQ_INT(sync_calls, 1);
	}
	ndlw_NdisMDeregisterInterruptEx(h);
	msi_done(ad);
}

/*
 * Message N runs MiniportMessageInterrupt(ctx, N) at DIRQL, and its DPC
 * MiniportMessageInterruptDPC(ctx, N) at DISPATCH_LEVEL, queued as the
 * line's is (QueueDefaultInterruptDpc or TargetProcessors, whatever the
 * ISR returns); the line handlers and Enable/DisableMessageInterrupt
 * (diagnostics only) are never called.
 */
static void test_message_isr_and_dpc(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-c", 3);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_HANDLE h = NULL;
	int ctx;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, &ctx, &c, &h), 0);
	mp.mine = mp.queue = TRUE;
	device_signals(2);
	CHECK_EQ_INT(mp.msg_isr_calls, 1);
	CHECK_EQ_INT(mp.isr_msg, 2);
	CHECK(mp.isr_irql >= NDL_DEVICE_LEVEL);
	CHECK(mp.isr_ctx == &ctx);
	CHECK_EQ_INT(mp.msg_dpc_calls, 1);
	CHECK_EQ_INT(mp.dpc_msg, 2);
	CHECK_EQ_INT(mp.dpc_irql, NDL_DISPATCH_LEVEL);
	CHECK(mp.dpc_ctx == &ctx);
	mp.mine = mp.queue = FALSE;
	mp.targets = 1;
	device_signals(0);
	CHECK_EQ_INT(mp.msg_isr_calls, 2);
	CHECK_EQ_INT(mp.isr_msg, 0);
	CHECK_EQ_INT(mp.msg_dpc_calls, 2);
	CHECK_EQ_INT(mp.dpc_msg, 0);
	mp.targets = 0;
	device_signals(1);
	CHECK_EQ_INT(mp.msg_isr_calls, 3);
	CHECK_EQ_INT(mp.msg_dpc_calls, 2);
	CHECK_EQ_INT(mp.isr_calls + mp.dpc_calls, 0);
	CHECK_EQ_INT(mp.msg_enable_calls, 0);
	ndlw_NdisMDeregisterInterruptEx(h);
	msi_done(ad);
}

/* NDIS 6.20: a message DPC gets the receive throttle parameters too. */
static void test_message_throttle_620(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-d", 1);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS *dc = &ndl6(ad)->d6->chars;
	UCHAR minor = dc->MinorNdisVersion;
	NDIS_HANDLE h = NULL;

	dc->MinorNdisVersion = 20;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	mp.mine = mp.queue = TRUE;
	mp.more_rounds = 1;
	device_signals(0);
	CHECK(mp.throttle != NULL);
	CHECK_EQ_INT(mp.msg_dpc_calls, 2);
	ndlw_NdisMDeregisterInterruptEx(h);
	dc->MinorNdisVersion = minor;
	msi_done(ad);
}

/*
 * NdisMQueueDpcEx with a MessageId runs that message's DPC with the
 * caller's context; a MessageId past the granted ones queues nothing.
 */
static void test_message_queue_dpc_ex(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-e", 2);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_HANDLE h = NULL;
	int dctx;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	CHECK(ndlw_NdisMQueueDpcEx(h, 1, 1, &dctx) != 0);
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.msg_dpc_calls, 1);
	CHECK_EQ_INT(mp.dpc_msg, 1);
	CHECK(mp.dpc_dpc_ctx == &dctx);
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMQueueDpcEx(h, 2, 1, &dctx), 0);
	CHECK(log_contains("msi-e: NdisMQueueDpcEx: MessageId 2"));
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.msg_dpc_calls, 1);
	ndlw_NdisMDeregisterInterruptEx(h);
	msi_done(ad);
}

/*
 * NdisMSynchronizeWithInterruptEx with a MessageId: the function at
 * DIRQL, its value; an unknown MessageId is refused, unless every
 * message shares one lock (MsiSyncWithAllMessages).
 */
static void test_message_synchronize(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-f", 2);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	sync_calls = 0;
	CHECK(ndlw_NdisMSynchronizeWithInterruptEx(h, 1, (void *)sync_fn,
						   &sync_calls));
	CHECK_EQ_INT(sync_calls, 1);
	log_clear();
	CHECK(!ndlw_NdisMSynchronizeWithInterruptEx(h, 5, (void *)sync_fn,
						    &sync_calls));
	CHECK_EQ_INT(sync_calls, 1);
	CHECK(log_contains("NdisMSynchronizeWithInterruptEx: MessageId 5"));
	ndlw_NdisMDeregisterInterruptEx(h);
	c = msi_chars();
	c.MsiSyncWithAllMessages = TRUE;
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	CHECK(ndlw_NdisMSynchronizeWithInterruptEx(h, 5, (void *)sync_fn,
						   &sync_calls));
	CHECK_EQ_INT(sync_calls, 2);
	ndlw_NdisMDeregisterInterruptEx(h);
	msi_done(ad);
}

/*
 * No messages granted (the .inf, the device or the host said no): a
 * miniport that supports MSI is connected line-based, with its line
 * handlers and no MessageInfoTable.
 */
static void test_msi_capable_on_line(void)
{
	struct ndl_adapter *ad = adapter("msi-g");
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	CHECK_EQ_INT(c.InterruptType, NDIS_CONNECT_LINE_BASED);
	CHECK(c.MessageInfoTable == NULL);
	mp.mine = mp.queue = TRUE;
	device_interrupts();
	CHECK_EQ_INT(mp.isr_calls, 1);
	CHECK_EQ_INT(mp.dpc_calls, 1);
	CHECK_EQ_INT(mp.msg_isr_calls, 0);
	ndlw_NdisMDeregisterInterruptEx(h);
	ndl_adapter_destroy(ad);
}

/*
 * Messages granted but the miniport does not support MSI: it gets the
 * line (the messages go back to the host, which says so) and works.
 */
static void test_messages_given_back(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-h", 2);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = chars();
	NDIS_HANDLE h = NULL;

	log_clear();
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	CHECK_EQ_INT(c.InterruptType, NDIS_CONNECT_LINE_BASED);
	CHECK(log_contains("msi-h: the miniport registers line-based interrupts only"));
	CHECK_EQ_INT(ndl_os_dev_msg_count(ndl_sim_os_dev(sim)), 0);
	mp.mine = mp.queue = TRUE;
	device_interrupts();
	CHECK_EQ_INT(mp.isr_calls, 1);
	CHECK_EQ_INT(mp.dpc_calls, 1);
	ndlw_NdisMDeregisterInterruptEx(h);
	msi_done(ad);
}

/* MsiSupported without the message handlers is refused, saying why. */
static void test_msi_without_handlers(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-i", 1);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_HANDLE h = NULL;

	c.MessageInterruptDpcHandler = NULL;
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h),
		     NDIS_STATUS_FAILURE);
	CHECK(log_contains("msi-i: NdisMRegisterInterruptEx: MsiSupported without"));
	CHECK(h == NULL);
	CHECK(ndl6(ad)->intr == NULL);
	CHECK_EQ_INT(ndl_os_dev_msg_count(ndl_sim_os_dev(sim)), 1);
	msi_done(ad);
}

/*
 * After NdisMDeregisterInterruptEx no message ISR runs, and the messages
 * can be connected again; one left registered goes with the adapter.
 */
static void test_message_deregister(void)
{
	struct ndl_adapter *ad = msi_adapter("msi-j", 2);
	NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS c = msi_chars();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	ndlw_NdisMDeregisterInterruptEx(h);
	mp.mine = mp.queue = TRUE;
	device_signals(0);
	device_signals(1);
	CHECK_EQ_INT(mp.msg_isr_calls, 0);
	CHECK_EQ_INT(ndlw_NdisMRegisterInterruptEx(ad, NULL, &c, &h), 0);
	CHECK_EQ_INT(c.InterruptType, NDIS_CONNECT_MESSAGE_BASED);
	device_signals(1);
	CHECK_EQ_INT(mp.msg_isr_calls, 1);
	log_clear();
	ndl_adapter_destroy(ad);
	ndl_sim_grant_messages(sim, 0);
	CHECK(log_contains("msi-j: the adapter's removal left its interrupt registered"));
}

int main(void)
{
	int rc;

	test_init();
	drv = ndis6_test_driver(&drv_handle);
	sim = ndl_sim_create(&model);
	CHECK(drv && drv_handle && sim);
	if (!drv || !sim)
		return test_exit() | 1;
	drv->entry_status = 0;		/* as if DriverEntry had succeeded */
	RUN(test_register_line_based);
	RUN(test_bad_characteristics);
	RUN(test_isr_and_default_dpc);
	RUN(test_dpc_regardless_of_return);
	RUN(test_queue_dpc_ex);
	RUN(test_synchronize);
	RUN(test_throttle_620);
	RUN(test_deregister_and_leftover);
	RUN(test_message_resources);
	RUN(test_register_message_based);
	RUN(test_message_isr_and_dpc);
	RUN(test_message_throttle_620);
	RUN(test_message_queue_dpc_ex);
	RUN(test_message_synchronize);
	RUN(test_msi_capable_on_line);
	RUN(test_messages_given_back);
	RUN(test_msi_without_handlers);
	RUN(test_message_deregister);
	ndl_sim_destroy(sim);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
