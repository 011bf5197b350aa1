// SPDX-License-Identifier: GPL-2.0-only
/*
 * Accounted memory for the runtime and the drivers it hosts. Each block
 * carries a 16-byte header (size + magic) so frees are checked and live
 * bytes are known at any time.
 */
#include "rt.h"

#define MEM_MAGIC 0x4e444c4d454d0001ull	/* "NDLMEM" v1 */
#define MEM_DEAD  0x4e444c4d454dfeeeull

struct mem_hdr {
	u64 size;
	u64 magic;
};
NDL_STATIC_ASSERT(sizeof(struct mem_hdr) == 16, "keeps 16-byte alignment");

static u64 live_allocs, live_bytes, total_allocs, failures, fail_after;

void *ndl_alloc(size_t size, unsigned int flags)
{
	struct mem_hdr *h;
	u64 n;

	if (size > (size_t)-1 - sizeof(*h))
		goto fail;
	n = ndl_atomic_load(&fail_after);
	if (n && ndl_atomic_add(&fail_after, -1) == 0)
		goto fail;
	h = ndl_os_alloc(sizeof(*h) + size, flags);
	if (!h)
		goto fail;
	h->size = size;
	h->magic = MEM_MAGIC;
	ndl_atomic_add(&live_allocs, 1);
	ndl_atomic_add(&live_bytes, size);
	ndl_atomic_add(&total_allocs, 1);
	return h + 1;
fail:
	ndl_atomic_add(&failures, 1);
	return NULL;
}

void ndl_free(void *ptr)
{
	struct mem_hdr *h;

	if (!ptr)
		return;
	h = (struct mem_hdr *)ptr - 1;
	if (h->magic != MEM_MAGIC) {
		ndl_err("memory: free of %p that is not a live runtime allocation (%s)",
			ptr, h->magic == MEM_DEAD ? "double free" : "bad header");
		return;
	}
	h->magic = MEM_DEAD;
	ndl_atomic_add(&live_allocs, -1);
	ndl_atomic_add(&live_bytes, -h->size);
	ndl_os_free(h);
}

size_t ndl_alloc_size(const void *ptr)
{
	const struct mem_hdr *h = (const struct mem_hdr *)ptr - 1;

	return ptr && h->magic == MEM_MAGIC ? h->size : 0;
}

void ndl_mem_stats(struct ndl_mem_stats *out)
{
	out->allocations = ndl_atomic_load(&live_allocs);
	out->bytes = ndl_atomic_load(&live_bytes);
	out->total_allocations = ndl_atomic_load(&total_allocs);
	out->failures = ndl_atomic_load(&failures);
}

void ndl_mem_fail_after(u64 n)
{
	ndl_atomic_store(&fail_after, n);
}
