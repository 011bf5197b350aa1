// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of the NDIS 6 NET_BUFFER / NET_BUFFER_LIST exports
 * (module/runtime/ndis6/nb.c, nbl.c): one rule of Microsoft's reference
 * pages per test, named after it.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_api.h"
#include "ndis6/ndis6_api.h"

static NET_BUFFER_LIST_POOL_PARAMETERS nbl_params(bool with_nb, u16 ctx,
						  u32 data)
{
	NET_BUFFER_LIST_POOL_PARAMETERS p = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1,
			    NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1 },
		.fAllocateNetBuffer = with_nb,
		.ContextSize = ctx,
		.PoolTag = 0x74736554,
		.DataSize = data,
	};
	return p;
}

static NDIS_HANDLE nbl_pool(bool with_nb, u16 ctx, u32 data)
{
	NET_BUFFER_LIST_POOL_PARAMETERS p = nbl_params(with_nb, ctx, data);

	return ndlw_NdisAllocateNetBufferListPool(NULL, &p);
}

static NDIS_HANDLE nb_pool(u32 data)
{
	NET_BUFFER_POOL_PARAMETERS p = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NET_BUFFER_POOL_PARAMETERS_REVISION_1,
			    NDIS_SIZEOF_NET_BUFFER_POOL_PARAMETERS_REVISION_1 },
		.PoolTag = 0x74736554,
		.DataSize = data,
	};
	return ndlw_NdisAllocateNetBufferPool(NULL, &p);
}

/* Two MDLs of 100 and 200 bytes over buf (bytes 0, 1, 2, ... mod 256). */
static u8 buf[300];
static MDL *two_mdls(void)
{
	MDL *a, *b;

	for (unsigned int i = 0; i < sizeof(buf); i++)
		buf[i] = (u8)i;
	a = ndlw_IoAllocateMdl(buf, 100, FALSE, FALSE, NULL);
	b = ndlw_IoAllocateMdl(buf + 100, 200, FALSE, FALSE, NULL);
	ndlw_MmBuildMdlForNonPagedPool(a);
	ndlw_MmBuildMdlForNonPagedPool(b);
	a->Next = b;
	return a;
}

static void free_mdls(MDL *m)
{
	while (m) {
		MDL *next = m->Next;

		ndlw_IoFreeMdl(m);
		m = next;
	}
}

static u8 *nb_byte(NET_BUFFER *nb, ULONG i)
{
	static u8 copy[512];
	u8 *p = ndlw_NdisGetDataBuffer(nb, i + 1, copy, 1, 0);

	return p ? p + i : NULL;
}

/* Header: Type NDIS_OBJECT_TYPE_DEFAULT, Revision 1, Size of revision 1. */
static void test_pool_header_is_checked(void)
{
	NET_BUFFER_LIST_POOL_PARAMETERS p = nbl_params(false, 0, 0);
	NDIS_HANDLE h;

	p.Header.Type = NDIS_OBJECT_TYPE_MINIPORT_INIT_PARAMETERS;
	CHECK(!ndlw_NdisAllocateNetBufferListPool(NULL, &p));
	p = nbl_params(false, 0, 0);
	p.Header.Size = 8;
	CHECK(!ndlw_NdisAllocateNetBufferListPool(NULL, &p));
	p = nbl_params(false, 0, 0);
	p.Header.Revision = 0;
	CHECK(!ndlw_NdisAllocateNetBufferListPool(NULL, &p));
	CHECK(log_contains("NdisAllocateNetBufferListPool: parameters' Header"));
	p = nbl_params(false, 0, 0);
	h = ndlw_NdisAllocateNetBufferListPool(NULL, &p);
	CHECK(h);
	ndlw_NdisFreeNetBufferListPool(h);
}

/* "If DataSize is not zero, fAllocateNetBuffer must be set to TRUE." */
static void test_pool_data_size_needs_net_buffer(void)
{
	CHECK(!nbl_pool(false, 0, 1514));
	CHECK(log_contains("DataSize 1514 needs fAllocateNetBuffer"));
}

/* ContextSize: a multiple of MEMORY_ALLOCATION_ALIGNMENT. */
static void test_pool_context_size_alignment(void)
{
	CHECK(!nbl_pool(false, 8, 0));
	CHECK(log_contains("ContextSize 8 is not a multiple"));
}

