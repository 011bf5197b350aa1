// SPDX-License-Identifier: GPL-2.0-only
/*
 * Transmit (serialized MiniportSend): each buffer of the packet is mapped
 * for the chip with NdisMStartBufferPhysicalMapping through its own map
 * register, taken in ring order, and each physical piece gets a transmit
 * descriptor (STP on the first, ENP on the last, OWN of the first set
 * last). Runts and packets of more pieces than PCN_MAX_SEGS are copied
 * into the first descriptor's bounce buffer instead. When the ring or the
 * map registers run short MiniportSend answers NDIS_STATUS_RESOURCES.
 * Completion releases the mappings with NdisMCompleteBufferPhysicalMapping.
 */
#include "pcnet.h"

static VOID PcnTxPut(PPCN_ADAPTER A, UINT i, ULONG Addr, UINT Len, ULONG Flags)
{
	volatile PCN_DESC *D = &A->Sh->Tx[i];

	D->Addr = Addr;
	D->Misc = 0;
	D->User = 0;
	D->Status = Flags | TX_ADD_FCS | DS_ONES | ((0x10000 - Len) & 0x0fff);
}

/* Release the map registers of a packet's non-empty buffers, in order. */
static VOID PcnUnmap(PPCN_ADAPTER A, PNDIS_PACKET P, UINT MapFirst, UINT Maps)
{
	PNDIS_BUFFER B;
	UINT m = 0;

	NdisQueryPacket(P, NULL, NULL, &B, NULL);
	for (; B && m < Maps; B = B->Next) {
		PVOID Va;
		UINT Len;

		NdisQueryBuffer(B, &Va, &Len);
		if (!Len)
			continue;
		NdisMCompleteBufferPhysicalMapping(A->Handle, B,
						   (MapFirst + m) % PCN_MAPS);
		m++;
	}
}

/* Copy the whole packet into the bounce buffer of descriptor First. */
static UINT PcnBounce(PPCN_ADAPTER A, PNDIS_PACKET P, UINT First)
{
	PUCHAR To = A->Sh->Bounce[First];
	PNDIS_BUFFER B;
	UINT Len = 0;

	NdisQueryPacket(P, NULL, NULL, &B, NULL);
	while (B) {
		PVOID Va;
		UINT N;

		NdisQueryBuffer(B, &Va, &N);
		if (N > PCN_MAX_FRAME - Len)
			N = PCN_MAX_FRAME - Len;
		if (N && Va)
			NdisMoveMemory(To + Len, Va, N);
		Len += N;
		NdisGetNextBuffer(B, &B);
	}
	if (Len < PCN_MIN_FRAME) {
		NdisZeroMemory(To + Len, PCN_MIN_FRAME - Len);
		Len = PCN_MIN_FRAME;
	}
	A->Bounced++;
	return Len;
}

NDIS_STATUS PcnSend(NDIS_HANDLE Context, PNDIS_PACKET Packet, UINT Flags)
{
	PPCN_ADAPTER A = Context;
	UINT Phys, Bufs, Total, First = A->TxHead, Descs = 0, Maps = 0;
	NDIS_PHYSICAL_ADDRESS_UNIT Units[PCN_MAX_SEGS];
	PCN_TX *T = &A->Tx[First];
	PNDIS_BUFFER B;

	NdisQueryPacket(Packet, &Phys, &Bufs, &B, &Total);
	if (Total < PCN_HEADER || Total > PCN_MAX_FRAME) {
		A->TxErr++;
		return NDIS_STATUS_FAILURE;
	}
	if (Total < PCN_MIN_FRAME || Phys > PCN_MAX_SEGS || Bufs > PCN_MAX_SEGS) {
		if (!A->TxFree)
			return NDIS_STATUS_RESOURCES;
		PcnTxPut(A, First, A->ShBus + FIELD_OFFSET(PCN_SHARED, Bounce) +
			 First * PCN_BUF, PcnBounce(A, Packet, First), 0);
		Descs = 1;
	} else {
		if (A->TxFree < Phys || A->MapFree < Bufs)
			return NDIS_STATUS_RESOURCES;
		for (; B; B = B->Next) {
			UINT Map = (A->MapHead + Maps) % PCN_MAPS, N, k;
			PVOID Va;
			UINT Len;

			NdisQueryBuffer(B, &Va, &Len);
			if (!Len)
				continue;
			NdisMStartBufferPhysicalMapping(A->Handle, B, Map, TRUE,
							Units, &N);
			Maps++;
			for (k = 0; k < N && Descs < A->TxFree; k++, Descs++)
				PcnTxPut(A, (First + Descs) % PCN_RING,
					 NdisGetPhysicalAddressLow(Units[k].PhysicalAddress),
					 Units[k].Length, Descs ? DS_OWN : 0);
		}
		if (!Descs) {		/* no mapping came back */
			PcnUnmap(A, Packet, A->MapHead, Maps);
			A->TxErr++;
			return NDIS_STATUS_FAILURE;
		}
		A->Mapped++;
	}
	/* ENP on the last piece, then hand the first over: OWN and STP. */
	A->Sh->Tx[(First + Descs - 1) % PCN_RING].Status |= DS_ENP;
	T->Packet = Packet;
	T->Descs = Descs;
	T->Maps = Maps;
	T->MapFirst = A->MapHead;
	A->MapHead = (A->MapHead + Maps) % PCN_MAPS;
	A->MapFree -= Maps;
	A->TxHead = (First + Descs) % PCN_RING;
	A->TxFree -= Descs;
	A->TxStalls = 0;
	((volatile PCN_DESC *)&A->Sh->Tx[First])->Status |= DS_OWN | DS_STP;
	PcnKick(A);
	return NDIS_STATUS_PENDING;
}

/* Complete the packets the chip is done with (all of them on Abort). */
VOID PcnSendDone(PPCN_ADAPTER A, BOOLEAN Abort)
{
	while (A->TxFree < PCN_RING) {
		PCN_TX *T = &A->Tx[A->TxTail];
		UINT Last = (A->TxTail + T->Descs - 1) % PCN_RING;
		ULONG Status = ((volatile PCN_DESC *)&A->Sh->Tx[Last])->Status;
		PNDIS_PACKET P = T->Packet;
		NDIS_STATUS Result;

		if (!P || ((Status & DS_OWN) && !Abort))
			break;
		PcnUnmap(A, P, T->MapFirst, T->Maps);
		A->MapTail = (A->MapTail + T->Maps) % PCN_MAPS;
		A->MapFree += T->Maps;
		A->TxTail = (A->TxTail + T->Descs) % PCN_RING;
		A->TxFree += T->Descs;
		T->Packet = NULL;
		if (Abort && (Status & DS_OWN))
			Result = NDIS_STATUS_REQUEST_ABORTED;
		else if (Status & DS_ERR)
			Result = NDIS_STATUS_FAILURE;
		else
			Result = NDIS_STATUS_SUCCESS;
		if (Result == NDIS_STATUS_SUCCESS)
			A->TxOk++;
		else
			A->TxErr++;
		NdisMSendComplete(A->Handle, P, Result);
	}
}
