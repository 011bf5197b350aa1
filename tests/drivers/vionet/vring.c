// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet split virtqueues in the legacy layout: descriptor table, then
 * the available ring, then (at the next 4096-byte boundary) the used
 * ring, in one shared-memory block whose page frame number goes to
 * QUEUE_PFN. Free descriptors are chained through their Next fields.
 * Callers hold the lock of the queue's path.
 */
#include "vionet.h"

#define VIO_ALIGN_UP(x, a)	(((x) + (a) - 1) & ~((ULONG)(a) - 1))

static ULONG VioRingBytes(USHORT N)
{
	ULONG Avail = 16 * (ULONG)N + 2 * (3 + (ULONG)N);
	ULONG Used = 2 * 3 + 8 * (ULONG)N;

	return VIO_ALIGN_UP(Avail, VIRTIO_PCI_VRING_ALIGN) +
	       VIO_ALIGN_UP(Used, VIRTIO_PCI_VRING_ALIGN);
}

NDIS_STATUS VioQueueAllocate(PVIO_ADAPTER A, PVIO_QUEUE Q, USHORT Index)
{
	ULONG Skip;
	NDIS_STATUS Status;

	NdisZeroMemory(Q, sizeof(*Q));
	Q->Index = Index;
	VioWrite16(A, VIRTIO_PCI_QUEUE_SEL, Index);
	Q->Size = VioRead16(A, VIRTIO_PCI_QUEUE_NUM);
	/* A queue of 0 does not exist; the size must be a power of 2. */
	if (Q->Size == 0 || (Q->Size & (Q->Size - 1)))
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	if (VioRead32(A, VIRTIO_PCI_QUEUE_PFN) != 0)
		return NDIS_STATUS_ADAPTER_NOT_FOUND;	/* not reset */

	Q->RingBytes = VioRingBytes(Q->Size);
	/* One extra page so the ring can start on a page boundary. */
	Status = VioSharedAlloc(A, &Q->Mem, Q->RingBytes +
				VIRTIO_PCI_VRING_ALIGN, FALSE);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	Skip = (ULONG)(-(LONGLONG)Q->Mem.Pa.QuadPart &
		       (VIRTIO_PCI_VRING_ALIGN - 1));
	Q->RingVa = (PUCHAR)Q->Mem.Va + Skip;
	Q->RingPa = (ULONGLONG)Q->Mem.Pa.QuadPart + Skip;
	/* Legacy QUEUE_PFN is 32 bits of page number: 16 TiB. */
	if ((Q->RingPa >> VIRTIO_PCI_QUEUE_ADDR_SHIFT) > 0xffffffffULL) {
		VioSharedFree(A, &Q->Mem);
		return NDIS_STATUS_RESOURCES;
	}
	Status = NdisAllocateMemoryWithTag((PVOID *)&Q->Cookie,
					   Q->Size * sizeof(PVOID), VIO_TAG);
	if (Status != NDIS_STATUS_SUCCESS) {
		VioSharedFree(A, &Q->Mem);
		return Status;
	}
	Q->Desc = (VRING_DESC *)Q->RingVa;
	Q->Avail = (VRING_AVAIL *)(Q->RingVa + 16 * (ULONG)Q->Size);
	Q->Used = (VRING_USED *)(Q->RingVa +
		VIO_ALIGN_UP(16 * (ULONG)Q->Size + 2 * (3 + (ULONG)Q->Size),
			     VIRTIO_PCI_VRING_ALIGN));
	VioQueueRestart(Q);
	return NDIS_STATUS_SUCCESS;
}

VOID VioQueueFree(PVIO_ADAPTER A, PVIO_QUEUE Q)
{
	if (Q->Cookie)
		NdisFreeMemory(Q->Cookie, Q->Size * sizeof(PVOID), 0);
	Q->Cookie = NULL;
	VioSharedFree(A, &Q->Mem);
}

