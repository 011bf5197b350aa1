/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Code the test miniports share, as a vendor shares code between its
 * products: DriverEntry's registration, MiniportInitialize's common steps
 * and registry reads, Ethernet OID answers (general and 802.3 OIDs,
 * statistics), flat frames and the send queue, the receive pool with its
 * NdisMIndicateReceivePacket path, and for the PCI bus masters their
 * resources, interrupt, link, shared memory and transmit and receive
 * rings. Each common/ file does one of these.
 */
#ifndef NDD_H
#define NDD_H

#include <ndis.h>

/*
 * The NDIS version a driver is built for: its Makefile's NDIS5x_MINIPORT,
 * which also selects the layout of NDIS_MINIPORT_CHARACTERISTICS.
 */
#if defined(NDIS51_MINIPORT)
#define NDD_NDIS_MAJOR		5
#define NDD_NDIS_MINOR		1
#elif defined(NDIS50_MINIPORT)
#define NDD_NDIS_MAJOR		5
#define NDD_NDIS_MINOR		0
#elif defined(NDIS40_MINIPORT)
#define NDD_NDIS_MAJOR		4
#define NDD_NDIS_MINOR		0
#else
#define NDD_NDIS_MAJOR		3
#define NDD_NDIS_MINOR		0
#endif

#define NDD_ETH_ALEN		6
#define NDD_ETH_HLEN		14
#define NDD_ETH_MAX_DATA	1500
#define NDD_ETH_MAX_FRAME	(NDD_ETH_HLEN + NDD_ETH_MAX_DATA)
#define NDD_ETH_MIN_FRAME	60	/* without FCS; shorter frames are padded */
#define NDD_MAX_MCAST		32

/* x rounded up to a multiple of a, a power of two. */
#define NDD_ALIGN(x, a)		(((x) + (a) - 1) & ~((ULONG64)(a) - 1))

/* Counted string for registry value names: NDD_STRING(L"Name"). */
#define NDD_STRING(s) { sizeof(s) - sizeof(WCHAR), sizeof(s), (PWSTR)(s) }

#define NDD_FILTERS (NDIS_PACKET_TYPE_DIRECTED | NDIS_PACKET_TYPE_MULTICAST | \
		     NDIS_PACKET_TYPE_ALL_MULTICAST | NDIS_PACKET_TYPE_BROADCAST | \
		     NDIS_PACKET_TYPE_PROMISCUOUS)

typedef struct _NDD_ETH_STATS {
	ULONG64 XmitOk;
	ULONG64 RcvOk;
	ULONG64 XmitError;
	ULONG64 RcvError;
	ULONG64 RcvNoBuffer;
	ULONG64 RcvCrcError;
	ULONG64 RcvAlignmentError;
	ULONG64 XmitOneCollision;
	ULONG64 XmitMoreCollisions;
	ULONG64 DirectedBytesXmit;
	ULONG64 DirectedFramesXmit;
	ULONG64 DirectedBytesRcv;
	ULONG64 DirectedFramesRcv;
} NDD_ETH_STATS;

/* What an Ethernet miniport tells NDIS about itself through OIDs. */
typedef struct _NDD_ETH {
	const NDIS_OID *SupportedOids;
	ULONG SupportedOidsSize;	/* bytes */
	ULONG VendorId;			/* OUI in the low 3 bytes, NIC index above */
	const char *VendorDescription;
	ULONG VendorDriverVersion;	/* major << 16 | minor */
	USHORT NdisVersion;		/* 0x0501 or 0x0500 */
	ULONG LinkSpeed;		/* in 100 bit/s units */
	ULONG TxBufferSpace;
	ULONG RxBufferSpace;
	ULONG MaxSendPackets;
	ULONG MacOptions;
	NDIS_HARDWARE_STATUS HardwareStatus;
	NDIS_MEDIA_STATE MediaState;
	UCHAR PermanentAddress[NDD_ETH_ALEN];
	UCHAR CurrentAddress[NDD_ETH_ALEN];
	ULONG PacketFilter;
	ULONG Lookahead;
	ULONG McastCount;
	UCHAR McastList[NDD_MAX_MCAST][NDD_ETH_ALEN];
	NDD_ETH_STATS Stats;
} NDD_ETH, *PNDD_ETH;

