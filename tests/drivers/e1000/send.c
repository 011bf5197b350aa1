// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 transmit: NDIS maps each packet for DMA (the scatter-gather list
 * in its per-packet info); each fragment takes one descriptor, the last
 * with EOP and RS so the chip writes its status back: a legacy one, or a
 * TCP/IP data descriptor when the packet wants checksums (csum.c), after
 * a context descriptor if the chip's context must change. Frames with more
 * than E1K_MAX_FRAGS fragments are copied into one bounce buffer. A large
 * send (large_send.c) takes a context descriptor with TSE, its header
 * from a copy buffer and its payload where NDIS mapped it, up to
 * E1K_LSO_MAX_FRAGS descriptors (more fail: the ring's smallest size, 64,
 * holds E1K_LSO_MAX_DESCS with room to spare). The chip
 * pads short frames itself (TCTL.PSP) and appends the FCS (IFCS). One TDT
 * write per batch hands the new descriptors over. The send queue in front
 * of the ring, completion and abort are common/ndd_txring.c's.
 */
#include "ndle1000.h"

/*
 * The ring, empty: its descriptors, every slot (a large send on it, now
 * aborted, sent nothing); no context in the chip.
 */
VOID E1kTxRingInit(PVOID Context)
{
	PE1K_ADAPTER A = Context;
	ULONG i;

	for (i = 0; i < A->Tx.Slots; i++) {
		PNDD_TX_SLOT S = &A->Tx.Slot[i];

		if (S->Packet && S->Extra)
			E1kTxLargeSendDone(A, S->Packet, S->Extra, FALSE);
	}
	NdisZeroMemory(A->TxRing, A->TxCount * sizeof(E1K_TX_DESC));
	NddTxClearSlots(&A->Tx);
	A->TxProd = A->TxCons = 0;
	A->TxCtxValid = FALSE;
}

/* A context descriptor at ring entry i: the chip keeps Ctx from now on. */
static VOID E1kTxPutContext(PE1K_ADAPTER A, ULONG i,
			    const E1K_TX_CTX_DESC *Ctx)
{
	volatile E1K_TX_CTX_DESC *C = (volatile E1K_TX_CTX_DESC *)&A->TxRing[i];

	C->Ipcss = Ctx->Ipcss;
	C->Ipcso = Ctx->Ipcso;
	C->Ipcse = Ctx->Ipcse;
	C->Tucss = Ctx->Tucss;
	C->Tucso = Ctx->Tucso;
	C->Tucse = Ctx->Tucse;
	C->PayLen = Ctx->PayLen;
	C->PayLenHiDtyp = Ctx->PayLenHiDtyp;	/* DTYP 0000: context */
	C->Tucmd = Ctx->Tucmd;
	C->Status = 0;
	C->HdrLen = Ctx->HdrLen;
	C->Mss = Ctx->Mss;
	A->TxCtx = *Ctx;
	A->TxCtxValid = TRUE;
}

/*
 * One fragment's descriptor: legacy, or TCP/IP data with checksums or
 * segmentation (Tse).
 */
static VOID E1kTxPutData(PE1K_ADAPTER A, ULONG i, ULONG64 Pa, ULONG Length,
			 BOOLEAN Last, UCHAR Popts, BOOLEAN Tse)
{
	UCHAR Cmd = E1K_TXD_CMD_IFCS |
		    (Last ? E1K_TXD_CMD_EOP | E1K_TXD_CMD_RS : 0);

	if (Popts || Tse) {
		volatile E1K_TX_DATA_DESC *D =
			(volatile E1K_TX_DATA_DESC *)&A->TxRing[i];

		D->Addr = Pa;
		D->Length = (USHORT)Length;
		D->LenHiDtyp = E1K_TXD_DTYP_DATA | (UCHAR)(Length >> 16 & 0xf);
		D->Status = 0;
		D->Popts = Popts;
		D->Special = 0;
		D->Cmd = Cmd | E1K_TXD_CMD_DEXT | (Tse ? E1K_TXD_CMD_TSE : 0);
	} else {
		volatile E1K_TX_DESC *D = &A->TxRing[i];

		D->Addr = Pa;
		D->Length = (USHORT)Length;
		D->Cso = 0;
		D->Css = 0;
		D->Special = 0;
		D->Status = 0;
		D->Cmd = Cmd;
	}
}

/* The scatter-gather elements with bytes after the first Skip. */
static ULONG E1kSgCountFrom(PSCATTER_GATHER_LIST Sg, ULONG Skip)
{
	ULONG k, n = 0;

	for (k = 0; k < Sg->NumberOfElements; k++) {
		if (Skip >= Sg->Elements[k].Length) {
			Skip -= Sg->Elements[k].Length;
			continue;
		}
		Skip = 0;
		n++;
	}
	return n;
}

