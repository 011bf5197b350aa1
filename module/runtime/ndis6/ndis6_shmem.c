// SPDX-License-Identifier: GPL-2.0-only
/*
 * NdisAllocateSharedMemory / NdisFreeSharedMemory (NDIS 6.20): NDIS's own
 * shared memory provider, the one a miniport gets when no other provider
 * registered. A block is memory the adapter's device may DMA to, described
 * by a scatter/gather list in the caller's buffer: for an adapter with a
 * device, the coherent DMA memory NdisMAllocateSharedMemory gives (and
 * halt releases if the driver does not); for a virtual adapter, physically
 * contiguous pool memory. Either is one bus-contiguous run, so the list
 * has one element and NDIS_SHARED_MEM_PARAMETERS_CONTIGOUS always holds.
 * Each block is tracked on its adapter: the free finds it there (a handle
 * that is not on the list is refused, never dereferenced), halt frees
 * what is left.
 */
#include "ndis6/ndis6_priv.h"
#include "ndis6/ndis6_shmem.h"
#include "nt/nt_list.h"

#define FN_ALLOC "NdisAllocateSharedMemory"
#define FN_FREE "NdisFreeSharedMemory"

struct ndl6_shmem {
	LIST_ENTRY link;		/* on ndl_ndis6_adapter.shmem */
	void *va;
	u64 bus;
	ULONG len;
	bool pool;			/* virtual adapter: pool memory */
};

void ndl6_shmem_init(struct ndl_adapter *ad)
{
	ndl_list_init(&ndl6(ad)->shmem);
}

static void block_free(struct ndl_adapter *ad, struct ndl6_shmem *s)
{
	NDIS_PHYSICAL_ADDRESS pa = { .QuadPart = (LONGLONG)s->bus };

	if (s->pool)
		ndl_free(s->va);
	else
		ndlw_NdisMFreeSharedMemory(&ad->block, s->len, TRUE, s->va, pa);
	ndl_free(s);
}

void ndl6_shmem_release(struct ndl_adapter *ad, const char *after)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	u32 n = 0;

	while (!ndl_list_empty(&a6->shmem)) {
		LIST_ENTRY *e = a6->shmem.Flink;

		ndl_list_unlink(e);
		block_free(ad, NDL_CONTAINER_OF(e, struct ndl6_shmem, link));
		n++;
	}
	if (n)
		ndl_warn("%s: %s left %u %s block(s) allocated", ad->name,
			 after, n, FN_ALLOC);
}

/* The documented header, and an answer and a scatter/gather buffer. */
static bool params_ok(const struct ndl_adapter *ad,
		      const NDIS_SHARED_MEMORY_PARAMETERS *p)
{
	const char *why = NULL;

	if (!p)
		why = "no SharedMemoryParameters";
	else if (p->Header.Type != NDIS_OBJECT_TYPE_DEFAULT)
		why = "Header.Type is not NDIS_OBJECT_TYPE_DEFAULT";
	else if (p->Header.Revision < NDIS_SHARED_MEMORY_PARAMETERS_REVISION_1 ||
		 p->Header.Size < NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_1 ||
		 (p->Header.Revision >= NDIS_SHARED_MEMORY_PARAMETERS_REVISION_2 &&
		  p->Header.Size < NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_2))
		why = "Header.Revision/Size below what the revision needs";
	else if (!p->Length)
		why = "Length 0";
	else if (p->SGListBuffer &&
		 p->SGListBufferLength < sizeof(SCATTER_GATHER_LIST) +
					 sizeof(SCATTER_GATHER_ELEMENT))
		why = "SGListBufferLength too small for one element";
	if (why)
		ndl_err("%s: %s: %s", ad->name, FN_ALLOC, why);
	return !why;
}

static struct ndl6_shmem *block_alloc(struct ndl_adapter *ad, ULONG len)
{
	struct ndl6_shmem *s = ndl_alloc(sizeof(*s), NDL_OS_ZERO |
					 ndl_alloc_flags_for_irql());
	NDIS_PHYSICAL_ADDRESS pa;

