// SPDX-License-Identifier: GPL-2.0-only
/*
 * Transmit: NET_BUFFER_LISTs queue in the adapter; each NET_BUFFER gets a
 * transmit control block and an NDIS scatter-gather list
 * (NdisMAllocateNetBufferSGList), which MiniportProcessSGList puts on the
 * descriptor ring (one descriptor per element, trimmed to the frame; a
 * frame with more elements than a TCB may use is copied into the TCB's
 * bounce buffer): legacy descriptors, or a context descriptor and
 * extended ones when the list asks for checksums (offload.c) or a large
 * send (large_send.c: the header from a copy, the rest mapped).
 * A list completes when its last NET_BUFFER's descriptors are written back.
 * Ring order is the order of the TCBs on TcbBusy.
 */
#include "e1000e6.h"

/* NET_BUFFERs of a list not yet completed, and the send queue's link. */
#define E6_NBL_PENDING(nbl)	(*(ULONG_PTR *)&NET_BUFFER_LIST_MINIPORT_RESERVED(nbl)[0])
#define E6_NBL_NEXT_QUEUED(nbl)	(*(PNET_BUFFER_LIST *)&NET_BUFFER_LIST_MINIPORT_RESERVED(nbl)[1])

NDIS_STATUS E6SendInit(PE6_ADAPTER Adapter)
{
	NDIS_SG_DMA_DESCRIPTION dma;
	NDIS_STATUS status;
	ULONG i;

	NdisZeroMemory(&dma, sizeof(dma));
	dma.Header.Type = NDIS_OBJECT_TYPE_SG_DMA_DESCRIPTION;
	dma.Header.Revision = NDIS_SG_DMA_DESCRIPTION_REVISION_1;
	dma.Header.Size = NDIS_SIZEOF_SG_DMA_DESCRIPTION_REVISION_1;
	dma.Flags = NDIS_SG_DMA_64_BIT_ADDRESS;
	dma.MaximumPhysicalMapping = E6_LSO_MAX_FRAME;
	dma.ProcessSGListHandler = E6ProcessSGList;
	status = NdisMRegisterScatterGatherDma(Adapter->Handle, &dma,
					       &Adapter->DmaHandle);
	if (status != NDIS_STATUS_SUCCESS) {
		Adapter->DmaHandle = NULL;
		return status;
	}
	Adapter->SglSize = dma.ScatterGatherListSize;

	NdisMAllocateSharedMemory(Adapter->Handle,
				  E6_TX_DESCS * sizeof(E6_TX_DESC), FALSE,
				  (PVOID *)&Adapter->TxRing, &Adapter->TxRingPa);
	NdisMAllocateSharedMemory(Adapter->Handle, E6_TCBS * E6_RX_BUFFER,
				  FALSE, (PVOID *)&Adapter->BounceBlock,
				  &Adapter->BouncePa);
	if (!Adapter->TxRing || !Adapter->BounceBlock)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(Adapter->TxRing, E6_TX_DESCS * sizeof(E6_TX_DESC));

	InitializeListHead(&Adapter->TcbFree);
	InitializeListHead(&Adapter->TcbBusy);
	for (i = 0; i < E6_TCBS; i++) {
		PE6_TCB tcb = &Adapter->Tcbs[i];

		tcb->Adapter = Adapter;
		tcb->BounceVa = Adapter->BounceBlock + i * E6_RX_BUFFER;
		tcb->BouncePa.QuadPart = Adapter->BouncePa.QuadPart +
					 i * E6_RX_BUFFER;
		if (Adapter->SglSize) {
			tcb->SglBuffer = NdisAllocateMemoryWithTagPriority(
				Adapter->Handle, Adapter->SglSize, E6_TAG,
				NormalPoolPriority);
			if (!tcb->SglBuffer)
				return NDIS_STATUS_RESOURCES;
		}
		InsertTailList(&Adapter->TcbFree, &tcb->Link);
	}
	Adapter->TxTail = 0;
	Adapter->TxFree = E6_TX_DESCS - 1;	/* head == tail means empty */
	return NDIS_STATUS_SUCCESS;
}

