/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An NDIS 6.20 miniport for the Intel 82574L (PCI 8086:10D3, QEMU's
 * -device e1000e): the adapter context and what each file offers.
 */
#ifndef E6_E1000E6_H
#define E6_E1000E6_H

#include <ndis.h>
#include "hw82574.h"

#define E6_TAG			'6e1E'
#define E6_MAJOR_DRIVER_VERSION	1
#define E6_MINOR_DRIVER_VERSION	0
#define E6_VENDOR_DRIVER_VERSION ((E6_MAJOR_DRIVER_VERSION << 16) | \
				  E6_MINOR_DRIVER_VERSION)

#define E6_ETH_HEADER		14
#define E6_MTU			1500
#define E6_MAX_FRAME		(E6_ETH_HEADER + E6_MTU)
#define E6_RX_BUFFER		2048	/* RCTL.BSIZE */
#define E6_MCAST_MAX		32
#define E6_LINK_SPEED_1000	1000000000ull
/* NDIS_LINK_SPEED_UNKNOWN: mingw-w64 defines it through an ifdef.h value it lacks */
#define E6_LINK_SPEED_UNKNOWN	((ULONG64)-1)

#define E6_TX_DESCS		256	/* ring entries (multiple of 8) */
#define E6_TCBS			64	/* NET_BUFFERs in flight */
#define E6_TCB_MAX_FRAGS	16	/* more are copied into the bounce buffer */
#define E6_LSO_MAX_FRAGS	32	/* a large send's (too large to copy) */
/* + a context, + the header copy of a large send */
#define E6_TCB_MAX_DESCS	(E6_LSO_MAX_FRAGS + 2)
#define E6_TX_HEADERS		256	/* header bytes looked at for offloads */

/*
 * Large send: TCP payload bytes per packet (the context's PAYLEN has 20
 * bits; this keeps a packet within 64 KiB with its headers, which HDRLEN's
 * 8 bits bound), at least two segments (one is no large send), and the
 * largest DMA transfer a packet then needs.
 */
#define E6_LSO_MAX_PAYLOAD	64000
#define E6_LSO_MIN_SEGMENTS	2
#define E6_LSO_MAX_HEADER	255
#define E6_LSO_MAX_FRAME	(E6_LSO_MAX_PAYLOAD + E6_LSO_MAX_HEADER)

/* Checksums on, per IP version and direction (E6_ADAPTER.Csum*) */
#define E6_CSUM_IP		0x1	/* IPv4 header */
#define E6_CSUM_TCP		0x2
#define E6_CSUM_UDP		0x4
#define E6_CSUM_ALL4		(E6_CSUM_IP | E6_CSUM_TCP | E6_CSUM_UDP)
#define E6_CSUM_ALL6		(E6_CSUM_TCP | E6_CSUM_UDP)

/* Large send on (E6_ADAPTER.Lso): LSOv1 (IPv4), LSOv2 per IP version */
#define E6_LSO_V1		0x1
#define E6_LSO_V2_IPV4		0x2
#define E6_LSO_V2_IPV6		0x4
#define E6_LSO_ALL		(E6_LSO_V1 | E6_LSO_V2_IPV4 | E6_LSO_V2_IPV6)

/*
 * NET_BUFFER_LIST_INFO(nbl, TcpLargeSendNetBufferListInfo), as the WDK's
 * NDIS_TCP_LARGE_SEND_OFFLOAD_NET_BUFFER_LIST_INFO lays it out (mingw-w64
 * has no declaration): MSS in bits 0-19, TcpHeaderOffset 20-29, Type 30,
 * IPVersion (LSOv2) 31; at completion LSOv1's TcpPayload in bits 0-29.
 */
typedef union _E6_LSO_INFO {
	struct {
		ULONG Mss:20;
		ULONG TcpHeaderOffset:10;
		ULONG Type:1;
		ULONG IpVersion:1;
	} Transmit;
	struct {
		ULONG TcpPayload:30;
		ULONG Type:1;
		ULONG Reserved2:1;
	} V1Complete;
	PVOID Value;
} E6_LSO_INFO;
#define E6_LSO_TYPE_V1		0	/* NDIS_TCP_LARGE_SEND_OFFLOAD_V1_TYPE */
#define E6_LSO_TYPE_V2		1	/* NDIS_TCP_LARGE_SEND_OFFLOAD_V2_TYPE */
#define E6_LSO_IPV6		1	/* NDIS_TCP_LARGE_SEND_OFFLOAD_IPv6 */
#define E6_RX_DESCS		256
#define E6_RCB_SPARES		256	/* buffers that can be up with NDIS */

