// SPDX-License-Identifier: GPL-2.0-only
/*
 * Memory descriptor lists: IoAllocateMdl/IoFreeMdl, MmInitializeMdl's
 * layout, MmBuildMdlForNonPagedPool, MmProbeAndLockPages/MmUnlockPages,
 * MmMapLockedPages(SpecifyCache)/MmUnmapLockedPages, IoBuildPartialMdl.
 * Everything the runtime hands out is already mapped and resident, so
 * mapping returns the buffer's own address; PFNs come from the host.
 */
#include "nt/nt_api.h"
#include "nt/nt_status.h"
#include "nt/nt_exports.h"

#define PAGE_SHIFT 12
#define PAGE_SZ (1u << PAGE_SHIFT)

static PFN_NUMBER *mdl_pfns(MDL *m)
{
	return (PFN_NUMBER *)(m + 1);
}

SIZE_T NTAPI ndlw_MmSizeOfMdl(void *base, SIZE_T len)
{
	return sizeof(MDL) + ndl_span_pages(base, len) * sizeof(PFN_NUMBER);
}

void ndl_mdl_init(MDL *m, void *va, SIZE_T len)
{
	m->Next = NULL;
	m->Size = (CSHORT)ndlw_MmSizeOfMdl(va, len);
	m->MdlFlags = 0;
	m->Process = NULL;
	m->MappedSystemVa = NULL;
	m->StartVa = (void *)((uintptr_t)va & ~(uintptr_t)(PAGE_SZ - 1));
	m->ByteOffset = (ULONG)((uintptr_t)va & (PAGE_SZ - 1));
	m->ByteCount = (ULONG)len;
}

static void *mdl_va(const MDL *m)
{
	return (u8 *)m->StartVa + m->ByteOffset;
}

static void fill_pfns(MDL *m)
{
	ULONG n = ndl_span_pages(mdl_va(m), m->ByteCount);
	PFN_NUMBER *pfn = mdl_pfns(m);

	for (ULONG i = 0; i < n; i++)
		pfn[i] = (PFN_NUMBER)(ndl_os_virt_to_phys((u8 *)m->StartVa +
					(size_t)i * PAGE_SZ) >> PAGE_SHIFT);
}

NTAPI MDL *ndlw_IoAllocateMdl(void *va, ULONG len, BOOLEAN secondary,
			      BOOLEAN quota, void *irp)
{
	SIZE_T size = ndlw_MmSizeOfMdl(va, len);
	MDL *m;

	if (size > 0x7fff)	/* MDL.Size is a CSHORT */
		return NULL;
	m = ndl_alloc_cat(size, ndl_alloc_flags_for_irql(), NDL_MEM_MDLS);
	if (!m)
		return NULL;
	ndl_mdl_init(m, va, len);
	m->MdlFlags = MDL_ALLOCATED_FIXED_SIZE;
	if (irp)
		ndl_fixme_once("IoAllocateMdl: IRP chaining is not implemented");
	return m;
}

void NTAPI ndlw_IoFreeMdl(MDL *m)
{
	ndl_free(m);
}

void NTAPI ndlw_MmBuildMdlForNonPagedPool(MDL *m)
{
	m->MdlFlags |= MDL_SOURCE_IS_NONPAGED_POOL;
	m->MappedSystemVa = mdl_va(m);
	fill_pfns(m);
}

void NTAPI ndlw_MmProbeAndLockPages(MDL *m, KPROCESSOR_MODE mode,
				    LOCK_OPERATION op)
{
	m->MdlFlags |= MDL_PAGES_LOCKED;
	fill_pfns(m);
}

void NTAPI ndlw_MmUnlockPages(MDL *m)
{
	m->MdlFlags &= ~MDL_PAGES_LOCKED;
}

NTAPI void *ndlw_MmMapLockedPagesSpecifyCache(MDL *m, KPROCESSOR_MODE mode,
					      MEMORY_CACHING_TYPE cache,
					      void *addr, ULONG bugcheck,
					      ULONG priority)
{
	if (mode != 0) {	/* UserMode: there is no user process here */
		ndl_err("MmMapLockedPagesSpecifyCache into user mode: not possible");
		return NULL;
	}
	if (!(m->MdlFlags & (MDL_MAPPED_TO_SYSTEM_VA |
			     MDL_SOURCE_IS_NONPAGED_POOL))) {
		m->MappedSystemVa = mdl_va(m);
		m->MdlFlags |= MDL_MAPPED_TO_SYSTEM_VA;
	}
	return m->MappedSystemVa;
}

NTAPI void *ndlw_MmMapLockedPages(MDL *m, KPROCESSOR_MODE mode)
{
	return ndlw_MmMapLockedPagesSpecifyCache(m, mode, MmCached, NULL, 1, 16);
}

NTAPI void *ndlw_MmGetSystemAddressForMdlSafe(MDL *m, ULONG priority)
{
	return ndlw_MmMapLockedPagesSpecifyCache(m, 0, MmCached, NULL, 0,
						 priority);
}

void NTAPI ndlw_MmUnmapLockedPages(void *va, MDL *m)
{
	m->MdlFlags &= ~MDL_MAPPED_TO_SYSTEM_VA;
	if (!(m->MdlFlags & MDL_SOURCE_IS_NONPAGED_POOL))
		m->MappedSystemVa = NULL;
}

void NTAPI ndlw_IoBuildPartialMdl(MDL *src, MDL *dst, void *va, ULONG len)
{
	u8 *start = mdl_va(src);
	uintptr_t off = (uintptr_t)((u8 *)va - start);

	if ((u8 *)va < start || off > src->ByteCount) {
		ndl_err("IoBuildPartialMdl: %p outside the source MDL", va);
		return;
	}
	if (len == 0)
		len = src->ByteCount - (ULONG)off;
	ndl_mdl_init(dst, va, len);
	dst->MdlFlags = MDL_PARTIAL | (src->MdlFlags &
			(MDL_SOURCE_IS_NONPAGED_POOL | MDL_PAGES_LOCKED));
	dst->MappedSystemVa = va;
	if (src->MdlFlags & (MDL_MAPPED_TO_SYSTEM_VA |
			     MDL_SOURCE_IS_NONPAGED_POOL))
		dst->MdlFlags |= MDL_MAPPED_TO_SYSTEM_VA;
	fill_pfns(dst);
}

void NTAPI ndlw_MmInitializeMdl(MDL *m, void *va, SIZE_T len)
{
	ndl_mdl_init(m, va, len);
}
