// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 transmit: NDIS maps each packet for DMA (the scatter-gather list
 * in its per-packet info); each fragment takes one legacy descriptor, the
 * last with EOP and RS so the chip writes its status back. Frames with more
 * than E1K_MAX_FRAGS fragments are copied into one bounce buffer. The chip
 * pads short frames itself (TCTL.PSP) and appends the FCS (IFCS). One TDT
 * write per batch hands the new descriptors over. Packets wait in our own
 * queue while the ring is full (we are deserialized) and complete from the
 * interrupt DPC.
 */
#include "ndle1000.h"

VOID E1kTxRingInit(PE1K_ADAPTER A)
{
	ULONG i;

	NdisZeroMemory(A->TxRing, A->TxCount * sizeof(E1K_TX_DESC));
	for (i = 0; i < A->TxCount; i++) {
		A->TxSlot[i].Packet = NULL;
		A->TxSlot[i].Count = 0;
		A->TxSlot[i].Bounce = -1;
	}
	A->TxProd = A->TxCons = 0;
	/* TDT == TDH means empty: one descriptor always stays unused. */
	A->TxFree = A->TxCount - 1;
	A->BounceFree = (1u << E1K_BOUNCE_COUNT) - 1;
}

/* Copy the frame into a free bounce buffer; its index, or -1. */
static LONG E1kBounce(PE1K_ADAPTER A, PNDIS_PACKET P, PULONG Length)
{
	LONG b;

	for (b = 0; !(A->BounceFree & (1u << b)); b++)
		;
	/* The chip pads short frames (TCTL.PSP): no padding here. */
	*Length = NddCopyPacket(P, A->BounceVa + b * E1K_RX_BUF_SIZE,
				NDD_ETH_MAX_FRAME);
	if (!*Length)
		return -1;
	A->BounceFree &= ~(1u << b);
	return b;
}

static BOOLEAN E1kIsDirected(PNDIS_PACKET P)
{
	PNDIS_BUFFER Buf;
	PVOID Va;
	UINT Len, Total;

	NdisGetFirstBufferFromPacketSafe(P, &Buf, &Va, &Len, &Total,
					 NormalPagePriority);
	return Va && Len && !(((PUCHAR)Va)[0] & 1);
}

/* Put one packet on the ring; FALSE if it must wait for room. */
static BOOLEAN E1kTxPut(PE1K_ADAPTER A, PNDIS_PACKET P,
			PSCATTER_GATHER_LIST Sg, UINT Total, PNDIS_STATUS Fail)
{
	ULONG Need, k, First = A->TxProd, BounceLen = 0;
	BOOLEAN UseBounce = Sg->NumberOfElements > E1K_MAX_FRAGS;
	LONG Bounce = -1;

	Need = UseBounce ? 1 : Sg->NumberOfElements;
	if (Need > A->TxFree || (UseBounce && !A->BounceFree))
		return FALSE;
	if (UseBounce) {
		Bounce = E1kBounce(A, P, &BounceLen);
		if (Bounce < 0) {
			*Fail = NDIS_STATUS_INVALID_PACKET;
			return TRUE;
		}
	}
	for (k = 0; k < Need; k++) {
		volatile E1K_TX_DESC *D = &A->TxRing[(First + k) % A->TxCount];

		if (UseBounce) {
			D->Addr = A->BouncePa + Bounce * E1K_RX_BUF_SIZE;
			D->Length = (USHORT)BounceLen;
		} else {
			D->Addr = Sg->Elements[k].Address.QuadPart;
			D->Length = (USHORT)Sg->Elements[k].Length;
		}
		D->Cso = 0;
		D->Css = 0;
		D->Special = 0;
		D->Status = 0;
		D->Cmd = E1K_TXD_CMD_IFCS |
			 (k == Need - 1 ? E1K_TXD_CMD_EOP | E1K_TXD_CMD_RS : 0);
	}
	A->TxSlot[First].Packet = P;
	A->TxSlot[First].Count = Need;
	A->TxSlot[First].Bounce = Bounce;
	A->TxSlot[First].Length = Total;
	A->TxSlot[First].Directed = E1kIsDirected(P);
	A->TxProd = (First + Need) % A->TxCount;
	A->TxFree -= Need;
	*Fail = NDIS_STATUS_SUCCESS;
	return TRUE;
}

