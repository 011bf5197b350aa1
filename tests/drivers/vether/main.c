// SPDX-License-Identifier: GPL-2.0-only
/*
 * vether driver entry and adapter life cycle: DriverEntry registers NDIS 5.1
 * characteristics; initialize reads the INF parameters, builds the receive
 * pool and reports media connect; reset runs in a work item; halt waits for
 * NDIS to return every indicated packet.
 */
#include "vether.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static const UCHAR VetherDefaultMac[NDD_ETH_ALEN] = {
	0x02, 0x4e, 0x44, 0x4c, 0x00, 0x01	/* locally administered */
};

static VOID VetherReadConfig(PVETHER_ADAPTER A, NDIS_HANDLE Wcc,
			     PULONG RxCount, PULONG Connect)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	A->LoopDelayMs = 2;
	*RxCount = 32;
	*Connect = 1;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	A->LoopDelayMs = NddReadInt(Config, L"LoopbackDelayMs", 2, 0, 1000);
	*RxCount = NddReadInt(Config, L"ReceiveBuffers", 32, 4, 256);
	*Connect = NddReadInt(Config, L"MediaConnect", 1, 0, 1);
	NddReadString(Config, L"DeviceLabel", A->Label, sizeof(A->Label));
	NddReadNetworkAddress(Config, A->Eth.CurrentAddress);
	NdisCloseConfiguration(Config);
}

