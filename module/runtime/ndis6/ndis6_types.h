/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NDIS 6 structures a miniport shares with NDIS: the object header every
 * NDIS 6 structure starts with, NET_BUFFER / NET_BUFFER_LIST and their
 * pools, the miniport driver characteristics (revisions 1-3), OID
 * requests, status indications, the adapter attributes a miniport sets
 * while it initializes, and the initialize/restart/pause parameters.
 *
 * Written from Microsoft's reference pages (member lists and types);
 * mingw-w64's ddk/ndis.h has none of them. Layouts are those of x64
 * Windows: every offset a driver or a WDK macro touches is pinned by a
 * static assert at the end, computed from the documented member types.
 */
#ifndef NDL_NDIS6_TYPES_H
#define NDL_NDIS6_TYPES_H

#include "ndis/ndis_types.h"

/* ---- object header (every revisioned NDIS 6 structure starts with it) ---- */

typedef struct _NDIS_OBJECT_HEADER {
	UCHAR Type;
	UCHAR Revision;
	USHORT Size;
} NDIS_OBJECT_HEADER;

#define NDIS_OBJECT_TYPE_DEFAULT				0x80
#define NDIS_OBJECT_TYPE_MINIPORT_INIT_PARAMETERS		0x81
#define NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS	0x8a
#define NDIS_OBJECT_TYPE_OID_REQUEST				0x96
#define NDIS_OBJECT_TYPE_STATUS_INDICATION			0x98
#define NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES 0x9e
#define NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES	0x9f
#define NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES	0xa0
#define NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_NATIVE_802_11_ATTRIBUTES 0xa1
#define NDIS_OBJECT_TYPE_RESTART_GENERAL_ATTRIBUTES		0xa2
#define NDIS_OBJECT_TYPE_MINIPORT_ADD_DEVICE_REGISTRATION_ATTRIBUTES 0xa4
#define NDIS_OBJECT_TYPE_HD_SPLIT_ATTRIBUTES			0xab
#define NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES 0xaf
#define NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_NDK_ATTRIBUTES	0xb3

/* MEMORY_ALLOCATION_ALIGNMENT of x64: context sizes are multiples of it. */
#define NDL_NDIS6_ALLOC_ALIGN	16u

/* ---- NET_BUFFER ------------------------------------------------------------ */

struct _NET_BUFFER;
struct _NET_BUFFER_LIST;

typedef struct _NET_BUFFER_DATA {
	struct _NET_BUFFER *Next;
	MDL *CurrentMdl;
	ULONG CurrentMdlOffset;
	union {
		ULONG DataLength;
		SIZE_T stDataLength;
	};
	MDL *MdlChain;
	ULONG DataOffset;
} NET_BUFFER_DATA;

typedef union _NET_BUFFER_HEADER {
	NET_BUFFER_DATA NetBufferData;
	SLIST_HEADER Link;
} NET_BUFFER_HEADER;

typedef struct _NET_BUFFER {
	union {
		struct {
			struct _NET_BUFFER *Next;
			MDL *CurrentMdl;
			ULONG CurrentMdlOffset;
			union {
				ULONG DataLength;
				SIZE_T stDataLength;
			};
			MDL *MdlChain;
			ULONG DataOffset;
		};
		SLIST_HEADER Link;
		NET_BUFFER_HEADER NetBufferHeader;
	};
	USHORT ChecksumBias;
	USHORT Reserved;
	NDIS_HANDLE NdisPoolHandle;
	void *NdisReserved[2];
	void *ProtocolReserved[6];
	void *MiniportReserved[4];
	NDIS_PHYSICAL_ADDRESS DataPhysicalAddress;
	union {
		void *SharedMemoryInfo;		/* NET_BUFFER_SHARED_MEMORY */
		SCATTER_GATHER_LIST *ScatterGatherList;
	};
} NET_BUFFER;

/* ---- NET_BUFFER_LIST -------------------------------------------------------- */

typedef struct _NET_BUFFER_LIST_CONTEXT {
	struct _NET_BUFFER_LIST_CONTEXT *Next;
	USHORT Size;		/* whole context space, used + unused */
	USHORT Offset;		/* start of the used space = unused bytes */
	UCHAR ContextData[] __aligned(16);
} NET_BUFFER_LIST_CONTEXT;

/* NDIS_NET_BUFFER_LIST_INFO: indexes into NetBufferListInfo[]. */
enum {
	TcpIpChecksumNetBufferListInfo = 0,
	IPsecOffloadV1NetBufferListInfo = 1,
	TcpLargeSendNetBufferListInfo = 2,
	ClassificationHandleNetBufferListInfo = 3,
	Ieee8021QNetBufferListInfo = 4,
	NetBufferListCancelId = 5,
	MediaSpecificInformation = 6,
	NetBufferListFrameType = 7,
	NetBufferListHashValue = 8,
	NetBufferListHashInfo = 9,
	WfpNetBufferListInfo = 10,
};
/*
 * MaxNetBufferListInfo grows with every NDIS release (drivers index the
 * array only by the enum above, NDIS allocates the lists): room for all.
 */
#define NDL_NBL_INFO_SLOTS	32

typedef struct _NET_BUFFER_LIST_DATA {
	struct _NET_BUFFER_LIST *Next;
	NET_BUFFER *FirstNetBuffer;
} NET_BUFFER_LIST_DATA;

typedef union _NET_BUFFER_LIST_HEADER {
	NET_BUFFER_LIST_DATA NetBufferListData;
	SLIST_HEADER Link;
} NET_BUFFER_LIST_HEADER;

typedef struct _NET_BUFFER_LIST {
	union {
		struct {
			struct _NET_BUFFER_LIST *Next;
			NET_BUFFER *FirstNetBuffer;
		};
		SLIST_HEADER Link;
		NET_BUFFER_LIST_HEADER NetBufferListHeader;
	};
	NET_BUFFER_LIST_CONTEXT *Context;
	struct _NET_BUFFER_LIST *ParentNetBufferList;
	NDIS_HANDLE NdisPoolHandle;
	void *NdisReserved[2];
	void *ProtocolReserved[4];
	void *MiniportReserved[2];
	void *Scratch;
	NDIS_HANDLE SourceHandle;
	ULONG NblFlags;
	LONG ChildRefCount;
	ULONG Flags;
	union {
		NDIS_STATUS Status;
		ULONG NdisReserved2;
	};
	void *NetBufferListInfo[NDL_NBL_INFO_SLOTS];
} NET_BUFFER_LIST;

