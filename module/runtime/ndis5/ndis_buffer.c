// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS_BUFFER (an MDL): buffer pools, NdisAllocateBuffer, NdisCopyBuffer,
 * NdisFreeBuffer, the query functions older drivers import instead of the
 * DDK macros (NdisQueryBuffer(Safe), NdisQueryBufferOffset,
 * NdisBufferLength, NdisBufferVirtualAddress(Safe), NdisAdjustBufferLength,
 * NDIS_BUFFER_TO_SPAN_PAGES, NdisGetBufferPhysicalArraySize), and the
 * runtime's own MDL helpers for the send and receive paths.
 */
#include "ndis/ndis_priv.h"

#define BPOOL_MAGIC 0x4e444c42504f4f4cull	/* "NDLBPOOL" */

/*
 * On x64 Windows a buffer pool is only a handle: each buffer is an MDL of
 * its own, and the DDK's NdisFreeBuffer macro frees it with IoFreeMdl.
 */
struct buf_pool {
	u64 magic;
	u32 max;
};

u32 ndl_mdl_span_pages(const MDL *m)
{
	return m->ByteCount ? ndl_span_pages(ndl_mdl_va(m), m->ByteCount) : 1;
}

/* An MDL with PFN room for that many pages (freed with ndl_free). */
MDL *ndl_mdl_alloc_pages(u32 pages, enum ndl_mem_cat cat)
{
	MDL *m = ndl_alloc_cat(sizeof(MDL) + pages * sizeof(PFN_NUMBER),
			       NDL_OS_ZERO | ndl_alloc_flags_for_irql(), cat);

	if (m)
		m->Size = (CSHORT)(sizeof(MDL) + pages * sizeof(PFN_NUMBER));
	return m;
}

/* Describe va[0..len) with m (its PFN room must cover the span). */
void ndl_mdl_set(MDL *m, const void *va, u32 len)
{
	CSHORT room = m->Size;

	ndl_mdl_init(m, (void *)va, len);
	m->Size = room;
	ndlw_MmBuildMdlForNonPagedPool(m);
}

static struct buf_pool *bpool_get(NDIS_HANDLE h)
{
	struct buf_pool *p = h;

	return p && p->magic == BPOOL_MAGIC ? p : NULL;
}

void NTAPI ndlw_NdisAllocateBufferPool(NDIS_STATUS *status, NDIS_HANDLE *pool,
				       UINT n)
{
	struct buf_pool *p = ndl_alloc_cat(sizeof(*p), NDL_OS_ZERO |
					   ndl_alloc_flags_for_irql(),
					   NDL_MEM_MDLS);

	*pool = p;
	*status = p ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
	if (p) {
		p->magic = BPOOL_MAGIC;
		p->max = n;
	}
}

void NTAPI ndlw_NdisFreeBufferPool(NDIS_HANDLE h)
{
	struct buf_pool *p = bpool_get(h);

	if (!p) {
		if (h)
			ndl_err("NdisFreeBufferPool: bad pool handle %p", h);
		return;
	}
	p->magic = 0;
	ndl_free(p);
}

static MDL *new_buffer(struct buf_pool *p, void *va, UINT len)
{
	MDL *m;

	if (!p) {
		ndl_err("NdisAllocateBuffer: bad buffer pool handle");
		return NULL;
	}
	m = ndlw_IoAllocateMdl(va, len, FALSE, FALSE, NULL);
	if (m)
		ndlw_MmBuildMdlForNonPagedPool(m);
	return m;
}

void NTAPI ndlw_NdisAllocateBuffer(NDIS_STATUS *status, MDL **buf,
				   NDIS_HANDLE pool, void *va, UINT len)
{
	*buf = new_buffer(bpool_get(pool), va, len);
	*status = *buf ? NDIS_STATUS_SUCCESS : NDIS_STATUS_FAILURE;
}

void NTAPI ndlw_NdisCopyBuffer(NDIS_STATUS *status, MDL **buf,
			       NDIS_HANDLE pool, void *src, UINT off, UINT len)
{
	MDL *s = src;

	*buf = NULL;
	*status = NDIS_STATUS_FAILURE;
	if (!s || off > s->ByteCount || len > s->ByteCount - off)
		return;
	*buf = new_buffer(bpool_get(pool), (u8 *)ndl_mdl_va(s) + off, len);
	*status = *buf ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
}

void NTAPI ndlw_NdisFreeBuffer(MDL *m)
{
	if (m)
		ndlw_IoFreeMdl(m);
}

void NTAPI ndlw_NdisQueryBufferSafe(MDL *m, void **va, UINT *len,
				    UINT priority)
{
	if (va)
		*va = ndl_mdl_va(m);
	if (len)
		*len = m->ByteCount;
}

void NTAPI ndlw_NdisQueryBuffer(MDL *m, void **va, UINT *len)
{
	ndlw_NdisQueryBufferSafe(m, va, len, 0);
}

void NTAPI ndlw_NdisQueryBufferOffset(MDL *m, UINT *off, UINT *len)
{
	*off = m->ByteOffset;
	*len = m->ByteCount;
}

ULONG NTAPI ndlw_NdisBufferLength(MDL *m)
{
	return m->ByteCount;
}

NTAPI void *ndlw_NdisBufferVirtualAddress(MDL *m)
{
	return ndl_mdl_va(m);
}

NTAPI void *ndlw_NdisBufferVirtualAddressSafe(MDL *m, UINT priority)
{
	return ndl_mdl_va(m);
}

void NTAPI ndlw_NdisAdjustBufferLength(MDL *m, UINT len)
{
	m->ByteCount = len;
}

ULONG NTAPI ndlw_NDIS_BUFFER_TO_SPAN_PAGES(MDL *m)
{
	return ndl_mdl_span_pages(m);
}

void NTAPI ndlw_NdisGetBufferPhysicalArraySize(MDL *m, UINT *n)
{
	*n = ndl_mdl_span_pages(m);
}

void NTAPI ndlw_NdisGetNextBuffer(MDL *m, MDL **next)
{
	*next = m->Next;
}
