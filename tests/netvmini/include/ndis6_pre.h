/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The part of the NDIS 6 miniport interface a driver needs before the
 * runtime's structures (ndis6_types_gen.h): the handler function types a
 * driver declares its handlers with, and the pointer types of the
 * characteristics built from them, with the documented parameter types
 * (the runtime's own copies take void * and ULONG where the WDK has
 * enums and structure pointers; same layout). Test-only.
 */
#ifndef NDL_WDK_NDIS6_PRE_H
#define NDL_WDK_NDIS6_PRE_H

typedef ULONG NDIS_PORT_NUMBER, *PNDIS_PORT_NUMBER;
struct _NET_BUFFER_LIST;
struct _NDIS_OID_REQUEST;
struct _NDIS_MINIPORT_INIT_PARAMETERS;
struct _NDIS_MINIPORT_PAUSE_PARAMETERS;
struct _NDIS_MINIPORT_RESTART_PARAMETERS;
typedef struct _NDIS_MINIPORT_INIT_PARAMETERS *PNDIS_MINIPORT_INIT_PARAMETERS;
typedef struct _NDIS_MINIPORT_PAUSE_PARAMETERS *PNDIS_MINIPORT_PAUSE_PARAMETERS;
typedef struct _NDIS_MINIPORT_RESTART_PARAMETERS *PNDIS_MINIPORT_RESTART_PARAMETERS;
typedef struct _NDIS_OID_REQUEST *PNDIS_OID_REQUEST;
typedef struct _NET_BUFFER_LIST *PNET_BUFFER_LIST;

/* MiniportHaltEx / MiniportShutdownEx reasons. */
typedef enum _NDIS_HALT_ACTION {
	NdisHaltDeviceDisabled,
	NdisHaltDeviceInstanceDeInstalled,
	NdisHaltDevicePoweredDown,
	NdisHaltDeviceSurpriseRemoved,
	NdisHaltDeviceFailed,
	NdisHaltDeviceInitializationFailed,
	NdisHaltDeviceStopped
} NDIS_HALT_ACTION, *PNDIS_HALT_ACTION;

typedef enum _NDIS_SHUTDOWN_ACTION {
	NdisShutdownPowerOff,
	NdisShutdownBugCheck
} NDIS_SHUTDOWN_ACTION, *PNDIS_SHUTDOWN_ACTION;

typedef struct _NET_DEVICE_PNP_EVENT {
	NDIS_OBJECT_HEADER Header;
	NDIS_PORT_NUMBER PortNumber;
	NDIS_DEVICE_PNP_EVENT DevicePnPEvent;
	PVOID InformationBuffer;
	ULONG InformationBufferLength;
	UCHAR NdisReserved[2 * sizeof(PVOID)];
} NET_DEVICE_PNP_EVENT, *PNET_DEVICE_PNP_EVENT;

/* Code-analysis declarations: nothing for the compiler. */
#define NDIS_DECLARE_MINIPORT_DRIVER_CONTEXT(type)
#define NDIS_DECLARE_MINIPORT_ADAPTER_CONTEXT(type)

/* ---- handler function types (a driver declares its handlers with them) ------ */
typedef NDIS_STATUS SET_OPTIONS(NDIS_HANDLE NdisDriverHandle,
				NDIS_HANDLE DriverContext);
typedef NDIS_STATUS MINIPORT_INITIALIZE(NDIS_HANDLE MiniportAdapterHandle,
	NDIS_HANDLE MiniportDriverContext,
	PNDIS_MINIPORT_INIT_PARAMETERS MiniportInitParameters);
typedef VOID MINIPORT_HALT(NDIS_HANDLE MiniportAdapterContext,
			   NDIS_HALT_ACTION HaltAction);
typedef VOID MINIPORT_UNLOAD(PDRIVER_OBJECT DriverObject);
typedef NDIS_STATUS MINIPORT_PAUSE(NDIS_HANDLE MiniportAdapterContext,
	PNDIS_MINIPORT_PAUSE_PARAMETERS PauseParameters);
typedef NDIS_STATUS MINIPORT_RESTART(NDIS_HANDLE MiniportAdapterContext,
	PNDIS_MINIPORT_RESTART_PARAMETERS RestartParameters);
typedef NDIS_STATUS MINIPORT_OID_REQUEST(NDIS_HANDLE MiniportAdapterContext,
					 PNDIS_OID_REQUEST OidRequest);
typedef VOID MINIPORT_SEND_NET_BUFFER_LISTS(NDIS_HANDLE MiniportAdapterContext,
	PNET_BUFFER_LIST NetBufferList, NDIS_PORT_NUMBER PortNumber,
	ULONG SendFlags);
typedef VOID MINIPORT_RETURN_NET_BUFFER_LISTS(NDIS_HANDLE MiniportAdapterContext,
	PNET_BUFFER_LIST NetBufferLists, ULONG ReturnFlags);
typedef VOID MINIPORT_CANCEL_SEND(NDIS_HANDLE MiniportAdapterContext,
				  PVOID CancelId);
typedef BOOLEAN MINIPORT_CHECK_FOR_HANG(NDIS_HANDLE MiniportAdapterContext);
typedef NDIS_STATUS MINIPORT_RESET(NDIS_HANDLE MiniportAdapterContext,
				   PBOOLEAN AddressingReset);