/* fAllocateNetBuffer TRUE: each list comes with one NET_BUFFER. */
static void test_list_has_one_net_buffer(void)
{
	NDIS_HANDLE with = nbl_pool(true, 0, 0), without = nbl_pool(false, 0, 0);
	NET_BUFFER_LIST *a = ndlw_NdisAllocateNetBufferList(with, 0, 0);
	NET_BUFFER_LIST *b = ndlw_NdisAllocateNetBufferList(without, 0, 0);

	CHECK(a && a->FirstNetBuffer && !a->FirstNetBuffer->Next);
	CHECK(a && !a->FirstNetBuffer->MdlChain && !a->FirstNetBuffer->DataLength);
	CHECK(b && !b->FirstNetBuffer);
	CHECK(a && ndlw_NdisGetPoolFromNetBufferList(a) == with);
	CHECK(b && ndlw_NdisGetPoolFromNetBufferList(b) == without);
	CHECK(a && !a->Next && !a->Scratch && !a->ParentNetBufferList);
	ndlw_NdisFreeNetBufferList(a);
	ndlw_NdisFreeNetBufferList(b);
	ndlw_NdisFreeNetBufferListPool(with);
	ndlw_NdisFreeNetBufferListPool(without);
}

/* DataSize: NDIS allocates the NET_BUFFER with a data buffer of that size. */
static void test_list_data_buffer_of_data_size(void)
{
	NDIS_HANDLE h = nbl_pool(true, 0, 1514);
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(h, 0, 0);
	NET_BUFFER *nb = nbl ? nbl->FirstNetBuffer : NULL;
	u8 *p;

	CHECK(nb && nb->MdlChain && nb->MdlChain->ByteCount == 1514);
	p = nb ? ndlw_NdisGetDataBuffer(nb, nb->DataLength, NULL, 1, 0) : NULL;
	CHECK(p);
	if (p)
		memset(p, 0xab, nb->DataLength);	/* all of it writable */
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferListPool(h);
}

/* ContextSize is used space; ContextBackFill unused space in front of it. */
static void test_list_context_used_and_backfill(void)
{
	NDIS_HANDLE h = nbl_pool(false, 0, 0);
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(h, 32, 16);
	NET_BUFFER_LIST_CONTEXT *c = nbl ? nbl->Context : NULL;

	CHECK(c && c->Size - c->Offset == 32 && c->Offset >= 16);
	CHECK(c && ((uintptr_t)(c->ContextData + c->Offset) & 15) == 0);
	ndlw_NdisFreeNetBufferListContext(nbl, 32);
	ndlw_NdisFreeNetBufferList(nbl);
	/* Not a multiple of MEMORY_ALLOCATION_ALIGNMENT: refused. */
	CHECK(!ndlw_NdisAllocateNetBufferList(h, 8, 0));
	ndlw_NdisFreeNetBufferListPool(h);
}

/* A pool's ContextSize is preallocated: a request within it allocates nothing. */
static void test_context_from_preallocated_area(void)
{
	NDIS_HANDLE h = nbl_pool(false, 64, 0);
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(h, 16, 0);
	NET_BUFFER_LIST_CONTEXT *pre = nbl ? nbl->Context : NULL;

	CHECK(pre && pre->Size == 64 && pre->Offset == 48 && !pre->Next);
	/* More within the unused space: Offset goes down, same area. */
	CHECK_EQ_INT(ndlw_NdisAllocateNetBufferListContext(nbl, 32, 0, 0),
		     NDIS_STATUS_SUCCESS);
	CHECK(nbl->Context == pre && pre->Offset == 16);
	ndlw_NdisFreeNetBufferListContext(nbl, 32);
	CHECK(nbl->Context == pre && pre->Offset == 48);
	ndlw_NdisFreeNetBufferListContext(nbl, 16);
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferListPool(h);
}

/*
 * NdisAllocateNetBufferListContext allocates when the unused space is
 * short: ContextSize used, ContextBackFill more in front; freeing it all
 * gives the old area back.
 */
