// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware resources: the resource list (NdisMQueryAdapterResources,
 * NdisMGetDeviceProperty), I/O space mappings (NdisMMapIoSpace), port
 * ranges (NdisMRegisterIoPortRange), PCI configuration space
 * (NdisRead/WritePciSlotInformation) and the adapter's instance name.
 * Everything comes from the host's ndl_os_dev_* for the adapter's device.
 */
#include "ndis/ndis_priv.h"
#include "nt/nt_io.h"

#define NdisInterfacePci	5
#define NDL_MAX_RES		16

/* CM_RESOURCE_LIST with one full descriptor (pack(4), as Windows). */
#pragma pack(push, 4)
struct cm_full_list {
	ULONG Count;
	ULONG InterfaceType;
	ULONG BusNumber;
	CM_PARTIAL_RESOURCE_LIST Partial;
};
#pragma pack(pop)
/* sparse ignores #pragma pack (so misplaces Partial); gcc checks it. */
#ifndef __CHECKER__
NDL_STATIC_ASSERT(offsetof(struct cm_full_list, Partial) == 12,
		  "CM_FULL_RESOURCE_DESCRIPTOR.PartialResourceList");
#endif

static void fill_desc(CM_PARTIAL_RESOURCE_DESCRIPTOR *d,
		      const struct ndl_os_resource *r)
{
	ndl_memset(d, 0, sizeof(*d));
	switch (r->kind) {
	case NDL_OS_RES_PORT:
		d->Type = CmResourceTypePort;
		d->ShareDisposition = CmResourceShareDeviceExclusive;
		d->Flags = CM_RESOURCE_PORT_IO;
		d->u.Port.Start.QuadPart = (LONGLONG)r->start;
		d->u.Port.Length = (ULONG)r->length;
		break;
	case NDL_OS_RES_MEM:
		d->Type = CmResourceTypeMemory;
		d->ShareDisposition = CmResourceShareDeviceExclusive;
		d->Flags = CM_RESOURCE_MEMORY_READ_WRITE |
			   (r->flags & NDL_OS_RES_PREFETCH ?
			    CM_RESOURCE_MEMORY_PREFETCHABLE : 0);
		d->u.Memory.Start.QuadPart = (LONGLONG)r->start;
		d->u.Memory.Length = r->length > 0xffffffffull ? 0xffffffffu :
				     (ULONG)r->length;
		break;
	case NDL_OS_RES_IRQ:
		d->Type = CmResourceTypeInterrupt;
		if (r->flags & NDL_OS_RES_IRQ_MSI) {
			/* One message, as in Windows' translated list. */
			d->ShareDisposition = CmResourceShareDeviceExclusive;
			d->Flags = CM_RESOURCE_INTERRUPT_LATCHED |
				   CM_RESOURCE_INTERRUPT_MESSAGE;
			d->u.MessageInterrupt.Translated.Level =
				NDL_DEVICE_LEVEL;
			d->u.MessageInterrupt.Translated.Vector =
				(ULONG)r->start;
			d->u.MessageInterrupt.Translated.Affinity =
				(KAFFINITY)-1;
			break;
		}
		d->ShareDisposition = r->flags & NDL_OS_RES_IRQ_SHARED ?
				      CmResourceShareShared :
				      CmResourceShareDeviceExclusive;
		d->Flags = CM_RESOURCE_INTERRUPT_LEVEL_SENSITIVE;
		/* Level is the DIRQL the ISR runs at; Vector the host's line. */
		d->u.Interrupt.Level = NDL_DEVICE_LEVEL;
		d->u.Interrupt.Vector = (ULONG)r->start;
		d->u.Interrupt.Affinity = (KAFFINITY)-1;
		break;
	}
}

int ndl_res_build(struct ndl_adapter *ad)
{
	struct ndl_os_resource res[NDL_MAX_RES];
	struct ndl_os_pci_id id = { 0 };
	struct cm_full_list *cm;
	int n = 0, i;
	size_t size;

	if (ad->dev) {
		n = ndl_os_dev_resources(ad->dev, res, NDL_MAX_RES);
		if (n < 0)
			n = 0;
		if (n > NDL_MAX_RES) {
			ndl_warn("%s: device has %d resources, reporting the first %d",
				 ad->name, n, NDL_MAX_RES);
			n = NDL_MAX_RES;
		}
		ndl_os_dev_pci_id(ad->dev, &id);
	}
	size = offsetof(struct cm_full_list, Partial.PartialDescriptors) +
	       (size_t)(n ? n : 1) * sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR);
	cm = ndl_alloc(size, NDL_OS_ZERO);
	if (!cm)
		return -NDL_ENOMEM;
	cm->Count = 1;
	cm->InterfaceType = ad->dev ? NdisInterfacePci : 0;
	cm->BusNumber = id.bus;
	cm->Partial.Version = 1;
	cm->Partial.Revision = 1;
	cm->Partial.Count = (ULONG)n;
	for (i = 0; i < n; i++)
		fill_desc(ndl_res_desc(&cm->Partial, i), &res[i]);
	ad->cm_list = cm;
	ad->resources = &cm->Partial;
	ad->resources_size = (u32)(offsetof(CM_PARTIAL_RESOURCE_LIST,
					    PartialDescriptors) +
				   (size_t)n * sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR));
	ad->block.Resources = cm;
	ad->block.BusNumber = id.bus;
	ad->block.BusType = ad->dev ? NdisInterfacePci : 0;
	return 0;
}

