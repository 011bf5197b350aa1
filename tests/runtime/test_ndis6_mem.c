// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NDIS 6 memory (module/runtime/ndis6/ndis6_mem.c):
 * one rule of the NdisAllocateMemoryWithTagPriority,
 * NdisFreeMemoryWithTagPriority, NdisAllocateMdl and NdisFreeMdl
 * reference pages per test.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ndis6_testdrv.h"
#include "nt/nt_api.h"

#define TAG 0x3674654e		/* 'Net6' */
enum { LowPoolPriority = 0, NormalPoolPriority = 16, HighPoolPriority = 32 };

NDIS_STATUS NTAPI ndlw_NdisAllocateMemoryWithTag(void **va, UINT len,
						 ULONG tag);
void NTAPI ndlw_NdisFreeMemory(void *va, UINT len, UINT flags);

static NDIS_HANDLE drv_handle;

/*
 * Nonpaged memory of the size asked, at every priority, usable in
 * full, aligned as pool memory is (16 bytes on x64), freed with its tag.
 */
static void test_allocate_and_free(void)
{
	static const ULONG prio[] = { LowPoolPriority, NormalPoolPriority,
				      HighPoolPriority };

	log_clear();
	for (unsigned int i = 0; i < 3; i++) {
		u8 *p = ndlw_NdisAllocateMemoryWithTagPriority(drv_handle,
							      1500, TAG,
							      prio[i]);
		CHECK(p != NULL);
		if (!p)
			continue;
		CHECK_EQ_INT((uintptr_t)p % 16, 0);
		memset(p, 0xa5, 1500);
		ndlw_NdisFreeMemoryWithTagPriority(drv_handle, p, TAG);
	}
	CHECK(!log_contains("error"));
}

/*
 * NdisFreeMemory frees memory from NdisAllocateMemoryWithTagPriority too
 * (its reference page lists both allocators); nothing leaks, no error.
 */
static void test_ndis_free_memory_takes_it(void)
{
	struct ndl_mem_stats before, after;
	void *p;

	log_clear();
	ndl_mem_stats(&before);
	p = ndlw_NdisAllocateMemoryWithTagPriority(drv_handle, 300, TAG,
						   NormalPoolPriority);
	CHECK(p != NULL);
	ndlw_NdisFreeMemory(p, 0, 0);
	ndl_mem_stats(&after);
	CHECK_EQ_INT((int)after.allocations, (int)before.allocations);
	CHECK(!log_contains("error") && !log_contains("bad"));
}

/*
 * NdisFreeMemory of NdisAllocateMemoryWithTag memory of a page or more
 * (a page-aligned block with nothing in front of it) and of less: both
 * freed, nothing read outside them (ASan and valgrind watch this one).
 */
static void test_ndis_free_memory_plain_blocks(void)
{
	static const UINT sizes[] = { 64, 4096 - 16, 4096, 8192, 3 * 4096 + 5 };
	struct ndl_mem_stats before, after;

	log_clear();
	ndl_mem_stats(&before);
	for (unsigned int i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		void *p = NULL;

		CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&p, sizes[i], TAG),
			     NDIS_STATUS_SUCCESS);
		ndlw_NdisFreeMemory(p, sizes[i], 0);
	}
	ndl_mem_stats(&after);
	CHECK_EQ_INT((int)after.allocations, (int)before.allocations);
	CHECK(!log_contains("error") && !log_contains("bad"));
}

/* NULL for a zero length or a handle NDIS did not give. */
static void test_allocate_refusals(void)
{
	u64 junk[64] = { 0 };

	log_clear();
	CHECK(ndlw_NdisAllocateMemoryWithTagPriority(drv_handle, 0, TAG,
						     NormalPoolPriority) == NULL);
	CHECK(ndlw_NdisAllocateMemoryWithTagPriority(NULL, 64, TAG,
						     NormalPoolPriority) == NULL);
	CHECK(ndlw_NdisAllocateMemoryWithTagPriority(junk, 64, TAG,
						     NormalPoolPriority) == NULL);
	CHECK(log_contains("neither a miniport adapter handle nor an NDIS driver handle"));
	ndlw_NdisFreeMemoryWithTagPriority(drv_handle, NULL, TAG);	/* no-op */
}

