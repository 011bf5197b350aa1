/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NDIS 6 miniport interface beyond the runtime's structures
 * (ndis6_types_gen.h) and mingw-w64's headers, as Microsoft's reference
 * pages document it: pointer type names, the handler function types a
 * driver declares its handlers with, the NET_BUFFER(_LIST) access macros,
 * per-list information, adapter attributes, the NDIS 6 exports' prototypes
 * and the constants drivers pass them. Test-only (tests/netvmini).
 */
#ifndef NDL_WDK_NDIS6_H
#define NDL_WDK_NDIS6_H

/* ---- pointer type names ---------------------------------------------------- */
typedef NET_BUFFER *PNET_BUFFER;
typedef NET_BUFFER_LIST *PNET_BUFFER_LIST;
typedef NET_BUFFER_LIST_CONTEXT *PNET_BUFFER_LIST_CONTEXT;
typedef NET_BUFFER_LIST_POOL_PARAMETERS *PNET_BUFFER_LIST_POOL_PARAMETERS;
typedef NET_BUFFER_POOL_PARAMETERS *PNET_BUFFER_POOL_PARAMETERS;
typedef NDIS_OID_REQUEST *PNDIS_OID_REQUEST;
typedef NDIS_STATUS_INDICATION *PNDIS_STATUS_INDICATION;
typedef NDIS_MINIPORT_DRIVER_CHARACTERISTICS *PNDIS_MINIPORT_DRIVER_CHARACTERISTICS;
typedef NDIS_MINIPORT_INIT_PARAMETERS *PNDIS_MINIPORT_INIT_PARAMETERS;
typedef NDIS_MINIPORT_RESTART_PARAMETERS *PNDIS_MINIPORT_RESTART_PARAMETERS;
typedef NDIS_MINIPORT_PAUSE_PARAMETERS *PNDIS_MINIPORT_PAUSE_PARAMETERS;
typedef NDIS_RESTART_ATTRIBUTES *PNDIS_RESTART_ATTRIBUTES;
typedef NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES
	*PNDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES;
typedef NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES
	*PNDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES;
typedef NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES
	*PNDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES;
typedef NDIS_PORT_NUMBER *PNDIS_PORT_NUMBER;
typedef NDIS_SG_DMA_DESCRIPTION *PNDIS_SG_DMA_DESCRIPTION;

/* ---- status codes, flags ----------------------------------------------------- */
#ifndef NDIS_STATUS_PAUSED
#define NDIS_STATUS_PAUSED		((NDIS_STATUS)0xC023002AL)
#endif
#ifndef NDIS_STATUS_LOW_POWER_STATE
#define NDIS_STATUS_LOW_POWER_STATE	((NDIS_STATUS)0xC023002FL)
#endif

#define NDIS_SEND_FLAGS_DISPATCH_LEVEL			0x00000001
#define NDIS_SEND_FLAGS_CHECK_FOR_LOOPBACK		0x00000002
#define NDIS_SEND_COMPLETE_FLAGS_DISPATCH_LEVEL		0x00000001
#define NDIS_RETURN_FLAGS_DISPATCH_LEVEL		0x00000001
#define NDIS_RECEIVE_FLAGS_DISPATCH_LEVEL		0x00000001
#define NDIS_RECEIVE_FLAGS_RESOURCES			0x00000002
#define NDIS_RECEIVE_FLAGS_SINGLE_ETHER_TYPE		0x00000100
#define NDIS_RECEIVE_FLAGS_SINGLE_VLAN			0x00000200
#define NDIS_RECEIVE_FLAGS_PERFECT_FILTERED		0x00000400
#define NDIS_RECEIVE_FLAGS_SINGLE_QUEUE			0x00000800
#define NDIS_RECEIVE_FLAGS_SHARED_MEMORY_INFO_VALID	0x00001000
#define NDIS_RECEIVE_FLAGS_MORE_NBLS			0x00002000

/* NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES.AttributeFlags */
#define NDIS_MINIPORT_ATTRIBUTES_HARDWARE_DEVICE	0x00000001
#define NDIS_MINIPORT_ATTRIBUTES_NDIS_WDM		0x00000002
#define NDIS_MINIPORT_ATTRIBUTES_SURPRISE_REMOVE_OK	0x00000004
#define NDIS_MINIPORT_ATTRIBUTES_NOT_CO_NDIS		0x00000008
#define NDIS_MINIPORT_ATTRIBUTES_DO_NOT_BIND_TO_ALL_CO	0x00000010
#define NDIS_MINIPORT_ATTRIBUTES_NO_HALT_ON_SUSPEND	0x00000020
#define NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER		0x00000040
#define NDIS_MINIPORT_ATTRIBUTES_CONTROLS_DEFAULT_PORT	0x00000080

#define NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1 1
#define NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_2 2
#define NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_2 \
	NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1
#define NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_1 1
#define NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2 2
#define NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES_REVISION_1 1
#define NDIS_MINIPORT_PAUSE_PARAMETERS_REVISION_1	1

/* ---- per-list information (NET_BUFFER_LIST_INFO) ---------------------------- */
/* Later members of NDIS_NET_BUFFER_LIST_INFO (the runtime's enum ends at 10). */
enum {
	IPsecOffloadV2TunnelNetBufferListInfo = 11,
	IPsecOffloadV2HeaderNetBufferListInfo = 12,
	NetBufferListCorrelationId = 13,
	NetBufferListFilteringInfo = 14,
	MediaSpecificInformationEx = 15,
};
#define TcpOffloadBytesTransferred	TcpIpChecksumNetBufferListInfo
#define IPsecOffloadV2NetBufferListInfo	IPsecOffloadV1NetBufferListInfo
#define TcpReceiveNoPush		TcpLargeSendNetBufferListInfo
#define NetBufferListProtocolId		NetBufferListFrameType
typedef int NDIS_NET_BUFFER_LIST_INFO;

typedef struct _NDIS_NET_BUFFER_LIST_8021Q_INFO {
	union {
		struct {
			UINT32 UserPriority:3;
			UINT32 CanonicalFormatId:1;
			UINT32 VlanId:12;
			UINT32 Reserved:16;
		} TagHeader;
		struct {
			UINT32 UserPriority:3;
			UINT32 CanonicalFormatId:1;
			UINT32 VlanId:12;
			UINT32 WMMInfo:4;
			UINT32 Reserved:12;
		} WLanTagHeader;
		PVOID Value;
	};
} NDIS_NET_BUFFER_LIST_8021Q_INFO, *PNDIS_NET_BUFFER_LIST_8021Q_INFO;

typedef struct _NDIS_NET_BUFFER_LIST_FILTERING_INFO {
	union {
		struct {
			USHORT FilterId;
			union {
				USHORT QueueId;
				USHORT VPortId;
			} QueueVPortInfo;
		} FilteringInfo;
		PVOID Value;
	};
} NDIS_NET_BUFFER_LIST_FILTERING_INFO, *PNDIS_NET_BUFFER_LIST_FILTERING_INFO;

/* ---- NET_BUFFER / NET_BUFFER_LIST access macros ------------------------------ */
#define NET_BUFFER_NEXT_NB(nb)			((nb)->Next)
#define NET_BUFFER_FIRST_MDL(nb)		((nb)->MdlChain)
#define NET_BUFFER_DATA_LENGTH(nb)		((nb)->DataLength)
#define NET_BUFFER_DATA_OFFSET(nb)		((nb)->DataOffset)
#define NET_BUFFER_CURRENT_MDL(nb)		((nb)->CurrentMdl)
#define NET_BUFFER_CURRENT_MDL_OFFSET(nb)	((nb)->CurrentMdlOffset)
#define NET_BUFFER_CHECKSUM_BIAS(nb)		((nb)->ChecksumBias)
#define NET_BUFFER_PROTOCOL_RESERVED(nb)	((nb)->ProtocolReserved)
#define NET_BUFFER_MINIPORT_RESERVED(nb)	((nb)->MiniportReserved)

