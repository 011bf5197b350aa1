// SPDX-License-Identifier: GPL-2.0-only
/*
 * General memory for the runtime and drivers (os.h: memory). Each block
 * carries a 16-byte header with its size and a tag, which keeps blocks
 * 16-byte aligned (x64 SLIST entries need it), lets frees be checked and
 * counted, and feeds the allocation accounting in debugfs.
 */
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include "ndl.h"
#include "fpu.h"
#include "stats.h"
#include "os.h"

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
