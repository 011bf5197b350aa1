// SPDX-License-Identifier: GPL-2.0-only
/*
 * DriverEntry and the adapter's life: MiniportInitializeEx (registration,
 * general and offload attributes, the chip found through its PCI IDs and BAR 0,
 * DMA, rings, interrupt), pause and restart, the hang check and reset,
 * PnP events, shutdown, halt, unload.
 */
#include "e1000e6.h"

#define E6_HANG_CHECK_SECONDS	2
#define E6_IF_ACCESS_BROADCAST	2	/* NET_IF_ACCESS_BROADCAST */
#define E6_IF_DIRECTION_SENDRECEIVE 0	/* NET_IF_DIRECTION_SENDRECEIVE */
#define E6_IF_CONNECTION_DEDICATED 1	/* NET_IF_CONNECTION_DEDICATED */
#define E6_IF_TYPE_ETHERNET	6	/* IF_TYPE_ETHERNET_CSMACD */

/* Error log codes (NdisWriteErrorLogEntry's ErrorCode). */
#define E6_LOG_NOT_82574	NDIS_ERROR_CODE_ADAPTER_NOT_FOUND
#define E6_LOG_NO_REGISTERS	NDIS_ERROR_CODE_RESOURCE_CONFLICT

static NDIS_HANDLE E6DriverHandle;

DRIVER_INITIALIZE DriverEntry;

VOID E6CheckPauseDone(PE6_ADAPTER Adapter)
{
	BOOLEAN done = FALSE;

	NdisAcquireSpinLock(&Adapter->Lock);
	if (Adapter->State == E6_PAUSING && !Adapter->TxOutstanding &&
	    !Adapter->RxOutstanding) {
		Adapter->State = E6_PAUSED;
		done = TRUE;
	}
	NdisReleaseSpinLock(&Adapter->Lock);
	if (done)
		NdisMPauseComplete(Adapter->Handle);
}

static NDIS_STATUS E6SetRegistration(PE6_ADAPTER Adapter)
{
	NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES ra;

	NdisZeroMemory(&ra, sizeof(ra));
	ra.Header.Type = NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES;
	ra.Header.Revision = NDIS_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1;
	ra.Header.Size = NDIS_SIZEOF_MINIPORT_ADAPTER_REGISTRATION_ATTRIBUTES_REVISION_1;
	ra.MiniportAdapterContext = Adapter;
	ra.AttributeFlags = NDIS_MINIPORT_ATTRIBUTES_HARDWARE_DEVICE |
			    NDIS_MINIPORT_ATTRIBUTES_BUS_MASTER |
			    NDIS_MINIPORT_ATTRIBUTES_SURPRISE_REMOVE_OK;
	ra.CheckForHangTimeInSeconds = E6_HANG_CHECK_SECONDS;
	ra.InterfaceType = NdisInterfacePci;
	return NdisMSetMiniportAttributes(Adapter->Handle,
		(PNDIS_MINIPORT_ADAPTER_ATTRIBUTES)&ra);
}

