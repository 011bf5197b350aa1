/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 6 resource structures a driver passes to the resource exports
 * (ndis6_timer.c, ndis6_config.c, ndis6_rwlock.c, ndis6_irq.c): timer
 * characteristics, interrupt characteristics and the message table, the
 * configuration object, the I/O work item routine's
 * type and a read/write lock's LOCK_STATE_EX. Written
 * from Microsoft's reference pages; x64 layouts asserted at the end.
 */
#ifndef NDL_NDIS6_RES_TYPES_H
#define NDL_NDIS6_RES_TYPES_H

#include "ndis6/ndis6_types.h"

#define NDIS_OBJECT_TYPE_MINIPORT_INTERRUPT		0x84
#define NDIS_OBJECT_TYPE_TIMER_CHARACTERISTICS		0x97
#define NDIS_OBJECT_TYPE_CONFIGURATION_OBJECT		0xa9

/* NetTimerCallback: the DPC's shape, FunctionContext second. */
typedef NTAPI_PTR void (*NDL_NET_TIMER_CALLBACK)(void *system_specific1,
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
typedef NTAPI_PTR void (*NDIS_IO_WORKITEM_ROUTINE)(void *context,
						   NDIS_HANDLE work_item);

/* What NdisAcquireRWLockRead/Write record for NdisReleaseRWLock. */
typedef struct _LOCK_STATE_EX {
	KIRQL OldIrql;
	UCHAR LockState;
	UCHAR Flags;
} LOCK_STATE_EX;
#define NDIS_RWL_AT_DISPATCH_LEVEL	0x1

/* NdisMRegisterInterruptEx: the miniport's interrupt handlers. */
typedef NTAPI_PTR BOOLEAN (*MINIPORT_ISR_HANDLER)(NDIS_HANDLE ctx,
						  BOOLEAN *queue_default_dpc,
						  ULONG *target_processors);
typedef NTAPI_PTR void (*MINIPORT_INTERRUPT_DPC_HANDLER)(NDIS_HANDLE ctx,
							 void *dpc_ctx,
							 void *throttle,
							 void *reserved2);
typedef NTAPI_PTR void (*MINIPORT_DISABLE_INTERRUPT_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR void (*MINIPORT_ENABLE_INTERRUPT_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR BOOLEAN (*MINIPORT_MSI_ISR_HANDLER)(NDIS_HANDLE ctx,
						      ULONG message_id,
						      BOOLEAN *queue_default_dpc,
						      ULONG *target_processors);
typedef NTAPI_PTR void (*MINIPORT_MSI_INTERRUPT_DPC_HANDLER)(NDIS_HANDLE ctx,
							     ULONG message_id,
							     void *dpc_ctx,
							     void *throttle,
							     void *reserved2);
typedef NTAPI_PTR void (*MINIPORT_DISABLE_MSI_INTERRUPT_HANDLER)(NDIS_HANDLE ctx,
								 ULONG message_id);
typedef NTAPI_PTR void (*MINIPORT_ENABLE_MSI_INTERRUPT_HANDLER)(NDIS_HANDLE ctx,
								ULONG message_id);

typedef enum _NDIS_INTERRUPT_TYPE {
	NDIS_CONNECT_LINE_BASED = 1,
	NDIS_CONNECT_MESSAGE_BASED,
} NDIS_INTERRUPT_TYPE;

typedef struct _NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS {
	NDIS_OBJECT_HEADER Header;
	MINIPORT_ISR_HANDLER InterruptHandler;
	MINIPORT_INTERRUPT_DPC_HANDLER InterruptDpcHandler;
	MINIPORT_DISABLE_INTERRUPT_HANDLER DisableInterruptHandler;
	MINIPORT_ENABLE_INTERRUPT_HANDLER EnableInterruptHandler;
	BOOLEAN MsiSupported;
	BOOLEAN MsiSyncWithAllMessages;
	MINIPORT_MSI_ISR_HANDLER MessageInterruptHandler;
	MINIPORT_MSI_INTERRUPT_DPC_HANDLER MessageInterruptDpcHandler;
	MINIPORT_DISABLE_MSI_INTERRUPT_HANDLER DisableMessageInterruptHandler;
	MINIPORT_ENABLE_MSI_INTERRUPT_HANDLER EnableMessageInterruptHandler;
	NDIS_INTERRUPT_TYPE InterruptType;		/* out */
	void *MessageInfoTable;		/* out: IO_INTERRUPT_MESSAGE_INFO * */
} NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS;
#define NDIS_MINIPORT_INTERRUPT_REVISION_1	1
#define NDIS_SIZEOF_MINIPORT_INTERRUPT_CHARACTERISTICS_REVISION_1 \
	(offsetof(NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS, MessageInfoTable) + \
	 sizeof(void *))

/*
 * The MessageInfoTable of a message-based registration (wdm.h's
 * IO_INTERRUPT_MESSAGE_INFO): one entry per message NDIS granted, indexed
 * by the MessageId the message handlers get.
 */
#define NDL_KINTERRUPT_LATCHED		1	/* KINTERRUPT_MODE Latched */
#define NDL_KINTERRUPT_ACTIVE_HIGH	1	/* KINTERRUPT_POLARITY */

typedef struct _IO_INTERRUPT_MESSAGE_INFO_ENTRY {
	PHYSICAL_ADDRESS MessageAddress;
	KAFFINITY TargetProcessorSet;
	void *InterruptObject;			/* PKINTERRUPT */
	ULONG MessageData;
	ULONG Vector;
	KIRQL Irql;
	ULONG Mode;				/* KINTERRUPT_MODE */
	ULONG Polarity;				/* KINTERRUPT_POLARITY */
} IO_INTERRUPT_MESSAGE_INFO_ENTRY;

typedef struct _IO_INTERRUPT_MESSAGE_INFO {
	KIRQL UnifiedIrql;
	ULONG MessageCount;
	IO_INTERRUPT_MESSAGE_INFO_ENTRY MessageInfo[1];
} IO_INTERRUPT_MESSAGE_INFO;

/* NDIS 6.20: the DPC's ReceiveThrottleParameters. */
typedef struct _NDIS_RECEIVE_THROTTLE_PARAMETERS {
	ULONG MaxNblsToIndicate;
	ULONG MoreNblsPending : 1;
} NDIS_RECEIVE_THROTTLE_PARAMETERS;
#define NDIS_INDICATE_ALL_NBLS	(~0u)	/* a 32-bit ULONG */

#if defined(__x86_64__)
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS,
			   MsiSupported) == 40,
		  "interrupt characteristics MsiSupported");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS,
			   InterruptType) == 80,
		  "interrupt characteristics InterruptType");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_INTERRUPT_CHARACTERISTICS_REVISION_1 == 96,
		  "interrupt characteristics revision 1");
NDL_STATIC_ASSERT(offsetof(IO_INTERRUPT_MESSAGE_INFO_ENTRY, MessageData) == 24,
		  "message info entry MessageData");
NDL_STATIC_ASSERT(offsetof(IO_INTERRUPT_MESSAGE_INFO_ENTRY, Mode) == 36,
		  "message info entry Mode");
NDL_STATIC_ASSERT(sizeof(IO_INTERRUPT_MESSAGE_INFO_ENTRY) == 48,
		  "message info entry");
NDL_STATIC_ASSERT(offsetof(IO_INTERRUPT_MESSAGE_INFO, MessageInfo) == 8,
		  "message info MessageInfo");
NDL_STATIC_ASSERT(sizeof(NDIS_RECEIVE_THROTTLE_PARAMETERS) == 8,
		  "receive throttle parameters");
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
