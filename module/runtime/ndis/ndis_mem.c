// SPDX-License-Identifier: GPL-2.0-only
/*
 * Memory: NdisAllocateMemory(WithTag), NdisFreeMemory, shared (coherent
 * DMA) memory — NdisMAllocateSharedMemory, its Async form,
 * NdisMFreeSharedMemory — and the alignment queries. Shared memory is
 * tracked per adapter so halt can release what a driver leaves behind.
 */
#include "ndis/ndis_priv.h"

#define NDIS_MEMORY_CONTIGUOUS	0x1
#define NDIS_MEMORY_NONCACHED	0x2
#define NDL_CACHE_LINE		64

NDIS_STATUS NTAPI ndlw_NdisAllocateMemoryWithTag(void **va, UINT len,
						 ULONG tag)
{
	*va = len ? ndl_alloc_pool(len, ndl_alloc_flags_for_irql()) : NULL;
	return *va ? NDIS_STATUS_SUCCESS : NDIS_STATUS_FAILURE;
}

/*
 * Flags ask for contiguous / non-cached memory (NDIS 3.0 era shared
 * memory a driver hands to its device by NdisGetPhysicalAddress): it
 * must be physically contiguous, or the device writes into whatever
 * pages follow the first. x86 DMA snoops the caches, so cached memory is
 * coherent (as NdisMAllocateSharedMemory documents for x86/x64). A
 * highest acceptable address is checked and logged, not enforced.
 */
NDIS_STATUS NTAPI ndlw_NdisAllocateMemory(void **va, UINT len, UINT flags,
					  NDIS_PHYSICAL_ADDRESS highest)
{
	bool dma = flags & (NDIS_MEMORY_CONTIGUOUS | NDIS_MEMORY_NONCACHED);

	*va = len ? ndl_alloc_pool(len, ndl_alloc_flags_for_irql() |
				   (dma ? NDL_OS_CONTIG : 0)) : NULL;
	if (!*va)
		return NDIS_STATUS_FAILURE;
	if (dma && highest.QuadPart > 0 &&
	    ndl_os_virt_to_phys(*va) + len - 1 > (u64)highest.QuadPart)
		ndl_warn("NdisAllocateMemory: %u bytes above the highest acceptable address 0x%llx",
			 len, (unsigned long long)highest.QuadPart);
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisFreeMemory(void *va, UINT len, UINT flags)
{
	/* NDIS 6 drivers may free NdisAllocateMemoryWithTagPriority memory here. */
	if (!ndl_ndis6_free_tagged(va))
		ndl_free(va);
}

ULONG NTAPI ndlw_NdisGetSharedDataAlignment(void)
{
	return NDL_CACHE_LINE;
}

ULONG NTAPI ndlw_NdisMGetDmaAlignment(NDIS_HANDLE h)
{
	return NDL_CACHE_LINE;
}

/* ---- shared memory ---------------------------------------------------------- */

/* Each NDIS generation declares it in its own attribute bits. */
static bool ndl_ad_bus_master(struct ndl_adapter *ad)
{
	if (ad->ndis6)
		return ndl6_bus_master(ad);
	return ad->attributes & NDIS_ATTRIBUTE_BUS_MASTER;
}

static int dma_bits(struct ndl_adapter *ad)
{
	return ad->dma64 ? 64 : 32;
}

static struct ndl_held_res *held_add(struct ndl_adapter *ad,
				     enum ndl_res_kind kind)
{
	struct ndl_held_res *r = ndl_alloc(sizeof(*r), NDL_OS_ZERO |
					   ndl_alloc_flags_for_irql());
	KIRQL old;

	if (!r)
		return NULL;
	r->kind = kind;
	old = ndl_q_lock(ad);
	r->next = ad->held;
	ad->held = r;
	ndl_q_unlock(ad, old);
	return r;
}

/* Unlink the held resource of kind at va (or port); NULL if none. */
static struct ndl_held_res *held_take(struct ndl_adapter *ad,
				      enum ndl_res_kind kind, const void *va,
				      u32 port)
{
	struct ndl_held_res **pp, *r = NULL;
	KIRQL old = ndl_q_lock(ad);

	for (pp = &ad->held; *pp; pp = &(*pp)->next) {
		struct ndl_held_res *c = *pp;

		if (c->kind == kind &&
		    (kind == NDL_RES_PORTS ? c->port == port : c->va == va)) {
			*pp = c->next;
			r = c;
			break;
		}
	}
	ndl_q_unlock(ad, old);
	return r;
}

void ndl_held_record(struct ndl_adapter *ad, enum ndl_res_kind kind,
		     void *va, u64 bus, u64 len, u32 port, u32 nports)
{
	struct ndl_held_res *r = held_add(ad, kind);

	if (!r) {
		ndl_warn("%s: cannot track a resource (no memory); it will not be released at halt",
			 ad->name);
		return;
	}
	r->va = va;
	r->bus = bus;
	r->len = len;
	r->port = port;
	r->nports = nports;
}

bool ndl_held_forget(struct ndl_adapter *ad, enum ndl_res_kind kind,
		     const void *va, u32 port, u64 *len)
{
	struct ndl_held_res *r = held_take(ad, kind, va, port);

	if (!r)
		return false;
	if (len)
		*len = r->len;
	ndl_free(r);
	return true;
}

void NTAPI ndlw_NdisMAllocateSharedMemory(NDIS_HANDLE h, ULONG len,
					  BOOLEAN cached, void **va,
					  NDIS_PHYSICAL_ADDRESS *pa)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMAllocateSharedMemory");
	u64 bus = 0;
	void *p;

	*va = NULL;
	pa->QuadPart = 0;
	if (!ad || !len)
		return;
	if (!ndl_ad_bus_master(ad))
		ndl_fixme_once("%s: NdisMAllocateSharedMemory from an adapter that did not declare itself a bus master",
			       ad->name);
	p = ndl_os_dma_alloc(ad->dev, len, &bus, dma_bits(ad));
	if (!p) {
		ndl_warn("%s: NdisMAllocateSharedMemory(%u bytes) failed",
			 ad->name, len);
		return;
	}
	ndl_memset(p, 0, len);
	ndl_held_record(ad, NDL_RES_SHARED, p, bus, len, 0, 0);
	*va = p;
	pa->QuadPart = (LONGLONG)bus;
}

