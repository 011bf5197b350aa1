// SPDX-License-Identifier: GPL-2.0-only
/*
 * ne2k driver entry and adapter life cycle: NDIS 3.0 characteristics,
 * MiniportInitialize (resources, I/O ports, probe, start, interrupt,
 * shutdown handler), MiniportHalt, MiniportReset, MiniportCheckForHang.
 */
#include "ne2k.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static VOID Ne2kReadConfig(PNE2K_ADAPTER A, NDIS_HANDLE Wcc)
{
	NDIS_STRING Name = {
		sizeof(L"RequestIsr") - sizeof(WCHAR), sizeof(L"RequestIsr"),
		L"RequestIsr"
	};
	PNDIS_CONFIGURATION_PARAMETER Param;
	NDIS_HANDLE Config;
	NDIS_STATUS Status;
	PUCHAR Mac;
	UINT MacLen;

	A->RequestIsr = TRUE;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	NdisReadConfiguration(&Status, &Param, Config, &Name,
			      NdisParameterInteger);
	if (Status == NDIS_STATUS_SUCCESS)
		A->RequestIsr = Param->ParameterData.IntegerData != 0;
	/* A unicast NetworkAddress replaces the PROM's. */
	NdisReadNetworkAddress(&Status, (PVOID *)&Mac, &MacLen, Config);
	if (Status == NDIS_STATUS_SUCCESS && MacLen == NE2K_ALEN &&
	    !(Mac[0] & 1) && (Mac[0] | Mac[1] | Mac[2] | Mac[3] | Mac[4] | Mac[5]))
		NdisMoveMemory(A->StationAddress, Mac, NE2K_ALEN);
	NdisCloseConfiguration(Config);
}

/* The I/O range (at least 32 ports) and the interrupt. */
static NDIS_STATUS Ne2kFindResources(PNE2K_ADAPTER A, NDIS_HANDLE Wcc)
{
	UCHAR Raw[512];
	PNDIS_RESOURCE_LIST List = (PNDIS_RESOURCE_LIST)Raw;
	UINT Size = sizeof(Raw), i;
	BOOLEAN Port = FALSE, Irq = FALSE;
	NDIS_STATUS Status;

	NdisMQueryAdapterResources(&Status, Wcc, List, &Size);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	for (i = 0; i < List->Count; i++) {
		PCM_PARTIAL_RESOURCE_DESCRIPTOR D = &List->PartialDescriptors[i];

		if (D->Type == CmResourceTypePort && !Port &&
		    D->u.Port.Length >= NE_PORTS) {
			A->IoBase = NdisGetPhysicalAddressLow(D->u.Port.Start);
			Port = TRUE;
		} else if (D->Type == CmResourceTypeInterrupt && !Irq) {
			A->IrqVector = D->u.Interrupt.Vector;
			A->IrqLevel = D->u.Interrupt.Level;
			A->IrqMode = D->Flags & CM_RESOURCE_INTERRUPT_LATCHED ?
				     NdisInterruptLatched :
				     NdisInterruptLevelSensitive;
			Irq = TRUE;
		}
	}
	return Port && Irq ? NDIS_STATUS_SUCCESS : NDIS_STATUS_RESOURCE_CONFLICT;
}

static BOOLEAN Ne2kMaskSync(PVOID Context)
{
	Ne2kDisableInterrupt(Context);
	return TRUE;
}

static BOOLEAN Ne2kUnmaskSync(PVOID Context)
{
	Ne2kEnableInterrupt(Context);
	return TRUE;
}

/* Shutdown: quiet the card, no NDIS calls. */
static VOID Ne2kShutdown(PVOID Context)
{
	PNE2K_ADAPTER A = Context;

	Ne2kOut(A, NE_CR, CR_STP | CR_RD_ABORT);
	Ne2kOut(A, NE_P0_IMR, 0);
}

