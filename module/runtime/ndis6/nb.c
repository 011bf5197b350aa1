// SPDX-License-Identifier: GPL-2.0-only
/*
 * NET_BUFFER: pools (NdisAllocateNetBufferPool), NET_BUFFERs with or
 * without their own MDL and data, the used/unused data space of their
 * MDL chains (NdisRetreat/AdvanceNetBufferDataStart and the list forms)
 * and NdisGetDataBuffer. Rules as Microsoft documents them; where the
 * documentation leaves a choice open the comment says what we chose.
 */
#include "ndis6/ndis6_priv.h"

#define NB_POOL_MAGIC	0x4e444c4e42504f4cull	/* "NDLNBPOL" */
#define NB_PAGE		4096u
/* Retreat-allocated MDLs one NET_BUFFER may carry at the head of its chain. */
#define NB_RETREAT_MAX	16

struct ndl_nb_pool {
	u64 magic;
	u32 tag;
	u32 data_size;
	long outstanding;
	bool closing;		/* freed by the driver while NBs were out */
};

/*
 * NdisReserved[1]: the MDLs retreats allocated, newest last (the head of
 * the chain while the driver leaves the chain alone), and by whom.
 */
struct ndl_nb_retreat {
	u32 count;
	u32 by_driver;			/* bit i: mdl[i] came from NetAllocateMdl */
	MDL *mdl[NB_RETREAT_MAX];
};

static struct ndl_nb_pool *nb_pool(NDIS_HANDLE h)
{
	struct ndl_nb_pool *p = h;

	return p && p->magic == NB_POOL_MAGIC ? p : NULL;
}

/* Room for an MDL describing up to len bytes anywhere in memory. */
static size_t mdl_room(u32 len)
{
	return sizeof(MDL) + (len / NB_PAGE + 2) * sizeof(PFN_NUMBER);
}

/* An MDL and len bytes behind it in one allocation (freed with ndl_free). */
static MDL *mdl_with_data(u32 len)
{
	size_t head = NDL_ALIGN_UP(mdl_room(len), (size_t)16);
	u8 *blk = ndl_alloc_cat(head + (len ? len : 1),
				NDL_OS_ZERO | ndl_alloc_flags_for_irql(),
				NDL_MEM_NBLS);
	MDL *m = (MDL *)blk;

	if (!m)
		return NULL;
	ndl_mdl_init(m, blk + head, len);
	ndlw_MmBuildMdlForNonPagedPool(m);
	return m;
}

NET_BUFFER *ndl_nb_new(NDIS_HANDLE pool, u32 data_size, ULONG owner)
{
	size_t nb_size = NDL_ALIGN_UP(sizeof(NET_BUFFER), (size_t)16);
	size_t head = data_size ? nb_size + NDL_ALIGN_UP(mdl_room(data_size),
							 (size_t)16) : nb_size;
	u8 *blk;
	NET_BUFFER *nb;

	if (data_size > 0x7fffffffu)
		return NULL;
	blk = ndl_alloc_cat(head + data_size, NDL_OS_ZERO |
			    ndl_alloc_flags_for_irql(), NDL_MEM_NBLS);
	if (!blk)
		return NULL;
	nb = (NET_BUFFER *)blk;
	nb->NdisPoolHandle = pool;
	if (data_size) {
		MDL *m = (MDL *)(blk + nb_size);

		ndl_mdl_init(m, blk + head, data_size);
		ndlw_MmBuildMdlForNonPagedPool(m);
		/* The documentation leaves it open: all of it is used space. */
		nb->MdlChain = nb->CurrentMdl = m;
		nb->DataLength = data_size;
		owner |= NDL_NB_OWN_DATA;
	}
	nb->NdisReserved[0] = (void *)(uintptr_t)owner;
	return nb;
}

static struct ndl_nb_retreat *nb_retreat(NET_BUFFER *nb)
{
	return nb->NdisReserved[1];
}

/* Free the newest retreat-allocated MDL; unlink it if it heads the chain. */
static void nb_drop_newest(NET_BUFFER *nb, NET_BUFFER_FREE_MDL_HANDLER free_fn)
{
	struct ndl_nb_retreat *r = nb_retreat(nb);
	u32 i = --r->count;
	MDL *m = r->mdl[i];

	if (nb->MdlChain == m)
		nb->MdlChain = m->Next;
	if (!(r->by_driver & (1u << i)))
		ndl_free(m);
	else if (free_fn)
		NDL_CALL_DRIVER_VOID(free_fn, m);
	else
		ndl_warn("NET_BUFFER %p: MDL %p from the driver's NetAllocateMdl left for the driver (no NetFreeMdl given)",
			 nb, m);
	r->by_driver &= ~(1u << i);
	if (!r->count) {
		ndl_free(r);
		nb->NdisReserved[1] = NULL;
	}
}