static void test_context_allocated_when_short(void)
{
	NDIS_HANDLE h = nbl_pool(false, 16, 0);
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(h, 16, 0);
	NET_BUFFER_LIST_CONTEXT *pre = nbl ? nbl->Context : NULL, *c;

	CHECK_EQ_INT(ndlw_NdisAllocateNetBufferListContext(nbl, 24, 8, 0),
		     NDIS_STATUS_SUCCESS);
	c = nbl->Context;
	CHECK(c != pre && c->Next == pre);
	CHECK(c->Size == 32 && c->Offset == 8);
	ndlw_NdisFreeNetBufferListContext(nbl, 24);
	CHECK(nbl->Context == pre && pre->Offset == 0);
	/* sizes in multiples of sizeof(void *) */
	CHECK(ndlw_NdisAllocateNetBufferListContext(nbl, 12, 0, 0) !=
	      NDIS_STATUS_SUCCESS);
	ndlw_NdisFreeNetBufferListContext(nbl, 16);
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferListPool(h);
}

/* Freeing more context than is in use is refused (and said). */
static void test_context_free_more_than_used(void)
{
	NDIS_HANDLE h = nbl_pool(false, 16, 0);
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(h, 16, 0);

	ndlw_NdisFreeNetBufferListContext(nbl, 32);
	CHECK(log_contains("NdisFreeNetBufferListContext: 32 bytes freed"));
	CHECK(nbl->Context->Offset == 0);
	ndlw_NdisFreeNetBufferListContext(nbl, 16);
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferListPool(h);
}

/* The pool must have fAllocateNetBuffer TRUE and DataSize zero. */
static void test_nb_and_nbl_pool_kind(void)
{
	NDIS_HANDLE data = nbl_pool(true, 0, 256), none = nbl_pool(false, 0, 0);

	CHECK(!ndlw_NdisAllocateNetBufferAndNetBufferList(data, 0, 0, NULL, 0, 0));
	CHECK(!ndlw_NdisAllocateNetBufferAndNetBufferList(none, 0, 0, NULL, 0, 0));
	ndlw_NdisFreeNetBufferListPool(data);
	ndlw_NdisFreeNetBufferListPool(none);
}

/* MdlChain NULL: DataOffset and DataLength must be 0. */
static void test_nb_and_nbl_no_chain_no_data(void)
{
	NDIS_HANDLE h = nbl_pool(true, 0, 0);
	NET_BUFFER_LIST *nbl;

	CHECK(!ndlw_NdisAllocateNetBufferAndNetBufferList(h, 0, 0, NULL, 4, 0));
	CHECK(!ndlw_NdisAllocateNetBufferAndNetBufferList(h, 0, 0, NULL, 0, 4));
	nbl = ndlw_NdisAllocateNetBufferAndNetBufferList(h, 0, 0, NULL, 0, 0);
	CHECK(nbl && nbl->FirstNetBuffer && !nbl->FirstNetBuffer->MdlChain);
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferListPool(h);
}

/* DataOffset is the unused space; CurrentMdl the MDL the data starts in. */
static void test_nb_and_nbl_offsets(void)
{
	NDIS_HANDLE h = nbl_pool(true, 0, 0);
	MDL *chain = two_mdls();
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferAndNetBufferList(
		h, 0, 0, chain, 150, 100);
	NET_BUFFER *nb = nbl ? nbl->FirstNetBuffer : NULL;

	CHECK(nb && nb->MdlChain == chain && nb->DataOffset == 150 &&
	      nb->DataLength == 100);
	CHECK(nb && nb->CurrentMdl == chain->Next && nb->CurrentMdlOffset == 50);
	CHECK(nb && nb_byte(nb, 0) && *nb_byte(nb, 0) == 150);
	/* beyond the chain: refused */
	CHECK(!ndlw_NdisAllocateNetBufferAndNetBufferList(h, 0, 0, chain, 250, 51));
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferListPool(h);
	free_mdls(chain);
}

