// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtl8139 per-packet offload: a packet's TcpLargeSendPacketInfo (the MSS
 * of a large send) or NDIS_TCP_IP_CHECKSUM_PACKET_INFO (the checksums the
 * transport left to the NIC), for what OID_TCP_TASK_OFFLOAD turned on,
 * become the Opts1 bits of the packet's Tx descriptors. The chip finds
 * the headers itself; a large send's headers are read here only for its
 * TCP payload length, which the miniport reports back when it is sent.
 */
#include "rtl8139.h"

#define RTL_IPV4_MAX_HLEN	60
#define RTL_TCP_MAX_HLEN	60
#define RTL_IPPROTO_TCP		6
/* Enough of a frame to see every header of a large send. */
#define RTL_PEEK_LEN	(NDD_ETH_HLEN + RTL_IPV4_MAX_HLEN + RTL_TCP_MAX_HLEN)

/* A large send's TCP payload bytes, or 0 if it is no IPv4 TCP packet. */
static ULONG RtlLsoPayload(PNDIS_PACKET P, UINT Total)
{
	UCHAR Hdr[RTL_PEEK_LEN];
	const UCHAR *Ip = Hdr + NDD_ETH_HLEN;
	ULONG Got, Ihl, Thl;

	Got = NddPeekPacket(P, Hdr, Total < sizeof(Hdr) ? Total : sizeof(Hdr));
	if (Got < NDD_ETH_HLEN + 20 || Hdr[12] != 0x08 || Hdr[13] != 0x00 ||
	    Ip[0] >> 4 != 4 || Ip[9] != RTL_IPPROTO_TCP)
		return 0;
	Ihl = (Ip[0] & 15) * 4;
	if (Ihl < 20 || Got < NDD_ETH_HLEN + Ihl + 20)
		return 0;
	Thl = (Ip[Ihl + 12] >> 4) * 4;
	if (Thl < 20 || Total <= NDD_ETH_HLEN + Ihl + Thl)
		return 0;
	return Total - NDD_ETH_HLEN - Ihl - Thl;
}

/*
 * TxLock held. SUCCESS with *Opts the offload bits for every descriptor
 * of P (0: none) and *LsoBytes its TCP payload if a large send (else 0);
 * INVALID_PACKET for a large send not turned on or the chip cannot do
 * (MSS over 11 bits, not IPv4 TCP, too big).
 */
NDIS_STATUS RtlTxOffloadBits(PRTL_ADAPTER A, PNDIS_PACKET P, UINT Total,
			     PULONG Opts, PULONG LsoBytes)
{
	ULONG Mss = (ULONG)(ULONG_PTR)NDIS_PER_PACKET_INFO_FROM_PACKET(
		P, TcpLargeSendPacketInfo);
	NDIS_TCP_IP_CHECKSUM_PACKET_INFO Info;

	*Opts = 0;
	*LsoBytes = 0;
	if (Mss) {
		ULONG Payload;

		if (!A->LsoOn || Mss > RTL_TX_MSS_MAX ||
		    Total > RTL_TX_MAX_FRAME)
			return NDIS_STATUS_INVALID_PACKET;
		Payload = RtlLsoPayload(P, Total);
		if (!Payload)
			return NDIS_STATUS_INVALID_PACKET;
		*Opts = RTL_TX_LGSEN | Mss << RTL_TX_MSS_SHIFT;
		*LsoBytes = Payload;
		return NDIS_STATUS_SUCCESS;
	}
	Info.Value = (ULONG)(ULONG_PTR)NDIS_PER_PACKET_INFO_FROM_PACKET(
		P, TcpIpChecksumPacketInfo);
	/* IPv6 was not offered: such a request is not ours to honour. */
	if (!Info.Transmit.NdisPacketChecksumV4)
		return NDIS_STATUS_SUCCESS;
	if (Info.Transmit.NdisPacketTcpChecksum && (A->CsumTx & RTL_CSUM_TCP))
		*Opts |= RTL_TX_TCPCS;
	if (Info.Transmit.NdisPacketUdpChecksum && (A->CsumTx & RTL_CSUM_UDP))
		*Opts |= RTL_TX_UDPCS;
	if (Info.Transmit.NdisPacketIpChecksum && (A->CsumTx & RTL_CSUM_IP))
		*Opts |= RTL_TX_IPCS;
	return NDIS_STATUS_SUCCESS;
}
