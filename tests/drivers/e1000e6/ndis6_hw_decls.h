/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NDIS 6 hardware interface a PCI miniport uses (interrupts,
 * scatter-gather DMA, bus data) as Microsoft's ndis.h reference pages
 * define it, as far as our WDK-compatible headers (tests/netvmini/include)
 * do not declare it yet (the interrupt structures they have): when they
 * do, this file goes.
 */
#ifndef E6_NDIS6_HW_DECLS_H
#define E6_NDIS6_HW_DECLS_H

/*
 * Each block stands back when ndis.h already has it (its revision macro
 * defined): prototypes may repeat, structures may not.
 */

/* ---- interrupts (NdisMRegisterInterruptEx) ---------------------------- */
/* The structures and handler types come from ndis.h (the runtime's types). */

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