/*
 * NdisMQueryAdapterResources: copy the partial resource list. A buffer
 * too small gets NDIS_STATUS_RESOURCES and the size needed in *size —
 * drivers probe with a small buffer and depend on exactly this.
 */
void NTAPI ndlw_NdisMQueryAdapterResources(NDIS_STATUS *status, NDIS_HANDLE wcc,
					   NDIS_RESOURCE_LIST *list,
					   UINT *size)
{
	struct ndl_adapter *ad = ndl_ad(wcc, "NdisMQueryAdapterResources");

	if (!ad || !size) {
		*status = NDIS_STATUS_FAILURE;
		return;
	}
	if (!list || *size < ad->resources_size) {
		*size = ad->resources_size;
		*status = NDIS_STATUS_RESOURCES;
		return;
	}
	ndl_memcpy(list, ad->resources, ad->resources_size);
	*size = ad->resources_size;
	*status = NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisMGetDeviceProperty(NDIS_HANDLE h, DEVICE_OBJECT **pdo,
				       DEVICE_OBJECT **fdo,
				       DEVICE_OBJECT **next, void **res,
				       void **res_translated)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMGetDeviceProperty");

	if (!ad)
		return;
	if (pdo)
		*pdo = ad->pdo;
	if (fdo)
		*fdo = ad->fdo;
	if (next)
		*next = ad->block.NextDeviceObject;
	if (res)
		*res = ad->cm_list;
	if (res_translated)
		*res_translated = ad->cm_list;
}

/*
 * Documented to return NDIS_STATUS_SUCCESS (old PCI drivers test it: a void
 * export would leave them reading whatever RAX held). A bad handle or no
 * out pointer has no documented answer; failing is the safe one.
 */
NDIS_STATUS NTAPI ndlw_NdisMPciAssignResources(NDIS_HANDLE h, ULONG slot,
					       NDIS_RESOURCE_LIST **assigned)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMPciAssignResources");

	if (!ad || !assigned)
		return NDIS_STATUS_FAILURE;
	*assigned = ad->resources;
	return NDIS_STATUS_SUCCESS;
}

/* ---- I/O space and ports ------------------------------------------------------ */

static bool within(struct ndl_adapter *ad, enum ndl_os_res_kind kind, u64 start,
		   u64 len)
{
	const NDIS_RESOURCE_LIST *l = ad->resources;
	u32 i;

	for (i = 0; l && i < l->Count; i++) {
		const CM_PARTIAL_RESOURCE_DESCRIPTOR *d = ndl_res_desc(l, i);
		u8 type = kind == NDL_OS_RES_PORT ? CmResourceTypePort :
			  CmResourceTypeMemory;
		u64 s = (u64)d->u.Generic.Start.QuadPart, e = s + d->u.Generic.Length;

		if (d->Type == type && start >= s && start + len <= e &&
		    start + len >= start)
			return true;
	}
	return false;
}

NDIS_STATUS NTAPI ndlw_NdisMMapIoSpace(void **va, NDIS_HANDLE h,
				       NDIS_PHYSICAL_ADDRESS pa, UINT len)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMMapIoSpace");
	void *p;

	*va = NULL;
	if (!ad)
		return NDIS_STATUS_FAILURE;
	if (!ad->dev || !within(ad, NDL_OS_RES_MEM, (u64)pa.QuadPart, len)) {
		ndl_err("%s: NdisMMapIoSpace(0x%llx, %u): not a memory range of this device",
			ad->name, (unsigned long long)pa.QuadPart, len);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	p = ndl_os_mmio_map(ad->dev, (u64)pa.QuadPart, len);
	if (!p)
		return NDIS_STATUS_RESOURCES;
	ndl_held_record(ad, NDL_RES_MMIO, p, (u64)pa.QuadPart, len, 0, 0);
	*va = p;
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisMUnmapIoSpace(NDIS_HANDLE h, void *va, UINT len)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMUnmapIoSpace");
	u64 held;

	if (!ad || !va)
		return;
	if (!ndl_held_forget(ad, NDL_RES_MMIO, va, 0, &held)) {
		ndl_err("%s: NdisMUnmapIoSpace(%p): not mapped by NdisMMapIoSpace",
			ad->name, va);
		return;
	}
	ndl_os_mmio_unmap(va, (size_t)held);
}

/*
 * Port ranges: x64 drivers reach ports through READ/WRITE_PORT_* with the
 * port number as the address, so the "offset" is the port itself.
 */