static VOID VetherFree(PVETHER_ADAPTER A)
{
	NddRxPoolFree(&A->RxPool);
	NdisFreeSpinLock(&A->Lock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS VetherInitialize(PNDIS_STATUS OpenErrorStatus,
				    PUINT SelectedMediumIndex,
				    PNDIS_MEDIUM MediumArray,
				    UINT MediumArraySize,
				    NDIS_HANDLE Handle, NDIS_HANDLE Wcc)
{
	PVETHER_ADAPTER A;
	NDIS_STATUS Status;
	ULONG RxCount, Connect;

	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    VETHER_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->Lock);
	InitializeListHead(&A->SendQueue);
	NdisInitializeEvent(&A->ResetIdle);
	NdisSetEvent(&A->ResetIdle);
	strcpy(A->Label, "ndisload vether loopback adapter");

	NddEthInit(&A->Eth, VetherOids, VetherOidsSize, 0x444e02 | 0x01000000,
		   A->Label, VETHER_VERSION_MAJOR << 16 | VETHER_VERSION_MINOR,
		   VetherDefaultMac);
	VetherReadConfig(A, Wcc, &RxCount, &Connect);
	A->Eth.LinkSpeed = 10000000;	/* 1 Gbit/s, in 100 bit/s units */
	A->Eth.TxBufferSpace = RxCount * NDD_ETH_MAX_FRAME;
	A->Eth.RxBufferSpace = RxCount * NDD_ETH_MAX_FRAME;
	A->Eth.MaxSendPackets = VETHER_MAX_BATCH;

	Status = VetherRxInit(A, RxCount);
	if (Status != NDIS_STATUS_SUCCESS) {
		VetherFree(A);
		return NDIS_STATUS_RESOURCES;
	}
	NdisMInitializeTimer(&A->LoopTimer, Handle, VetherLoopTimer, A);
	NdisMSetAttributesEx(Handle, A, 0,
			     NDIS_ATTRIBUTE_DESERIALIZE |
			     NDIS_ATTRIBUTE_IGNORE_PACKET_TIMEOUT |
			     NDIS_ATTRIBUTE_SURPRISE_REMOVE_OK,
			     NdisInterfaceInternal);

	/* Our looped cable is plugged in (or not) from the start. */
	A->Eth.MediaState = Connect ? NdisMediaStateConnected :
				      NdisMediaStateDisconnected;
	NdisMIndicateStatus(Handle, Connect ? NDIS_STATUS_MEDIA_CONNECT :
			    NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
	NdisMIndicateStatusComplete(Handle);
	return NDIS_STATUS_SUCCESS;
}

/* Wait (at PASSIVE_LEVEL) until the loop timer can no longer run. */
static VOID VetherStopTimer(PVETHER_ADAPTER A)
{
	BOOLEAN Cancelled;

	NdisMCancelTimer(&A->LoopTimer, &Cancelled);
	for (;;) {
		BOOLEAN Busy;

		NdisAcquireSpinLock(&A->Lock);
		Busy = A->TimerRunning;
		A->TimerArmed = FALSE;
		NdisReleaseSpinLock(&A->Lock);
		if (!Busy)
			break;
		NdisMSleep(1000);
	}
}

static VOID VetherHalt(NDIS_HANDLE Context)
{
	PVETHER_ADAPTER A = Context;

	NdisWaitEvent(&A->ResetIdle, 0);
	NdisAcquireSpinLock(&A->Lock);
	A->Halting = TRUE;
	NdisReleaseSpinLock(&A->Lock);
	VetherStopTimer(A);
	VetherFailQueuedSends(A, NDIS_STATUS_FAILURE);
	NddRxWaitIdle(&A->RxPool);
	VetherFree(A);
}

/* PASSIVE_LEVEL half of MiniportReset. */
static VOID VetherResetWork(PNDIS_WORK_ITEM Work, PVOID Context)
{
	PVETHER_ADAPTER A = Context;

	VetherStopTimer(A);
	VetherFailQueuedSends(A, NDIS_STATUS_REQUEST_ABORTED);
	NdisAcquireSpinLock(&A->Lock);
	A->Resetting = FALSE;
	A->HangStalls = 0;
	NdisReleaseSpinLock(&A->Lock);
	/* Filter and multicast list survive: no addressing reset needed. */
	NdisMResetComplete(A->Handle, NDIS_STATUS_SUCCESS, FALSE);
	NdisSetEvent(&A->ResetIdle);
}

static NDIS_STATUS VetherReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	PVETHER_ADAPTER A = Context;

	*AddressingReset = FALSE;
	NdisAcquireSpinLock(&A->Lock);
	if (A->Resetting) {
		NdisReleaseSpinLock(&A->Lock);
		return NDIS_STATUS_RESET_IN_PROGRESS;
	}
	A->Resetting = TRUE;
	NdisResetEvent(&A->ResetIdle);
	NdisReleaseSpinLock(&A->Lock);
	NdisInitializeWorkItem(&A->ResetWork, VetherResetWork, A);
	if (NdisScheduleWorkItem(&A->ResetWork) != NDIS_STATUS_SUCCESS) {
		VetherResetWork(&A->ResetWork, A);	/* cannot happen */
		return NDIS_STATUS_SUCCESS;
	}
	return NDIS_STATUS_PENDING;
}

/* Hung: sends queued, room to receive them, and no progress for a while. */
static BOOLEAN VetherCheckForHang(NDIS_HANDLE Context)
{
	PVETHER_ADAPTER A = Context;
	BOOLEAN Hung = FALSE;

	NdisDprAcquireSpinLock(&A->Lock);
	if (A->SendQueued && A->RxPool.FreeCount &&
	    A->SendsDone == A->HangMark &&
	    !A->Resetting) {
		Hung = ++A->HangStalls >= VETHER_HANG_CHECKS;
	} else {
		A->HangStalls = 0;
	}
	A->HangMark = A->SendsDone;
	NdisDprReleaseSpinLock(&A->Lock);
	return Hung;
}

static VOID VetherPnPEvent(NDIS_HANDLE Context, NDIS_DEVICE_PNP_EVENT Event,
			   PVOID Buffer, ULONG Length)
{
	PVETHER_ADAPTER A = Context;

	if (Event == NdisDevicePnPEventSurpriseRemoved) {
		NdisAcquireSpinLock(&A->Lock);
		A->Removed = TRUE;
		NdisReleaseSpinLock(&A->Lock);
	}
}

/* May run at any IRQL when the system goes down: touch nothing shared. */
static VOID VetherShutdown(PVOID Context)
{
	PVETHER_ADAPTER A = Context;

	A->Removed = TRUE;
}

static VOID VetherUnload(PDRIVER_OBJECT DriverObject)
{
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = VetherInitialize,
		.HaltHandler = VetherHalt,
		.ResetHandler = VetherReset,
		.CheckForHangHandler = VetherCheckForHang,
		.QueryInformationHandler = VetherQueryInformation,
		.SetInformationHandler = VetherSetInformation,
		.SendPacketsHandler = VetherSendPackets,
		.ReturnPacketHandler = VetherReturnPacket,
		.CancelSendPacketsHandler = VetherCancelSendPackets,
		.PnPEventNotifyHandler = VetherPnPEvent,
		.AdapterShutdownHandler = VetherShutdown,
	};
	NDIS_HANDLE Wrapper;
	NDIS_STATUS Status;

	Status = NddRegisterMiniport(DriverObject, RegistryPath, &Chars,
				     &Wrapper);
	if (Status == NDIS_STATUS_SUCCESS)
		NdisMRegisterUnloadHandler(Wrapper, VetherUnload);
	return Status;
}