/*
 * A large send: its context, its header template from a copy buffer,
 * then its payload as NDIS mapped it (the header's bytes skipped), all
 * with TSE; the slot keeps the payload length for the write-back.
 */
static BOOLEAN E1kTxPutLargeSend(PE1K_ADAPTER A, PNDIS_PACKET P,
				 PSCATTER_GATHER_LIST Sg, UINT Total,
				 const E1K_TX_LSO *L, PNDIS_STATUS Fail)
{
	ULONG First = A->TxProd, Frags = E1kSgCountFrom(Sg, L->HdrLen);
	ULONG Need = Frags + 2, Skip = L->HdrLen, n = 0, k;
	NDD_BOUNCE *B = &A->Tx.Bounce;
	LONG Bounce;

	if (!Frags || Frags > E1K_LSO_MAX_FRAGS) {
		E1kTxLargeSendDone(A, P, L->Payload, FALSE);
		*Fail = NDIS_STATUS_INVALID_PACKET;
		return TRUE;
	}
	if (Need > A->Tx.Available || !B->Free)
		return FALSE;
	Bounce = NddTxBounceTake(&A->Tx);
	NdisMoveMemory(B->Va + Bounce * B->Size, L->Hdr, L->HdrLen);
	E1kTxPutContext(A, First, &L->Ctx);
	E1kTxPutData(A, (First + 1) % A->TxCount, B->Pa + Bounce * B->Size,
		     L->HdrLen, FALSE, L->Popts, TRUE);
	for (k = 0; k < Sg->NumberOfElements; k++) {
		ULONG Len = Sg->Elements[k].Length;

		if (Skip >= Len) {
			Skip -= Len;
			continue;
		}
		n++;
		E1kTxPutData(A, (First + 1 + n) % A->TxCount,
			     Sg->Elements[k].Address.QuadPart + Skip, Len - Skip,
			     n == Frags, L->Popts, TRUE);
		Skip = 0;
	}
	NddTxSlotFill(&A->Tx, &A->Tx.Slot[First], P, Need, Bounce, Total);
	A->Tx.Slot[First].Extra = L->Payload;
	A->TxProd = (First + Need) % A->TxCount;
	return TRUE;
}

/* Put one packet on the ring; FALSE if it must wait for room. */
static BOOLEAN E1kTxPut(PVOID Context, PNDIS_PACKET P,
			PSCATTER_GATHER_LIST Sg, UINT Total, PNDIS_STATUS Fail)
{
	PE1K_ADAPTER A = Context;
	ULONG Frags, Need, k, First = A->TxProd, BounceLen = 0;
	BOOLEAN UseBounce = Sg->NumberOfElements > E1K_MAX_FRAGS;
	BOOLEAN NewCtx;
	LONG Bounce = -1;
	E1K_TX_CTX_DESC Ctx;
	E1K_TX_LSO Lso;
	UCHAR Popts;

	*Fail = E1kTxLargeSend(A, P, Total, &Lso);
	if (*Fail != NDIS_STATUS_SUCCESS)
		return TRUE;
	if (Lso.Payload)
		return E1kTxPutLargeSend(A, P, Sg, Total, &Lso, Fail);
	/* Only a large send may be longer than a frame. */
	if (Total > NDD_ETH_MAX_FRAME) {
		*Fail = NDIS_STATUS_INVALID_PACKET;
		return TRUE;
	}
	*Fail = E1kTxCsum(A, P, Total, &Ctx, &Popts);
	if (*Fail != NDIS_STATUS_SUCCESS)
		return TRUE;
	/* A context descriptor only when the chip's differs, as it is kept. */
	NewCtx = Popts && (!A->TxCtxValid ||
			   !NdisEqualMemory(&Ctx, &A->TxCtx, sizeof(Ctx)));
	Frags = UseBounce ? 1 : Sg->NumberOfElements;
	Need = Frags + (NewCtx ? 1 : 0);
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
	if (NewCtx)
		E1kTxPutContext(A, First, &Ctx);
	for (k = 0; k < Frags; k++) {
		ULONG i = (First + Need - Frags + k) % A->TxCount;

		if (UseBounce)
			E1kTxPutData(A, i, A->Tx.Bounce.Pa +
				     Bounce * A->Tx.Bounce.Size, BounceLen,
				     TRUE, Popts, FALSE);
		else
			E1kTxPutData(A, i, Sg->Elements[k].Address.QuadPart,
				     Sg->Elements[k].Length, k == Frags - 1,
				     Popts, FALSE);
	}
	NddTxSlotFill(&A->Tx, &A->Tx.Slot[First], P, Need, Bounce, Total);
	A->TxProd = (First + Need) % A->TxCount;
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
		if (S->Extra)
			E1kTxLargeSendDone(A, S->Packet, S->Extra,
					   !(Status & (E1K_TXD_STAT_EC |
						       E1K_TXD_STAT_LC)));
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