#define NET_BUFFER_LIST_NEXT_NBL(nbl)		((nbl)->Next)
#define NET_BUFFER_LIST_FIRST_NB(nbl)		((nbl)->FirstNetBuffer)
#define NET_BUFFER_LIST_FLAGS(nbl)		((nbl)->Flags)
#define NET_BUFFER_LIST_NBL_FLAGS(nbl)		((nbl)->NblFlags)
#define NET_BUFFER_LIST_STATUS(nbl)		((nbl)->Status)
#define NET_BUFFER_LIST_MINIPORT_RESERVED(nbl)	((nbl)->MiniportReserved)
#define NET_BUFFER_LIST_PROTOCOL_RESERVED(nbl)	((nbl)->ProtocolReserved)
#define NET_BUFFER_LIST_CONTEXT_DATA_START(nbl) \
	((PVOID)((nbl)->Context->ContextData + (nbl)->Context->Offset))
#define NET_BUFFER_LIST_CONTEXT_DATA_SIZE(nbl) \
	((nbl)->Context->Size - (nbl)->Context->Offset)
#define NET_BUFFER_LIST_INFO(nbl, id)		((nbl)->NetBufferListInfo[(id)])
#define NDIS_GET_NET_BUFFER_LIST_CANCEL_ID(nbl) \
	(NET_BUFFER_LIST_INFO(nbl, NetBufferListCancelId))
#define NDIS_SET_NET_BUFFER_LIST_CANCEL_ID(nbl, id) \
	(NET_BUFFER_LIST_INFO(nbl, NetBufferListCancelId) = (id))
#define NDIS_GET_NET_BUFFER_LIST_VLAN_ID(nbl) \
	(((PNDIS_NET_BUFFER_LIST_8021Q_INFO)&NET_BUFFER_LIST_INFO((nbl), \
		Ieee8021QNetBufferListInfo))->TagHeader.VlanId)
#define NET_BUFFER_LIST_RECEIVE_FILTER_ID(nbl) \
	(((PNDIS_NET_BUFFER_LIST_FILTERING_INFO)&NET_BUFFER_LIST_INFO(nbl, \
		NetBufferListFilteringInfo))->FilteringInfo.FilterId)
#define NET_BUFFER_LIST_RECEIVE_QUEUE_ID(nbl) \
	(((PNDIS_NET_BUFFER_LIST_FILTERING_INFO)&NET_BUFFER_LIST_INFO(nbl, \
		NetBufferListFilteringInfo))->FilteringInfo.QueueVPortInfo.QueueId)
#define NET_BUFFER_LIST_RECEIVE_FILTER_VPORT_ID(nbl) \
	(((PNDIS_NET_BUFFER_LIST_FILTERING_INFO)&NET_BUFFER_LIST_INFO(nbl, \
		NetBufferListFilteringInfo))->FilteringInfo.QueueVPortInfo.VPortId)

/* x64 has no KeMemoryBarrier in mingw-w64: a full fence, as the WDK's. */
#ifndef KeMemoryBarrier
#define KeMemoryBarrier() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif

/* The MDL chain's link (NDIS_MDL_LINKAGE) and IRQL helpers of ndis.h. */
#define NDIS_MDL_LINKAGE(mdl)			((mdl)->Next)
#define NDIS_CURRENT_IRQL()			KeGetCurrentIrql()
#define NDIS_RAISE_IRQL_TO_DISPATCH(pold)	KeRaiseIrql(DISPATCH_LEVEL, (pold))
#define NDIS_LOWER_IRQL(old, cur)		KeLowerIrql(old)

#ifndef MdlMappingNoExecute
#define MdlMappingNoExecute			0x40000000
#endif

/* ---- device PnP events, power profile ------------------------------------ */
typedef enum _NDIS_POWER_PROFILE {
	NdisPowerProfileBattery,
	NdisPowerProfileAcOnLine
} NDIS_POWER_PROFILE, *PNDIS_POWER_PROFILE;


/* ---- resources: timer objects, I/O work items, configuration --------------- */
/*
 * NDIS_TIMER_CHARACTERISTICS, NDIS_CONFIGURATION_OBJECT and their
 * constants come from the runtime (ndis6_res_types.h, generated in);
 * NDIS_TIMER_FUNCTION is mingw-w64's.
 */
typedef NDIS_TIMER_CHARACTERISTICS *PNDIS_TIMER_CHARACTERISTICS;
typedef NDIS_CONFIGURATION_OBJECT *PNDIS_CONFIGURATION_OBJECT;

