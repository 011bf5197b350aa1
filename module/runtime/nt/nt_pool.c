// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pool memory and lookaside lists: ExAllocatePool(WithTag), ExFreePool,
 * ExInitialize/DeleteN/PagedLookasideList and the functions behind the
 * x64 inline ExAllocateFrom/ExFreeToNPagedLookasideList; contiguous and
 * non-cached memory.
 */
#include "nt/nt_api.h"
#include "nt/nt_list.h"
#include "nt/nt_status.h"
#include "nt/nt_sync.h"
#include "nt/nt_exports.h"

static bool pool_type_ok(POOL_TYPE type)
{
	switch ((int)type & ~NonPagedPoolNx) {
	case NonPagedPool: case PagedPool: case NonPagedPoolMustSucceed:
	case NonPagedPoolCacheAligned: case PagedPoolCacheAligned:
	case 6:	/* NonPagedPoolCacheAlignedMustS */
		return true;
	default:
		return false;
	}
}

NTAPI void *ndlw_ExAllocatePoolWithTag(POOL_TYPE type, SIZE_T size, ULONG tag)
{
	unsigned int flags = ndl_alloc_flags_for_irql();

	if (!pool_type_ok(type)) {
		ndl_warn("ExAllocatePoolWithTag: pool type %d unknown", type);
		return NULL;
	}
	if (((int)type & 1) && (flags & NDL_OS_ATOMIC))
		ndl_warn("paged pool allocation at IRQL %u (tag %.4s)",
			 ndl_os_irql_current(), (const char *)&tag);
	if (size == 0)
		size = 1;	/* Windows returns a valid block */
	return ndl_alloc_pool(size, flags);
}

NTAPI void *ndlw_ExAllocatePool(POOL_TYPE type, SIZE_T size)
{
	return ndlw_ExAllocatePoolWithTag(type, size, 0x656e6f4e); /* "None" */
}

NTAPI void *ndlw_ExAllocatePoolWithQuotaTag(POOL_TYPE type, SIZE_T size,
					    ULONG tag)
{
	return ndlw_ExAllocatePoolWithTag(type, size, tag);
}

NTAPI void *ndlw_ExAllocatePoolWithTagPriority(POOL_TYPE type, SIZE_T size,
					       ULONG tag, int priority)
{
	return ndlw_ExAllocatePoolWithTag(type, size, tag);
}

void NTAPI ndlw_ExFreePoolWithTag(void *p, ULONG tag)
{
	if (!p) {
		ndl_err("ExFreePool(NULL): Windows bug-checks here; ignored");
		return;
	}
	ndl_free(p);
}

void NTAPI ndlw_ExFreePool(void *p)
{
	ndlw_ExFreePoolWithTag(p, 0);
}

/* ---- lookaside lists --------------------------------------------------- */

NTAPI static void *lookaside_default_alloc(POOL_TYPE type, SIZE_T size,
					   ULONG tag)
{
	return ndlw_ExAllocatePoolWithTag(type, size, tag);
}

static void NTAPI lookaside_default_free(void *p)
{
	ndlw_ExFreePool(p);
}

#define LOOKASIDE_DEPTH 256

static void lookaside_init(GENERAL_LOOKASIDE *l, PALLOCATE_FUNCTION alloc,
			   PFREE_FUNCTION fr, ULONG flags, SIZE_T size,
			   ULONG tag, USHORT depth, POOL_TYPE type)
{
	ndl_memset(l, 0, sizeof(*l));
	ndlw_InitializeSListHead(&l->ListHead);
	l->Depth = 4;
	l->MaximumDepth = LOOKASIDE_DEPTH;
	l->Type = (ULONG)type | flags;
	l->Tag = tag;
	/* Entries must hold an SLIST_ENTRY while on the list. */
	l->Size = (ULONG)(size < sizeof(SLIST_ENTRY) ? sizeof(SLIST_ENTRY) :
			  size);
	l->Allocate = alloc ? alloc : lookaside_default_alloc;
	l->Free = fr ? fr : lookaside_default_free;
	ndl_list_init(&l->ListEntry);
}

void NTAPI ndlw_ExInitializeNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l,
						PALLOCATE_FUNCTION alloc,
						PFREE_FUNCTION fr, ULONG flags,
						SIZE_T size, ULONG tag,
						USHORT depth)
{
	lookaside_init(l, alloc, fr, flags, size, tag, depth, NonPagedPool);
}

void NTAPI ndlw_ExInitializePagedLookasideList(PAGED_LOOKASIDE_LIST *l,
					       PALLOCATE_FUNCTION alloc,
					       PFREE_FUNCTION fr, ULONG flags,
					       SIZE_T size, ULONG tag,
					       USHORT depth)
{
	lookaside_init(l, alloc, fr, flags, size, tag, depth, PagedPool);
}

