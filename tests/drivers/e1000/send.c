// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 transmit: NDIS maps each packet for DMA (the scatter-gather list
 * in its per-packet info); each fragment takes one legacy descriptor, the
 * last with EOP and RS so the chip writes its status back. Frames with more
 * than E1K_MAX_FRAGS fragments are copied into one bounce buffer. The chip
 * pads short frames itself (TCTL.PSP) and appends the FCS (IFCS). One TDT
 * write per batch hands the new descriptors over. The send queue in front
 * of the ring, completion and abort are common/ndd_txring.c's.
 */
#include "ndle1000.h"

/* The ring, empty: TxRing's descriptors and every slot. */
VOID E1kTxRingInit(PVOID Context)
{
	PE1K_ADAPTER A = Context;

	NdisZeroMemory(A->TxRing, A->TxCount * sizeof(E1K_TX_DESC));
	NddTxClearSlots(&A->Tx);
	A->TxProd = A->TxCons = 0;
}

/* Put one packet on the ring; FALSE if it must wait for room. */
static BOOLEAN E1kTxPut(PVOID Context, PNDIS_PACKET P,
			PSCATTER_GATHER_LIST Sg, UINT Total, PNDIS_STATUS Fail)
{
	PE1K_ADAPTER A = Context;
	ULONG Need, k, First = A->TxProd, BounceLen = 0;
	BOOLEAN UseBounce = Sg->NumberOfElements > E1K_MAX_FRAGS;
	LONG Bounce = -1;

	Need = UseBounce ? 1 : Sg->NumberOfElements;
	if (Need > A->Tx.Available || (UseBounce && !A->Tx.Bounce.Free))
		return FALSE;
	if (UseBounce) {
		/* The chip pads short frames (TCTL.PSP): no padding here. */
		Bounce = NddTxBounce(&A->Tx, P, FALSE, &BounceLen);
		if (Bounce < 0) {
			*Fail = NDIS_STATUS_INVALID_PACKET;
			return TRUE;
		}
	}
	for (k = 0; k < Need; k++) {
		volatile E1K_TX_DESC *D = &A->TxRing[(First + k) % A->TxCount];

		if (UseBounce) {
			D->Addr = A->Tx.Bounce.Pa + Bounce * A->Tx.Bounce.Size;
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
	NddTxSlotFill(&A->Tx, &A->Tx.Slot[First], P, Need, Bounce, Total);
	A->TxProd = (First + Need) % A->TxCount;
	*Fail = NDIS_STATUS_SUCCESS;
	return TRUE;
}

static VOID E1kTxKick(PVOID Context)
{
	PE1K_ADAPTER A = Context;

	E1kBarrier();	/* descriptors before the tail */
	E1kWrite(A, E1K_TDT, A->TxProd);
}

/* Reclaim the packets whose last descriptor is done. */
static VOID E1kTxReclaim(PVOID Context, PLIST_ENTRY Done)
{
	PE1K_ADAPTER A = Context;

	while (A->TxCons != A->TxProd) {
		PNDD_TX_SLOT S = &A->Tx.Slot[A->TxCons];
		ULONG Count = S->Count;
		ULONG Last = (A->TxCons + Count - 1) % A->TxCount;
		volatile E1K_TX_DESC *D = &A->TxRing[Last];
		UCHAR Status = D->Status;

		if (!(Status & E1K_TXD_STAT_DD))
			break;
		NddTxSlotDone(&A->Tx, S, Count,
			      !(Status & (E1K_TXD_STAT_EC | E1K_TXD_STAT_LC)),
			      Done);
		A->TxCons = (A->TxCons + Count) % A->TxCount;
	}
}

const NDD_TX_OPS E1kTxOps = {
	.Put = E1kTxPut,
	.Kick = E1kTxKick,
	.Reclaim = E1kTxReclaim,
	.Clear = E1kTxRingInit,
};

VOID E1kSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PE1K_ADAPTER A = Context;

	NddTxSend(&A->Tx, Packets, Count, A->Halting || A->Removed);
}

VOID E1kCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId)
{
	PE1K_ADAPTER A = Context;

	NddTxCancel(&A->Tx, CancelId);
}