typedef VOID MINIPORT_DEVICE_PNP_EVENT_NOTIFY(NDIS_HANDLE MiniportAdapterContext,
	PNET_DEVICE_PNP_EVENT NetDevicePnPEvent);
typedef VOID MINIPORT_SHUTDOWN(NDIS_HANDLE MiniportAdapterContext,
			       NDIS_SHUTDOWN_ACTION ShutdownAction);
typedef VOID MINIPORT_CANCEL_OID_REQUEST(NDIS_HANDLE MiniportAdapterContext,
					 PVOID RequestId);
typedef MINIPORT_OID_REQUEST MINIPORT_DIRECT_OID_REQUEST;
typedef MINIPORT_CANCEL_OID_REQUEST MINIPORT_CANCEL_DIRECT_OID_REQUEST;

typedef PVOID ALLOCATE_FUNCTION(POOL_TYPE PoolType, SIZE_T NumberOfBytes,
				ULONG Tag);
typedef VOID FREE_FUNCTION(PVOID Buffer);

/* ---- and the characteristics' pointer types ------------------------------- */
typedef SET_OPTIONS *SET_OPTIONS_HANDLER;
typedef MINIPORT_INITIALIZE *MINIPORT_INITIALIZE_HANDLER;
typedef BOOLEAN MINIPORT_ISR(NDIS_HANDLE MiniportInterruptContext,
			     PBOOLEAN QueueDefaultInterruptDpc,
			     PULONG TargetProcessors);
typedef VOID MINIPORT_INTERRUPT_DPC(NDIS_HANDLE MiniportInterruptContext,
				    PVOID MiniportDpcContext,
				    PVOID ReceiveThrottleParameters,
				    PVOID NdisReserved2);
typedef VOID MINIPORT_DISABLE_INTERRUPT(NDIS_HANDLE MiniportInterruptContext);
typedef VOID MINIPORT_ENABLE_INTERRUPT(NDIS_HANDLE MiniportInterruptContext);
typedef BOOLEAN MINIPORT_MESSAGE_INTERRUPT(NDIS_HANDLE MiniportInterruptContext,
	ULONG MessageId, PBOOLEAN QueueDefaultInterruptDpc,
	PULONG TargetProcessors);
typedef VOID MINIPORT_MESSAGE_INTERRUPT_DPC(NDIS_HANDLE MiniportInterruptContext,
	ULONG MessageId, PVOID MiniportDpcContext,
	PVOID ReceiveThrottleParameters, PVOID NdisReserved2);
typedef VOID MINIPORT_DISABLE_MESSAGE_INTERRUPT(
	NDIS_HANDLE MiniportInterruptContext, ULONG MessageId);
typedef VOID MINIPORT_ENABLE_MESSAGE_INTERRUPT(
	NDIS_HANDLE MiniportInterruptContext, ULONG MessageId);
typedef MINIPORT_ISR *MINIPORT_ISR_HANDLER;
typedef MINIPORT_INTERRUPT_DPC *MINIPORT_INTERRUPT_DPC_HANDLER;
typedef MINIPORT_DISABLE_INTERRUPT *MINIPORT_DISABLE_INTERRUPT_HANDLER;
typedef MINIPORT_ENABLE_INTERRUPT *MINIPORT_ENABLE_INTERRUPT_HANDLER;
typedef MINIPORT_MESSAGE_INTERRUPT *MINIPORT_MSI_ISR_HANDLER;
typedef MINIPORT_MESSAGE_INTERRUPT_DPC *MINIPORT_MSI_INTERRUPT_DPC_HANDLER;
typedef MINIPORT_DISABLE_MESSAGE_INTERRUPT *MINIPORT_DISABLE_MSI_INTERRUPT_HANDLER;
typedef MINIPORT_ENABLE_MESSAGE_INTERRUPT *MINIPORT_ENABLE_MSI_INTERRUPT_HANDLER;
typedef MINIPORT_HALT *MINIPORT_HALT_HANDLER;
typedef MINIPORT_UNLOAD *MINIPORT_DRIVER_UNLOAD;
typedef MINIPORT_PAUSE *MINIPORT_PAUSE_HANDLER;
typedef MINIPORT_RESTART *MINIPORT_RESTART_HANDLER;
typedef MINIPORT_OID_REQUEST *MINIPORT_OID_REQUEST_HANDLER;
typedef MINIPORT_SEND_NET_BUFFER_LISTS *MINIPORT_SEND_NET_BUFFER_LISTS_HANDLER;
typedef MINIPORT_RETURN_NET_BUFFER_LISTS *MINIPORT_RETURN_NET_BUFFER_LISTS_HANDLER;
typedef MINIPORT_CANCEL_SEND *MINIPORT_CANCEL_SEND_HANDLER;
typedef MINIPORT_CHECK_FOR_HANG *MINIPORT_CHECK_FOR_HANG_HANDLER;
typedef MINIPORT_RESET *MINIPORT_RESET_HANDLER;
typedef MINIPORT_DEVICE_PNP_EVENT_NOTIFY *MINIPORT_DEVICE_PNP_EVENT_NOTIFY_HANDLER;
typedef MINIPORT_SHUTDOWN *MINIPORT_SHUTDOWN_HANDLER;
typedef MINIPORT_CANCEL_OID_REQUEST *MINIPORT_CANCEL_OID_REQUEST_HANDLER;

#endif