void NTAPI ndlw_NdisMFreeSharedMemory(NDIS_HANDLE h, ULONG len,
				      BOOLEAN cached, void *va,
				      NDIS_PHYSICAL_ADDRESS pa)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMFreeSharedMemory");
	u64 held_len;

	if (!ad || !va)
		return;
	if (!ndl_held_forget(ad, NDL_RES_SHARED, va, 0, &held_len)) {
		ndl_err("%s: NdisMFreeSharedMemory(%p): not shared memory of this adapter",
			ad->name, va);
		return;
	}
	if (held_len != len)
		ndl_warn("%s: NdisMFreeSharedMemory(%p): length %u, allocated %llu",
			 ad->name, va, len, (unsigned long long)held_len);
	ndl_os_dma_free(ad->dev, (size_t)held_len, va, (u64)pa.QuadPart);
}

struct async_alloc {
	WORK_QUEUE_ITEM item;
	struct ndl_adapter *ad;
	W_ALLOCATE_COMPLETE_HANDLER done;
	ULONG len;
	BOOLEAN cached;
	void *context;
};

static void NTAPI async_alloc_work(void *param)
{
	struct async_alloc *a = param;
	struct ndl_adapter *ad = a->ad;
	NDIS_PHYSICAL_ADDRESS pa;
	void *va;
	KIRQL old;

	ndlw_NdisMAllocateSharedMemory(&ad->block, a->len, a->cached, &va, &pa);
	if (ad->state == NDL_AD_HALTED) {
		/* nobody to tell: the miniport halted meanwhile */
		if (va)
			ndlw_NdisMFreeSharedMemory(&ad->block, a->len, a->cached,
						   va, pa);
	} else if (ndl_mp_enter(ad, &old)) {
		/* The completion handler runs at DISPATCH_LEVEL. */
		NDL_CALL_DRIVER_VOID(a->done, ndl_ad_ctx(ad), va, &pa, a->len,
				     a->context);
		ndl_mp_leave(ad, old);
	}
	ndl_free(a);
}

NDIS_STATUS ndl_shmem_alloc_async(struct ndl_adapter *ad,
				  W_ALLOCATE_COMPLETE_HANDLER done, ULONG len,
				  BOOLEAN cached, void *context)
{
	struct async_alloc *a;

	a = ndl_alloc(sizeof(*a), NDL_OS_ZERO | ndl_alloc_flags_for_irql());
	if (!a)
		return NDIS_STATUS_RESOURCES;
	a->ad = ad;
	a->done = done;
	a->len = len;
	a->cached = cached;
	a->context = context;
	ndl_work_queue_call(&a->item, async_alloc_work, a);
	return NDIS_STATUS_PENDING;
}

NDIS_STATUS NTAPI ndlw_NdisMAllocateSharedMemoryAsync(NDIS_HANDLE h,
						      ULONG len,
						      BOOLEAN cached,
						      void *context)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMAllocateSharedMemoryAsync");

	if (!ad)
		return NDIS_STATUS_FAILURE;
	if (!ndl_chars(ad)->AllocateCompleteHandler) {
		ndl_err("%s: NdisMAllocateSharedMemoryAsync without MiniportAllocateComplete",
			ad->name);
		return NDIS_STATUS_FAILURE;
	}
	return ndl_shmem_alloc_async(ad, ndl_chars(ad)->AllocateCompleteHandler,
				     len, cached, context);
}

/*
 * x86 DMA is cache-coherent: nothing to flush; a full barrier orders the
 * CPU's view of the buffer against the device access that follows.
 */
void NTAPI ndlw_NdisUpdateSharedMemory(NDIS_HANDLE h, ULONG len, void *va,
				       NDIS_PHYSICAL_ADDRESS pa)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
