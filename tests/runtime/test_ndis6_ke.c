// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the kernel exports NDIS 6.20+ drivers import beside
 * NDIS (module/runtime/nt/nt_procgroup.c, nt_dpc_watchdog.c,
 * nt_rtl_bits.c): one documented rule of KeQueryActiveProcessorCountEx,
 * KeSetTargetProcessorDpcEx, KeQueryDpcWatchdogInformation,
 * RtlFindLeastSignificantBit and RtlFindMostSignificantBit per test,
 * each called through the address ntoskrnl.exe's export table gives a
 * driver.
 */
#include <string.h>

#include "check.h"
#include "common.h"
#include "test_export.h"
#include "nt/nt_procgroup.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

typedef ULONG NTAPI_PTR (*count_ex_fn)(USHORT group);
typedef NTSTATUS NTAPI_PTR (*target_ex_fn)(KDPC *dpc, const PROCESSOR_NUMBER *pn);
typedef NTSTATUS NTAPI_PTR (*watchdog_fn)(KDPC_WATCHDOG_INFORMATION *wi);
typedef CCHAR NTAPI_PTR (*bitscan_fn)(ULONGLONG set);

/* Group 0 holds every active processor; ALL_PROCESSOR_GROUPS counts all. */
static void test_count_ex_groups(void)
{
	count_ex_fn count = test_export("ntoskrnl.exe", "KeQueryActiveProcessorCountEx");
	ULONG n = ndlw_KeQueryActiveProcessorCount(NULL);

	CHECK(n >= 1);
	CHECK_EQ_INT(count(0), n);
	CHECK_EQ_INT(count(ALL_PROCESSOR_GROUPS), n);
}

/* A group number that is neither valid nor ALL_PROCESSOR_GROUPS: zero. */
static void test_count_ex_bad_group(void)
{
	count_ex_fn count = test_export("ntoskrnl.exe", "KeQueryActiveProcessorCountEx");

	CHECK_EQ_INT(count(1), 0);
	CHECK_EQ_INT(count(0xfffe), 0);
}

/* A valid processor of group 0: STATUS_SUCCESS and the DPC targets it. */
static void test_target_ex_sets_processor(void)
{
	target_ex_fn target = test_export("ntoskrnl.exe", "KeSetTargetProcessorDpcEx");
	ULONG n = ndlw_KeQueryActiveProcessorCount(NULL);
	PROCESSOR_NUMBER pn = { .Group = 0, .Number = (UCHAR)(n - 1) };
	KDPC dpc;

	ndlw_KeInitializeDpc(&dpc, NULL, NULL);
	CHECK_EQ_INT(target(&dpc, &pn), STATUS_SUCCESS);
	CHECK_EQ_INT(dpc.Number, n - 1);
}

/* An invalid processor number: STATUS_INVALID_PARAMETER, DPC unchanged. */
static void test_target_ex_invalid_number(void)
{
	target_ex_fn target = test_export("ntoskrnl.exe", "KeSetTargetProcessorDpcEx");
	ULONG n = ndlw_KeQueryActiveProcessorCount(NULL);
	PROCESSOR_NUMBER past = { .Group = 0, .Number = (UCHAR)n };
	PROCESSOR_NUMBER group1 = { .Group = 1, .Number = 0 };
	KDPC dpc;

	ndlw_KeInitializeDpc(&dpc, NULL, NULL);
	CHECK_EQ_INT(target(&dpc, &past), STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(target(&dpc, &group1), STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(target(&dpc, NULL), STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(dpc.Number, 0);
}

static NTSTATUS in_dpc_status;
static KDPC_WATCHDOG_INFORMATION in_dpc_info;
static int in_dpc_runs;

static NTAPI void watchdog_dpc(KDPC *dpc, void *ctx, void *a1, void *a2)
{
	watchdog_fn query = ctx;

	in_dpc_runs++;
	memset(&in_dpc_info, 0xa5, sizeof(in_dpc_info));
	in_dpc_status = query(&in_dpc_info);
}

/*
 * Called from a DPC routine: STATUS_SUCCESS, and the limits read 0
 * ("disabled"): the runtime has no DPC time-out.
 */
static void test_watchdog_in_dpc(void)
{
	watchdog_fn query = test_export("ntoskrnl.exe", "KeQueryDpcWatchdogInformation");
	KDPC dpc;

	in_dpc_runs = 0;
	in_dpc_status = STATUS_PENDING;
	ndlw_KeInitializeDpc(&dpc, watchdog_dpc, (void *)query);
	CHECK(ndlw_KeInsertQueueDpc(&dpc, NULL, NULL));
	ndl_user_run_pending();
	CHECK_EQ_INT(in_dpc_runs, 1);
	CHECK_EQ_INT(in_dpc_status, STATUS_SUCCESS);
	CHECK_EQ_INT(in_dpc_info.DpcTimeLimit, 0);
	CHECK_EQ_INT(in_dpc_info.DpcTimeCount, 0);
	CHECK_EQ_INT(in_dpc_info.DpcWatchdogLimit, 0);
	CHECK_EQ_INT(in_dpc_info.DpcWatchdogCount, 0);
}

/*
 * Not running a DPC: STATUS_UNSUCCESSFUL, at PASSIVE_LEVEL and at
 * DISPATCH_LEVEL alike (raising the IRQL is not running a DPC).
 */
static void test_watchdog_outside_dpc(void)
{
	watchdog_fn query = test_export("ntoskrnl.exe", "KeQueryDpcWatchdogInformation");
	KDPC_WATCHDOG_INFORMATION wi;
	KIRQL old;

	CHECK_EQ_INT(query(&wi), STATUS_UNSUCCESSFUL);
	ndlw_KeRaiseIrql(NDL_DISPATCH_LEVEL, &old);
	CHECK_EQ_INT(query(&wi), STATUS_UNSUCCESSFUL);
	ndlw_KeLowerIrql(old);
	CHECK_EQ_INT(query(NULL), STATUS_INVALID_PARAMETER);
}

/* Zero-based position of the lowest set bit, -1 when every bit is 0. */
static void test_least_significant_bit(void)
{
	bitscan_fn lsb = test_export("ntoskrnl.exe", "RtlFindLeastSignificantBit");

	CHECK_EQ_INT(lsb(0), -1);
	CHECK_EQ_INT(lsb(1), 0);
	CHECK_EQ_INT(lsb(0x50), 4);
	CHECK_EQ_INT(lsb(0x8000000000000000ULL), 63);
	CHECK_EQ_INT(lsb(~0ULL), 0);
	CHECK_EQ_INT(lsb(0x100000000ULL), 32);
}

/* Zero-based position of the highest set bit, -1 when every bit is 0. */
static void test_most_significant_bit(void)
{
	bitscan_fn msb = test_export("ntoskrnl.exe", "RtlFindMostSignificantBit");

	CHECK_EQ_INT(msb(0), -1);
	CHECK_EQ_INT(msb(1), 0);
	CHECK_EQ_INT(msb(0x50), 6);
	CHECK_EQ_INT(msb(~0ULL), 63);
	CHECK_EQ_INT(msb(0x100000001ULL), 32);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_count_ex_groups);
	RUN(test_count_ex_bad_group);
	RUN(test_target_ex_sets_processor);
	RUN(test_target_ex_invalid_number);
	RUN(test_watchdog_in_dpc);
	RUN(test_watchdog_outside_dpc);
	RUN(test_least_significant_bit);
	RUN(test_most_significant_bit);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
