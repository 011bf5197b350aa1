// SPDX-License-Identifier: GPL-2.0-only
/*
 * vionet driver entry and adapter life cycle: the NDIS 5.1 deserialized
 * bus-master registration, the device check (a transitional virtio
 * network function), its I/O BAR and interrupt, scatter-gather DMA,
 * the virtqueues and buffers in shared memory, DRIVER_OK; halt waits for
 * every indicated packet to come back before freeing anything.
 */
#include "vionet.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static NDIS_HANDLE VioWrapper;

static ULONG VioReadInt(NDIS_HANDLE Config, PWSTR Name, ULONG Default,
			ULONG Min, ULONG Max)
{
	NDIS_STRING Key;
	PNDIS_CONFIGURATION_PARAMETER P;
	NDIS_STATUS Status;
	ULONG V;

	NdisInitUnicodeString(&Key, Name);
	NdisReadConfiguration(&Status, &P, Config, &Key,
			      NdisParameterInteger);
	if (Status != NDIS_STATUS_SUCCESS)
		return Default;
	V = P->ParameterData.IntegerData;
	return V < Min || V > Max ? Default : V;
}

static VOID VioReadConfig(PVIO_ADAPTER A, NDIS_HANDLE Wcc)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;
	PVOID Addr;
	UINT Len;

	A->RxCount = 128;
	A->TxSlotCount = 64;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	A->RxCount = VioReadInt(Config, L"ReceiveBuffers", 128, 16, 512);
	A->TxSlotCount = VioReadInt(Config, L"TransmitBuffers", 64, 8, 256);
	A->WdmInterrupt = VioReadInt(Config, L"InterruptApi", 0, 0, 1) == 1;
	/* A unicast locally administered address overrides the device's. */
	NdisReadNetworkAddress(&Status, &Addr, &Len, Config);
	if (Status == NDIS_STATUS_SUCCESS && Len == 6 &&
	    !(((PUCHAR)Addr)[0] & 1)) {
		NdisMoveMemory(A->CurrentAddress, Addr, 6);
		A->AddressOverridden = TRUE;
	}
	NdisCloseConfiguration(Config);
}

/* Vendor 1AF4, a transitional device (1000-103F), subsystem 1: network. */
static NDIS_STATUS VioCheckDevice(PVIO_ADAPTER A)
{
	ULONG Ids = 0, Subsys = 0;

	NdisReadPciSlotInformation(A->Handle, 0, 0, &Ids, sizeof(Ids));
	NdisReadPciSlotInformation(A->Handle, 0, 0x2c, &Subsys,
				   sizeof(Subsys));
	if ((Ids & 0xffff) == VIO_VENDOR_ID && (Ids >> 16) >= 0x1000 &&
	    (Ids >> 16) <= 0x103f && (Subsys >> 16) == 1)
		return NDIS_STATUS_SUCCESS;
	NdisWriteErrorLogEntry(A->Handle, NDIS_ERROR_CODE_ADAPTER_NOT_FOUND,
			       2, Ids, Subsys);
	return NDIS_STATUS_ADAPTER_NOT_FOUND;
}

typedef struct _VIO_RESOURCES {
	ULONG Port, PortLength;
	ULONG Vector, Level;
	KAFFINITY Affinity;
	BOOLEAN Latched, HavePort, HaveInterrupt;
} VIO_RESOURCES;

