// SPDX-License-Identifier: GPL-2.0-only
/*
 * NET_BUFFER_LIST: pools (NdisAllocateNetBufferListPool, with a
 * preallocated context area, NET_BUFFER and data as the parameters ask),
 * lists from them, and the NET_BUFFER_LIST_CONTEXT chain drivers grow and
 * shrink with NdisAllocate/FreeNetBufferListContext. Rules as Microsoft
 * documents them.
 */
#include "ndis6/ndis6_priv.h"

#define NBL_POOL_MAGIC	0x4e444c4e424c504cull	/* "NDLNBLPL" */

struct ndl_nbl_pool {
	u64 magic;
	bool with_nb;		/* fAllocateNetBuffer */
	u16 ctx_size;		/* preallocated context bytes */
	u32 tag;
	u32 data_size;
	long outstanding;
	bool closing;		/* freed by the driver while lists were out */
};

/*
 * One allocation per list: the NET_BUFFER_LIST, then the pool's
 * preallocated context area. NdisReserved[0] holds the preallocated
 * NET_BUFFER (fAllocateNetBuffer pools), NdisReserved[1] the preallocated
 * context, so that neither is mistaken for one a driver attached.
 */
#define NBL_SIZE	NDL_ALIGN_UP(sizeof(NET_BUFFER_LIST), (size_t)16)

static struct ndl_nbl_pool *nbl_pool(NDIS_HANDLE h)
{
	struct ndl_nbl_pool *p = h;

	return p && p->magic == NBL_POOL_MAGIC ? p : NULL;
}

NDIS_HANDLE NTAPI ndlw_NdisAllocateNetBufferListPool(
	NDIS_HANDLE h, const NET_BUFFER_LIST_POOL_PARAMETERS *params)
{
	const char *fn = "NdisAllocateNetBufferListPool";
	struct ndl_nbl_pool *p;

	if (!params || params->Header.Type != NDIS_OBJECT_TYPE_DEFAULT ||
	    params->Header.Revision < NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1 ||
	    params->Header.Size <
		    NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1) {
		ndl_err("%s: parameters' Header is not {NDIS_OBJECT_TYPE_DEFAULT, revision 1, %u bytes}",
			fn, (u32)NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1);
		return NULL;
	}
	if (params->DataSize && !params->fAllocateNetBuffer) {
		ndl_err("%s: DataSize %u needs fAllocateNetBuffer", fn,
			params->DataSize);
		return NULL;
	}
	if (params->ContextSize % NDL_NDIS6_ALLOC_ALIGN) {
		ndl_err("%s: ContextSize %u is not a multiple of MEMORY_ALLOCATION_ALIGNMENT (%u)",
			fn, params->ContextSize, NDL_NDIS6_ALLOC_ALIGN);
		return NULL;
	}
	p = ndl_alloc_cat(sizeof(*p), NDL_OS_ZERO | ndl_alloc_flags_for_irql(),
			  NDL_MEM_NBLS);
	if (!p)
		return NULL;
	p->magic = NBL_POOL_MAGIC;
	p->with_nb = params->fAllocateNetBuffer;
	p->ctx_size = params->ContextSize;
	p->tag = params->PoolTag;
	p->data_size = params->DataSize;
	return p;
}

static void nbl_pool_release(struct ndl_nbl_pool *p)
{
	p->magic = 0;
	ndl_free(p);
}

void NTAPI ndlw_NdisFreeNetBufferListPool(NDIS_HANDLE h)
{
	struct ndl_nbl_pool *p = nbl_pool(h);

	if (!p || p->closing) {
		ndl_err("NdisFreeNetBufferListPool: %p is not a NET_BUFFER_LIST pool",
			h);
		return;
	}
	if (__atomic_load_n(&p->outstanding, __ATOMIC_ACQUIRE)) {
		/* Freed when its last list comes back: no dangling pool. */
		ndl_err("NdisFreeNetBufferListPool: %ld NET_BUFFER_LIST(s) of pool %p still allocated",
			p->outstanding, h);
		p->closing = true;
		return;
	}
	nbl_pool_release(p);
}

/* ---- contexts ---------------------------------------------------------------- */

static NET_BUFFER_LIST_CONTEXT *ctx_prealloc(const NET_BUFFER_LIST *nbl)
{
	return nbl->NdisReserved[1];
}