static VOID Ne2kRelease(PNE2K_ADAPTER A)
{
	if (A->InterruptRegistered)
		NdisMDeregisterInterrupt(&A->Interrupt);
	if (A->Port)
		NdisMDeregisterIoPortRange(A->Handle, A->IoBase, NE_PORTS,
					   A->Port);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS Ne2kInitialize(PNDIS_STATUS OpenErrorStatus,
				  PUINT SelectedMediumIndex,
				  PNDIS_MEDIUM MediumArray,
				  UINT MediumArraySize, NDIS_HANDLE Handle,
				  NDIS_HANDLE Wcc)
{
	NDIS_PHYSICAL_ADDRESS Highest = NDIS_PHYSICAL_ADDRESS_CONST(-1, -1);
	PNE2K_ADAPTER A;
	NDIS_STATUS Status;
	UINT i;

	for (i = 0; i < MediumArraySize; i++)
		if (MediumArray[i] == NdisMedium802_3)
			break;
	if (i == MediumArraySize)
		return NDIS_STATUS_UNSUPPORTED_MEDIA;
	*SelectedMediumIndex = i;

	Status = NdisAllocateMemory((PVOID *)&A, sizeof(*A), 0, Highest);
	if (Status != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(A, sizeof(*A));
	A->Handle = Handle;
	A->Lookahead = NE2K_DEF_LOOKAHEAD;

	Status = Ne2kFindResources(A, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		goto fail;
	Ne2kReadConfig(A, Wcc);
	NdisMSetAttributes(Handle, A, FALSE, NdisInterfacePci);
	Status = NdisMRegisterIoPortRange((PVOID *)&A->Port, Handle, A->IoBase,
					  NE_PORTS);
	if (Status != NDIS_STATUS_SUCCESS) {
		A->Port = NULL;
		goto fail;
	}
	Status = Ne2kProbe(A);
	if (Status != NDIS_STATUS_SUCCESS) {
		NdisWriteErrorLogEntry(Handle, NDIS_ERROR_CODE_ADAPTER_NOT_FOUND,
				       2, (ULONG)A->IoBase, (ULONG)Status);
		Status = NDIS_STATUS_ADAPTER_NOT_FOUND;
		goto fail;
	}
	if (!(A->StationAddress[0] | A->StationAddress[1] | A->StationAddress[2] |
	      A->StationAddress[3] | A->StationAddress[4] | A->StationAddress[5]))
		NdisMoveMemory(A->StationAddress, A->PermanentAddress, NE2K_ALEN);
	Ne2kStart(A);

	/* A shared PCI line needs our ISR; an unshared one may leave it to
	 * NDIS (MiniportDisableInterrupt/EnableInterrupt). */
	Status = NdisMRegisterInterrupt(&A->Interrupt, Handle, A->IrqVector,
					A->IrqLevel, A->RequestIsr,
					A->RequestIsr, A->IrqMode);
	if (Status != NDIS_STATUS_SUCCESS) {
		Ne2kStop(A);
		goto fail;
	}
	A->InterruptRegistered = TRUE;
	NdisMRegisterAdapterShutdownHandler(Handle, A, Ne2kShutdown);
	NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Ne2kUnmaskSync, A);
	return NDIS_STATUS_SUCCESS;
fail:
	Ne2kRelease(A);
	return Status;
}

static VOID Ne2kHalt(NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;

	NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Ne2kMaskSync, A);
	Ne2kStop(A);
	Ne2kSendDone(A, NDIS_STATUS_FAILURE);
	NdisMDeregisterAdapterShutdownHandler(A->Handle);
	Ne2kRelease(A);
}

/* Reset: the chip from scratch with the same address and filter; a frame
 * left in the transmit buffer is given back aborted. */
static NDIS_STATUS Ne2kReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;

	*AddressingReset = FALSE;
	NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Ne2kMaskSync, A);
	Ne2kStop(A);
	Ne2kReadCounters(A);
	if (Ne2kResetChip(A) != NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_HARD_ERRORS;
	Ne2kStart(A);
	Ne2kSendDone(A, NDIS_STATUS_REQUEST_ABORTED);
	A->Resets++;
	NdisMSynchronizeWithInterrupt(&A->Interrupt, (PVOID)Ne2kUnmaskSync, A);
	return NDIS_STATUS_SUCCESS;
}

/* Hung: the frame in the transmit buffer was not sent across two checks. */
static BOOLEAN Ne2kCheckForHang(NDIS_HANDLE Context)
{
	PNE2K_ADAPTER A = Context;

	if (!A->TxPacket) {
		A->TxStalls = 0;
		return FALSE;
	}
	return ++A->TxStalls >= 2;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS30_MINIPORT_CHARACTERISTICS C;
	NDIS_HANDLE Wrapper;
	NDIS_STATUS Status;

	NdisMInitializeWrapper(&Wrapper, DriverObject, RegistryPath, NULL);
	if (!Wrapper)
		return NDIS_STATUS_FAILURE;
	NdisZeroMemory(&C, sizeof(C));
	C.MajorNdisVersion = 3;
	C.MinorNdisVersion = 0;
	C.CheckForHangHandler = Ne2kCheckForHang;
	C.DisableInterruptHandler = Ne2kDisableInterrupt;
	C.EnableInterruptHandler = Ne2kEnableInterrupt;
	C.HaltHandler = Ne2kHalt;
	C.HandleInterruptHandler = Ne2kHandleInterrupt;
	C.InitializeHandler = Ne2kInitialize;
	C.ISRHandler = Ne2kIsr;
	C.QueryInformationHandler = Ne2kQueryInformation;
	C.ResetHandler = Ne2kReset;
	C.SendHandler = Ne2kSend;
	C.SetInformationHandler = Ne2kSetInformation;
	C.TransferDataHandler = Ne2kTransferData;
	Status = NdisMRegisterMiniport(Wrapper,
				       (PNDIS_MINIPORT_CHARACTERISTICS)&C,
				       sizeof(C));
	if (Status != NDIS_STATUS_SUCCESS)
		NdisTerminateWrapper(Wrapper, NULL);
	return Status;
}
