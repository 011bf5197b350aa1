/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NDIS 6 hardware interface a PCI miniport uses (interrupts,
 * scatter-gather DMA, bus data) as Microsoft's ndis.h reference pages
 * define it. Our WDK-compatible headers (tests/netvmini/include) do not
 * declare it yet: when they do, this file goes.
 */
#ifndef E6_NDIS6_HW_DECLS_H
#define E6_NDIS6_HW_DECLS_H

/*
 * Each block stands back when ndis.h already has it (its revision macro
 * defined): prototypes may repeat, structures may not.
 */

/* ---- interrupts (NdisMRegisterInterruptEx) ---------------------------- */
#ifndef NDIS_MINIPORT_INTERRUPT_REVISION_1

typedef BOOLEAN (NTAPI *MINIPORT_ISR_HANDLER)(NDIS_HANDLE MiniportInterruptContext,
	PBOOLEAN QueueDefaultInterruptDpc, PULONG TargetProcessors);
typedef VOID (NTAPI *MINIPORT_INTERRUPT_DPC_HANDLER)(NDIS_HANDLE MiniportInterruptContext,
	PVOID MiniportDpcContext, PVOID ReceiveThrottleParameters,
	PVOID NdisReserved2);
typedef VOID (NTAPI *MINIPORT_DISABLE_INTERRUPT_HANDLER)(NDIS_HANDLE MiniportInterruptContext);
typedef VOID (NTAPI *MINIPORT_ENABLE_INTERRUPT_HANDLER)(NDIS_HANDLE MiniportInterruptContext);
typedef BOOLEAN (NTAPI *MINIPORT_MSI_ISR_HANDLER)(NDIS_HANDLE MiniportInterruptContext,
	ULONG MessageId, PBOOLEAN QueueDefaultInterruptDpc,
	PULONG TargetProcessors);
typedef VOID (NTAPI *MINIPORT_MSI_INTERRUPT_DPC_HANDLER)(NDIS_HANDLE MiniportInterruptContext,
	ULONG MessageId, PVOID MiniportDpcContext,
	PVOID ReceiveThrottleParameters, PVOID NdisReserved2);
typedef VOID (NTAPI *MINIPORT_DISABLE_MSI_INTERRUPT_HANDLER)(NDIS_HANDLE MiniportInterruptContext,
	ULONG MessageId);
typedef VOID (NTAPI *MINIPORT_ENABLE_MSI_INTERRUPT_HANDLER)(NDIS_HANDLE MiniportInterruptContext,
	ULONG MessageId);
typedef BOOLEAN (NTAPI *MINIPORT_SYNCHRONIZE_INTERRUPT_HANDLER)(NDIS_HANDLE SynchronizeContext);

typedef enum _NDIS_INTERRUPT_TYPE {
	NDIS_CONNECT_LINE_BASED = 1,
	NDIS_CONNECT_MESSAGE_BASED
} NDIS_INTERRUPT_TYPE, *PNDIS_INTERRUPT_TYPE;

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
	NDIS_INTERRUPT_TYPE InterruptType;
	PIO_INTERRUPT_MESSAGE_INFO MessageInfoTable;
} NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS, *PNDIS_MINIPORT_INTERRUPT_CHARACTERISTICS;
#define NDIS_MINIPORT_INTERRUPT_REVISION_1	1
#define NDIS_SIZEOF_MINIPORT_INTERRUPT_CHARACTERISTICS_REVISION_1 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_MINIPORT_INTERRUPT_CHARACTERISTICS, \
				 MessageInfoTable)

/* MiniportInterruptDPC's ReceiveThrottleParameters (NDIS 6.20) */
typedef struct _NDIS_RECEIVE_THROTTLE_PARAMETERS {
	ULONG MaxNblsToIndicate;
	ULONG MoreNblsPending:1;
} NDIS_RECEIVE_THROTTLE_PARAMETERS, *PNDIS_RECEIVE_THROTTLE_PARAMETERS;
#define NDIS_INDICATE_ALL_NBLS	(~0ul)
#endif

