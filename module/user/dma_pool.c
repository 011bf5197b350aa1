// SPDX-License-Identifier: GPL-2.0-only
/*
 * The user host's DMA memory: one pool whose bus addresses start at
 * NDL_USER_DMA_BUS (below 4 GiB, so 32-bit devices reach all of it),
 * handed out in 256-byte chunks for shared memory, with bounce buffers in
 * it for streaming mappings. Simulated devices read and write it by bus
 * address; under VFIO the pool is what the IOMMU maps, its bus addresses
 * are the device's IOVAs and the device can reach nothing else.
 *
 * The allocator is a bitmap (one bit per chunk) scanned a 64-bit word at a
 * time, with the length of each allocation kept at its first chunk. Two
 * kinds of users, two policies:
 * - bounce buffers (one per streaming mapping, at most a few frames long,
 *   allocated and freed per packet) take the next fit after the previous
 *   bounce buffer. Packets complete roughly in the order they were sent,
 *   so the space after the cursor is almost always free: allocation is
 *   O(1) in practice instead of a walk past the rings every time;
 * - shared memory (rings, NdisMAllocateSharedMemory: long-lived, rare)
 *   takes the lowest fit, page-aligned from 4 KiB up. Long-lived blocks
 *   pack at the bottom of the pool instead of being strewn wherever the
 *   bounce cursor happens to be, so they do not cut the free space into
 *   pieces; bounce buffers in flight are freed within a packet time.
 * A bounce buffer lies within one 4 KiB page of bus addresses, and a
 * streaming mapping is a page at most (longer ones are mapped a page at
 * a time by the runtime, ndl_dma_map_piece): a device model may map its
 * buffer through the (emulated) IOMMU only up to the end of a page and
 * lose the frame otherwise (QEMU 7.2's e1000e, net_tx_pkt_add_raw_fragment:
 * a 4 MiB upload retransmitted one TCP segment in twenty).
 * Both searches cover the whole pool before failing, so an allocation
 * fails only if no free run of the size (and alignment) exists.
 * A free must name the start and the size of a live allocation; anything
 * else (outside the pool, inside an allocation, a second free, another
 * size) is refused and logged, never half done.
 */
#include <string.h>
#include <sys/mman.h>

#include "host.h"

#define DMA_CHUNK	256u
#define DMA_CHUNKS	(NDL_USER_DMA_SIZE / DMA_CHUNK)
#define PAGE_CHUNKS	(4096u / DMA_CHUNK)
#define WORD_BITS	64u
#define MAX_STREAM_MAPS	1024

static u8 *dma_pool;
static u64 dma_used[DMA_CHUNKS / WORD_BITS];	/* bit set: chunk in use */
static u32 dma_len[DMA_CHUNKS];	/* at an allocation's first chunk: its chunks */
static size_t bounce_next;	/* where the next bounce buffer search starts */

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

/* The first chunk in [i, end) whose bit is "used" (set), or end. */
static size_t next_bit(size_t i, size_t end, bool used)
{
	while (i < end) {
		u64 w = dma_used[i / WORD_BITS];

		if (!used)
			w = ~w;
		w &= ~0ull << (i % WORD_BITS);
		if (w) {
			i = i / WORD_BITS * WORD_BITS + (size_t)__builtin_ctzll(w);
			return i < end ? i : end;
		}
		i = (i / WORD_BITS + 1) * WORD_BITS;
	}
	return end;
}

static size_t round_up(size_t i, size_t align)
{
	return (i + align - 1) / align * align;
}

/* The first free run of n chunks starting at a multiple of align in [from, end). */
static bool find_run(size_t from, size_t end, size_t n, size_t align,
		     size_t *at)
{
	size_t i = round_up(from, align);

	while (i < end && end - i >= n) {
		size_t busy = next_bit(i, i + n, true);

		if (busy == i + n) {
			*at = i;
			return true;
		}
		i = round_up(next_bit(busy, end, false), align);
	}
	return false;
}

static void mark(size_t first, size_t n, bool used)
{
	for (size_t i = first; i < first + n;) {
		size_t bit = i % WORD_BITS;
		size_t take = n - (i - first) < WORD_BITS - bit ?
			      n - (i - first) : WORD_BITS - bit;
		u64 mask = (take == WORD_BITS ? ~0ull : ((1ull << take) - 1))
			   << bit;

		if (used)
			dma_used[i / WORD_BITS] |= mask;
		else
			dma_used[i / WORD_BITS] &= ~mask;
		i += take;
	}
	dma_len[first] = used ? (u32)n : 0;
}

/*
 * A bounce buffer's run from chunk from on, within one 4 KiB page of bus
 * addresses (ndl_os_dma_map maps no more than a page).
 */
static bool find_bounce(size_t from, size_t n, size_t *at)
{
	while (find_run(from, DMA_CHUNKS, n, 1, at)) {
		if (*at % PAGE_CHUNKS + n <= PAGE_CHUNKS)
			return true;
		from = (*at / PAGE_CHUNKS + 1) * PAGE_CHUNKS;
	}
	return false;
}