/*
 * A PCI adapter's interrupt: the resource NDIS assigned (NddQueryResources),
 * the interrupt object, and the causes the ISR saved for the DPC.
 */
typedef struct _NDD_INTERRUPT {
	NDIS_MINIPORT_INTERRUPT Object;
	ULONG Vector;
	ULONG Level;
	NDIS_INTERRUPT_MODE Mode;
	ULONG Events;			/* ISR-owned: taken by NddTakeEvents */
} NDD_INTERRUPT, *PNDD_INTERRUPT;

/* Shaped like MiniportEnableInterrupt and MiniportDisableInterrupt. */
typedef VOID (*NDD_HANDLER)(NDIS_HANDLE Context);
/* A driver's register ranges from its resource list; the status. */
typedef NDIS_STATUS (*NDD_PARSE_RESOURCES)(PVOID Context,
					   PNDIS_RESOURCE_LIST List);

/* A bus master's block of shared memory, used from an aligned bus address. */
typedef struct _NDD_SHARED {
	PUCHAR Va;
	NDIS_PHYSICAL_ADDRESS Pa;
	ULONG Length;
	ULONG Start;			/* offset of the aligned bus address */
} NDD_SHARED, *PNDD_SHARED;

/* One receive buffer of an NDD_RX_POOL and the packet that describes it. */
typedef struct _NDD_RX {
	LIST_ENTRY Link;		/* on the free list, or the driver's */
	PNDIS_PACKET Packet;
	PNDIS_BUFFER Buffer;
	PUCHAR Data;			/* the pool's BufferSize bytes */
	NDIS_PHYSICAL_ADDRESS Pa;	/* of Data, in a shared-memory pool */
	ULONG Length;			/* of the frame in Data */
} NDD_RX, *PNDD_RX;

/* The packet's MiniportReserved area names its NDD_RX. */
#define NDD_RX_OF(Packet)	(*(PNDD_RX *)(Packet)->MiniportReserved)
#define NDD_RX_MAX_BATCH	16	/* packets per indication */

/*
 * Receive buffers indicated with NdisMIndicateReceivePacket. Lock is the
 * adapter's spin lock; it guards Eth and everything from Free on.
 */
typedef struct _NDD_RX_POOL {
	NDIS_HANDLE Miniport;
	PNDD_ETH Eth;			/* receive filter and counters */
	PNDIS_SPIN_LOCK Lock;
	/* Called, Lock held, each time a buffer is back on the free list. */
	VOID (*Recycled)(struct _NDD_RX_POOL *Pool);
	PNDD_RX Rx;
	ULONG Slots;			/* allocated entries of Rx */
	ULONG BufferSize;		/* bytes at each Rx[i].Data */
	ULONG BlockBuffers;		/* shared memory: buffers per block */
	NDIS_HANDLE PacketPool;
	NDIS_HANDLE BufferPool;
	LIST_ENTRY Free;
	ULONG FreeCount;
	ULONG LowWater;			/* indicate with RESOURCES below this */
	ULONG Outstanding;		/* indicated, not yet returned */
	NDIS_EVENT Idle;		/* set while Outstanding is 0 */
} NDD_RX_POOL, *PNDD_RX_POOL;

/*
 * The chip's side of an NDD_RX_RING; all three are called with the pool's
 * Lock held.
 */
typedef struct _NDD_RX_RING_OPS {
	/*
	 * The buffer (Slot[i]) of the next entry i the chip has filled with a
	 * good frame, i in *Entry and the frame's length (without FCS) in
	 * *Length; the driver's Cur moves past it. NULL while the chip owns
	 * the next entry. Bad frames are the driver's to count and give back.
	 */
	PNDD_RX (*Next)(PVOID Context, PULONG Entry, PULONG Length);
	/* Hand entry Entry, now holding Rx (its Slot), back to the chip. */
	VOID (*Give)(PVOID Context, ULONG Entry, PNDD_RX Rx);
	/* After each batch's entries went back; NULL if nothing to do. */
	VOID (*Refilled)(PVOID Context);
} NDD_RX_RING_OPS;

/*
 * A bus master's receive ring: Entries descriptors, each holding a buffer
 * of Pool, which has as many again as spares to swap in for those NDIS
 * holds. The pool's Lock guards it.
 */