NDISAPI NDIS_STATUS NdisMRegisterInterruptEx(NDIS_HANDLE MiniportAdapterHandle,
	NDIS_HANDLE MiniportInterruptContext,
	PNDIS_MINIPORT_INTERRUPT_CHARACTERISTICS MiniportInterruptCharacteristics,
	PNDIS_HANDLE NdisInterruptHandle);
NDISAPI VOID NdisMDeregisterInterruptEx(NDIS_HANDLE NdisInterruptHandle);
NDISAPI BOOLEAN NdisMSynchronizeWithInterruptEx(NDIS_HANDLE NdisInterruptHandle,
	ULONG MessageId, MINIPORT_SYNCHRONIZE_INTERRUPT_HANDLER SynchronizeFunction,
	PVOID SynchronizeContext);

/* ---- scatter-gather DMA (NdisMRegisterScatterGatherDma) --------------- */
#ifndef NDIS_SG_DMA_DESCRIPTION_REVISION_1

typedef VOID (NTAPI *MINIPORT_PROCESS_SG_LIST_HANDLER)(PDEVICE_OBJECT pDO,
	PVOID Reserved, PSCATTER_GATHER_LIST pSGL, PVOID Context);
typedef VOID (NTAPI *MINIPORT_ALLOCATE_SHARED_MEM_COMPLETE_HANDLER)(
	NDIS_HANDLE MiniportAdapterContext, PVOID VirtualAddress,
	PNDIS_PHYSICAL_ADDRESS PhysicalAddress, ULONG Length, PVOID Context);

typedef struct _NDIS_SG_DMA_DESCRIPTION {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;
	ULONG MaximumPhysicalMapping;
	MINIPORT_PROCESS_SG_LIST_HANDLER ProcessSGListHandler;
	MINIPORT_ALLOCATE_SHARED_MEM_COMPLETE_HANDLER SharedMemAllocateCompleteHandler;
	ULONG ScatterGatherListSize;
} NDIS_SG_DMA_DESCRIPTION, *PNDIS_SG_DMA_DESCRIPTION;
#define NDIS_SG_DMA_DESCRIPTION_REVISION_1	1
#define NDIS_SIZEOF_SG_DMA_DESCRIPTION_REVISION_1 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_SG_DMA_DESCRIPTION, ScatterGatherListSize)
#define NDIS_SG_DMA_64_BIT_ADDRESS	0x00000001
#endif

NDISAPI NDIS_STATUS NdisMRegisterScatterGatherDma(NDIS_HANDLE MiniportAdapterHandle,
	PNDIS_SG_DMA_DESCRIPTION DmaDescription,
	PNDIS_HANDLE NdisMiniportDmaHandle);
NDISAPI VOID NdisMDeregisterScatterGatherDma(NDIS_HANDLE NdisMiniportDmaHandle);
/* NdisMAllocateNetBufferSGList's Flags: the send direction */
#ifndef NDIS_SG_LIST_WRITE_TO_DEVICE
#define NDIS_SG_LIST_WRITE_TO_DEVICE	0x000000001
#endif

NDISAPI NDIS_STATUS NdisMAllocateNetBufferSGList(NDIS_HANDLE NdisMiniportDmaHandle,
	PNET_BUFFER NetBuffer, PVOID Context, ULONG Flags,
	PVOID ScatterGatherListBuffer, ULONG ScatterGatherListBufferSize);
NDISAPI VOID NdisMFreeNetBufferSGList(NDIS_HANDLE NdisMiniportDmaHandle,
	PSCATTER_GATHER_LIST pSGL, PNET_BUFFER NetBuffer);

/* ---- bus data --------------------------------------------------------- */

NDISAPI ULONG NdisMGetBusData(NDIS_HANDLE NdisMiniportHandle, ULONG WhichSpace,
	ULONG Offset, PVOID Buffer, ULONG Length);

#endif