VOID E6SendFree(PE6_ADAPTER Adapter)
{
	ULONG i;

	for (i = 0; i < E6_TCBS; i++)
		if (Adapter->Tcbs[i].SglBuffer)
			NdisFreeMemoryWithTagPriority(Adapter->Handle,
				Adapter->Tcbs[i].SglBuffer, E6_TAG);
	if (Adapter->TxRing)
		NdisMFreeSharedMemory(Adapter->Handle,
				      E6_TX_DESCS * sizeof(E6_TX_DESC), FALSE,
				      Adapter->TxRing, Adapter->TxRingPa);
	if (Adapter->BounceBlock)
		NdisMFreeSharedMemory(Adapter->Handle, E6_TCBS * E6_RX_BUFFER,
				      FALSE, Adapter->BounceBlock,
				      Adapter->BouncePa);
	if (Adapter->DmaHandle)
		NdisMDeregisterScatterGatherDma(Adapter->DmaHandle);
	Adapter->TxRing = NULL;
	Adapter->BounceBlock = NULL;
	Adapter->DmaHandle = NULL;
}

static ULONG E6SendFlags(VOID)
{
	return NDIS_CURRENT_IRQL() == DISPATCH_LEVEL ?
		NDIS_SEND_COMPLETE_FLAGS_DISPATCH_LEVEL : 0;
}

static VOID E6CompleteList(PE6_ADAPTER Adapter, PNET_BUFFER_LIST List)
{
	if (List)
		NdisMSendNetBufferListsComplete(Adapter->Handle, List,
						E6SendFlags());
}

/*
 * A NET_BUFFER's destination address class, counted at completion; a
 * large send's payload bytes, written back for LSOv1.
 */
static VOID E6CountSent(PE6_ADAPTER Adapter, PE6_TCB Tcb)
{
	PUCHAR dst = NdisGetDataBuffer(Tcb->Nb, 6, NULL, 1, 0);
	ULONG len = NET_BUFFER_DATA_LENGTH(Tcb->Nb);

	if (Tcb->Lso) {
		Adapter->Stats.TxLsoPackets++;
		Adapter->Stats.TxLsoBytes += Tcb->LsoPayload;
		E6TxLargeSendDone(Tcb->Nbl, Tcb->LsoPayload);
	}

	Adapter->Stats.TxFrames++;
	Adapter->Stats.TxBytes += len;
	if (!dst || !(dst[0] & 1))
		Adapter->Stats.TxUcast++;
	else if ((dst[0] & dst[1] & dst[2] & dst[3] & dst[4] & dst[5]) == 0xff)
		Adapter->Stats.TxBcast++;
	else
		Adapter->Stats.TxMcast++;
}

/* Copies the frame into the TCB's bounce buffer; its length, 0 if none. */
static ULONG E6Bounce(PE6_TCB Tcb)
{
	PNET_BUFFER nb = Tcb->Nb;
	PMDL mdl = NET_BUFFER_CURRENT_MDL(nb);
	ULONG offset = NET_BUFFER_CURRENT_MDL_OFFSET(nb);
	ULONG left = NET_BUFFER_DATA_LENGTH(nb), done = 0;

	if (left > E6_RX_BUFFER)
		return 0;
	for (; mdl && left; mdl = mdl->Next, offset = 0) {
		PUCHAR va = MmGetSystemAddressForMdlSafe(mdl, NormalPagePriority);
		ULONG n = MmGetMdlByteCount(mdl);

		if (!va)
			return 0;
		if (offset >= n)
			continue;
		n -= offset;
		if (n > left)
			n = left;
		NdisMoveMemory(Tcb->BounceVa + done, va + offset, n);
		done += n;
		left -= n;
	}
	return left ? 0 : done;
}