typedef VOID NDIS_IO_WORKITEM_FUNCTION(PVOID WorkItemContext,
				       NDIS_HANDLE NdisIoWorkItemHandle);
typedef NDIS_IO_WORKITEM_FUNCTION *NDIS_IO_WORKITEM_ROUTINE;

/* ---- NDIS 6.20: read/write locks, shared memory, hardware assist ----------- */
#if NDIS_SUPPORT_NDIS620

#define NDIS_MINIPORT_ATTRIBUTES_NO_PAUSE_ON_SUSPEND	0x00000100

/* NDIS_RW_LOCK_EX is opaque: drivers hold a pointer NDIS gives them. */
typedef struct _NDIS_RW_LOCK_EX NDIS_RW_LOCK_EX, *PNDIS_RW_LOCK_EX;
/* LOCK_STATE_EX and NDIS_RWL_AT_DISPATCH_LEVEL: the runtime's (generated). */
typedef LOCK_STATE_EX *PLOCK_STATE_EX;

NDISAPI PNDIS_RW_LOCK_EX NdisAllocateRWLock(NDIS_HANDLE NdisHandle);
NDISAPI VOID NdisFreeRWLock(PNDIS_RW_LOCK_EX Lock);
NDISAPI VOID NdisAcquireRWLockRead(PNDIS_RW_LOCK_EX Lock,
				   PLOCK_STATE_EX LockState, UCHAR Flags);
NDISAPI VOID NdisAcquireRWLockWrite(PNDIS_RW_LOCK_EX Lock,
				    PLOCK_STATE_EX LockState, UCHAR Flags);
NDISAPI VOID NdisReleaseRWLock(PNDIS_RW_LOCK_EX Lock,
			       PLOCK_STATE_EX LockState);

typedef struct _NET_BUFFER_SHARED_MEMORY {
	struct _NET_BUFFER_SHARED_MEMORY *NextSharedMemorySegment;
	ULONG SharedMemoryFlags;
	NDIS_HANDLE SharedMemoryHandle;
	ULONG SharedMemoryOffset;
	ULONG SharedMemoryLength;
} NET_BUFFER_SHARED_MEMORY, *PNET_BUFFER_SHARED_MEMORY;
#define NET_BUFFER_FIRST_SHARED_MEM_INFO(nb)	((nb)->SharedMemoryInfo)
#define NET_BUFFER_SHARED_MEM_NEXT_SEGMENT(s)	((s)->NextSharedMemorySegment)
#define NET_BUFFER_SHARED_MEM_FLAGS(s)		((s)->SharedMemoryFlags)
#define NET_BUFFER_SHARED_MEM_HANDLE(s)		((s)->SharedMemoryHandle)
#define NET_BUFFER_SHARED_MEM_OFFSET(s)		((s)->SharedMemoryOffset)
#define NET_BUFFER_SHARED_MEM_LENGTH(s)		((s)->SharedMemoryLength)

typedef enum _NDIS_SHARED_MEMORY_USAGE {
	NdisSharedMemoryUsageUndefined,
	NdisSharedMemoryUsageXmit,
	NdisSharedMemoryUsageXmitHeader,
	NdisSharedMemoryUsageXmitData,
	NdisSharedMemoryUsageReceive,
	NdisSharedMemoryUsageReceiveLookahead,
	NdisSharedMemoryUsageReceivePostLookahead,
	NdisSharedMemoryUsageReceiveHeader,
	NdisSharedMemoryUsageReceiveData,
	NdisSharedMemoryUsageOther,
	NdisSharedMemoryUsageMax
} NDIS_SHARED_MEMORY_USAGE, *PNDIS_SHARED_MEMORY_USAGE;

#ifndef MM_ANY_NODE_OK
typedef ULONG NODE_REQUIREMENT;
#define MM_ANY_NODE_OK	0x80000000
#endif

