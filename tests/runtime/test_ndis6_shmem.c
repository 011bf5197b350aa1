// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance tests of NDIS's shared memory provider
 * (module/runtime/ndis6/ndis6_shmem.c): one rule of the
 * NdisAllocateSharedMemory, NdisFreeSharedMemory and
 * NDIS_SHARED_MEMORY_PARAMETERS reference pages per test, called through
 * the addresses NDIS.SYS's export table gives a driver. The adapter is a
 * virtual one of a registered NDIS 6 test miniport (no device: pool
 * memory), as during its MiniportInitializeEx.
 */
#include <string.h>

#include "check.h"
#include "ndis6_testdrv.h"
#include "test_export.h"
#include "ndis/ndis_adapter.h"
#include "ndis6/ndis6_shmem.h"

typedef NDIS_STATUS NTAPI_PTR (*alloc_fn)(NDIS_HANDLE h,
					  NDIS_SHARED_MEMORY_PARAMETERS *p,
					  NDIS_HANDLE *allocation);
typedef void NTAPI_PTR (*free_fn)(NDIS_HANDLE h, NDIS_HANDLE allocation);

static struct ndl_driver *drv;
static NDIS_HANDLE drv_handle;
static alloc_fn shm_alloc;
static free_fn shm_free;
static const struct ndl_adapter_ops no_ops;

/* Room for a list of four elements, as a driver sizes it by pages. */
static union {
	SCATTER_GATHER_LIST l;
	u8 room[sizeof(SCATTER_GATHER_LIST) + 4 * sizeof(SCATTER_GATHER_ELEMENT)];
} sg;

static struct ndl_adapter *adapter(const char *name)
{
	struct ndl_adapter_params p = {
		.drv = drv, .ops = &no_ops, .name = name, .tx_slots = 4,
	};
	struct ndl_adapter *ad = NULL;

	CHECK_EQ_INT(ndl_adapter_create(&p, &ad), 0);
	return ad;
}

static NDIS_SHARED_MEMORY_PARAMETERS params(ULONG len)
{
	NDIS_SHARED_MEMORY_PARAMETERS p = {
		.Header = { NDIS_OBJECT_TYPE_DEFAULT,
			    NDIS_SHARED_MEMORY_PARAMETERS_REVISION_1,
			    NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_1 },
		.Length = len,
		.SGListBufferLength = sizeof(sg),
		.SGListBuffer = &sg.l,
	};

	memset(&sg, 0xa5, sizeof(sg));
	sg.l.NumberOfElements = 4;
	return p;
}

/*
 * Success: the allocation handle, the block's virtual address and shared
 * memory handle in the parameters, and a scatter/gather list in the
 * caller's buffer that covers exactly Length bytes of the block.
 */
static void test_allocate_fills_parameters(void)
{
	struct ndl_adapter *ad = adapter("shm-a");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(5000);
	NDIS_HANDLE a = (void *)1;
	ULONG covered = 0;

	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_SUCCESS);
	CHECK(a != NULL);
	CHECK(p.VirtualAddress != NULL);
	CHECK(p.SharedMemoryHandle != NULL);
	CHECK(sg.l.NumberOfElements >= 1 && sg.l.NumberOfElements <= 4);
	for (ULONG i = 0; i < sg.l.NumberOfElements && i < 4; i++)
		covered += sg.l.Elements[i].Length;
	CHECK_EQ_INT(covered, 5000);
	CHECK(sg.l.Elements[0].Address.QuadPart ==
	      (LONGLONG)ndl_os_virt_to_phys(p.VirtualAddress));
	memset(p.VirtualAddress, 0x5a, 5000);	/* all of it is the driver's */
	shm_free(ad, a);
	ndl_adapter_destroy(ad);
}

/* Revision 2 (NDIS 6.30, VPortId) with its size is accepted too. */
static void test_revision_2(void)
{
	struct ndl_adapter *ad = adapter("shm-r2");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(64);
	NDIS_HANDLE a = NULL;

	p.Header.Revision = NDIS_SHARED_MEMORY_PARAMETERS_REVISION_2;
	p.Header.Size = NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_2;
	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_SUCCESS);
	shm_free(ad, a);
	/* ... but not with the smaller revision 1 size */
	p = params(64);
	p.Header.Revision = NDIS_SHARED_MEMORY_PARAMETERS_REVISION_2;
	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_INVALID_PARAMETER);
	CHECK(a == NULL);
	ndl_adapter_destroy(ad);
}

/*
 * Header.Type must be NDIS_OBJECT_TYPE_DEFAULT: otherwise
 * NDIS_STATUS_INVALID_PARAMETER, and the handle is NULL on failure.
 */