	if (!s)
		return NULL;
	s->len = len;
	if (ad->dev) {
		ndlw_NdisMAllocateSharedMemory(&ad->block, len, TRUE, &s->va,
					       &pa);
		s->bus = (u64)pa.QuadPart;
	} else {
		s->pool = true;
		s->va = ndl_alloc_pool(len, NDL_OS_ZERO | NDL_OS_CONTIG |
				       ndl_alloc_flags_for_irql());
		if (s->va)
			s->bus = ndl_os_virt_to_phys(s->va);
	}
	if (!s->va) {
		ndl_free(s);
		return NULL;
	}
	return s;
}

NDIS_STATUS NTAPI ndlw_NdisAllocateSharedMemory(NDIS_HANDLE h,
						NDIS_SHARED_MEMORY_PARAMETERS *p,
						NDIS_HANDLE *allocation)
{
	enum ndl_ndis6_handle kind = ndl_ndis6_handle_kind(h, FN_ALLOC);
	struct ndl_adapter *ad = h;
	struct ndl6_shmem *s;
	KIRQL old;

	if (allocation)
		*allocation = NULL;
	if (kind == NDL_NDIS6_BAD_HANDLE)
		return NDIS_STATUS_INVALID_PARAMETER;
	if (kind != NDL_NDIS6_ADAPTER_HANDLE || !ad->ndis6) {
		ndl_err("%s: shared memory is for an adapter's device: NdisHandle must be an NDIS 6 MiniportAdapterHandle",
			FN_ALLOC);
		return NDIS_STATUS_INVALID_PARAMETER;
	}
	if (!allocation) {
		ndl_err("%s: %s: no pAllocationHandle", ad->name, FN_ALLOC);
		return NDIS_STATUS_INVALID_PARAMETER;
	}
	if (!params_ok(ad, p))
		return NDIS_STATUS_INVALID_PARAMETER;
	s = block_alloc(ad, p->Length);
	if (!s) {
		ndl_warn("%s: %s(%u bytes): out of memory", ad->name, FN_ALLOC,
			 p->Length);
		return NDIS_STATUS_RESOURCES;
	}
	old = ndl_q_lock(ad);
	ndl_list_add_tail(&ndl6(ad)->shmem, &s->link);
	ndl_q_unlock(ad, old);

	p->SharedMemoryHandle = s;
	p->VirtualAddress = s->va;
	if (p->SGListBuffer) {
		p->SGListBuffer->NumberOfElements = 1;
		p->SGListBuffer->Elements[0].Address.QuadPart = (LONGLONG)s->bus;
		p->SGListBuffer->Elements[0].Length = s->len;
	}
	*allocation = s;
	return NDIS_STATUS_SUCCESS;
}

/* Unlink the block a of ad; NULL when a is not one of its blocks. */
static struct ndl6_shmem *block_take(struct ndl_adapter *ad, NDIS_HANDLE a)
{
	struct ndl_ndis6_adapter *a6 = ndl6(ad);
	struct ndl6_shmem *found = NULL;
	KIRQL old = ndl_q_lock(ad);
	LIST_ENTRY *e;

	for (e = a6->shmem.Flink; e != &a6->shmem; e = e->Flink) {
		if (NDL_CONTAINER_OF(e, struct ndl6_shmem, link) == a) {
			found = a;
			ndl_list_unlink(e);
			break;
		}
	}
	ndl_q_unlock(ad, old);
	return found;
}

void NTAPI ndlw_NdisFreeSharedMemory(NDIS_HANDLE h, NDIS_HANDLE allocation)
{
	enum ndl_ndis6_handle kind = ndl_ndis6_handle_kind(h, FN_FREE);
	struct ndl_adapter *ad = h;
	struct ndl6_shmem *s;

	if (kind == NDL_NDIS6_BAD_HANDLE)
		return;
	if (kind != NDL_NDIS6_ADAPTER_HANDLE || !ad->ndis6) {
		ndl_err("%s: NdisHandle must be the MiniportAdapterHandle the memory was allocated with",
			FN_FREE);
		return;
	}
	s = block_take(ad, allocation);
	if (!s) {
		ndl_err("%s: %s(%p): not a shared memory block of this adapter",
			ad->name, FN_FREE, allocation);
		return;
	}
	block_free(ad, s);
}
