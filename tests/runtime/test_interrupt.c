// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance of IoConnectInterrupt, IoDisconnectInterrupt and
 * KeSynchronizeExecution on an IoConnectInterrupt object with the WDK
 * reference pages, one documented rule per test: a WDM ISR connected to
 * the vector a simulated PCI device's resource list carries, raised
 * through the device's interrupt line.
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_exports.h"
#include "nt/nt_io.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "simdev.h"

#define IRQL_DEVICE	5	/* what the resource list reports as Level */
#define IRQL_SYNC	7	/* a SynchronizeIrql above it */

static struct ndl_sim_dev *sim;
static DEVICE_OBJECT *pdo;
static ULONG vector;

/* CM_RESOURCE_LIST with one full descriptor and one interrupt (pack 4). */
static u8 cm_list[4 + 16 + 20];

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static u32 line_vector(void)
{
	struct ndl_os_resource res[8];
	int i, n = ndl_os_dev_resources(ndl_sim_os_dev(sim), res, 8);

	for (i = 0; i < n && i < 8; i++)
		if (res[i].kind == NDL_OS_RES_IRQ)
			return (u32)res[i].start;
	return 0;
}

static DEVICE_OBJECT *make_pdo(void)
{
	struct ndl_pdo_desc d;
	DEVICE_OBJECT *p = NULL;
	u8 *desc = cm_list + 20;

	memset(&d, 0, sizeof(d));
	ndl_pdo_desc_pci(&d, 0, 3, 0, 0x10ec, 0x8139, 1, 2, 0x20, 0x020000);
	memset(cm_list, 0, sizeof(cm_list));
	put32(cm_list, 1);			/* Count */
	put32(cm_list + 4, 5);			/* PCIBus */
	put32(cm_list + 12, 0x00010001);	/* Version, Revision */
	put32(cm_list + 16, 1);			/* partial Count */
	desc[0] = 2;				/* CmResourceTypeInterrupt */
	desc[1] = 3;				/* shared */
	put32(desc + 4, IRQL_DEVICE);		/* Level */
	put32(desc + 8, vector);		/* Vector */
	d.resources = cm_list;
	d.resources_len = sizeof(cm_list);
	d.os_dev = ndl_sim_os_dev(sim);
	CHECK_EQ_INT(ndl_pdo_create(&d, NULL, NULL, &p), STATUS_SUCCESS);
	return p;
}

/* What the ISR and the synchronised routine saw. */
static struct {
	int calls;
	KINTERRUPT *object;
	void *ctx;
	KIRQL irql;
	KSPIN_LOCK lock_word;
	BOOLEAN claim;
} seen;
static KSPIN_LOCK driver_lock;

static NTAPI BOOLEAN isr(KINTERRUPT *object, void *ctx)
{
	seen.calls++;
	seen.object = object;
	seen.ctx = ctx;
	seen.irql = ndlw_KeGetCurrentIrql();
	seen.lock_word = driver_lock;
	ndl_sim_set_irq(sim, false);	/* the device quietens */
	return seen.claim;
}

static void fire(void)
{
	ndl_sim_set_irq(sim, true);
	ndl_sim_run(sim);
	ndl_user_run_pending();
	ndl_sim_set_irq(sim, false);
}

static KINTERRUPT *connect(KSPIN_LOCK *lock, KIRQL sync)
{
	KINTERRUPT *k = NULL;

	memset(&seen, 0, sizeof(seen));
	seen.claim = TRUE;
	CHECK_EQ_INT(ndlw_IoConnectInterrupt(&k, isr, &seen, lock, vector,
					     IRQL_DEVICE, sync, 0, TRUE, 1,
					     FALSE), STATUS_SUCCESS);
	CHECK(k != NULL);
	return k;
}

/* "registers a device driver's ISR, so that it will be called when a
 * device interrupts": with the object and the ServiceContext given. */