/* Retreat within the unused space only moves DataOffset; the chain stays. */
static void test_retreat_within_unused_space(void)
{
	NDIS_HANDLE h = nb_pool(0);
	MDL *chain = two_mdls();
	NET_BUFFER *nb = ndlw_NdisAllocateNetBuffer(h, chain, 150, 100);

	CHECK_EQ_INT(ndlw_NdisRetreatNetBufferDataStart(nb, 60, 0, NULL),
		     NDIS_STATUS_SUCCESS);
	CHECK(nb->MdlChain == chain && nb->DataOffset == 90 &&
	      nb->DataLength == 160);
	CHECK(nb->CurrentMdl == chain && nb->CurrentMdlOffset == 90);
	CHECK(*nb_byte(nb, 0) == 90 && *nb_byte(nb, 10) == 100);
	ndlw_NdisFreeNetBuffer(nb);
	ndlw_NdisFreeNetBufferPool(h);
	free_mdls(chain);
}

/*
 * Not enough unused space: NDIS allocates a buffer and an MDL at the head
 * of the chain, DataBackFill more than needed; the data stays contiguous.
 * Advance with FreeMdl frees what the retreat allocated.
 */
static void test_retreat_allocates_and_advance_frees(void)
{
	NDIS_HANDLE h = nb_pool(0);
	MDL *chain = two_mdls();
	NET_BUFFER *nb = ndlw_NdisAllocateNetBuffer(h, chain, 10, 50);
	u8 *p;

	CHECK_EQ_INT(ndlw_NdisRetreatNetBufferDataStart(nb, 30, 64, NULL),
		     NDIS_STATUS_SUCCESS);
	CHECK(nb->MdlChain != chain && nb->MdlChain->Next == chain);
	CHECK(nb->DataLength == 80 && nb->DataOffset >= 64);
	CHECK(nb->CurrentMdl == nb->MdlChain);
	p = ndlw_NdisGetDataBuffer(nb, 20, NULL, 1, 0);	/* the new space */
	CHECK(p);
	if (p)
		memset(p, 0xee, 20);
	CHECK(*nb_byte(nb, 19) == 0xee && *nb_byte(nb, 20) == 0 &&
	      *nb_byte(nb, 30) == 10);
	ndlw_NdisAdvanceNetBufferDataStart(nb, 30, TRUE, NULL);
	CHECK(nb->MdlChain == chain && nb->DataOffset == 10 &&
	      nb->DataLength == 50 && nb->CurrentMdl == chain);
	ndlw_NdisFreeNetBuffer(nb);
	ndlw_NdisFreeNetBufferPool(h);
	free_mdls(chain);
}

/* FreeMdl FALSE: NDIS keeps the unused MDL for later retreats. */
static void test_advance_keeps_mdl_for_next_retreat(void)
{
	NDIS_HANDLE h = nb_pool(0);
	MDL *chain = two_mdls();
	NET_BUFFER *nb = ndlw_NdisAllocateNetBuffer(h, chain, 0, 100);
	MDL *head;

	ndlw_NdisRetreatNetBufferDataStart(nb, 14, 0, NULL);
	head = nb->MdlChain;
	ndlw_NdisAdvanceNetBufferDataStart(nb, 14, FALSE, NULL);
	CHECK(nb->MdlChain == head && head != chain && nb->DataLength == 100);
	CHECK(nb->CurrentMdl == chain && nb->CurrentMdlOffset == 0);
	ndlw_NdisRetreatNetBufferDataStart(nb, 14, 0, NULL);
	CHECK(nb->MdlChain == head);		/* nothing new allocated */
	ndlw_NdisFreeNetBuffer(nb);		/* frees the kept MDL too */
	ndlw_NdisFreeNetBufferPool(h);
	free_mdls(chain);
}

static int mdl_allocs, mdl_frees;
static MDL *last_mdl;
static u8 drv_mem[256];

static NTAPI MDL *drv_alloc_mdl(ULONG *size)
{
	MDL *m = ndlw_IoAllocateMdl(drv_mem, *size, FALSE, FALSE, NULL);

	ndlw_MmBuildMdlForNonPagedPool(m);
	mdl_allocs++;
	last_mdl = m;
	return m;
}

static NTAPI void drv_free_mdl(MDL *m)
{
	CHECK(m == last_mdl);
	mdl_frees++;
	ndlw_IoFreeMdl(m);
}

