// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 memory: NdisAllocateMemoryWithTagPriority and
 * NdisFreeMemoryWithTagPriority (nonpaged pool with a tag the free must
 * name again), NdisAllocateMdl and NdisFreeMdl (an MDL over nonpaged
 * memory, built as MmBuildMdlForNonPagedPool does).
 */
#include "ndis6/ndis6_priv.h"
#include "nt/nt_api.h"

/*
 * Each block carries its tag in front, 16 bytes so the driver's part
 * keeps the pool's 16-byte alignment: the free checks both the tag and
 * that the block is one of these (pool allocators do the same).
 */
struct tagged_hdr {
	u32 magic;
	u32 tag;
	u32 len;
	u32 pad;
};
#define NDL_TAGGED_MAGIC	0x4e365447u	/* "GT6N" */

NTAPI void *ndlw_NdisAllocateMemoryWithTagPriority(NDIS_HANDLE h, UINT len,
						   ULONG tag, ULONG priority)
{
	struct tagged_hdr *hdr;

	if (!ndl_ndis6_handle_ok(h, "NdisAllocateMemoryWithTagPriority"))
		return NULL;
	if (!len || len > (UINT)-1 - sizeof(*hdr))
		return NULL;
	hdr = ndl_alloc_pool(sizeof(*hdr) + len, ndl_alloc_flags_for_irql());
	if (!hdr)
		return NULL;
	hdr->magic = NDL_TAGGED_MAGIC;
	hdr->tag = tag;
	hdr->len = len;
	hdr->pad = 0;
	return hdr + 1;
}

/*
 * A tagged block never starts on a page: its header comes first, and a
 * small pool block does not cross a page. A page-aligned address may be
 * a page block of the pool (core/mem.c), which has nothing in front of
 * it, so it is answered without reading. Any other runtime allocation
 * has core/mem.c's 16-byte header in front, memory the runtime owns.
 */
static struct tagged_hdr *tagged_hdr_of(void *va)
{
	struct tagged_hdr *hdr = (struct tagged_hdr *)va - 1;

	if (!((uintptr_t)va & (NDL_OS_PAGE_SIZE - 1)))
		return NULL;
	return hdr->magic == NDL_TAGGED_MAGIC ? hdr : NULL;
}

static void tagged_free(struct tagged_hdr *hdr)
{
	hdr->magic = 0;
	ndl_free(hdr);
}

bool ndl_ndis6_free_tagged(void *va)
{
	struct tagged_hdr *hdr = va ? tagged_hdr_of(va) : NULL;

	if (hdr)
		tagged_free(hdr);
	return hdr;
}

void NTAPI ndlw_NdisFreeMemoryWithTagPriority(NDIS_HANDLE h, void *va,
					      ULONG tag)
{
	struct tagged_hdr *hdr;

	if (!va)
		return;
	hdr = tagged_hdr_of(va);
	if (!hdr) {
		/* not ours: freeing it would corrupt the pool; leak instead */
		ndl_err("NdisFreeMemoryWithTagPriority(%p): not memory from NdisAllocateMemoryWithTagPriority, left alone",
			va);
		return;
	}
	if (hdr->tag != tag)
		ndl_err("NdisFreeMemoryWithTagPriority(%p): tag 0x%08x, allocated with 0x%08x",
			va, tag, hdr->tag);
	tagged_free(hdr);
}

NTAPI MDL *ndlw_NdisAllocateMdl(NDIS_HANDLE h, void *va, UINT len)
{
	MDL *mdl;

	if (!ndl_ndis6_handle_ok(h, "NdisAllocateMdl") || !va || !len)
		return NULL;
	mdl = ndlw_IoAllocateMdl(va, len, FALSE, FALSE, NULL);
	if (mdl)
		ndlw_MmBuildMdlForNonPagedPool(mdl);
	return mdl;
}

void NTAPI ndlw_NdisFreeMdl(MDL *mdl)
{
	if (mdl)
		ndlw_IoFreeMdl(mdl);
}
