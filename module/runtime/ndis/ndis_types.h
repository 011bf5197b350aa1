/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 5.x structures a miniport shares with NDIS: packets and their OOB
 * data, characteristics, the miniport block whose handler pointers the
 * DDK's macros call through, timers, interrupts, work items, events,
 * configuration parameters, resource lists and scatter-gather lists.
 * Layouts are binary-compatible with x64 Windows; every offset a DDK macro
 * touches is pinned by a static assert at the end (values measured with
 * mingw-w64's ddk/ndis.h, which agrees with the WDK's).
 */
#ifndef NDL_NDIS_TYPES_H
#define NDL_NDIS_TYPES_H

#include "nt/nt_objects.h"
#include "ndis/ndis_status.h"

typedef void *NDIS_HANDLE;
typedef ULONG NDIS_OID;
typedef UINT NDIS_MEDIUM;
typedef UNICODE_STRING NDIS_STRING;
typedef PHYSICAL_ADDRESS NDIS_PHYSICAL_ADDRESS;
typedef MDL NDIS_BUFFER;

/* ---- packets -------------------------------------------------------------- */

struct _NDIS_PACKET;
struct _NDIS_PACKET_POOL;

typedef struct _NDIS_PACKET_PRIVATE {
	UINT PhysicalCount;
	UINT TotalLength;
	NDIS_BUFFER *Head;
	NDIS_BUFFER *Tail;
	struct _NDIS_PACKET_POOL *Pool;
	UINT Count;
	ULONG Flags;
	BOOLEAN ValidCounts;
	UCHAR NdisPacketFlags;
	USHORT NdisPacketOobOffset;
} NDIS_PACKET_PRIVATE;

typedef struct _NDIS_PACKET {
	NDIS_PACKET_PRIVATE Private;
	union {
		struct {
			UCHAR MiniportReserved[2 * sizeof(void *)];
			UCHAR WrapperReserved[2 * sizeof(void *)];
		};
		struct {
			UCHAR MiniportReservedEx[3 * sizeof(void *)];
			UCHAR WrapperReservedEx[sizeof(void *)];
		};
		struct {
			UCHAR MacReserved[4 * sizeof(void *)];
		};
	};
	ULONG_PTR Reserved[2];
	UCHAR ProtocolReserved[1];	/* ProtocolReservedLength bytes */
} NDIS_PACKET;

/* Private.NdisPacketFlags */
#define fPACKET_WRAPPER_RESERVED		0x3F
#define fPACKET_CONTAINS_MEDIA_SPECIFIC_INFO	0x40
#define fPACKET_ALLOCATED_BY_NDIS		0x80

typedef struct _NDIS_PACKET_OOB_DATA {
	union {
		ULONGLONG TimeToSend;
		ULONGLONG TimeSent;
	};
	ULONGLONG TimeReceived;
	UINT HeaderSize;
	UINT SizeMediaSpecificInfo;
	void *MediaSpecificInformation;
	NDIS_STATUS Status;
} NDIS_PACKET_OOB_DATA;

enum ndis_per_packet_info {
	TcpIpChecksumPacketInfo,
	IpSecPacketInfo,
	TcpLargeSendPacketInfo,
	ClassificationHandlePacketInfo,
	NdisReserved,
	ScatterGatherListPacketInfo,
	Ieee8021QInfo,
	OriginalPacketInfo,
	PacketCancelId,
	OriginalNetBufferList,
	CachedNetBufferList,
	ShortPacketPaddingInfo,
	MaxPerPacketInfo
};

typedef struct _NDIS_PACKET_EXTENSION {
	void *NdisPacketInfo[MaxPerPacketInfo];
} NDIS_PACKET_EXTENSION;

/* NDIS_TCP_IP_CHECKSUM_PACKET_INFO.Value bits (receive and transmit). */
#define NDL_CSUM_RX_TCP_FAILED		0x01
#define NDL_CSUM_RX_UDP_FAILED		0x02
#define NDL_CSUM_RX_IP_FAILED		0x04
#define NDL_CSUM_RX_TCP_SUCCEEDED	0x08
#define NDL_CSUM_RX_UDP_SUCCEEDED	0x10
#define NDL_CSUM_RX_IP_SUCCEEDED	0x20
#define NDL_CSUM_RX_LOOPBACK		0x40

/* NDIS_PACKET_8021Q_INFO (a pointer-sized value). */
#define NDL_8021Q_PRIORITY(v)	((u32)(v) & 0x7)
#define NDL_8021Q_VLAN_ID(v)	(((u32)(v) >> 4) & 0xfff)

