/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Windows kernel objects that drivers allocate themselves or reach into:
 * dispatcher objects, DPCs, timers, queued spinlock handles, work items,
 * lookaside lists, MDLs, driver and device objects, KUSER_SHARED_DATA.
 * Sizes and offsets are those of x64 Windows (static asserts below); the
 * runtime keeps its own bookkeeping inside the fields Windows reserves
 * for the kernel, never beyond the object's documented size.
 */
#ifndef NDL_NT_OBJECTS_H
#define NDL_NT_OBJECTS_H

#include "core/win_types.h"

/* DISPATCHER_HEADER.Type */
enum {
	NDL_OBJ_NOTIFICATION_EVENT = 0,
	NDL_OBJ_SYNCHRONIZATION_EVENT = 1,
	NDL_OBJ_MUTANT = 2,
	NDL_OBJ_PROCESS = 3,
	NDL_OBJ_QUEUE = 4,
	NDL_OBJ_SEMAPHORE = 5,
	NDL_OBJ_THREAD = 6,
	NDL_OBJ_NOTIFICATION_TIMER = 8,
	NDL_OBJ_SYNCHRONIZATION_TIMER = 9,
	NDL_OBJ_DPC = 19,
};

typedef enum _EVENT_TYPE { NotificationEvent, SynchronizationEvent } EVENT_TYPE;
typedef enum _TIMER_TYPE { NotificationTimer, SynchronizationTimer } TIMER_TYPE;
typedef enum _KWAIT_REASON { Executive = 0 } KWAIT_REASON;
typedef enum _WAIT_TYPE { WaitAll, WaitAny } WAIT_TYPE;
typedef enum _POOL_TYPE {
	NonPagedPool = 0, PagedPool = 1, NonPagedPoolMustSucceed = 2,
	NonPagedPoolCacheAligned = 4, PagedPoolCacheAligned = 5,
	NonPagedPoolNx = 512,
} POOL_TYPE;
typedef enum _MEMORY_CACHING_TYPE {
	MmNonCached = 0, MmCached = 1, MmWriteCombined = 2,
} MEMORY_CACHING_TYPE;
typedef enum _LOCK_OPERATION { IoReadAccess, IoWriteAccess,
			       IoModifyAccess } LOCK_OPERATION;
typedef enum _WORK_QUEUE_TYPE { CriticalWorkQueue, DelayedWorkQueue,
				HyperCriticalWorkQueue } WORK_QUEUE_TYPE;

typedef struct _DISPATCHER_HEADER {
	UCHAR Type;
	UCHAR Absolute;
	UCHAR Size;		/* in LONGs */
	UCHAR Inserted;
	LONG SignalState;
	LIST_ENTRY WaitListHead;
} DISPATCHER_HEADER;

typedef struct _KEVENT {
	DISPATCHER_HEADER Header;
} KEVENT;

typedef struct _KSEMAPHORE {
	DISPATCHER_HEADER Header;
	LONG Limit;
} KSEMAPHORE;

typedef struct _KMUTANT {
	DISPATCHER_HEADER Header;	/* SignalState 1 = free, <= 0 = held */
	LIST_ENTRY MutantListEntry;
	void *OwnerThread;
	BOOLEAN Abandoned;
	UCHAR ApcDisable;
} KMUTANT, KMUTEX;

struct _KDPC;
typedef NTAPI_PTR void (*PKDEFERRED_ROUTINE)(struct _KDPC *dpc, void *ctx,
					     void *arg1, void *arg2);

typedef struct _KDPC {
	UCHAR Type;
	UCHAR Importance;
	USHORT Number;
	LIST_ENTRY DpcListEntry;
	PKDEFERRED_ROUTINE DeferredRoutine;
	void *DeferredContext;
	void *SystemArgument1;
	void *SystemArgument2;
	void *DpcData;		/* runtime: non-NULL while queued */
} KDPC;

typedef struct _KTIMER {
	DISPATCHER_HEADER Header;
	ULARGE_INTEGER DueTime;		/* runtime: monotonic ns when due */
	LIST_ENTRY TimerListEntry;	/* runtime: link in the timer queue */
	KDPC *Dpc;
	LONG Period;			/* ms, 0 = one-shot */
} KTIMER;