static void test_isr_called_with_object_and_context(void)
{
	KINTERRUPT *k = connect(NULL, IRQL_DEVICE);

	fire();
	CHECK_EQ_INT(seen.calls, 1);
	CHECK(seen.object == k);
	CHECK(seen.ctx == &seen);
	ndlw_IoDisconnectInterrupt(k);
}

/* SynchronizeIrql: "the DIRQL at which the ISR will execute". */
static void test_isr_runs_at_synchronize_irql(void)
{
	KINTERRUPT *k = connect(NULL, IRQL_SYNC);

	fire();
	CHECK_EQ_INT(seen.calls, 1);
	CHECK_EQ_INT(seen.irql, IRQL_SYNC);
	ndlw_IoDisconnectInterrupt(k);
}

/* SpinLock: the driver's lock "used to synchronize access" — held while
 * the ISR runs, free again afterwards. */
static void test_isr_holds_driver_spin_lock(void)
{
	KINTERRUPT *k;

	ndlw_KeInitializeSpinLock(&driver_lock);
	k = connect(&driver_lock, IRQL_DEVICE);
	fire();
	CHECK_EQ_INT(seen.calls, 1);
	CHECK(seen.lock_word != 0);
	CHECK(driver_lock == 0);
	ndlw_IoDisconnectInterrupt(k);
}

/* An ISR that returns FALSE leaves the interrupt to others. */
static void test_isr_declining(void)
{
	KINTERRUPT *k = connect(NULL, IRQL_DEVICE);

	seen.claim = FALSE;
	fire();
	CHECK_EQ_INT(seen.calls, 1);
	ndlw_IoDisconnectInterrupt(k);
}

struct sync_seen {
	int calls;
	KIRQL irql;
	KSPIN_LOCK lock_word;
	BOOLEAN ret;
};

static NTAPI BOOLEAN sync_routine(void *ctx)
{
	struct sync_seen *s = ctx;

	s->calls++;
	s->irql = ndlw_KeGetCurrentIrql();
	s->lock_word = driver_lock;
	return s->ret;
}

/* KeSynchronizeExecution "raises the IRQL to the SynchronizeIrql ...,
 * acquires the spin lock" and returns SynchRoutine's value. */
static void test_synchronize_execution(void)
{
	struct sync_seen s = { 0 };
	KINTERRUPT *k;

	ndlw_KeInitializeSpinLock(&driver_lock);
	k = connect(&driver_lock, IRQL_SYNC);
	s.ret = TRUE;
	CHECK(ndlw_KeSynchronizeExecution(k, sync_routine, &s) == TRUE);
	CHECK_EQ_INT(s.calls, 1);
	CHECK_EQ_INT(s.irql, IRQL_SYNC);
	CHECK(s.lock_word != 0);
	s.ret = FALSE;
	CHECK(ndlw_KeSynchronizeExecution(k, sync_routine, &s) == FALSE);
	CHECK_EQ_INT(s.calls, 2);
	/* Back at the caller's IRQL, the lock free. */
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), 0);
	CHECK(driver_lock == 0);
	ndlw_IoDisconnectInterrupt(k);
}

/* STATUS_INVALID_PARAMETER: "No processors were specified." */
static void test_no_processor(void)
{
	KINTERRUPT *k = (KINTERRUPT *)&seen;

	log_clear();
	CHECK_EQ_INT(ndlw_IoConnectInterrupt(&k, isr, NULL, NULL, vector,
					     IRQL_DEVICE, IRQL_DEVICE, 0, TRUE,
					     0, FALSE),
		     STATUS_INVALID_PARAMETER);
	CHECK(k == NULL);
	CHECK(log_contains("ProcessorEnableMask"));
}

/* SynchronizeIrql is the highest of the Irql values: never below Irql. */
static void test_synchronize_irql_below_irql(void)
{
	KINTERRUPT *k = NULL;

	CHECK_EQ_INT(ndlw_IoConnectInterrupt(&k, isr, NULL, NULL, vector,
					     IRQL_SYNC, IRQL_DEVICE, 0, TRUE,
					     1, FALSE),
		     STATUS_INVALID_PARAMETER);
	CHECK(k == NULL);
}