/* bounce: next fit after the previous bounce buffer; else lowest fit. */
static void *pool_alloc(size_t size, u64 *bus, bool bounce)
{
	size_t n = (size + DMA_CHUNK - 1) / DMA_CHUNK;
	size_t align = size >= 4096 ? PAGE_CHUNKS : 1;
	size_t at;

	if (!size || size > NDL_USER_DMA_SIZE || !ndl_user_dma_pool())
		return NULL;
	if (bounce) {
		if (!find_bounce(bounce_next, n, &at) && !find_bounce(0, n, &at))
			return NULL;
	} else if (!find_run(0, DMA_CHUNKS, n, align, &at)) {
		return NULL;
	}
	mark(at, n, true);
	if (bounce)
		bounce_next = at + n;
	*bus = NDL_USER_DMA_BUS + at * DMA_CHUNK;
	return dma_pool + at * DMA_CHUNK;
}

/* Only the exact start and size of a live allocation frees anything. */
static bool pool_free(void *va, size_t size)
{
	size_t off = (size_t)((uintptr_t)va - (uintptr_t)dma_pool);
	size_t first = off / DMA_CHUNK;
	size_t n = (size + DMA_CHUNK - 1) / DMA_CHUNK;

	if (!dma_pool || (uintptr_t)va < (uintptr_t)dma_pool ||
	    off >= NDL_USER_DMA_SIZE || off % DMA_CHUNK) {
		ndl_os_log(NDL_LOG_ERR, "host: DMA free of memory outside the pool");
		return false;
	}
	if (!dma_len[first]) {
		ndl_os_log(NDL_LOG_ERR, "host: DMA free of memory not allocated (double free?)");
		return false;
	}
	if (dma_len[first] != n) {
		ndl_os_log(NDL_LOG_ERR, "host: DMA free of another size than allocated");
		return false;
	}
	mark(first, n, false);
	return true;
}

u8 *ndl_user_dma_bus_to_va(u64 bus, size_t len)
{
	if (!dma_pool || bus < NDL_USER_DMA_BUS ||
	    bus + len > NDL_USER_DMA_BUS + NDL_USER_DMA_SIZE || bus + len < bus)
		return NULL;
	return dma_pool + (bus - NDL_USER_DMA_BUS);
}

/*
 * Shared memory is zeroed, as dma_alloc_coherent's is in the kernel host:
 * the pool's earlier contents (rings and frames of a previous adapter)
 * must not reach a miniport that relies on fresh memory.
 */
void *ndl_os_dma_alloc(struct ndl_os_dev *dev, size_t size, u64 *bus,
		       int dma_bits)
{
	void *va = pool_alloc(size, bus, false);	/* the pool is below 4 GiB */

	if (va)
		memset(va, 0, size);
	return va;
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
static u16 free_streams[MAX_STREAM_MAPS];	/* a stack of unused slots */
static size_t nr_free_streams;
static bool streams_ready;
static u16 stream_at[DMA_CHUNKS];	/* at a bounce buffer's first chunk: slot */

/*
 * A bounce buffer is never zeroed: every direction copies the caller's
 * bytes in. To the device that is the frame; from the device it makes
 * the bytes the device does not write come back unchanged on unmap, as
 * without a bounce buffer (Linux's swiotlb does the same). What lies in
 * the buffer before is pool memory the device could read all along.
 */
bool ndl_os_dma_map(struct ndl_os_dev *dev, void *va, size_t len,
		    enum ndl_os_dma_dir dir, int dma_bits, u64 *bus)
{
	struct stream_map *s;
	void *bounce;
	u16 slot;

	if (!streams_ready) {
		for (u16 i = 0; i < MAX_STREAM_MAPS; i++)
			free_streams[i] = MAX_STREAM_MAPS - 1 - i;
		nr_free_streams = MAX_STREAM_MAPS;
		streams_ready = true;
	}
	/* a page at most: ndl_dma_map_piece maps the rest a page at a time */
	if (!va || !nr_free_streams || len > PAGE_CHUNKS * DMA_CHUNK)
		return false;
	bounce = pool_alloc(len, bus, true);
	if (!bounce)
		return false;
	memcpy(bounce, va, len);
	slot = free_streams[--nr_free_streams];
	s = &streams[slot];
	*s = (struct stream_map){ *bus, va, len, dir };
	stream_at[(*bus - NDL_USER_DMA_BUS) / DMA_CHUNK] = slot;
	return true;
}

static struct stream_map *stream_of(u64 bus)
{
	u64 off = bus - NDL_USER_DMA_BUS;
	struct stream_map *s;

	if (!streams_ready || bus < NDL_USER_DMA_BUS ||
	    off >= NDL_USER_DMA_SIZE || off % DMA_CHUNK)
		return NULL;
	s = &streams[stream_at[off / DMA_CHUNK]];
	return s->va && s->bus == bus ? s : NULL;
}

void ndl_os_dma_unmap(struct ndl_os_dev *dev, u64 bus, size_t len,
		      enum ndl_os_dma_dir dir)
{
	struct stream_map *s = stream_of(bus);
	u8 *bounce;

	if (!s) {
		ndl_os_log(NDL_LOG_ERR, "host: DMA unmap of an address never mapped");
		return;
	}
	bounce = ndl_user_dma_bus_to_va(bus, s->len);
	if (s->dir != NDL_OS_DMA_TO_DEVICE)
		memcpy(s->va, bounce, s->len);
	pool_free(bounce, s->len);
	s->va = NULL;
	free_streams[nr_free_streams++] = (u16)(s - streams);
}

u64 ndl_os_virt_to_phys(const void *va)
{
	const u8 *p = va;

	if (dma_pool && p >= dma_pool && p < dma_pool + NDL_USER_DMA_SIZE)
		return NDL_USER_DMA_BUS + (u64)(p - dma_pool);
	return (u64)(uintptr_t)va;	/* identity outside the pool */
}
