// SPDX-License-Identifier: GPL-2.0-only
/*
 * NDIS 6 scatter-gather DMA: NdisMRegisterScatterGatherDma /
 * NdisMDeregisterScatterGatherDma, NdisMAllocateNetBufferSGList /
 * NdisMFreeNetBufferSGList and NdisMAllocateSharedMemoryAsyncEx.
 *
 * As documented, a list describes the NET_BUFFER's data from the start
 * of its CurrentMdl: the frame begins CurrentMdlOffset bytes in, and the
 * list covers CurrentMdlOffset + DataLength bytes. It is built in the
 * caller's buffer when that is big enough for the worst case (one element
 * per page the data spans), in runtime memory otherwise, and handed to
 * MiniportProcessSGList at DISPATCH_LEVEL before the call returns (the
 * documentation allows before or after). Each list has a record of what
 * the runtime mapped for it: the free finds the record by the list's
 * address (the list is never read: it may be freed memory), unmaps what
 * was mapped, not what the list says after the driver trimmed its
 * elements, and refuses a list this handle never built.
 */
#include "ndis6/ndis6_priv.h"
#include "ndis6/ndis6_dma_types.h"

#define FN_REG "NdisMRegisterScatterGatherDma"
#define FN_ALLOC "NdisMAllocateNetBufferSGList"
#define FN_FREE "NdisMFreeNetBufferSGList"
#define NDL6_DMA_MAGIC 0x44366c6e	/* "nl6D" */

struct ndl6_sg_map {
	u64 bus;
	u32 len;
};

/* One list handed out: what it mapped, and its memory if the runtime's. */
struct ndl6_sg_rec {
	SCATTER_GATHER_LIST *sgl;		/* NULL: the record is free */
	NET_BUFFER *nb;
	struct ndl6_sg_map *maps;		/* kept across uses */
	u32 nmaps, cap;
	enum ndl_os_dma_dir dir;
	bool own;				/* sgl is runtime memory */
};

struct ndl6_dma {
	u32 magic;				/* first: a handle is checked */
	struct ndl_adapter *ad;
	MINIPORT_PROCESS_SG_LIST_HANDLER process;
	MINIPORT_ALLOCATE_SHARED_MEM_COMPLETE_HANDLER shmem_done;
	KSPIN_LOCK lock;			/* the recs array */
	struct ndl6_sg_rec **recs;		/* grown, never shrunk */
	u32 nrecs;
};

static KIRQL dma_lock(struct ndl6_dma *dma)
{
	KIRQL old = ndl_irql_raise(NDL_DISPATCH_LEVEL);

	ndl_spin_acquire(&dma->lock);
	return old;
}

static void dma_unlock(struct ndl6_dma *dma, KIRQL old)
{
	ndl_spin_release(&dma->lock);
	ndl_irql_lower(old);
}

static bool desc_ok(struct ndl_adapter *ad, const NDIS_SG_DMA_DESCRIPTION *d,
		    NDIS_STATUS *st)
{
	const char *why = NULL;

	*st = NDIS_STATUS_INVALID_PARAMETER;
	if (!d) {
		why = "no DmaDescription";
	} else if (d->Header.Type != NDIS_OBJECT_TYPE_SG_DMA_DESCRIPTION) {
		why = "Header.Type is not NDIS_OBJECT_TYPE_SG_DMA_DESCRIPTION";
	} else if (d->Header.Revision < NDIS_SG_DMA_DESCRIPTION_REVISION_1 ||
		   d->Header.Size < NDIS_SIZEOF_SG_DMA_DESCRIPTION_REVISION_1) {
		why = "Header.Revision or Size below revision 1";
		*st = NDIS_STATUS_BAD_VERSION;
	} else if (!d->ProcessSGListHandler) {
		why = "no ProcessSGListHandler";
	} else if (!ndl6_bus_master(ad)) {
		why = "the miniport did not register as a bus master (NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER)";
		*st = NDIS_STATUS_NOT_SUPPORTED;
	} else if (!ad->dev) {
		why = "the adapter has no device";
		*st = NDIS_STATUS_NOT_SUPPORTED;
	} else if (ndl6(ad)->dma) {
		why = "scatter-gather DMA is registered already";
		*st = NDIS_STATUS_RESOURCES;
	}
	if (why)
		ndl_err("%s: %s: %s", ad->name, FN_REG, why);
	return !why;
}

