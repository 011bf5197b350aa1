// SPDX-License-Identifier: GPL-2.0-only
/*
 * Large send (LSOv1 and LSOv2), as "Offloading the Segmentation of Large
 * TCP Packets" describes it for a miniport, on the 82574's TCP
 * segmentation: a NET_BUFFER_LIST whose TcpLargeSendNetBufferListInfo is
 * not zero holds one large TCP packet; its MSS and TcpHeaderOffset, the
 * TCP header's length and the NET_BUFFER's length become a context
 * descriptor with TSE (HDRLEN, MSS, PAYLEN) and the IP and TCP checksum
 * offsets; the chip copies the header into each segment and fixes up the
 * IP lengths and identification, the sequence number, PSH and FIN, and
 * both checksums. The header goes from a copy in the TCB's bounce buffer
 * with the IPv4 header checksum zeroed (the chip sums the field's content
 * with the rest); the transport left the pseudo-header sum without the
 * length in the TCP checksum, which is what the chip adds each segment's
 * length to. A list asking for a large send that is not on, or that is
 * malformed, fails, as documented. At completion LSOv1's TcpPayload says
 * the payload bytes sent; LSOv2's info keeps only its type.
 */
#include "e1000e6.h"

#define E6_ETHERTYPE_IPV4	0x0800
#define E6_ETHERTYPE_IPV6	0x86dd
#define E6_ETHERTYPE_VLAN	0x8100
#define E6_PROTO_TCP		6

/* The IP header's offset in a frame of the IP version asked, or 0. */
static ULONG E6LsoIpOffset(const UCHAR *P, ULONG Len, BOOLEAN V4)
{
	ULONG off = 12, type;

	if (Len < 18)
		return 0;
	type = (ULONG)P[12] << 8 | P[13];
	if (type == E6_ETHERTYPE_VLAN) {
		type = (ULONG)P[16] << 8 | P[17];
		off = 16;
	}
	off += 2;
	if (Len < off + 1 || (P[off] >> 4) != (V4 ? 4 : 6) ||
	    type != (V4 ? E6_ETHERTYPE_IPV4 : E6_ETHERTYPE_IPV6))
		return 0;
	return off;
}

/*
 * The TCB's context for its list's large send, if it asks for one (Lso:
 * what is on). NDIS_STATUS_SUCCESS with Tcb->Lso FALSE when it does not.
 */
NDIS_STATUS E6TxLargeSendContext(PE6_ADAPTER Adapter, PE6_TCB Tcb, ULONG Lso)
{
	E6_LSO_INFO li;
	ULONG len = NET_BUFFER_DATA_LENGTH(Tcb->Nb), l3, l4, hdr, pay, want;
	BOOLEAN v4;
	PUCHAR p;

	Tcb->Lso = FALSE;
	li.Value = NET_BUFFER_LIST_INFO(Tcb->Nbl, TcpLargeSendNetBufferListInfo);
	if (!(ULONG)(ULONG_PTR)li.Value)
		return NDIS_STATUS_SUCCESS;
	if (li.Transmit.Type == E6_LSO_TYPE_V1) {
		v4 = TRUE;
		want = E6_LSO_V1;
	} else {
		v4 = li.Transmit.IpVersion != E6_LSO_IPV6;
		want = v4 ? E6_LSO_V2_IPV4 : E6_LSO_V2_IPV6;
	}
	/* turned off: such lists are dropped */
	if (!(Lso & want))
		return NDIS_STATUS_FAILURE;
	/* one NET_BUFFER, a TCP header within the headers we read */
	l4 = li.Transmit.TcpHeaderOffset;
	if (NET_BUFFER_NEXT_NB(NET_BUFFER_LIST_FIRST_NB(Tcb->Nbl)) ||
	    !li.Transmit.Mss || li.Transmit.Mss > 0xffff ||
	    l4 + 20 > len || l4 + 20 > E6_LSO_MAX_HEADER)
		return NDIS_STATUS_INVALID_PACKET;
	p = NdisGetDataBuffer(Tcb->Nb, l4 + 20, Tcb->Headers, 1, 0);
	if (!p)
		return NDIS_STATUS_INVALID_PACKET;
	l3 = E6LsoIpOffset(p, l4 + 20, v4);
	if (!l3 || l4 < l3 + (v4 ? 20 : 40))
		return NDIS_STATUS_INVALID_PACKET;
	if (v4 && (p[l3 + 9] != E6_PROTO_TCP || l3 + (p[l3] & 0xf) * 4u != l4))
		return NDIS_STATUS_INVALID_PACKET;
	hdr = l4 + (p[l4 + 12] >> 4) * 4u;
	if ((p[l4 + 12] >> 4) < 5 || hdr > E6_LSO_MAX_HEADER || hdr >= len)
		return NDIS_STATUS_INVALID_PACKET;
	/* larger than offered: failed, as a changed MaxOffLoadSize allows */
	pay = len - hdr;
	if (pay > E6_LSO_MAX_PAYLOAD)
		return NDIS_STATUS_INVALID_PACKET;
	p = NdisGetDataBuffer(Tcb->Nb, hdr, Tcb->Headers, 1, 0);
	if (!p)
		return NDIS_STATUS_INVALID_PACKET;
	NdisMoveMemory(Tcb->BounceVa, p, hdr);
	if (v4)
		Tcb->BounceVa[l3 + 10] = Tcb->BounceVa[l3 + 11] = 0;

	NdisZeroMemory(&Tcb->Ctx, sizeof(Tcb->Ctx));
	Tcb->Ctx.Ipcss = (UCHAR)l3;
	if (v4) {
		Tcb->Ctx.Ipcso = (UCHAR)(l3 + 10);
		Tcb->Ctx.Ipcse = (USHORT)(l4 - 1);
	}
	Tcb->Ctx.Tucss = (UCHAR)l4;
	Tcb->Ctx.Tucso = (UCHAR)(l4 + 16);
	Tcb->Ctx.Tucse = 0;
	Tcb->Ctx.CmdLen = pay | E6_TXC_DEXT | E6_TXC_TSE | E6_TXC_TCP |
			  (v4 ? E6_TXC_IP : 0);
	Tcb->Ctx.HdrLen = (UCHAR)hdr;
	Tcb->Ctx.Mss = (USHORT)li.Transmit.Mss;
	Tcb->Popts = E6_TXD_POPTS_TXSM | (v4 ? E6_TXD_POPTS_IXSM : 0);
	Tcb->Lso = TRUE;
	Tcb->HdrLen = hdr;
	Tcb->LsoPayload = pay;
	return NDIS_STATUS_SUCCESS;
}

/*
 * Before a list that asked for a large send completes: LSOv1's TcpPayload
 * (the payload bytes sent, Sent), LSOv2's reserved bits zero; the type
 * stays. Nothing for a list that asked for none.
 */
VOID E6TxLargeSendDone(PNET_BUFFER_LIST Nbl, ULONG Sent)
{
	E6_LSO_INFO li, done;

	li.Value = NET_BUFFER_LIST_INFO(Nbl, TcpLargeSendNetBufferListInfo);
	if (!(ULONG)(ULONG_PTR)li.Value)
		return;
	done.Value = NULL;
	done.V1Complete.Type = li.Transmit.Type;
	if (li.Transmit.Type == E6_LSO_TYPE_V1)
		done.V1Complete.TcpPayload = Sent;
	NET_BUFFER_LIST_INFO(Nbl, TcpLargeSendNetBufferListInfo) = done.Value;
}
