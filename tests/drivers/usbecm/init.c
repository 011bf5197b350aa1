// SPDX-License-Identifier: GPL-2.0-only
/*
 * usbecm driver entry and adapter life cycle. Initialize finds the USB
 * device below the adapter (NdisMGetDeviceProperty), selects its ECM
 * function, reads the MAC address, sets the packet filter and posts the
 * reads; halt cancels what the bus holds, waits for it, waits for NDIS
 * to return every packet and unconfigures the device. Surprise removal
 * stops all new transfers (the bus fails the ones it holds).
 */
#include "usbecm.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static VOID UecmReadConfig(PUECM_ADAPTER A, NDIS_HANDLE Wcc, PULONG RxBuffers)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	A->RxIrps = 8;
	A->TxIrps = 16;
	*RxBuffers = 64;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	A->RxIrps = NddReadInt(Config, L"ReceiveIrps", 8, 2, UECM_MAX_RX_IRPS);
	A->TxIrps = NddReadInt(Config, L"TransmitIrps", 16, 2,
			       UECM_MAX_TX_IRPS);
	*RxBuffers = NddReadInt(Config, L"ReceiveBuffers", 64, 16, 512);
	A->TestUnsupportedUrb = NddReadInt(Config, L"TestUnsupportedUrb",
					   0, 0, 1) != 0;
	NddReadNetworkAddress(Config, A->Eth.CurrentAddress);
	NdisCloseConfiguration(Config);
}