typedef struct _NDD_RX_RING {
	NDD_RX_POOL Pool;
	const NDD_RX_RING_OPS *Ops;
	PVOID Context;			/* the driver's, for Ops */
	PNDD_RX *Slot;			/* the buffer in each entry */
	ULONG Entries;
	ULONG Cur;			/* the next entry the chip fills */
} NDD_RX_RING, *PNDD_RX_RING;

/* A send packet on the miniport's own queue: linked by MiniportReserved. */
#define NDD_PACKET_LINK(P)	((PLIST_ENTRY)(P)->MiniportReserved)
#define NDD_LINK_PACKET(E)	CONTAINING_RECORD(E, NDIS_PACKET, MiniportReserved)

/* What a bus master's transmit ring holds for a packet, at a descriptor. */
typedef struct _NDD_TX_SLOT {
	PNDIS_PACKET Packet;
	ULONG Count;			/* descriptors it uses */
	LONG Bounce;			/* copy buffer used, or -1 */
	ULONG Length;
	BOOLEAN Directed;
	ULONG Extra;			/* the driver's own, 0 when free */
} NDD_TX_SLOT, *PNDD_TX_SLOT;

/* Copy buffers in shared memory, for frames the ring cannot take as is. */
typedef struct _NDD_BOUNCE {
	PUCHAR Va;
	ULONG64 Pa;
	ULONG Size;			/* bytes per buffer */
	ULONG Count;			/* buffers, fewer than 32 */
	ULONG Free;			/* bitmap of free ones */
} NDD_BOUNCE;

/* The chip's side of an NDD_TX; each is called with the Tx lock held. */
typedef struct _NDD_TX_OPS {
	/*
	 * Put Packet (Total bytes, mapped by NDIS as Sg) on the ring: FALSE
	 * if it must wait for room, else TRUE with *Fail NDIS_STATUS_SUCCESS
	 * or why the packet fails.
	 */
	BOOLEAN (*Put)(PVOID Context, PNDIS_PACKET Packet,
		       PSCATTER_GATHER_LIST Sg, UINT Total, PNDIS_STATUS Fail);
	/* Tell the chip that Put added descriptors. */
	VOID (*Kick)(PVOID Context);
	/* DPC: hand each slot the chip is done with to NddTxSlotDone. */
	VOID (*Reclaim)(PVOID Context, PLIST_ENTRY Done);
	/* Chip stopped, packets taken: an empty ring (NddTxClearSlots). */
	VOID (*Clear)(PVOID Context);
} NDD_TX_OPS;

/*
 * A deserialized bus master's transmit path: its send queue in front of
 * the descriptor ring, one slot per descriptor. Lock (the driver's) guards
 * all of it, the ring and Eth's media state.
 */
typedef struct _NDD_TX {
	NDIS_HANDLE Miniport;
	PNDD_ETH Eth;			/* transmit counters; no link: no sends */
	PNDIS_SPIN_LOCK Lock;
	const NDD_TX_OPS *Ops;
	PVOID Context;			/* the driver's, for Ops */
	LIST_ENTRY Queue;		/* packets waiting for room */
	PNDD_TX_SLOT Slot;
	ULONG Slots;
	ULONG Capacity;			/* descriptors the ring can hold */
	ULONG MaxTotal;			/* bytes a packet may have (Put) */
	ULONG Available;		/* ... not in use now */
	NDD_BOUNCE Bounce;		/* the driver sets Va, Pa, Size, Count */
	ULONG64 Progress;		/* slots reclaimed */
	ULONG64 ProgressMark;		/* ... at the last check for hang */
	ULONG Stalls;
} NDD_TX, *PNDD_TX;

/* NddEthSet reports which hardware state the driver must reprogram. */
#define NDD_CHANGED_FILTER	0x1
#define NDD_CHANGED_MCAST	0x2
#define NDD_CHANGED_LOOKAHEAD	0x4

