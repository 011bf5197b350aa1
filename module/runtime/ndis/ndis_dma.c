// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bus-master DMA for sends: scatter-gather (NdisMInitializeScatterGatherDma,
 * a SCATTER_GATHER_LIST in each send packet's ScatterGatherListPacketInfo)
 * and the older map-register interface (NdisMAllocateMapRegisters,
 * NdisMStartBufferPhysicalMapping, NdisMCompleteBufferPhysicalMapping,
 * NdisMFreeMapRegisters). Addresses come from the host's streaming DMA
 * mappings, limited to 32 bits unless the miniport said it handles 64.
 */
#include "ndis/ndis_priv.h"

#define NDIS_DMA_64BITS 2

struct ndl_map_reg {
	u64 bus;
	u32 len;
	u32 span;		/* registers this mapping uses from here */
	bool to_device;
	bool used;
};

#define NDL_PAGE	4096u
/*
 * Elements a send may need: one a buffer, or, mapped page by page, one
 * more per page a 64 KiB send's buffers cross.
 */
#define NDL_SG_MAX	(NDL_TX_MAX_FRAGS + 0x10000 / NDL_PAGE + 1)

static int dma_bits(struct ndl_adapter *ad)
{
	return ad->dma64 ? 64 : 32;
}

NDIS_STATUS NTAPI ndlw_NdisMInitializeScatterGatherDma(NDIS_HANDLE h,
						       BOOLEAN dma64,
						       ULONG max_phys_map)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMInitializeScatterGatherDma");

	if (!ad)
		return NDIS_STATUS_FAILURE;
	if (!(ad->attributes & NDIS_ATTRIBUTE_BUS_MASTER)) {
		ndl_err("%s: NdisMInitializeScatterGatherDma without NDIS_ATTRIBUTE_BUS_MASTER",
			ad->name);
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (!ad->dev) {
		ndl_err("%s: NdisMInitializeScatterGatherDma on an adapter without a device",
			ad->name);
		return NDIS_STATUS_RESOURCES;
	}
	ad->dma_registered = true;
	ad->dma64 = dma64;
	ad->max_phys_map = max_phys_map;
	return NDIS_STATUS_SUCCESS;
}

/*
 * Room in a send slot's scatter-gather list for n elements (one per
 * buffer: each is contiguous host memory). Kept for the slot's later sends.
 */
int ndl_sg_reserve(struct ndl_adapter *ad, struct ndl_tx_slot *s, u32 n)
{
	SCATTER_GATHER_LIST *sg;

	if (!ad->dma_registered || n <= s->sg_cap)
		return 0;
	if (s->sg_mapped || n > NDL_SG_MAX)
		return -NDL_EINVAL;
	sg = ndl_alloc_cat(sizeof(*sg) + n * sizeof(SCATTER_GATHER_ELEMENT),
			   NDL_OS_ZERO | ndl_alloc_flags_for_irql(),
			   NDL_MEM_SEND);
	if (!sg)
		return -NDL_ENOMEM;
	ndl_free(s->sg);
	s->sg = sg;
	s->sg_cap = n;
	return 0;
}

static u32 map_whole(struct ndl_adapter *ad, void *va, u32 len, u64 *bus)
{
	return ndl_os_dma_map(ad->dev, va, len, NDL_OS_DMA_TO_DEVICE,
			      dma_bits(ad), bus) ? len : 0;
}

/*
 * Map the send's buffers into its list: each whole, or with by_page as
 * many pieces as the host needs (ndl_dma_map_piece). On failure nothing
 * stays mapped.
 */
static int sg_fill(struct ndl_adapter *ad, struct ndl_tx_slot *s,
		   bool by_page)
{
	SCATTER_GATHER_LIST *sg = s->sg;
	u32 n = 0;

	for (MDL *m = s->packet->Private.Head; m; m = m->Next) {
		u8 *va = ndl_mdl_va(m);
		u32 left = m->ByteCount;

		while (left) {
			u32 len = 0;
			u64 bus;

			if (n < s->sg_cap)
				len = by_page ? ndl_dma_map_piece(ad, va, left,
							NDL_OS_DMA_TO_DEVICE,
							&bus) :
				      map_whole(ad, va, left, &bus);
			if (!len) {
				sg->NumberOfElements = n;
				s->sg_mapped = true;
				ndl_sg_unmap(ad, s);
				return -NDL_ENOMEM;
			}
			sg->Elements[n].Address.QuadPart = (LONGLONG)bus;
			sg->Elements[n].Length = len;
			sg->Elements[n].Reserved = 0;
			n++;
			va += len;
			left -= len;
		}
	}
	sg->NumberOfElements = n;
	return 0;
}