/* ---- miniport characteristics (3.0 .. 5.1 prefix-compatible) ------------- */

typedef NTAPI_PTR BOOLEAN (*W_CHECK_FOR_HANG_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR void (*W_DISABLE_INTERRUPT_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR void (*W_ENABLE_INTERRUPT_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR void (*W_HALT_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR void (*W_HANDLE_INTERRUPT_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR NDIS_STATUS (*W_INITIALIZE_HANDLER)(NDIS_STATUS *open_error,
	UINT *selected, NDIS_MEDIUM *media, UINT nmedia, NDIS_HANDLE handle,
	NDIS_HANDLE wcc);
typedef NTAPI_PTR void (*W_ISR_HANDLER)(BOOLEAN *recognized, BOOLEAN *queue_dpc,
					NDIS_HANDLE ctx);
typedef NTAPI_PTR NDIS_STATUS (*W_QUERY_INFORMATION_HANDLER)(NDIS_HANDLE ctx,
	NDIS_OID oid, void *buf, ULONG len, ULONG *written, ULONG *needed);
typedef NTAPI_PTR NDIS_STATUS (*W_RECONFIGURE_HANDLER)(NDIS_STATUS *open_error,
	NDIS_HANDLE ctx, NDIS_HANDLE wcc);
typedef NTAPI_PTR NDIS_STATUS (*W_RESET_HANDLER)(BOOLEAN *addressing_reset,
						 NDIS_HANDLE ctx);
typedef NTAPI_PTR NDIS_STATUS (*W_SEND_HANDLER)(NDIS_HANDLE ctx,
						NDIS_PACKET *packet, UINT flags);
typedef NTAPI_PTR NDIS_STATUS (*W_SET_INFORMATION_HANDLER)(NDIS_HANDLE ctx,
	NDIS_OID oid, void *buf, ULONG len, ULONG *read, ULONG *needed);
typedef NTAPI_PTR NDIS_STATUS (*W_TRANSFER_DATA_HANDLER)(NDIS_PACKET *packet,
	UINT *transferred, NDIS_HANDLE ctx, NDIS_HANDLE rx_ctx, UINT offset,
	UINT count);
typedef NTAPI_PTR void (*W_RETURN_PACKET_HANDLER)(NDIS_HANDLE ctx,
						  NDIS_PACKET *packet);
typedef NTAPI_PTR void (*W_SEND_PACKETS_HANDLER)(NDIS_HANDLE ctx,
						 NDIS_PACKET **packets, UINT n);
typedef NTAPI_PTR void (*W_ALLOCATE_COMPLETE_HANDLER)(NDIS_HANDLE ctx, void *va,
	NDIS_PHYSICAL_ADDRESS *pa, ULONG len, void *context);
typedef NTAPI_PTR void (*W_CANCEL_SEND_PACKETS_HANDLER)(NDIS_HANDLE ctx,
							void *cancel_id);
typedef NTAPI_PTR void (*W_PNP_EVENT_NOTIFY_HANDLER)(NDIS_HANDLE ctx, UINT event,
						     void *buf, ULONG len);
typedef NTAPI_PTR void (*W_MINIPORT_SHUTDOWN_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR void (*NDIS_PROC)(void *work_item, void *ctx);

typedef struct _NDIS51_MINIPORT_CHARACTERISTICS {
	/* NDIS 3.0 */
	UCHAR MajorNdisVersion;
	UCHAR MinorNdisVersion;
	USHORT Filler;
	UINT Reserved;
	W_CHECK_FOR_HANG_HANDLER CheckForHangHandler;
	W_DISABLE_INTERRUPT_HANDLER DisableInterruptHandler;
	W_ENABLE_INTERRUPT_HANDLER EnableInterruptHandler;
	W_HALT_HANDLER HaltHandler;
	W_HANDLE_INTERRUPT_HANDLER HandleInterruptHandler;
	W_INITIALIZE_HANDLER InitializeHandler;
	W_ISR_HANDLER ISRHandler;
	W_QUERY_INFORMATION_HANDLER QueryInformationHandler;
	W_RECONFIGURE_HANDLER ReconfigureHandler;
	W_RESET_HANDLER ResetHandler;
	W_SEND_HANDLER SendHandler;		/* or WanSendHandler */
	W_SET_INFORMATION_HANDLER SetInformationHandler;
	W_TRANSFER_DATA_HANDLER TransferDataHandler;
	/* NDIS 4.0 */
	W_RETURN_PACKET_HANDLER ReturnPacketHandler;
	W_SEND_PACKETS_HANDLER SendPacketsHandler;
	W_ALLOCATE_COMPLETE_HANDLER AllocateCompleteHandler;
	/* NDIS 5.0 (connection-oriented; recorded, not used) */
	void *CoCreateVcHandler;
	void *CoDeleteVcHandler;
	void *CoActivateVcHandler;
	void *CoDeactivateVcHandler;
	void *CoSendPacketsHandler;
	void *CoRequestHandler;
	/* NDIS 5.1 */
	W_CANCEL_SEND_PACKETS_HANDLER CancelSendPacketsHandler;
	W_PNP_EVENT_NOTIFY_HANDLER PnPEventNotifyHandler;
	W_MINIPORT_SHUTDOWN_HANDLER AdapterShutdownHandler;
	void *Reserved1;
	void *Reserved2;
	void *Reserved3;
	void *Reserved4;
} NDIS51_MINIPORT_CHARACTERISTICS;

/* Size of the characteristics each version must pass. */
#define NDL_CHARS30_SIZE offsetof(NDIS51_MINIPORT_CHARACTERISTICS, \
				  ReturnPacketHandler)
#define NDL_CHARS40_SIZE offsetof(NDIS51_MINIPORT_CHARACTERISTICS, \
				  CoCreateVcHandler)
#define NDL_CHARS50_SIZE offsetof(NDIS51_MINIPORT_CHARACTERISTICS, \
				  CancelSendPacketsHandler)
#define NDL_CHARS51_SIZE sizeof(NDIS51_MINIPORT_CHARACTERISTICS)

/* ---- timers, interrupts, work items, events, locks ---------------------- */

typedef NTAPI_PTR void (*PNDIS_TIMER_FUNCTION)(void *s1, void *ctx, void *s2,
					       void *s3);
typedef struct _NDIS_TIMER {
	KTIMER Timer;
	KDPC Dpc;
} NDIS_TIMER;

/*
 * Windows' miniport timer starts with NDIS_TIMER's two fields, spelled out
 * again; here they are that NDIS_TIMER, so the NdisM* timer calls are the
 * NdisXxxTimer ones on it (same offsets, asserted below).
 */
typedef struct _NDIS_MINIPORT_TIMER {
	NDIS_TIMER NdisTimer;
	PNDIS_TIMER_FUNCTION MiniportTimerFunction;
	void *MiniportTimerContext;
	struct _NDIS_MINIPORT_BLOCK *Miniport;
	struct _NDIS_MINIPORT_TIMER *NextDeferredTimer;
} NDIS_MINIPORT_TIMER;

typedef struct _NDIS_MINIPORT_INTERRUPT {
	void *InterruptObject;		/* runtime: struct ndl_os_irq */
	KSPIN_LOCK DpcCountLock;
	void *Reserved;			/* MiniportIdField */
	W_ISR_HANDLER MiniportIsr;
	W_HANDLE_INTERRUPT_HANDLER MiniportDpc;
	KDPC InterruptDpc;
	struct _NDIS_MINIPORT_BLOCK *Miniport;
	UCHAR DpcCount;
	BOOLEAN Filler1;
	KEVENT DpcsCompletedEvent;
	BOOLEAN SharedInterrupt;
	BOOLEAN IsrRequested;
} NDIS_MINIPORT_INTERRUPT;

typedef struct _NDIS_WORK_ITEM {
	void *Context;
	NDIS_PROC Routine;
	UCHAR WrapperReserved[8 * sizeof(void *)];
} NDIS_WORK_ITEM;

typedef struct _NDIS_EVENT {
	KEVENT Event;
} NDIS_EVENT;

typedef struct _NDIS_SPIN_LOCK {
	KSPIN_LOCK SpinLock;
	KIRQL OldIrql;
} NDIS_SPIN_LOCK;

typedef struct _LOCK_STATE {
	USHORT LockState;
	KIRQL OldIrql;
} LOCK_STATE;

typedef struct _NDIS_RW_LOCK {
	union {
		struct {
			KSPIN_LOCK SpinLock;
			void *Context;
		};
		UCHAR Reserved[16];
	};
	union {
		LOCK_STATE RefCount[256];	/* runtime: reader count, writer */
		ULONG RefCountEx[256];
	};
} NDIS_RW_LOCK;

/* ---- configuration ------------------------------------------------------- */

enum ndis_parameter_type {
	NdisParameterInteger,
	NdisParameterHexInteger,
	NdisParameterString,
	NdisParameterMultiString,
	NdisParameterBinary,
};

typedef struct _BINARY_DATA {
	USHORT Length;
	void *Buffer;
} BINARY_DATA;

typedef struct _NDIS_CONFIGURATION_PARAMETER {
	UINT ParameterType;		/* enum ndis_parameter_type */
	union {
		ULONG IntegerData;
		NDIS_STRING StringData;
		BINARY_DATA BinaryData;
	} ParameterData;
} NDIS_CONFIGURATION_PARAMETER;

/* ---- resources (CM_RESOURCE_LIST parts; #pragma pack(4) in Windows) ----- */

#define CmResourceTypeNull		0
#define CmResourceTypePort		1
#define CmResourceTypeInterrupt		2
#define CmResourceTypeMemory		3
#define CmResourceTypeDma		4
#define CmResourceShareDeviceExclusive	1
#define CmResourceShareShared		3
#define CM_RESOURCE_PORT_MEMORY		0x0000
#define CM_RESOURCE_PORT_IO		0x0001
#define CM_RESOURCE_INTERRUPT_LEVEL_SENSITIVE	0x0000
#define CM_RESOURCE_INTERRUPT_LATCHED	0x0001
#define CM_RESOURCE_INTERRUPT_MESSAGE	0x0002	/* MSI or MSI-X */
#define CM_RESOURCE_MEMORY_READ_WRITE	0x0000
#define CM_RESOURCE_MEMORY_PREFETCHABLE	0x0004

#pragma pack(push, 4)
typedef struct _CM_PARTIAL_RESOURCE_DESCRIPTOR {
	UCHAR Type;
	UCHAR ShareDisposition;
	USHORT Flags;
	union {
		struct {
			PHYSICAL_ADDRESS Start;
			ULONG Length;
		} Generic, Port, Memory;
		struct {
			ULONG Level;
			ULONG Vector;
			KAFFINITY Affinity;
		} Interrupt;
		/* CM_RESOURCE_INTERRUPT_MESSAGE: raw (one for all) or translated */
		union {
			struct {
				USHORT Reserved;
				USHORT MessageCount;
				ULONG Vector;
				KAFFINITY Affinity;
			} Raw;
			struct {
				ULONG Level;
				ULONG Vector;
				KAFFINITY Affinity;
			} Translated;
		} MessageInterrupt;
		struct {
			ULONG Channel;
			ULONG Port;
			ULONG Reserved1;
		} Dma;
		struct {
			ULONG Data[3];
		} DeviceSpecificData;
	} u;
} CM_PARTIAL_RESOURCE_DESCRIPTOR;

typedef struct _CM_PARTIAL_RESOURCE_LIST {
	USHORT Version;
	USHORT Revision;
	ULONG Count;
	CM_PARTIAL_RESOURCE_DESCRIPTOR PartialDescriptors[1];
} CM_PARTIAL_RESOURCE_LIST, NDIS_RESOURCE_LIST;
#pragma pack(pop)

/* Descriptor i of a list (the array is declared [1], as Windows does). */
static inline CM_PARTIAL_RESOURCE_DESCRIPTOR *
ndl_res_desc(const CM_PARTIAL_RESOURCE_LIST *l, u32 i)
{
	return (CM_PARTIAL_RESOURCE_DESCRIPTOR *)((u8 *)l +
		offsetof(CM_PARTIAL_RESOURCE_LIST, PartialDescriptors) +
		(size_t)i * sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR));
}

/* ---- scatter-gather DMA ------------------------------------------------------ */

typedef struct _SCATTER_GATHER_ELEMENT {
	PHYSICAL_ADDRESS Address;
	ULONG Length;
	ULONG_PTR Reserved;
} SCATTER_GATHER_ELEMENT;

typedef struct _SCATTER_GATHER_LIST {
	ULONG NumberOfElements;
	ULONG_PTR Reserved;
	SCATTER_GATHER_ELEMENT Elements[];
} SCATTER_GATHER_LIST;

/* NDIS_PHYSICAL_ADDRESS_UNIT (NdisMStartBufferPhysicalMapping) */
typedef struct _NDIS_PHYSICAL_ADDRESS_UNIT {
	NDIS_PHYSICAL_ADDRESS PhysicalAddress;
	UINT Length;
} NDIS_PHYSICAL_ADDRESS_UNIT;

/* ---- the miniport block ------------------------------------------------------ */

struct _NDIS_MINIPORT_BLOCK;
typedef struct _NDIS_MINIPORT_BLOCK *NDIS_BLOCK_PTR;

typedef NTAPI_PTR void (*FILTER_PACKET_INDICATION_HANDLER)(NDIS_HANDLE handle,
	NDIS_PACKET **packets, UINT n);
typedef NTAPI_PTR void (*NDIS_M_SEND_COMPLETE_HANDLER)(NDIS_HANDLE handle,
	NDIS_PACKET *packet, NDIS_STATUS status);
typedef NTAPI_PTR void (*NDIS_M_SEND_RESOURCES_HANDLER)(NDIS_HANDLE handle);
typedef NTAPI_PTR void (*NDIS_M_RESET_COMPLETE_HANDLER)(NDIS_HANDLE handle,
	NDIS_STATUS status, BOOLEAN addressing_reset);
typedef NTAPI_PTR void (*ETH_RCV_INDICATE_HANDLER)(void *filter,
	NDIS_HANDLE rx_ctx, char *address, void *header, UINT header_len,
	void *lookahead, UINT lookahead_len, UINT packet_len);
typedef NTAPI_PTR void (*ETH_RCV_COMPLETE_HANDLER)(void *filter);
typedef NTAPI_PTR void (*NDIS_M_STATUS_HANDLER)(NDIS_HANDLE handle,
	NDIS_STATUS status, void *buf, UINT len);
typedef NTAPI_PTR void (*NDIS_M_STS_COMPLETE_HANDLER)(NDIS_HANDLE handle);
typedef NTAPI_PTR void (*NDIS_M_TD_COMPLETE_HANDLER)(NDIS_HANDLE handle,
	NDIS_PACKET *packet, NDIS_STATUS status, UINT transferred);
typedef NTAPI_PTR void (*NDIS_M_REQ_COMPLETE_HANDLER)(NDIS_HANDLE handle,
	NDIS_STATUS status);
typedef NTAPI_PTR void (*NDIS_WM_SEND_COMPLETE_HANDLER)(NDIS_HANDLE handle,
	void *packet, NDIS_STATUS status);
typedef NTAPI_PTR void (*WAN_RCV_HANDLER)(NDIS_STATUS *status, NDIS_HANDLE handle,
	NDIS_HANDLE ctx, UCHAR *packet, ULONG len);
typedef NTAPI_PTR void (*WAN_RCV_COMPLETE_HANDLER)(NDIS_HANDLE handle,
	NDIS_HANDLE ctx);
/* Token ring and FDDI forms (not our medium; bound to refusing handlers). */
typedef NTAPI_PTR void (*TR_RCV_INDICATE_HANDLER)(void *filter, NDIS_HANDLE ctx,
	void *header, UINT header_len, void *lookahead, UINT lookahead_len,
	UINT packet_len);
typedef NTAPI_PTR void (*FDDI_RCV_INDICATE_HANDLER)(void *filter, NDIS_HANDLE ctx,
	char *address, UINT address_len, void *header, UINT header_len,
	void *lookahead, UINT lookahead_len, UINT packet_len);
typedef NTAPI_PTR void (*RCV_COMPLETE_HANDLER)(void *filter);

/*
 * Fields up to WanRcvCompleteHandler are Windows' (names kept); those the
 * runtime does not maintain are zero. The rest of Windows' block is
 * NDIS-private: drivers reach it through no macro, so it is only padding.
 */
typedef struct _NDIS_MINIPORT_BLOCK {
	void *Signature;		/* NDIS_OBJECT_HEADER on x64 */
	struct _NDIS_MINIPORT_BLOCK *NextMiniport;
	void *DriverHandle;
	NDIS_HANDLE MiniportAdapterContext;
	UNICODE_STRING MiniportName;
	void *BindPaths;
	NDIS_HANDLE OpenQueue;
	UCHAR ShortRef[0x10];		/* REFERENCE */
	NDIS_HANDLE DeviceContext;
	UCHAR Padding1;
	UCHAR LockAcquired;
	UCHAR PmodeOpens;
	UCHAR AssignedProcessor;
	KSPIN_LOCK Lock;
	void *MediaRequest;
	NDIS_MINIPORT_INTERRUPT *Interrupt;
	ULONG Flags;
	ULONG PnPFlags;
	LIST_ENTRY PacketList;
	NDIS_PACKET *FirstPendingPacket;
	NDIS_PACKET *ReturnPacketsQueue;
	ULONG RequestBuffer;
	void *SetMCastBuffer;
	struct _NDIS_MINIPORT_BLOCK *PrimaryMiniport;
	void *WrapperContext;
	void *BusDataContext;
	ULONG PnPCapabilities;
	void *Resources;
	NDIS_TIMER WakeUpDpcTimer;
	UNICODE_STRING BaseName;
	UNICODE_STRING SymbolicLinkName;
	ULONG CheckForHangSeconds;
	USHORT CFHangTicks;
	USHORT CFHangCurrentTick;
	NDIS_STATUS ResetStatus;
	NDIS_HANDLE ResetOpen;
	/* FILTERDBS */
	void *EthDB;			/* union with NullDB */
	void *TrDB;
	void *FddiDB;
	void *ArcDB;
	FILTER_PACKET_INDICATION_HANDLER PacketIndicateHandler;
	NDIS_M_SEND_COMPLETE_HANDLER SendCompleteHandler;
	NDIS_M_SEND_RESOURCES_HANDLER SendResourcesHandler;
	NDIS_M_RESET_COMPLETE_HANDLER ResetCompleteHandler;
	NDIS_MEDIUM MediaType;
	ULONG BusNumber;
	UINT BusType;
	UINT AdapterType;
	DEVICE_OBJECT *DeviceObject;
	DEVICE_OBJECT *PhysicalDeviceObject;
	DEVICE_OBJECT *NextDeviceObject;
	void *MapRegisters;
	void *CallMgrAfList;
	void *MiniportThread;
	void *SetInfoBuf;
	USHORT SetInfoBufLen;
	USHORT MaxSendPackets;
	NDIS_STATUS FakeStatus;
	void *LockHandler;
	UNICODE_STRING *pAdapterInstanceName;
	NDIS_MINIPORT_TIMER *TimerQueue;
	UINT MacOptions;
	void *PendingRequest;
	UINT MaximumLongAddresses;
	UINT MaximumShortAddresses;
	UINT CurrentLookahead;
	UINT MaximumLookahead;
	W_HANDLE_INTERRUPT_HANDLER HandleInterruptHandler;
	W_DISABLE_INTERRUPT_HANDLER DisableInterruptHandler;
	W_ENABLE_INTERRUPT_HANDLER EnableInterruptHandler;
	W_SEND_PACKETS_HANDLER SendPacketsHandler;
	void *DeferredSendHandler;
	ETH_RCV_INDICATE_HANDLER EthRxIndicateHandler;
	TR_RCV_INDICATE_HANDLER TrRxIndicateHandler;
	FDDI_RCV_INDICATE_HANDLER FddiRxIndicateHandler;
	ETH_RCV_COMPLETE_HANDLER EthRxCompleteHandler;
	RCV_COMPLETE_HANDLER TrRxCompleteHandler;
	RCV_COMPLETE_HANDLER FddiRxCompleteHandler;
	NDIS_M_STATUS_HANDLER StatusHandler;
	NDIS_M_STS_COMPLETE_HANDLER StatusCompleteHandler;
	NDIS_M_TD_COMPLETE_HANDLER TDCompleteHandler;
	NDIS_M_REQ_COMPLETE_HANDLER QueryCompleteHandler;
	NDIS_M_REQ_COMPLETE_HANDLER SetCompleteHandler;
	NDIS_WM_SEND_COMPLETE_HANDLER WanSendCompleteHandler;
	WAN_RCV_HANDLER WanRcvHandler;
	WAN_RCV_COMPLETE_HANDLER WanRcvCompleteHandler;
	UCHAR NdisPrivate[0x900 - 0x2f0];
} NDIS_MINIPORT_BLOCK;

/* ---- layout checks --------------------------------------------------------- */

#define NDL_OFF(t, f, v) NDL_STATIC_ASSERT(offsetof(t, f) == (v), #t "." #f)
#define NDL_SIZE(t, v) NDL_STATIC_ASSERT(sizeof(t) == (v), "sizeof " #t)

#if defined(__x86_64__)
NDL_SIZE(NDIS_PACKET_PRIVATE, 0x30);
NDL_OFF(NDIS_PACKET_PRIVATE, Head, 0x08);
NDL_OFF(NDIS_PACKET_PRIVATE, Tail, 0x10);
NDL_OFF(NDIS_PACKET_PRIVATE, Pool, 0x18);
NDL_OFF(NDIS_PACKET_PRIVATE, Count, 0x20);
NDL_OFF(NDIS_PACKET_PRIVATE, Flags, 0x24);
NDL_OFF(NDIS_PACKET_PRIVATE, ValidCounts, 0x28);
NDL_OFF(NDIS_PACKET_PRIVATE, NdisPacketFlags, 0x29);
NDL_OFF(NDIS_PACKET_PRIVATE, NdisPacketOobOffset, 0x2a);
NDL_SIZE(NDIS_PACKET, 0x68);
NDL_OFF(NDIS_PACKET, MiniportReserved, 0x30);
NDL_OFF(NDIS_PACKET, WrapperReserved, 0x40);
NDL_OFF(NDIS_PACKET, WrapperReservedEx, 0x48);
NDL_OFF(NDIS_PACKET, ProtocolReserved, 0x60);
NDL_SIZE(NDIS_PACKET_OOB_DATA, 0x28);
NDL_OFF(NDIS_PACKET_OOB_DATA, HeaderSize, 0x10);
NDL_OFF(NDIS_PACKET_OOB_DATA, MediaSpecificInformation, 0x18);
NDL_OFF(NDIS_PACKET_OOB_DATA, Status, 0x20);
NDL_SIZE(NDIS_PACKET_EXTENSION, 0x60);

NDL_SIZE(NDIS51_MINIPORT_CHARACTERISTICS, 0xf0);
NDL_STATIC_ASSERT(NDL_CHARS30_SIZE == 0x70, "NDIS 3.0 characteristics");
NDL_STATIC_ASSERT(NDL_CHARS40_SIZE == 0x88, "NDIS 4.0 characteristics");
NDL_STATIC_ASSERT(NDL_CHARS50_SIZE == 0xb8, "NDIS 5.0 characteristics");
NDL_OFF(NDIS51_MINIPORT_CHARACTERISTICS, CheckForHangHandler, 0x08);
NDL_OFF(NDIS51_MINIPORT_CHARACTERISTICS, SendHandler, 0x58);
NDL_OFF(NDIS51_MINIPORT_CHARACTERISTICS, TransferDataHandler, 0x68);
NDL_OFF(NDIS51_MINIPORT_CHARACTERISTICS, SendPacketsHandler, 0x78);
NDL_OFF(NDIS51_MINIPORT_CHARACTERISTICS, CoRequestHandler, 0xb0);
NDL_OFF(NDIS51_MINIPORT_CHARACTERISTICS, AdapterShutdownHandler, 0xc8);

NDL_SIZE(NDIS_TIMER, 0x80);
NDL_OFF(NDIS_TIMER, Dpc, 0x40);
NDL_SIZE(NDIS_MINIPORT_TIMER, 0xa0);
NDL_OFF(NDIS_MINIPORT_TIMER, NdisTimer.Timer, 0x00);
NDL_OFF(NDIS_MINIPORT_TIMER, NdisTimer.Dpc, 0x40);
NDL_OFF(NDIS_MINIPORT_TIMER, MiniportTimerFunction, 0x80);
NDL_OFF(NDIS_MINIPORT_TIMER, MiniportTimerContext, 0x88);
NDL_OFF(NDIS_MINIPORT_TIMER, Miniport, 0x90);
NDL_OFF(NDIS_MINIPORT_TIMER, NextDeferredTimer, 0x98);
NDL_SIZE(NDIS_MINIPORT_INTERRUPT, 0x98);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, MiniportIsr, 0x18);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, InterruptDpc, 0x28);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, Miniport, 0x68);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, DpcCount, 0x70);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, DpcsCompletedEvent, 0x78);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, SharedInterrupt, 0x90);
NDL_OFF(NDIS_MINIPORT_INTERRUPT, IsrRequested, 0x91);
NDL_SIZE(NDIS_WORK_ITEM, 0x50);
NDL_SIZE(NDIS_EVENT, 0x18);
NDL_SIZE(NDIS_SPIN_LOCK, 0x10);
NDL_SIZE(NDIS_RW_LOCK, 0x410);
NDL_SIZE(NDIS_CONFIGURATION_PARAMETER, 0x18);
NDL_OFF(NDIS_CONFIGURATION_PARAMETER, ParameterData, 0x08);
/* sparse ignores #pragma pack (so mis-sizes these); gcc checks them. */
#ifndef __CHECKER__
NDL_SIZE(CM_PARTIAL_RESOURCE_DESCRIPTOR, 0x14);
NDL_SIZE(CM_PARTIAL_RESOURCE_LIST, 0x1c);
#endif
NDL_SIZE(SCATTER_GATHER_ELEMENT, 0x18);
NDL_SIZE(SCATTER_GATHER_LIST, 0x10);
NDL_SIZE(NDIS_PHYSICAL_ADDRESS_UNIT, 0x10);

