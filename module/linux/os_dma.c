// SPDX-License-Identifier: GPL-2.0-only
/*
 * DMA for the runtime (os.h: DMA), through the DMA API only. The device's
 * DMA mask follows what the miniport declared: 32-bit until it asks for
 * 64-bit addresses (NdisMInitializeScatterGatherDma with Dma64BitAddresses
 * or map registers with NDIS_DMA_64BITS), so drivers that are not 64-bit
 * capable never see an address above 4 GiB (swiotlb bounces if needed).
 *
 * Shared memory is lendable where the platform allows it: separate
 * order-0 pages (alloc_pages_exact), physically contiguous, mapped for
 * streaming DMA only where that needs no bouncing and no cache
 * maintenance (dma_need_sync false: the CPU and the device see the same
 * bytes, as coherent memory guarantees). Each page then has a reference
 * count of its own, so receive buffers in it can be lent to the network
 * stack as skb fragments (rx.c), and a page the stack still holds
 * outlives the miniport's NdisMFreeSharedMemory. Such pages carry a mark
 * in page->private; everything else comes from dma_alloc_coherent.
 */
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/vmalloc.h>

#include "ndl.h"
#include "dev.h"
#include "fpu.h"
#include "stats.h"
#include "core/os.h"

static noinline int ndl_dma_set_mask(struct ndl_os_dev *dev, int bits)
{
	unsigned long flags;
	int ret = 0;

	raw_spin_lock_irqsave(&dev->dma_lock, flags);
	if (dev->dma_bits != bits) {
		ret = dma_set_mask_and_coherent(&dev->pdev->dev,
						DMA_BIT_MASK(bits));
		if (!ret)
			WRITE_ONCE(dev->dma_bits, bits);
		if (bits == 64)
			dev->dma64_used = true;
	}
	raw_spin_unlock_irqrestore(&dev->dma_lock, flags);
	if (ret)
		pr_warn_ratelimited("%s: cannot set a %d-bit DMA mask: %d\n",
				    pci_name(dev->pdev), bits, ret);
	return ret;
}

/* Every map asks; the mask changes at most once or twice per device. */
static inline int ndl_dma_set_bits(struct ndl_os_dev *dev, int bits)
{
	bits = bits >= 64 ? 64 : 32;
	if (likely(READ_ONCE(dev->dma_bits) == bits))
		return 0;
	return ndl_dma_set_mask(dev, bits);
}

static gfp_t ndl_dma_gfp(void)
{
	return ndl_os_irql_current() == NDL_PASSIVE_LEVEL ? GFP_KERNEL :
							    GFP_ATOMIC;
}

/* Its address marks lendable pages (page->private): nothing else has it. */
static const char ndl_lend_mark;
#define NDL_PAGE_LENDABLE	((unsigned long)&ndl_lend_mark)

static void ndl_dma_mark_pages(void *va, size_t size, unsigned long mark)
{
	size_t off;

	for (off = 0; off < size; off += PAGE_SIZE)
		set_page_private(virt_to_page((u8 *)va + off), mark);
}

static bool ndl_dma_is_lendable(const void *va)
{
	return virt_addr_valid(va) &&
	       page_private(virt_to_page(va)) == NDL_PAGE_LENDABLE;
}

static void *ndl_dma_alloc_pages(struct device *d, size_t size,
				 dma_addr_t *handle, int bits)
{
	gfp_t gfp = ndl_dma_gfp() | __GFP_ZERO | __GFP_NOWARN;
	void *va;

	va = alloc_pages_exact(size, bits < 64 ? gfp | GFP_DMA32 : gfp);
	if (!va)
		return NULL;
	*handle = dma_map_single(d, va, size, DMA_BIDIRECTIONAL);
	if (dma_mapping_error(d, *handle)) {
		free_pages_exact(va, size);
		return NULL;
	}
	if (dma_need_sync(d, *handle)) {
		dma_unmap_single(d, *handle, size, DMA_BIDIRECTIONAL);
		free_pages_exact(va, size);
		return NULL;
	}
	ndl_dma_mark_pages(va, size, NDL_PAGE_LENDABLE);
	return va;
}

void *ndl_os_dma_alloc(struct ndl_os_dev *dev, size_t size, u64 *bus,
		       int dma_bits)
{
	struct device *d;
	dma_addr_t handle;
	void *va;

	/* No device (USB, virtual adapters): nothing is a bus master. */
	if (!dev || !size || ndl_dma_set_bits(dev, dma_bits))
		return NULL;
	d = &dev->pdev->dev;
	ndl_fpu_pause();
	va = ndl_dma_alloc_pages(d, size, &handle, dma_bits);
	if (!va)
		va = dma_alloc_coherent(d, size, &handle, ndl_dma_gfp());
	ndl_fpu_resume();
	if (!va)
		return NULL;
	*bus = handle;
	ndl_stat_add(&ndl_stats.dma_live, &ndl_stats.dma_bytes, size);
	return va;
}