static NDIS_STATUS E6SetGeneral(PE6_ADAPTER Adapter)
{
	NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES ga;

	NdisZeroMemory(&ga, sizeof(ga));
	ga.Header.Type = NDIS_OBJECT_TYPE_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES;
	ga.Header.Revision = NDIS_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2;
	ga.Header.Size = NDIS_SIZEOF_MINIPORT_ADAPTER_GENERAL_ATTRIBUTES_REVISION_2;
	ga.MediaType = NdisMedium802_3;
	ga.PhysicalMediumType = NdisPhysicalMedium802_3;
	ga.MtuSize = E6_MTU;
	ga.MaxXmitLinkSpeed = ga.MaxRcvLinkSpeed = E6_LINK_SPEED_1000;
	if (Adapter->LinkUp) {
		ga.XmitLinkSpeed = ga.RcvLinkSpeed = Adapter->LinkSpeed;
		ga.MediaConnectState = MediaConnectStateConnected;
		ga.MediaDuplexState = Adapter->FullDuplex ?
			MediaDuplexStateFull : MediaDuplexStateHalf;
	} else {
		ga.XmitLinkSpeed = ga.RcvLinkSpeed = E6_LINK_SPEED_UNKNOWN;
		ga.MediaConnectState = MediaConnectStateDisconnected;
		ga.MediaDuplexState = MediaDuplexStateUnknown;
	}
	ga.LookaheadSize = E6_MTU;
	ga.MacOptions = NDIS_MAC_OPTION_COPY_LOOKAHEAD_DATA |
			NDIS_MAC_OPTION_TRANSFERS_NOT_PEND |
			NDIS_MAC_OPTION_NO_LOOPBACK;
	ga.SupportedPacketFilters = E6_PACKET_FILTERS;
	ga.MaxMulticastListSize = E6_MCAST_MAX;
	ga.MacAddressLength = 6;
	NdisMoveMemory(ga.PermanentMacAddress, Adapter->PermanentAddress, 6);
	NdisMoveMemory(ga.CurrentMacAddress, Adapter->CurrentAddress, 6);
	ga.AccessType = E6_IF_ACCESS_BROADCAST;
	ga.DirectionType = E6_IF_DIRECTION_SENDRECEIVE;
	ga.ConnectionType = E6_IF_CONNECTION_DEDICATED;
	ga.IfType = E6_IF_TYPE_ETHERNET;
	ga.IfConnectorPresent = TRUE;
	ga.SupportedStatistics =
		NDIS_STATISTICS_FLAGS_VALID_DIRECTED_FRAMES_RCV |
		NDIS_STATISTICS_FLAGS_VALID_MULTICAST_FRAMES_RCV |
		NDIS_STATISTICS_FLAGS_VALID_BROADCAST_FRAMES_RCV |
		NDIS_STATISTICS_FLAGS_VALID_BYTES_RCV |
		NDIS_STATISTICS_FLAGS_VALID_RCV_DISCARDS |
		NDIS_STATISTICS_FLAGS_VALID_RCV_ERROR |
		NDIS_STATISTICS_FLAGS_VALID_DIRECTED_FRAMES_XMIT |
		NDIS_STATISTICS_FLAGS_VALID_MULTICAST_FRAMES_XMIT |
		NDIS_STATISTICS_FLAGS_VALID_BROADCAST_FRAMES_XMIT |
		NDIS_STATISTICS_FLAGS_VALID_BYTES_XMIT |
		NDIS_STATISTICS_FLAGS_VALID_XMIT_ERROR;
	ga.SupportedPauseFunctions = NdisPauseFunctionsUnsupported;
	ga.SupportedOidList = (PNDIS_OID)E6SupportedOids;
	ga.SupportedOidListLength = E6SupportedOidsLength;
	ga.AutoNegotiationFlags = NDIS_LINK_STATE_XMIT_LINK_SPEED_AUTO_NEGOTIATED |
				  NDIS_LINK_STATE_RCV_LINK_SPEED_AUTO_NEGOTIATED |
				  NDIS_LINK_STATE_DUPLEX_AUTO_NEGOTIATED;
	return NdisMSetMiniportAttributes(Adapter->Handle,
		(PNDIS_MINIPORT_ADAPTER_ATTRIBUTES)&ga);
}

/* The device must be an 82574L: vendor and device ID from config space. */
static NDIS_STATUS E6CheckChip(PE6_ADAPTER Adapter)
{
	USHORT ids[2] = { 0, 0 };

	if (NdisMGetBusData(Adapter->Handle, PCI_WHICHSPACE_CONFIG, 0, ids,
			    sizeof(ids)) != sizeof(ids) ||
	    ids[0] != E6_VENDOR_ID || ids[1] != E6_DEVICE_ID) {
		NdisWriteErrorLogEntry(Adapter->Handle, E6_LOG_NOT_82574, 2,
				       (ULONG)ids[0], (ULONG)ids[1]);
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	}
	return NDIS_STATUS_SUCCESS;
}