static NDIS_STATUS VioQueryResources(PVIO_ADAPTER A, NDIS_HANDLE Wcc,
				     VIO_RESOURCES *R)
{
	PNDIS_RESOURCE_LIST List;
	UINT Size = sizeof(NDIS_RESOURCE_LIST) +
		    4 * sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR);
	UINT Alloc, i;
	NDIS_STATUS Status;

	NdisZeroMemory(R, sizeof(*R));
	for (;;) {
		Alloc = Size;
		Status = NdisAllocateMemoryWithTag((PVOID *)&List, Alloc,
						   VIO_TAG);
		if (Status != NDIS_STATUS_SUCCESS)
			return Status;
		NdisMQueryAdapterResources(&Status, Wcc, List, &Size);
		if (Status == NDIS_STATUS_SUCCESS || Size <= Alloc)
			break;
		/* NDIS said how much it needs: ask again with that. */
		NdisFreeMemory(List, Alloc, 0);
	}
	if (Status != NDIS_STATUS_SUCCESS) {
		NdisFreeMemory(List, Alloc, 0);
		return Status;
	}
	for (i = 0; i < List->Count; i++) {
		PCM_PARTIAL_RESOURCE_DESCRIPTOR D = &List->PartialDescriptors[i];

		if (D->Type == CmResourceTypePort && !R->HavePort &&
		    D->u.Port.Length >= VIRTIO_PCI_IO_MIN) {
			R->Port = D->u.Port.Start.LowPart;
			R->PortLength = D->u.Port.Length;
			R->HavePort = TRUE;
		} else if (D->Type == CmResourceTypeInterrupt &&
			   !R->HaveInterrupt) {
			R->Vector = D->u.Interrupt.Vector;
			R->Level = D->u.Interrupt.Level;
			R->Affinity = D->u.Interrupt.Affinity;
			R->Latched = (D->Flags & CM_RESOURCE_INTERRUPT_LATCHED) != 0;
			R->HaveInterrupt = TRUE;
		}
	}
	NdisFreeMemory(List, Alloc, 0);
	if (!R->HavePort || !R->HaveInterrupt)
		return NDIS_STATUS_RESOURCE_CONFLICT;
	return NDIS_STATUS_SUCCESS;
}