typedef struct _KSPIN_LOCK_QUEUE {
	struct _KSPIN_LOCK_QUEUE *Next;
	KSPIN_LOCK *Lock;
} KSPIN_LOCK_QUEUE;

typedef struct _KLOCK_QUEUE_HANDLE {
	KSPIN_LOCK_QUEUE LockQueue;
	KIRQL OldIrql;
} KLOCK_QUEUE_HANDLE;

typedef NTAPI_PTR void (*PWORKER_THREAD_ROUTINE)(void *param);
typedef struct _WORK_QUEUE_ITEM {
	LIST_ENTRY List;
	PWORKER_THREAD_ROUTINE WorkerRoutine;
	void *Parameter;
} WORK_QUEUE_ITEM;

typedef NTAPI_PTR void *(*PALLOCATE_FUNCTION)(POOL_TYPE type, SIZE_T size,
					      ULONG tag);
typedef NTAPI_PTR void (*PFREE_FUNCTION)(void *buffer);

typedef struct __aligned(64) _GENERAL_LOOKASIDE {
	SLIST_HEADER ListHead;
	USHORT Depth;
	USHORT MaximumDepth;
	ULONG TotalAllocates;
	ULONG AllocateMisses;
	ULONG TotalFrees;
	ULONG FreeMisses;
	ULONG Type;
	ULONG Tag;
	ULONG Size;
	PALLOCATE_FUNCTION Allocate;
	PFREE_FUNCTION Free;
	LIST_ENTRY ListEntry;
	ULONG LastTotalAllocates;
	ULONG LastAllocateMisses;
	ULONG Future[2];
} GENERAL_LOOKASIDE, NPAGED_LOOKASIDE_LIST, PAGED_LOOKASIDE_LIST;

/* MDL (NDIS 5.1's NDIS_BUFFER is an MDL). PFN array follows it. */
typedef struct _MDL {
	struct _MDL *Next;
	CSHORT Size;
	CSHORT MdlFlags;
	void *Process;
	void *MappedSystemVa;
	void *StartVa;			/* page-aligned */
	ULONG ByteCount;
	ULONG ByteOffset;
} MDL;
#define MDL_MAPPED_TO_SYSTEM_VA		0x0001
#define MDL_PAGES_LOCKED		0x0002
#define MDL_SOURCE_IS_NONPAGED_POOL	0x0004
#define MDL_ALLOCATED_FIXED_SIZE	0x0008
#define MDL_PARTIAL			0x0010
#define MDL_IO_SPACE			0x0800
#define MDL_NETWORK_HEADER		0x1000

struct _DRIVER_OBJECT;
struct _DEVICE_OBJECT;
typedef NTAPI_PTR NTSTATUS (*PDRIVER_INITIALIZE)(struct _DRIVER_OBJECT *drv,
						 UNICODE_STRING *reg_path);
typedef NTAPI_PTR void (*PDRIVER_UNLOAD)(struct _DRIVER_OBJECT *drv);
typedef NTAPI_PTR NTSTATUS (*PDRIVER_ADD_DEVICE)(struct _DRIVER_OBJECT *drv,
						 struct _DEVICE_OBJECT *pdo);
typedef NTAPI_PTR NTSTATUS (*PDRIVER_DISPATCH)(struct _DEVICE_OBJECT *dev,
					       void *irp);

typedef struct _DRIVER_EXTENSION {
	struct _DRIVER_OBJECT *DriverObject;
	PDRIVER_ADD_DEVICE AddDevice;
	ULONG Count;
	UNICODE_STRING ServiceKeyName;
} DRIVER_EXTENSION;

#define IRP_MJ_MAXIMUM_FUNCTION 0x1b
typedef struct _DRIVER_OBJECT {
	CSHORT Type;			/* 4 = IO_TYPE_DRIVER */
	CSHORT Size;
	struct _DEVICE_OBJECT *DeviceObject;
	ULONG Flags;
	void *DriverStart;
	ULONG DriverSize;
	void *DriverSection;		/* runtime: its struct ndl_image */
	DRIVER_EXTENSION *DriverExtension;
	UNICODE_STRING DriverName;
	UNICODE_STRING *HardwareDatabase;
	void *FastIoDispatch;
	PDRIVER_INITIALIZE DriverInit;
	void *DriverStartIo;
	PDRIVER_UNLOAD DriverUnload;
	PDRIVER_DISPATCH MajorFunction[IRP_MJ_MAXIMUM_FUNCTION + 1];
} DRIVER_OBJECT;
#define IO_TYPE_DRIVER 4
#define IO_TYPE_DEVICE 3

