// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance of bus-master memory, one documented rule per test, from a
 * miniport written in C (ndis_fakemp.c) on a simulated device that reads
 * and writes host memory only by bus address (module/user/sim.c):
 *
 * NdisMAllocateSharedMemory
 *  - the range is accessible from the host and the NIC at once: what the
 *    device writes at the physical address is what the driver reads at
 *    the virtual one, and the other way round, with no call in between
 *    (Cached is ignored: x86/x64 always use cached, coherent memory);
 *  - both addresses respect NdisMGetDmaAlignment;
 *  - NdisMFreeSharedMemory takes it back (halt reports none left).
 * NdisMStartBufferPhysicalMapping / NdisMCompleteBufferPhysicalMapping
 *  - WriteToDevice TRUE: the device reads what the CPU wrote before;
 *  - WriteToDevice FALSE: once the mapping completes, the CPU sees what
 *    the device wrote.
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"

static struct tap tap;
static struct ndl_driver *drv;
static struct ndl_adapter *ad;
static struct ndl_sim_dev *sim;

static const struct ndl_sim_model model = {
	.name = "dmadev", .vendor = 0x1234, .device = 0x0003,
	.bars = { { NDL_SIM_BAR_IO, 0x10 } },
};

NDIS_STATUS NTAPI ndlw_NdisMAllocateMapRegisters(NDIS_HANDLE h, UINT channel,
						 UCHAR size, ULONG count,
						 ULONG max);
void NTAPI ndlw_NdisMFreeMapRegisters(NDIS_HANDLE h);
void NTAPI ndlw_NdisMStartBufferPhysicalMapping(NDIS_HANDLE h, MDL *m,
	ULONG reg, BOOLEAN to_dev, NDIS_PHYSICAL_ADDRESS_UNIT *u, UINT *n);
void NTAPI ndlw_NdisMCompleteBufferPhysicalMapping(NDIS_HANDLE h, MDL *m,
						   ULONG reg);
void NTAPI ndlw_NdisMAllocateSharedMemory(NDIS_HANDLE h, ULONG len,
					  BOOLEAN cached, void **va,
					  NDIS_PHYSICAL_ADDRESS *pa);
void NTAPI ndlw_NdisMFreeSharedMemory(NDIS_HANDLE h, ULONG len, BOOLEAN c,
				      void *va, NDIS_PHYSICAL_ADDRESS pa);
ULONG NTAPI ndlw_NdisMGetDmaAlignment(NDIS_HANDLE h);

/* A serialized bus master on the simulated device. */
static bool start(void)
{
	struct ndl_adapter_info info;
	bool ok;

	memset(&fm, 0, sizeof(fm));
	fm.accept = 100;
	fm.hang_secs = 1;
	fm.bus_master = true;
	sim = ndl_sim_create(&model);
	drv = fm_container();
	ok = sim && drv && !fm_register(drv);
	if (ok)
		ad = tap_adapter(drv, ndl_sim_os_dev(sim), NULL, &tap);
	ok = ok && ad && !ndl_adapter_initialize(ad, &info, NULL);
	CHECK(ok);	/* a test that cannot start fails */
	return ok;
}

static void teardown(void)
{
	test_teardown(ad, drv, sim);
	ad = NULL;
	drv = NULL;
	sim = NULL;
	CHECK_EQ_INT(fm.bad_irql, 0);
}