/*
 * Map a send's buffers and publish the list in its per-packet info. A
 * buffer the host cannot map whole (ndisload-host maps at most a page at
 * a time, behind an IOMMU that may place the next page anywhere) takes
 * one element per piece, as Windows lists a buffer by physical page.
 */
int ndl_sg_map(struct ndl_adapter *ad, struct ndl_tx_slot *s)
{
	NDIS_PACKET *p = s->packet;
	u32 pages = 0;
	int rc;

	if (!ad->dma_registered)
		return 0;
	rc = ndl_sg_reserve(ad, s, p->Private.Count);
	if (rc)
		return rc;
	if (sg_fill(ad, s, false)) {
		for (MDL *m = p->Private.Head; m; m = m->Next)
			pages += ndl_span_pages(ndl_mdl_va(m), m->ByteCount);
		rc = ndl_sg_reserve(ad, s, pages);
		if (!rc)
			rc = sg_fill(ad, s, true);
		if (rc)
			return rc;
	}
	s->sg->Reserved = 0;
	s->sg_mapped = true;
	ndl_packet_ext(p)->NdisPacketInfo[ScatterGatherListPacketInfo] = s->sg;
	return 0;
}

void ndl_sg_unmap(struct ndl_adapter *ad, struct ndl_tx_slot *s)
{
	SCATTER_GATHER_LIST *sg = s->sg;

	if (!s->sg_mapped)
		return;
	for (u32 i = 0; i < sg->NumberOfElements; i++)
		ndl_os_dma_unmap(ad->dev, (u64)sg->Elements[i].Address.QuadPart,
				 sg->Elements[i].Length, NDL_OS_DMA_TO_DEVICE);
	sg->NumberOfElements = 0;
	s->sg_mapped = false;
	ndl_packet_ext(s->packet)->NdisPacketInfo[ScatterGatherListPacketInfo] =
		NULL;
}

/* ---- map registers ------------------------------------------------------ */

NDIS_STATUS NTAPI ndlw_NdisMAllocateMapRegisters(NDIS_HANDLE h, UINT channel,
						 UCHAR dma_size, ULONG count,
						 ULONG max_phys_map)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMAllocateMapRegisters");

	if (!ad)
		return NDIS_STATUS_FAILURE;
	if (!(ad->attributes & NDIS_ATTRIBUTE_BUS_MASTER) || !ad->dev) {
		ndl_err("%s: NdisMAllocateMapRegisters without a bus-master device",
			ad->name);
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (ad->map_reg) {
		ndl_err("%s: NdisMAllocateMapRegisters called twice", ad->name);
		return NDIS_STATUS_RESOURCES;
	}
	if (!count || count > 0x10000)
		return NDIS_STATUS_RESOURCES;
	ad->map_reg = ndl_alloc_cat(count * sizeof(*ad->map_reg), NDL_OS_ZERO,
				    NDL_MEM_SG);
	if (!ad->map_reg)
		return NDIS_STATUS_RESOURCES;
	ad->map_regs = true;
	ad->map_reg_count = count;
	ad->dma64 = dma_size == NDIS_DMA_64BITS;
	ad->max_phys_map = max_phys_map;
	return NDIS_STATUS_SUCCESS;
}

static void map_reg_unmap(struct ndl_adapter *ad, struct ndl_map_reg *r)
{
	if (!r->used)
		return;
	ndl_os_dma_unmap(ad->dev, r->bus, r->len, r->to_device ?
			 NDL_OS_DMA_TO_DEVICE : NDL_OS_DMA_FROM_DEVICE);
	r->used = false;
}