/* ---- pools ------------------------------------------------------------------ */

typedef struct _NET_BUFFER_LIST_POOL_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	UCHAR ProtocolId;
	BOOLEAN fAllocateNetBuffer;
	USHORT ContextSize;
	ULONG PoolTag;
	ULONG DataSize;
	ULONG Flags;		/* later revisions */
} NET_BUFFER_LIST_POOL_PARAMETERS;
#define NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1	1
#define NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1 \
	(offsetof(NET_BUFFER_LIST_POOL_PARAMETERS, DataSize) + sizeof(ULONG))

typedef struct _NET_BUFFER_POOL_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	ULONG PoolTag;
	ULONG DataSize;
} NET_BUFFER_POOL_PARAMETERS;
#define NET_BUFFER_POOL_PARAMETERS_REVISION_1		1
#define NDIS_SIZEOF_NET_BUFFER_POOL_PARAMETERS_REVISION_1 \
	sizeof(NET_BUFFER_POOL_PARAMETERS)

/* NetAllocateMdl / NetFreeMdl a driver may pass to retreat and advance. */
typedef NTAPI_PTR MDL *(*NET_BUFFER_ALLOCATE_MDL_HANDLER)(ULONG *size);
typedef NTAPI_PTR void (*NET_BUFFER_FREE_MDL_HANDLER)(MDL *mdl);

/* ---- miniport driver characteristics ----------------------------------------- */

typedef ULONG NDIS_PORT_NUMBER;
struct _NDIS_OID_REQUEST;
struct _NDIS_MINIPORT_INIT_PARAMETERS;
struct _NDIS_MINIPORT_PAUSE_PARAMETERS;
struct _NDIS_MINIPORT_RESTART_PARAMETERS;
struct _DRIVER_OBJECT;

typedef NTAPI_PTR NDIS_STATUS (*SET_OPTIONS_HANDLER)(NDIS_HANDLE driver,
						     NDIS_HANDLE driver_ctx);
typedef NTAPI_PTR NDIS_STATUS (*MINIPORT_INITIALIZE_HANDLER)(NDIS_HANDLE handle,
	NDIS_HANDLE driver_ctx, struct _NDIS_MINIPORT_INIT_PARAMETERS *params);
typedef NTAPI_PTR void (*MINIPORT_HALT_HANDLER)(NDIS_HANDLE ctx, ULONG action);
typedef NTAPI_PTR void (*MINIPORT_DRIVER_UNLOAD)(struct _DRIVER_OBJECT *drv);
typedef NTAPI_PTR NDIS_STATUS (*MINIPORT_PAUSE_HANDLER)(NDIS_HANDLE ctx,
	struct _NDIS_MINIPORT_PAUSE_PARAMETERS *params);
typedef NTAPI_PTR NDIS_STATUS (*MINIPORT_RESTART_HANDLER)(NDIS_HANDLE ctx,
	struct _NDIS_MINIPORT_RESTART_PARAMETERS *params);
typedef NTAPI_PTR NDIS_STATUS (*MINIPORT_OID_REQUEST_HANDLER)(NDIS_HANDLE ctx,
	struct _NDIS_OID_REQUEST *req);
typedef NTAPI_PTR void (*MINIPORT_SEND_NET_BUFFER_LISTS_HANDLER)(NDIS_HANDLE ctx,
	NET_BUFFER_LIST *nbls, NDIS_PORT_NUMBER port, ULONG flags);
typedef NTAPI_PTR void (*MINIPORT_RETURN_NET_BUFFER_LISTS_HANDLER)(NDIS_HANDLE ctx,
	NET_BUFFER_LIST *nbls, ULONG flags);
typedef NTAPI_PTR void (*MINIPORT_CANCEL_SEND_HANDLER)(NDIS_HANDLE ctx, void *id);
typedef NTAPI_PTR BOOLEAN (*MINIPORT_CHECK_FOR_HANG_HANDLER)(NDIS_HANDLE ctx);
typedef NTAPI_PTR NDIS_STATUS (*MINIPORT_RESET_HANDLER)(NDIS_HANDLE ctx,
							BOOLEAN *addressing_reset);
typedef NTAPI_PTR void (*MINIPORT_DEVICE_PNP_EVENT_NOTIFY_HANDLER)(NDIS_HANDLE ctx,
								   void *event);
typedef NTAPI_PTR void (*MINIPORT_SHUTDOWN_HANDLER)(NDIS_HANDLE ctx, ULONG action);
typedef NTAPI_PTR void (*MINIPORT_CANCEL_OID_REQUEST_HANDLER)(NDIS_HANDLE ctx,
							      void *request_id);

typedef struct _NDIS_MINIPORT_DRIVER_CHARACTERISTICS {
	NDIS_OBJECT_HEADER Header;
	UCHAR MajorNdisVersion;
	UCHAR MinorNdisVersion;
	UCHAR MajorDriverVersion;
	UCHAR MinorDriverVersion;
	ULONG Flags;
	SET_OPTIONS_HANDLER SetOptionsHandler;
	MINIPORT_INITIALIZE_HANDLER InitializeHandlerEx;
	MINIPORT_HALT_HANDLER HaltHandlerEx;
	MINIPORT_DRIVER_UNLOAD UnloadHandler;
	MINIPORT_PAUSE_HANDLER PauseHandler;
	MINIPORT_RESTART_HANDLER RestartHandler;
	MINIPORT_OID_REQUEST_HANDLER OidRequestHandler;
	MINIPORT_SEND_NET_BUFFER_LISTS_HANDLER SendNetBufferListsHandler;
	MINIPORT_RETURN_NET_BUFFER_LISTS_HANDLER ReturnNetBufferListsHandler;
	MINIPORT_CANCEL_SEND_HANDLER CancelSendHandler;
	MINIPORT_CHECK_FOR_HANG_HANDLER CheckForHangHandlerEx;
	MINIPORT_RESET_HANDLER ResetHandlerEx;
	MINIPORT_DEVICE_PNP_EVENT_NOTIFY_HANDLER DevicePnPEventNotifyHandler;
	MINIPORT_SHUTDOWN_HANDLER ShutdownHandlerEx;
	MINIPORT_CANCEL_OID_REQUEST_HANDLER CancelOidRequestHandler;
	/* revision 2 (NDIS 6.1) */
	MINIPORT_OID_REQUEST_HANDLER DirectOidRequestHandler;
	MINIPORT_CANCEL_OID_REQUEST_HANDLER CancelDirectOidRequestHandler;
	/* revision 3 (NDIS 6.80) */
	MINIPORT_OID_REQUEST_HANDLER SynchronousOidRequestHandler;
} NDIS_MINIPORT_DRIVER_CHARACTERISTICS;

