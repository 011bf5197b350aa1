// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcnet driver entry and adapter life cycle: NDIS 4.0 characteristics
 * (serialized, MiniportSend), MiniportInitialize (resources, bus master,
 * map registers, shared memory below 4 GiB, ports, probe, start,
 * interrupt), MiniportHalt, MiniportReset, MiniportCheckForHang.
 */
#include "pcnet.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static NDIS_STATUS PcnResources(PPCN_ADAPTER A, NDIS_HANDLE Wcc)
{
	ULONG Raw[128];
	PNDIS_RESOURCE_LIST L = (PNDIS_RESOURCE_LIST)Raw;
	UINT Size = sizeof(Raw), i, Found = 0;
	NDIS_STATUS Status;

	NdisMQueryAdapterResources(&Status, Wcc, L, &Size);
	for (i = 0; Status == NDIS_STATUS_SUCCESS && i < L->Count; i++) {
		PCM_PARTIAL_RESOURCE_DESCRIPTOR D = &L->PartialDescriptors[i];

		if (D->Type == CmResourceTypePort && !(Found & 1) &&
		    D->u.Port.Length >= PCN_PORTS) {
			A->IoBase = NdisGetPhysicalAddressLow(D->u.Port.Start);
			Found |= 1;
		}
		if (D->Type == CmResourceTypeInterrupt && !(Found & 2)) {
			A->IrqVector = D->u.Interrupt.Vector;
			A->IrqLevel = D->u.Interrupt.Level;
			A->IrqMode = (D->Flags & CM_RESOURCE_INTERRUPT_LATCHED) ?
				     NdisInterruptLatched : NdisInterruptLevelSensitive;
			Found |= 2;
		}
	}
	if (Status == NDIS_STATUS_SUCCESS && Found != 3)
		Status = NDIS_STATUS_RESOURCE_CONFLICT;
	return Status;
}

static VOID PcnFree(PPCN_ADAPTER A)
{
	if (A->InterruptRegistered)
		NdisMDeregisterInterrupt(&A->Interrupt);
	A->InterruptRegistered = FALSE;
	if (A->MapsAllocated)
		NdisMFreeMapRegisters(A->Handle);
	if (A->Sh)
		NdisMFreeSharedMemory(A->Handle, sizeof(PCN_SHARED), FALSE,
				      A->Sh, A->ShPa);
	if (A->Port)
		NdisMDeregisterIoPortRange(A->Handle, A->IoBase, PCN_PORTS, A->Port);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static VOID PcnShutdown(PVOID Context)
{
	PPCN_ADAPTER A = Context;

	PcnWriteCsr(A, 0, CSR0_STOP);
}

static NDIS_STATUS PcnInitialize(PNDIS_STATUS OpenErrorStatus,
				 PUINT SelectedMediumIndex, PNDIS_MEDIUM Media,
				 UINT MediaCount, NDIS_HANDLE Handle,
				 NDIS_HANDLE Wcc)
{
	PPCN_ADAPTER A;
	NDIS_STATUS Status;
	PVOID Va;
	UINT i;

	for (i = 0; i < MediaCount && Media[i] != NdisMedium802_3; i++)
		;
	if (i == MediaCount)
		return NDIS_STATUS_UNSUPPORTED_MEDIA;
	*SelectedMediumIndex = i;
	if (NdisAllocateMemoryWithTag((PVOID *)&A, sizeof(*A), PCN_TAG) !=
	    NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(A, sizeof(*A));
	A->Handle = Handle;
	A->TxFree = PCN_RING;		/* the ring starts empty */
	A->MapFree = PCN_MAPS;

	Status = PcnResources(A, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	NdisMSetAttributes(Handle, A, TRUE, NdisInterfacePci);
	Status = NdisMAllocateMapRegisters(Handle, 0, NDIS_DMA_32BITS, PCN_MAPS,
					   PCN_BUF);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	A->MapsAllocated = TRUE;
	/* The chip's SSIZE32 structures carry 32-bit addresses. */
	NdisMAllocateSharedMemory(Handle, sizeof(PCN_SHARED), FALSE, &Va, &A->ShPa);
	A->Sh = Va;
	if (!A->Sh || NdisGetPhysicalAddressHigh(A->ShPa)) {
		Status = NDIS_STATUS_RESOURCES;
		goto fail;
	}
	A->ShBus = NdisGetPhysicalAddressLow(A->ShPa);
	NdisZeroMemory(A->Sh, sizeof(PCN_SHARED));
	Status = NdisMRegisterIoPortRange((PVOID *)&A->Port, Handle, A->IoBase,
					  PCN_PORTS);
	if (Status != NDIS_STATUS_SUCCESS) {
		A->Port = NULL;
		goto fail;
	}
	Status = PcnProbe(A);
	if (Status != NDIS_STATUS_SUCCESS) {
		NdisWriteErrorLogEntry(Handle, NDIS_ERROR_CODE_ADAPTER_NOT_FOUND, 1,
				       (ULONG)A->IoBase);
		goto fail;
	}
	NdisMoveMemory(A->StationAddress, A->PermanentAddress, PCN_ALEN);
	Status = PcnStart(A);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	Status = NdisMRegisterInterrupt(&A->Interrupt, Handle, A->IrqVector,
					A->IrqLevel, TRUE, TRUE, A->IrqMode);
	if (Status != NDIS_STATUS_SUCCESS) {
		PcnStop(A);
		goto fail;
	}
	A->InterruptRegistered = TRUE;
	NdisMRegisterAdapterShutdownHandler(Handle, A, PcnShutdown);
	PcnUnmask(A);
	return NDIS_STATUS_SUCCESS;
fail:
	PcnFree(A);
	return Status;
}

static VOID PcnHalt(NDIS_HANDLE Context)
{
	PPCN_ADAPTER A = Context;

	PcnStop(A);
	PcnSendDone(A, TRUE);
	NdisMDeregisterAdapterShutdownHandler(A->Handle);
	PcnFree(A);
}

static NDIS_STATUS PcnReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	*AddressingReset = FALSE;
	return PcnStart(Context);
}

static BOOLEAN PcnCheckForHang(NDIS_HANDLE Context)
{
	PPCN_ADAPTER A = Context;

	if (A->TxFree == PCN_RING) {
		A->TxStalls = 0;
		return FALSE;
	}
	return ++A->TxStalls >= 2;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS40_MINIPORT_CHARACTERISTICS C;
	NDIS_HANDLE Wrapper;
	NDIS_STATUS Status;

	NdisMInitializeWrapper(&Wrapper, DriverObject, RegistryPath, NULL);
	if (!Wrapper)
		return NDIS_STATUS_FAILURE;
	NdisZeroMemory(&C, sizeof(C));
	C.MajorNdisVersion = 4;
	C.MinorNdisVersion = 0;
	C.InitializeHandler = PcnInitialize;
	C.HaltHandler = PcnHalt;
	C.ResetHandler = PcnReset;
	C.CheckForHangHandler = PcnCheckForHang;
	C.ISRHandler = PcnIsr;
	C.HandleInterruptHandler = PcnHandleInterrupt;
	C.QueryInformationHandler = PcnQueryInformation;
	C.SetInformationHandler = PcnSetInformation;
	C.SendHandler = PcnSend;
	C.TransferDataHandler = PcnTransferData;
	Status = NdisMRegisterMiniport(Wrapper, (PNDIS_MINIPORT_CHARACTERISTICS)&C,
				       sizeof(C));
	if (Status != NDIS_STATUS_SUCCESS)
		NdisTerminateWrapper(Wrapper, NULL);
	return Status;
}