/* BAR 0: the first memory range of the register file's size. */
static NDIS_STATUS E6MapRegisters(PE6_ADAPTER Adapter,
				  PNDIS_RESOURCE_LIST Resources)
{
	ULONG i;

	for (i = 0; Resources && i < Resources->Count; i++) {
		PCM_PARTIAL_RESOURCE_DESCRIPTOR d =
			&Resources->PartialDescriptors[i];

		if (d->Type != CmResourceTypeMemory ||
		    d->u.Memory.Length < E6_BAR0_MIN)
			continue;
		Adapter->RegsPa = d->u.Memory.Start;
		Adapter->RegsLength = d->u.Memory.Length;
		return NdisMMapIoSpace((PVOID *)&Adapter->Regs, Adapter->Handle,
				       Adapter->RegsPa, Adapter->RegsLength);
	}
	NdisWriteErrorLogEntry(Adapter->Handle, E6_LOG_NO_REGISTERS, 1,
			       Resources ? Resources->Count : 0);
	return NDIS_STATUS_RESOURCE_CONFLICT;
}

/* A NetworkAddress parameter overrides the NVM's when it is unicast. */
static VOID E6ReadConfiguration(PE6_ADAPTER Adapter)
{
	NDIS_CONFIGURATION_OBJECT co;
	NDIS_HANDLE config = NULL;
	NDIS_STATUS status;
	PVOID addr;
	UINT len = 0;

	NdisMoveMemory(Adapter->CurrentAddress, Adapter->PermanentAddress, 6);
	NdisZeroMemory(&co, sizeof(co));
	co.Header.Type = NDIS_OBJECT_TYPE_CONFIGURATION_OBJECT;
	co.Header.Revision = NDIS_CONFIGURATION_OBJECT_REVISION_1;
	co.Header.Size = NDIS_SIZEOF_CONFIGURATION_OBJECT_REVISION_1;
	co.NdisHandle = Adapter->Handle;
	if (NdisOpenConfigurationEx(&co, &config) != NDIS_STATUS_SUCCESS)
		return;
	NdisReadNetworkAddress(&status, &addr, &len, config);
	if (status == NDIS_STATUS_SUCCESS && len == 6 &&
	    !(((PUCHAR)addr)[0] & 1))
		NdisMoveMemory(Adapter->CurrentAddress, addr, 6);
	NdisCloseConfiguration(config);
}

static VOID E6FreeAdapter(PE6_ADAPTER Adapter)
{
	if (Adapter->InterruptHandle)
		NdisMDeregisterInterruptEx(Adapter->InterruptHandle);
	if (Adapter->Regs) {
		E6HwReset(Adapter);
		NdisMUnmapIoSpace(Adapter->Handle, Adapter->Regs,
				  Adapter->RegsLength);
	}
	E6RecvFree(Adapter);
	E6SendFree(Adapter);
	NdisFreeSpinLock(&Adapter->Lock);
	NdisFreeMemoryWithTagPriority(Adapter->Handle, Adapter, E6_TAG);
}