/* NetAllocateMdl / NetFreeMdl, when given, are what NDIS uses. */
static void test_driver_mdl_handlers(void)
{
	NDIS_HANDLE h = nb_pool(0);
	MDL *chain = two_mdls();
	NET_BUFFER *nb = ndlw_NdisAllocateNetBuffer(h, chain, 0, 100);

	CHECK_EQ_INT(ndlw_NdisRetreatNetBufferDataStart(nb, 14, 2,
							drv_alloc_mdl),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mdl_allocs, 1);
	CHECK(nb->MdlChain == last_mdl && nb->MdlChain->Next == chain);
	ndlw_NdisAdvanceNetBufferDataStart(nb, 14, TRUE, drv_free_mdl);
	CHECK_EQ_INT(mdl_frees, 1);
	CHECK(nb->MdlChain == chain);
	ndlw_NdisFreeNetBuffer(nb);
	ndlw_NdisFreeNetBufferPool(h);
	free_mdls(chain);
}

/*
 * A driver may reattach a NET_BUFFER to another MDL chain (the
 * NdisAllocateNetBufferAndNetBufferList remarks): what NDIS allocated goes
 * with the NET_BUFFER, the driver's chain stays the driver's.
 */
static void test_reattached_chain_left_alone(void)
{
	NDIS_HANDLE h = nb_pool(0);
	MDL *chain = two_mdls(), *other = two_mdls();
	NET_BUFFER *nb = ndlw_NdisAllocateNetBuffer(h, chain, 0, 100);

	ndlw_NdisRetreatNetBufferDataStart(nb, 14, 0, NULL);
	CHECK(nb->MdlChain != chain);
	nb->MdlChain = nb->CurrentMdl = other;
	nb->DataOffset = nb->CurrentMdlOffset = 0;
	nb->DataLength = 300;
	ndlw_NdisAdvanceNetBufferDataStart(nb, 14, TRUE, NULL);
	CHECK(nb->MdlChain == other && nb->DataOffset == 14);
	ndlw_NdisFreeNetBuffer(nb);		/* frees the retreat's MDL */
	ndlw_NdisFreeNetBufferPool(h);
	free_mdls(chain);
	free_mdls(other);
}

/* The list forms retreat and advance every NET_BUFFER of the list. */
static void test_list_retreat_and_advance(void)
{
	NDIS_HANDLE lp = nbl_pool(false, 0, 0), bp = nb_pool(0);
	MDL *c1 = two_mdls(), *c2 = two_mdls();
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(lp, 0, 0);
	NET_BUFFER *a = ndlw_NdisAllocateNetBuffer(bp, c1, 40, 10);
	NET_BUFFER *b = ndlw_NdisAllocateNetBuffer(bp, c2, 60, 10);

	nbl->FirstNetBuffer = a;
	a->Next = b;
	CHECK_EQ_INT(ndlw_NdisRetreatNetBufferListDataStart(nbl, 20, 0, NULL,
							    NULL),
		     NDIS_STATUS_SUCCESS);
	CHECK(a->DataOffset == 20 && b->DataOffset == 40 &&
	      a->DataLength == 30 && b->DataLength == 30);
	ndlw_NdisAdvanceNetBufferListDataStart(nbl, 30, FALSE, NULL);
	CHECK(a->DataOffset == 50 && b->DataOffset == 70 &&
	      !a->DataLength && !b->DataLength);
	nbl->FirstNetBuffer = NULL;
	ndlw_NdisFreeNetBuffer(a);
	ndlw_NdisFreeNetBuffer(b);
	ndlw_NdisFreeNetBufferList(nbl);
	ndlw_NdisFreeNetBufferPool(bp);
	ndlw_NdisFreeNetBufferListPool(lp);
	free_mdls(c1);
	free_mdls(c2);
}

/*
 * NdisGetDataBuffer: NULL when DataLength < BytesNeeded; a pointer into
 * the data when contiguous; a copy in Storage when not; NULL when not and
 * no Storage. AlignMultiple/AlignOffset: the address is that multiple plus
 * that offset.
 */
