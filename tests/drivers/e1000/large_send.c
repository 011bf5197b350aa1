// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 large send ("Offloading the Segmentation of Large TCP Packets",
 * NDIS 5.1) on the 8254x's TCP segmentation. The TCP/IP transport puts
 * the MSS in the packet's TcpLargeSendPacketInfo, the large packet's
 * length in the IPv4 Total Length, and in the TCP checksum field the
 * pseudo-header's sum without the TCP length, which is what the chip adds
 * each segment's length to. The driver turns that into a TCP/IP context
 * descriptor with TSE (HDRLEN, MSS, PAYLEN, the offsets of both
 * checksums); the chip copies the header into each segment and fixes up
 * the IP total length and identification, the sequence number, PSH and
 * FIN (last segment only) and both checksums. The header template goes
 * from a copy (send.c puts it in a copy buffer) whose IPv4 header
 * checksum is zeroed: the chip sums the field's content with the rest,
 * and the transport may have left the large packet's sum there. A packet
 * asking for a large send while none is on, or that is not the IPv4 TCP
 * packet such a request promises, fails. At completion the TCP payload
 * bytes sent replace the MSS in TcpLargeSendPacketInfo (0 if it failed).
 */
#include "ndle1000.h"

#define E1K_IPPROTO_TCP		6
#define E1K_TCP_NO_LSO_FLAGS	0x26	/* URG, RST, SYN */
#define E1K_IPV4_CSUM_AT	10
#define E1K_TCP_CSUM_AT		16

static ULONG E1kBe16(const UCHAR *p)
{
	return (ULONG)p[0] << 8 | p[1];
}

/* The request's answer at completion: the payload bytes sent. */
static VOID E1kLsoWriteBack(PNDIS_PACKET P, ULONG Sent)
{
	NDIS_PER_PACKET_INFO_FROM_PACKET(P, TcpLargeSendPacketInfo) =
		(PVOID)(ULONG_PTR)Sent;
}

static NDIS_STATUS E1kLsoRefuse(PNDIS_PACKET P, NDIS_STATUS Status)
{
	E1kLsoWriteBack(P, 0);
	return Status;
}

/*
 * TxLock held. SUCCESS with L->Payload 0 if P asks for no large send,
 * else with L the context, POPTS and header template for it.
 */
NDIS_STATUS E1kTxLargeSend(PE1K_ADAPTER A, PNDIS_PACKET P, UINT Total,
			   PE1K_TX_LSO L)
{
	ULONG Mss = (ULONG)(ULONG_PTR)NDIS_PER_PACKET_INFO_FROM_PACKET(
		P, TcpLargeSendPacketInfo);
	const UCHAR *Ip = L->Hdr + E1K_ETH_HLEN;
	ULONG Got, Ihl, L4, Thl, IpLen, Payload;

	L->Payload = 0;
	if (!Mss)
		return NDIS_STATUS_SUCCESS;
	/* Turned off: nothing is segmented that the transport did not ask. */
	if (!A->LsoOn)
		return E1kLsoRefuse(P, NDIS_STATUS_FAILURE);
	Got = NddPeekPacket(P, L->Hdr, Total < sizeof(L->Hdr) ? Total :
		      sizeof(L->Hdr));
	/* IPv4 after 802.3, TCP, not a fragment (MF clear, offset 0). */
	if (Got < E1K_ETH_HLEN + 20 || L->Hdr[12] != 0x08 ||
	    L->Hdr[13] != 0x00 || Ip[0] >> 4 != 4 || (Ip[0] & 15) < 5 ||
	    Ip[9] != E1K_IPPROTO_TCP || (E1kBe16(Ip + 6) & 0x3fff))
		return E1kLsoRefuse(P, NDIS_STATUS_INVALID_PACKET);
	Ihl = (Ip[0] & 15) * 4;
	L4 = E1K_ETH_HLEN + Ihl;
	if (L4 + 20 > Got)
		return E1kLsoRefuse(P, NDIS_STATUS_INVALID_PACKET);
	Thl = (L->Hdr[L4 + 12] >> 4) * 4;
	/* No URG, RST or SYN, no urgent pointer: the documented promise. */
	if (Thl < 20 || L4 + Thl > Got ||
	    (L->Hdr[L4 + 13] & E1K_TCP_NO_LSO_FLAGS) ||
	    E1kBe16(L->Hdr + L4 + 18))
		return E1kLsoRefuse(P, NDIS_STATUS_INVALID_PACKET);
	/* The length is the IP header's: it must be the packet's too. */
	IpLen = E1kBe16(Ip + 2);
	if (IpLen != Total - E1K_ETH_HLEN || IpLen <= Ihl + Thl)
		return E1kLsoRefuse(P, NDIS_STATUS_INVALID_PACKET);
	Payload = IpLen - Ihl - Thl;
	/* More than turned on, or segments longer than a frame: failed. */
	if (Payload > A->LsoMaxPayload ||
	    Mss > NDD_ETH_MAX_FRAME - (L4 + Thl))
		return E1kLsoRefuse(P, NDIS_STATUS_INVALID_PACKET);

	NdisZeroMemory(&L->Ctx, sizeof(L->Ctx));
	L->Ctx.Ipcss = E1K_ETH_HLEN;
	L->Ctx.Ipcso = E1K_ETH_HLEN + E1K_IPV4_CSUM_AT;
	L->Ctx.Ipcse = (USHORT)(L4 - 1);		/* inclusive */
	L->Ctx.Tucss = (UCHAR)L4;
	L->Ctx.Tucso = (UCHAR)(L4 + E1K_TCP_CSUM_AT);
	L->Ctx.Tucse = 0;				/* to the end */
	L->Ctx.PayLen = (USHORT)Payload;
	L->Ctx.PayLenHiDtyp = (UCHAR)(Payload >> 16 & 0xf);
	L->Ctx.Tucmd = E1K_TUCMD_DEXT | E1K_TUCMD_IP | E1K_TUCMD_TCP |
		       E1K_TUCMD_TSE;
	L->Ctx.HdrLen = (UCHAR)(L4 + Thl);
	L->Ctx.Mss = (USHORT)Mss;
	L->Popts = E1K_TXD_POPTS_IXSM | E1K_TXD_POPTS_TXSM;
	L->Hdr[E1K_ETH_HLEN + E1K_IPV4_CSUM_AT] = 0;
	L->Hdr[E1K_ETH_HLEN + E1K_IPV4_CSUM_AT + 1] = 0;
	L->HdrLen = L4 + Thl;
	L->Payload = Payload;
	return NDIS_STATUS_SUCCESS;
}

/*
 * TxLock held, the chip done with P's large send of Payload bytes (Ok:
 * sent): written back and counted.
 */
VOID E1kTxLargeSendDone(PE1K_ADAPTER A, PNDIS_PACKET P, ULONG Payload,
			BOOLEAN Ok)
{
	E1kLsoWriteBack(P, Ok ? Payload : 0);
	if (!Ok)
		return;
	A->TxLsoPackets++;
	A->TxLsoBytes += Payload;
}