/* DECLSPEC_ALIGN(MEMORY_ALLOCATION_ALIGNMENT) in the WDK: 0x148 -> 0x150 */
typedef struct __aligned(16) _DEVICE_OBJECT {
	CSHORT Type;
	USHORT Size;
	LONG ReferenceCount;
	DRIVER_OBJECT *DriverObject;
	struct _DEVICE_OBJECT *NextDevice;
	struct _DEVICE_OBJECT *AttachedDevice;
	void *CurrentIrp;
	void *Timer;
	ULONG Flags;
	ULONG Characteristics;
	void *Vpb;
	void *DeviceExtension;
	ULONG DeviceType;
	CCHAR StackSize;
	union {
		LIST_ENTRY ListEntry;
		UCHAR Wcb[0x48];	/* WAIT_CONTEXT_BLOCK */
	} Queue;
	ULONG AlignmentRequirement;
	ULONG_PTR DeviceQueue[5];	/* KDEVICE_QUEUE: unused here */
	KDPC Dpc;			/* IoInitializeDpcRequest */
	ULONG ActiveThreadCount;
	void *SecurityDescriptor;
	KEVENT DeviceLock;
	USHORT SectorSize;
	USHORT Spare1;
	void *DeviceObjectExtension;	/* runtime: struct ndl_devobj */
	void *Reserved;
} DEVICE_OBJECT;

/* The result of an I/O request (IRPs, Zw* calls). */
typedef struct _IO_STATUS_BLOCK {
	union {
		NTSTATUS Status;
		void *Pointer;
	};
	ULONG_PTR Information;
} IO_STATUS_BLOCK;

/* KSYSTEM_TIME: read High1, Low, then check High2 == High1. */
typedef struct _KSYSTEM_TIME {
	ULONG LowPart;
	LONG High1Time;
	LONG High2Time;
} KSYSTEM_TIME;

/* The fields of KUSER_SHARED_DATA (0xFFFFF78000000000) drivers read. */
#define NDL_KUSD_ADDRESS		0xFFFFF78000000000ull
#define NDL_KUSD_TICK_COUNT_LOW_DEPR	0x000	/* ULONG */
#define NDL_KUSD_TICK_COUNT_MULTIPLIER	0x004	/* ULONG */
#define NDL_KUSD_INTERRUPT_TIME		0x008	/* KSYSTEM_TIME */
#define NDL_KUSD_SYSTEM_TIME		0x014	/* KSYSTEM_TIME */
#define NDL_KUSD_TIME_ZONE_BIAS		0x020	/* KSYSTEM_TIME */
#define NDL_KUSD_NT_PRODUCT_TYPE	0x264	/* ULONG */
#define NDL_KUSD_NT_MAJOR_VERSION	0x26c	/* ULONG */
#define NDL_KUSD_NT_MINOR_VERSION	0x270	/* ULONG */
#define NDL_KUSD_PROCESSOR_FEATURES	0x274	/* BOOLEAN[64] */
#define NDL_KUSD_TICK_COUNT		0x320	/* KSYSTEM_TIME / ULONG64 */
#define NDL_KUSD_SIZE			0x1000