void NTAPI ndlw_ExDeleteNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l)
{
	SLIST_ENTRY *e;

	while ((e = ndlw_ExpInterlockedPopEntrySList(&l->ListHead)) != NULL)
		NDL_CALL_DRIVER_VOID(l->Free, e);
}

/* What the x64 inline ExAllocateFromNPagedLookasideList does. */
void *ndl_lookaside_alloc(GENERAL_LOOKASIDE *l)
{
	void *e;

	l->TotalAllocates++;
	e = ndlw_ExpInterlockedPopEntrySList(&l->ListHead);
	if (!e) {
		l->AllocateMisses++;
		NDL_CALL_DRIVER(e, l->Allocate, (POOL_TYPE)l->Type, l->Size,
				l->Tag);
	}
	return e;
}

void ndl_lookaside_free(GENERAL_LOOKASIDE *l, void *e)
{
	l->TotalFrees++;
	if (ndlw_ExQueryDepthSList(&l->ListHead) >= l->MaximumDepth) {
		l->FreeMisses++;
		NDL_CALL_DRIVER_VOID(l->Free, e);
	} else {
		ndlw_ExpInterlockedPushEntrySList(&l->ListHead, e);
	}
}

NTAPI void *ndlw_ExAllocateFromNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l)
{
	return ndl_lookaside_alloc(l);
}

void NTAPI ndlw_ExFreeToNPagedLookasideList(NPAGED_LOOKASIDE_LIST *l, void *e)
{
	ndl_lookaside_free(l, e);
}

/* ---- contiguous / non-cached memory ------------------------------------ */

NTAPI void *ndlw_MmAllocateContiguousMemorySpecifyCache(
	SIZE_T size, PHYSICAL_ADDRESS lowest, PHYSICAL_ADDRESS highest,
	PHYSICAL_ADDRESS boundary, MEMORY_CACHING_TYPE cache)
{
	/* A device DMAs to it by physical address: never vmalloc'd. */
	void *p = ndl_alloc(size, ndl_alloc_flags_for_irql() | NDL_OS_CONTIG);

	if (p && highest.QuadPart && highest.QuadPart != -1 &&
	    ndl_os_virt_to_phys(p) + size - 1 > (u64)highest.QuadPart) {
		ndl_warn("MmAllocateContiguousMemory: memory above the requested 0x%llx",
			 (unsigned long long)highest.QuadPart);
	}
	return p;
}

NTAPI void *ndlw_MmAllocateContiguousMemory(SIZE_T size,
					    PHYSICAL_ADDRESS highest)
{
	PHYSICAL_ADDRESS zero = { .QuadPart = 0 };

	return ndlw_MmAllocateContiguousMemorySpecifyCache(size, zero, highest,
							   zero, MmCached);
}

void NTAPI ndlw_MmFreeContiguousMemory(void *p)
{
	ndl_free(p);
}

void NTAPI ndlw_MmFreeContiguousMemorySpecifyCache(void *p, SIZE_T size,
						   MEMORY_CACHING_TYPE cache)
{
	ndl_free(p);
}

NTAPI void *ndlw_MmAllocateNonCachedMemory(SIZE_T size)
{
	return ndl_alloc(size, NDL_OS_ZERO);
}

void NTAPI ndlw_MmFreeNonCachedMemory(void *p, SIZE_T size)
{
	ndl_free(p);
}

PHYSICAL_ADDRESS NTAPI ndlw_MmGetPhysicalAddress(void *va)
{
	PHYSICAL_ADDRESS pa = { .QuadPart = (LONGLONG)ndl_os_virt_to_phys(va) };

	return pa;
}

BOOLEAN NTAPI ndlw_MmIsAddressValid(void *va)
{
	return va != NULL;
}

NTAPI void *ndlw_MmMapIoSpace(PHYSICAL_ADDRESS pa, SIZE_T size,
			      MEMORY_CACHING_TYPE cache)
{
	return ndl_os_mmio_map(NULL, (u64)pa.QuadPart, size);
}

void NTAPI ndlw_MmUnmapIoSpace(void *va, SIZE_T size)
{
	ndl_os_mmio_unmap(va, size);
}

/* Nothing is paged here: locking pageable sections is a no-op. */
NTAPI void *ndlw_MmLockPagableDataSection(void *addr)
{
	return addr;
}

void NTAPI ndlw_MmUnlockPagableImageSection(void *handle)
{
}

void NTAPI ndlw_MmResetDriverPaging(void *addr)
{
}

NTAPI void *ndlw_MmPageEntireDriver(void *addr)
{
	return addr;
}
