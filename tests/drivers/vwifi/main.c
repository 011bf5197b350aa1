// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi driver entry and adapter life cycle: DriverEntry registers NDIS 5.1
 * characteristics; initialize reads the INF parameters, derives each WPA2
 * access point's PMK and group key, builds the receive pool, reports
 * "not associated" and starts the first scan; halt stops the timers and
 * waits for NDIS to return every indicated packet.
 */
#include "vwifi.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static const UCHAR VwifiDefaultMac[NDD_ETH_ALEN] = {
	0x02, 0x4e, 0x44, 0x57, 0x10, 0x01	/* locally administered */
};

static VOID VwifiReadConfig(PVWIFI_ADAPTER A, NDIS_HANDLE Wcc, PULONG RxCount)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	A->ScanTimeMs = NddReadInt(Config, L"ScanTimeMs", 200, 10, 5000);
	A->AssocTimeMs = NddReadInt(Config, L"AssocTimeMs", 50, 0, 2000);
	*RxCount = NddReadInt(Config, L"ReceiveBuffers", 32, 8, 256);
	A->TxPowerMw = NddReadInt(Config, L"TxPowerMw", 100, 1, 100);
	A->RtsThreshold = NddReadInt(Config, L"RtsThreshold", 2347, 0, 2347);
	A->FragThreshold = NddReadInt(Config, L"FragThreshold", 2346, 256,
				      2346);
	A->PowerMode = NddReadInt(Config, L"PowerSaveMode",
				  Ndis802_11PowerModeCAM,
				  Ndis802_11PowerModeCAM,
				  Ndis802_11PowerModeFast_PSP);
	NddReadNetworkAddress(Config, A->Eth.CurrentAddress);
	NdisCloseConfiguration(Config);
}

/* Entropy for nonces and group keys: clocks, address, where we live. */
static VOID VwifiSeed(PVWIFI_ADAPTER A)
{
	struct {
		LARGE_INTEGER Time;
		LARGE_INTEGER Counter;
		LARGE_INTEGER Frequency;
		UCHAR Mac[NDD_ETH_ALEN];
		PVOID Self;
	} Seed;

	NdisZeroMemory(&Seed, sizeof(Seed));
	NdisGetCurrentSystemTime(&Seed.Time);
	Seed.Counter = KeQueryPerformanceCounter(&Seed.Frequency);
	NdisMoveMemory(Seed.Mac, A->Eth.CurrentAddress, NDD_ETH_ALEN);
	Seed.Self = A;
	vw_prng_seed(&A->Prng, &Seed, sizeof(Seed));
}

/* What each access point keeps: its PMK (WPA2) and its group key. */
static VOID VwifiPrepareAccessPoints(PVWIFI_ADAPTER A)
{
	ULONG i;

	for (i = 0; i < vw_ap_count && i < VWIFI_MAX_APS; i++) {
		const struct vw_ap *Ap = &vw_aps[i];

		vw_prng_bytes(&A->Prng, A->Gtk[i], VW_GTK_LEN);
		if (Ap->security == VW_SEC_WPA2_PSK)
			vw_psk_from_passphrase(Ap->passphrase,
					       strlen(Ap->passphrase),
					       (const uint8_t *)Ap->ssid,
					       strlen(Ap->ssid), A->Pmk[i]);
	}
}

