// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NDIS 6 scatter-gather DMA (module/runtime/ndis6/
 * ndis6_dma.c): one rule of the NdisMRegisterScatterGatherDma,
 * NdisMAllocateNetBufferSGList, MINIPORT_PROCESS_SG_LIST,
 * NdisMFreeNetBufferSGList and NdisMAllocateSharedMemoryAsyncEx reference
 * pages per test (and NdisMAllocateSharedMemory's, for memory reused). The adapter is one of a registered NDIS 6 test miniport
 * on a simulated PCI device; the user-space host maps DMA through bounce
 * buffers, so a list's addresses show what the device would read.
 */
#include <string.h>

#include "check.h"
#include "ndis6_testdrv.h"
#include "host.h"
#include "simdev.h"
#include "ndis/ndis_adapter.h"
#include "ndis6/ndis6_priv.h"

static const struct ndl_sim_model model = {
	.name = "dma6", .vendor = 0x1234, .device = 0x0016,
	.bars = { { NDL_SIM_BAR_MEM, 0x100 } },
};

static struct ndl_driver *drv;
static NDIS_HANDLE drv_handle;
static const struct ndl_adapter_ops no_ops;
static struct ndl_sim_dev *sim;

/* What MiniportProcessSGList and the shared memory completion saw. */
static struct {
	u32 sg_calls;
	u8 sg_irql;
	SCATTER_GATHER_LIST *sgl;
	void *sg_ctx;
	u32 shm_calls;
	u8 shm_irql;
	NDIS_HANDLE shm_adapter_ctx;
	void *shm_va, *shm_ctx;
	NDIS_PHYSICAL_ADDRESS shm_pa;
	ULONG shm_len;
} mp;

static NTAPI void mp_process_sg(void *pdo, void *reserved,
				SCATTER_GATHER_LIST *sgl, void *ctx)
{
	mp.sg_calls++;
	mp.sg_irql = ndl_os_irql_current();
	mp.sgl = sgl;
	mp.sg_ctx = ctx;
}

static NTAPI void mp_shm_done(NDIS_HANDLE ctx, void *va,
			      NDIS_PHYSICAL_ADDRESS *pa, ULONG len, void *c)
{
	mp.shm_calls++;
	mp.shm_irql = ndl_os_irql_current();
	mp.shm_adapter_ctx = ctx;
	mp.shm_va = va;
	mp.shm_pa = *pa;
	mp.shm_len = len;
	mp.shm_ctx = c;
}

static NDIS_SG_DMA_DESCRIPTION desc(void)
{
	NDIS_SG_DMA_DESCRIPTION d = {
		.Header = { NDIS_OBJECT_TYPE_SG_DMA_DESCRIPTION,
			    NDIS_SG_DMA_DESCRIPTION_REVISION_1,
			    NDIS_SIZEOF_SG_DMA_DESCRIPTION_REVISION_1 },
		.Flags = NDIS_SG_DMA_64_BIT_ADDRESS,
		.MaximumPhysicalMapping = 1536,
		.ProcessSGListHandler = mp_process_sg,
		.SharedMemAllocateCompleteHandler = mp_shm_done,
	};
	return d;
}

/*
 * An adapter of the test miniport on the device, registered as a bus
 * master (what its NdisMSetMiniportAttributes would have said).
 */
static struct ndl_adapter *adapter(const char *name, bool bus_master)
{
	struct ndl_adapter_params p = {
		.drv = drv, .ops = &no_ops, .name = name, .tx_slots = 4,
		.dev = ndl_sim_os_dev(sim),
	};
	struct ndl_adapter *ad = NULL;

	CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
	if (ad && bus_master)
		ndl6(ad)->attr_flags |= NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER;
	memset(&mp, 0, sizeof(mp));
	return ad;
}

static NDIS_HANDLE registered(struct ndl_adapter *ad)
{
	NDIS_SG_DMA_DESCRIPTION d = desc();
	NDIS_HANDLE h = NULL;

	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h),
		     NDIS_STATUS_SUCCESS);
	return h;
}