/* Lock held: the TCB's elements onto the ring, the tail moved. */
static VOID E6PlaceTcb(PE6_ADAPTER Adapter, PE6_TCB Tcb,
		       const SCATTER_GATHER_ELEMENT *Elements, ULONG Count)
{
	ULONG i;

	Tcb->FirstDesc = Adapter->TxTail;
	Tcb->Descs = Count;
	if (Tcb->Popts) {
		/* where the checksums go, ahead of the frame's descriptors */
		*(E6_TX_CTX_DESC *)&Adapter->TxRing[Adapter->TxTail] = Tcb->Ctx;
		Adapter->TxTail = (Adapter->TxTail + 1) % E6_TX_DESCS;
		Tcb->Descs++;
	}
	for (i = 0; i < Count; i++) {
		E6_TX_DESC *d = &Adapter->TxRing[Adapter->TxTail];

		d->Addr = Elements[i].Address.QuadPart;
		d->Length = (USHORT)Elements[i].Length;
		d->Cso = d->Css = 0;
		d->Special = 0;
		d->Status = 0;
		d->Cmd = E6_TXD_CMD_IFCS;
		if (Tcb->Popts) {
			d->Cso = E6_TXD_DTYP_DATA;
			d->Cmd |= E6_TXD_CMD_DEXT;
			d->Css = Tcb->Popts;
		}
		if (Tcb->Lso)
			d->Cmd |= E6_TXD_CMD_TSE;
		if (i + 1 == Count)
			d->Cmd |= E6_TXD_CMD_EOP | E6_TXD_CMD_RS;
		Adapter->TxTail = (Adapter->TxTail + 1) % E6_TX_DESCS;
	}
	Tcb->OnRing = TRUE;
	/* the reservation made for the TCB, less what it used */
	Adapter->TxFree += E6_TCB_MAX_DESCS - Tcb->Descs;
	Adapter->TxReserved--;
	InsertTailList(&Adapter->TcbBusy, &Tcb->Link);
	KeMemoryBarrier();
	E6_WRITE(Adapter, E6_TDT, Adapter->TxTail);
}

/* Lock held: the frame as one bounce-buffer descriptor. */
static BOOLEAN E6PlaceBounced(PE6_ADAPTER Adapter, PE6_TCB Tcb)
{
	SCATTER_GATHER_ELEMENT e;

	e.Length = E6Bounce(Tcb);
	if (!e.Length)
		return FALSE;
	e.Address = Tcb->BouncePa;
	e.Reserved = 0;
	Tcb->Sgl = NULL;
	E6PlaceTcb(Adapter, Tcb, &e, 1);
	return TRUE;
}

/*
 * Lock held: a TCB that could not be placed (no mapping, no copy, a
 * large send refused) ends as a failed NET_BUFFER; its list is completed
 * once the others are.
 */
static PNET_BUFFER_LIST E6DropTcb(PE6_ADAPTER Adapter, PE6_TCB Tcb,
				  NDIS_STATUS Status)
{
	PNET_BUFFER_LIST nbl = Tcb->Nbl;

	Adapter->TxFree += E6_TCB_MAX_DESCS;
	Adapter->TxReserved--;
	Adapter->Stats.TxErrors++;
	NET_BUFFER_LIST_STATUS(nbl) = Status;
	E6TxLargeSendDone(nbl, 0);
	InsertTailList(&Adapter->TcbFree, &Tcb->Link);
	if (--E6_NBL_PENDING(nbl) == 0) {
		Adapter->TxOutstanding--;
		NET_BUFFER_LIST_NEXT_NBL(nbl) = NULL;
		return nbl;
	}
	return NULL;
}

/*
 * The list starts at the beginning of the NET_BUFFER's CurrentMdl: the
 * frame is CurrentMdlOffset bytes in and DataLength bytes long (NDIS
 * reference, NdisMAllocateNetBufferSGList). Its elements trimmed to the
 * frame less its first Skip bytes into Out; how many, or Max + 1 if more
 * are needed.
 */
static ULONG E6TrimSgl(PNET_BUFFER Nb, const SCATTER_GATHER_LIST *Sgl,
		       ULONG Skip, ULONG Max, SCATTER_GATHER_ELEMENT *Out)
{
	ULONG skip = NET_BUFFER_CURRENT_MDL_OFFSET(Nb) + Skip;
	ULONG left = NET_BUFFER_DATA_LENGTH(Nb) - Skip;
	ULONG i, n = 0;

	for (i = 0; i < Sgl->NumberOfElements && left; i++) {
		ULONG len = Sgl->Elements[i].Length;

		if (skip >= len) {
			skip -= len;
			continue;
		}
		if (n == Max)
			return Max + 1;
		Out[n].Address.QuadPart = Sgl->Elements[i].Address.QuadPart + skip;
		Out[n].Length = len - skip;
		if (Out[n].Length > left)
			Out[n].Length = left;
		Out[n].Reserved = 0;
		left -= Out[n].Length;
		skip = 0;
		n++;
	}
	/* a list shorter than the frame is not one to send */
	return left ? Max + 1 : n;
}