void ndl_nb_delete(NET_BUFFER *nb)
{
	/* A driver that frees a retreated NET_BUFFER leaves our MDLs: free. */
	while (nb_retreat(nb))
		nb_drop_newest(nb, NULL);
	nb->NdisReserved[0] = NULL;
	ndl_free(nb);
}

/* Total bytes an MDL chain describes. */
static u64 chain_len(const MDL *m)
{
	u64 n = 0;

	for (; m; m = m->Next)
		n += m->ByteCount;
	return n;
}

/* CurrentMdl/CurrentMdlOffset for the DataOffset (the first used byte). */
static void nb_set_current(NET_BUFFER *nb)
{
	MDL *m = nb->MdlChain;
	ULONG off = nb->DataOffset;

	while (m && off >= m->ByteCount && m->Next) {
		off -= m->ByteCount;
		m = m->Next;
	}
	nb->CurrentMdl = m;
	nb->CurrentMdlOffset = m ? off : 0;
}

bool ndl_nb_attach(NET_BUFFER *nb, MDL *chain, ULONG off, ULONG len,
		   const char *fn)
{
	if (!chain && (off || len)) {
		ndl_err("%s: DataOffset %u / DataLength %u without an MDL chain (both must be 0)",
			fn, off, len);
		return false;
	}
	if (chain && (u64)off + len > chain_len(chain)) {
		ndl_err("%s: DataOffset %u + DataLength %u beyond the MDL chain's %llu bytes",
			fn, off, len, (unsigned long long)chain_len(chain));
		return false;
	}
	nb->MdlChain = chain;
	nb->DataOffset = off;
	nb->DataLength = len;
	nb_set_current(nb);
	return true;
}

/* ---- pools ------------------------------------------------------------------ */

NDIS_HANDLE NTAPI ndlw_NdisAllocateNetBufferPool(
	NDIS_HANDLE h, const NET_BUFFER_POOL_PARAMETERS *params)
{
	struct ndl_nb_pool *p;

	if (!params || params->Header.Type != NDIS_OBJECT_TYPE_DEFAULT ||
	    params->Header.Revision < NET_BUFFER_POOL_PARAMETERS_REVISION_1 ||
	    params->Header.Size <
		    NDIS_SIZEOF_NET_BUFFER_POOL_PARAMETERS_REVISION_1) {
		ndl_err("NdisAllocateNetBufferPool: parameters' Header is not {NDIS_OBJECT_TYPE_DEFAULT, revision 1, %u bytes}",
			(u32)NDIS_SIZEOF_NET_BUFFER_POOL_PARAMETERS_REVISION_1);
		return NULL;
	}
	p = ndl_alloc_cat(sizeof(*p), NDL_OS_ZERO | ndl_alloc_flags_for_irql(),
			  NDL_MEM_NBLS);
	if (!p)
		return NULL;
	p->magic = NB_POOL_MAGIC;
	p->tag = params->PoolTag;
	p->data_size = params->DataSize;
	return p;
}

static void nb_pool_release(struct ndl_nb_pool *p)
{
	p->magic = 0;
	ndl_free(p);
}

void NTAPI ndlw_NdisFreeNetBufferPool(NDIS_HANDLE h)
{
	struct ndl_nb_pool *p = nb_pool(h);

	if (!p || p->closing) {
		ndl_err("NdisFreeNetBufferPool: %p is not a NET_BUFFER pool", h);
		return;
	}
	if (__atomic_load_n(&p->outstanding, __ATOMIC_ACQUIRE)) {
		/* Freed when its last NET_BUFFER comes back: no dangling pool. */
		ndl_err("NdisFreeNetBufferPool: %ld NET_BUFFER(s) of pool %p still allocated",
			p->outstanding, h);
		p->closing = true;
		return;
	}
	nb_pool_release(p);
}