typedef struct _NDIS_SHARED_MEMORY_PARAMETERS {
	NDIS_OBJECT_HEADER Header;
	ULONG Flags;
	NDIS_RECEIVE_QUEUE_ID QueueId;
	NDIS_HANDLE SharedMemoryHandle;
	NODE_REQUIREMENT PreferredNode;
	NDIS_SHARED_MEMORY_USAGE Usage;
	ULONG Length;
	PVOID VirtualAddress;
	ULONG SGListBufferLength;
	PSCATTER_GATHER_LIST SGListBuffer;
	/* revision 2 (NDIS 6.30) */
	ULONG VPortId;			/* NDIS_NIC_SWITCH_VPORT_ID */
} NDIS_SHARED_MEMORY_PARAMETERS, *PNDIS_SHARED_MEMORY_PARAMETERS;
#define NDIS_SHARED_MEMORY_PARAMETERS_REVISION_1	1
#define NDIS_SHARED_MEMORY_PARAMETERS_REVISION_2	2
#define NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_1 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_SHARED_MEMORY_PARAMETERS, SGListBuffer)
#define NDIS_SIZEOF_SHARED_MEMORY_PARAMETERS_REVISION_2 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_SHARED_MEMORY_PARAMETERS, VPortId)
#define NDIS_SHARED_MEM_PARAMETERS_CONTIGOUS	0x00000001

NDISAPI NDIS_STATUS NdisAllocateSharedMemory(NDIS_HANDLE NdisHandle,
	PNDIS_SHARED_MEMORY_PARAMETERS SharedMemoryParameters,
	PNDIS_HANDLE pAllocationHandle);
NDISAPI VOID NdisFreeSharedMemory(NDIS_HANDLE NdisHandle,
				  NDIS_HANDLE AllocationHandle);

typedef struct _NDIS_RECEIVE_QUEUE_STATE {
	NDIS_OBJECT_HEADER Header;
	USHORT Flags;
	NDIS_RECEIVE_QUEUE_ID QueueId;
	NDIS_RECEIVE_QUEUE_OPERATIONAL_STATE QueueState;
} NDIS_RECEIVE_QUEUE_STATE, *PNDIS_RECEIVE_QUEUE_STATE;
#define NDIS_RECEIVE_QUEUE_STATE_REVISION_1	1
#define NDIS_SIZEOF_NDIS_RECEIVE_QUEUE_STATE_REVISION_1 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_RECEIVE_QUEUE_STATE, QueueState)

typedef struct _NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES {
	NDIS_OBJECT_HEADER Header;
	PVOID HDSplitAttributes;		/* PNDIS_HD_SPLIT_ATTRIBUTES */
	/* revision 2 (NDIS 6.20) */
	PNDIS_RECEIVE_FILTER_CAPABILITIES HardwareReceiveFilterCapabilities;
	PNDIS_RECEIVE_FILTER_CAPABILITIES CurrentReceiveFilterCapabilities;
	PNDIS_NIC_SWITCH_CAPABILITIES HardwareNicSwitchCapabilities;
	PNDIS_NIC_SWITCH_CAPABILITIES CurrentNicSwitchCapabilities;
	/* revision 3 (NDIS 6.30) */
	PVOID HardwareSriovCapabilities;	/* PNDIS_SRIOV_CAPABILITIES */
	PVOID CurrentSriovCapabilities;
	PVOID HardwareQosCapabilities;		/* PNDIS_QOS_CAPABILITIES */
	PVOID CurrentQosCapabilities;
} NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES,
	*PNDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES;
#define NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES_REVISION_1 1
#define NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES_REVISION_2 2
#define NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES_REVISION_3 3
#define NDIS_SIZEOF_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES_REVISION_1 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES, \
				 HDSplitAttributes)
#define NDIS_SIZEOF_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES_REVISION_2 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES, \
				 CurrentNicSwitchCapabilities)
#define NDIS_SIZEOF_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES_REVISION_3 \
	RTL_SIZEOF_THROUGH_FIELD(NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES, \
				 CurrentQosCapabilities)

#endif /* NDIS_SUPPORT_NDIS620 */

#if NDIS_SUPPORT_NDIS630
#define NDIS_STATUS_QOS_OPERATIONAL_PARAMETERS_CHANGE	((NDIS_STATUS)0x400200A0L)
#define NDIS_STATUS_QOS_REMOTE_PARAMETERS_CHANGE	((NDIS_STATUS)0x400200A1L)
#endif