VOID NTAPI E6ProcessSGList(PDEVICE_OBJECT Pdo, PVOID Reserved,
			   PSCATTER_GATHER_LIST Sgl, PVOID Context)
{
	PE6_TCB tcb = Context;
	PE6_ADAPTER adapter = tcb->Adapter;
	PNET_BUFFER_LIST failed = NULL;
	/* a large send's header copy first, then the rest of the frame */
	SCATTER_GATHER_ELEMENT frags[E6_LSO_MAX_FRAGS + 1];
	ULONG first = tcb->Lso ? 1 : 0;
	ULONG max = tcb->Lso ? E6_LSO_MAX_FRAGS : E6_TCB_MAX_FRAGS;
	ULONG n = E6TrimSgl(tcb->Nb, Sgl, tcb->Lso ? tcb->HdrLen : 0, max,
			    frags + first);

	if (tcb->Lso) {
		frags[0].Address = tcb->BouncePa;
		frags[0].Length = tcb->HdrLen;
		frags[0].Reserved = 0;
	}
	NdisDprAcquireSpinLock(&adapter->Lock);
	if (n && n <= max) {
		tcb->Sgl = Sgl;
		E6PlaceTcb(adapter, tcb, frags, n + first);
	} else {
		/* too many pieces: the frame goes as one copy (not a large one) */
		NdisMFreeNetBufferSGList(adapter->DmaHandle, Sgl, tcb->Nb);
		if (tcb->Lso || !E6PlaceBounced(adapter, tcb))
			failed = E6DropTcb(adapter, tcb, NDIS_STATUS_FAILURE);
	}
	NdisDprReleaseSpinLock(&adapter->Lock);
	E6CompleteList(adapter, failed);
}

/*
 * Maps queued NET_BUFFERs while TCBs and ring room last (pausing too: a
 * list whose first NET_BUFFERs went out must finish). The lock is
 * dropped around NdisMAllocateNetBufferSGList: NDIS may call
 * MiniportProcessSGList before it returns.
 */
static VOID E6SendDrain(PE6_ADAPTER Adapter)
{
	for (;;) {
		PNET_BUFFER_LIST failed = NULL;
		PE6_TCB tcb;
		NDIS_STATUS status;
		KIRQL irql;
		ULONG tx4, tx6, lso;

		NdisAcquireSpinLock(&Adapter->Lock);
		if (!Adapter->SendHead || IsListEmpty(&Adapter->TcbFree) ||
		    Adapter->TxFree < E6_TCB_MAX_DESCS ||
		    Adapter->State == E6_PAUSED) {
			NdisReleaseSpinLock(&Adapter->Lock);
			return;
		}
		tcb = CONTAINING_RECORD(RemoveHeadList(&Adapter->TcbFree),
					E6_TCB, Link);
		tcb->Nbl = Adapter->SendHead;
		tcb->Nb = Adapter->SendNext;
		tcb->Sgl = NULL;
		tcb->OnRing = FALSE;
		Adapter->TxFree -= E6_TCB_MAX_DESCS;
		Adapter->TxReserved++;
		tx4 = Adapter->TxCsum4;
		tx6 = Adapter->TxCsum6;
		lso = Adapter->Lso;
		Adapter->SendNext = NET_BUFFER_NEXT_NB(tcb->Nb);
		if (!Adapter->SendNext) {
			Adapter->SendHead = E6_NBL_NEXT_QUEUED(tcb->Nbl);
			if (!Adapter->SendHead)
				Adapter->SendTail = NULL;
			else
				Adapter->SendNext =
					NET_BUFFER_LIST_FIRST_NB(Adapter->SendHead);
		}
		NdisReleaseSpinLock(&Adapter->Lock);
		status = E6TxLargeSendContext(Adapter, tcb, lso);
		if (status != NDIS_STATUS_SUCCESS) {
			NdisAcquireSpinLock(&Adapter->Lock);
			failed = E6DropTcb(Adapter, tcb, status);
			NdisReleaseSpinLock(&Adapter->Lock);
			E6CompleteList(Adapter, failed);
			continue;
		}
		if (!tcb->Lso)
			E6TxChecksumContext(Adapter, tcb, tx4, tx6);

		/* NdisMAllocateNetBufferSGList runs at DISPATCH_LEVEL */
		NDIS_RAISE_IRQL_TO_DISPATCH(&irql);
		status = NdisMAllocateNetBufferSGList(Adapter->DmaHandle,
			tcb->Nb, tcb, NDIS_SG_LIST_WRITE_TO_DEVICE,
			tcb->SglBuffer, Adapter->SglSize);
		NDIS_LOWER_IRQL(irql, DISPATCH_LEVEL);
		if (status == NDIS_STATUS_SUCCESS)
			continue;
		/* no mapping to be had: the copy is the way out */
		NdisAcquireSpinLock(&Adapter->Lock);
		if (tcb->Lso || !E6PlaceBounced(Adapter, tcb))
			failed = E6DropTcb(Adapter, tcb, NDIS_STATUS_FAILURE);
		NdisReleaseSpinLock(&Adapter->Lock);
		E6CompleteList(Adapter, failed);
	}
}