/* The general and 802.3 OIDs every Ethernet miniport answers. */
#define NDD_ETH_MANDATORY_OIDS \
	OID_GEN_SUPPORTED_LIST, OID_GEN_HARDWARE_STATUS,		\
	OID_GEN_MEDIA_SUPPORTED, OID_GEN_MEDIA_IN_USE,			\
	OID_GEN_MAXIMUM_LOOKAHEAD, OID_GEN_MAXIMUM_FRAME_SIZE,		\
	OID_GEN_LINK_SPEED, OID_GEN_TRANSMIT_BUFFER_SPACE,		\
	OID_GEN_RECEIVE_BUFFER_SPACE, OID_GEN_TRANSMIT_BLOCK_SIZE,	\
	OID_GEN_RECEIVE_BLOCK_SIZE, OID_GEN_VENDOR_ID,			\
	OID_GEN_VENDOR_DESCRIPTION, OID_GEN_VENDOR_DRIVER_VERSION,	\
	OID_GEN_CURRENT_PACKET_FILTER, OID_GEN_CURRENT_LOOKAHEAD,	\
	OID_GEN_DRIVER_VERSION, OID_GEN_MAXIMUM_TOTAL_SIZE,		\
	OID_GEN_PROTOCOL_OPTIONS, OID_GEN_MAC_OPTIONS,			\
	OID_GEN_MEDIA_CONNECT_STATUS, OID_GEN_MAXIMUM_SEND_PACKETS,	\
	OID_GEN_PHYSICAL_MEDIUM,					\
	OID_GEN_XMIT_OK, OID_GEN_RCV_OK, OID_GEN_XMIT_ERROR,		\
	OID_GEN_RCV_ERROR, OID_GEN_RCV_NO_BUFFER, OID_GEN_RCV_CRC_ERROR, \
	OID_GEN_DIRECTED_BYTES_XMIT, OID_GEN_DIRECTED_FRAMES_XMIT,	\
	OID_GEN_DIRECTED_BYTES_RCV, OID_GEN_DIRECTED_FRAMES_RCV,	\
	OID_802_3_PERMANENT_ADDRESS, OID_802_3_CURRENT_ADDRESS,		\
	OID_802_3_MULTICAST_LIST, OID_802_3_MAXIMUM_LIST_SIZE,		\
	OID_802_3_MAC_OPTIONS, OID_802_3_RCV_ERROR_ALIGNMENT,		\
	OID_802_3_XMIT_ONE_COLLISION, OID_802_3_XMIT_MORE_COLLISIONS

/* --- DriverEntry (ndd_entry.c) --- */

/*
 * Initialize the NDIS wrapper, stamp Chars with the NDIS version built for
 * and register them; the wrapper is terminated again if NDIS refuses.
 * *Wrapper (if not NULL) gets the wrapper handle.
 */
NDIS_STATUS NddRegisterMiniport(PDRIVER_OBJECT DriverObject,
				PUNICODE_STRING RegistryPath,
				PNDIS_MINIPORT_CHARACTERISTICS Chars,
				PNDIS_HANDLE Wrapper);

/* --- MiniportInitialize (ndd_adapter.c, ndd_alloc.c, ndd_eth.c) --- */

/*
 * Select NdisMedium802_3 from MediumArray (else NDIS_STATUS_UNSUPPORTED_MEDIA)
 * and allocate a zeroed adapter context of Size bytes into *Adapter (else
 * NDIS_STATUS_RESOURCES).
 */
NDIS_STATUS NddAllocateAdapter(PUINT SelectedMediumIndex,
			       PNDIS_MEDIUM MediumArray, UINT MediumArraySize,
			       PVOID *Adapter, UINT Size, ULONG Tag);
/*
 * NdisMSetAttributesEx for a deserialized PCI bus master that survives
 * surprise removal and maps buffers with the safe APIs.
 */
VOID NddSetBusMasterAttributes(NDIS_HANDLE Miniport, PVOID Adapter);
/* NdisAllocateMemoryWithTag, zeroed on success; its status. */
NDIS_STATUS NddAllocateZeroed(PVOID *Memory, UINT Length, ULONG Tag);
/*
 * Start Eth: its supported OIDs (OidsSize in bytes), vendor ID and
 * description, driver version (major << 16 | minor), the NDIS version built
 * for, hardware ready, full-frame lookahead and the MAC options all these
 * miniports share; Address, if not NULL, becomes the permanent and current
 * address. Link speed, buffer space, send batch and media state are the
 * driver's to fill in.
 */
VOID NddEthInit(PNDD_ETH Eth, const NDIS_OID *Oids, ULONG OidsSize,
		ULONG VendorId, const char *VendorDescription,
		ULONG VendorDriverVersion, const UCHAR *Address);

/* --- The hardware (ndd_resources.c, ndd_interrupt.c, ndd_link.c) --- */