/* A NET_BUFFER over the given MDL chain. */
static void nb_init(NET_BUFFER *nb, MDL *chain, ULONG offset, ULONG len)
{
	memset(nb, 0, sizeof(*nb));
	nb->MdlChain = nb->CurrentMdl = chain;
	nb->CurrentMdlOffset = offset;
	nb->DataOffset = offset;
	nb->DataLength = len;
}

/* The bytes the list's elements describe, read through the device's view. */
static u32 list_bytes(const SCATTER_GATHER_LIST *sgl, u8 *out, u32 max)
{
	u32 n = 0;

	for (u32 i = 0; i < sgl->NumberOfElements; i++) {
		u32 len = sgl->Elements[i].Length;
		u8 *dev = ndl_user_dma_bus_to_va(
			(u64)sgl->Elements[i].Address.QuadPart, len);

		if (!dev || n + len > max)
			return 0;
		memcpy(out + n, dev, len);
		n += len;
	}
	return n;
}

/*
 * Success: a handle, and ScatterGatherListSize big enough for a list
 * covering MaximumPhysicalMapping bytes at any alignment (one element
 * per page spanned); the 64-bit flag gives 64-bit addresses.
 */
static void test_register(void)
{
	struct ndl_adapter *ad = adapter("dma-a", true);
	NDIS_SG_DMA_DESCRIPTION d = desc();
	NDIS_HANDLE h = NULL, h2 = (void *)1;

	d.MaximumPhysicalMapping = 9000;
	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h),
		     NDIS_STATUS_SUCCESS);
	CHECK(h != NULL);
	CHECK(d.ScatterGatherListSize >= sizeof(SCATTER_GATHER_LIST) +
	      4 * sizeof(SCATTER_GATHER_ELEMENT));
	CHECK(ad->dma64);
	/* One channel per adapter: a second registration is refused. */
	d = desc();
	CHECK(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h2) !=
	      NDIS_STATUS_SUCCESS);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	CHECK(ndl6(ad)->dma == NULL);
	ndl_adapter_destroy(ad);
}

/*
 * NDIS_STATUS_NOT_SUPPORTED when the miniport did not say its NIC is a
 * bus master; NDIS_STATUS_BAD_VERSION for a revision NDIS does not know;
 * a wrong type or no MiniportProcessSGList is refused too, saying why.
 */
static void test_register_refused(void)
{
	struct ndl_adapter *ad = adapter("dma-b", false);
	NDIS_SG_DMA_DESCRIPTION d = desc();
	NDIS_HANDLE h = (void *)1;

	log_clear();
	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h),
		     NDIS_STATUS_NOT_SUPPORTED);
	CHECK(h == NULL);
	CHECK(log_contains("dma-b: NdisMRegisterScatterGatherDma: the miniport did not register as a bus master"));
	ndl6(ad)->attr_flags |= NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER;
	d.Header.Revision = 0;
	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h),
		     NDIS_STATUS_BAD_VERSION);
	d = desc();
	d.Header.Size = 24;
	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h),
		     NDIS_STATUS_BAD_VERSION);
	d = desc();
	d.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	CHECK(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h) !=
	      NDIS_STATUS_SUCCESS);
	CHECK(log_contains("Header.Type is not NDIS_OBJECT_TYPE_SG_DMA_DESCRIPTION"));
	d = desc();
	d.ProcessSGListHandler = NULL;
	CHECK(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h) !=
	      NDIS_STATUS_SUCCESS);
	CHECK(log_contains("no ProcessSGListHandler"));
	CHECK(ndl6(ad)->dma == NULL);
	CHECK(h == NULL);
	ndl_adapter_destroy(ad);
}

/*
 * The list is generated from the start of CurrentMdl: the data begins
 * CurrentMdlOffset bytes into it, and the elements hold exactly
 * CurrentMdlOffset + DataLength bytes, across MDLs (the rest of the last
 * MDL is not in it). MiniportProcessSGList gets the list and the Context
 * at DISPATCH_LEVEL; the call succeeds.
 */
