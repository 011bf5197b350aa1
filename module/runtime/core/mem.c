// SPDX-License-Identifier: GPL-2.0-only
/*
 * Accounted memory for the runtime and the drivers it hosts. Each block
 * carries a 16-byte header (size, category, where the OS block starts,
 * magic) right before the address handed out, so frees are checked and
 * live bytes are known at any time, per category too.
 *
 * Pool allocations (ndl_alloc_pool: ExAllocatePool*, NdisAllocateMemory*)
 * are placed as Windows documents for x64 pool: a block of a page or more
 * starts on a page; a smaller one is 16-byte aligned and never crosses a
 * page boundary. Drivers rely on both, e.g. by taking one physical address
 * for a small buffer, or page-sized descriptor blocks.
 */
#include "core/rt.h"

#define MEM_MAGIC 0x4e444c4du	/* "NDLM" */
#define MEM_POOL  0x4e444c50u	/* "NDLP": a pool block, the driver's own */
#define MEM_DEAD  0x4e444c44u	/* "NDLD" */

struct mem_hdr {
	u64 size:56;
	u64 cat:8;		/* enum ndl_mem_cat */
	u32 offset;		/* header address - OS block address */
	u32 magic;
};
NDL_STATIC_ASSERT(sizeof(struct mem_hdr) == 16, "keeps 16-byte alignment");

static u64 live_allocs, live_bytes, total_allocs, failures, fail_after;
static u64 live_pool_bytes;
static u64 live_cat_bytes[NDL_MEM_CATS], live_overhead;

static const char *const cat_names[NDL_MEM_CATS] = {
	[NDL_MEM_OTHER] = "other",
	[NDL_MEM_ADAPTER] = "adapter",
	[NDL_MEM_PACKETS] = "packets",
	[NDL_MEM_MDLS] = "mdls",
	[NDL_MEM_NBLS] = "nbls",
	[NDL_MEM_SEND] = "send",
	[NDL_MEM_SG] = "sg",
	[NDL_MEM_POOL] = "pool",
};

const char *ndl_mem_cat_name(enum ndl_mem_cat cat)
{
	return (unsigned int)cat < NDL_MEM_CATS ? cat_names[cat] : "?";
}

/* A live header (not freed, not foreign) of either kind. */
static bool mem_hdr_live(const struct mem_hdr *h)
{
	return h->magic == MEM_MAGIC || h->magic == MEM_POOL;
}

static bool mem_take(void)
{
	u64 n = ndl_atomic_load(&fail_after);

	if (n && ndl_atomic_add(&fail_after, -1) == 0) {
		ndl_atomic_add(&failures, 1);
		return false;
	}
	return true;
}

/* overhead: what the OS block holds beyond bytes. */
static void mem_count(size_t bytes, enum ndl_mem_cat cat, size_t overhead)
{
	ndl_atomic_add(&live_allocs, 1);
	ndl_atomic_add(&live_bytes, bytes);
	ndl_atomic_add(&total_allocs, 1);
	ndl_atomic_add(&live_cat_bytes[cat], bytes);
	ndl_atomic_add(&live_overhead, overhead);
	if (cat == NDL_MEM_POOL)
		ndl_atomic_add(&live_pool_bytes, bytes);
}

static void mem_uncount(size_t bytes, enum ndl_mem_cat cat, size_t overhead)
{
	ndl_atomic_add(&live_allocs, -1);
	ndl_atomic_add(&live_bytes, -bytes);
	ndl_atomic_add(&live_cat_bytes[cat], -bytes);
	ndl_atomic_add(&live_overhead, -overhead);
	if (cat == NDL_MEM_POOL)
		ndl_atomic_add(&live_pool_bytes, -bytes);
}

/* A block moved off a page boundary took a page of slack (alloc_pool). */
static size_t mem_overhead(const struct mem_hdr *h)
{
	return h->offset ? NDL_OS_PAGE_SIZE : sizeof(*h);
}

/* Fill in the header before p (inside the OS block at base); count it. */
static void *mem_publish(void *base, u8 *p, size_t size,
			 enum ndl_mem_cat cat)
{
	struct mem_hdr *h = (struct mem_hdr *)p - 1;

	h->size = size;
	h->cat = cat;
	h->offset = (u32)((u8 *)h - (u8 *)base);
	h->magic = cat == NDL_MEM_POOL ? MEM_POOL : MEM_MAGIC;
	mem_count(size, cat, mem_overhead(h));
	return p;
}

