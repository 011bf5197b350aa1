// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NDIS 6 interrupts (module/runtime/ndis6/ndis6_irq.c):
 * one rule of the NdisMRegisterInterruptEx, MINIPORT_ISR,
 * MINIPORT_INTERRUPT_DPC, NdisMQueueDpcEx and
 * NdisMSynchronizeWithInterruptEx reference pages per test. The adapter
 * is one of a registered NDIS 6 test miniport on a simulated PCI device
 * whose one status port raises its interrupt line (bit 0).
 */
#include <string.h>

#include "check.h"
#include "ndis6_testdrv.h"
#include "host.h"
#include "simdev.h"
#include "ndis/ndis_adapter.h"
#include "ndis6/ndis6_priv.h"

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
	ndl_sim_destroy(sim);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