#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(DISPATCHER_HEADER) == 0x18, "x64 DISPATCHER_HEADER");
NDL_STATIC_ASSERT(sizeof(KEVENT) == 0x18, "x64 KEVENT");
NDL_STATIC_ASSERT(sizeof(KSEMAPHORE) == 0x20, "x64 KSEMAPHORE");
NDL_STATIC_ASSERT(sizeof(KMUTEX) == 0x38, "x64 KMUTEX");
NDL_STATIC_ASSERT(offsetof(KMUTEX, OwnerThread) == 0x28, "x64 KMUTEX owner");
NDL_STATIC_ASSERT(sizeof(KDPC) == 0x40, "x64 KDPC");
NDL_STATIC_ASSERT(offsetof(KDPC, DeferredRoutine) == 0x18, "x64 KDPC fn");
NDL_STATIC_ASSERT(offsetof(KDPC, SystemArgument2) == 0x30, "x64 KDPC arg2");
NDL_STATIC_ASSERT(sizeof(KTIMER) == 0x40, "x64 KTIMER");
NDL_STATIC_ASSERT(offsetof(KTIMER, Dpc) == 0x30, "x64 KTIMER Dpc");
NDL_STATIC_ASSERT(sizeof(KLOCK_QUEUE_HANDLE) == 0x18, "x64 KLOCK_QUEUE_HANDLE");
NDL_STATIC_ASSERT(sizeof(WORK_QUEUE_ITEM) == 0x20, "x64 WORK_QUEUE_ITEM");
NDL_STATIC_ASSERT(sizeof(NPAGED_LOOKASIDE_LIST) == 0x80, "x64 lookaside");
NDL_STATIC_ASSERT(offsetof(GENERAL_LOOKASIDE, Allocate) == 0x30,
		  "x64 lookaside Allocate");
NDL_STATIC_ASSERT(offsetof(GENERAL_LOOKASIDE, ListEntry) == 0x40,
		  "x64 lookaside ListEntry");
NDL_STATIC_ASSERT(sizeof(MDL) == 0x30, "x64 MDL");
NDL_STATIC_ASSERT(offsetof(MDL, ByteCount) == 0x28, "x64 MDL ByteCount");
NDL_STATIC_ASSERT(sizeof(DRIVER_OBJECT) == 0x150, "x64 DRIVER_OBJECT");
NDL_STATIC_ASSERT(offsetof(DRIVER_OBJECT, DriverExtension) == 0x30,
		  "x64 DriverExtension");
NDL_STATIC_ASSERT(offsetof(DRIVER_OBJECT, DriverUnload) == 0x68,
		  "x64 DriverUnload");
NDL_STATIC_ASSERT(offsetof(DRIVER_OBJECT, MajorFunction) == 0x70,
		  "x64 MajorFunction");
NDL_STATIC_ASSERT(offsetof(DRIVER_EXTENSION, ServiceKeyName) == 0x18,
		  "x64 ServiceKeyName");
NDL_STATIC_ASSERT(offsetof(DEVICE_OBJECT, DeviceExtension) == 0x40,
		  "x64 DeviceExtension");
NDL_STATIC_ASSERT(sizeof(DEVICE_OBJECT) == 0x150, "x64 DEVICE_OBJECT");
NDL_STATIC_ASSERT(offsetof(DEVICE_OBJECT, StackSize) == 0x4c, "x64 StackSize");
NDL_STATIC_ASSERT(offsetof(DEVICE_OBJECT, AlignmentRequirement) == 0x98,
		  "x64 AlignmentRequirement");
NDL_STATIC_ASSERT(offsetof(DEVICE_OBJECT, Dpc) == 0xc8, "x64 DEVICE_OBJECT Dpc");
NDL_STATIC_ASSERT(offsetof(DEVICE_OBJECT, DeviceLock) == 0x118,
		  "x64 DeviceLock");
NDL_STATIC_ASSERT(offsetof(DEVICE_OBJECT, DeviceObjectExtension) == 0x138,
		  "x64 DeviceObjectExtension");
NDL_STATIC_ASSERT(sizeof(KSYSTEM_TIME) == 12, "KSYSTEM_TIME");
NDL_STATIC_ASSERT(sizeof(IO_STATUS_BLOCK) == 0x10, "x64 IO_STATUS_BLOCK");
#else
NDL_STATIC_ASSERT(sizeof(DISPATCHER_HEADER) == 0x10, "i386 DISPATCHER_HEADER");
NDL_STATIC_ASSERT(sizeof(KDPC) == 0x20, "i386 KDPC");
NDL_STATIC_ASSERT(sizeof(MDL) == 0x1c, "i386 MDL");
NDL_STATIC_ASSERT(sizeof(DRIVER_OBJECT) == 0xa8, "i386 DRIVER_OBJECT");
#endif

#endif