/*
 * MiniportInitialize's NdisMQueryAdapterResources, with room for one
 * descriptor first and then the size NDIS says: the interrupt into Irq
 * (none: NDIS_STATUS_RESOURCE_CONFLICT), then Parse(Context, List) for the
 * register ranges. Its status.
 */
NDIS_STATUS NddQueryResources(NDIS_HANDLE Wcc, PNDD_INTERRUPT Irq,
			      NDD_PARSE_RESOURCES Parse, PVOID Context,
			      ULONG Tag);
/* The first resource in List of Type with at least MinLength (ranges). */
PCM_PARTIAL_RESOURCE_DESCRIPTOR NddFindRange(PNDIS_RESOURCE_LIST List,
					     UCHAR Type, ULONG MinLength);
/*
 * NdisMRegisterInterrupt for Irq on a line that may be shared, the ISR
 * called for every interrupt; once registered, Enable(Context) unmasks the
 * chip synchronized with the ISR.
 */
NDIS_STATUS NddRegisterInterrupt(PNDD_INTERRUPT Irq, NDIS_HANDLE Miniport,
				 NDD_HANDLER Enable, NDIS_HANDLE Context);
/* Handler(Context) under NdisMSynchronizeWithInterrupt. */
VOID NddSynchronized(PNDD_INTERRUPT Irq, NDD_HANDLER Handler,
		     NDIS_HANDLE Context);
/* The DPC's share: the causes the ISR saved in Irq->Events, now cleared. */
ULONG NddTakeEvents(PNDD_INTERRUPT Irq);
/*
 * Record the link the chip reports (Up, speed in Mbit/s) in Eth under Lock
 * (the send path's), and indicate media connect or disconnect when it
 * changed, or Always.
 */
VOID NddEthSetLink(NDIS_HANDLE Miniport, PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
		   BOOLEAN Up, ULONG Mbps, BOOLEAN Always);

/* --- Registry parameters (ndd_config.c, ndd_netaddr.c) --- */

/*
 * The INF's Ndi\params defaults plus user changes. An absent or
 * out-of-range value gives Default, as Windows drivers do.
 */
ULONG NddReadInt(NDIS_HANDLE Config, PCWSTR Name, ULONG Default, ULONG Min,
		 ULONG Max);
/* Copy a REG_SZ value as ASCII into Out (NUL-terminated); FALSE if absent. */
BOOLEAN NddReadString(NDIS_HANDLE Config, PCWSTR Name, char *Out,
		      ULONG OutSize);
/*
 * A unicast NetworkAddress parameter (the user's locally administered
 * address) replaces Address; FALSE, and Address untouched, otherwise.
 */
BOOLEAN NddReadNetworkAddress(NDIS_HANDLE Config,
			      UCHAR Address[NDD_ETH_ALEN]);

/* --- OIDs (ndd_oid.c, ndd_oid_lock.c) --- */

/*
 * Answer a query for one of the OIDs in NDD_ETH_MANDATORY_OIDS (above).
 * NDIS_STATUS_NOT_SUPPORTED for any other OID, so the caller can handle
 * its own first or afterwards.
 */
NDIS_STATUS NddEthQuery(PNDD_ETH Eth, NDIS_OID Oid, PVOID Buffer, ULONG Length,
			PULONG BytesWritten, PULONG BytesNeeded);
/* Validate and record a set of a generic Ethernet OID; *Changed as above. */
NDIS_STATUS NddEthSet(PNDD_ETH Eth, NDIS_OID Oid, PVOID Buffer, ULONG Length,
		      PULONG BytesRead, PULONG BytesNeeded, PULONG Changed);
/* Copy a query answer, or report the size needed. */
NDIS_STATUS NddCopyInfo(PVOID Buffer, ULONG Length, const VOID *Data,
			ULONG DataLength, PULONG BytesWritten,
			PULONG BytesNeeded);
/*
 * The same three with Lock (the one guarding Eth) held around them; the
 * query first zeroes *BytesWritten and *BytesNeeded; Changed may be NULL.
 */