static NDIS_STATUS ctx_alloc(NET_BUFFER_LIST *nbl, USHORT size,
			     USHORT backfill, u32 align, const char *fn)
{
	NET_BUFFER_LIST_CONTEXT *c = nbl->Context;
	u32 total = (u32)size + backfill;

	if (size % align || backfill % align) {
		ndl_err("%s: context size %u / backfill %u not multiples of %u",
			fn, size, backfill, align);
		return NDIS_STATUS_FAILURE;
	}
	if (c && c->Offset >= size) {
		/* The unused space in front is enough. */
		c->Offset -= size;
		return NDIS_STATUS_SUCCESS;
	}
	if (total > 0xffff)
		return NDIS_STATUS_FAILURE;
	c = ndl_alloc_cat(sizeof(*c) + total, NDL_OS_ZERO |
			  ndl_alloc_flags_for_irql(), NDL_MEM_NBLS);
	if (!c)
		return NDIS_STATUS_RESOURCES;
	c->Size = (USHORT)total;
	c->Offset = backfill;
	c->Next = nbl->Context;
	nbl->Context = c;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS NTAPI ndlw_NdisAllocateNetBufferListContext(NET_BUFFER_LIST *nbl,
							USHORT size,
							USHORT backfill,
							ULONG tag)
{
	return ctx_alloc(nbl, size, backfill, sizeof(void *),
			 "NdisAllocateNetBufferListContext");
}

void NTAPI ndlw_NdisFreeNetBufferListContext(NET_BUFFER_LIST *nbl,
					     USHORT size)
{
	NET_BUFFER_LIST_CONTEXT *c = nbl->Context;

	if (!c || (u32)c->Offset + size > c->Size) {
		ndl_err("NdisFreeNetBufferListContext: %u bytes freed, NET_BUFFER_LIST %p has %u in use",
			size, nbl, c ? c->Size - c->Offset : 0);
		return;
	}
	c->Offset += size;
	/* An area NDIS allocated for a request goes once wholly unused. */
	if (c->Offset == c->Size && c != ctx_prealloc(nbl)) {
		nbl->Context = c->Next;
		ndl_free(c);
	}
}

/* ---- lists ------------------------------------------------------------------- */

static NET_BUFFER_LIST *nbl_alloc(NDIS_HANDLE h, USHORT ctx_size,
				  USHORT ctx_backfill, const char *fn)
{
	struct ndl_nbl_pool *p = nbl_pool(h);
	NET_BUFFER_LIST *nbl;
	u8 *blk;

	if (!p || p->closing) {
		ndl_err("%s: %p is not a NET_BUFFER_LIST pool", fn, h);
		return NULL;
	}
	blk = ndl_alloc_cat(NBL_SIZE + (p->ctx_size ?
			    sizeof(NET_BUFFER_LIST_CONTEXT) + p->ctx_size : 0),
			    NDL_OS_ZERO | ndl_alloc_flags_for_irql(),
			    NDL_MEM_NBLS);
	if (!blk)
		return NULL;
	nbl = (NET_BUFFER_LIST *)blk;
	nbl->NdisPoolHandle = h;
	if (p->ctx_size) {
		NET_BUFFER_LIST_CONTEXT *c = (void *)(blk + NBL_SIZE);

		c->Size = c->Offset = p->ctx_size;
		nbl->Context = c;
		nbl->NdisReserved[1] = c;
	}
	if (p->with_nb) {
		nbl->FirstNetBuffer = ndl_nb_new(h, p->data_size,
						 NDL_NB_FROM_NBL);
		nbl->NdisReserved[0] = nbl->FirstNetBuffer;
		if (!nbl->FirstNetBuffer) {
			ndl_free(blk);
			return NULL;
		}
	}
	__atomic_add_fetch(&p->outstanding, 1, __ATOMIC_ACQ_REL);
	if (ctx_size && ctx_alloc(nbl, ctx_size, ctx_backfill,
				  NDL_NDIS6_ALLOC_ALIGN, fn)) {
		ndlw_NdisFreeNetBufferList(nbl);
		return NULL;
	}
	return nbl;
}

NET_BUFFER_LIST *NTAPI ndlw_NdisAllocateNetBufferList(NDIS_HANDLE h,
						      USHORT ctx_size,
						      USHORT ctx_backfill)
{
	return nbl_alloc(h, ctx_size, ctx_backfill, "NdisAllocateNetBufferList");
}

NET_BUFFER_LIST *NTAPI ndlw_NdisAllocateNetBufferAndNetBufferList(
	NDIS_HANDLE h, USHORT ctx_size, USHORT ctx_backfill, MDL *chain,
	ULONG off, SIZE_T len)
{
	const char *fn = "NdisAllocateNetBufferAndNetBufferList";
	struct ndl_nbl_pool *p = nbl_pool(h);
	NET_BUFFER_LIST *nbl;

	if (p && (!p->with_nb || p->data_size)) {
		ndl_err("%s: pool %p must have fAllocateNetBuffer and no DataSize",
			fn, h);
		return NULL;
	}
	if (len > 0xffffffffu) {
		ndl_err("%s: DataLength %llu over 4 GiB", fn,
			(unsigned long long)len);
		return NULL;
	}
	nbl = nbl_alloc(h, ctx_size, ctx_backfill, fn);
	if (nbl && !ndl_nb_attach(nbl->FirstNetBuffer, chain, off, (ULONG)len,
				  fn)) {
		ndlw_NdisFreeNetBufferList(nbl);
		nbl = NULL;
	}
	return nbl;
}

void NTAPI ndlw_NdisFreeNetBufferList(NET_BUFFER_LIST *nbl)
{
	struct ndl_nbl_pool *p = nbl ? nbl_pool(nbl->NdisPoolHandle) : NULL;
	NET_BUFFER_LIST_CONTEXT *c;

	if (!p) {
		ndl_err("NdisFreeNetBufferList: %p is not a NET_BUFFER_LIST of a pool",
			nbl);
		return;
	}
	/* Context areas a driver did not free: ours, so they go too. */
	while ((c = nbl->Context) && c != ctx_prealloc(nbl)) {
		ndl_warn("NdisFreeNetBufferList: %p still has %u context bytes in use",
			 nbl, c->Size - c->Offset);
		nbl->Context = c->Next;
		ndl_free(c);
	}
	/* NET_BUFFERs the driver attached stay the driver's. */
	if (nbl->NdisReserved[0])
		ndl_nb_delete(nbl->NdisReserved[0]);
	nbl->NdisPoolHandle = NULL;
	ndl_free(nbl);
	if (!__atomic_sub_fetch(&p->outstanding, 1, __ATOMIC_ACQ_REL) &&
	    p->closing)
		nbl_pool_release(p);
}

NDIS_HANDLE NTAPI ndlw_NdisGetPoolFromNetBufferList(NET_BUFFER_LIST *nbl)
{
	return nbl->NdisPoolHandle;
}