static void test_bad_header(void)
{
	struct ndl_adapter *ad = adapter("shm-h");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(64);
	NDIS_HANDLE a = (void *)1;

	log_clear();
	p.Header.Type = 0x81;
	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_INVALID_PARAMETER);
	CHECK(a == NULL);
	CHECK(log_contains("Header.Type is not NDIS_OBJECT_TYPE_DEFAULT"));
	p = params(64);
	p.Header.Size = NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_1 - 8;
	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(shm_alloc(ad, NULL, &a), NDIS_STATUS_INVALID_PARAMETER);
	ndl_adapter_destroy(ad);
}

/* A block of no bytes is an invalid parameter. */
static void test_zero_length(void)
{
	struct ndl_adapter *ad = adapter("shm-0");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(0);
	NDIS_HANDLE a = (void *)1;

	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_INVALID_PARAMETER);
	CHECK(a == NULL);
	ndl_adapter_destroy(ad);
}

/* A scatter/gather buffer too small for any list: refused, no block. */
static void test_sg_buffer_too_small(void)
{
	struct ndl_adapter *ad = adapter("shm-sg");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(64);
	NDIS_HANDLE a = (void *)1;

	log_clear();
	p.SGListBufferLength = sizeof(SCATTER_GATHER_LIST);
	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_INVALID_PARAMETER);
	CHECK(a == NULL && p.VirtualAddress == NULL);
	CHECK(log_contains("SGListBufferLength too small"));
	ndl_adapter_destroy(ad);
	CHECK(!log_contains("left"));	/* nothing was allocated */
}

/*
 * NdisHandle must be one NDIS gave the driver: junk is refused, and the
 * driver handle has no device to share memory with.
 */
static void test_bad_ndis_handle(void)
{
	u64 junk[64] = { 0 };
	NDIS_SHARED_MEMORY_PARAMETERS p = params(64);
	NDIS_HANDLE a = (void *)1;

	log_clear();
	CHECK_EQ_INT(shm_alloc(junk, &p, &a), NDIS_STATUS_INVALID_PARAMETER);
	CHECK(a == NULL);
	CHECK(log_contains("neither a miniport adapter handle nor an NDIS driver handle"));
	CHECK_EQ_INT(shm_alloc(drv_handle, &p, &a),
		     NDIS_STATUS_INVALID_PARAMETER);
	CHECK(log_contains("must be an NDIS 6 MiniportAdapterHandle"));
}

/*
 * NdisFreeSharedMemory takes the allocation handle with the NdisHandle
 * it was allocated with: a second free, or one through another adapter,
 * is refused with a log line and frees nothing.
 */
static void test_free_rules(void)
{
	struct ndl_adapter *ad = adapter("shm-f"), *other = adapter("shm-o");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(128);
	NDIS_HANDLE a = NULL;

	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_SUCCESS);
	log_clear();
	shm_free(other, a);
	CHECK(log_contains("not a shared memory block of this adapter"));
	memset(p.VirtualAddress, 1, 128);	/* still allocated */
	shm_free(ad, a);
	log_clear();
	shm_free(ad, a);
	CHECK(log_contains("not a shared memory block of this adapter"));
	ndl_adapter_destroy(other);
	ndl_adapter_destroy(ad);
}

/* Blocks the driver never freed go with its adapter (leak-check). */
static void test_leftovers_released(void)
{
	struct ndl_adapter *ad = adapter("shm-l");
	NDIS_SHARED_MEMORY_PARAMETERS p = params(256);
	NDIS_HANDLE a = NULL, b = NULL;

	CHECK_EQ_INT(shm_alloc(ad, &p, &a), NDIS_STATUS_SUCCESS);
	p = params(4096);
	CHECK_EQ_INT(shm_alloc(ad, &p, &b), NDIS_STATUS_SUCCESS);
	log_clear();
	ndl_adapter_destroy(ad);
	CHECK(log_contains("left 2 NdisAllocateSharedMemory block(s) allocated"));
}

int main(void)
{
	int rc;

	test_init();
	drv = ndis6_test_driver(&drv_handle);
	CHECK(drv && drv_handle);
	if (!drv)
		return test_exit() | 1;
	drv->entry_status = 0;		/* as if DriverEntry had succeeded */
	shm_alloc = test_export("ndis.sys", "NdisAllocateSharedMemory");
	shm_free = test_export("ndis.sys", "NdisFreeSharedMemory");
	RUN(test_allocate_fills_parameters);
	RUN(test_revision_2);
	RUN(test_bad_header);
	RUN(test_zero_length);
	RUN(test_sg_buffer_too_small);
	RUN(test_bad_ndis_handle);
	RUN(test_free_rules);
	RUN(test_leftovers_released);
	ndis6_test_driver_unload(drv);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
