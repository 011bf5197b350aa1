// SPDX-License-Identifier: GPL-2.0-only
/*
 * General memory for the runtime and drivers (os.h: memory). Each block
 * carries a 16-byte header with its size and a tag, which keeps blocks
 * 16-byte aligned (x64 SLIST entries need it), lets frees be checked and
 * counted, and feeds the allocation accounting in debugfs.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/xarray.h>

#include "ndl.h"
#include "fpu.h"
#include "stats.h"
#include "core/os.h"

#define NDL_MEM_TAG	0x4e444c4d454d2121ULL	/* "NDLMEM!!" */
#define NDL_MEM_FREED	0x4e444c4652454544ULL	/* "NDLFREED" */

struct ndl_mem_hdr {
	u64 size;
	u64 tag;
};

void *ndl_os_alloc(size_t size, unsigned int flags)
{
	gfp_t gfp = (flags & NDL_OS_ATOMIC) ? GFP_ATOMIC | __GFP_NOWARN :
					      GFP_KERNEL;
	struct ndl_mem_hdr *hdr;
	size_t total;

	BUILD_BUG_ON(sizeof(struct ndl_mem_hdr) != 16);
	if (check_add_overflow(size, sizeof(*hdr), &total))
		return NULL;
	total = ALIGN(total, 16);
	if (flags & NDL_OS_ZERO)
		gfp |= __GFP_ZERO;
	/* Sleeps (or, on PREEMPT_RT, takes sleeping locks): out of the FPU
	 * section around the Windows caller.
	 */
	ndl_fpu_pause();
	/* kvmalloc may fall back to vmalloc: not contiguous. */
	if (flags & (NDL_OS_ATOMIC | NDL_OS_CONTIG))
		hdr = kmalloc(total, gfp);
	else
		hdr = kvmalloc(total, gfp);
	ndl_fpu_resume();
	if (!hdr) {
		atomic64_inc(&ndl_stats.mem_failed);
		return NULL;
	}
	WARN_ON_ONCE((unsigned long)hdr & 15);
	hdr->size = size;
	hdr->tag = NDL_MEM_TAG;
	ndl_stat_add(&ndl_stats.mem_live, &ndl_stats.mem_bytes, size);
	atomic64_inc(&ndl_stats.mem_total);
	return hdr + 1;
}

void ndl_os_free(void *ptr)
{
	struct ndl_mem_hdr *hdr;

	if (!ptr)
		return;
	hdr = (struct ndl_mem_hdr *)ptr - 1;
	if (hdr->tag != NDL_MEM_TAG) {
		pr_err("%s of a block not allocated by ndisload (%p, tag %#llx): ignored\n",
		       hdr->tag == NDL_MEM_FREED ? "double free" : "free",
		       ptr, hdr->tag);
		return;
	}
	hdr->tag = NDL_MEM_FREED;
	ndl_stat_sub(&ndl_stats.mem_live, &ndl_stats.mem_bytes, hdr->size);
	ndl_fpu_pause();
	kvfree(hdr);
	ndl_fpu_resume();
}

/*
 * Page blocks: whole pages from the page allocator (exact, not rounded to
 * a power of two), or vmalloc where the caller may sleep and need not be
 * contiguous. Each is remembered by its first page's number with its page
 * count and origin (bit 0: vmalloc).
 */
static DEFINE_XARRAY_FLAGS(ndl_page_blocks, XA_FLAGS_LOCK_IRQ);

/* Allocations and frees come from any context up to DISPATCH_LEVEL. */
static int ndl_page_blocks_store(void *p, unsigned long pages, bool vm)
{
	unsigned long flags;
	void *old;

	/* Under the irq-safe lock the entry's nodes are allocated atomically. */
	xa_lock_irqsave(&ndl_page_blocks, flags);
	old = __xa_store(&ndl_page_blocks, (unsigned long)p >> PAGE_SHIFT,
			 xa_mk_value(pages << 1 | vm), GFP_ATOMIC);
	xa_unlock_irqrestore(&ndl_page_blocks, flags);
	return xa_err(old);
}

static void *ndl_page_blocks_erase(void *p)
{
	unsigned long flags;
	void *e;

	xa_lock_irqsave(&ndl_page_blocks, flags);
	e = __xa_erase(&ndl_page_blocks, (unsigned long)p >> PAGE_SHIFT);
	xa_unlock_irqrestore(&ndl_page_blocks, flags);
	return e;
}

void *ndl_os_alloc_pages(size_t size, unsigned int flags)
{
	bool may_vmalloc = !(flags & (NDL_OS_ATOMIC | NDL_OS_CONTIG));
	gfp_t gfp = (flags & NDL_OS_ATOMIC) ? GFP_ATOMIC : GFP_KERNEL;
	size_t n = PAGE_ALIGN(size);
	bool vm = false;
	void *p;

	if (!n || n < size)
		return NULL;
	if (flags & NDL_OS_ZERO)
		gfp |= __GFP_ZERO;
	ndl_fpu_pause();
	p = alloc_pages_exact(n, gfp | __GFP_NOWARN);
	if (!p && may_vmalloc) {
		p = __vmalloc(n, gfp);
		vm = p != NULL;
	}
	if (p && ndl_page_blocks_store(p, n >> PAGE_SHIFT, vm)) {
		if (vm)
			vfree(p);
		else
			free_pages_exact(p, n);
		p = NULL;
	}
	ndl_fpu_resume();
	if (!p) {
		atomic64_inc(&ndl_stats.mem_failed);
		return NULL;
	}
	ndl_stat_add(&ndl_stats.mem_live, &ndl_stats.mem_bytes, n);
	atomic64_inc(&ndl_stats.mem_total);
	return p;
}

size_t ndl_os_pages_size(const void *ptr)
{
	void *e;

	if (!PAGE_ALIGNED(ptr))
		return 0;
	e = xa_load(&ndl_page_blocks, (unsigned long)ptr >> PAGE_SHIFT);
	return e ? (xa_to_value(e) >> 1) << PAGE_SHIFT : 0;
}

void ndl_os_free_pages(void *ptr)
{
	void *e;

	if (!ptr)
		return;
	e = ndl_page_blocks_erase(ptr);
	if (!e) {
		pr_err("free of pages not allocated by ndisload (%p): ignored\n",
		       ptr);
		return;
	}
	ndl_stat_sub(&ndl_stats.mem_live, &ndl_stats.mem_bytes,
		     (xa_to_value(e) >> 1) << PAGE_SHIFT);
	ndl_fpu_pause();
	if (xa_to_value(e) & 1)
		vfree(ptr);
	else
		free_pages_exact(ptr, (xa_to_value(e) >> 1) << PAGE_SHIFT);
	ndl_fpu_resume();
}
