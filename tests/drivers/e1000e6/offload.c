// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checksum offload and large send, as NDIS 6 documents them for a
 * miniport: the offload attributes set in MiniportInitializeEx (the 82574
 * computes and checks IPv4 header, TCP and UDP checksums over IPv4 and
 * IPv6, with options and extension headers, and segments TCP packets:
 * LSOv1 and LSOv2 for both IP versions), OID_TCP_OFFLOAD_PARAMETERS and
 * OID_OFFLOAD_ENCAPSULATION sets, each followed by an
 * NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG indication of what is on. On
 * send, a NET_BUFFER_LIST's TcpIpChecksumNetBufferListInfo becomes a TCP/IP
 * context descriptor (where the checksums start and go) and the POPTS of
 * its extended data descriptors, and its TcpLargeSendNetBufferListInfo a
 * context with TSE (large_send.c); on receive, the legacy descriptor's
 * status and error bits become the list's checksum information. Only what
 * is on is done; nothing is on until NDIS asks.
 */
#include "e1000e6.h"

#define E6_ETHERTYPE_IPV4	0x0800
#define E6_ETHERTYPE_IPV6	0x86dd
#define E6_ETHERTYPE_VLAN	0x8100
#define E6_PROTO_TCP		6
#define E6_PROTO_UDP		17

/* ---- what the adapter offers and has on ------------------------------------ */

/* Large send's limits, the same for each version and IP version. */
#define E6_LSO_LIMITS(x) do { \
	(x).Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3; \
	(x).MaxOffLoadSize = E6_LSO_MAX_PAYLOAD; \
	(x).MinSegmentCount = E6_LSO_MIN_SEGMENTS; \
} while (0)

static VOID E6FillLargeSend(PNDIS_OFFLOAD Offload, ULONG Lso)
{
	/* the header is the chip's template: options are copied as they are */
	if (Lso & E6_LSO_V1) {
		E6_LSO_LIMITS(Offload->LsoV1.IPv4);
		Offload->LsoV1.IPv4.TcpOptions = NDIS_OFFLOAD_SUPPORTED;
		Offload->LsoV1.IPv4.IpOptions = NDIS_OFFLOAD_SUPPORTED;
	}
	if (Lso & E6_LSO_V2_IPV4)
		E6_LSO_LIMITS(Offload->LsoV2.IPv4);
	if (Lso & E6_LSO_V2_IPV6) {
		E6_LSO_LIMITS(Offload->LsoV2.IPv6);
		Offload->LsoV2.IPv6.IpExtensionHeadersSupported =
			NDIS_OFFLOAD_SUPPORTED;
		Offload->LsoV2.IPv6.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
	}
}

static VOID E6FillOffload(PNDIS_OFFLOAD Offload, ULONG Tx4, ULONG Rx4,
			  ULONG Tx6, ULONG Rx6, ULONG Lso)
{
	NDIS_TCP_IP_CHECKSUM_OFFLOAD *c = &Offload->Checksum;

	NdisZeroMemory(Offload, sizeof(*Offload));
	Offload->Header.Type = NDIS_OBJECT_TYPE_OFFLOAD;
	Offload->Header.Revision = NDIS_OFFLOAD_REVISION_2;	/* NDIS 6.20 */
	Offload->Header.Size = NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2;
	if (Tx4) {
		c->IPv4Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		c->IPv4Transmit.IpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv4Transmit.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv4Transmit.TcpChecksum = (Tx4 & E6_CSUM_TCP) != 0;
		c->IPv4Transmit.UdpChecksum = (Tx4 & E6_CSUM_UDP) != 0;
		c->IPv4Transmit.IpChecksum = (Tx4 & E6_CSUM_IP) != 0;
	}
	if (Rx4) {
		c->IPv4Receive.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		c->IPv4Receive.IpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv4Receive.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv4Receive.TcpChecksum = (Rx4 & E6_CSUM_TCP) != 0;
		c->IPv4Receive.UdpChecksum = (Rx4 & E6_CSUM_UDP) != 0;
		c->IPv4Receive.IpChecksum = (Rx4 & E6_CSUM_IP) != 0;
	}
	if (Tx6) {
		c->IPv6Transmit.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		c->IPv6Transmit.IpExtensionHeadersSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv6Transmit.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv6Transmit.TcpChecksum = (Tx6 & E6_CSUM_TCP) != 0;
		c->IPv6Transmit.UdpChecksum = (Tx6 & E6_CSUM_UDP) != 0;
	}
	if (Rx6) {
		c->IPv6Receive.Encapsulation = NDIS_ENCAPSULATION_IEEE_802_3;
		c->IPv6Receive.IpExtensionHeadersSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv6Receive.TcpOptionsSupported = NDIS_OFFLOAD_SUPPORTED;
		c->IPv6Receive.TcpChecksum = (Rx6 & E6_CSUM_TCP) != 0;
		c->IPv6Receive.UdpChecksum = (Rx6 & E6_CSUM_UDP) != 0;
	}
	E6FillLargeSend(Offload, Lso);
}