#define NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1	1
#define NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2	2
#define NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_3	3
#define NDL_MP6_CHARS_THROUGH(field) \
	(offsetof(NDIS_MINIPORT_DRIVER_CHARACTERISTICS, field) + sizeof(void *))
#define NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1 \
	NDL_MP6_CHARS_THROUGH(CancelOidRequestHandler)
#define NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2 \
	NDL_MP6_CHARS_THROUGH(CancelDirectOidRequestHandler)
#define NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_3 \
	NDL_MP6_CHARS_THROUGH(SynchronousOidRequestHandler)

/* Flags */
#define NDIS_INTERMEDIATE_DRIVER	0x00000001
#define NDIS_WDM_DRIVER			0x00000002

/* ---- OID requests and status indications -------------------------------------- */

typedef enum _NDIS_REQUEST_TYPE {
	NdisRequestQueryInformation = 0,
	NdisRequestSetInformation = 1,
	NdisRequestQueryStatistics = 2,
	NdisRequestMethod = 12,
} NDIS_REQUEST_TYPE;

/* NDIS_OID_REQUEST_NDIS_RESERVED_SIZE pointers for NDIS. */
#define NDL_OID_REQUEST_NDIS_RESERVED	16

typedef struct _NDIS_OID_REQUEST {
	NDIS_OBJECT_HEADER Header;
	NDIS_REQUEST_TYPE RequestType;
	NDIS_PORT_NUMBER PortNumber;
	UINT Timeout;
	void *RequestId;
	NDIS_HANDLE RequestHandle;
	union {
		NDIS_OID Oid;
		struct {
			NDIS_OID Oid;
			void *InformationBuffer;
			UINT InformationBufferLength;
			UINT BytesWritten;
			UINT BytesNeeded;
		} QUERY_INFORMATION;
		struct {
			NDIS_OID Oid;
			void *InformationBuffer;
			UINT InformationBufferLength;
			UINT BytesRead;
			UINT BytesNeeded;
		} SET_INFORMATION;
		struct {
			NDIS_OID Oid;
			void *InformationBuffer;
			ULONG InputBufferLength;
			ULONG OutputBufferLength;
			ULONG MethodId;
			UINT BytesWritten;
			UINT BytesRead;
			UINT BytesNeeded;
		} METHOD_INFORMATION;
	} DATA;
	UCHAR NdisReserved[NDL_OID_REQUEST_NDIS_RESERVED * sizeof(void *)];
	UCHAR MiniportReserved[2 * sizeof(void *)];
	UCHAR SourceReserved[2 * sizeof(void *)];
	UCHAR SupportedRevision;
	UCHAR Reserved1;
	USHORT Reserved2;
	/* NDIS 6.50 */
	ULONG SwitchId;
	ULONG VPortId;
	ULONG Flags;
} NDIS_OID_REQUEST;
#define NDIS_OID_REQUEST_REVISION_1	1
#define NDIS_SIZEOF_OID_REQUEST_REVISION_1 \
	(offsetof(NDIS_OID_REQUEST, Reserved2) + sizeof(USHORT))

typedef struct _NDIS_STATUS_INDICATION {
	NDIS_OBJECT_HEADER Header;
	NDIS_HANDLE SourceHandle;
	NDIS_PORT_NUMBER PortNumber;
	NDIS_STATUS StatusCode;
	ULONG Flags;
	NDIS_HANDLE DestinationHandle;
	void *RequestId;
	void *StatusBuffer;
	ULONG StatusBufferSize;
	GUID Guid;
	void *NdisReserved[4];
} NDIS_STATUS_INDICATION;
#define NDIS_STATUS_INDICATION_REVISION_1	1
#define NDIS_SIZEOF_STATUS_INDICATION_REVISION_1 sizeof(NDIS_STATUS_INDICATION)

/* ---- initialize, restart, pause ----------------------------------------------- */

typedef struct _NDIS_MINIPORT_INIT_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;
	NDIS_RESOURCE_LIST *AllocatedResources;
	NDIS_HANDLE IMDeviceInstanceContext;
	NDIS_HANDLE MiniportAddDeviceContext;
	ULONG IfIndex;				/* NET_IFINDEX */
	ULONGLONG NetLuid;			/* NET_LUID */
	void *DefaultPortAuthStates;
	void *PciDeviceCustomProperties;
} NDIS_MINIPORT_INIT_PARAMETERS;
#define NDIS_MINIPORT_INIT_PARAMETERS_REVISION_1	1
#define NDIS_SIZEOF_MINIPORT_INIT_PARAMETERS_REVISION_1 \
	sizeof(NDIS_MINIPORT_INIT_PARAMETERS)

typedef struct _NDIS_RESTART_ATTRIBUTES {
	struct _NDIS_RESTART_ATTRIBUTES *Next;
	NDIS_OID Oid;
	ULONG DataLength;
	UCHAR Data[] __aligned(16);
} NDIS_RESTART_ATTRIBUTES;

typedef struct _NDIS_MINIPORT_RESTART_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	NDIS_RESTART_ATTRIBUTES *RestartAttributes;
	ULONG Flags;
} NDIS_MINIPORT_RESTART_PARAMETERS;
#define NDIS_MINIPORT_RESTART_PARAMETERS_REVISION_1	1

typedef struct _NDIS_MINIPORT_PAUSE_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;
	ULONG PauseReason;
} NDIS_MINIPORT_PAUSE_PARAMETERS;
#define NDIS_MINIPORT_PAUSE_PARAMETERS_REVISION_1	1

/* ---- adapter attributes (NdisMSetMiniportAttributes) -------------------------- */

typedef struct _NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES {
	NDIS_OBJECT_HEADER Header;
	NDIS_HANDLE MiniportAdapterContext;
	ULONG AttributeFlags;
	UINT CheckForHangTimeInSeconds;
	UINT InterfaceType;			/* NDIS_INTERFACE_TYPE */
} NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES;
#define NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1 \
	(offsetof(NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES, InterfaceType) + \
	 sizeof(UINT))