static NET_BUFFER *nb_alloc(NDIS_HANDLE h, u32 data_size, const char *fn)
{
	struct ndl_nb_pool *p = nb_pool(h);
	NET_BUFFER *nb;

	if (!p || p->closing) {
		ndl_err("%s: %p is not a NET_BUFFER pool", fn, h);
		return NULL;
	}
	nb = ndl_nb_new(h, data_size, NDL_NB_FROM_NB_POOL);
	if (nb)
		__atomic_add_fetch(&p->outstanding, 1, __ATOMIC_ACQ_REL);
	return nb;
}

NET_BUFFER *NTAPI ndlw_NdisAllocateNetBuffer(NDIS_HANDLE h, MDL *chain,
					     ULONG off, SIZE_T len)
{
	NET_BUFFER *nb;

	if (len > 0xffffffffu) {
		ndl_err("NdisAllocateNetBuffer: DataLength %llu over 4 GiB",
			(unsigned long long)len);
		return NULL;
	}
	nb = nb_alloc(h, 0, "NdisAllocateNetBuffer");
	if (nb && !ndl_nb_attach(nb, chain, off, (ULONG)len,
				 "NdisAllocateNetBuffer")) {
		ndlw_NdisFreeNetBuffer(nb);
		nb = NULL;
	}
	return nb;
}

NET_BUFFER *NTAPI ndlw_NdisAllocateNetBufferMdlAndData(NDIS_HANDLE h)
{
	struct ndl_nb_pool *p = nb_pool(h);

	if (p && !p->data_size) {
		ndl_err("NdisAllocateNetBufferMdlAndData: pool %p has no DataSize",
			h);
		return NULL;
	}
	return nb_alloc(h, p ? p->data_size : 0,
			"NdisAllocateNetBufferMdlAndData");
}

void NTAPI ndlw_NdisFreeNetBuffer(NET_BUFFER *nb)
{
	struct ndl_nb_pool *p = nb ? nb_pool(nb->NdisPoolHandle) : NULL;

	if (!p || !((uintptr_t)nb->NdisReserved[0] & NDL_NB_FROM_NB_POOL)) {
		ndl_err("NdisFreeNetBuffer: %p is not a NET_BUFFER of a NET_BUFFER pool",
			nb);
		return;
	}
	ndl_nb_delete(nb);
	if (!__atomic_sub_fetch(&p->outstanding, 1, __ATOMIC_ACQ_REL) &&
	    p->closing)
		nb_pool_release(p);
}

NDIS_HANDLE NTAPI ndlw_NdisGetPoolFromNetBuffer(NET_BUFFER *nb)
{
	return nb->NdisPoolHandle;
}

/* ---- used and unused data space --------------------------------------------- */

