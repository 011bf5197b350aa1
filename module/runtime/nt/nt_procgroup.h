/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Processor-group exports (Windows 7+), the DPC watchdog query and the
 * Rtl bit scans NDIS 6.20+ drivers import: the documented structures and
 * their prototypes (nt_procgroup.c, nt_dpc_watchdog.c, nt_rtl_bits.c).
 */
#ifndef NDL_NT_PROCGROUP_H
#define NDL_NT_PROCGROUP_H

#include "nt/nt_api.h"
#include "nt/nt_objects.h"

/* KeQueryActiveProcessorCountEx: count every group. */
#define ALL_PROCESSOR_GROUPS 0xffff

typedef struct _PROCESSOR_NUMBER {
	USHORT Group;
	UCHAR Number;
	UCHAR Reserved;
} PROCESSOR_NUMBER;
NDL_STATIC_ASSERT(sizeof(PROCESSOR_NUMBER) == 4, "PROCESSOR_NUMBER size");

typedef struct _KDPC_WATCHDOG_INFORMATION {
	ULONG DpcTimeLimit;
	ULONG DpcTimeCount;
	ULONG DpcWatchdogLimit;
	ULONG DpcWatchdogCount;
	ULONG Reserved;
} KDPC_WATCHDOG_INFORMATION;
NDL_STATIC_ASSERT(sizeof(KDPC_WATCHDOG_INFORMATION) == 20,
		  "KDPC_WATCHDOG_INFORMATION size");

/* nt_procgroup.c */
ULONG NTAPI ndlw_KeQueryActiveProcessorCountEx(USHORT group);
NTSTATUS NTAPI ndlw_KeSetTargetProcessorDpcEx(KDPC *dpc,
					      const PROCESSOR_NUMBER *pn);
/* nt_dpc_watchdog.c */
NTSTATUS NTAPI ndlw_KeQueryDpcWatchdogInformation(KDPC_WATCHDOG_INFORMATION *wi);
/* nt_rtl_bits.c */
CCHAR NTAPI ndlw_RtlFindLeastSignificantBit(ULONGLONG set);
CCHAR NTAPI ndlw_RtlFindMostSignificantBit(ULONGLONG set);

#endif