#define NDIS_MAX_PHYS_ADDRESS_LENGTH	32

typedef struct _NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;
	NDIS_MEDIUM MediaType;
	UINT PhysicalMediumType;		/* NDIS_PHYSICAL_MEDIUM */
	ULONG MtuSize;
	ULONG64 MaxXmitLinkSpeed;
	ULONG64 XmitLinkSpeed;
	ULONG64 MaxRcvLinkSpeed;
	ULONG64 RcvLinkSpeed;
	UINT MediaConnectState;			/* NDIS_MEDIA_CONNECT_STATE */
	UINT MediaDuplexState;			/* NDIS_MEDIA_DUPLEX_STATE */
	ULONG LookaheadSize;
	void *PowerManagementCapabilities;
	ULONG MacOptions;
	ULONG SupportedPacketFilters;
	ULONG MaxMulticastListSize;
	USHORT MacAddressLength;
	UCHAR PermanentMacAddress[NDIS_MAX_PHYS_ADDRESS_LENGTH];
	UCHAR CurrentMacAddress[NDIS_MAX_PHYS_ADDRESS_LENGTH];
	void *RecvScaleCapabilities;
	UINT AccessType;			/* NET_IF_ACCESS_TYPE */
	UINT DirectionType;			/* NET_IF_DIRECTION_TYPE */
	UINT ConnectionType;			/* NET_IF_CONNECTION_TYPE */
	USHORT IfType;				/* NET_IFTYPE */
	BOOLEAN IfConnectorPresent;
	ULONG SupportedStatistics;
	ULONG SupportedPauseFunctions;
	ULONG DataBackFillSize;
	ULONG ContextBackFillSize;
	NDIS_OID *SupportedOidList;
	ULONG SupportedOidListLength;
	ULONG AutoNegotiationFlags;
	/* revision 2 (NDIS 6.20) */
	void *PowerManagementCapabilitiesEx;
} NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES;
#define NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_1 \
	(offsetof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES, AutoNegotiationFlags) + \
	 sizeof(ULONG))
#define NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2 \
	sizeof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES)

/* Its NDIS_OFFLOADs: under "task offload" below. */
typedef struct _NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES {
	NDIS_OBJECT_HEADER Header;
	struct _NDIS_OFFLOAD *DefaultOffloadConfiguration;
	struct _NDIS_OFFLOAD *HardwareOffloadCapabilities;
	void *DefaultTcpConnectionOffloadConfiguration;
	void *TcpConnectionOffloadHardwareCapabilities;
} NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES;

/* What NdisMSetMiniportAttributes is passed: told apart by Header.Type. */
typedef union _NDIS_MINIPORT_ADAPTER_ATTRIBUTES {
	NDIS_OBJECT_HEADER Header;
	NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES RegistrationAttributes;
	NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES GeneralAttributes;
	NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES OffloadAttributes;
} NDIS_MINIPORT_ADAPTER_ATTRIBUTES;

/* NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES.AttributeFlags */
#define NDIS_MINIPORT_ATTRIBUTES_HARDWARE_DEVICE	0x00000001
#define NDIS_MINIPORT_ATTRIBUTES_NDIS_WDM		0x00000002
#define NDIS_MINIPORT_ATTRIBUTES_SURPRISE_REMOVE_OK	0x00000004
#define NDIS_MINIPORT_ATTRIBUTES_NOT_CO_NDIS		0x00000008
#define NDIS_MINIPORT_ATTRIBUTES_DO_NOT_BIND_TO_ALL_CO	0x00000010
#define NDIS_MINIPORT_ATTRIBUTES_NO_HALT_ON_SUSPEND	0x00000020
#define NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER		0x00000040
#define NDIS_MINIPORT_ATTRIBUTES_CONTROLS_DEFAULT_PORT	0x00000080
#define NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1	1
#define NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_2	2
#define NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_1	1
#define NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2	2
#define NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1	1
#define NDIS_SIZEOF_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1 \
	sizeof(NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES)

/* NDIS_MEDIA_CONNECT_STATE, NDIS_MEDIA_DUPLEX_STATE */
#define MediaConnectStateUnknown	0
#define MediaConnectStateConnected	1
#define MediaConnectStateDisconnected	2
#define MediaDuplexStateUnknown		0
#define MediaDuplexStateHalf		1
#define MediaDuplexStateFull		2
#define NDIS_LINK_SPEED_UNKNOWN		((ULONG64)-1)

/* ---- status indications, link state, PnP events ------------------------------ */

#define NDIS_STATUS_LINK_STATE		((NDIS_STATUS)0x40010017)
#define NDIS_STATUS_PAUSED		((NDIS_STATUS)0xC023002A)
#define NDIS_STATUS_LOW_POWER_STATE	((NDIS_STATUS)0xC023002F)
#define NDIS_STATUS_SEND_ABORTED	NDIS_STATUS_REQUEST_ABORTED

typedef struct _NDIS_LINK_STATE {
	NDIS_OBJECT_HEADER Header;
	UINT MediaConnectState;			/* NDIS_MEDIA_CONNECT_STATE */
	UINT MediaDuplexState;			/* NDIS_MEDIA_DUPLEX_STATE */
	ULONG64 XmitLinkSpeed;			/* bit/s */
	ULONG64 RcvLinkSpeed;
	UINT PauseFunctions;			/* NDIS_SUPPORTED_PAUSE_FUNCTIONS */
	ULONG AutoNegotiationFlags;
} NDIS_LINK_STATE;
#define NDIS_LINK_STATE_REVISION_1	1
#define NDIS_SIZEOF_LINK_STATE_REVISION_1 sizeof(NDIS_LINK_STATE)

typedef struct _NET_DEVICE_PNP_EVENT {
	NDIS_OBJECT_HEADER Header;
	NDIS_PORT_NUMBER PortNumber;
	UINT DevicePnPEvent;			/* NDIS_DEVICE_PNP_EVENT */
	void *InformationBuffer;
	ULONG InformationBufferLength;
	UCHAR NdisReserved[2 * sizeof(void *)];
} NET_DEVICE_PNP_EVENT;
#define NET_DEVICE_PNP_EVENT_REVISION_1	1