static void shared_case(BOOLEAN cached, ULONG len)
{
	u32 align = ndlw_NdisMGetDmaAlignment(fm.handle);
	NDIS_PHYSICAL_ADDRESS pa;
	volatile u32 *word;
	u8 buf[16];
	void *va;

	ndlw_NdisMAllocateSharedMemory(fm.handle, len, cached, &va, &pa);
	CHECK(va != NULL);
	if (!va)
		return;
	CHECK(align >= 4 && !(align & (align - 1)));
	CHECK_EQ_INT((uintptr_t)va % align, 0);
	CHECK_EQ_INT((u64)pa.QuadPart % align, 0);
	/* The device completes a command: the driver's next read sees it. */
	word = (volatile u32 *)((u8 *)va + len - 4);
	CHECK(ndl_sim_dma_write(sim, (u64)pa.QuadPart + len - 4,
				"\x01\x00\x00\x80", 4));
	CHECK_EQ_INT(*word, 0x80000001u);
	/* The driver fills a descriptor: the device reads it as written. */
	memset(va, 0xa5, 16);
	CHECK(ndl_sim_dma_read(sim, (u64)pa.QuadPart, buf, sizeof(buf)));
	CHECK(buf[0] == 0xa5 && buf[15] == 0xa5);
	ndlw_NdisMFreeSharedMemory(fm.handle, len, cached, va, pa);
}

static void test_shared_memory_coherent(void)
{
	if (!start())
		goto out;
	shared_case(TRUE, 64);
	shared_case(FALSE, 64);
	shared_case(TRUE, 3 * 4096 + 100);
	shared_case(FALSE, 8192);
out:
	teardown();
	/* Everything allocated was freed: halt released nothing. */
	CHECK(!log_contains("shared memory allocated"));
}

static void test_map_register_to_device(void)
{
	static u8 frame[600];
	NDIS_PHYSICAL_ADDRESS_UNIT u[4];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	u8 seen[600];
	UINT n = 0;

	if (!m || !start())
		goto out;
	CHECK_EQ_INT(ndlw_NdisMAllocateMapRegisters(fm.handle, 0, 1, 4, 4096),
		     0);
	for (u32 i = 0; i < sizeof(frame); i++)
		frame[i] = (u8)(i * 7 + 3);
	ndl_mdl_set(m, frame, sizeof(frame));
	ndlw_NdisMStartBufferPhysicalMapping(fm.handle, m, 0, TRUE, u, &n);
	CHECK_EQ_INT(n, 1);
	if (n == 1) {
		CHECK_EQ_INT(u[0].Length, sizeof(frame));
		CHECK(ndl_sim_dma_read(sim, (u64)u[0].PhysicalAddress.QuadPart,
				       seen, sizeof(seen)));
		CHECK(!memcmp(seen, frame, sizeof(frame)));
	}
	ndlw_NdisMCompleteBufferPhysicalMapping(fm.handle, m, 0);
	ndlw_NdisMFreeMapRegisters(fm.handle);
out:
	ndl_free(m);
	teardown();
}

static void test_map_register_from_device(void)
{
	static u8 buf[1514];
	NDIS_PHYSICAL_ADDRESS_UNIT u[4];
	MDL *m = ndl_mdl_alloc_pages(2, NDL_MEM_MDLS);
	u8 wire[1514];
	UINT n = 0;

	if (!m || !start())
		goto out;
	CHECK_EQ_INT(ndlw_NdisMAllocateMapRegisters(fm.handle, 0, 1, 4, 4096),
		     0);
	for (u32 i = 0; i < sizeof(wire); i++)
		wire[i] = (u8)(i * 11 + 5);
	memset(buf, 0, sizeof(buf));
	ndl_mdl_set(m, buf, sizeof(buf));
	ndlw_NdisMStartBufferPhysicalMapping(fm.handle, m, 1, FALSE, u, &n);
	CHECK_EQ_INT(n, 1);
	if (n == 1)
		CHECK(ndl_sim_dma_write(sim, (u64)u[0].PhysicalAddress.QuadPart,
					wire, sizeof(wire)));
	ndlw_NdisMCompleteBufferPhysicalMapping(fm.handle, m, 1);
	CHECK(!memcmp(buf, wire, sizeof(wire)));
	ndlw_NdisMFreeMapRegisters(fm.handle);
out:
	ndl_free(m);
	teardown();
}

int main(void)
{
	test_init();
	RUN(test_shared_memory_coherent);
	RUN(test_map_register_to_device);
	RUN(test_map_register_from_device);
	tap_free(&tap);
	return test_exit();
}
