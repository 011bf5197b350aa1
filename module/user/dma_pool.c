// SPDX-License-Identifier: GPL-2.0-only
/*
 * The user host's DMA memory: one pool whose bus addresses start at
 * NDL_USER_DMA_BUS (below 4 GiB, so 32-bit devices reach all of it),
 * handed out in 256-byte chunks for shared memory, with bounce buffers in
 * it for streaming mappings. Simulated devices read and write it by bus
 * address; under VFIO the pool is what the IOMMU maps, its bus addresses
 * are the device's IOVAs and the device can reach nothing else.
 */
#include <string.h>
#include <sys/mman.h>

#include "host.h"

#define DMA_CHUNK	256u
#define MAX_STREAM_MAPS	1024

static u8 *dma_pool;
static u8 dma_used[NDL_USER_DMA_SIZE / DMA_CHUNK];	/* 1: chunk in use */

void *ndl_user_dma_pool(void)
{
	if (dma_pool)
		return dma_pool;
	dma_pool = mmap(NULL, NDL_USER_DMA_SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (dma_pool == MAP_FAILED)
		dma_pool = NULL;
	return dma_pool;
}

static void *pool_alloc(size_t size, u64 *bus)
{
	size_t chunks = (size + DMA_CHUNK - 1) / DMA_CHUNK;
	size_t align = size >= 4096 ? 4096 / DMA_CHUNK : 1;
	size_t n = NDL_ARRAY_SIZE(dma_used);

	if (!size || !ndl_user_dma_pool() || chunks > n)
		return NULL;
	for (size_t i = 0; i + chunks <= n; i += align) {
		size_t k = 0;

		while (k < chunks && !dma_used[i + k])
			k++;
		if (k == chunks) {
			memset(&dma_used[i], 1, chunks);
			*bus = NDL_USER_DMA_BUS + i * DMA_CHUNK;
			memset(dma_pool + i * DMA_CHUNK, 0, chunks * DMA_CHUNK);
			return dma_pool + i * DMA_CHUNK;
		}
	}
	return NULL;
}

static void pool_free(void *va, size_t size)
{
	size_t first = (size_t)((u8 *)va - dma_pool) / DMA_CHUNK;
	size_t chunks = (size + DMA_CHUNK - 1) / DMA_CHUNK;

	if (!dma_pool || (u8 *)va < dma_pool ||
	    first + chunks > NDL_ARRAY_SIZE(dma_used)) {
		ndl_os_log(NDL_LOG_ERR, "host: DMA free of memory outside the pool");
		return;
	}
	memset(&dma_used[first], 0, chunks);
}

u8 *ndl_user_dma_bus_to_va(u64 bus, size_t len)
{
	if (!dma_pool || bus < NDL_USER_DMA_BUS ||
	    bus + len > NDL_USER_DMA_BUS + NDL_USER_DMA_SIZE || bus + len < bus)
		return NULL;
	return dma_pool + (bus - NDL_USER_DMA_BUS);
}

void *ndl_os_dma_alloc(struct ndl_os_dev *dev, size_t size, u64 *bus,
		       int dma_bits)
{
	return pool_alloc(size, bus);	/* the pool is below 4 GiB */
}

void ndl_os_dma_free(struct ndl_os_dev *dev, size_t size, void *va, u64 bus)
{
	pool_free(va, size);
}

struct stream_map {
	u64 bus;
	void *va;
	size_t len;
	enum ndl_os_dma_dir dir;
};
static struct stream_map streams[MAX_STREAM_MAPS];

bool ndl_os_dma_map(struct ndl_os_dev *dev, void *va, size_t len,
		    enum ndl_os_dma_dir dir, int dma_bits, u64 *bus)
{
	for (int i = 0; i < MAX_STREAM_MAPS; i++) {
		void *bounce;

		if (streams[i].va)
			continue;
		bounce = pool_alloc(len, bus);
		if (!bounce)
			return false;
		if (dir != NDL_OS_DMA_FROM_DEVICE)
			memcpy(bounce, va, len);
		streams[i] = (struct stream_map){ *bus, va, len, dir };
		return true;
	}
	return false;
}

void ndl_os_dma_unmap(struct ndl_os_dev *dev, u64 bus, size_t len,
		      enum ndl_os_dma_dir dir)
{
	for (int i = 0; i < MAX_STREAM_MAPS; i++) {
		struct stream_map *s = &streams[i];

		if (!s->va || s->bus != bus)
			continue;
		if (s->dir != NDL_OS_DMA_TO_DEVICE)
			memcpy(s->va, ndl_user_dma_bus_to_va(bus, s->len), s->len);
		pool_free(ndl_user_dma_bus_to_va(bus, s->len), s->len);
		s->va = NULL;
		return;
	}
	ndl_os_log(NDL_LOG_ERR, "host: DMA unmap of an address never mapped");
}

u64 ndl_os_virt_to_phys(const void *va)
{
	const u8 *p = va;

	if (dma_pool && p >= dma_pool && p < dma_pool + NDL_USER_DMA_SIZE)
		return NDL_USER_DMA_BUS + (u64)(p - dma_pool);
	return (u64)(uintptr_t)va;	/* identity outside the pool */
}