static NDIS_STATUS E6InitializeEx(NDIS_HANDLE Handle, NDIS_HANDLE DriverContext,
				  PNDIS_MINIPORT_INIT_PARAMETERS Params)
{
	PE6_ADAPTER adapter;
	NDIS_STATUS status;

	adapter = NdisAllocateMemoryWithTagPriority(Handle, sizeof(*adapter),
						    E6_TAG, NormalPoolPriority);
	if (!adapter)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(adapter, sizeof(*adapter));
	adapter->Handle = Handle;
	adapter->State = E6_PAUSED;
	adapter->Lookahead = E6_MTU;
	NdisAllocateSpinLock(&adapter->Lock);

	status = E6SetRegistration(adapter);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6CheckChip(adapter);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6MapRegisters(adapter, Params->AllocatedResources);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6HwReset(adapter);
	if (status != NDIS_STATUS_SUCCESS)
		goto fail;
	E6HwReadMac(adapter);
	E6ReadConfiguration(adapter);
	E6HwStartLink(adapter);
	E6HwReadLink(adapter);

	status = E6SetGeneral(adapter);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6SetOffloadAttributes(adapter);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6SendInit(adapter);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6RecvInit(adapter);
	if (status == NDIS_STATUS_SUCCESS)
		status = E6RegisterInterrupt(adapter);
	if (status != NDIS_STATUS_SUCCESS)
		goto fail;

	/* receiver off until NDIS sets a packet filter */
	E6HwStartRings(adapter);
	E6RouteMessages(adapter);
	E6EnableInterrupts(adapter);
	return NDIS_STATUS_SUCCESS;

fail:
	E6FreeAdapter(adapter);
	return status;
}

/* NDIS pauses the adapter before halting it: nothing is outstanding. */
static VOID E6HaltEx(NDIS_HANDLE Context, NDIS_HALT_ACTION Action)
{
	PE6_ADAPTER adapter = Context;

	adapter->Halting = TRUE;
	E6DisableInterrupts(adapter);
	E6HwStop(adapter);
	if (adapter->InterruptHandle)
		NdisMDeregisterInterruptEx(adapter->InterruptHandle);
	adapter->InterruptHandle = NULL;
	E6SendComplete(adapter, TRUE, NDIS_STATUS_FAILURE);
	E6FreeAdapter(adapter);
}

static NDIS_STATUS E6Pause(NDIS_HANDLE Context,
			   PNDIS_MINIPORT_PAUSE_PARAMETERS Params)
{
	PE6_ADAPTER adapter = Context;
	NDIS_STATUS status = NDIS_STATUS_PENDING;

	NdisAcquireSpinLock(&adapter->Lock);
	adapter->State = E6_PAUSING;
	NdisReleaseSpinLock(&adapter->Lock);
	E6SendFlushQueue(adapter, NDIS_STATUS_PAUSED);

	NdisAcquireSpinLock(&adapter->Lock);
	if (adapter->State == E6_PAUSING && !adapter->TxOutstanding &&
	    !adapter->RxOutstanding) {
		adapter->State = E6_PAUSED;
		status = NDIS_STATUS_SUCCESS;
	}
	NdisReleaseSpinLock(&adapter->Lock);
	return status;
}

static NDIS_STATUS E6Restart(NDIS_HANDLE Context,
			     PNDIS_MINIPORT_RESTART_PARAMETERS Params)
{
	PE6_ADAPTER adapter = Context;

	NdisAcquireSpinLock(&adapter->Lock);
	adapter->State = E6_RUNNING;
	NdisReleaseSpinLock(&adapter->Lock);
	return NDIS_STATUS_SUCCESS;
}

/*
 * Hung: descriptors waiting on the ring with no write-back across two
 * checks while the link is up. The link is polled here too.
 */
static BOOLEAN E6CheckForHangEx(NDIS_HANDLE Context)
{
	PE6_ADAPTER adapter = Context;
	BOOLEAN hung;

	E6LinkChanged(adapter);
	NdisAcquireSpinLock(&adapter->Lock);
	if (!IsListEmpty(&adapter->TcbBusy) && adapter->LinkUp &&
	    adapter->TxProgress == adapter->TxProgressSeen)
		adapter->HangChecks++;
	else
		adapter->HangChecks = 0;
	adapter->TxProgressSeen = adapter->TxProgress;
	hung = adapter->HangChecks >= 2;
	NdisReleaseSpinLock(&adapter->Lock);
	return hung;
}