void NTAPI ndlw_NdisMFreeMapRegisters(NDIS_HANDLE h)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMFreeMapRegisters");

	if (ad)
		ndl_dma_release(ad);
}

void ndl_dma_release(struct ndl_adapter *ad)
{
	for (u32 i = 0; ad->map_reg && i < ad->map_reg_count; i++)
		map_reg_unmap(ad, &ad->map_reg[i]);
	ndl_free(ad->map_reg);
	ad->map_reg = NULL;
	ad->map_regs = false;
	ad->map_reg_count = 0;
}

/* Undo the mapping that starts at register reg. */
static void map_span_unmap(struct ndl_adapter *ad, u32 reg)
{
	u32 span = ad->map_reg[reg].used ? ad->map_reg[reg].span : 1;

	for (u32 i = 0; i < span && reg + i < ad->map_reg_count; i++)
		map_reg_unmap(ad, &ad->map_reg[reg + i]);
}

u32 ndl_dma_map_piece(struct ndl_adapter *ad, void *va, u32 len,
		      enum ndl_os_dma_dir dir, u64 *bus)
{
	u32 in_page;

	if (ndl_os_dma_map(ad->dev, va, len, dir, dma_bits(ad), bus))
		return len;
	in_page = NDL_PAGE - (u32)((uintptr_t)va & (NDL_PAGE - 1));
	if (in_page >= len)
		return 0;
	return ndl_os_dma_map(ad->dev, va, in_page, dir, dma_bits(ad), bus) ?
	       in_page : 0;
}

/*
 * One unit per physically contiguous piece, in consecutive map registers
 * from reg, as Windows maps a buffer one page per register. The host maps
 * a piece whole when it can; memory it allocated virtually (vmalloc) is
 * contiguous only within a page, and is then mapped page by page. The
 * direction is the host's DMA direction: the mapping's completion syncs
 * what the device wrote into the CPU's view.
 */
void NTAPI ndlw_NdisMStartBufferPhysicalMapping(
	NDIS_HANDLE h, MDL *m, ULONG reg, BOOLEAN to_device,
	NDIS_PHYSICAL_ADDRESS_UNIT *units, UINT *count)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMStartBufferPhysicalMapping");
	enum ndl_os_dma_dir dir = to_device ? NDL_OS_DMA_TO_DEVICE :
				  NDL_OS_DMA_FROM_DEVICE;
	u8 *va;
	u32 left, n = 0;

	*count = 0;
	if (!ad || !m || !ad->map_reg || reg >= ad->map_reg_count) {
		ndl_err("NdisMStartBufferPhysicalMapping: map register %u not allocated",
			reg);
		return;
	}
	map_span_unmap(ad, reg);
	va = ndl_mdl_va(m);
	left = m->ByteCount;
	while (left) {
		struct ndl_map_reg *r;
		u32 len;
		u64 bus;

		if (reg + n >= ad->map_reg_count) {
			ndl_err("%s: %u bytes need more map registers than %u from %u",
				ad->name, m->ByteCount, ad->map_reg_count - reg,
				reg);
			goto fail;
		}
		r = &ad->map_reg[reg + n];
		map_reg_unmap(ad, r);
		len = ndl_dma_map_piece(ad, va, left, dir, &bus);
		if (!len) {
			ndl_err("%s: cannot map %u bytes for DMA", ad->name,
				m->ByteCount);
			goto fail;
		}
		r->bus = bus;
		r->len = len;
		r->span = 1;
		r->to_device = to_device;
		r->used = true;
		units[n].PhysicalAddress.QuadPart = (LONGLONG)bus;
		units[n].Length = len;
		n++;
		va += len;
		left -= len;
	}
	if (n)
		ad->map_reg[reg].span = n;
	*count = n;
	return;
fail:
	for (u32 i = 0; i < n; i++)
		map_reg_unmap(ad, &ad->map_reg[reg + i]);
}

void NTAPI ndlw_NdisMCompleteBufferPhysicalMapping(NDIS_HANDLE h, MDL *m,
						   ULONG reg)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMCompleteBufferPhysicalMapping");

	if (ad && ad->map_reg && reg < ad->map_reg_count)
		map_span_unmap(ad, reg);
}