/* NDIS_PORT_AUTHENTICATION_PARAMETERS (MiniportInitializeEx's defaults) */
typedef struct _NDIS_PORT_AUTHENTICATION_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	UINT SendControlState;			/* NDIS_PORT_CONTROL_STATE */
	UINT RcvControlState;
	UINT SendAuthorizationState;		/* NDIS_PORT_AUTHORIZATION_STATE */
	UINT RcvAuthorizationState;
} NDIS_PORT_AUTHENTICATION_PARAMETERS;
#define NDIS_PORT_AUTHENTICATION_PARAMETERS_REVISION_1	1
#define NdisPortControlStateUncontrolled	2
#define NdisPortAuthorized			1

/* NDIS_HALT_ACTION, NDIS_SHUTDOWN_ACTION */
#define NdisHaltDeviceDisabled			0
#define NdisHaltDeviceInstanceDeInitialized	1
#define NdisHaltDevicePoweredDown		2
#define NdisHaltDeviceSurpriseRemoved		3
#define NdisHaltDeviceFailed			4
#define NdisHaltDeviceInitializationFailed	5
#define NdisHaltDeviceStopped			6
#define NdisShutdownPowerOff			0
#define NdisShutdownBugCheck			1

/* NDIS_MINIPORT_PAUSE_PARAMETERS.PauseReason */
#define NDIS_PAUSE_NDIS_INTERNAL		0x00000001
#define NDIS_PAUSE_LOW_POWER			0x00000002
#define NDIS_PAUSE_BIND_PROTOCOL		0x00000004
#define NDIS_PAUSE_UNBIND_PROTOCOL		0x00000008
#define NDIS_PAUSE_ATTACH_FILTER		0x00000010
#define NDIS_PAUSE_DETACH_FILTER		0x00000020
#define NDIS_PAUSE_FILTER_RESTART_STACK		0x00000040
#define NDIS_PAUSE_MINIPORT_DEVICE_REMOVE	0x00000080

/* ---- data path flags and per-list information -------------------------------- */

#define NDIS_DEFAULT_PORT_NUMBER		0
#define NDIS_SEND_FLAGS_DISPATCH_LEVEL		0x00000001
#define NDIS_SEND_FLAGS_CHECK_FOR_LOOPBACK	0x00000002
#define NDIS_SEND_COMPLETE_FLAGS_DISPATCH_LEVEL	0x00000001
#define NDIS_RECEIVE_FLAGS_DISPATCH_LEVEL	0x00000001
#define NDIS_RECEIVE_FLAGS_RESOURCES		0x00000002
#define NDIS_RETURN_FLAGS_DISPATCH_LEVEL	0x00000001

/*
 * NDIS_TCP_IP_CHECKSUM_NET_BUFFER_LIST_INFO, a ULONG of bit fields in
 * NetBufferListInfo[TcpIpChecksumNetBufferListInfo]. Transmit: IsIPv4,
 * IsIPv6, TcpChecksum, UdpChecksum, IpHeaderChecksum (bits 0-4), then
 * TcpHeaderOffset at bit 16 (10 bits). Receive: TcpChecksumFailed,
 * UdpChecksumFailed, IpChecksumFailed, TcpChecksumSucceeded,
 * UdpChecksumSucceeded, IpChecksumSucceeded, Loopback (bits 0-6).
 */
#define NDL_NBL_CSUM_TX_IPV4		0x01
#define NDL_NBL_CSUM_TX_IPV6		0x02
#define NDL_NBL_CSUM_TX_TCP		0x04
#define NDL_NBL_CSUM_TX_UDP		0x08
#define NDL_NBL_CSUM_TX_IP		0x10
#define NDL_NBL_CSUM_TX_TCP_OFFSET_SHIFT 16
#define NDL_NBL_CSUM_RX_TCP_FAILED	0x01
#define NDL_NBL_CSUM_RX_UDP_FAILED	0x02
#define NDL_NBL_CSUM_RX_IP_FAILED	0x04
#define NDL_NBL_CSUM_RX_TCP_OK		0x08
#define NDL_NBL_CSUM_RX_UDP_OK		0x10
#define NDL_NBL_CSUM_RX_IP_OK		0x20
/*
 * NDIS_NET_BUFFER_LIST_8021Q_INFO.TagHeader: UserPriority:3,
 * CanonicalFormatId:1, VlanId:12.
 */
#define NDL_NBL_8021Q_PRIORITY(v)	((u32)(v) & 7)
#define NDL_NBL_8021Q_VLAN(v)		((u32)(v) >> 4 & 0xfff)

/* ---- task offload: checksums ---------------------------------------------------- */

#define NDIS_OBJECT_TYPE_OFFLOAD			0xa7
#define NDIS_OBJECT_TYPE_OFFLOAD_ENCAPSULATION		0xa8
#define OID_TCP_OFFLOAD_CURRENT_CONFIG			0xfc01020b
#define OID_TCP_OFFLOAD_PARAMETERS			0xfc01020c
#define OID_TCP_OFFLOAD_HARDWARE_CAPABILITIES		0xfc01020d
#define OID_OFFLOAD_ENCAPSULATION			0x0101010a
#define NDIS_STATUS_TASK_OFFLOAD_CURRENT_CONFIG		((NDIS_STATUS)0x40020006)
#define NDIS_STATUS_TASK_OFFLOAD_HARDWARE_CAPABILITIES	((NDIS_STATUS)0x40020007)

/* Encapsulation members: bit flags */
#define NDIS_ENCAPSULATION_NOT_SUPPORTED		0x00000000
#define NDIS_ENCAPSULATION_NULL				0x00000001
#define NDIS_ENCAPSULATION_IEEE_802_3			0x00000002
#define NDIS_ENCAPSULATION_IEEE_802_3_P_AND_Q		0x00000004
#define NDIS_ENCAPSULATION_IEEE_802_3_P_AND_Q_IN_OOB	0x00000008
#define NDIS_ENCAPSULATION_IEEE_LLC_SNAP_ROUTED		0x00000010
/* the 2-bit capability fields of NDIS_OFFLOAD's members */
#define NDIS_OFFLOAD_NOT_SUPPORTED			0
#define NDIS_OFFLOAD_SUPPORTED				1
/* NDIS_OFFLOAD_ENCAPSULATION.Enabled */
#define NDIS_OFFLOAD_SET_NO_CHANGE			0
#define NDIS_OFFLOAD_SET_ON				1
#define NDIS_OFFLOAD_SET_OFF				2