NDIS_STATUS NTAPI ndlw_NdisMRegisterIoPortRange(void **offset, NDIS_HANDLE h,
						UINT port, UINT count)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMRegisterIoPortRange");

	*offset = NULL;
	if (!ad)
		return NDIS_STATUS_FAILURE;
	if (!ad->dev || !count || !within(ad, NDL_OS_RES_PORT, port, count)) {
		ndl_err("%s: NdisMRegisterIoPortRange(0x%x, %u): not a port range of this device",
			ad->name, port, count);
		return NDIS_STATUS_RESOURCE_CONFLICT;
	}
	ndl_held_record(ad, NDL_RES_PORTS, NULL, 0, count, port, count);
	*offset = (void *)(uintptr_t)port;
	return NDIS_STATUS_SUCCESS;
}

void NTAPI ndlw_NdisMDeregisterIoPortRange(NDIS_HANDLE h, UINT port,
					   UINT count, void *offset)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMDeregisterIoPortRange");

	if (ad && !ndl_held_forget(ad, NDL_RES_PORTS, NULL, port, NULL))
		ndl_warn("%s: NdisMDeregisterIoPortRange(0x%x): not registered",
			 ad->name, port);
}

/* Release what the driver still holds after MiniportHalt. */
void ndl_res_release_all(struct ndl_adapter *ad)
{
	while (ad->held) {
		struct ndl_held_res *r = ad->held;

		ad->held = r->next;
		switch (r->kind) {
		case NDL_RES_PORTS:
			ndl_warn("%s: halt left port range 0x%x+%u registered",
				 ad->name, r->port, r->nports);
			break;
		case NDL_RES_MMIO:
			ndl_warn("%s: halt left I/O space %p mapped", ad->name,
				 r->va);
			ndl_os_mmio_unmap(r->va, (size_t)r->len);
			break;
		case NDL_RES_SHARED:
			ndl_warn("%s: halt left %llu bytes of shared memory allocated",
				 ad->name, (unsigned long long)r->len);
			ndl_os_dma_free(ad->dev, (size_t)r->len, r->va, r->bus);
			break;
		}
		ndl_free(r);
	}
}

/* ---- PCI configuration space ------------------------------------------------------ */

/*
 * Bytes read or written; 0 without a device behind the adapter. Space is
 * IRP_MN_READ_CONFIG's WhichSpace (NDIS 6): only the PCI configuration
 * space exists behind an adapter here; another (a ROM, a vendor's bus)
 * transfers nothing, as on a bus driver that does not implement it.
 */
static ULONG pci_slot_io(NDIS_HANDLE h, const char *fn, ULONG space,
			 ULONG off, void *buf, ULONG len, bool write)
{
	struct ndl_adapter *ad = ndl_ad(h, fn);

	if (!ad || !ad->dev || !buf)
		return 0;
	if (space != PCI_WHICHSPACE_CONFIG) {
		ndl_warn("%s: %s: WhichSpace 0x%x not supported (only PCI configuration space)",
			 ad->name, fn, space);
		return 0;
	}
	if (write)
		return ndl_os_pci_config_write(ad->dev, off, buf, len);
	return ndl_os_pci_config_read(ad->dev, off, buf, len);
}

ULONG NTAPI ndlw_NdisReadPciSlotInformation(NDIS_HANDLE h, ULONG slot,
					    ULONG off, void *buf, ULONG len)
{
	return pci_slot_io(h, "NdisReadPciSlotInformation",
			   PCI_WHICHSPACE_CONFIG, off, buf, len, false);
}

ULONG NTAPI ndlw_NdisWritePciSlotInformation(NDIS_HANDLE h, ULONG slot,
					     ULONG off, void *buf, ULONG len)
{
	return pci_slot_io(h, "NdisWritePciSlotInformation",
			   PCI_WHICHSPACE_CONFIG, off, buf, len, true);
}

/* NDIS 6's replacements for the two above. */
ULONG NTAPI ndlw_NdisMGetBusData(NDIS_HANDLE h, ULONG space, ULONG off,
				 void *buf, ULONG len)
{
	return pci_slot_io(h, "NdisMGetBusData", space, off, buf, len, false);
}

ULONG NTAPI ndlw_NdisMSetBusData(NDIS_HANDLE h, ULONG space, ULONG off,
				 void *buf, ULONG len)
{
	return pci_slot_io(h, "NdisMSetBusData", space, off, buf, len, true);
}

/* No PCMCIA bus here: nothing to read or write. */
ULONG NTAPI ndlw_NdisReadPcmciaAttributeMemory(NDIS_HANDLE h, ULONG off,
					       void *buf, ULONG len)
{
	return 0;
}

ULONG NTAPI ndlw_NdisWritePcmciaAttributeMemory(NDIS_HANDLE h, ULONG off,
						void *buf, ULONG len)
{
	return 0;
}

/* A copy of the adapter's name; the driver frees it with NdisFreeMemory. */
NDIS_STATUS NTAPI ndlw_NdisMQueryAdapterInstanceName(NDIS_STRING *name,
						     NDIS_HANDLE h)
{
	struct ndl_adapter *ad = ndl_ad(h, "NdisMQueryAdapterInstanceName");

	if (!ad || !name)
		return NDIS_STATUS_FAILURE;
	return ndl_utf8_to_ustr(ad->name, (u32)ndl_strlen(ad->name), name,
				ndl_alloc_flags_for_irql()) ?
	       NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCES;
}