/*
 * Lendable pages go back with put_page semantics (free_pages_exact): one
 * the stack still holds is freed when it lets go.
 */
void ndl_os_dma_free(struct ndl_os_dev *dev, size_t size, void *va, u64 bus)
{
	struct device *d;

	if (!va)
		return;
	d = &dev->pdev->dev;
	ndl_fpu_pause();
	if (ndl_dma_is_lendable(va)) {
		ndl_dma_mark_pages(va, size, 0);
		dma_unmap_single(d, bus, size, DMA_BIDIRECTIONAL);
		free_pages_exact(va, size);
	} else {
		dma_free_coherent(d, size, va, bus);
	}
	ndl_fpu_resume();
	ndl_stat_sub(&ndl_stats.dma_live, &ndl_stats.dma_bytes, size);
}

struct page *ndl_dma_lendable_page(const void *va, u32 len)
{
	if (offset_in_page(va) + len > PAGE_SIZE || !ndl_dma_is_lendable(va))
		return NULL;
	return virt_to_page(va);
}

/*
 * A lendable page is the runtime's alone when its count is back at the
 * one reference it was allocated with; the stack's last put_page is a
 * full barrier, and the acquire keeps the miniport's reuse of the buffer
 * after this read.
 */
bool ndl_os_rx_buf_busy(const void *va, u32 len)
{
	const u8 *p = va, *end = p + len;

	if (!len || !virt_addr_valid(va))
		return false;
	for (p = PTR_ALIGN_DOWN(p, PAGE_SIZE); p < end; p += PAGE_SIZE) {
		struct page *page = virt_to_page(p);

		if (page_private(page) == NDL_PAGE_LENDABLE &&
		    page_ref_count(page) != 1)
			return true;
	}
	smp_acquire__after_ctrl_dep();
	return false;
}

static enum dma_data_direction ndl_dma_dir(enum ndl_os_dma_dir dir)
{
	switch (dir) {
	case NDL_OS_DMA_TO_DEVICE:
		return DMA_TO_DEVICE;
	case NDL_OS_DMA_FROM_DEVICE:
		return DMA_FROM_DEVICE;
	default:
		return DMA_BIDIRECTIONAL;
	}
}

bool ndl_os_dma_map(struct ndl_os_dev *dev, void *va, size_t len,
		    enum ndl_os_dma_dir dir, int dma_bits, u64 *bus)
{
	struct device *d = &dev->pdev->dev;
	unsigned long off = offset_in_page(va);
	dma_addr_t handle;
	struct page *page;

	if (!len || ndl_dma_set_bits(dev, dma_bits))
		return false;
	/* vmalloc memory is only contiguous within a page. */
	if (is_vmalloc_addr(va)) {
		if (off + len > PAGE_SIZE)
			return false;
		page = vmalloc_to_page(va);
	} else if (virt_addr_valid(va)) {
		page = virt_to_page(va);
	} else {
		return false;
	}
	/*
	 * Mapping and unmapping never sleep, so on !RT they run inside the
	 * FPU section (once or twice per frame sent); on PREEMPT_RT swiotlb's
	 * and the IOMMU's spin locks sleep.
	 */
	ndl_fpu_pause_rt();
	handle = dma_map_page(d, page, off, len, ndl_dma_dir(dir));
	ndl_fpu_resume_rt();
	if (dma_mapping_error(d, handle))
		return false;
	*bus = handle;
	this_cpu_inc(ndl_pcpu_stats.dma_maps_live);
	return true;
}

void ndl_os_dma_unmap(struct ndl_os_dev *dev, u64 bus, size_t len,
		      enum ndl_os_dma_dir dir)
{
	ndl_fpu_pause_rt();
	dma_unmap_page(&dev->pdev->dev, bus, len, ndl_dma_dir(dir));
	ndl_fpu_resume_rt();
	this_cpu_dec(ndl_pcpu_stats.dma_maps_live);
}

u64 ndl_os_virt_to_phys(const void *va)
{
	if (is_vmalloc_addr(va))
		return page_to_phys(vmalloc_to_page(va)) + offset_in_page(va);
	if (virt_addr_valid(va))
		return __pa(va);
	return 0;
}