typedef struct _NDIS_TCP_IP_CHECKSUM_OFFLOAD {
	struct {
		ULONG Encapsulation;
		ULONG IpOptionsSupported:2;
		ULONG TcpOptionsSupported:2;
		ULONG TcpChecksum:2;
		ULONG UdpChecksum:2;
		ULONG IpChecksum:2;
	} IPv4Transmit;
	struct {
		ULONG Encapsulation;
		ULONG IpOptionsSupported:2;
		ULONG TcpOptionsSupported:2;
		ULONG TcpChecksum:2;
		ULONG UdpChecksum:2;
		ULONG IpChecksum:2;
	} IPv4Receive;
	struct {
		ULONG Encapsulation;
		ULONG IpExtensionHeadersSupported:2;
		ULONG TcpOptionsSupported:2;
		ULONG TcpChecksum:2;
		ULONG UdpChecksum:2;
	} IPv6Transmit;
	struct {
		ULONG Encapsulation;
		ULONG IpExtensionHeadersSupported:2;
		ULONG TcpOptionsSupported:2;
		ULONG TcpChecksum:2;
		ULONG UdpChecksum:2;
	} IPv6Receive;
} NDIS_TCP_IP_CHECKSUM_OFFLOAD;

typedef struct _NDIS_TCP_LARGE_SEND_OFFLOAD_V1 {
	struct {
		ULONG Encapsulation;
		ULONG MaxOffLoadSize;
		ULONG MinSegmentCount;
		ULONG TcpOptions:2;
		ULONG IpOptions:2;
	} IPv4;
} NDIS_TCP_LARGE_SEND_OFFLOAD_V1;

typedef struct _NDIS_IPSEC_OFFLOAD_V1 {
	struct {
		ULONG Encapsulation;
		ULONG AhEspCombined;
		ULONG TransportTunnelCombined;
		ULONG IPv4Options;
		ULONG Flags;
	} Supported;
	struct {
		ULONG Md5:2;
		ULONG Sha_1:2;
		ULONG Transport:2;
		ULONG Tunnel:2;
		ULONG Send:2;
		ULONG Receive:2;
	} IPv4AH;
	struct {
		ULONG Des:2;
		ULONG Reserved:2;
		ULONG TripleDes:2;
		ULONG NullEsp:2;
		ULONG Transport:2;
		ULONG Tunnel:2;
		ULONG Send:2;
		ULONG Receive:2;
	} IPv4ESP;
} NDIS_IPSEC_OFFLOAD_V1;

typedef struct _NDIS_TCP_LARGE_SEND_OFFLOAD_V2 {
	struct {
		ULONG Encapsulation;
		ULONG MaxOffLoadSize;
		ULONG MinSegmentCount;
	} IPv4;
	struct {
		ULONG Encapsulation;
		ULONG MaxOffLoadSize;
		ULONG MinSegmentCount;
		ULONG IpExtensionHeadersSupported:2;
		ULONG TcpOptionsSupported:2;
	} IPv6;
} NDIS_TCP_LARGE_SEND_OFFLOAD_V2;

/* NDIS 6.1 */
typedef struct _NDIS_IPSEC_OFFLOAD_V2 {
	ULONG Encapsulation;
	BOOLEAN IPv6Supported;
	BOOLEAN IPv4Options;
	BOOLEAN IPv6NonIPsecExtensionHeaders;
	BOOLEAN Ah;
	BOOLEAN Esp;
	BOOLEAN AhEspCombined;
	BOOLEAN Transport;
	BOOLEAN Tunnel;
	BOOLEAN TransportTunnelCombined;
	BOOLEAN LsoSupported;
	BOOLEAN ExtendedSequenceNumbers;
	ULONG UdpEsp;
	ULONG AuthenticationAlgorithms;
	ULONG EncryptionAlgorithms;
	ULONG SaOffloadCapacity;
} NDIS_IPSEC_OFFLOAD_V2;

/* NDIS 6.30 */
typedef struct _NDIS_TCP_RECV_SEG_COALESCE_OFFLOAD {
	struct {
		BOOLEAN Enabled;
	} IPv4;
	struct {
		BOOLEAN Enabled;
	} IPv6;
} NDIS_TCP_RECV_SEG_COALESCE_OFFLOAD;

typedef struct _NDIS_ENCAPSULATED_PACKET_TASK_OFFLOAD {
	ULONG TransmitChecksumOffloadSupported:4;
	ULONG ReceiveChecksumOffloadSupported:4;
	ULONG LsoV2Supported:4;
	ULONG RssSupported:4;
	ULONG VmqSupported:4;
	ULONG MaxHeaderSizeSupported;
} NDIS_ENCAPSULATED_PACKET_TASK_OFFLOAD;

/*
 * What a miniport can offload (its hardware capabilities) or has on (its
 * current configuration). Later revisions (NDIS 6.50 on) append members
 * after revision 3's; the runtime reads Checksum, LsoV1 and LsoV2. Drivers get this
 * and the types of its members from mingw-w64's ntddndis.h, with the
 * members of their NDIS version (tests/netvmini/gen-ndis6-types.awk):
 * the sizes of revisions 2 and 3 are asserted in ndis6_offload.c.
 */
typedef struct _NDIS_OFFLOAD {
	NDIS_OBJECT_HEADER Header;
	NDIS_TCP_IP_CHECKSUM_OFFLOAD Checksum;
	NDIS_TCP_LARGE_SEND_OFFLOAD_V1 LsoV1;
	NDIS_IPSEC_OFFLOAD_V1 IPsecV1;
	NDIS_TCP_LARGE_SEND_OFFLOAD_V2 LsoV2;
	ULONG Flags;
	/* revision 2 (NDIS 6.1) */
	NDIS_IPSEC_OFFLOAD_V2 IPsecV2;
	/* revision 3 (NDIS 6.30) */
	NDIS_TCP_RECV_SEG_COALESCE_OFFLOAD Rsc;
	NDIS_ENCAPSULATED_PACKET_TASK_OFFLOAD EncapsulatedPacketTaskOffloadGre;
} NDIS_OFFLOAD;
#define NDIS_OFFLOAD_REVISION_1		1
#define NDIS_OFFLOAD_REVISION_2		2
#define NDIS_OFFLOAD_REVISION_3		3
#define NDL_OFFLOAD_THROUGH(field) \
	(offsetof(NDIS_OFFLOAD, field) + sizeof(((NDIS_OFFLOAD *)0)->field))