/* Move queued packets onto the ring; failures go to Failed. TxLock held. */
static VOID E1kTxStartLocked(PE1K_ADAPTER A, PLIST_ENTRY Failed)
{
	BOOLEAN Kick = FALSE;

	while (!IsListEmpty(&A->SendQueue)) {
		PLIST_ENTRY E = A->SendQueue.Flink;
		PNDIS_PACKET P = NDD_LINK_PACKET(E);
		PSCATTER_GATHER_LIST Sg = NDIS_PER_PACKET_INFO_FROM_PACKET(
			P, ScatterGatherListPacketInfo);
		NDIS_STATUS Fail = NDIS_STATUS_INVALID_PACKET;
		UINT Total;

		NdisQueryPacket(P, NULL, NULL, NULL, &Total);
		if (Sg && Sg->NumberOfElements && Total >= NDD_ETH_HLEN &&
		    Total <= NDD_ETH_MAX_FRAME) {
			if (!E1kTxPut(A, P, Sg, Total, &Fail))
				break;
		}
		RemoveEntryList(E);
		if (Fail == NDIS_STATUS_SUCCESS) {
			Kick = TRUE;
		} else {
			A->Eth.Stats.XmitError++;
			NDIS_SET_PACKET_STATUS(P, Fail);
			InsertTailList(Failed, E);
		}
	}
	if (Kick) {
		E1kBarrier();	/* descriptors before the tail */
		E1kWrite(A, E1K_TDT, A->TxProd);
	}
}

VOID E1kSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PE1K_ADAPTER A = Context;
	LIST_ENTRY Failed;
	UINT i;

	InitializeListHead(&Failed);
	NdisAcquireSpinLock(&A->TxLock);
	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Packets[i];
		NDIS_STATUS Fail = NDIS_STATUS_SUCCESS;

		if (A->Halting || A->Removed)
			Fail = NDIS_STATUS_FAILURE;
		else if (A->Eth.MediaState != NdisMediaStateConnected)
			Fail = NDIS_STATUS_NO_CABLE;
		if (Fail != NDIS_STATUS_SUCCESS) {
			A->Eth.Stats.XmitError++;
			NDIS_SET_PACKET_STATUS(P, Fail);
			InsertTailList(&Failed, NDD_PACKET_LINK(P));
			continue;
		}
		NDIS_SET_PACKET_STATUS(P, NDIS_STATUS_PENDING);
		InsertTailList(&A->SendQueue, NDD_PACKET_LINK(P));
	}
	E1kTxStartLocked(A, &Failed);
	NdisReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Failed);
}

VOID E1kCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PE1K_ADAPTER A = Context;
	LIST_ENTRY Cancelled;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(&A->TxLock);
	NddCancelSends(&A->SendQueue, CancelId, &Cancelled);
	NdisReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Cancelled);
}

/* DPC: reclaim packets whose last descriptor is done, then refill. */
VOID E1kTxComplete(PE1K_ADAPTER A)
{
	LIST_ENTRY Done;

	InitializeListHead(&Done);
	NdisDprAcquireSpinLock(&A->TxLock);
	while (A->TxCons != A->TxProd) {
		PE1K_TXSLOT S = &A->TxSlot[A->TxCons];
		ULONG Last = (A->TxCons + S->Count - 1) % A->TxCount;
		UCHAR Status = ((volatile E1K_TX_DESC *)&A->TxRing[Last])->Status;
		NDIS_STATUS St = NDIS_STATUS_SUCCESS;

		if (!(Status & E1K_TXD_STAT_DD))
			break;
		if (S->Bounce >= 0)
			A->BounceFree |= 1u << S->Bounce;
		if (Status & (E1K_TXD_STAT_EC | E1K_TXD_STAT_LC)) {
			A->Eth.Stats.XmitError++;
			St = NDIS_STATUS_FAILURE;
		} else {
			A->Eth.Stats.XmitOk++;
			if (S->Directed) {
				A->Eth.Stats.DirectedFramesXmit++;
				A->Eth.Stats.DirectedBytesXmit += S->Length;
			}
		}
		NDIS_SET_PACKET_STATUS(S->Packet, St);
		InsertTailList(&Done, NDD_PACKET_LINK(S->Packet));
		A->TxCons = (A->TxCons + S->Count) % A->TxCount;
		A->TxFree += S->Count;
		A->TxDone++;
		S->Packet = NULL;
		S->Count = 0;
		S->Bounce = -1;
	}
	E1kTxStartLocked(A, &Done);
	NdisDprReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Done);
}

/* The chip is stopped: fail everything on the ring and in the queue. */
VOID E1kTxAbortAll(PE1K_ADAPTER A, NDIS_STATUS Status)
{
	LIST_ENTRY Done;
	ULONG i;

	InitializeListHead(&Done);
	NdisAcquireSpinLock(&A->TxLock);
	for (i = 0; i < A->TxCount; i++) {
		PNDIS_PACKET P = A->TxSlot[i].Packet;

		if (P) {
			NDIS_SET_PACKET_STATUS(P, Status);
			InsertTailList(&Done, NDD_PACKET_LINK(P));
			A->Eth.Stats.XmitError++;
		}
	}
	A->Eth.Stats.XmitError += NddFailSends(&A->SendQueue, Status, &Done);
	E1kTxRingInit(A);
	NdisReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Done);
}
