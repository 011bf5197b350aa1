/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 6.20 shared memory (NdisAllocateSharedMemory): its parameter
 * structure, binary-exact for x64. Kept out of ndis6_res_types.h because
 * tests/netvmini's WDK header declares it for the sample already, and
 * gen-ndis6-types.awk would declare it a second time.
 */
#ifndef NDL_NDIS6_SHMEM_H
#define NDL_NDIS6_SHMEM_H

#include "ndis6/ndis6_types.h"
#include "ndis/ndis_types.h"

typedef struct _NDIS_SHARED_MEMORY_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;				/* NDIS_SHARED_MEM_PARAMETERS_* */
	ULONG QueueId;				/* NDIS_RECEIVE_QUEUE_ID */
	NDIS_HANDLE SharedMemoryHandle;		/* out */
	ULONG PreferredNode;			/* NODE_REQUIREMENT */
	ULONG Usage;				/* NDIS_SHARED_MEMORY_USAGE */
	ULONG Length;
	void *VirtualAddress;			/* out */
	ULONG SGListBufferLength;
	SCATTER_GATHER_LIST *SGListBuffer;	/* out, caller's buffer */
	/* revision 2 (NDIS 6.30) */
	ULONG VPortId;				/* NDIS_NIC_SWITCH_VPORT_ID */
} NDIS_SHARED_MEMORY_PARAMETERS;
NDL_STATIC_ASSERT(__builtin_offsetof(NDIS_SHARED_MEMORY_PARAMETERS,
				     SharedMemoryHandle) == 16,
		  "NDIS_SHARED_MEMORY_PARAMETERS.SharedMemoryHandle");
NDL_STATIC_ASSERT(__builtin_offsetof(NDIS_SHARED_MEMORY_PARAMETERS,
				     VirtualAddress) == 40,
		  "NDIS_SHARED_MEMORY_PARAMETERS.VirtualAddress");
NDL_STATIC_ASSERT(__builtin_offsetof(NDIS_SHARED_MEMORY_PARAMETERS,
				     SGListBuffer) == 56,
		  "NDIS_SHARED_MEMORY_PARAMETERS.SGListBuffer");
NDL_STATIC_ASSERT(__builtin_offsetof(NDIS_SHARED_MEMORY_PARAMETERS,
				     VPortId) == 64,
		  "NDIS_SHARED_MEMORY_PARAMETERS.VPortId");

#define NDIS_SHARED_MEMORY_PARAMETERS_REVISION_1	1
#define NDIS_SHARED_MEMORY_PARAMETERS_REVISION_2	2
#define NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_1		64
#define NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_2		68
#define NDIS_SHARED_MEM_PARAMETERS_CONTIGOUS		0x00000001

NDIS_STATUS NTAPI ndlw_NdisAllocateSharedMemory(NDIS_HANDLE h,
						NDIS_SHARED_MEMORY_PARAMETERS *p,
						NDIS_HANDLE *allocation);
void NTAPI ndlw_NdisFreeSharedMemory(NDIS_HANDLE h, NDIS_HANDLE allocation);

#endif