static void test_list_covers_current_mdl(void)
{
	struct ndl_adapter *ad = adapter("dma-c", true);
	NDIS_HANDLE h = registered(ad);
	static u8 a[100], b[300];
	u8 seen[512];
	MDL *m1 = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	MDL *m2 = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	NET_BUFFER nb;
	int ctx;

	for (u32 i = 0; i < sizeof(a); i++)
		a[i] = (u8)i;
	for (u32 i = 0; i < sizeof(b); i++)
		b[i] = (u8)(0x80 + i);
	ndl_mdl_set(m1, a, sizeof(a));
	ndl_mdl_set(m2, b, sizeof(b));
	m1->Next = m2;
	nb_init(&nb, m1, 10, 90 + 50);	/* all of a past 10, 50 of b */
	CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, &ctx,
			NDIS_SG_LIST_WRITE_TO_DEVICE, NULL, 0),
		     NDIS_STATUS_SUCCESS);
	CHECK_EQ_INT(mp.sg_calls, 1);
	CHECK_EQ_INT(mp.sg_irql, NDL_DISPATCH_LEVEL);
	CHECK(mp.sg_ctx == &ctx);
	CHECK(mp.sgl != NULL);
	if (mp.sgl) {
		CHECK_EQ_INT(list_bytes(mp.sgl, seen, sizeof(seen)), 150);
		CHECK(memcmp(seen, a, 100) == 0);
		CHECK(memcmp(seen + 100, b, 50) == 0);
		ndlw_NdisMFreeNetBufferSGList(h, mp.sgl, &nb);
	}
	m1->Next = NULL;
	ndl_free(m1);
	ndl_free(m2);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

/*
 * The caller's buffer holds the list when it is big enough; when it is
 * too small NDIS allocates one, and MiniportProcessSGList gets that.
 */
static void test_caller_buffer(void)
{
	struct ndl_adapter *ad = adapter("dma-d", true);
	NDIS_SG_DMA_DESCRIPTION d = desc();
	NDIS_HANDLE h = NULL;
	static u8 frame[1514];
	u8 seen[2048], *buf;
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	NET_BUFFER nb;

	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h), 0);
	buf = ndl_alloc(d.ScatterGatherListSize, NDL_OS_ZERO);
	memset(frame, 0x5a, sizeof(frame));
	ndl_mdl_set(m, frame, sizeof(frame));
	nb_init(&nb, m, 0, sizeof(frame));
	CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, NULL,
			NDIS_SG_LIST_WRITE_TO_DEVICE, buf,
			d.ScatterGatherListSize), NDIS_STATUS_SUCCESS);
	CHECK(mp.sgl == (SCATTER_GATHER_LIST *)buf);
	ndlw_NdisMFreeNetBufferSGList(h, mp.sgl, &nb);
	mp.sgl = NULL;
	CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, NULL,
			NDIS_SG_LIST_WRITE_TO_DEVICE, buf,
			sizeof(SCATTER_GATHER_LIST)), NDIS_STATUS_SUCCESS);
	CHECK(mp.sgl && mp.sgl != (SCATTER_GATHER_LIST *)buf);
	if (mp.sgl) {
		CHECK_EQ_INT(list_bytes(mp.sgl, seen, sizeof(seen)),
			     sizeof(frame));
		CHECK(memcmp(seen, frame, sizeof(frame)) == 0);
		ndlw_NdisMFreeNetBufferSGList(h, mp.sgl, &nb);
	}
	ndl_free(buf);
	ndl_free(m);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

/*
 * Without NDIS_SG_LIST_WRITE_TO_DEVICE the transfer is from the device:
 * what the device wrote is in the NET_BUFFER once the list is freed. The
 * free unmaps what was mapped even if the driver trimmed the elements.
 */
