// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive: a legacy descriptor ring of 2 KiB shared-memory buffers, each
 * with its MDL and NET_BUFFER_LIST made once. A filled entry goes up to
 * NDIS and a spare buffer takes its place; with no spare left, the frame
 * is indicated with NDIS_RECEIVE_FLAGS_RESOURCES and its buffer goes back
 * on the ring once the indication returns. Each list carries what the
 * chip's checksum checks found (offload.c).
 */
#include "e1000e6.h"

#define E6_NBL_RCB(nbl)	(*(PE6_RCB *)&NET_BUFFER_LIST_MINIPORT_RESERVED(nbl)[0])
#define E6_RCBS		(E6_RX_DESCS + E6_RCB_SPARES)

NDIS_STATUS E6RecvInit(PE6_ADAPTER Adapter)
{
	NET_BUFFER_LIST_POOL_PARAMETERS pp;
	ULONG i;

	NdisZeroMemory(&pp, sizeof(pp));
	pp.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	pp.Header.Revision = NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1;
	pp.Header.Size = NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1;
	pp.ProtocolId = NDIS_PROTOCOL_ID_DEFAULT;
	pp.fAllocateNetBuffer = TRUE;
	pp.PoolTag = E6_TAG;
	Adapter->NblPool = NdisAllocateNetBufferListPool(Adapter->Handle, &pp);
	if (!Adapter->NblPool)
		return NDIS_STATUS_RESOURCES;

	NdisMAllocateSharedMemory(Adapter->Handle,
				  E6_RX_DESCS * sizeof(E6_RX_DESC), FALSE,
				  (PVOID *)&Adapter->RxRing, &Adapter->RxRingPa);
	if (!Adapter->RxRing)
		return NDIS_STATUS_RESOURCES;

	InitializeListHead(&Adapter->RcbFree);
	for (i = 0; i < E6_RCBS; i++) {
		PE6_RCB rcb = &Adapter->Rcbs[i];

		NdisMAllocateSharedMemory(Adapter->Handle, E6_RX_BUFFER, FALSE,
					  (PVOID *)&rcb->Va, &rcb->Pa);
		if (!rcb->Va)
			return NDIS_STATUS_RESOURCES;
		rcb->Mdl = NdisAllocateMdl(Adapter->Handle, rcb->Va,
					   E6_RX_BUFFER);
		if (!rcb->Mdl)
			return NDIS_STATUS_RESOURCES;
		rcb->Nbl = NdisAllocateNetBufferAndNetBufferList(
			Adapter->NblPool, 0, 0, rcb->Mdl, 0, 0);
		if (!rcb->Nbl)
			return NDIS_STATUS_RESOURCES;
		E6_NBL_RCB(rcb->Nbl) = rcb;
		if (i < E6_RX_DESCS)
			Adapter->RxSlot[i] = rcb;
		else
			InsertTailList(&Adapter->RcbFree, &rcb->Link);
	}
	E6RecvFillRing(Adapter);
	return NDIS_STATUS_SUCCESS;
}

/* Halt, after every indicated list came back. */
VOID E6RecvFree(PE6_ADAPTER Adapter)
{
	ULONG i;

	for (i = 0; i < E6_RCBS; i++) {
		PE6_RCB rcb = &Adapter->Rcbs[i];

		if (rcb->Nbl)
			NdisFreeNetBufferList(rcb->Nbl);
		if (rcb->Mdl)
			NdisFreeMdl(rcb->Mdl);
		if (rcb->Va)
			NdisMFreeSharedMemory(Adapter->Handle, E6_RX_BUFFER,
					      FALSE, rcb->Va, rcb->Pa);
	}
	if (Adapter->RxRing)
		NdisMFreeSharedMemory(Adapter->Handle,
				      E6_RX_DESCS * sizeof(E6_RX_DESC), FALSE,
				      Adapter->RxRing, Adapter->RxRingPa);
	if (Adapter->NblPool)
		NdisFreeNetBufferListPool(Adapter->NblPool);
	Adapter->RxRing = NULL;
	Adapter->NblPool = NULL;
}

