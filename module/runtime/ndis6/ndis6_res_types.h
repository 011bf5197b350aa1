/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 6 resource structures a driver passes to the resource exports
 * (ndis6_timer.c, ndis6_config.c, ndis6_rwlock.c): timer
 * characteristics, the configuration object, the I/O work item routine's
 * type and a read/write lock's LOCK_STATE_EX. Written
 * from Microsoft's reference pages; x64 layouts asserted at the end.
 */
#ifndef NDL_NDIS6_RES_TYPES_H
#define NDL_NDIS6_RES_TYPES_H

#include "ndis6/ndis6_types.h"

#define NDIS_OBJECT_TYPE_TIMER_CHARACTERISTICS		0x97
#define NDIS_OBJECT_TYPE_CONFIGURATION_OBJECT		0xa9

/* NetTimerCallback: the DPC's shape, FunctionContext second. */
typedef NTAPI void (*NDL_NET_TIMER_CALLBACK)(void *system_specific1,
					     void *function_context,
					     void *system_specific2,
					     void *system_specific3);

typedef struct _NDIS_TIMER_CHARACTERISTICS {
	NDIS_OBJECT_HEADER Header;
	ULONG AllocationTag;
	NDL_NET_TIMER_CALLBACK TimerFunction;
	void *FunctionContext;
} NDIS_TIMER_CHARACTERISTICS;
#define NDIS_TIMER_CHARACTERISTICS_REVISION_1	1
#define NDIS_SIZEOF_TIMER_CHARACTERISTICS_REVISION_1 \
	(offsetof(NDIS_TIMER_CHARACTERISTICS, FunctionContext) + sizeof(void *))

typedef struct _NDIS_CONFIGURATION_OBJECT {
	NDIS_OBJECT_HEADER Header;
	NDIS_HANDLE NdisHandle;
	ULONG Flags;
} NDIS_CONFIGURATION_OBJECT;
#define NDIS_CONFIGURATION_OBJECT_REVISION_1	1
#define NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1 \
	(offsetof(NDIS_CONFIGURATION_OBJECT, Flags) + sizeof(ULONG))
#define NDIS_CONFIG_FLAG_FILTER_INSTANCE_CONFIGURATION	0x00000001

/* NDIS_IO_WORKITEM_FUNCTION */
typedef NTAPI void (*NDIS_IO_WORKITEM_ROUTINE)(void *context,
					       NDIS_HANDLE work_item);

/* What NdisAcquireRWLockRead/Write record for NdisReleaseRWLock. */
typedef struct _LOCK_STATE_EX {
	KIRQL OldIrql;
	UCHAR LockState;
	UCHAR Flags;
} LOCK_STATE_EX;
#define NDIS_RWL_AT_DISPATCH_LEVEL	0x1

#if defined(__x86_64__)
NDL_STATIC_ASSERT(offsetof(NDIS_TIMER_CHARACTERISTICS, TimerFunction) == 8,
		  "timer characteristics TimerFunction");
NDL_STATIC_ASSERT(NDIS_SIZEOF_TIMER_CHARACTERISTICS_REVISION_1 == 0x18,
		  "timer characteristics revision 1");
NDL_STATIC_ASSERT(offsetof(NDIS_CONFIGURATION_OBJECT, NdisHandle) == 8,
		  "configuration object NdisHandle");
NDL_STATIC_ASSERT(NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1 == 0x14,
		  "configuration object revision 1");
NDL_STATIC_ASSERT(sizeof(LOCK_STATE_EX) == 3, "LOCK_STATE_EX");
#endif

#endif