#define NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1	NDL_OFFLOAD_THROUGH(Flags)
#define NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_2	NDL_OFFLOAD_THROUGH(IPsecV2)
#define NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_3 \
	NDL_OFFLOAD_THROUGH(EncapsulatedPacketTaskOffloadGre)

/* OID_TCP_OFFLOAD_PARAMETERS: what to turn on or off (set only). */
typedef struct _NDIS_OFFLOAD_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	UCHAR IPv4Checksum;
	UCHAR TCPIPv4Checksum;
	UCHAR UDPIPv4Checksum;
	UCHAR TCPIPv6Checksum;
	UCHAR UDPIPv6Checksum;
	UCHAR LsoV1;
	UCHAR IPsecV1;
	UCHAR LsoV2IPv4;
	UCHAR LsoV2IPv6;
	UCHAR TcpConnectionIPv4;
	UCHAR TcpConnectionIPv6;
	ULONG Flags;
	/* revision 2 (NDIS 6.1) */
	UCHAR IPsecV2;
	UCHAR IPsecV2IPv4;
	/* revision 3 (NDIS 6.30) */
	UCHAR RscIPv4;
	UCHAR RscIPv6;
	UCHAR EncapsulatedPacketTaskOffload;
	UCHAR EncapsulationTypes;
} NDIS_OFFLOAD_PARAMETERS;
#define NDIS_OFFLOAD_PARAMETERS_REVISION_1	1
#define NDIS_OFFLOAD_PARAMETERS_REVISION_2	2
#define NDIS_OFFLOAD_PARAMETERS_REVISION_3	3
#define NDL_OFFLOAD_PARAMS_THROUGH(field) \
	(offsetof(NDIS_OFFLOAD_PARAMETERS, field) + sizeof(UCHAR))
#define NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1 \
	(offsetof(NDIS_OFFLOAD_PARAMETERS, Flags) + sizeof(ULONG))
#define NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_2 \
	NDL_OFFLOAD_PARAMS_THROUGH(IPsecV2IPv4)
#define NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_3 \
	NDL_OFFLOAD_PARAMS_THROUGH(EncapsulationTypes)
/* the five checksum members */
#define NDIS_OFFLOAD_PARAMETERS_NO_CHANGE		0
#define NDIS_OFFLOAD_PARAMETERS_TX_RX_DISABLED		1
#define NDIS_OFFLOAD_PARAMETERS_TX_ENABLED_RX_DISABLED	2
#define NDIS_OFFLOAD_PARAMETERS_RX_ENABLED_TX_DISABLED	3
#define NDIS_OFFLOAD_PARAMETERS_TX_RX_ENABLED		4
/* LsoV1, LsoV2IPv4, LsoV2IPv6 */
#define NDIS_OFFLOAD_PARAMETERS_LSOV1_DISABLED		1
#define NDIS_OFFLOAD_PARAMETERS_LSOV1_ENABLED		2
#define NDIS_OFFLOAD_PARAMETERS_LSOV2_DISABLED		1
#define NDIS_OFFLOAD_PARAMETERS_LSOV2_ENABLED		2

/* OID_OFFLOAD_ENCAPSULATION: the framing offloads run on, and go. */
typedef struct _NDIS_OFFLOAD_ENCAPSULATION {
	NDIS_OBJECT_HEADER Header;
	struct {
		ULONG Enabled;			/* NDIS_OFFLOAD_SET_* */
		ULONG EncapsulationType;
		ULONG HeaderSize;
	} IPv4;
	struct {
		ULONG Enabled;
		ULONG EncapsulationType;
		ULONG HeaderSize;
	} IPv6;
} NDIS_OFFLOAD_ENCAPSULATION;
#define NDIS_OFFLOAD_ENCAPSULATION_REVISION_1	1
#define NDIS_SIZEOF_OFFLOAD_ENCAPSULATION_REVISION_1 \
	sizeof(NDIS_OFFLOAD_ENCAPSULATION)

/*
 * NetBufferListInfo[TcpIpChecksumNetBufferListInfo], as drivers name it
 * (the runtime itself uses the NDL_NBL_CSUM_* bits below).
 */
typedef struct _NDIS_TCP_IP_CHECKSUM_NET_BUFFER_LIST_INFO {
	union {
		struct {
			ULONG IsIPv4:1;
			ULONG IsIPv6:1;
			ULONG TcpChecksum:1;
			ULONG UdpChecksum:1;
			ULONG IpHeaderChecksum:1;
			ULONG Reserved:11;
			ULONG TcpHeaderOffset:10;
		} Transmit;
		struct {
			ULONG TcpChecksumFailed:1;
			ULONG UdpChecksumFailed:1;
			ULONG IpChecksumFailed:1;
			ULONG TcpChecksumSucceeded:1;
			ULONG UdpChecksumSucceeded:1;
			ULONG IpChecksumSucceeded:1;
			ULONG Loopback:1;
			ULONG TcpChecksumValueInvalid:1;
			ULONG IpChecksumValueInvalid:1;
		} Receive;
		void *Value;
	};
} NDIS_TCP_IP_CHECKSUM_NET_BUFFER_LIST_INFO;

/* ---- x64 layout ------------------------------------------------------------- */

#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(NDIS_OBJECT_HEADER) == 4, "NDIS_OBJECT_HEADER");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, DataLength) == 0x18, "NB DataLength");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, MdlChain) == 0x20, "NB MdlChain");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, DataOffset) == 0x28, "NB DataOffset");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, ChecksumBias) == 0x30, "NB ChecksumBias");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, NdisPoolHandle) == 0x38, "NB pool");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, ProtocolReserved) == 0x50,
		  "NB ProtocolReserved");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, MiniportReserved) == 0x80,
		  "NB MiniportReserved");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, DataPhysicalAddress) == 0xa0,
		  "NB DataPhysicalAddress");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER, ScatterGatherList) == 0xa8, "NB SGL");
NDL_STATIC_ASSERT(sizeof(NET_BUFFER) == 0xb0, "x64 NET_BUFFER");
NDL_STATIC_ASSERT(sizeof(NET_BUFFER_LIST_CONTEXT) == 0x10, "NBL context");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, Context) == 0x10, "NBL Context");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, NdisPoolHandle) == 0x20,
		  "NBL pool");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, ProtocolReserved) == 0x38,
		  "NBL ProtocolReserved");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, MiniportReserved) == 0x58,
		  "NBL MiniportReserved");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, SourceHandle) == 0x70,
		  "NBL SourceHandle");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, Flags) == 0x80, "NBL Flags");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, Status) == 0x84, "NBL Status");