/* Vector: the one "passed in the interrupt resource" — another is no
 * interrupt of any device here. */
static void test_unknown_vector(void)
{
	KINTERRUPT *k = NULL;

	log_clear();
	CHECK_EQ_INT(ndlw_IoConnectInterrupt(&k, isr, NULL, NULL, vector + 1,
					     IRQL_DEVICE, IRQL_DEVICE, 0, TRUE,
					     1, FALSE),
		     STATUS_INVALID_PARAMETER);
	CHECK(k == NULL);
	CHECK(log_contains("in no device's resources"));
}

/* IRQL: IoConnectInterrupt is PASSIVE_LEVEL only. */
static void test_not_at_passive(void)
{
	KINTERRUPT *k = NULL;
	KIRQL old = ndlw_KfRaiseIrql(2);

	CHECK(ndlw_IoConnectInterrupt(&k, isr, NULL, NULL, vector,
				      IRQL_DEVICE, IRQL_DEVICE, 0, TRUE, 1,
				      FALSE) != STATUS_SUCCESS);
	ndlw_KfLowerIrql(old);
	CHECK(k == NULL);
}

/* KeAcquireInterruptSpinLock "returns the current IRQL at the time the
 * routine is called"; while held the code runs "at IRQL = DIRQL for the
 * specified Interrupt" (its SynchronizeIrql) holding the ISR's spin lock;
 * KeReleaseInterruptSpinLock with that value restores both. */
static void test_interrupt_spin_lock(void)
{
	static const KIRQL callers[] = { 0, 2, IRQL_SYNC };
	KINTERRUPT *k;

	ndlw_KeInitializeSpinLock(&driver_lock);
	k = connect(&driver_lock, IRQL_SYNC);
	for (unsigned int i = 0; i < sizeof(callers); i++) {
		KIRQL before = 0, old;

		if (callers[i])
			ndlw_KeRaiseIrql(callers[i], &before);
		old = ndlw_KeAcquireInterruptSpinLock(k);
		CHECK_EQ_INT(old, callers[i]);
		CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), IRQL_SYNC);
		CHECK(driver_lock != 0);
		ndlw_KeReleaseInterruptSpinLock(k, old);
		CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), callers[i]);
		CHECK(driver_lock == 0);
		if (callers[i])
			ndlw_KeLowerIrql(before);
	}
	/* The ISR takes the same lock afterwards: it was released. */
	fire();
	CHECK_EQ_INT(seen.calls, 1);
	CHECK(driver_lock == 0);
	ndlw_IoDisconnectInterrupt(k);
}

/* Without a SpinLock from the driver, the object's own lock is the one. */
static void test_interrupt_spin_lock_own(void)
{
	KINTERRUPT *k = connect(NULL, IRQL_DEVICE);
	KIRQL old = ndlw_KeAcquireInterruptSpinLock(k);

	CHECK_EQ_INT(old, 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), IRQL_DEVICE);
	ndlw_KeReleaseInterruptSpinLock(k, old);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), 0);
	fire();
	CHECK_EQ_INT(seen.calls, 1);
	ndlw_IoDisconnectInterrupt(k);
}

static KINTERRUPT *too_high_object;

static void acquire_above_dirql(void *arg)
{
	KIRQL before;

	(void)arg;
	ndlw_KeRaiseIrql(IRQL_SYNC + 1, &before);
	ndlw_KeAcquireInterruptSpinLock(too_high_object);
}

/* "Callers must be running at IRQL <= DIRQL for Interrupt": above it
 * the raise is a bug check, as KeRaiseIrql to a lower IRQL is. */