#define E6_PACKET_FILTERS	(NDIS_PACKET_TYPE_DIRECTED | \
				 NDIS_PACKET_TYPE_MULTICAST | \
				 NDIS_PACKET_TYPE_ALL_MULTICAST | \
				 NDIS_PACKET_TYPE_BROADCAST | \
				 NDIS_PACKET_TYPE_PROMISCUOUS)

typedef enum _E6_STATE {
	E6_PAUSED,
	E6_RUNNING,
	E6_PAUSING,
} E6_STATE;

/* A transmit control block: one NET_BUFFER on the ring. */
typedef struct _E6_TCB {
	LIST_ENTRY Link;		/* free list or ring order */
	struct _E6_ADAPTER *Adapter;
	PNET_BUFFER_LIST Nbl;
	PNET_BUFFER Nb;
	PSCATTER_GATHER_LIST Sgl;	/* NULL when bounced */
	ULONG FirstDesc;
	ULONG Descs;			/* ring entries it holds */
	BOOLEAN OnRing;
	PUCHAR BounceVa;
	NDIS_PHYSICAL_ADDRESS BouncePa;
	PUCHAR SglBuffer;		/* ScatterGatherListSize bytes */
	UCHAR Popts;			/* checksums asked: E6_TXD_POPTS_* */
	E6_TX_CTX_DESC Ctx;		/* where they go, when Popts */
	/* a large send: its header copy in BounceVa, HdrLen bytes long */
	BOOLEAN Lso;
	ULONG HdrLen;
	ULONG LsoPayload;		/* TCP payload bytes */
	UCHAR Headers[E6_TX_HEADERS];	/* NdisGetDataBuffer's storage */
} E6_TCB, *PE6_TCB;

/* A receive control block: one shared-memory buffer and its NBL. */
typedef struct _E6_RCB {
	LIST_ENTRY Link;
	PUCHAR Va;
	NDIS_PHYSICAL_ADDRESS Pa;
	PMDL Mdl;
	PNET_BUFFER_LIST Nbl;
} E6_RCB, *PE6_RCB;

typedef struct _E6_STATS {
	ULONG64 TxFrames, TxBytes, TxErrors, TxUcast, TxMcast, TxBcast;
	ULONG64 RxFrames, RxBytes, RxErrors, RxDiscards, RxUcast, RxMcast,
		RxBcast;
	ULONG64 RxNoBuffer, RxCrcErrors, RxAlignErrors, Collisions1,
		CollisionsN, LateCollisions, Deferred;
	ULONG64 TxLsoPackets, TxLsoBytes;	/* large sends: TCP payload */
} E6_STATS;

typedef struct _E6_ADAPTER {
	NDIS_HANDLE Handle;		/* MiniportAdapterHandle */
	NDIS_HANDLE InterruptHandle;
	NDIS_HANDLE DmaHandle;
	NDIS_HANDLE NblPool;
	NDIS_INTERRUPT_TYPE InterruptType;

	PUCHAR Regs;
	NDIS_PHYSICAL_ADDRESS RegsPa;
	ULONG RegsLength;

	UCHAR PermanentAddress[6];
	UCHAR CurrentAddress[6];

	NDIS_SPIN_LOCK Lock;		/* state, send queue, rings, filters */
	E6_STATE State;
	BOOLEAN Halting;

	/* link, as last read from STATUS */
	BOOLEAN LinkUp;
	BOOLEAN FullDuplex;
	ULONG64 LinkSpeed;

	/* causes saved by the ISR for the DPC (interlocked) */
	LONG PendingCauses;

	/* receive filter */
	ULONG PacketFilter;
	ULONG McastCount;
	UCHAR McastList[E6_MCAST_MAX][6];
	ULONG Lookahead;

	/*
	 * Checksum offload (OID_TCP_OFFLOAD_PARAMETERS): E6_CSUM_* on per
	 * IP version; receive checks run only once OID_OFFLOAD_ENCAPSULATION
	 * turned the version's 802.3 encapsulation on.
	 */
	ULONG TxCsum4, TxCsum6, RxCsum4, RxCsum6;
	BOOLEAN Encap4, Encap6;
	ULONG Lso;			/* E6_LSO_* on */

	/* transmit */
	E6_TX_DESC *TxRing;
	NDIS_PHYSICAL_ADDRESS TxRingPa;
	ULONG TxTail, TxFree;
	ULONG TxReserved;		/* TCBs mapping: E6_TCB_MAX_DESCS each held */
	ULONG SglSize;			/* NdisMRegisterScatterGatherDma's answer */
	E6_TCB Tcbs[E6_TCBS];
	LIST_ENTRY TcbFree, TcbBusy;	/* busy: in ring order */
	PNET_BUFFER_LIST SendHead, SendTail; /* waiting for a TCB */
	PNET_BUFFER SendNext;		/* next NB of SendHead to map */
	ULONG TxOutstanding;		/* NBLs handed to us, not completed */
	PUCHAR BounceBlock;
	NDIS_PHYSICAL_ADDRESS BouncePa;

	/* receive */
	E6_RX_DESC *RxRing;
	NDIS_PHYSICAL_ADDRESS RxRingPa;
	ULONG RxNext;
	PE6_RCB RxSlot[E6_RX_DESCS];
	E6_RCB Rcbs[E6_RX_DESCS + E6_RCB_SPARES];
	LIST_ENTRY RcbFree;
	ULONG RxOutstanding;		/* NBLs up with NDIS */

	E6_STATS Stats;
	ULONG HangChecks;
	ULONG TxProgress, TxProgressSeen;
} E6_ADAPTER, *PE6_ADAPTER;