NDL_STATIC_ASSERT(offsetof(NET_BUFFER_LIST, NetBufferListInfo) == 0x88,
		  "NBL NetBufferListInfo");
NDL_STATIC_ASSERT(NDIS_SIZEOF_NET_BUFFER_LIST_POOL_PARAMETERS_REVISION_1 == 0x10,
		  "NBL pool parameters");
NDL_STATIC_ASSERT(sizeof(NET_BUFFER_POOL_PARAMETERS) == 0x0c,
		  "NB pool parameters");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_DRIVER_CHARACTERISTICS,
			   SetOptionsHandler) == 0x10, "chars SetOptions");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_DRIVER_CHARACTERISTICS,
			   SendNetBufferListsHandler) == 0x48, "chars Send");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_1 == 0x88,
		  "chars revision 1");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2 == 0x98,
		  "chars revision 2");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_3 == 0xa0,
		  "chars revision 3");
NDL_STATIC_ASSERT(offsetof(NDIS_OID_REQUEST, RequestId) == 0x10, "OID RequestId");
NDL_STATIC_ASSERT(offsetof(NDIS_OID_REQUEST, DATA) == 0x20, "OID DATA");
NDL_STATIC_ASSERT(offsetof(NDIS_OID_REQUEST,
			   DATA.QUERY_INFORMATION.BytesNeeded) == 0x38,
		  "OID BytesNeeded");
NDL_STATIC_ASSERT(offsetof(NDIS_OID_REQUEST, NdisReserved) == 0x48,
		  "OID NdisReserved");
NDL_STATIC_ASSERT(offsetof(NDIS_OID_REQUEST, MiniportReserved) == 0xc8,
		  "OID MiniportReserved");
NDL_STATIC_ASSERT(offsetof(NDIS_OID_REQUEST, SupportedRevision) == 0xe8,
		  "OID SupportedRevision");
NDL_STATIC_ASSERT(offsetof(NDIS_STATUS_INDICATION, StatusCode) == 0x14,
		  "status StatusCode");
NDL_STATIC_ASSERT(offsetof(NDIS_STATUS_INDICATION, StatusBuffer) == 0x30,
		  "status StatusBuffer");
NDL_STATIC_ASSERT(offsetof(NDIS_STATUS_INDICATION, Guid) == 0x3c, "status Guid");
NDL_STATIC_ASSERT(sizeof(NDIS_STATUS_INDICATION) == 0x70, "NDIS_STATUS_INDICATION");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_INIT_PARAMETERS, NetLuid) == 0x28,
		  "init NetLuid");
NDL_STATIC_ASSERT(sizeof(NDIS_MINIPORT_INIT_PARAMETERS) == 0x40, "init params");
NDL_STATIC_ASSERT(sizeof(NDIS_MINIPORT_RESTART_PARAMETERS) == 0x18,
		  "restart params");
NDL_STATIC_ASSERT(sizeof(NDIS_MINIPORT_PAUSE_PARAMETERS) == 0x0c, "pause params");
NDL_STATIC_ASSERT(sizeof(NDIS_RESTART_ATTRIBUTES) == 0x10, "restart attributes");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1
		  == 0x1c, "registration attributes");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			   MaxXmitLinkSpeed) == 0x18, "general link speed");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			   PowerManagementCapabilities) == 0x48, "general PM");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			   PermanentMacAddress) == 0x5e, "general MAC");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			   RecvScaleCapabilities) == 0xa0, "general RSS");
NDL_STATIC_ASSERT(offsetof(NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES,
			   SupportedOidList) == 0xc8, "general OID list");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_1
		  == 0xd8, "general attributes revision 1");
NDL_STATIC_ASSERT(NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2
		  == 0xe0, "general attributes revision 2");
NDL_STATIC_ASSERT(sizeof(NDIS_LINK_STATE) == 0x28, "NDIS_LINK_STATE");
NDL_STATIC_ASSERT(offsetof(NDIS_LINK_STATE, XmitLinkSpeed) == 0x10,
		  "link state XmitLinkSpeed");
NDL_STATIC_ASSERT(offsetof(NET_DEVICE_PNP_EVENT, InformationBuffer) == 0x10,
		  "PnP event InformationBuffer");
NDL_STATIC_ASSERT(sizeof(NET_DEVICE_PNP_EVENT) == 0x30, "NET_DEVICE_PNP_EVENT");
NDL_STATIC_ASSERT(sizeof(NDIS_PORT_AUTHENTICATION_PARAMETERS) == 0x14,
		  "port authentication parameters");
NDL_STATIC_ASSERT(sizeof(NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES) == 0x28,
		  "offload attributes");
NDL_STATIC_ASSERT(sizeof(NDIS_TCP_IP_CHECKSUM_OFFLOAD) == 32, "checksum offload");
NDL_STATIC_ASSERT(offsetof(NDIS_OFFLOAD, Checksum.IPv6Receive) == 0x1c,
		  "NDIS_OFFLOAD IPv6Receive");
NDL_STATIC_ASSERT(offsetof(NDIS_OFFLOAD, IPsecV1) == 0x34, "NDIS_OFFLOAD IPsecV1");
NDL_STATIC_ASSERT(offsetof(NDIS_OFFLOAD, LsoV2) == 0x50, "NDIS_OFFLOAD LsoV2");
NDL_STATIC_ASSERT(NDIS_SIZEOF_NDIS_OFFLOAD_REVISION_1 == 112, "NDIS_OFFLOAD rev 1");
NDL_STATIC_ASSERT(offsetof(NDIS_OFFLOAD_PARAMETERS, Flags) == 16,
		  "offload parameters Flags");
NDL_STATIC_ASSERT(NDIS_SIZEOF_OFFLOAD_PARAMETERS_REVISION_1 == 20,
		  "offload parameters rev 1");
NDL_STATIC_ASSERT(sizeof(NDIS_OFFLOAD_ENCAPSULATION) == 28,
		  "offload encapsulation");
NDL_STATIC_ASSERT(sizeof(NDIS_TCP_IP_CHECKSUM_NET_BUFFER_LIST_INFO) == 8,
		  "checksum NBL info");
#endif

#endif