NDIS_STATUS NddEthQueryWithLock(PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				NDIS_OID Oid, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS NddEthSetWithLock(PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
			      NDIS_OID Oid, PVOID Buffer, ULONG Length,
			      PULONG BytesRead, PULONG BytesNeeded,
			      PULONG Changed);
/*
 * NddEthSetWithLock for a chip with a hardware receive filter: when the
 * packet filter or the multicast list changed, Program(Context) (if not
 * NULL) puts them into the chip, the lock released.
 */
NDIS_STATUS NddEthSetFilterWithLock(PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				    NDIS_OID Oid, PVOID Buffer, ULONG Length,
				    PULONG BytesRead, PULONG BytesNeeded,
				    NDD_HANDLER Program, NDIS_HANDLE Context);
NDIS_STATUS NddCopyInfoWithLock(PNDIS_SPIN_LOCK Lock, PVOID Buffer,
				ULONG Length, const VOID *Data,
				ULONG DataLength, PULONG BytesWritten,
				PULONG BytesNeeded);
/* Count one received frame's class into the statistics. */
VOID NddEthCountRx(PNDD_ETH Eth, const UCHAR *Frame, ULONG Length);
VOID NddEthCountTx(PNDD_ETH Eth, const UCHAR *Frame, ULONG Length);
/* Would the current packet filter and multicast list accept this frame? */
BOOLEAN NddEthAccepts(PNDD_ETH Eth, const UCHAR *Frame, ULONG Length);

/* --- Sending (ndd_frame.c, ndd_sendq.c) --- */

/*
 * Copy Packet's buffer chain into Frame: its length, or 0 if a buffer
 * cannot be mapped or the chain holds more than Max bytes.
 */
ULONG NddCopyPacket(PNDIS_PACKET Packet, PUCHAR Frame, ULONG Max);
/*
 * Packet's first Want bytes into Buf, across its buffers (to read its
 * headers); how many there were.
 */
ULONG NddPeekPacket(PNDIS_PACKET Packet, PUCHAR Buf, ULONG Want);
/* Zero-pad a frame shorter than NDD_ETH_MIN_FRAME; the new length. */
ULONG NddPadFrame(PUCHAR Frame, ULONG Length);
/* The frame as it goes on the wire: at most NDD_ETH_MAX_FRAME, padded. */
ULONG NddCopyFrame(PNDIS_PACKET Packet, PUCHAR Frame);
/*
 * With the send queue's lock held: move the packets on Queue whose cancel
 * ID is CancelId to Cancelled, status NDIS_STATUS_REQUEST_ABORTED; or all
 * of them to Failed with Status. Both return how many they moved.
 */
ULONG NddCancelSends(PLIST_ENTRY Queue, PVOID CancelId,
		     PLIST_ENTRY Cancelled);
ULONG NddFailSends(PLIST_ENTRY Queue, NDIS_STATUS Status, PLIST_ENTRY Failed);
/* Lock released: NdisMSendComplete each packet on List with its status. */
VOID NddCompleteSends(NDIS_HANDLE Miniport, PLIST_ENTRY List);

/* --- A bus master's shared memory (ndd_shared.c) --- */

/*
 * Allocate Shared: Length zeroed bytes from a bus address aligned to Align
 * (a power of two), else NDIS_STATUS_RESOURCES. NddSharedFree frees it if
 * allocated.
 */
NDIS_STATUS NddSharedAlloc(NDIS_HANDLE Miniport, PNDD_SHARED Shared,
			   ULONG Length, ULONG Align);
VOID NddSharedFree(NDIS_HANDLE Miniport, PNDD_SHARED Shared);
/* The virtual address Offset bytes into the aligned part; *Pa its bus one. */
PVOID NddSharedAt(PNDD_SHARED Shared, ULONG Offset, ULONG64 *Pa);

/* --- A bus master's transmit ring (ndd_txring.c, ndd_txbounce.c) --- */

/*
 * Start Tx with Slots slots (zeroed, from Tag-tagged memory), room on the
 * ring for Capacity descriptors, and an empty queue; NddTxFree frees the
 * slots again. Packets up to NDD_ETH_MAX_FRAME bytes reach Put (a driver
 * that takes larger ones, as large sends, raises Tx->MaxTotal).
 */
NDIS_STATUS NddTxInit(PNDD_TX Tx, NDIS_HANDLE Miniport, PNDD_ETH Eth,
		      PNDIS_SPIN_LOCK Lock, const NDD_TX_OPS *Ops,
		      PVOID Context, ULONG Slots, ULONG Capacity, ULONG Tag);
VOID NddTxFree(PNDD_TX Tx);
/* Lock held or the ring unused: every slot, descriptor, copy buffer free. */
VOID NddTxClearSlots(PNDD_TX Tx);
/*
 * MiniportSendPackets: queue Packets and move what fits onto the ring;
 * they fail NDIS_STATUS_FAILURE if Stopped (halting, removed), or
 * NDIS_STATUS_NO_CABLE without a link.
 */
VOID NddTxSend(PNDD_TX Tx, PPNDIS_PACKET Packets, UINT Count,
	       BOOLEAN Stopped);
/* MiniportCancelSendPackets: the queued packets with this cancel ID. */
VOID NddTxCancel(PNDD_TX Tx, PVOID CancelId);
/* The DPC's transmit work: reclaim (Ops->Reclaim), refill, complete. */
VOID NddTxComplete(PNDD_TX Tx);
/*
 * The chip is stopped (reset, halt): complete every packet on the ring
 * and in the queue with Status, as transmit errors; the ring is empty.
 */
VOID NddTxAbort(PNDD_TX Tx, NDIS_STATUS Status);
/*
 * Put (Lock held): Packet, Length bytes, takes S and Count descriptors
 * (Available goes down by Count).
 */
VOID NddTxSlotFill(PNDD_TX Tx, PNDD_TX_SLOT S, PNDIS_PACKET Packet,
		   ULONG Count, LONG Bounce, ULONG Length);
/*
 * Reclaim (Lock held): the chip is done with S and Descriptors more are
 * available. S's packet, if any, is counted sent (Ok) or failed and goes on
 * Done; its copy buffer is free.
 */
VOID NddTxSlotDone(PNDD_TX Tx, PNDD_TX_SLOT S, ULONG Descriptors,
		   BOOLEAN Ok, PLIST_ENTRY Done);
/*
 * MiniportCheckForHang (DISPATCH_LEVEL): TRUE once descriptors waited on
 * the ring (with the link up, if NeedsLink) and none was reclaimed, at two
 * checks in a row.
 */
BOOLEAN NddTxHung(PNDD_TX Tx, BOOLEAN NeedsLink);
/* OID_GEN_TRANSMIT_QUEUE_LENGTH: the descriptors in use. */
NDIS_STATUS NddTxQueryQueueLength(PNDD_TX Tx, PVOID Buffer, ULONG Length,
				  PULONG BytesWritten, PULONG BytesNeeded);
/*
 * Put, with a copy buffer free (Tx->Bounce.Free not 0): copy Packet into
 * one, zero-padded to NDD_ETH_MIN_FRAME if Pad; its index and *Length, or
 * -1 if the packet cannot be copied.
 */
LONG NddTxBounce(PNDD_TX Tx, PNDIS_PACKET Packet, BOOLEAN Pad,
		 PULONG Length);
/*
 * Put, with a copy buffer free: take one for the driver's own use (as a
 * large send's header); NddTxSlotDone frees it with the slot. Its index.
 */
LONG NddTxBounceTake(PNDD_TX Tx);

/*
 * --- Receiving (ndd_rxpool.c, ndd_rxpool_shared.c, ndd_rxindicate.c,
 * ndd_rxring.c) ---
 */

/*
 * Allocate Count receive buffers of NDD_ETH_MAX_FRAME bytes (nonpaged
 * pool) into a zeroed Pool, all free. On failure NddRxPoolFree undoes what
 * was done. LowWater and Recycled start unset.
 */
NDIS_STATUS NddRxPoolInit(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
			  PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock, ULONG Count,
			  ULONG Tag);
VOID NddRxPoolFree(PNDD_RX_POOL Pool);
/*
 * The same for a bus master: BufferSize-byte slices of shared memory,
 * BlockBuffers of them (Count for all) to each NdisMAllocateSharedMemory
 * block.
 */
NDIS_STATUS NddRxPoolInitShared(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
				PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
				ULONG Count, ULONG BufferSize,
				ULONG BlockBuffers, ULONG Tag);
VOID NddRxPoolFreeShared(PNDD_RX_POOL Pool);
/*
 * The two Inits' steps: Setup allocates the Rx array and the packet and
 * buffer pools; Add gives an Rx whose Data (and Pa) is set its packet and
 * buffer and puts it on the free list.
 */
NDIS_STATUS NddRxPoolSetup(PNDD_RX_POOL Pool, NDIS_HANDLE Miniport,
			   PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock, ULONG Count,
			   ULONG BufferSize, ULONG Tag);
NDIS_STATUS NddRxPoolAdd(PNDD_RX_POOL Pool, PNDD_RX Rx);
/* With Pool->Lock held: a free buffer (NULL if none), or one back. */
PNDD_RX NddRxTake(PNDD_RX_POOL Pool);
VOID NddRxPut(PNDD_RX_POOL Pool, PNDD_RX Rx);
/*
 * At DISPATCH_LEVEL, Lock not held: indicate the frames in Rx[] (Length
 * set) that the packet filter accepts, in batches; the rest, and what NDIS
 * does not keep, go back on the free list.
 */
VOID NddRxIndicate(PNDD_RX_POOL Pool, PNDD_RX *Rx, ULONG Count);
/* MiniportReturnPacket's work. */
VOID NddRxReturnPacket(PNDD_RX_POOL Pool, PNDIS_PACKET Packet);
/* Halt: wait until NDIS has returned every indicated packet. */
VOID NddRxWaitIdle(PNDD_RX_POOL Pool);
/*
 * Start Ring with Entries entries and a pool of twice as many BufferSize
 * buffers in shared memory, BlockBuffers to a block (NddRxPoolInitShared);
 * on failure NddRxRingFree undoes what was done.
 */
NDIS_STATUS NddRxRingInit(PNDD_RX_RING Ring, NDIS_HANDLE Miniport,
			  PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
			  const NDD_RX_RING_OPS *Ops, PVOID Context,
			  ULONG Entries, ULONG BufferSize, ULONG BlockBuffers,
			  ULONG Tag);
VOID NddRxRingFree(PNDD_RX_RING Ring);
/*
 * Lock held, or the chip stopped: an entry without a buffer gets one from
 * the pool, every entry goes to the chip (Ops->Give), and Cur is 0.
 */
VOID NddRxRingFill(PNDD_RX_RING Ring);
/*
 * The receive DPC, Lock not held: indicate what the chip has received
 * (Ops->Next) that the packet filter accepts, in batches, each entry
 * re-armed (Ops->Give) with a spare buffer at once or, with none left,
 * with its own after an NDIS_STATUS_RESOURCES indication; Ops->Refilled
 * after each batch.
 */
VOID NddRxRingProcess(PNDD_RX_RING Ring);


/* ---- NDIS 5 task offload: OID_TCP_TASK_OFFLOAD (ndd_taskoffload.c) ---- */

/* IPv4 transmit checksums a set turned on (NDD_TASK_ON.CsumTx). */
#define NDD_CSUM_TCP		0x01
#define NDD_CSUM_UDP		0x02
#define NDD_CSUM_IP		0x04

/* What the chip offers: checksums, and large send if Lso. */
typedef struct _NDD_TASK_CAPS {
	NDIS_TASK_TCP_IP_CHECKSUM Csum;
	BOOLEAN Lso;
	NDIS_TASK_TCP_LARGE_SEND LsoCaps;
} NDD_TASK_CAPS;

/* What a set turns on. */
typedef struct _NDD_TASK_ON {
	ULONG CsumTx;		/* NDD_CSUM_* */
	BOOLEAN Lso;
	ULONG LsoMaxPayload;	/* the set's MaxOffLoadSize */
} NDD_TASK_ON;

/*
 * The usual offer: IPv4 transmit IP/TCP/UDP checksums with options, and
 * if Lso version 0 large send with options, MaxPayload and MinSegments.
 */
VOID NddTaskCapsV4(NDD_TASK_CAPS *C, BOOLEAN Lso, ULONG MaxPayload,
		   ULONG MinSegments);
/* The OID's query answer: the caller's header, then Caps' tasks. */
NDIS_STATUS NddQueryTaskOffload(const NDD_TASK_CAPS *Caps, PVOID Buffer,
				ULONG Length, PULONG BytesWritten,
				PULONG BytesNeeded);
/*
 * A set, checked whole against Caps: what it turns on (into On), or why
 * not; nothing is applied here, the driver does that under its lock.
 */
NDIS_STATUS NddParseTaskOffload(const NDD_TASK_CAPS *Caps, PVOID Buffer,
				ULONG Length, PULONG BytesNeeded,
				NDD_TASK_ON *On);

#endif
