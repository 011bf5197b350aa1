/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 6 scatter-gather DMA structures (ndis6_dma.c): the description a
 * bus-master miniport registers with NdisMRegisterScatterGatherDma and
 * its two handler types. Written from Microsoft's reference pages; x64
 * layout asserted at the end. Drivers get it through the generated
 * WDK-style header (tests/netvmini/gen-ndis6-types.awk).
 */
#ifndef NDL_NDIS6_DMA_TYPES_H
#define NDL_NDIS6_DMA_TYPES_H

#include "ndis6/ndis6_types.h"

#define NDIS_OBJECT_TYPE_SG_DMA_DESCRIPTION		0x83

/* MiniportProcessSGList: pDO and Reserved are to be ignored. */
typedef NTAPI_PTR void (*MINIPORT_PROCESS_SG_LIST_HANDLER)(void *pdo,
							   void *reserved,
							   SCATTER_GATHER_LIST *sgl,
							   void *context);
/* MiniportSharedMemoryAllocateComplete (NdisMAllocateSharedMemoryAsyncEx) */
typedef NTAPI_PTR void (*MINIPORT_ALLOCATE_SHARED_MEM_COMPLETE_HANDLER)(
	NDIS_HANDLE ctx, void *va, NDIS_PHYSICAL_ADDRESS *pa, ULONG len,
	void *context);

typedef struct _NDIS_SG_DMA_DESCRIPTION {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;
	ULONG MaximumPhysicalMapping;
	MINIPORT_PROCESS_SG_LIST_HANDLER ProcessSGListHandler;
	MINIPORT_ALLOCATE_SHARED_MEM_COMPLETE_HANDLER SharedMemAllocateCompleteHandler;
	ULONG ScatterGatherListSize;		/* out */
} NDIS_SG_DMA_DESCRIPTION;
#define NDIS_SG_DMA_DESCRIPTION_REVISION_1	1
#define NDIS_SIZEOF_SG_DMA_DESCRIPTION_REVISION_1 \
	(offsetof(NDIS_SG_DMA_DESCRIPTION, ScatterGatherListSize) + \
	 sizeof(ULONG))
#define NDIS_SG_DMA_64_BIT_ADDRESS		0x00000001

/* NdisMAllocateNetBufferSGList's Flags: from the NET_BUFFER to the device */
#define NDIS_SG_LIST_WRITE_TO_DEVICE		0x00000001

#if defined(__x86_64__)
NDL_STATIC_ASSERT(offsetof(NDIS_SG_DMA_DESCRIPTION, ProcessSGListHandler) == 16,
		  "SG DMA description ProcessSGListHandler");
NDL_STATIC_ASSERT(NDIS_SIZEOF_SG_DMA_DESCRIPTION_REVISION_1 == 36,
		  "SG DMA description revision 1");
#endif

#endif