#ifndef NDIS_STRING_CONST
#define NDIS_STRING_CONST(x) \
	{ sizeof(L##x) - sizeof(WCHAR), sizeof(L##x), (PWSTR)L##x }
#endif

/* ---- adapter attributes ------------------------------------------------------ */
typedef union _NDIS_MINIPORT_ADAPTER_ATTRIBUTES {
	NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES RegistrationAttributes;
	NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES GeneralAttributes;
	NDIS_MINIPORT_ADAPTER_OFFLOAD_ATTRIBUTES OffloadAttributes;
#if NDIS_SUPPORT_NDIS620
	NDIS_MINIPORT_ADAPTER_HARDWARE_ASSIST_ATTRIBUTES HardwareAssistAttributes;
#endif
} NDIS_MINIPORT_ADAPTER_ATTRIBUTES, *PNDIS_MINIPORT_ADAPTER_ATTRIBUTES;

/* ---- exports of ndis.sys ------------------------------------------------------- */
NDISAPI NDIS_STATUS NdisMRegisterMiniportDriver(PDRIVER_OBJECT DriverObject,
	PUNICODE_STRING RegistryPath, NDIS_HANDLE MiniportDriverContext,
	PNDIS_MINIPORT_DRIVER_CHARACTERISTICS MiniportDriverCharacteristics,
	PNDIS_HANDLE NdisMiniportDriverHandle);
NDISAPI VOID NdisMDeregisterMiniportDriver(NDIS_HANDLE NdisMiniportDriverHandle);
NDISAPI NDIS_STATUS NdisMSetMiniportAttributes(NDIS_HANDLE NdisMiniportHandle,
	PNDIS_MINIPORT_ADAPTER_ATTRIBUTES MiniportAttributes);
NDISAPI VOID NdisMPauseComplete(NDIS_HANDLE MiniportAdapterHandle);
NDISAPI VOID NdisMRestartComplete(NDIS_HANDLE MiniportAdapterHandle,
				  NDIS_STATUS Status);
NDISAPI VOID NdisMOidRequestComplete(NDIS_HANDLE MiniportAdapterHandle,
	PNDIS_OID_REQUEST OidRequest, NDIS_STATUS Status);
NDISAPI VOID NdisMIndicateStatusEx(NDIS_HANDLE MiniportAdapterHandle,
				   PNDIS_STATUS_INDICATION StatusIndication);
NDISAPI VOID NdisMSendNetBufferListsComplete(NDIS_HANDLE MiniportAdapterHandle,
	PNET_BUFFER_LIST NetBufferLists, ULONG SendCompleteFlags);
NDISAPI VOID NdisMIndicateReceiveNetBufferLists(NDIS_HANDLE MiniportAdapterHandle,
	PNET_BUFFER_LIST NetBufferLists, NDIS_PORT_NUMBER PortNumber,
	ULONG NumberOfNetBufferLists, ULONG ReceiveFlags);

NDISAPI NDIS_HANDLE NdisAllocateNetBufferListPool(NDIS_HANDLE NdisHandle,
	PNET_BUFFER_LIST_POOL_PARAMETERS Parameters);
NDISAPI VOID NdisFreeNetBufferListPool(NDIS_HANDLE PoolHandle);
NDISAPI PNET_BUFFER_LIST NdisAllocateNetBufferList(NDIS_HANDLE PoolHandle,
	USHORT ContextSize, USHORT ContextBackFill);
NDISAPI PNET_BUFFER_LIST NdisAllocateNetBufferAndNetBufferList(
	NDIS_HANDLE PoolHandle, USHORT ContextSize, USHORT ContextBackFill,
	PMDL MdlChain, ULONG DataOffset, SIZE_T DataLength);
NDISAPI VOID NdisFreeNetBufferList(PNET_BUFFER_LIST NetBufferList);
NDISAPI PVOID NdisGetDataBuffer(PNET_BUFFER NetBuffer, ULONG BytesNeeded,
	PVOID Storage, UINT AlignMultiple, UINT AlignOffset);

NDISAPI PVOID NdisAllocateMemoryWithTagPriority(NDIS_HANDLE NdisHandle,
	UINT Length, ULONG Tag, EX_POOL_PRIORITY Priority);
NDISAPI VOID NdisFreeMemoryWithTagPriority(NDIS_HANDLE NdisHandle,
					   PVOID VirtualAddress, ULONG Tag);
NDISAPI PMDL NdisAllocateMdl(NDIS_HANDLE NdisHandle, PVOID VirtualAddress,
			     UINT Length);
NDISAPI VOID NdisFreeMdl(PMDL Mdl);

NDISAPI NDIS_STATUS NdisAllocateTimerObject(NDIS_HANDLE NdisHandle,
	PNDIS_TIMER_CHARACTERISTICS TimerCharacteristics,
	PNDIS_HANDLE pTimerObject);
NDISAPI BOOLEAN NdisSetTimerObject(NDIS_HANDLE TimerObject,
	LARGE_INTEGER DueTime, LONG MillisecondsPeriod, PVOID FunctionContext);
NDISAPI BOOLEAN NdisCancelTimerObject(NDIS_HANDLE TimerObject);
NDISAPI VOID NdisFreeTimerObject(NDIS_HANDLE TimerObject);

NDISAPI NDIS_HANDLE NdisAllocateIoWorkItem(NDIS_HANDLE NdisObjectHandle);
NDISAPI VOID NdisQueueIoWorkItem(NDIS_HANDLE NdisIoWorkItemHandle,
	NDIS_IO_WORKITEM_ROUTINE Routine, PVOID WorkItemContext);
NDISAPI VOID NdisFreeIoWorkItem(NDIS_HANDLE NdisIoWorkItemHandle);

NDISAPI NDIS_STATUS NdisOpenConfigurationEx(
	PNDIS_CONFIGURATION_OBJECT ConfigObject,
	PNDIS_HANDLE ConfigurationHandle);

/* hardware: interrupts, scatter-gather DMA, bus data */
NDISAPI NDIS_STATUS NdisMRegisterInterruptEx(NDIS_HANDLE MiniportAdapterHandle,
	NDIS_HANDLE MiniportInterruptContext,
	PNDIS_MINIPORT_INTERRUPT_CHARACTERISTICS MiniportInterruptCharacteristics,
	PNDIS_HANDLE NdisInterruptHandle);
NDISAPI VOID NdisMDeregisterInterruptEx(NDIS_HANDLE NdisInterruptHandle);
NDISAPI ULONG NdisMQueueDpcEx(NDIS_HANDLE NdisInterruptHandle, ULONG MessageId,
	ULONG TargetProcessors, PVOID MiniportDpcContext);
NDISAPI BOOLEAN NdisMSynchronizeWithInterruptEx(NDIS_HANDLE NdisInterruptHandle,
	ULONG MessageId, MINIPORT_SYNCHRONIZE_INTERRUPT_HANDLER SynchronizeFunction,
	PVOID SynchronizeContext);
NDISAPI NDIS_STATUS NdisMRegisterScatterGatherDma(NDIS_HANDLE MiniportAdapterHandle,
	PNDIS_SG_DMA_DESCRIPTION DmaDescription,
	PNDIS_HANDLE NdisMiniportDmaHandle);
NDISAPI VOID NdisMDeregisterScatterGatherDma(NDIS_HANDLE NdisMiniportDmaHandle);
NDISAPI NDIS_STATUS NdisMAllocateNetBufferSGList(NDIS_HANDLE NdisMiniportDmaHandle,
	PNET_BUFFER NetBuffer, PVOID Context, ULONG Flags,
	PVOID ScatterGatherListBuffer, ULONG ScatterGatherListBufferSize);
NDISAPI VOID NdisMFreeNetBufferSGList(NDIS_HANDLE NdisMiniportDmaHandle,
	PSCATTER_GATHER_LIST pSGL, PNET_BUFFER NetBuffer);
NDISAPI NDIS_STATUS NdisMAllocateSharedMemoryAsyncEx(NDIS_HANDLE MiniportDmaHandle,
	ULONG Length, BOOLEAN Cached, PVOID Context);
NDISAPI ULONG NdisMGetBusData(NDIS_HANDLE NdisMiniportHandle, ULONG WhichSpace,
	ULONG Offset, PVOID Buffer, ULONG Length);
NDISAPI ULONG NdisMSetBusData(NDIS_HANDLE NdisMiniportHandle, ULONG WhichSpace,
	ULONG Offset, PVOID Buffer, ULONG Length);

#endif