NDIS_STATUS NTAPI ndlw_NdisMRegisterScatterGatherDma(NDIS_HANDLE h,
						     NDIS_SG_DMA_DESCRIPTION *d,
						     NDIS_HANDLE *out)
{
	struct ndl_adapter *ad = ndl_ad(h, FN_REG);
	struct ndl6_dma *dma;
	NDIS_STATUS st;

	if (!ad || !out)
		return NDIS_STATUS_FAILURE;
	*out = NULL;
	if (!ad->ndis6) {
		ndl_err("%s: %s from an NDIS 5 miniport", ad->name, FN_REG);
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (!desc_ok(ad, d, &st))
		return st;
	if (ndl_atomic_load(&ndl6(ad)->state) != NDL6_INITIALIZING)
		ndl_warn("%s: %s outside MiniportInitializeEx", ad->name, FN_REG);
	dma = ndl_alloc_cat(sizeof(*dma), NDL_OS_ZERO, NDL_MEM_SG);
	if (!dma)
		return NDIS_STATUS_RESOURCES;
	dma->magic = NDL6_DMA_MAGIC;
	dma->ad = ad;
	dma->process = d->ProcessSGListHandler;
	dma->shmem_done = d->SharedMemAllocateCompleteHandler;
	ndlw_KeInitializeSpinLock(&dma->lock);
	ad->dma64 = d->Flags & NDIS_SG_DMA_64_BIT_ADDRESS;
	/* As HAL sizes it: one element per page of the largest transfer, +1. */
	d->ScatterGatherListSize = sizeof(SCATTER_GATHER_LIST) +
		(ndl_span_pages(NULL, d->MaximumPhysicalMapping) + 1) *
		sizeof(SCATTER_GATHER_ELEMENT);
	ndl6(ad)->dma = dma;
	*out = dma;
	return NDIS_STATUS_SUCCESS;
}

/* The DMA handle or NULL (logged) when h is not a registered one. */
static struct ndl6_dma *dma_of(NDIS_HANDLE h, const char *fn)
{
	struct ndl6_dma *dma = h;

	if (!dma || dma->magic != NDL6_DMA_MAGIC || ndl6(dma->ad)->dma != dma) {
		ndl_err("%s(%p): not a registered scatter-gather DMA handle", fn,
			h);
		return NULL;
	}
	return dma;
}

static void rec_unmap(struct ndl6_dma *dma, struct ndl6_sg_rec *r)
{
	for (u32 i = 0; i < r->nmaps; i++)
		ndl_os_dma_unmap(dma->ad->dev, r->maps[i].bus, r->maps[i].len,
				 r->dir);
	r->nmaps = 0;
}

/*
 * Take a free record for sgl (the array grows by half as many again when
 * all are taken), or NULL. Records never move: only the array of
 * pointers to them is reallocated, under the lock.
 */
static struct ndl6_sg_rec *rec_take(struct ndl6_dma *dma, SCATTER_GATHER_LIST *sgl)
{
	struct ndl6_sg_rec **recs, *r;
	u32 i, n;
	KIRQL old = dma_lock(dma);

	for (i = 0; i < dma->nrecs; i++)
		if (!dma->recs[i]->sgl)
			goto found;
	n = dma->nrecs ? dma->nrecs + dma->nrecs / 2 : 16;
	recs = ndl_alloc_cat(n * sizeof(*recs), NDL_OS_ZERO | NDL_OS_ATOMIC,
			     NDL_MEM_SG);
	if (!recs)
		goto none;
	for (i = 0; i < n; i++) {
		recs[i] = i < dma->nrecs ? dma->recs[i] :
			  ndl_alloc_cat(sizeof(*r), NDL_OS_ZERO | NDL_OS_ATOMIC,
					NDL_MEM_SG);
		if (!recs[i])
			break;
	}
	if (i == dma->nrecs) {		/* not one new record */
		ndl_free(recs);
		goto none;
	}
	ndl_free(dma->recs);
	dma->recs = recs;
	i = dma->nrecs;
	dma->nrecs = n;
	while (dma->nrecs && !recs[dma->nrecs - 1])
		dma->nrecs--;
found:
	r = dma->recs[i];
	r->sgl = sgl;
	dma_unlock(dma, old);
	return r;
none:
	dma_unlock(dma, old);
	return NULL;
}

static void rec_put(struct ndl6_dma *dma, struct ndl6_sg_rec *r)
{
	KIRQL old = dma_lock(dma);

	r->sgl = NULL;
	dma_unlock(dma, old);
}

static bool rec_room(struct ndl6_sg_rec *r, u32 maps)
{
	struct ndl6_sg_map *m;

	if (maps <= r->cap)
		return true;
	m = ndl_alloc_cat(maps * sizeof(*m), NDL_OS_ATOMIC, NDL_MEM_SG);
	if (!m)
		return false;
	ndl_free(r->maps);
	r->maps = m;
	r->cap = maps;
	return true;
}

/*
 * Map len bytes of the chain from m on into sgl and r; false when the
 * chain ends early or the host cannot map.
 */
static bool map_chain(struct ndl6_dma *dma, MDL *m, u32 len,
		      SCATTER_GATHER_LIST *sgl, struct ndl6_sg_rec *r)
{
	u32 n = 0;

	for (; m && len; m = m->Next) {
		u8 *va = ndl_mdl_va(m);
		u32 left = m->ByteCount < len ? m->ByteCount : len;

		len -= left;
		while (left) {
			u64 bus;
			u32 got = ndl_dma_map_piece(dma->ad, va, left, r->dir,
						    &bus);

			if (!got)
				return false;
			r->maps[r->nmaps++] = (struct ndl6_sg_map){ bus, got };
			sgl->Elements[n].Address.QuadPart = (LONGLONG)bus;
			sgl->Elements[n].Length = got;
			sgl->Elements[n].Reserved = 0;
			n++;
			va += got;
			left -= got;
		}
	}
	sgl->NumberOfElements = n;
	return !len;
}

/* Elements the first len bytes of the chain from m may need; 0: too short. */
static u32 chain_pages(MDL *m, u32 len)
{
	u32 pages = 0;

	for (; m && len; m = m->Next) {
		u32 part = m->ByteCount < len ? m->ByteCount : len;

		pages += ndl_span_pages(ndl_mdl_va(m), part);
		len -= part;
	}
	return len ? 0 : pages;
}

NDIS_STATUS NTAPI ndlw_NdisMAllocateNetBufferSGList(NDIS_HANDLE h,
						    NET_BUFFER *nb, void *ctx,
						    ULONG flags, void *buf,
						    ULONG buf_size)
{
	struct ndl6_dma *dma = dma_of(h, FN_ALLOC);
	SCATTER_GATHER_LIST *sgl;
	struct ndl6_sg_rec *r;
	u32 len, pages;
	size_t need;
	KIRQL old;

	if (!dma || !nb)
		return NDIS_STATUS_FAILURE;
	len = nb->CurrentMdlOffset + nb->DataLength;
	pages = chain_pages(nb->CurrentMdl, len);
	if (!pages) {
		ndl_err("%s: %s: a NET_BUFFER whose MDLs hold fewer than CurrentMdlOffset + DataLength (%u) bytes",
			dma->ad->name, FN_ALLOC, len);
		return NDIS_STATUS_RESOURCES;
	}
	need = sizeof(*sgl) + pages * sizeof(SCATTER_GATHER_ELEMENT);
	sgl = buf && buf_size >= need ? buf :
	      ndl_alloc_cat(need, NDL_OS_ATOMIC, NDL_MEM_SG);
	if (!sgl)
		return NDIS_STATUS_RESOURCES;
	r = rec_take(dma, sgl);
	if (!r)
		goto no_room;
	r->nb = nb;
	r->own = sgl != buf;
	r->dir = flags & NDIS_SG_LIST_WRITE_TO_DEVICE ? NDL_OS_DMA_TO_DEVICE :
		 NDL_OS_DMA_FROM_DEVICE;
	r->nmaps = 0;
	if (!rec_room(r, pages) ||
	    !map_chain(dma, nb->CurrentMdl, len, sgl, r)) {
		rec_unmap(dma, r);
		rec_put(dma, r);
		goto no_room;
	}
	sgl->Reserved = 0;
	/* MiniportProcessSGList runs at DISPATCH_LEVEL. */
	old = ndl_irql_raise(NDL_DISPATCH_LEVEL);
	NDL_CALL_DRIVER_VOID(dma->process, dma->ad->pdo, NULL, sgl, ctx);
	ndl_irql_lower(old);
	return NDIS_STATUS_SUCCESS;
no_room:
	if (sgl != buf)
		ndl_free(sgl);
	return NDIS_STATUS_RESOURCES;
}

void NTAPI ndlw_NdisMFreeNetBufferSGList(NDIS_HANDLE h, SCATTER_GATHER_LIST *sgl,
					 NET_BUFFER *nb)
{
	struct ndl6_dma *dma = dma_of(h, FN_FREE);
	struct ndl6_sg_rec *r = NULL;
	KIRQL old;

	if (!dma || !sgl)
		return;
	/* Found by address, never read: it may be freed memory. */
	old = dma_lock(dma);
	for (u32 i = 0; i < dma->nrecs && !r; i++)
		if (dma->recs[i]->sgl == sgl)
			r = dma->recs[i];
	dma_unlock(dma, old);
	if (!r) {
		ndl_err("%s: %s(%p): not a list this handle built, or freed already",
			dma->ad->name, FN_FREE, sgl);
		return;
	}
	if (r->nb != nb)
		ndl_warn("%s: %s: NetBuffer %p is not the list's (%p)",
			 dma->ad->name, FN_FREE, nb, r->nb);
	rec_unmap(dma, r);
	if (r->own)
		ndl_free(sgl);
	rec_put(dma, r);
}

/* Unmap and free what is left; after names who left it (NULL: nobody). */
static void dma_release(struct ndl6_dma *dma, const char *after)
{
	struct ndl_adapter *ad = dma->ad;
	u32 left = 0;

	for (u32 i = 0; i < dma->nrecs; i++) {
		struct ndl6_sg_rec *r = dma->recs[i];

		if (r->sgl) {
			rec_unmap(dma, r);
			if (r->own)
				ndl_free(r->sgl);
			left++;
		}
		ndl_free(r->maps);
		ndl_free(r);
	}
	if (left)
		ndl_warn("%s: %s left %u scatter/gather list(s) not freed",
			 ad->name, after ? after : "NdisMDeregisterScatterGatherDma",
			 left);
	ndl_free(dma->recs);
	ndl6(ad)->dma = NULL;
	dma->magic = 0;
	ndl_free(dma);
}

void NTAPI ndlw_NdisMDeregisterScatterGatherDma(NDIS_HANDLE h)
{
	struct ndl6_dma *dma = dma_of(h, "NdisMDeregisterScatterGatherDma");

	if (dma)
		dma_release(dma, NULL);
}

void ndl6_dma_release(struct ndl_adapter *ad, const char *after)
{
	if (!ndl6(ad)->dma)
		return;
	ndl_warn("%s: %s left its scatter-gather DMA registered", ad->name,
		 after);
	dma_release(ndl6(ad)->dma, after);
}

/*
 * NDIS_STATUS_PENDING, and MiniportSharedMemoryAllocateComplete later
 * (NULL addresses when the memory could not be had); the memory is freed
 * with NdisMFreeSharedMemory, or at halt if the driver does not.
 */
NDIS_STATUS NTAPI ndlw_NdisMAllocateSharedMemoryAsyncEx(NDIS_HANDLE h,
							ULONG len,
							BOOLEAN cached,
							void *ctx)
{
	struct ndl6_dma *dma = dma_of(h, "NdisMAllocateSharedMemoryAsyncEx");

	if (!dma)
		return NDIS_STATUS_FAILURE;
	if (!dma->shmem_done) {
		ndl_err("%s: NdisMAllocateSharedMemoryAsyncEx without a SharedMemAllocateCompleteHandler",
			dma->ad->name);
		return NDIS_STATUS_FAILURE;
	}
	/* Its page names one failure status: NDIS_STATUS_FAILURE. */
	if (ndl_shmem_alloc_async(dma->ad, dma->shmem_done, len, cached,
				  ctx) != NDIS_STATUS_PENDING)
		return NDIS_STATUS_FAILURE;
	return NDIS_STATUS_PENDING;
}