NDL_OFF(NDIS_MINIPORT_BLOCK, MiniportAdapterContext, 0x18);
NDL_OFF(NDIS_MINIPORT_BLOCK, Lock, 0x60);
NDL_OFF(NDIS_MINIPORT_BLOCK, Interrupt, 0x70);
NDL_OFF(NDIS_MINIPORT_BLOCK, Resources, 0xd0);
NDL_OFF(NDIS_MINIPORT_BLOCK, WakeUpDpcTimer, 0xd8);
NDL_OFF(NDIS_MINIPORT_BLOCK, CheckForHangSeconds, 0x178);
NDL_OFF(NDIS_MINIPORT_BLOCK, ResetStatus, 0x180);
NDL_OFF(NDIS_MINIPORT_BLOCK, EthDB, 0x190);
NDL_OFF(NDIS_MINIPORT_BLOCK, TrDB, 0x198);
NDL_OFF(NDIS_MINIPORT_BLOCK, FddiDB, 0x1a0);
NDL_OFF(NDIS_MINIPORT_BLOCK, PacketIndicateHandler, 0x1b0);
NDL_OFF(NDIS_MINIPORT_BLOCK, SendCompleteHandler, 0x1b8);
NDL_OFF(NDIS_MINIPORT_BLOCK, SendResourcesHandler, 0x1c0);
NDL_OFF(NDIS_MINIPORT_BLOCK, ResetCompleteHandler, 0x1c8);
NDL_OFF(NDIS_MINIPORT_BLOCK, MediaType, 0x1d0);
NDL_OFF(NDIS_MINIPORT_BLOCK, DeviceObject, 0x1e0);
NDL_OFF(NDIS_MINIPORT_BLOCK, PhysicalDeviceObject, 0x1e8);
NDL_OFF(NDIS_MINIPORT_BLOCK, NextDeviceObject, 0x1f0);
NDL_OFF(NDIS_MINIPORT_BLOCK, MaxSendPackets, 0x21a);
NDL_OFF(NDIS_MINIPORT_BLOCK, TimerQueue, 0x230);
NDL_OFF(NDIS_MINIPORT_BLOCK, MacOptions, 0x238);
NDL_OFF(NDIS_MINIPORT_BLOCK, PendingRequest, 0x240);
NDL_OFF(NDIS_MINIPORT_BLOCK, HandleInterruptHandler, 0x258);
NDL_OFF(NDIS_MINIPORT_BLOCK, SendPacketsHandler, 0x270);
NDL_OFF(NDIS_MINIPORT_BLOCK, EthRxIndicateHandler, 0x280);
NDL_OFF(NDIS_MINIPORT_BLOCK, TrRxIndicateHandler, 0x288);
NDL_OFF(NDIS_MINIPORT_BLOCK, FddiRxIndicateHandler, 0x290);
NDL_OFF(NDIS_MINIPORT_BLOCK, EthRxCompleteHandler, 0x298);
NDL_OFF(NDIS_MINIPORT_BLOCK, TrRxCompleteHandler, 0x2a0);
NDL_OFF(NDIS_MINIPORT_BLOCK, FddiRxCompleteHandler, 0x2a8);
NDL_OFF(NDIS_MINIPORT_BLOCK, StatusHandler, 0x2b0);
NDL_OFF(NDIS_MINIPORT_BLOCK, StatusCompleteHandler, 0x2b8);
NDL_OFF(NDIS_MINIPORT_BLOCK, TDCompleteHandler, 0x2c0);
NDL_OFF(NDIS_MINIPORT_BLOCK, QueryCompleteHandler, 0x2c8);
NDL_OFF(NDIS_MINIPORT_BLOCK, SetCompleteHandler, 0x2d0);
NDL_OFF(NDIS_MINIPORT_BLOCK, WanSendCompleteHandler, 0x2d8);
NDL_OFF(NDIS_MINIPORT_BLOCK, WanRcvHandler, 0x2e0);
NDL_OFF(NDIS_MINIPORT_BLOCK, WanRcvCompleteHandler, 0x2e8);
#else
/* i386: pin the layouts here once an i386 build (and its headers) exists. */
#endif

#endif