/* Every ring entry empty and pointing at its slot's buffer. */
VOID E6RecvFillRing(PE6_ADAPTER Adapter)
{
	ULONG i;

	NdisZeroMemory(Adapter->RxRing, E6_RX_DESCS * sizeof(E6_RX_DESC));
	for (i = 0; i < E6_RX_DESCS; i++)
		Adapter->RxRing[i].Addr = Adapter->RxSlot[i]->Pa.QuadPart;
	Adapter->RxNext = 0;
}

/* Whether the packet filter asks for this frame (the hash lets in more). */
static BOOLEAN E6Wanted(PE6_ADAPTER Adapter, const UCHAR *Dst)
{
	ULONG f = Adapter->PacketFilter, i;

	if (f & NDIS_PACKET_TYPE_PROMISCUOUS)
		return TRUE;
	if (!(Dst[0] & 1))
		return (f & NDIS_PACKET_TYPE_DIRECTED) != 0;
	if ((Dst[0] & Dst[1] & Dst[2] & Dst[3] & Dst[4] & Dst[5]) == 0xff)
		return (f & NDIS_PACKET_TYPE_BROADCAST) != 0;
	if (f & NDIS_PACKET_TYPE_ALL_MULTICAST)
		return TRUE;
	if (!(f & NDIS_PACKET_TYPE_MULTICAST))
		return FALSE;
	for (i = 0; i < Adapter->McastCount; i++)
		if (NdisEqualMemory(Adapter->McastList[i], Dst, 6))
			return TRUE;
	return FALSE;
}

static VOID E6CountReceived(PE6_ADAPTER Adapter, const UCHAR *Dst, ULONG Len)
{
	Adapter->Stats.RxFrames++;
	Adapter->Stats.RxBytes += Len;
	if (!(Dst[0] & 1))
		Adapter->Stats.RxUcast++;
	else if ((Dst[0] & Dst[1] & Dst[2] & Dst[3] & Dst[4] & Dst[5]) == 0xff)
		Adapter->Stats.RxBcast++;
	else
		Adapter->Stats.RxMcast++;
}

static VOID E6Rearm(PE6_ADAPTER Adapter, ULONG Index)
{
	E6_RX_DESC *d = &Adapter->RxRing[Index];

	d->Addr = Adapter->RxSlot[Index]->Pa.QuadPart;
	d->Length = 0;
	d->Status = 0;
	d->Errors = 0;
}

/*
 * From the DPC: up to MaxNbls filled entries indicated; *More when the
 * ring has more than that.
 */
