// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 transmit: NDIS maps each packet for DMA (scatter-gather list in
 * its per-packet info); each fragment takes one C+ Tx descriptor. Frames
 * with too many fragments, or shorter than the Ethernet minimum, are copied
 * into a padded bounce buffer instead. Packets wait in our own queue while
 * the ring is full (we are deserialized), and complete from the DPC.
 */
#include "rtl8139.h"

VOID RtlTxRingInit(PRTL_ADAPTER A)
{
	ULONG i;

	NdisZeroMemory(A->TxRing, A->TxCount * sizeof(RTL_DESC));
	for (i = 0; i < A->TxCount; i++) {
		A->TxSlot[i].Packet = NULL;
		A->TxSlot[i].Bounce = -1;
	}
	A->TxRing[A->TxCount - 1].Opts1 = RTL_DESC_EOR;
	A->TxProd = A->TxCons = 0;
	A->TxFree = A->TxCount;
	A->BounceFree = (1u << RTL_BOUNCE_COUNT) - 1;
}

static LONG RtlBounce(PRTL_ADAPTER A, PNDIS_PACKET P, PULONG Length)
{
	LONG b;

	for (b = 0; !(A->BounceFree & (1u << b)); b++)
		;
	*Length = NddCopyFrame(P, A->BounceVa + b * RTL_RX_BUF_SIZE);
	if (!*Length)
		return -1;
	A->BounceFree &= ~(1u << b);
	return b;
}

static BOOLEAN RtlIsDirected(PNDIS_PACKET P)
{
	PNDIS_BUFFER Buf;
	PVOID Va;
	UINT Len, Total;

	NdisGetFirstBufferFromPacketSafe(P, &Buf, &Va, &Len, &Total,
					 NormalPagePriority);
	return Va && Len && !(((PUCHAR)Va)[0] & 1);
}

/* Put one packet on the ring; FALSE if it must wait for room. */
static BOOLEAN RtlTxPut(PRTL_ADAPTER A, PNDIS_PACKET P,
			PSCATTER_GATHER_LIST Sg, UINT Total,
			PNDIS_STATUS Fail)
{
	ULONG Need, k, First = A->TxProd, Last = First, BounceLen = 0;
	BOOLEAN UseBounce;
	LONG Bounce = -1;

	UseBounce = Total < NDD_ETH_MIN_FRAME ||
		    Sg->NumberOfElements > RTL_MAX_FRAGS;
	Need = UseBounce ? 1 : Sg->NumberOfElements;
	if (Need > A->TxFree || (UseBounce && !A->BounceFree))
		return FALSE;
	if (UseBounce) {
		Bounce = RtlBounce(A, P, &BounceLen);
		if (Bounce < 0) {
			*Fail = NDIS_STATUS_RESOURCES;
			return TRUE;
		}
	}
	for (k = 0; k < Need; k++) {
		ULONG i = (First + k) % A->TxCount;
		volatile RTL_DESC *D = &A->TxRing[i];
		ULONG64 Pa;
		ULONG Len, Opts;

		if (UseBounce) {
			Pa = A->BouncePa + Bounce * RTL_RX_BUF_SIZE;
			Len = BounceLen;
		} else {
			Pa = Sg->Elements[k].Address.QuadPart;
			Len = Sg->Elements[k].Length;
		}
		D->AddrLo = (ULONG)Pa;
		D->AddrHi = (ULONG)(Pa >> 32);
		D->Opts2 = 0;
		Opts = Len | (i == A->TxCount - 1 ? RTL_DESC_EOR : 0);
		if (k == 0)
			Opts |= RTL_DESC_FS;
		else
			Opts |= RTL_DESC_OWN;
		if (k == Need - 1)
			Opts |= RTL_DESC_LS;
		D->Opts1 = Opts;
		A->TxSlot[i].Packet = NULL;
		A->TxSlot[i].Bounce = -1;
		Last = i;
	}
	A->TxSlot[Last].Packet = P;
	A->TxSlot[Last].Bounce = Bounce;
	A->TxSlot[Last].Length = Total;
	A->TxSlot[Last].Directed = RtlIsDirected(P);
	/* The chip may start once the first descriptor is its own. */
	RtlBarrier();
	((volatile RTL_DESC *)&A->TxRing[First])->Opts1 |= RTL_DESC_OWN;
	A->TxProd = (First + Need) % A->TxCount;
	A->TxFree -= Need;
	*Fail = NDIS_STATUS_SUCCESS;
	return TRUE;
}

/* Move queued packets onto the ring; failures go to Failed. TxLock held. */
static VOID RtlTxStartLocked(PRTL_ADAPTER A, PLIST_ENTRY Failed)
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
			if (!RtlTxPut(A, P, Sg, Total, &Fail))
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
	if (Kick)
		RtlWrite8(A, RTL_TPPOLL, RTL_TPPOLL_NPQ);
}

VOID RtlSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PRTL_ADAPTER A = Context;
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
	RtlTxStartLocked(A, &Failed);
	NdisReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Failed);
}

VOID RtlCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PRTL_ADAPTER A = Context;
	LIST_ENTRY Cancelled;

	InitializeListHead(&Cancelled);
	NdisAcquireSpinLock(&A->TxLock);
	NddCancelSends(&A->SendQueue, CancelId, &Cancelled);
	NdisReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Cancelled);
}

/* DPC: reclaim descriptors the chip has sent, then refill the ring. */
VOID RtlTxComplete(PRTL_ADAPTER A)
{
	LIST_ENTRY Done;

	InitializeListHead(&Done);
	NdisDprAcquireSpinLock(&A->TxLock);
	while (A->TxFree < A->TxCount) {
		ULONG i = A->TxCons;
		PRTL_TXSLOT S = &A->TxSlot[i];
		ULONG Opts1 = ((volatile RTL_DESC *)&A->TxRing[i])->Opts1;

		if (Opts1 & RTL_DESC_OWN)
			break;
		if (S->Bounce >= 0)
			A->BounceFree |= 1u << S->Bounce;
		if (S->Packet) {
			NDIS_STATUS St = NDIS_STATUS_SUCCESS;

			if (Opts1 & RTL_TX_TES) {
				A->Eth.Stats.XmitError++;
				St = NDIS_STATUS_FAILURE;
			} else {
				A->Eth.Stats.XmitOk++;
				if (S->Directed) {
					A->Eth.Stats.DirectedFramesXmit++;
					A->Eth.Stats.DirectedBytesXmit +=
						S->Length;
				}
			}
			NDIS_SET_PACKET_STATUS(S->Packet, St);
			InsertTailList(&Done, NDD_PACKET_LINK(S->Packet));
		}
		S->Packet = NULL;
		S->Bounce = -1;
		A->TxCons = (i + 1) % A->TxCount;
		A->TxFree++;
		A->TxDone++;
	}
	RtlTxStartLocked(A, &Done);
	NdisDprReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Done);
}

/* The chip is stopped: fail everything in the ring and the queue. */
VOID RtlTxAbortAll(PRTL_ADAPTER A, NDIS_STATUS Status)
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
	RtlTxRingInit(A);
	NdisReleaseSpinLock(&A->TxLock);
	NddCompleteSends(A->Handle, &Done);
}