NDIS_STATUS E6SetOffloadAttributes(PE6_ADAPTER Adapter)
{
	NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES oa;
	NDIS_OFFLOAD hw, current;

	E6FillOffload(&hw, E6_CSUM_ALL4, E6_CSUM_ALL4, E6_CSUM_ALL6,
		      E6_CSUM_ALL6, E6_LSO_ALL);
	E6FillOffload(&current, Adapter->TxCsum4, Adapter->RxCsum4,
		      Adapter->TxCsum6, Adapter->RxCsum6, Adapter->Lso);
	NdisZeroMemory(&oa, sizeof(oa));
	oa.Header.Type = NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES;
	oa.Header.Revision = NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1;
	oa.Header.Size = NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1;
	oa.DefaultOffloadConfiguration = &current;
	oa.HardwareOffloadCapabilities = &hw;
	return NdisMSetMiniportAttributes(Adapter->Handle,
		(PNDIS_MINIPORT_ADAPTER_ATTRIBUTES)&oa);
}

/* The current configuration to NDIS, after every change. */
static VOID E6IndicateCurrentConfig(PE6_ADAPTER Adapter)
{
	NDIS_OFFLOAD current;
	NDIS_STATUS_INDICATION si;

	NdisAcquireSpinLock(&Adapter->Lock);
	E6FillOffload(&current, Adapter->TxCsum4, Adapter->RxCsum4,
		      Adapter->TxCsum6, Adapter->RxCsum6, Adapter->Lso);
	NdisReleaseSpinLock(&Adapter->Lock);
	NdisZeroMemory(&si, sizeof(si));
	si.Header.Type = NDIS_OBJECT_TYPE_STATUS_INDICATION;
	si.Header.Revision = NDIS_STATUS_INDICATION_REVISION_1;
	si.Header.Size = NDIS_SIZEOF_STATUS_INDICATION_REVISION_1;
	si.SourceHandle = Adapter->Handle;
	si.StatusCode = NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG;
	si.StatusBuffer = &current;
	si.StatusBufferSize = sizeof(current);
	NdisMIndicateStatusEx(Adapter->Handle, &si);
}

/* ---- OID sets ------------------------------------------------------------------ */

/* One NDIS_OFFLOAD_PARAMETERS checksum member into the Tx/Rx sets. */
static BOOLEAN E6Param(UCHAR Value, ULONG Bit, ULONG *Tx, ULONG *Rx)
{
	switch (Value) {
	case NDIS_OFFLOAD_PARAMETERS_NO_CHANGE:
		return TRUE;
	case NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED:
		*Tx &= ~Bit;
		*Rx &= ~Bit;
		return TRUE;
	case NDIS_OFFLOAD_PARAMETERS_TX_ENABLED_RX_DISABLED:
		*Tx |= Bit;
		*Rx &= ~Bit;
		return TRUE;
	case NDIS_OFFLOAD_PARAMETERS_RX_ENABLED_TX_DISABLED:
		*Tx &= ~Bit;
		*Rx |= Bit;
		return TRUE;
	case NDIS_OFFLOAD_PARAMETERS_TX_RX_ENABLED:
		*Tx |= Bit;
		*Rx |= Bit;
		return TRUE;
	default:
		return FALSE;
	}
}