static void test_from_device_and_trimmed(void)
{
	struct ndl_adapter *ad = adapter("dma-e", true);
	NDIS_HANDLE h = registered(ad);
	static u8 data[256];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	NET_BUFFER nb;
	u8 *dev;

	ndl_mdl_set(m, data, sizeof(data));
	nb_init(&nb, m, 0, sizeof(data));
	CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, NULL, 0, NULL,
						       0), 0);
	CHECK(mp.sgl && mp.sgl->NumberOfElements == 1);
	if (!mp.sgl)
		goto out;
	dev = ndl_user_dma_bus_to_va((u64)mp.sgl->Elements[0].Address.QuadPart,
				     sizeof(data));
	CHECK(dev != NULL);
	if (dev)
		memset(dev, 0xc3, sizeof(data));
	mp.sgl->Elements[0].Address.QuadPart += 14;	/* the driver trims */
	mp.sgl->Elements[0].Length -= 14;
	log_clear();
	ndlw_NdisMFreeNetBufferSGList(h, mp.sgl, &nb);
	CHECK(data[0] == 0xc3 && data[255] == 0xc3);
	CHECK(!log_contains("never mapped"));
out:
	ndl_free(m);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

/*
 * A list the handle never built, or one freed already, is refused with a
 * log line, never trusted; so is a handle that is not a DMA handle.
 */
static void test_free_foreign(void)
{
	struct ndl_adapter *ad = adapter("dma-f", true);
	NDIS_HANDLE h = registered(ad);
	static u8 data[64];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	struct {
		SCATTER_GATHER_LIST l;
		SCATTER_GATHER_ELEMENT e[1];
	} fake = { .l = { .NumberOfElements = 1, .Reserved = 1 } };
	SCATTER_GATHER_LIST *sgl;
	NET_BUFFER nb;
	int not_dma;

	ndl_mdl_set(m, data, sizeof(data));
	nb_init(&nb, m, 0, sizeof(data));
	CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, NULL,
			NDIS_SG_LIST_WRITE_TO_DEVICE, NULL, 0), 0);
	sgl = mp.sgl;
	log_clear();
	ndlw_NdisMFreeNetBufferSGList(h, &fake.l, &nb);
	CHECK(log_contains("dma-f: NdisMFreeNetBufferSGList"));
	CHECK(log_contains("not a list this handle built"));
	ndlw_NdisMFreeNetBufferSGList(h, sgl, &nb);
	log_clear();
	ndlw_NdisMFreeNetBufferSGList(h, sgl, &nb);	/* twice */
	CHECK(log_contains("not a list this handle built, or freed already"));
	log_clear();
	ndlw_NdisMFreeNetBufferSGList(&not_dma, sgl, &nb);
	CHECK(log_contains("not a registered scatter-gather DMA handle"));
	CHECK(ndlw_NdisMAllocateNetBufferSGList(&not_dma, &nb, NULL, 0, NULL,
						0) != NDIS_STATUS_SUCCESS);
	ndl_free(m);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

/*
 * A NET_BUFFER whose MDLs hold less than CurrentMdlOffset + DataLength
 * gets no list (and MiniportProcessSGList is not called).
 */
static void test_short_chain(void)
{
	struct ndl_adapter *ad = adapter("dma-g", true);
	NDIS_HANDLE h = registered(ad);
	static u8 data[64];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	NET_BUFFER nb;

	ndl_mdl_set(m, data, sizeof(data));
	nb_init(&nb, m, 8, sizeof(data));
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, NULL, 0, NULL,
						       0),
		     NDIS_STATUS_RESOURCES);
	CHECK_EQ_INT(mp.sg_calls, 0);
	CHECK(log_contains("dma-g: NdisMAllocateNetBufferSGList: a NET_BUFFER whose MDLs hold fewer"));
	ndl_free(m);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

/*
 * Lists not freed are unmapped when the DMA is deregistered, and a
 * registration left at the adapter's end is released, each with a
 * warning.
 */
