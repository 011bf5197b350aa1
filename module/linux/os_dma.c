// SPDX-License-Identifier: GPL-2.0-only
/*
 * DMA for the runtime (os.h: DMA), through the DMA API only. The device's
 * DMA mask follows what the miniport declared: 32-bit until it asks for
 * 64-bit addresses (NdisMInitializeScatterGatherDma with Dma64BitAddresses
 * or map registers with NDIS_DMA_64BITS), so drivers that are not 64-bit
 * capable never see an address above 4 GiB (swiotlb bounces if needed).
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

void *ndl_os_dma_alloc(struct ndl_os_dev *dev, size_t size, u64 *bus,
		       int dma_bits)
{
	dma_addr_t handle;
	void *va;

	/* No device (USB, virtual adapters): nothing is a bus master. */
	if (!dev || !size || ndl_dma_set_bits(dev, dma_bits))
		return NULL;
	ndl_fpu_pause();
	va = dma_alloc_coherent(&dev->pdev->dev, size, &handle, ndl_dma_gfp());
	ndl_fpu_resume();
	if (!va)
		return NULL;
	*bus = handle;
	ndl_stat_add(&ndl_stats.dma_live, &ndl_stats.dma_bytes, size);
	return va;
}

void ndl_os_dma_free(struct ndl_os_dev *dev, size_t size, void *va, u64 bus)
{
	if (!va)
		return;
	ndl_fpu_pause();
	dma_free_coherent(&dev->pdev->dev, size, va, bus);
	ndl_fpu_resume();
	ndl_stat_sub(&ndl_stats.dma_live, &ndl_stats.dma_bytes, size);
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