static void test_interrupt_spin_lock_above_dirql(void)
{
	too_high_object = connect(&driver_lock, IRQL_SYNC);
	CHECK_EQ_INT(ndl_user_call_guarded(acquire_above_dirql, NULL),
		     NDL_BUGCHECK_IRQL_NOT_GREATER_OR_EQUAL);
	CHECK(driver_lock == 0);
	ndlw_IoDisconnectInterrupt(too_high_object);
}

/* "This value must be supplied by IoConnectInterrupt": anything else
 * (here a disconnected object) is logged, no IRQL change, no lock. */
static void test_interrupt_spin_lock_not_connected(void)
{
	KINTERRUPT *k = connect(NULL, IRQL_DEVICE);

	ndlw_IoDisconnectInterrupt(k);
	log_clear();
	CHECK_EQ_INT(ndlw_KeAcquireInterruptSpinLock(k), 0);
	CHECK_EQ_INT(ndlw_KeGetCurrentIrql(), 0);
	CHECK(log_contains("not a connected interrupt object"));
	log_clear();
	ndlw_KeReleaseInterruptSpinLock(k, 0);
	CHECK(log_contains("not a connected interrupt object"));
	log_clear();
	ndlw_KeAcquireInterruptSpinLock(NULL);
	CHECK(log_contains("not a connected interrupt object"));
}

/* IoDisconnectInterrupt "releases a device driver's set of interrupt
 * objects": no ISR call after it, and the object is no longer one
 * KeSynchronizeExecution accepts. */
static void test_disconnect(void)
{
	struct sync_seen s = { 0, 0, 0, TRUE };
	KINTERRUPT *k = connect(NULL, IRQL_DEVICE);

	ndlw_IoDisconnectInterrupt(k);
	fire();
	CHECK_EQ_INT(seen.calls, 0);
	log_clear();
	CHECK(ndlw_KeSynchronizeExecution(k, sync_routine, &s) == FALSE);
	CHECK_EQ_INT(s.calls, 0);
	CHECK(log_contains("not a connected interrupt object"));
	/* Twice, or a pointer that never was one: logged, nothing else. */
	log_clear();
	ndlw_IoDisconnectInterrupt(k);
	CHECK(log_contains("not a connected interrupt object"));
	/* The line is free again. */
	k = connect(NULL, IRQL_DEVICE);
	ndlw_IoDisconnectInterrupt(k);
}

/* A device that goes away takes its connections with it (logged). */
static void test_removed_device_disconnects(void)
{
	KINTERRUPT *k = connect(NULL, IRQL_DEVICE);

	(void)k;
	log_clear();
	ndl_pdo_delete(pdo);
	CHECK(log_contains("still connected"));
	fire();
	CHECK_EQ_INT(seen.calls, 0);
	pdo = make_pdo();
}

int main(void)
{
	static const struct ndl_sim_model model = {
		.name = "intr", .vendor = 0x10ec, .device = 0x8139,
		.bars = { { NDL_SIM_BAR_IO, 0x100 } },
	};
	int rc;

	test_init();
	sim = ndl_sim_create(&model);
	if (!sim) {
		printf("FAIL: sim_create\n");
		return 1;
	}
	vector = line_vector();
	CHECK(vector != 0);
	pdo = make_pdo();
	RUN(test_isr_called_with_object_and_context);
	RUN(test_isr_runs_at_synchronize_irql);
	RUN(test_isr_holds_driver_spin_lock);
	RUN(test_isr_declining);
	RUN(test_synchronize_execution);
	RUN(test_no_processor);
	RUN(test_synchronize_irql_below_irql);
	RUN(test_unknown_vector);
	RUN(test_not_at_passive);
	RUN(test_interrupt_spin_lock);
	RUN(test_interrupt_spin_lock_own);
	RUN(test_interrupt_spin_lock_above_dirql);
	RUN(test_interrupt_spin_lock_not_connected);
	RUN(test_disconnect);
	RUN(test_removed_device_disconnects);
	ndl_pdo_delete(pdo);
	ndl_sim_destroy(sim);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