static void test_leftovers(void)
{
	struct ndl_adapter *ad = adapter("dma-h", true);
	NDIS_HANDLE h = registered(ad);
	static u8 data[64];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	NET_BUFFER nb;

	ndl_mdl_set(m, data, sizeof(data));
	nb_init(&nb, m, 0, sizeof(data));
	for (int i = 0; i < 40; i++)	/* past the first records' room */
		CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nb, NULL,
				NDIS_SG_LIST_WRITE_TO_DEVICE, NULL, 0), 0);
	log_clear();
	ndlw_NdisMDeregisterScatterGatherDma(h);
	CHECK(log_contains("dma-h: NdisMDeregisterScatterGatherDma left 40 scatter/gather list(s) not freed"));
	h = registered(ad);
	log_clear();
	ndl_adapter_destroy(ad);
	CHECK(log_contains("dma-h: the adapter's removal left its scatter-gather DMA registered"));
	ndl_free(m);
}

/*
 * NdisMAllocateSharedMemoryAsyncEx returns NDIS_STATUS_PENDING and
 * MiniportSharedMemoryAllocateComplete gets the memory, its length and
 * the Context later; without that handler the call fails.
 */
static void test_shared_memory_async(void)
{
	struct ndl_adapter *ad = adapter("dma-i", true);
	NDIS_SG_DMA_DESCRIPTION d = desc();
	NDIS_HANDLE h = NULL;
	int ctx;

	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h), 0);
	CHECK_EQ_INT(ndlw_NdisMAllocateSharedMemoryAsyncEx(h, 4096, TRUE,
							   &ctx),
		     NDIS_STATUS_PENDING);
	ndl_user_run_pending();
	CHECK_EQ_INT(mp.shm_calls, 1);
	CHECK_EQ_INT(mp.shm_irql, NDL_DISPATCH_LEVEL);
	CHECK(mp.shm_adapter_ctx == ndl_ad_ctx(ad));
	CHECK(mp.shm_va != NULL);
	CHECK(mp.shm_pa.QuadPart != 0);
	CHECK_EQ_INT(mp.shm_len, 4096);
	CHECK(mp.shm_ctx == &ctx);
	if (mp.shm_va)
		ndlw_NdisMFreeSharedMemory(ad, 4096, TRUE, mp.shm_va,
					   mp.shm_pa);
	ndlw_NdisMDeregisterScatterGatherDma(h);

	d = desc();
	d.SharedMemAllocateCompleteHandler = NULL;
	CHECK_EQ_INT(ndlw_NdisMRegisterScatterGatherDma(ad, &d, &h), 0);
	log_clear();
	CHECK_EQ_INT(ndlw_NdisMAllocateSharedMemoryAsyncEx(h, 4096, TRUE,
							   &ctx),
		     NDIS_STATUS_FAILURE);
	CHECK(log_contains("without a SharedMemAllocateCompleteHandler"));
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

/*
 * Many lists in flight, as a send queue has them: each one's elements
 * hold its own frame, below 4 GiB, on no other list's bytes and not on
 * the adapter's shared memory, for more bytes than the pool holds;
 * per-packet lists by the thousand leave room for a large shared block afterwards,
 * page-aligned and zeroed although the pool under it was written.
 */