/* An empty ring, as a reset device expects it. */
VOID VioQueueRestart(PVIO_QUEUE Q)
{
	USHORT i;

	NdisZeroMemory(Q->RingVa, Q->RingBytes);
	NdisZeroMemory(Q->Cookie, Q->Size * sizeof(PVOID));
	for (i = 0; i < Q->Size; i++)
		Q->Desc[i].Next = (USHORT)(i + 1);
	Q->FreeHead = 0;
	Q->NumFree = Q->Size;
	Q->AvailIdx = 0;
	Q->LastUsed = 0;
}

VOID VioQueueActivate(PVIO_ADAPTER A, PVIO_QUEUE Q)
{
	VioWrite16(A, VIRTIO_PCI_QUEUE_SEL, Q->Index);
	VioWrite32(A, VIRTIO_PCI_QUEUE_PFN,
		   (ULONG)(Q->RingPa >> VIRTIO_PCI_QUEUE_ADDR_SHIFT));
}

/*
 * Out device-readable then In device-writable buffers as one chain,
 * published in the available ring (the device sees it after the index
 * store; VioQueueKick tells it). FALSE when descriptors are short.
 */
BOOLEAN VioQueueAdd(PVIO_QUEUE Q, const VIO_SG *Sg, ULONG Out, ULONG In,
		    PVOID Cookie)
{
	ULONG n = Out + In, i;
	USHORT Head, Cur;

	if (n == 0 || n > Q->NumFree)
		return FALSE;
	Head = Q->FreeHead;
	Cur = Head;
	for (i = 0; i < n; i++) {
		VRING_DESC *D = &Q->Desc[Cur];

		D->Addr = Sg[i].Addr;
		D->Len = Sg[i].Len;
		D->Flags = (USHORT)(i >= Out ? VRING_DESC_F_WRITE : 0);
		if (i + 1 < n)
			D->Flags |= VRING_DESC_F_NEXT;
		Cur = D->Next;
	}
	Q->FreeHead = Cur;
	Q->NumFree = (USHORT)(Q->NumFree - n);
	Q->Cookie[Head] = Cookie;
	Q->Avail->Ring[Q->AvailIdx & (Q->Size - 1)] = Head;
	/* Descriptors and ring entry before the index that publishes them. */
	VioMemoryBarrier();
	Q->AvailIdx++;
	*(volatile USHORT *)&Q->Avail->Idx = Q->AvailIdx;
	return TRUE;
}

VOID VioQueueKick(PVIO_ADAPTER A, PVIO_QUEUE Q)
{
	/* Our index store before reading whether the device wants a kick. */
	VioMemoryBarrier();
	if (!(*(volatile USHORT *)&Q->Used->Flags & VRING_USED_F_NO_NOTIFY))
		VioWrite16(A, VIRTIO_PCI_QUEUE_NOTIFY, Q->Index);
}

/* The chain from Head back on the free list; its cookie. */
PVOID VioQueueDetachHead(PVIO_QUEUE Q, USHORT Head)
{
	USHORT Cur = Head, n = 1;
	PVOID Cookie = Q->Cookie[Head];

	while (Q->Desc[Cur].Flags & VRING_DESC_F_NEXT) {
		Cur = Q->Desc[Cur].Next;
		n++;
	}
	Q->Desc[Cur].Next = Q->FreeHead;
	Q->FreeHead = Head;
	Q->NumFree = (USHORT)(Q->NumFree + n);
	Q->Cookie[Head] = NULL;
	return Cookie;
}

/* The next chain the device used and the bytes it wrote, or NULL. */
PVOID VioQueueGetUsed(PVIO_QUEUE Q, ULONG *Len)
{
	VRING_USED_ELEM E;

	if (*(volatile USHORT *)&Q->Used->Idx == Q->LastUsed)
		return NULL;
	/* The index before the entry it publishes. */
	VioMemoryBarrier();
	E = Q->Used->Ring[Q->LastUsed & (Q->Size - 1)];
	Q->LastUsed++;
	if (E.Id >= Q->Size || Q->Cookie[E.Id] == NULL)
		return NULL;	/* a device bug; never walk a free chain */
	*Len = E.Len;
	return VioQueueDetachHead(Q, (USHORT)E.Id);
}