static VOID UecmFree(PUECM_ADAPTER A)
{
	UecmRxFree(A);
	UecmTxFree(A);
	UecmXferFree(&A->Int);
	UecmXferFree(&A->Ctl);
	UecmUnconfigure(A);
	NdisFreeSpinLock(&A->Lock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

/* Cancel every IRP the bus holds and wait for their completion. */
static VOID UecmStopIo(PUECM_ADAPTER A)
{
	ULONG i;

	NdisAcquireSpinLock(&A->Lock);
	A->Halting = TRUE;
	NdisReleaseSpinLock(&A->Lock);
	for (i = 0; i < A->RxIrps; i++)
		UecmXferCancel(&A->Rx[i]);
	UecmXferCancel(&A->Int);
	UecmXferCancel(&A->Ctl);
	for (i = 0; i < A->TxIrps; i++)
		UecmXferCancel(&A->Tx[i]);
	NdisWaitEvent(&A->Idle, 0);
}

static NDIS_STATUS UecmStart(PUECM_ADAPTER A, ULONG RxBuffers)
{
	UCHAR Mac[NDD_ETH_ALEN];
	NDIS_STATUS Status;

	Status = UecmConfigure(A);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	if (!UecmReadMac(A, Mac))
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	NdisMoveMemory(A->Eth.PermanentAddress, Mac, NDD_ETH_ALEN);
	if (!(A->Eth.CurrentAddress[0] | A->Eth.CurrentAddress[1] |
	      A->Eth.CurrentAddress[2] | A->Eth.CurrentAddress[3] |
	      A->Eth.CurrentAddress[4] | A->Eth.CurrentAddress[5]))
		NdisMoveMemory(A->Eth.CurrentAddress, Mac, NDD_ETH_ALEN);
	/* Nothing reaches NDIS before a protocol sets a filter. */
	if (UecmSetDeviceFilter(A, 0) != NDIS_STATUS_SUCCESS)
		A->FilterFailures++;
	Status = NddRxPoolInit(&A->RxPool, A->Handle, &A->Eth, &A->Lock,
			       RxBuffers, UECM_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->RxPool.LowWater = RxBuffers / 8;
	Status = UecmTxInit(A);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = UecmXferAlloc(A, &A->Ctl, 0);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = UecmRxStart(A);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = UecmNotifyStart(A);
	return Status;
}

static NDIS_STATUS UecmInitialize(PNDIS_STATUS OpenErrorStatus,
				  PUINT SelectedMediumIndex,
				  PNDIS_MEDIUM MediumArray,
				  UINT MediumArraySize, NDIS_HANDLE Handle,
				  NDIS_HANDLE Wcc)
{
	PDEVICE_OBJECT Pdo, Fdo;
	PUECM_ADAPTER A;
	NDIS_STATUS Status;
	ULONG RxBuffers;

	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    UECM_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->Lock);
	NdisInitializeEvent(&A->Idle);
	NdisSetEvent(&A->Idle);
	InitializeListHead(&A->TxFree);
	InitializeListHead(&A->SendQueue);
	NddEthInit(&A->Eth, UecmOids, UecmOidsSize, 0x444e02 | 0x05000000,
		   "ndisload USB CDC Ethernet adapter",
		   UECM_VERSION_MAJOR << 16 | UECM_VERSION_MINOR, NULL);
	UecmReadConfig(A, Wcc, &RxBuffers);
	A->Eth.LinkSpeed = 1000000;	/* 100 Mbit/s until the device says */
	A->Eth.MaxSendPackets = A->TxIrps;
	A->Eth.TxBufferSpace = A->TxIrps * NDD_ETH_MAX_FRAME;
	A->Eth.RxBufferSpace = RxBuffers * NDD_ETH_MAX_FRAME;
	/*
	 * The link is up until the device says otherwise: an ECM device
	 * need not send NETWORK_CONNECTION before traffic flows.
	 */
	A->Eth.MediaState = NdisMediaStateConnected;

	NdisMGetDeviceProperty(Handle, &Pdo, &Fdo, &A->NextDevice, NULL, NULL);
	if (!A->NextDevice) {
		UecmFree(A);
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	}
	if (A->TestUnsupportedUrb &&
	    UecmProbeUnsupportedUrb(A) != NDIS_STATUS_SUCCESS) {
		UecmFree(A);
		return NDIS_STATUS_FAILURE;
	}
	NdisMSetAttributesEx(Handle, A, 0,
			     NDIS_ATTRIBUTE_DESERIALIZE |
			     NDIS_ATTRIBUTE_SURPRISE_REMOVE_OK,
			     NdisInterfaceInternal);
	Status = UecmStart(A, RxBuffers);
	if (Status != NDIS_STATUS_SUCCESS) {
		UecmStopIo(A);
		UecmFree(A);
		return Status;
	}
	return NDIS_STATUS_SUCCESS;
}

static VOID UecmHalt(NDIS_HANDLE Context)
{
	PUECM_ADAPTER A = Context;

	UecmStopIo(A);
	UecmFailQueuedSends(A, NDIS_STATUS_FAILURE);
	NddRxWaitIdle(&A->RxPool);
	UecmFree(A);
}

/* Nothing in the device to reset: transfers carry on by themselves. */
static NDIS_STATUS UecmReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	*AddressingReset = FALSE;
	return NDIS_STATUS_SUCCESS;
}

static VOID UecmPnPEvent(NDIS_HANDLE Context, NDIS_DEVICE_PNP_EVENT Event,
			 PVOID Buffer, ULONG Length)
{
	PUECM_ADAPTER A = Context;

	if (Event != NdisDevicePnPEventSurpriseRemoved)
		return;
	NdisAcquireSpinLock(&A->Lock);
	A->Removed = TRUE;
	NdisReleaseSpinLock(&A->Lock);
	UecmFailQueuedSends(A, NDIS_STATUS_FAILURE);
}

/* May run at any IRQL when the system goes down: touch nothing shared. */
static VOID UecmShutdown(PVOID Context)
{
	PUECM_ADAPTER A = Context;

	A->Removed = TRUE;
}

static VOID UecmUnload(PDRIVER_OBJECT DriverObject)
{
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = UecmInitialize,
		.HaltHandler = UecmHalt,
		.ResetHandler = UecmReset,
		.QueryInformationHandler = UecmQueryInformation,
		.SetInformationHandler = UecmSetInformation,
		.SendPacketsHandler = UecmSendPackets,
		.ReturnPacketHandler = UecmReturnPacket,
		.CancelSendPacketsHandler = UecmCancelSendPackets,
		.PnPEventNotifyHandler = UecmPnPEvent,
		.AdapterShutdownHandler = UecmShutdown,
	};
	NDIS_HANDLE Wrapper;
	NDIS_STATUS Status;

	Status = NddRegisterMiniport(DriverObject, RegistryPath, &Chars,
				     &Wrapper);
	if (Status == NDIS_STATUS_SUCCESS)
		NdisMRegisterUnloadHandler(Wrapper, UecmUnload);
	return Status;
}