/* A large-send member: NO_CHANGE, DISABLED or ENABLED (LSOv2's values are LSOv1's). */
static BOOLEAN E6LsoParam(UCHAR Value, ULONG Bit, ULONG *Lso)
{
	switch (Value) {
	case NDIS_OFFLOAD_PARAMETERS_NO_CHANGE:
		return TRUE;
	case NDIS_OFFLOAD_PARAMETERS_LSOV1_DISABLED:
		*Lso &= ~Bit;
		return TRUE;
	case NDIS_OFFLOAD_PARAMETERS_LSOV1_ENABLED:
		*Lso |= Bit;
		return TRUE;
	default:
		return FALSE;
	}
}

NDIS_STATUS E6SetOffloadParameters(PE6_ADAPTER Adapter,
				   PNDIS_OID_REQUEST Request)
{
	const NDIS_OFFLOAD_PARAMETERS *p =
		Request->DATA.SET_INFORMATION.InformationBuffer;
	ULONG len = Request->DATA.SET_INFORMATION.InformationBufferLength;
	ULONG tx4, rx4, tx6, rx6, lso;

	if (len < NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1) {
		Request->DATA.SET_INFORMATION.BytesNeeded =
			NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	if (p->Header.Type != NDIS_OBJECT_TYPE_DEFAULT ||
	    p->Header.Revision < NDIS_OFFLOAD_PARAMETERS_REVISION_1 ||
	    p->Header.Size < NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1 ||
	    p->Header.Size > len)
		return NDIS_STATUS_INVALID_DATA;
	NdisAcquireSpinLock(&Adapter->Lock);
	tx4 = Adapter->TxCsum4;
	rx4 = Adapter->RxCsum4;
	tx6 = Adapter->TxCsum6;
	rx6 = Adapter->RxCsum6;
	lso = Adapter->Lso;
	if (!E6Param(p->IPv4Checksum, E6_CSUM_IP, &tx4, &rx4) ||
	    !E6Param(p->TCPIPv4Checksum, E6_CSUM_TCP, &tx4, &rx4) ||
	    !E6Param(p->UDPIPv4Checksum, E6_CSUM_UDP, &tx4, &rx4) ||
	    !E6Param(p->TCPIPv6Checksum, E6_CSUM_TCP, &tx6, &rx6) ||
	    !E6Param(p->UDPIPv6Checksum, E6_CSUM_UDP, &tx6, &rx6) ||
	    !E6LsoParam(p->LsoV1, E6_LSO_V1, &lso) ||
	    !E6LsoParam(p->LsoV2IPv4, E6_LSO_V2_IPV4, &lso) ||
	    !E6LsoParam(p->LsoV2IPv6, E6_LSO_V2_IPV6, &lso)) {
		NdisReleaseSpinLock(&Adapter->Lock);
		return NDIS_STATUS_INVALID_DATA;
	}
	Adapter->TxCsum4 = tx4;
	Adapter->RxCsum4 = rx4;
	Adapter->TxCsum6 = tx6;
	Adapter->RxCsum6 = rx6;
	Adapter->Lso = lso;
	E6HwApplyOffload(Adapter);
	NdisReleaseSpinLock(&Adapter->Lock);
	Request->DATA.SET_INFORMATION.BytesRead = p->Header.Size;
	E6IndicateCurrentConfig(Adapter);
	return NDIS_STATUS_SUCCESS;
}

/* One IP version's encapsulation: 802.3 with its 14-byte header only. */
static BOOLEAN E6Encap(ULONG Enabled, ULONG Type, ULONG HeaderSize,
		       BOOLEAN *On)
{
	switch (Enabled) {
	case NDIS_OFFLOAD_SET_NO_CHANGE:
		return TRUE;
	case NDIS_OFFLOAD_SET_OFF:
		*On = FALSE;
		return TRUE;
	case NDIS_OFFLOAD_SET_ON:
		if (!(Type & NDIS_ENCAPSULATION_IEEE_802_3) ||
		    HeaderSize != E6_ETH_HEADER)
			return FALSE;
		*On = TRUE;
		return TRUE;
	default:
		return FALSE;
	}
}

NDIS_STATUS E6SetOffloadEncapsulation(PE6_ADAPTER Adapter,
				      PNDIS_OID_REQUEST Request)
{
	const NDIS_OFFLOAD_ENCAPSULATION *e =
		Request->DATA.SET_INFORMATION.InformationBuffer;
	ULONG len = Request->DATA.SET_INFORMATION.InformationBufferLength;
	BOOLEAN on4, on6;

	if (len < NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1) {
		Request->DATA.SET_INFORMATION.BytesNeeded =
			NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	if (e->Header.Type != NDIS_OBJECT_TYPE_OFFLOAD_ENCAPSULATION ||
	    e->Header.Revision < NDIS_OFFLOAD_ENCAPSULATION_REVISION_1 ||
	    e->Header.Size < NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1)
		return NDIS_STATUS_INVALID_DATA;
	NdisAcquireSpinLock(&Adapter->Lock);
	on4 = Adapter->Encap4;
	on6 = Adapter->Encap6;
	if (!E6Encap(e->IPv4.Enabled, e->IPv4.EncapsulationType,
		     e->IPv4.HeaderSize, &on4) ||
	    !E6Encap(e->IPv6.Enabled, e->IPv6.EncapsulationType,
		     e->IPv6.HeaderSize, &on6)) {
		NdisReleaseSpinLock(&Adapter->Lock);
		return NDIS_STATUS_INVALID_PARAMETER;
	}
	Adapter->Encap4 = on4;
	Adapter->Encap6 = on6;
	E6HwApplyOffload(Adapter);
	NdisReleaseSpinLock(&Adapter->Lock);
	Request->DATA.SET_INFORMATION.BytesRead =
		NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1;
	E6IndicateCurrentConfig(Adapter);
	return NDIS_STATUS_SUCCESS;
}

/* ---- send ---------------------------------------------------------------------- */

/*
 * Where a frame's IP and TCP/UDP headers start and which transport it
 * carries; FALSE if it is not of the IP version asked.
 */
static BOOLEAN E6Headers(const UCHAR *P, ULONG Len, BOOLEAN V4, ULONG *L3,
			 ULONG *L4, UCHAR *Proto)
{
	ULONG off = 12, type, ihl, hops;
	UCHAR next;

	if (Len < 14)
		return FALSE;
	type = (ULONG)P[12] << 8 | P[13];
	if (type == E6_ETHERTYPE_VLAN && Len >= 18) {
		type = (ULONG)P[16] << 8 | P[17];
		off = 16;
	}
	off += 2;
	*L3 = off;
	if (V4) {
		if (type != E6_ETHERTYPE_IPV4 || Len < off + 20 ||
		    (P[off] >> 4) != 4)
			return FALSE;
		ihl = (P[off] & 0xf) * 4u;
		if (ihl < 20 || Len < off + ihl)
			return FALSE;
		*Proto = P[off + 9];
		*L4 = off + ihl;
		return TRUE;
	}
	if (type != E6_ETHERTYPE_IPV6 || Len < off + 40 || (P[off] >> 4) != 6)
		return FALSE;
	next = P[off + 6];
	off += 40;
	/* hop-by-hop, routing and destination options headers */
	for (hops = 0; hops < 8 && (next == 0 || next == 43 || next == 60);
	     hops++) {
		if (Len < off + 8)
			return FALSE;
		next = P[off];
		off += (P[off + 1] + 1u) * 8;
	}
	*Proto = next;
	*L4 = off;
	return Len >= off;
}

/*
 * The TCB's context descriptor and POPTS for what its list asks (and is
 * on: Tx4, Tx6); Popts 0 when nothing is to be computed.
 */
VOID E6TxChecksumContext(PE6_ADAPTER Adapter, PE6_TCB Tcb, ULONG Tx4,
			 ULONG Tx6)
{
	NDIS_TCP_IP_CHECKSUM_NET_BUFFER_LIST_INFO ci;
	ULONG on, len, l3 = 0, l4 = 0;
	BOOLEAN v4, tcp, udp, ip;
	PUCHAR p;
	UCHAR proto = 0;

	Tcb->Popts = 0;
	ci.Value = NET_BUFFER_LIST_INFO(Tcb->Nbl, TcpIpChecksumNetBufferListInfo);
	/* neither IsIPv4 nor IsIPv6: no checksum work, as documented */
	if (!ci.Transmit.IsIPv4 && !ci.Transmit.IsIPv6)
		return;
	v4 = ci.Transmit.IsIPv4 != 0;
	on = v4 ? Tx4 : Tx6;
	tcp = ci.Transmit.TcpChecksum && (on & E6_CSUM_TCP);
	udp = ci.Transmit.UdpChecksum && (on & E6_CSUM_UDP);
	ip = v4 && ci.Transmit.IpHeaderChecksum && (on & E6_CSUM_IP);
	if (!tcp && !udp && !ip)
		return;
	len = NET_BUFFER_DATA_LENGTH(Tcb->Nb);
	if (len > E6_TX_HEADERS)
		len = E6_TX_HEADERS;
	p = NdisGetDataBuffer(Tcb->Nb, len, Tcb->Headers, 1, 0);
	if (!p || !E6Headers(p, len, v4, &l3, &l4, &proto))
		return;
	tcp = tcp && proto == E6_PROTO_TCP && len >= l4 + 20;
	udp = udp && proto == E6_PROTO_UDP && len >= l4 + 8;
	/* the context's offsets are bytes */
	if ((!tcp && !udp && !ip) || l4 + 16 > 0xff)
		return;
	NdisZeroMemory(&Tcb->Ctx, sizeof(Tcb->Ctx));
	if (v4) {
		Tcb->Ctx.Ipcss = (UCHAR)l3;
		Tcb->Ctx.Ipcso = (UCHAR)(l3 + 10);
		Tcb->Ctx.Ipcse = (USHORT)(l4 - 1);
	}
	Tcb->Ctx.Tucss = (UCHAR)l4;
	Tcb->Ctx.Tucso = (UCHAR)(l4 + (udp ? 6 : 16));
	Tcb->Ctx.Tucse = 0;
	Tcb->Ctx.CmdLen = E6_TXC_DEXT | (udp ? 0 : E6_TXC_TCP) |
			  (v4 ? E6_TXC_IP : 0);
	Tcb->Popts = (tcp || udp ? E6_TXD_POPTS_TXSM : 0) |
		     (ip ? E6_TXD_POPTS_IXSM : 0);
}

/* ---- receive --------------------------------------------------------------------- */

/* Lock held: a received frame's TcpIpChecksumNetBufferListInfo value. */
PVOID E6RxChecksumInfo(PE6_ADAPTER Adapter, const E6_RX_DESC *Desc,
		       const UCHAR *Frame, ULONG Length)
{
	NDIS_TCP_IP_CHECKSUM_NET_BUFFER_LIST_INFO ci;
	ULONG type, on;
	BOOLEAN bad;

	ci.Value = NULL;
	if (Length < E6_ETH_HEADER || (Desc->Status & E6_RXD_STAT_IXSM))
		return NULL;
	type = (ULONG)Frame[12] << 8 | Frame[13];
	if (type == E6_ETHERTYPE_IPV4)
		on = Adapter->Encap4 ? Adapter->RxCsum4 : 0;
	else if (type == E6_ETHERTYPE_IPV6)
		on = Adapter->Encap6 ? Adapter->RxCsum6 : 0;
	else
		return NULL;
	if ((on & E6_CSUM_IP) && type == E6_ETHERTYPE_IPV4 &&
	    (Desc->Status & E6_RXD_STAT_IPCS)) {
		if (Desc->Errors & E6_RXD_ERR_IPE)
			ci.Receive.IpChecksumFailed = 1;
		else
			ci.Receive.IpChecksumSucceeded = 1;
	}
	bad = (Desc->Errors & E6_RXD_ERR_TCPE) != 0;
	if (Desc->Status & E6_RXD_STAT_UDPCS) {
		if (on & E6_CSUM_UDP) {
			if (bad)
				ci.Receive.UdpChecksumFailed = 1;
			else
				ci.Receive.UdpChecksumSucceeded = 1;
		}
	} else if (Desc->Status & E6_RXD_STAT_TCPCS) {
		if (on & E6_CSUM_TCP) {
			if (bad)
				ci.Receive.TcpChecksumFailed = 1;
			else
				ci.Receive.TcpChecksumSucceeded = 1;
		}
	}
	return ci.Value;
}
