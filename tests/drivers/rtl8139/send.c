// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 transmit: NDIS maps each packet for DMA (scatter-gather list in
 * its per-packet info); each fragment takes one C+ Tx descriptor. Frames
 * with too many fragments, or shorter than the Ethernet minimum, are copied
 * into a padded bounce buffer instead. Offloads (txoffload.c) set bits in
 * every descriptor of a packet; a large send is never copied, and reports
 * its TCP payload bytes in TcpLargeSendPacketInfo once the chip sent it.
 * The send queue in front of the ring, completion and abort are
 * common/ndd_txring.c's.
 */
#include "rtl8139.h"

/* The ring, empty: TxRing's descriptors and every slot. */
VOID RtlTxRingInit(PVOID Context)
{
	PRTL_ADAPTER A = Context;

	NdisZeroMemory(A->TxRing, A->TxCount * sizeof(RTL_DESC));
	NddTxClearSlots(&A->Tx);
	NdisZeroMemory(A->LsoBytes, sizeof(A->LsoBytes));
	A->TxRing[A->TxCount - 1].Opts1 = RTL_DESC_EOR;
	A->TxProd = A->TxCons = 0;
}

/* Put one packet on the ring; FALSE if it must wait for room. */
static BOOLEAN RtlTxPut(PVOID Context, PNDIS_PACKET P,
			PSCATTER_GATHER_LIST Sg, UINT Total,
			PNDIS_STATUS Fail)
{
	PRTL_ADAPTER A = Context;
	ULONG Need, k, First = A->TxProd, Last = First, BounceLen = 0;
	ULONG Offload, LsoBytes;
	BOOLEAN UseBounce;
	LONG Bounce = -1;

	*Fail = RtlTxOffloadBits(A, P, Total, &Offload, &LsoBytes);
	/* Only a large send may be longer than a frame. */
	if (*Fail == NDIS_STATUS_SUCCESS && !LsoBytes &&
	    Total > NDD_ETH_MAX_FRAME)
		*Fail = NDIS_STATUS_INVALID_PACKET;
	if (*Fail == NDIS_STATUS_SUCCESS && LsoBytes &&
	    Sg->NumberOfElements > RTL_LSO_MAX_FRAGS)
		*Fail = NDIS_STATUS_RESOURCES;
	if (*Fail != NDIS_STATUS_SUCCESS)
		return TRUE;
	UseBounce = !LsoBytes && (Total < NDD_ETH_MIN_FRAME ||
				  Sg->NumberOfElements > RTL_MAX_FRAGS);
	Need = UseBounce || A->FirstBufferOnly ? 1 : Sg->NumberOfElements;
	if (Need > A->Tx.Available || (UseBounce && !A->Tx.Bounce.Free))
		return FALSE;
	if (UseBounce) {
		Bounce = NddTxBounce(&A->Tx, P, TRUE, &BounceLen);
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
			Pa = A->Tx.Bounce.Pa + Bounce * A->Tx.Bounce.Size;
			Len = BounceLen;
		} else {
			Pa = Sg->Elements[k].Address.QuadPart;
			Len = Sg->Elements[k].Length;
		}
		D->AddrLo = (ULONG)Pa;
		D->AddrHi = (ULONG)(Pa >> 32);
		D->Opts2 = 0;
		Opts = Len | Offload | (i == A->TxCount - 1 ? RTL_DESC_EOR : 0);
		if (k == 0)
			Opts |= RTL_DESC_FS;
		else
			Opts |= RTL_DESC_OWN;
		if (k == Need - 1)
			Opts |= RTL_DESC_LS;
		D->Opts1 = Opts;
		A->Tx.Slot[i].Packet = NULL;
		A->Tx.Slot[i].Bounce = -1;
		Last = i;
	}
	/* The packet is completed with its last descriptor. */
	NddTxSlotFill(&A->Tx, &A->Tx.Slot[Last], P, Need, Bounce, Total);
	A->LsoBytes[Last] = LsoBytes;
	/* The chip may start once the first descriptor is its own. */
	RtlBarrier();
	((volatile RTL_DESC *)&A->TxRing[First])->Opts1 |= RTL_DESC_OWN;
	A->TxProd = (First + Need) % A->TxCount;
	*Fail = NDIS_STATUS_SUCCESS;
	return TRUE;
}

static VOID RtlTxKick(PVOID Context)
{
	RtlWrite8(Context, RTL_TPPOLL, RTL_TPPOLL_NPQ);
}

/* Reclaim the descriptors the chip has sent, one by one. */
static VOID RtlTxReclaim(PVOID Context, PLIST_ENTRY Done)
{
	PRTL_ADAPTER A = Context;

	while (A->Tx.Available < A->Tx.Capacity) {
		ULONG i = A->TxCons;
		ULONG Opts1 = ((volatile RTL_DESC *)&A->TxRing[i])->Opts1;

		if (Opts1 & RTL_DESC_OWN)
			break;
		/* A large send sent: the TCP payload bytes, as NDIS 5 wants. */
		if (A->LsoBytes[i] && A->Tx.Slot[i].Packet &&
		    !(Opts1 & RTL_TX_TES))
			NDIS_PER_PACKET_INFO_FROM_PACKET(A->Tx.Slot[i].Packet,
				TcpLargeSendPacketInfo) =
				(PVOID)(ULONG_PTR)A->LsoBytes[i];
		A->LsoBytes[i] = 0;
		NddTxSlotDone(&A->Tx, &A->Tx.Slot[i], 1, !(Opts1 & RTL_TX_TES),
			      Done);
		A->TxCons = (i + 1) % A->TxCount;
	}
}

const NDD_TX_OPS RtlTxOps = {
	.Put = RtlTxPut,
	.Kick = RtlTxKick,
	.Reclaim = RtlTxReclaim,
	.Clear = RtlTxRingInit,
};

VOID RtlSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PRTL_ADAPTER A = Context;

	NddTxSend(&A->Tx, Packets, Count, A->Halting || A->Removed);
}

VOID RtlCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PRTL_ADAPTER A = Context;

	NddTxCancel(&A->Tx, CancelId);
}
