// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmissing: a small deserialized NDIS 5.1 virtual adapter that needs Windows
 * exports an NDIS wrapper rarely provides — ndis.sys's WAN receive API
 * (NdisMWanIndicateReceive/Complete, used when the INF selects PPP-style
 * WAN framing) and ntoskrnl's bug-check reason callbacks (adapter state in
 * crash dumps). A loader without them must refuse it, naming exactly those.
 * Otherwise it loops each sent frame back from an NDIS timer.
 */
#include "ndd.h"

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);

#define VMISSING_TAG	'ssMV'

/* {5f4e444c-0003-4d49-5353-494e47000001}: our secondary dump data. */
static const GUID VmissingDumpGuid = {
	0x5f4e444c, 0x0003, 0x4d49,
	{ 0x53, 0x53, 0x49, 0x4e, 0x47, 0x00, 0x00, 0x01 }
};

static const NDIS_OID VmissingOids[] = { NDD_ETH_MANDATORY_OIDS };

typedef struct _VMISSING_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;
	NDIS_SPIN_LOCK Lock;
	ULONG WanFraming;		/* INF "Framing": 0 Ethernet, 1 WAN */
	PNDIS_PACKET Pending;		/* the one frame on the wire */
	ULONG FrameLength;
	UCHAR Frame[NDD_ETH_MAX_FRAME];
	NDIS_MINIPORT_TIMER Timer;
	KBUGCHECK_REASON_CALLBACK_RECORD DumpRecord;
	BOOLEAN DumpRegistered;
} VMISSING_ADAPTER, *PVMISSING_ADAPTER;

/* Adds the adapter's counters to a crash dump's secondary data. */
static VOID VmissingDumpCallback(KBUGCHECK_CALLBACK_REASON Reason,
				 PKBUGCHECK_REASON_CALLBACK_RECORD Record,
				 PVOID Data, ULONG DataLength)
{
	PVMISSING_ADAPTER A = CONTAINING_RECORD(Record, VMISSING_ADAPTER,
						DumpRecord);
	PKBUGCHECK_SECONDARY_DUMP_DATA Dump = Data;

	if (Reason != KbCallbackSecondaryDumpData ||
	    DataLength < sizeof(*Dump) ||
	    Dump->MaximumAllowed < sizeof(A->Eth.Stats))
		return;
	Dump->Guid = VmissingDumpGuid;
	Dump->OutBuffer = &A->Eth.Stats;
	Dump->OutBufferLength = sizeof(A->Eth.Stats);
}

static VOID VmissingTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVMISSING_ADAPTER A = Context;
	PNDIS_PACKET P;
	NDIS_STATUS Status;

	NdisDprAcquireSpinLock(&A->Lock);
	P = A->Pending;
	A->Pending = NULL;
	NdisDprReleaseSpinLock(&A->Lock);
	if (!P)
		return;
	NdisMSendComplete(A->Handle, P, NDIS_STATUS_SUCCESS);
	if (!NddEthAccepts(&A->Eth, A->Frame, A->FrameLength))
		return;
	NddEthCountRx(&A->Eth, A->Frame, A->FrameLength);
	if (A->WanFraming) {
		NdisMWanIndicateReceive(&Status, A->Handle, A, A->Frame,
					A->FrameLength);
		NdisMWanIndicateReceiveComplete(A->Handle, A);
	} else {
		NdisMEthIndicateReceive(A->Handle, A, (PVOID)A->Frame,
					NDD_ETH_HLEN, A->Frame + NDD_ETH_HLEN,
					A->FrameLength - NDD_ETH_HLEN,
					A->FrameLength - NDD_ETH_HLEN);
		NdisMEthIndicateReceiveComplete(A->Handle);
	}
}

static VOID VmissingSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets,
				UINT Count)
{
	PVMISSING_ADAPTER A = Context;
	UINT i;

	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Packets[i];
		UINT Total;

		NdisQueryPacket(P, NULL, NULL, NULL, &Total);
		NdisAcquireSpinLock(&A->Lock);
		if (A->Pending || Total < NDD_ETH_HLEN ||
		    Total > NDD_ETH_MAX_FRAME) {
			A->Eth.Stats.XmitError++;
			NdisReleaseSpinLock(&A->Lock);
			NdisMSendComplete(A->Handle, P, NDIS_STATUS_FAILURE);
			continue;
		}
		A->FrameLength = NddCopyPacket(P, A->Frame, sizeof(A->Frame));
		NddEthCountTx(&A->Eth, A->Frame, A->FrameLength);
		A->Pending = P;
		NdisReleaseSpinLock(&A->Lock);
		NdisMSetTimer(&A->Timer, 1);
	}
}