/* The free names the allocation's tag: a different one is reported. */
static void test_free_checks_tag(void)
{
	void *p = ndlw_NdisAllocateMemoryWithTagPriority(drv_handle, 32, TAG,
							 NormalPoolPriority);

	log_clear();
	ndlw_NdisFreeMemoryWithTagPriority(drv_handle, p, TAG + 1);
	CHECK(log_contains("allocated with 0x3674654e"));
}

/*
 * Memory that did not come from NdisAllocateMemoryWithTagPriority is not
 * released through it (that would corrupt the pool): reported, left.
 */
static void test_free_foreign_memory(void)
{
	void *p = NULL;

	CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&p, 64, TAG),
		     NDIS_STATUS_SUCCESS);
	memset(p, 0, 64);
	log_clear();
	ndlw_NdisFreeMemoryWithTagPriority(drv_handle, p, TAG);
	CHECK(log_contains("not memory from NdisAllocateMemoryWithTagPriority"));
	ndlw_NdisFreeMemory(p, 64, 0);
	/* a page block: nothing in front of it to read */
	CHECK_EQ_INT(ndlw_NdisAllocateMemoryWithTag(&p, 8192, TAG),
		     NDIS_STATUS_SUCCESS);
	log_clear();
	ndlw_NdisFreeMemoryWithTagPriority(drv_handle, p, TAG);
	CHECK(log_contains("not memory from NdisAllocateMemoryWithTagPriority"));
	ndlw_NdisFreeMemory(p, 8192, 0);
}

/*
 * NdisAllocateMdl: an MDL that describes exactly the buffer (its address,
 * offset in the page, byte count), mapped (nonpaged memory); NdisFreeMdl
 * frees it and not the buffer.
 */
static void test_mdl_describes_buffer(void)
{
	u8 *buf = ndlw_NdisAllocateMemoryWithTagPriority(drv_handle, 5000, TAG,
							 NormalPoolPriority);
	MDL *m = ndlw_NdisAllocateMdl(drv_handle, buf + 3, 4000);

	CHECK(m != NULL);
	if (m) {
		CHECK_EQ_INT(m->ByteCount, 4000);
		CHECK_EQ_INT(m->ByteOffset, (uintptr_t)(buf + 3) & 0xfff);
		CHECK((u8 *)m->StartVa + m->ByteOffset == buf + 3);
		CHECK(m->MappedSystemVa == buf + 3);
		CHECK(m->MdlFlags & MDL_SOURCE_IS_NONPAGED_POOL);
		CHECK(m->Next == NULL);
		ndlw_NdisFreeMdl(m);
	}
	buf[0] = 1;	/* still the driver's */
	ndlw_NdisFreeMemoryWithTagPriority(drv_handle, buf, TAG);
}

static void test_mdl_refusals(void)
{
	u8 buf[16];

	CHECK(ndlw_NdisAllocateMdl(NULL, buf, sizeof(buf)) == NULL);
	CHECK(ndlw_NdisAllocateMdl(drv_handle, NULL, 16) == NULL);
	CHECK(ndlw_NdisAllocateMdl(drv_handle, buf, 0) == NULL);
	ndlw_NdisFreeMdl(NULL);
}

int main(void)
{
	struct ndl_driver *drv;
	int rc;

	test_init();
	drv = ndis6_test_driver(&drv_handle);
	CHECK(drv && drv_handle);
	if (!drv)
		return test_exit() | 1;
	RUN(test_allocate_and_free);
	RUN(test_allocate_refusals);
	RUN(test_free_checks_tag);
	RUN(test_free_foreign_memory);
	RUN(test_ndis_free_memory_takes_it);
	RUN(test_ndis_free_memory_plain_blocks);
	RUN(test_mdl_describes_buffer);
	RUN(test_mdl_refusals);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