static void test_get_data_buffer(void)
{
	NDIS_HANDLE h = nb_pool(0);
	MDL *chain = two_mdls();
	NET_BUFFER *nb = ndlw_NdisAllocateNetBuffer(h, chain, 90, 20);
	u8 store[32], *p;

	CHECK(!ndlw_NdisGetDataBuffer(nb, 21, store, 1, 0));
	p = ndlw_NdisGetDataBuffer(nb, 10, NULL, 1, 0);
	CHECK(p == buf + 90);
	CHECK(!ndlw_NdisGetDataBuffer(nb, 20, NULL, 1, 0));
	p = ndlw_NdisGetDataBuffer(nb, 20, store, 1, 0);
	CHECK(p == store && store[0] == 90 && store[19] == 109);
	/* buf + 90 is 2 mod 4 when buf is 4-aligned: (4, 2) is contiguous */
	if (((uintptr_t)buf & 3) == 0) {
		CHECK(ndlw_NdisGetDataBuffer(nb, 4, NULL, 4, 2) == buf + 90);
		CHECK(!ndlw_NdisGetDataBuffer(nb, 4, NULL, 4, 0));
		CHECK(ndlw_NdisGetDataBuffer(nb, 4, store, 4, 0) == store);
	}
	ndlw_NdisFreeNetBuffer(nb);
	ndlw_NdisFreeNetBufferPool(h);
	free_mdls(chain);
}

/*
 * NdisAllocateNetBufferMdlAndData: NET_BUFFER, MDL and DataSize bytes in
 * one; the pool must have a DataSize.
 */
static void test_mdl_and_data(void)
{
	NDIS_HANDLE h = nb_pool(256), none = nb_pool(0);
	NET_BUFFER *nb = ndlw_NdisAllocateNetBufferMdlAndData(h);

	CHECK(nb && nb->MdlChain && nb->MdlChain->ByteCount == 256);
	CHECK(nb && ndlw_NdisGetPoolFromNetBuffer(nb) == h);
	CHECK(!ndlw_NdisAllocateNetBufferMdlAndData(none));
	ndlw_NdisFreeNetBuffer(nb);
	ndlw_NdisFreeNetBufferPool(h);
	ndlw_NdisFreeNetBufferPool(none);
}

/* Bad handles and early pool frees are refused, never crash or leak. */
static void test_bad_input(void)
{
	NDIS_HANDLE lp = nbl_pool(true, 0, 0);
	NET_BUFFER_LIST *nbl = ndlw_NdisAllocateNetBufferList(lp, 0, 0);
	u64 junk[32] = { 0 };

	/* the list's own NET_BUFFER is not the driver's to free */
	ndlw_NdisFreeNetBuffer(nbl->FirstNetBuffer);
	CHECK(log_contains("is not a NET_BUFFER of a NET_BUFFER pool"));
	ndlw_NdisFreeNetBufferList((NET_BUFFER_LIST *)junk);
	CHECK(log_contains("is not a NET_BUFFER_LIST of a pool"));
	CHECK(!ndlw_NdisAllocateNetBufferList(junk, 0, 0));
	/* freed while a list is out: goes when the list comes back */
	ndlw_NdisFreeNetBufferListPool(lp);
	CHECK(log_contains("1 NET_BUFFER_LIST(s) of pool"));
	CHECK(!ndlw_NdisAllocateNetBufferList(lp, 0, 0));
	ndlw_NdisFreeNetBufferList(nbl);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_pool_header_is_checked);
	RUN(test_pool_data_size_needs_net_buffer);
	RUN(test_pool_context_size_alignment);
	RUN(test_list_has_one_net_buffer);
	RUN(test_list_data_buffer_of_data_size);
	RUN(test_list_context_used_and_backfill);
	RUN(test_context_from_preallocated_area);
	RUN(test_context_allocated_when_short);
	RUN(test_context_free_more_than_used);
	RUN(test_nb_and_nbl_pool_kind);
	RUN(test_nb_and_nbl_no_chain_no_data);
	RUN(test_nb_and_nbl_offsets);
	RUN(test_retreat_within_unused_space);
	RUN(test_retreat_allocates_and_advance_frees);
	RUN(test_advance_keeps_mdl_for_next_retreat);
	RUN(test_driver_mdl_handlers);
	RUN(test_reattached_chain_left_alone);
	RUN(test_list_retreat_and_advance);
	RUN(test_get_data_buffer);
	RUN(test_mdl_and_data);
	RUN(test_bad_input);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