static VOID E6FailList(PE6_ADAPTER Adapter, PNET_BUFFER_LIST List,
		       NDIS_STATUS Status, ULONG Flags)
{
	PNET_BUFFER_LIST nbl;

	for (nbl = List; nbl; nbl = NET_BUFFER_LIST_NEXT_NBL(nbl))
		NET_BUFFER_LIST_STATUS(nbl) = Status;
	NdisMSendNetBufferListsComplete(Adapter->Handle, List,
		(Flags & NDIS_SEND_FLAGS_DISPATCH_LEVEL) ?
			NDIS_SEND_COMPLETE_FLAGS_DISPATCH_LEVEL : 0);
}

VOID E6SendNetBufferLists(NDIS_HANDLE Context, PNET_BUFFER_LIST List,
			  NDIS_PORT_NUMBER Port, ULONG Flags)
{
	PE6_ADAPTER adapter = Context;
	PNET_BUFFER_LIST nbl, next;
	NDIS_STATUS refuse = NDIS_STATUS_SUCCESS;

	NdisAcquireSpinLock(&adapter->Lock);
	if (adapter->State != E6_RUNNING)
		refuse = NDIS_STATUS_PAUSED;
	else if (!adapter->LinkUp)
		refuse = NDIS_STATUS_MEDIA_DISCONNECTED;
	if (refuse != NDIS_STATUS_SUCCESS) {
		NdisReleaseSpinLock(&adapter->Lock);
		E6FailList(adapter, List, refuse, Flags);
		return;
	}
	for (nbl = List; nbl; nbl = next) {
		PNET_BUFFER nb;
		ULONG_PTR count = 0;

		next = NET_BUFFER_LIST_NEXT_NBL(nbl);
		NET_BUFFER_LIST_NEXT_NBL(nbl) = NULL;
		for (nb = NET_BUFFER_LIST_FIRST_NB(nbl); nb;
		     nb = NET_BUFFER_NEXT_NB(nb))
			count++;
		if (!count) {
			NdisReleaseSpinLock(&adapter->Lock);
			E6FailList(adapter, nbl, NDIS_STATUS_INVALID_PACKET,
				   Flags);
			NdisAcquireSpinLock(&adapter->Lock);
			continue;
		}
		NET_BUFFER_LIST_STATUS(nbl) = NDIS_STATUS_SUCCESS;
		E6_NBL_PENDING(nbl) = count;
		E6_NBL_NEXT_QUEUED(nbl) = NULL;
		if (adapter->SendTail)
			E6_NBL_NEXT_QUEUED(adapter->SendTail) = nbl;
		else {
			adapter->SendHead = nbl;
			adapter->SendNext = NET_BUFFER_LIST_FIRST_NB(nbl);
		}
		adapter->SendTail = nbl;
		adapter->TxOutstanding++;
	}
	NdisReleaseSpinLock(&adapter->Lock);
	E6SendDrain(adapter);
}

/*
 * Lock held: takes the queued lists none of whose NET_BUFFERs has gone to
 * a TCB (all of them when CancelId is NULL) into a chain for completion.
 */