static VOID VwifiFree(PVWIFI_ADAPTER A)
{
	NddRxPoolFree(&A->RxPool);
	NdisFreeSpinLock(&A->Lock);
	vw_wipe(A, sizeof(*A));
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS VwifiInitialize(PNDIS_STATUS OpenErrorStatus,
				   PUINT SelectedMediumIndex,
				   PNDIS_MEDIUM MediumArray,
				   UINT MediumArraySize,
				   NDIS_HANDLE Handle, NDIS_HANDLE Wcc)
{
	PVWIFI_ADAPTER A;
	NDIS_STATUS Status;
	ULONG RxCount = 32;

	/* NDIS 5.1 wireless miniports present 802.3 to the protocols. */
	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    VWIFI_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->Lock);
	InitializeListHead(&A->RxQueue);
	strcpy(A->Label, "ndisload vwifi simulated 802.11 adapter");

	A->ScanTimeMs = 200;
	A->AssocTimeMs = 50;
	A->TxPowerMw = 100;
	A->RtsThreshold = 2347;
	A->FragThreshold = 2346;
	A->PowerMode = Ndis802_11PowerModeCAM;
	A->InfraMode = Ndis802_11Infrastructure;
	A->AuthMode = Ndis802_11AuthModeOpen;
	A->Encryption = Ndis802_11EncryptionDisabled;
	A->PrivacyFilter = Ndis802_11PrivFilterAcceptAll;
	A->NetworkType = Ndis802_11OFDM24;
	NddEthInit(&A->Eth, VwifiOids, VwifiOidsSize, 0x444e02 | 0x02000000,
		   A->Label, VWIFI_VERSION_MAJOR << 16 | VWIFI_VERSION_MINOR,
		   VwifiDefaultMac);
	VwifiReadConfig(A, Wcc, &RxCount);
	VwifiSeed(A);
	VwifiPrepareAccessPoints(A);
	A->Eth.LinkSpeed = VWIFI_LINK_SPEED;
	A->Eth.TxBufferSpace = RxCount * NDD_ETH_MAX_FRAME;
	A->Eth.RxBufferSpace = RxCount * NDD_ETH_MAX_FRAME;
	A->Eth.MaxSendPackets = VWIFI_MAX_BATCH;
	A->Eth.MediaState = NdisMediaStateDisconnected;

	Status = NddRxPoolInit(&A->RxPool, Handle, &A->Eth, &A->Lock, RxCount,
			       VWIFI_TAG);
	if (Status != NDIS_STATUS_SUCCESS) {
		VwifiFree(A);
		return NDIS_STATUS_RESOURCES;
	}
	NdisMInitializeTimer(&A->ScanTimer, Handle, VwifiScanTimer, A);
	NdisMInitializeTimer(&A->JoinTimer, Handle, VwifiJoinTimer, A);
	NdisMInitializeTimer(&A->AuthTimer, Handle, VwifiAuthTimer, A);
	NdisMInitializeTimer(&A->DeliverTimer, Handle, VwifiDeliverTimer, A);
	NdisMSetAttributesEx(Handle, A, 0,
			     NDIS_ATTRIBUTE_DESERIALIZE |
			     NDIS_ATTRIBUTE_IGNORE_PACKET_TIMEOUT |
			     NDIS_ATTRIBUTE_SURPRISE_REMOVE_OK,
			     NdisInterfaceInternal);

	/* Not associated with anything yet; look around right away. */
	NdisMIndicateStatus(Handle, NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
	NdisMIndicateStatusComplete(Handle);
	NdisAcquireSpinLock(&A->Lock);
	VwifiStartScanLocked(A);
	NdisReleaseSpinLock(&A->Lock);
	return NDIS_STATUS_SUCCESS;
}

BOOLEAN VwifiTimerBegin(PVWIFI_ADAPTER A)
{
	NdisDprAcquireSpinLock(&A->Lock);
	if (A->Halting) {
		NdisDprReleaseSpinLock(&A->Lock);
		return FALSE;
	}
	A->TimersRunning++;
	return TRUE;
}

VOID VwifiTimerEnd(PVWIFI_ADAPTER A)
{
	A->TimersRunning--;
	NdisDprReleaseSpinLock(&A->Lock);
}

static VOID VwifiHalt(NDIS_HANDLE Context)
{
	PVWIFI_ADAPTER A = Context;
	BOOLEAN Cancelled;

	NdisAcquireSpinLock(&A->Lock);
	A->Halting = TRUE;
	NdisReleaseSpinLock(&A->Lock);
	NdisMCancelTimer(&A->ScanTimer, &Cancelled);
	NdisMCancelTimer(&A->JoinTimer, &Cancelled);
	NdisMCancelTimer(&A->AuthTimer, &Cancelled);
	NdisMCancelTimer(&A->DeliverTimer, &Cancelled);
	/* A timer routine that had already started finishes first. */
	for (;;) {
		ULONG Running;

		NdisAcquireSpinLock(&A->Lock);
		Running = A->TimersRunning;
		if (!Running)
			VwifiPurgeRxLocked(A);
		NdisReleaseSpinLock(&A->Lock);
		if (!Running)
			break;
		NdisMSleep(1000);
	}
	NddRxWaitIdle(&A->RxPool);
	VwifiFree(A);
}

/* Nothing in the simulated radio can wedge: a reset keeps the association. */
static NDIS_STATUS VwifiReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	*AddressingReset = FALSE;
	return NDIS_STATUS_SUCCESS;
}

static VOID VwifiPnPEvent(NDIS_HANDLE Context, NDIS_DEVICE_PNP_EVENT Event,
			  PVOID Buffer, ULONG Length)
{
	PVWIFI_ADAPTER A = Context;

	if (Event == NdisDevicePnPEventSurpriseRemoved) {
		NdisAcquireSpinLock(&A->Lock);
		A->Removed = TRUE;
		NdisReleaseSpinLock(&A->Lock);
	}
}

/* May run at any IRQL when the system goes down: touch nothing shared. */
static VOID VwifiShutdown(PVOID Context)
{
	PVWIFI_ADAPTER A = Context;

	A->Removed = TRUE;
}

static VOID VwifiUnload(PDRIVER_OBJECT DriverObject)
{
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = VwifiInitialize,
		.HaltHandler = VwifiHalt,
		.ResetHandler = VwifiReset,
		.QueryInformationHandler = VwifiQueryInformation,
		.SetInformationHandler = VwifiSetInformation,
		.SendPacketsHandler = VwifiSendPackets,
		.ReturnPacketHandler = VwifiReturnPacket,
		.PnPEventNotifyHandler = VwifiPnPEvent,
		.AdapterShutdownHandler = VwifiShutdown,
	};
	NDIS_HANDLE Wrapper;
	NDIS_STATUS Status;

	Status = NddRegisterMiniport(DriverObject, RegistryPath, &Chars,
				     &Wrapper);
	if (Status == NDIS_STATUS_SUCCESS)
		NdisMRegisterUnloadHandler(Wrapper, VwifiUnload);
	return Status;
}