/* Whole frames are always in the lookahead: nothing is left to transfer. */
static NDIS_STATUS VmissingTransferData(PNDIS_PACKET Packet,
					PUINT BytesTransferred,
					NDIS_HANDLE Context,
					NDIS_HANDLE ReceiveContext,
					UINT ByteOffset, UINT BytesToTransfer)
{
	*BytesTransferred = 0;
	return NDIS_STATUS_FAILURE;
}

static NDIS_STATUS VmissingQuery(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length,
				 PULONG BytesWritten, PULONG BytesNeeded)
{
	PVMISSING_ADAPTER A = Context;

	*BytesWritten = *BytesNeeded = 0;
	return NddEthQuery(&A->Eth, Oid, Buffer, Length, BytesWritten,
			   BytesNeeded);
}

static NDIS_STATUS VmissingSet(NDIS_HANDLE Context, NDIS_OID Oid,
			       PVOID Buffer, ULONG Length, PULONG BytesRead,
			       PULONG BytesNeeded)
{
	PVMISSING_ADAPTER A = Context;
	ULONG Changed;

	return NddEthSet(&A->Eth, Oid, Buffer, Length, BytesRead, BytesNeeded,
			 &Changed);
}

static NDIS_STATUS VmissingInitialize(PNDIS_STATUS OpenErrorStatus,
				      PUINT SelectedMediumIndex,
				      PNDIS_MEDIUM MediumArray,
				      UINT MediumArraySize,
				      NDIS_HANDLE Handle, NDIS_HANDLE Wcc)
{
	static const UCHAR Mac[NDD_ETH_ALEN] = { 0x02, 0x4e, 0x44, 0x4c,
						 0x00, 0x03 };
	PVMISSING_ADAPTER A;
	NDIS_HANDLE Config;
	NDIS_STATUS Status;

	Status = NddAllocateAdapter(SelectedMediumIndex, MediumArray,
				    MediumArraySize, (PVOID *)&A, sizeof(*A),
				    VMISSING_TAG);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	A->Handle = Handle;
	NdisAllocateSpinLock(&A->Lock);
	NdisOpenConfiguration(&Status, &Config, Wcc);
	if (Status == NDIS_STATUS_SUCCESS) {
		A->WanFraming = NddReadInt(Config, L"Framing", 0, 0, 1);
		NdisCloseConfiguration(Config);
	}
	NddEthInit(&A->Eth, VmissingOids, sizeof(VmissingOids),
		   0x444e02 | 0x03000000, "ndisload vmissing adapter", 1 << 16,
		   Mac);
	A->Eth.LinkSpeed = 100000;
	A->Eth.TxBufferSpace = A->Eth.RxBufferSpace = NDD_ETH_MAX_FRAME;
	A->Eth.MaxSendPackets = 1;
	A->Eth.MediaState = NdisMediaStateConnected;
	NdisMInitializeTimer(&A->Timer, Handle, VmissingTimer, A);
	NdisMSetAttributesEx(Handle, A, 0, NDIS_ATTRIBUTE_DESERIALIZE,
			     NdisInterfaceInternal);
	{
		PKBUGCHECK_REASON_CALLBACK_RECORD Record = &A->DumpRecord;

		KeInitializeCallbackRecord(Record);
	}
	A->DumpRegistered = KeRegisterBugCheckReasonCallback(
		&A->DumpRecord, VmissingDumpCallback,
		KbCallbackSecondaryDumpData, (PUCHAR)"vmissing");
	return NDIS_STATUS_SUCCESS;
}

static VOID VmissingHalt(NDIS_HANDLE Context)
{
	PVMISSING_ADAPTER A = Context;
	BOOLEAN Cancelled;

	NdisMCancelTimer(&A->Timer, &Cancelled);
	if (A->Pending)
		NdisMSendComplete(A->Handle, A->Pending, NDIS_STATUS_FAILURE);
	if (A->DumpRegistered)
		KeDeregisterBugCheckReasonCallback(&A->DumpRecord);
	NdisFreeSpinLock(&A->Lock);
	NdisFreeMemory(A, sizeof(*A), 0);
}

static NDIS_STATUS VmissingReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	*AddressingReset = FALSE;
	return NDIS_STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars = {
		.InitializeHandler = VmissingInitialize,
		.HaltHandler = VmissingHalt,
		.ResetHandler = VmissingReset,
		.QueryInformationHandler = VmissingQuery,
		.SetInformationHandler = VmissingSet,
		.SendPacketsHandler = VmissingSendPackets,
		.TransferDataHandler = VmissingTransferData,
	};

	return NddRegisterMiniport(DriverObject, RegistryPath, &Chars, NULL);
}