static PNET_BUFFER_LIST E6Unqueue(PE6_ADAPTER Adapter, PVOID CancelId,
				  NDIS_STATUS Status)
{
	PNET_BUFFER_LIST *link = &Adapter->SendHead, nbl, done = NULL;
	PNET_BUFFER_LIST tail = NULL;

	while ((nbl = *link) != NULL) {
		BOOLEAN started = nbl == Adapter->SendHead &&
			Adapter->SendNext != NET_BUFFER_LIST_FIRST_NB(nbl);

		if (started || (CancelId &&
				NDIS_GET_NET_BUFFER_LIST_CANCEL_ID(nbl) != CancelId)) {
			tail = nbl;
			link = &E6_NBL_NEXT_QUEUED(nbl);
			continue;
		}
		*link = E6_NBL_NEXT_QUEUED(nbl);
		if (link == &Adapter->SendHead)
			Adapter->SendNext = Adapter->SendHead ?
				NET_BUFFER_LIST_FIRST_NB(Adapter->SendHead) : NULL;
		NET_BUFFER_LIST_STATUS(nbl) = Status;
		NET_BUFFER_LIST_NEXT_NBL(nbl) = done;
		done = nbl;
		Adapter->TxOutstanding--;
	}
	Adapter->SendTail = tail;
	return done;
}

VOID E6CancelSend(NDIS_HANDLE Context, PVOID CancelId)
{
	PE6_ADAPTER adapter = Context;
	PNET_BUFFER_LIST done;

	NdisAcquireSpinLock(&adapter->Lock);
	done = E6Unqueue(adapter, CancelId, NDIS_STATUS_SEND_ABORTED);
	NdisReleaseSpinLock(&adapter->Lock);
	E6CompleteList(adapter, done);
}

VOID E6SendFlushQueue(PE6_ADAPTER Adapter, NDIS_STATUS Status)
{
	PNET_BUFFER_LIST done;

	NdisAcquireSpinLock(&Adapter->Lock);
	done = E6Unqueue(Adapter, NULL, Status);
	NdisReleaseSpinLock(&Adapter->Lock);
	E6CompleteList(Adapter, done);
}

/*
 * Written-back TCBs completed in ring order (every busy one when Abort:
 * the chip is stopped), their lists completed when their last NET_BUFFER
 * is; then more of the queue mapped.
 */
VOID E6SendComplete(PE6_ADAPTER Adapter, BOOLEAN Abort, NDIS_STATUS Status)
{
	PNET_BUFFER_LIST done = NULL, *tail = &done;

	NdisAcquireSpinLock(&Adapter->Lock);
	while (!IsListEmpty(&Adapter->TcbBusy)) {
		PE6_TCB tcb = CONTAINING_RECORD(Adapter->TcbBusy.Flink, E6_TCB,
						Link);
		ULONG last = (tcb->FirstDesc + tcb->Descs - 1) % E6_TX_DESCS;
		PNET_BUFFER_LIST nbl = tcb->Nbl;

		if (!Abort && !(Adapter->TxRing[last].Status & E6_TXD_STAT_DD))
			break;
		RemoveEntryList(&tcb->Link);
		if (tcb->Sgl)
			NdisMFreeNetBufferSGList(Adapter->DmaHandle, tcb->Sgl,
						 tcb->Nb);
		tcb->Sgl = NULL;
		tcb->OnRing = FALSE;
		Adapter->TxFree += tcb->Descs;
		Adapter->TxProgress++;
		if (Abort) {
			NET_BUFFER_LIST_STATUS(nbl) = Status;
			E6TxLargeSendDone(nbl, 0);
		} else
			E6CountSent(Adapter, tcb);
		InsertTailList(&Adapter->TcbFree, &tcb->Link);
		if (--E6_NBL_PENDING(nbl) == 0) {
			NET_BUFFER_LIST_NEXT_NBL(nbl) = NULL;
			*tail = nbl;
			tail = &NET_BUFFER_LIST_NEXT_NBL(nbl);
			Adapter->TxOutstanding--;
		}
	}
	if (Abort) {
		/* a TCB still being mapped keeps its reservation */
		Adapter->TxTail = 0;
		Adapter->TxFree = E6_TX_DESCS - 1 -
				  Adapter->TxReserved * E6_TCB_MAX_DESCS;
		NdisZeroMemory(Adapter->TxRing, E6_TX_DESCS * sizeof(E6_TX_DESC));
	}
	NdisReleaseSpinLock(&Adapter->Lock);
	E6CompleteList(Adapter, done);
	if (!Abort)
		E6SendDrain(Adapter);
	E6CheckPauseDone(Adapter);
}