static void *mem_os_alloc(size_t size, size_t extra, unsigned int flags)
{
	void *base = NULL;

	/* The header keeps 56 bits of size. */
	if (size < (1ull << 56) &&
	    size <= (size_t)-1 - sizeof(struct mem_hdr) - extra)
		base = ndl_os_alloc(sizeof(struct mem_hdr) + size + extra,
				    flags);
	if (!base)
		ndl_atomic_add(&failures, 1);
	return base;
}

void *ndl_alloc_cat(size_t size, unsigned int flags, enum ndl_mem_cat cat)
{
	u8 *base;

	if ((unsigned int)cat >= NDL_MEM_CATS)
		cat = NDL_MEM_OTHER;
	if (!mem_take())
		return NULL;
	base = mem_os_alloc(size, 0, flags);
	return base ? mem_publish(base, base + sizeof(struct mem_hdr), size,
				  cat) : NULL;
}

void *ndl_alloc(size_t size, unsigned int flags)
{
	return ndl_alloc_cat(size, flags, NDL_MEM_OTHER);
}

static bool crosses_page(const u8 *p, size_t size)
{
	return ((uintptr_t)p & (NDL_OS_PAGE_SIZE - 1)) + size > NDL_OS_PAGE_SIZE;
}

void *ndl_alloc_pool(size_t size, unsigned int flags)
{
	u8 *base, *p;

	if (!mem_take())
		return NULL;
	if (size >= NDL_OS_PAGE_SIZE) {
		p = ndl_os_alloc_pages(size, flags);
		if (!p) {
			ndl_atomic_add(&failures, 1);
			return NULL;
		}
		/* Whole pages, as ndl_os_pages_size will say at the free. */
		mem_count(NDL_ALIGN_UP(size, NDL_OS_PAGE_SIZE), NDL_MEM_POOL,
			  0);
		return p;
	}
	/* Usually the plain block already stays within a page. */
	base = mem_os_alloc(size, 0, flags);
	if (!base)
		return NULL;
	p = base + sizeof(struct mem_hdr);
	if (!crosses_page(p, size))
		return mem_publish(base, p, size, NDL_MEM_POOL);
	ndl_os_free(base);
	/* Slack to start at the next page (blocks are 16-byte aligned). */
	base = mem_os_alloc(size, NDL_OS_PAGE_SIZE - sizeof(struct mem_hdr),
			    flags);
	if (!base)
		return NULL;
	p = (u8 *)NDL_ALIGN_UP((uintptr_t)base + sizeof(struct mem_hdr),
			       NDL_OS_PAGE_SIZE);
	return mem_publish(base, p, size, NDL_MEM_POOL);
}

/* A page block of ndl_alloc_pool? Checked before touching a header. */
static size_t mem_page_block(const void *ptr)
{
	if ((uintptr_t)ptr & (NDL_OS_PAGE_SIZE - 1))
		return 0;
	return ndl_os_pages_size(ptr);
}

void ndl_free(void *ptr)
{
	struct mem_hdr *h;
	size_t n;

	if (!ptr)
		return;
	n = mem_page_block(ptr);
	if (n) {		/* only pool blocks are whole pages */
		mem_uncount(n, NDL_MEM_POOL, 0);
		ndl_os_free_pages(ptr);
		return;
	}
	h = (struct mem_hdr *)ptr - 1;
	if (!mem_hdr_live(h)) {
		ndl_err("memory: free of %p that is not a live runtime allocation (%s)",
			ptr, h->magic == MEM_DEAD ? "double free" : "bad header");
		return;
	}
	mem_uncount(h->size, h->cat, mem_overhead(h));
	h->magic = MEM_DEAD;
	ndl_os_free((u8 *)h - h->offset);
}

size_t ndl_alloc_size(const void *ptr)
{
	const struct mem_hdr *h = (const struct mem_hdr *)ptr - 1;
	size_t n = mem_page_block(ptr);

	if (n || !ptr)
		return n;
	return mem_hdr_live(h) ? h->size : 0;
}

void ndl_mem_stats(struct ndl_mem_stats *out)
{
	out->allocations = ndl_atomic_load(&live_allocs);
	out->bytes = ndl_atomic_load(&live_bytes);
	out->total_allocations = ndl_atomic_load(&total_allocs);
	out->failures = ndl_atomic_load(&failures);
	out->pool_bytes = ndl_atomic_load(&live_pool_bytes);
	for (unsigned int i = 0; i < NDL_MEM_CATS; i++)
		out->cat_bytes[i] = ndl_atomic_load(&live_cat_bytes[i]);
	out->overhead_bytes = ndl_atomic_load(&live_overhead);
}

void ndl_mem_fail_after(u64 n)
{
	ndl_atomic_store(&fail_after, n);
}