static void test_many_lists(void)
{
	enum { LISTS = 200, FRAME = 1514 };
	struct ndl_adapter *ad = adapter("dma-j", true);
	NDIS_HANDLE h = registered(ad);
	static u8 frames[LISTS][FRAME], seen[FRAME];
	static NET_BUFFER nbs[LISTS];
	static MDL *mdls[LISTS];
	static SCATTER_GATHER_LIST *lists[LISTS];
	static u64 lo[LISTS], hi[LISTS];
	NDIS_PHYSICAL_ADDRESS pa, ring_pa;
	bool zero = true, apart = true;
	void *va = NULL, *ring = NULL;
	u64 ring_lo;

	for (int i = 0; i < LISTS; i++) {
		mdls[i] = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
		if (!mdls[i])
			goto out;
		memset(frames[i], i + 1, FRAME);
		ndl_mdl_set(mdls[i], frames[i], FRAME);
		nb_init(&nbs[i], mdls[i], 0, FRAME);
	}
	ndlw_NdisMAllocateSharedMemory(ad, 65536, TRUE, &ring, &ring_pa);
	CHECK(ring != NULL);
	ring_lo = (u64)ring_pa.QuadPart;
	for (int round = 0; round < 120; round++) {	/* 36 MB of frames */
		for (int i = 0; i < LISTS; i++) {
			mp.sgl = NULL;
			CHECK_EQ_INT(ndlw_NdisMAllocateNetBufferSGList(h, &nbs[i],
					NULL, NDIS_SG_LIST_WRITE_TO_DEVICE,
					NULL, 0), 0);
			lists[i] = mp.sgl;
			if (!mp.sgl || mp.sgl->NumberOfElements != 1) {
				CHECK(!"one element");
				continue;
			}
			lo[i] = (u64)mp.sgl->Elements[0].Address.QuadPart;
			hi[i] = lo[i] + mp.sgl->Elements[0].Length;
			CHECK(hi[i] <= 1ull << 32);
			apart &= !ring || hi[i] <= ring_lo ||
				 ring_lo + 65536 <= lo[i];
			CHECK(list_bytes(mp.sgl, seen, FRAME) == FRAME &&
			      seen[0] == i + 1 && seen[FRAME - 1] == i + 1);
		}
		for (int i = 0; i < LISTS; i++)
			for (int k = 0; k < i; k++)
				apart &= !lists[i] || !lists[k] ||
					 hi[i] <= lo[k] || hi[k] <= lo[i];
		for (int i = 0; i < LISTS; i++)
			if (lists[i])
				ndlw_NdisMFreeNetBufferSGList(h, lists[i], &nbs[i]);
	}
	CHECK(apart);
	if (ring)
		ndlw_NdisMFreeSharedMemory(ad, 65536, TRUE, ring, ring_pa);
	/* dirty a large piece of the pool, free it, allocate it again */
	ndlw_NdisMAllocateSharedMemory(ad, 16 << 20, TRUE, &va, &pa);
	CHECK(va != NULL);
	if (va) {
		memset(va, 0xee, 16 << 20);
		ndlw_NdisMFreeSharedMemory(ad, 16 << 20, TRUE, va, pa);
	}
	ndlw_NdisMAllocateSharedMemory(ad, 16 << 20, TRUE, &va, &pa);
	CHECK(va != NULL && !(pa.QuadPart & 0xfff) &&
	      (u64)pa.QuadPart + (16 << 20) <= 1ull << 32);
	for (size_t k = 0; va && k < 16u << 20; k += 4096)
		zero &= !((u8 *)va)[k] && !((u8 *)va)[k + 4095];
	CHECK(zero);
	if (va)
		ndlw_NdisMFreeSharedMemory(ad, 16 << 20, TRUE, va, pa);
out:
	for (int i = 0; i < LISTS; i++)
		ndl_free(mdls[i]);
	ndlw_NdisMDeregisterScatterGatherDma(h);
	ndl_adapter_destroy(ad);
}

int main(void)
{
	int rc;

	test_init();
	drv = ndis6_test_driver(&drv_handle);
	sim = ndl_sim_create(&model);
	CHECK(drv && drv_handle && sim && ndl_user_dma_pool());
	if (!drv || !sim)
		return test_exit() | 1;
	drv->entry_status = 0;		/* as if DriverEntry had succeeded */
	RUN(test_register);
	RUN(test_register_refused);
	RUN(test_list_covers_current_mdl);
	RUN(test_caller_buffer);
	RUN(test_from_device_and_trimmed);
	RUN(test_free_foreign);
	RUN(test_short_chain);
	RUN(test_leftovers);
	RUN(test_shared_memory_async);
	RUN(test_many_lists);
	ndl_sim_destroy(sim);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
