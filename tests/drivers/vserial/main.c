// SPDX-License-Identifier: GPL-2.0-only
/*
 * vserial driver entry and adapter life cycle (NDIS 5.0 characteristics,
 * serialized: NDIS never calls two of our handlers at once).
 */
#include "vserial.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

static const UCHAR VserialDefaultMac[NDD_ETH_ALEN] = {
	0x02, 0x4e, 0x44, 0x4c, 0x00, 0x02	/* locally administered */
};

static VOID VserialReadConfig(PVSERIAL_ADAPTER A, NDIS_HANDLE Wcc)
{
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	A->TxSlots = 4;
	A->WireDelayMs = 1;
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status != NDIS_STATUS_SUCCESS)
		return;
	A->TxSlots = NddReadInt(Config, L"TransmitSlots", 4, 1,
				VSERIAL_MAX_TX);
	A->WireDelayMs = NddReadInt(Config, L"WireDelayMs", 1, 0, 1000);
	NddReadNetworkAddress(Config, A->Eth.CurrentAddress);
	NdisCloseConfiguration(Config);
}

static NDIS_STATUS VserialInitialize(PNDIS_STATUS OpenErrorStatus,
				     PUINT SelectedMediumIndex,
				     PNDIS_MEDIUM MediumArray,
				     UINT MediumArraySize,
				     NDIS_HANDLE Handle, NDIS_HANDLE Wcc)
{
	PVSERIAL_ADAPTER A;
	NDIS_STATUS Status;

	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    VSERIAL_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->Lock);
	NddEthInit(&A->Eth, VserialOids, VserialOidsSize, 0x444e02 | 0x02000000,
		   "ndisload vserial serialized adapter",
		   VSERIAL_VERSION_MAJOR << 16 | VSERIAL_VERSION_MINOR,
		   VserialDefaultMac);
	VserialReadConfig(A, Wcc);
	A->Eth.LinkSpeed = 100000;	/* 10 Mbit/s, an NE2000's */
	A->Eth.TxBufferSpace = A->TxSlots * NDD_ETH_MAX_FRAME;
	A->Eth.RxBufferSpace = VSERIAL_RX_SLOTS * NDD_ETH_MAX_FRAME;
	A->Eth.MaxSendPackets = 1;
	A->Eth.Lookahead = VSERIAL_LOOKAHEAD;
	A->Eth.MediaState = NdisMediaStateConnected;

	NdisMInitializeTimer(&A->WireTimer, Handle, VserialWireTimer, A);
	NdisMSetAttributesEx(Handle, A, 0, 0, NdisInterfaceInternal);
	return NDIS_STATUS_SUCCESS;
}

/*
 * Take the wire down: no timer callback pending or still running (one that
 * had started must finish first), every frame in the slots completed with
 * Status.
 */
static VOID VserialStopWire(PVSERIAL_ADAPTER A, NDIS_STATUS Status)
{
	BOOLEAN Cancelled;

	NdisMCancelTimer(&A->WireTimer, &Cancelled);
	for (;;) {
		BOOLEAN Busy;

		NdisAcquireSpinLock(&A->Lock);
		Busy = A->TimerRunning;
		NdisReleaseSpinLock(&A->Lock);
		if (!Busy)
			break;
		NdisMSleep(1000);
	}
	VserialAbortSends(A, Status);
}

static VOID VserialHalt(NDIS_HANDLE Context)
{
	PVSERIAL_ADAPTER A = Context;

	VserialStopWire(A, NDIS_STATUS_FAILURE);
	NdisFreeSpinLock(&A->Lock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS VserialReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	PVSERIAL_ADAPTER A = Context;

	*AddressingReset = FALSE;
	VserialStopWire(A, NDIS_STATUS_REQUEST_ABORTED);
	NdisAcquireSpinLock(&A->Lock);
	A->TimerArmed = FALSE;
	A->RxHead = A->RxCount = 0;
	A->HangStalls = 0;
	NdisReleaseSpinLock(&A->Lock);
	return NDIS_STATUS_SUCCESS;
}

/* Hung: frames sit in the transmit slots across several checks. */
static BOOLEAN VserialCheckForHang(NDIS_HANDLE Context)
{
	PVSERIAL_ADAPTER A = Context;
	BOOLEAN Hung;

	NdisDprAcquireSpinLock(&A->Lock);
	if (A->TxCount)
		A->HangStalls++;
	else
		A->HangStalls = 0;
	Hung = A->HangStalls >= 3;
	NdisDprReleaseSpinLock(&A->Lock);
	return Hung;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = VserialInitialize,
		.HaltHandler = VserialHalt,
		.ResetHandler = VserialReset,
		.CheckForHangHandler = VserialCheckForHang,
		.QueryInformationHandler = VserialQueryInformation,
		.SetInformationHandler = VserialSetInformation,
		.SendHandler = VserialSend,
		.TransferDataHandler = VserialTransferData,
	};

	return NddRegisterMiniport(DriverObject, RegistryPath, &Chars, NULL);
}
