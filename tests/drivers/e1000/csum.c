// SPDX-License-Identifier: GPL-2.0-only
/*
 * ndle1000 transmit checksums: a packet's NDIS_TCP_IP_CHECKSUM_PACKET_INFO
 * (the TCP/IP transport's request), for the checksums the host turned on
 * with OID_TCP_TASK_OFFLOAD, becomes a TCP/IP context for the chip: where
 * in the frame the IPv4 header checksum and the TCP or UDP checksum start
 * (CSS), end (CSE) and go (CSO). The transport left the pseudo-header sum
 * in the TCP/UDP checksum field and zero in the IP one; the chip sums from
 * CSS to CSE over them and stores the complement at CSO.
 */
#include "ndle1000.h"

#define E1K_IPV4_MAX_HLEN	60
#define E1K_TCP_CSUM_AT		16	/* in the TCP header */
#define E1K_UDP_CSUM_AT		6	/* in the UDP header */
#define E1K_IPV4_CSUM_AT	10
#define E1K_IPPROTO_TCP		6
#define E1K_IPPROTO_UDP		17
/* Enough of a frame to see every header up to the TCP checksum. */
#define E1K_PEEK_LEN		(E1K_ETH_HLEN + E1K_IPV4_MAX_HLEN + 20)

/* The requested checksums that are turned on (E1K_CSUM_*). */
static ULONG E1kCsumWanted(PE1K_ADAPTER A, PNDIS_PACKET P)
{
	NDIS_TCP_IP_CHECKSUM_PACKET_INFO Info;
	ULONG Want = 0;

	Info.Value = (ULONG)(ULONG_PTR)NDIS_PER_PACKET_INFO_FROM_PACKET(
		P, TcpIpChecksumPacketInfo);
	/* IPv6 was not offered: such a request is not ours to honour. */
	if (!Info.Transmit.NdisPacketChecksumV4)
		return 0;
	if (Info.Transmit.NdisPacketTcpChecksum)
		Want |= E1K_CSUM_TCP;
	if (Info.Transmit.NdisPacketUdpChecksum)
		Want |= E1K_CSUM_UDP;
	if (Info.Transmit.NdisPacketIpChecksum)
		Want |= E1K_CSUM_IP;
	return Want & A->CsumTx;
}

/*
 * TxLock held. SUCCESS with *Popts 0 if the packet wants no checksum, else
 * with the data descriptors' POPTS and *Ctx the context they need;
 * INVALID_PACKET if the frame is not the IPv4 TCP or UDP packet its
 * request says it is.
 */
NDIS_STATUS E1kTxCsum(PE1K_ADAPTER A, PNDIS_PACKET P, UINT Total,
		      PE1K_TX_CTX_DESC Ctx, PUCHAR Popts)
{
	UCHAR Hdr[E1K_PEEK_LEN];
	ULONG Want = E1kCsumWanted(A, P), Got, L4;
	const UCHAR *Ip = Hdr + E1K_ETH_HLEN;

	*Popts = 0;
	if (!Want)
		return NDIS_STATUS_SUCCESS;
	if ((Want & E1K_CSUM_TCP) && (Want & E1K_CSUM_UDP))
		return NDIS_STATUS_INVALID_PACKET;
	Got = NddPeekPacket(P, Hdr, Total < sizeof(Hdr) ? Total : sizeof(Hdr));
	if (Got < E1K_ETH_HLEN + 20 || Hdr[12] != 0x08 || Hdr[13] != 0x00 ||
	    Ip[0] >> 4 != 4 || (Ip[0] & 15) < 5)
		return NDIS_STATUS_INVALID_PACKET;
	L4 = E1K_ETH_HLEN + (Ip[0] & 15) * 4;
	if (L4 > Got)
		return NDIS_STATUS_INVALID_PACKET;

	NdisZeroMemory(Ctx, sizeof(*Ctx));
	Ctx->Tucmd = E1K_TUCMD_DEXT | E1K_TUCMD_IP;
	Ctx->Ipcss = E1K_ETH_HLEN;
	Ctx->Ipcso = E1K_ETH_HLEN + E1K_IPV4_CSUM_AT;
	Ctx->Ipcse = (USHORT)(L4 - 1);		/* inclusive */
	if (Want & E1K_CSUM_IP)
		*Popts |= E1K_TXD_POPTS_IXSM;
	if (Want & (E1K_CSUM_TCP | E1K_CSUM_UDP)) {
		BOOLEAN Tcp = (Want & E1K_CSUM_TCP) != 0;
		ULONG Cso = L4 + (Tcp ? E1K_TCP_CSUM_AT : E1K_UDP_CSUM_AT);

		if (Ip[9] != (Tcp ? E1K_IPPROTO_TCP : E1K_IPPROTO_UDP) ||
		    Cso + 2 > Got)
			return NDIS_STATUS_INVALID_PACKET;
		Ctx->Tucss = (UCHAR)L4;
		Ctx->Tucso = (UCHAR)Cso;
		Ctx->Tucse = 0;		/* to the frame's end */
		if (Tcp)
			Ctx->Tucmd |= E1K_TUCMD_TCP;
		*Popts |= E1K_TXD_POPTS_TXSM;
	}
	return NDIS_STATUS_SUCCESS;
}