NDIS_STATUS NTAPI ndlw_NdisRetreatNetBufferDataStart(
	NET_BUFFER *nb, ULONG delta, ULONG backfill,
	NET_BUFFER_ALLOCATE_MDL_HANDLER alloc_mdl)
{
	struct ndl_nb_retreat *r = nb_retreat(nb);
	ULONG need, size;
	MDL *m;

	if ((u64)nb->DataLength + delta > 0xffffffffu)
		return NDIS_STATUS_FAILURE;
	if (nb->DataOffset >= delta) {
		/* Enough unused space: only the offsets move. */
		nb->DataOffset -= delta;
		nb->DataLength += delta;
		nb_set_current(nb);
		return NDIS_STATUS_SUCCESS;
	}
	/*
	 * A new buffer goes in front of the chain. The unused space there is
	 * used up first (the data must stay contiguous in chain order), so
	 * the new one needs the rest of delta, plus backfill in front.
	 */
	need = delta - nb->DataOffset;
	if ((u64)need + backfill > 0x7fffffffu)
		return NDIS_STATUS_FAILURE;
	if (r && r->count >= NB_RETREAT_MAX) {
		ndl_err("NdisRetreatNetBufferDataStart: %u retreats without an advance on NET_BUFFER %p",
			r->count, nb);
		return NDIS_STATUS_RESOURCES;
	}
	if (!r) {
		r = ndl_alloc_cat(sizeof(*r), NDL_OS_ZERO |
				  ndl_alloc_flags_for_irql(), NDL_MEM_NBLS);
		if (!r)
			return NDIS_STATUS_RESOURCES;
	}
	size = need + backfill;
	if (alloc_mdl) {
		ULONG got = size;

		NDL_CALL_DRIVER(m, alloc_mdl, &got);
		if (m && m->ByteCount < need) {
			/* unusable; the driver's MDL stays the driver's */
			ndl_err("NdisRetreatNetBufferDataStart: NetAllocateMdl gave %u bytes, %u needed",
				m->ByteCount, need);
			m = NULL;
		}
	} else {
		m = mdl_with_data(size);
	}
	if (!m) {
		if (!r->count)
			ndl_free(r);
		return NDIS_STATUS_RESOURCES;
	}
	m->Next = nb->MdlChain;
	nb->MdlChain = m;
	nb->NdisReserved[1] = r;
	if (alloc_mdl)
		r->by_driver |= 1u << r->count;
	r->mdl[r->count++] = m;
	nb->DataOffset = m->ByteCount - need;
	nb->DataLength += delta;
	nb_set_current(nb);
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisAdvanceNetBufferDataStart(NET_BUFFER *nb, ULONG delta,
					      BOOLEAN free_mdl,
					      NET_BUFFER_FREE_MDL_HANDLER free_fn)
{
	if (delta > nb->DataLength) {
		ndl_err("NdisAdvanceNetBufferDataStart: advance by %u past the %u used bytes of NET_BUFFER %p",
			delta, nb->DataLength, nb);
		return;
	}
	nb->DataOffset += delta;
	nb->DataLength -= delta;
	/* Buffers a retreat allocated go once wholly unused, if asked to. */
	while (free_mdl && nb_retreat(nb) &&
	       nb->MdlChain == nb_retreat(nb)->mdl[nb_retreat(nb)->count - 1] &&
	       nb->DataOffset >= nb->MdlChain->ByteCount) {
		nb->DataOffset -= nb->MdlChain->ByteCount;
		nb_drop_newest(nb, free_fn);
	}
	nb_set_current(nb);
}

NDIS_STATUS NTAPI ndlw_NdisRetreatNetBufferListDataStart(
	NET_BUFFER_LIST *nbl, ULONG delta, ULONG backfill,
	NET_BUFFER_ALLOCATE_MDL_HANDLER alloc_mdl,
	NET_BUFFER_FREE_MDL_HANDLER free_fn)
{
	NET_BUFFER *nb, *undo;
	NDIS_STATUS st;

	for (nb = nbl->FirstNetBuffer; nb; nb = nb->Next) {
		st = ndlw_NdisRetreatNetBufferDataStart(nb, delta, backfill,
							alloc_mdl);
		if (st == NDIS_STATUS_SUCCESS)
			continue;
		/* All or nothing: give back what the others got. */
		for (undo = nbl->FirstNetBuffer; undo != nb; undo = undo->Next)
			ndlw_NdisAdvanceNetBufferDataStart(undo, delta, TRUE,
							   free_fn);
		return st;
	}
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisAdvanceNetBufferListDataStart(
	NET_BUFFER_LIST *nbl, ULONG delta, BOOLEAN free_mdl,
	NET_BUFFER_FREE_MDL_HANDLER free_fn)
{
	for (NET_BUFFER *nb = nbl->FirstNetBuffer; nb; nb = nb->Next)
		ndlw_NdisAdvanceNetBufferDataStart(nb, delta, free_mdl, free_fn);
}

void *NTAPI ndlw_NdisGetDataBuffer(NET_BUFFER *nb, ULONG bytes, void *storage,
				   ULONG align_multiple, ULONG align_offset)
{
	MDL *m = nb->CurrentMdl;
	ULONG off = nb->CurrentMdlOffset, done = 0;
	u8 *va;

	if (nb->DataLength < bytes || !m)
		return NULL;
	if (align_multiple == 0 || (align_multiple & (align_multiple - 1))) {
		ndl_err("NdisGetDataBuffer: AlignMultiple %u is not a power of two",
			align_multiple);
		return NULL;
	}
	va = (u8 *)ndl_mdl_va(m) + off;
	if (m->ByteCount - off >= bytes &&
	    ((uintptr_t)va & (align_multiple - 1)) ==
		    (align_offset & (align_multiple - 1)))
		return va;
	if (!storage)
		return NULL;
	/* Not contiguous (or not aligned as asked): a copy in the caller's. */
	while (done < bytes && m) {
		ULONG n = m->ByteCount - off;

		if (n > bytes - done)
			n = bytes - done;
		ndl_memcpy((u8 *)storage + done, (u8 *)ndl_mdl_va(m) + off, n);
		done += n;
		m = m->Next;
		off = 0;
	}
	return done == bytes ? storage : NULL;
}