/* Everything Initialize may have set up, in reverse; the device reset. */
static VOID VioTeardown(PVIO_ADAPTER A)
{
	if (A->IoBase)
		VioDeviceReset(A);
	VioDisconnectInterrupt(A);
	VioRxFree(A);
	VioTxFree(A);
	VioCtrlFree(A);
	VioQueueFree(A, &A->RxQueue);
	VioQueueFree(A, &A->TxQueue);
	VioQueueFree(A, &A->CtrlQueue);
	if (A->IoBase)
		NdisMDeregisterIoPortRange(A->Handle, A->IoPort, A->IoLength,
					   A->IoBase);
	NdisFreeSpinLock(&A->RxLock);
	NdisFreeSpinLock(&A->TxLock);
	NdisFreeSpinLock(&A->CtrlLock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS VioSetUp(PVIO_ADAPTER A, NDIS_HANDLE Wcc)
{
	VIO_RESOURCES R;
	NDIS_STATUS Status;

	Status = VioCheckDevice(A);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisMSetAttributesEx(A->Handle, A, 0,
			     NDIS_ATTRIBUTE_DESERIALIZE |
			     NDIS_ATTRIBUTE_BUS_MASTER |
			     NDIS_ATTRIBUTE_USES_SAFE_BUFFER_APIS,
			     NdisInterfacePci);
	Status = VioQueryResources(A, Wcc, &R);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	Status = NdisMRegisterIoPortRange(&A->IoBase, A->Handle, R.Port,
					  R.PortLength);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->IoPort = R.Port;
	A->IoLength = R.PortLength;
	/* Descriptors carry 64-bit addresses; a frame is one map. */
	Status = NdisMInitializeScatterGatherDma(A->Handle, TRUE,
						 VIO_MAX_FRAME);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	Status = VioDeviceStart(A);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = VioQueueAllocate(A, &A->RxQueue, VIRTIO_NET_QUEUE_RX);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = VioQueueAllocate(A, &A->TxQueue, VIRTIO_NET_QUEUE_TX);
	if (Status == NDIS_STATUS_SUCCESS && A->HasCtrl)
		Status = VioQueueAllocate(A, &A->CtrlQueue,
					  VIRTIO_NET_QUEUE_CTRL);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = VioRxAllocate(A);
	if (Status == NDIS_STATUS_SUCCESS)
		Status = VioTxAllocate(A);
	if (Status == NDIS_STATUS_SUCCESS && A->HasCtrl)
		Status = VioCtrlAllocate(A);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	VioRxRefill(A);
	VioQueueActivate(A, &A->RxQueue);
	VioQueueActivate(A, &A->TxQueue);
	if (A->HasCtrl)
		VioQueueActivate(A, &A->CtrlQueue);

	Status = VioConnectInterrupt(A, R.Vector, R.Level, R.Latched,
				     R.Affinity);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;

	VioWrite8(A, VIRTIO_PCI_STATUS, VIRTIO_STATUS_ACKNOWLEDGE |
		  VIRTIO_STATUS_DRIVER | VIRTIO_STATUS_DRIVER_OK);
	VioQueueKick(A, &A->RxQueue);
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS VioInitialize(PNDIS_STATUS OpenErrorStatus,
				 PUINT SelectedMediumIndex,
				 PNDIS_MEDIUM MediumArray, UINT MediumArraySize,
				 NDIS_HANDLE MiniportAdapterHandle,
				 NDIS_HANDLE WrapperConfigurationContext)
{
	PVIO_ADAPTER A;
	NDIS_STATUS Status;
	UINT i;

	*OpenErrorStatus = NDIS_STATUS_SUCCESS;
	for (i = 0; i < MediumArraySize; i++)
		if (MediumArray[i] == NdisMedium802_3)
			break;
	if (i == MediumArraySize)
		return NDIS_STATUS_UNSUPPORTED_MEDIA;
	*SelectedMediumIndex = i;

	Status = NdisAllocateMemoryWithTag((PVOID *)&A, sizeof(*A), VIO_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	NdisZeroMemory(A, sizeof(*A));
	A->Handle = MiniportAdapterHandle;
	A->Lookahead = VIO_MAX_LOOKAHEAD;
	NdisAllocateSpinLock(&A->RxLock);
	NdisAllocateSpinLock(&A->TxLock);
	NdisAllocateSpinLock(&A->CtrlLock);
	NdisInitializeEvent(&A->RxAllReturned);
	InitializeListHead(&A->SendQueue);
	VioReadConfig(A, WrapperConfigurationContext);

	Status = VioSetUp(A, WrapperConfigurationContext);
	if (Status != NDIS_STATUS_SUCCESS) {
		if (A->IoBase)
			VioWrite8(A, VIRTIO_PCI_STATUS, VIRTIO_STATUS_FAILED);
		VioTeardown(A);
		return Status;
	}
	/* NDIS assumes a connected medium until told otherwise. */
	VioReadLink(A, &A->LinkUp);
	if (!A->LinkUp) {
		NdisMIndicateStatus(A->Handle, NDIS_STATUS_MEDIA_DISCONNECT,
				    NULL, 0);
		NdisMIndicateStatusComplete(A->Handle);
	}
	return NDIS_STATUS_SUCCESS;
}

static VOID VioHalt(NDIS_HANDLE Context)
{
	PVIO_ADAPTER A = (PVIO_ADAPTER)Context;

	/* The device first: it uses no buffer and raises no interrupt. */
	VioDeviceReset(A);
	VioDisconnectInterrupt(A);
	VioTxAbortAll(A, NDIS_STATUS_REQUEST_ABORTED);
	VioRxWaitReturned(A);
	VioTeardown(A);
}

/* At shutdown only the device is stopped (no NDIS calls allowed). */
static VOID VioShutdown(PVOID Context)
{
	VioDeviceReset((PVIO_ADAPTER)Context);
}

static VOID VioPnPEvent(NDIS_HANDLE Context, NDIS_DEVICE_PNP_EVENT Event,
			PVOID Buffer, ULONG Length)
{
	/* Surprise removal: halt follows; reads return all-ones meanwhile. */
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS51_MINIPORT_CHARACTERISTICS C;
	NDIS_STATUS Status;

	NdisMInitializeWrapper(&VioWrapper, DriverObject, RegistryPath, NULL);
	if (VioWrapper == NULL)
		return NDIS_STATUS_FAILURE;
	NdisZeroMemory(&C, sizeof(C));
	C.MajorNdisVersion = 5;
	C.MinorNdisVersion = 1;
	C.CheckForHangHandler = VioCheckForHang;
	C.HaltHandler = VioHalt;
	C.HandleInterruptHandler = VioHandleInterrupt;
	C.InitializeHandler = VioInitialize;
	C.ISRHandler = VioIsr;
	C.QueryInformationHandler = VioQueryInformation;
	C.ResetHandler = VioReset;
	C.SetInformationHandler = VioSetInformation;
	C.ReturnPacketHandler = VioReturnPacket;
	C.SendPacketsHandler = VioSendPackets;
	C.CancelSendPacketsHandler = VioCancelSendPackets;
	C.PnPEventNotifyHandler = VioPnPEvent;
	C.AdapterShutdownHandler = VioShutdown;
	Status = NdisMRegisterMiniport(VioWrapper,
				       (PNDIS_MINIPORT_CHARACTERISTICS)&C, sizeof(C));
	if (Status != NDIS_STATUS_SUCCESS) {
		NdisTerminateWrapper(VioWrapper, NULL);
		return Status;
	}
	return STATUS_SUCCESS;
}