/*
 * Synchronous reset: the chip reset, sends on the ring aborted, both
 * rings rebuilt in place, filters and address programmed again.
 */
static NDIS_STATUS E6ResetEx(NDIS_HANDLE Context, PBOOLEAN AddressingReset)
{
	PE6_ADAPTER adapter = Context;
	NDIS_STATUS status;

	*AddressingReset = FALSE;
	E6DisableInterrupts(adapter);
	E6HwStop(adapter);
	status = E6HwReset(adapter);
	E6SendComplete(adapter, TRUE, NDIS_STATUS_REQUEST_ABORTED);
	if (status != NDIS_STATUS_SUCCESS)
		return status;
	NdisAcquireSpinLock(&adapter->Lock);
	E6RecvFillRing(adapter);
	adapter->HangChecks = 0;
	E6HwStartLink(adapter);
	E6HwStartRings(adapter);
	E6RouteMessages(adapter);
	NdisReleaseSpinLock(&adapter->Lock);
	E6EnableInterrupts(adapter);
	E6LinkChanged(adapter);
	/* queued sends go out now */
	E6SendComplete(adapter, FALSE, NDIS_STATUS_SUCCESS);
	return NDIS_STATUS_SUCCESS;
}

static VOID E6DevicePnPEventNotify(NDIS_HANDLE Context,
				   PNET_DEVICE_PNP_EVENT Event)
{
	PE6_ADAPTER adapter = Context;

	/* a removed card reads all ones: the ISR declines those already */
	if (Event->DevicePnPEvent == NdisDevicePnPEventSurpriseRemoved)
		adapter->Halting = TRUE;
}

/* May run at any IRQL: registers only, no locks. */
static VOID E6ShutdownEx(NDIS_HANDLE Context, NDIS_SHUTDOWN_ACTION Action)
{
	PE6_ADAPTER adapter = Context;

	E6DisableInterrupts(adapter);
	E6HwStop(adapter);
}

static VOID E6Unload(PDRIVER_OBJECT DriverObject)
{
	NdisMDeregisterMiniportDriver(E6DriverHandle);
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_DRIVER_CHARACTERISTICS mc;

	NdisZeroMemory(&mc, sizeof(mc));
	mc.Header.Type = NDIS_OBJECT_TYPE_MINIPORT_DRIVER_CHARACTERISTICS;
	mc.Header.Revision = NDIS_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2;
	mc.Header.Size = NDIS_SIZEOF_MINIPORT_DRIVER_CHARACTERISTICS_REVISION_2;
	mc.MajorNdisVersion = NDIS_MINIPORT_MAJOR_VERSION;
	mc.MinorNdisVersion = NDIS_MINIPORT_MINOR_VERSION;
	mc.MajorDriverVersion = E6_MAJOR_DRIVER_VERSION;
	mc.MinorDriverVersion = E6_MINOR_DRIVER_VERSION;
	mc.InitializeHandlerEx = E6InitializeEx;
	mc.HaltHandlerEx = E6HaltEx;
	mc.UnloadHandler = E6Unload;
	mc.PauseHandler = E6Pause;
	mc.RestartHandler = E6Restart;
	mc.OidRequestHandler = E6OidRequest;
	mc.SendNetBufferListsHandler = E6SendNetBufferLists;
	mc.ReturnNetBufferListsHandler = E6ReturnNetBufferLists;
	mc.CancelSendHandler = E6CancelSend;
	mc.CheckForHangHandlerEx = E6CheckForHangEx;
	mc.ResetHandlerEx = E6ResetEx;
	mc.DevicePnPEventNotifyHandler = E6DevicePnPEventNotify;
	mc.ShutdownHandlerEx = E6ShutdownEx;
	mc.CancelOidRequestHandler = E6CancelOidRequest;
	return NdisMRegisterMiniportDriver(DriverObject, RegistryPath, NULL,
					   &mc, &E6DriverHandle);
}