VOID E6Receive(PE6_ADAPTER Adapter, ULONG MaxNbls, BOOLEAN *More)
{
	PNET_BUFFER_LIST up = NULL, *upTail = &up, low = NULL, *lowTail = &low;
	ULONG nUp = 0, nLow = 0, taken = 0;
	ULONG lowIndex[E6_RX_DESCS];

	NdisDprAcquireSpinLock(&Adapter->Lock);
	for (;;) {
		ULONG i = Adapter->RxNext;
		E6_RX_DESC *d = &Adapter->RxRing[i];
		PE6_RCB rcb = Adapter->RxSlot[i];
		ULONG len;

		if (!(d->Status & E6_RXD_STAT_DD))
			break;
		if (taken == MaxNbls) {
			*More = TRUE;
			break;
		}
		KeMemoryBarrier();	/* the descriptor before its buffer */
		Adapter->RxNext = (i + 1) % E6_RX_DESCS;
		len = d->Length;
		if ((d->Errors & E6_RXD_ERR_FRAME) ||
		    !(d->Status & E6_RXD_STAT_EOP) ||
		    len < E6_ETH_HEADER || len > E6_RX_BUFFER) {
			Adapter->Stats.RxErrors++;
			E6Rearm(Adapter, i);
			continue;
		}
		if (Adapter->State != E6_RUNNING ||
		    !E6Wanted(Adapter, rcb->Va)) {
			if (Adapter->State != E6_RUNNING)
				Adapter->Stats.RxDiscards++;
			E6Rearm(Adapter, i);
			continue;
		}
		E6CountReceived(Adapter, rcb->Va, len);
		NET_BUFFER_DATA_LENGTH(NET_BUFFER_LIST_FIRST_NB(rcb->Nbl)) = len;
		NET_BUFFER_DATA_OFFSET(NET_BUFFER_LIST_FIRST_NB(rcb->Nbl)) = 0;
		NET_BUFFER_CURRENT_MDL_OFFSET(NET_BUFFER_LIST_FIRST_NB(rcb->Nbl)) = 0;
		NET_BUFFER_LIST_STATUS(rcb->Nbl) = NDIS_STATUS_SUCCESS;
		NET_BUFFER_LIST_INFO(rcb->Nbl, TcpIpChecksumNetBufferListInfo) =
			E6RxChecksumInfo(Adapter, d, rcb->Va, len);
		rcb->Nbl->SourceHandle = Adapter->Handle;
		NET_BUFFER_LIST_NEXT_NBL(rcb->Nbl) = NULL;
		taken++;
		if (!IsListEmpty(&Adapter->RcbFree)) {
			Adapter->RxSlot[i] = CONTAINING_RECORD(
				RemoveHeadList(&Adapter->RcbFree), E6_RCB, Link);
			E6Rearm(Adapter, i);
			*upTail = rcb->Nbl;
			upTail = &NET_BUFFER_LIST_NEXT_NBL(rcb->Nbl);
			nUp++;
		} else {
			/* re-armed once NDIS is done with it */
			Adapter->Stats.RxNoBuffer++;
			*lowTail = rcb->Nbl;
			lowTail = &NET_BUFFER_LIST_NEXT_NBL(rcb->Nbl);
			lowIndex[nLow++] = i;
		}
	}
	Adapter->RxOutstanding += nUp;
	NdisDprReleaseSpinLock(&Adapter->Lock);

	if (up)
		NdisMIndicateReceiveNetBufferLists(Adapter->Handle, up,
			NDIS_DEFAULT_PORT_NUMBER, nUp,
			NDIS_RECEIVE_FLAGS_DISPATCH_LEVEL);
	if (low)
		NdisMIndicateReceiveNetBufferLists(Adapter->Handle, low,
			NDIS_DEFAULT_PORT_NUMBER, nLow,
			NDIS_RECEIVE_FLAGS_DISPATCH_LEVEL |
			NDIS_RECEIVE_FLAGS_RESOURCES);

	NdisDprAcquireSpinLock(&Adapter->Lock);
	while (nLow)
		E6Rearm(Adapter, lowIndex[--nLow]);
	/* the tail stops one short of the next entry to read */
	KeMemoryBarrier();
	E6_WRITE(Adapter, E6_RDT,
		 (Adapter->RxNext + E6_RX_DESCS - 1) % E6_RX_DESCS);
	NdisDprReleaseSpinLock(&Adapter->Lock);
}

VOID E6ReturnNetBufferLists(NDIS_HANDLE Context, PNET_BUFFER_LIST List,
			    ULONG Flags)
{
	PE6_ADAPTER adapter = Context;
	PNET_BUFFER_LIST nbl, next;

	NdisAcquireSpinLock(&adapter->Lock);
	for (nbl = List; nbl; nbl = next) {
		next = NET_BUFFER_LIST_NEXT_NBL(nbl);
		NET_BUFFER_LIST_NEXT_NBL(nbl) = NULL;
		InsertTailList(&adapter->RcbFree, &E6_NBL_RCB(nbl)->Link);
		adapter->RxOutstanding--;
	}
	NdisReleaseSpinLock(&adapter->Lock);
	E6CheckPauseDone(adapter);
}