#define E6_READ(a, r)		READ_REGISTER_ULONG((PULONG)((a)->Regs + (r)))
#define E6_WRITE(a, r, v)	WRITE_REGISTER_ULONG((PULONG)((a)->Regs + (r)), (v))

/* hw.c */
NDIS_STATUS E6HwReset(PE6_ADAPTER Adapter);
VOID E6HwReadMac(PE6_ADAPTER Adapter);
VOID E6HwSetMac(PE6_ADAPTER Adapter);
VOID E6HwStartLink(PE6_ADAPTER Adapter);
BOOLEAN E6HwReadLink(PE6_ADAPTER Adapter);
VOID E6HwStartRings(PE6_ADAPTER Adapter);
VOID E6HwStop(PE6_ADAPTER Adapter);
VOID E6HwApplyFilter(PE6_ADAPTER Adapter);
VOID E6HwCollectStats(PE6_ADAPTER Adapter);
VOID E6HwApplyOffload(PE6_ADAPTER Adapter);

/* offload.c */
NDIS_STATUS E6SetOffloadAttributes(PE6_ADAPTER Adapter);
NDIS_STATUS E6SetOffloadParameters(PE6_ADAPTER Adapter,
				   PNDIS_OID_REQUEST Request);
NDIS_STATUS E6SetOffloadEncapsulation(PE6_ADAPTER Adapter,
				      PNDIS_OID_REQUEST Request);
VOID E6TxChecksumContext(PE6_ADAPTER Adapter, PE6_TCB Tcb, ULONG Tx4,
			 ULONG Tx6);

PVOID E6RxChecksumInfo(PE6_ADAPTER Adapter, const E6_RX_DESC *Desc,
		       const UCHAR *Frame, ULONG Length);

/* large_send.c */
NDIS_STATUS E6TxLargeSendContext(PE6_ADAPTER Adapter, PE6_TCB Tcb, ULONG Lso);
VOID E6TxLargeSendDone(PNET_BUFFER_LIST Nbl, ULONG Sent);

/* isr.c */
NDIS_STATUS E6RegisterInterrupt(PE6_ADAPTER Adapter);
VOID E6EnableInterrupts(PE6_ADAPTER Adapter);
VOID E6DisableInterrupts(PE6_ADAPTER Adapter);
VOID E6RouteMessages(PE6_ADAPTER Adapter);

/* link.c */
VOID E6IndicateLink(PE6_ADAPTER Adapter);
VOID E6LinkChanged(PE6_ADAPTER Adapter);

/* send.c */
NDIS_STATUS E6SendInit(PE6_ADAPTER Adapter);
VOID E6SendFree(PE6_ADAPTER Adapter);
MINIPORT_SEND_NET_BUFFER_LISTS E6SendNetBufferLists;
MINIPORT_CANCEL_SEND E6CancelSend;
VOID NTAPI E6ProcessSGList(PDEVICE_OBJECT Pdo, PVOID Reserved,
			    PSCATTER_GATHER_LIST Sgl, PVOID Context);
VOID E6SendComplete(PE6_ADAPTER Adapter, BOOLEAN Abort, NDIS_STATUS Status);
VOID E6SendFlushQueue(PE6_ADAPTER Adapter, NDIS_STATUS Status);

/* recv.c */
NDIS_STATUS E6RecvInit(PE6_ADAPTER Adapter);
VOID E6RecvFree(PE6_ADAPTER Adapter);
VOID E6RecvFillRing(PE6_ADAPTER Adapter);
VOID E6Receive(PE6_ADAPTER Adapter, ULONG MaxNbls, BOOLEAN *More);
MINIPORT_RETURN_NET_BUFFER_LISTS E6ReturnNetBufferLists;

/* oid.c */
MINIPORT_OID_REQUEST E6OidRequest;
MINIPORT_CANCEL_OID_REQUEST E6CancelOidRequest;
extern const NDIS_OID E6SupportedOids[];
extern const ULONG E6SupportedOidsLength;

/* init.c */
VOID E6CheckPauseDone(PE6_ADAPTER Adapter);

#endif
