// SPDX-License-Identifier: GPL-2.0-only
/*
 * ntsys: an NDIS 5.1 miniport that leans on the NT kernel services a real
 * driver package uses besides NDIS, written from Microsoft's reference
 * pages (not from this project's other test drivers or their library):
 *
 *  - DriverEntry reads its settings from RegistryPath\Parameters with
 *    RtlQueryRegistryValues (a DIRECT REG_SZ and a DWORD with a default),
 *    then starts a system thread (PsCreateSystemThread) that loads the
 *    firmware file with ZwCreateFile / ZwQueryInformationFile / ZwReadFile
 *    (with ByteOffset) and ends with PsTerminateSystemThread; DriverEntry
 *    waits on the thread object (ObReferenceObjectByHandle, *PsThreadType,
 *    KeWaitForSingleObject) and names an event for it
 *    (IoCreateNotificationEvent);
 *  - MiniportInitialize opens the device's driver key with
 *    IoOpenDeviceRegistryKey(PLUGPLAY_REGKEY_DRIVER), reads a value with
 *    ZwQueryValueKey (first with a buffer too small, as documented callers
 *    size it) and writes one back with ZwSetValueKey.
 *
 * Its control device (ctl.c) is what user-space tools open.
 *
 * The outcome is visible to tests in the station address: bytes 0-3 come
 * from the firmware file, byte 4 from the device's registry (MacByte4), and
 * byte 5 holds one bit per documented behaviour that held (NTSYS_ALL_OK
 * when all did). The data path completes sends and indicates nothing.
 * It binds to any PCI function (QEMU's pci-testdev in the VM test) without
 * touching it.
 */
#include "ntsys.h"

#define NTSYS_TAG 'syst'
#define NTSYS_FW_MAGIC 0x4653544e	/* "NTSF" */
/* Station address byte 5: one bit per check. */
#define OK_PARAMS	0x01	/* RtlQueryRegistryValues gave both values */
#define OK_THREAD	0x02	/* thread ran, its object signalled on exit */
#define OK_FIRMWARE	0x04	/* file opened, sized, read at an offset */
#define OK_EVENT	0x08	/* named event: same name, same event */
#define OK_DEVKEY	0x10	/* driver key read with the documented sizes */
#define OK_WRITE	0x20	/* ZwSetValueKey then read back; writes refused */
#define NTSYS_ALL_OK	0x3f

typedef struct _NTSYS_ADAPTER {
	NDIS_HANDLE Handle;
	UCHAR Mac[6];
	ULONG Filter;
	ULONG Lookahead;
} NTSYS_ADAPTER;

static NDIS_HANDLE WrapperHandle;
static WCHAR FwNameBuf[64];
static UNICODE_STRING FwName;
static ULONG FwOffset;
static UCHAR FwMac[4];
static ULONG Checks;

/* ---- DriverEntry: parameters, system thread, firmware -------------------- */

static VOID FirmwareThread(PVOID Context)
{
	UNICODE_STRING Path;
	WCHAR PathBuf[128];
	OBJECT_ATTRIBUTES Oa;
	IO_STATUS_BLOCK Iosb;
	FILE_STANDARD_INFORMATION Std;
	LARGE_INTEGER Offset;
	HANDLE File;
	ULONG Magic = 0;
	NTSTATUS Status;

	UNREFERENCED_PARAMETER(Context);
	Path.Buffer = PathBuf;
	Path.Length = 0;
	Path.MaximumLength = sizeof(PathBuf);
	RtlAppendUnicodeToString(&Path, L"\\SystemRoot\\system32\\drivers\\");
	RtlAppendUnicodeStringToString(&Path, &FwName);
	InitializeObjectAttributes(&Oa, &Path,
				   OBJ_CASE_INSENSITIVE | OBJ_KERNEL_HANDLE,
				   NULL, NULL);
	/* Write access is refused: the package's files are read-only. */
	Status = ZwCreateFile(&File, GENERIC_WRITE, &Oa, &Iosb, NULL,
			      FILE_ATTRIBUTE_NORMAL, 0, FILE_OPEN,
			      FILE_SYNCHRONOUS_IO_NONALERT, NULL, 0);
	if (Status != STATUS_ACCESS_DENIED) {
		if (NT_SUCCESS(Status))
			ZwClose(File);
		PsTerminateSystemThread(STATUS_UNSUCCESSFUL);
	}
	Status = ZwCreateFile(&File, GENERIC_READ | SYNCHRONIZE, &Oa, &Iosb,
			      NULL, FILE_ATTRIBUTE_NORMAL, FILE_SHARE_READ,
			      FILE_OPEN, FILE_SYNCHRONOUS_IO_NONALERT, NULL, 0);
	if (!NT_SUCCESS(Status) || Iosb.Information != FILE_OPENED)
		PsTerminateSystemThread(Status);
	Status = ZwQueryInformationFile(File, &Iosb, &Std, sizeof(Std),
					FileStandardInformation);
	if (NT_SUCCESS(Status) && Std.EndOfFile.QuadPart >= FwOffset + 4 &&
	    FwOffset >= 4) {
		Offset.QuadPart = 0;
		Status = ZwReadFile(File, NULL, NULL, NULL, &Iosb, &Magic,
				    sizeof(Magic), &Offset, NULL);
		Offset.QuadPart = FwOffset;
		if (NT_SUCCESS(Status) && Magic == NTSYS_FW_MAGIC)
			Status = ZwReadFile(File, NULL, NULL, NULL, &Iosb,
					    FwMac, sizeof(FwMac), &Offset,
					    NULL);
		if (NT_SUCCESS(Status) && Iosb.Information == sizeof(FwMac) &&
		    Magic == NTSYS_FW_MAGIC) {
			/* Past the end: STATUS_END_OF_FILE. */
			Offset.QuadPart = Std.EndOfFile.QuadPart;
			if (ZwReadFile(File, NULL, NULL, NULL, &Iosb, &Magic, 4,
				       &Offset, NULL) == STATUS_END_OF_FILE)
				Checks |= OK_FIRMWARE;
		}
	}
	ZwClose(File);
	Checks |= OK_THREAD;
	PsTerminateSystemThread(STATUS_SUCCESS);
}

static NTSTATUS ReadParameters(PUNICODE_STRING RegistryPath)
{
	RTL_QUERY_REGISTRY_TABLE Table[3];
	WCHAR Path[160];
	UNICODE_STRING Params;
	ULONG DefaultOffset = 8;
	NTSTATUS Status;

	Params.Buffer = Path;
	Params.Length = 0;
	Params.MaximumLength = sizeof(Path);
	RtlAppendUnicodeStringToString(&Params, RegistryPath);
	RtlAppendUnicodeToString(&Params, L"\\Parameters");
	FwName.Buffer = FwNameBuf;
	FwName.Length = 0;
	FwName.MaximumLength = sizeof(FwNameBuf);
	RtlZeroMemory(Table, sizeof(Table));
	Table[0].Flags = RTL_QUERY_REGISTRY_DIRECT | RTL_QUERY_REGISTRY_REQUIRED;
	Table[0].Name = L"FirmwareName";
	Table[0].EntryContext = &FwName;
	Table[1].Flags = RTL_QUERY_REGISTRY_DIRECT;
	Table[1].Name = L"FirmwareMacOffset";	/* absent: the default */
	Table[1].EntryContext = &FwOffset;
	Table[1].DefaultType = REG_DWORD;
	Table[1].DefaultData = &DefaultOffset;
	Table[1].DefaultLength = sizeof(ULONG);
	Status = RtlQueryRegistryValues(RTL_REGISTRY_ABSOLUTE, Path, Table,
					NULL, NULL);
	if (NT_SUCCESS(Status) && FwName.Length && FwOffset == 8)
		Checks |= OK_PARAMS;
	return Status;
}

static NTSTATUS RunFirmwareThread(void)
{
	HANDLE Thread;
	PVOID Object;
	NTSTATUS Status;

	Status = PsCreateSystemThread(&Thread, THREAD_ALL_ACCESS, NULL, NULL,
				      NULL, FirmwareThread, NULL);
	if (!NT_SUCCESS(Status))
		return Status;
	Status = ObReferenceObjectByHandle(Thread, THREAD_ALL_ACCESS,
					   *PsThreadType, KernelMode, &Object,
					   NULL);
	ZwClose(Thread);
	if (!NT_SUCCESS(Status))
		return Status;
	Status = KeWaitForSingleObject(Object, Executive, KernelMode, FALSE,
				       NULL);
	ObDereferenceObject(Object);
	if (Status != STATUS_SUCCESS)
		Checks &= ~(ULONG)OK_THREAD;
	return Status;
}

static VOID CheckNamedEvent(void)
{
	UNICODE_STRING Name;
	HANDLE H1, H2;
	PKEVENT E1, E2;

	RtlInitUnicodeString(&Name, L"\\BaseNamedObjects\\NtsysReady");
	E1 = IoCreateNotificationEvent(&Name, &H1);
	if (!E1)
		return;
	E2 = IoCreateNotificationEvent(&Name, &H2);
	if (E2 == E1 && KeReadStateEvent(E1) == 1)
		Checks |= OK_EVENT;
	if (E2)
		ZwClose(H2);
	ZwClose(H1);
}

/* ---- MiniportInitialize: the device's driver key -------------------------- */

static ULONG ParseNumber(const WCHAR *S, ULONG Chars)
{
	ULONG V = 0, Base = 10, I = 0;

	if (Chars > 2 && S[0] == L'0' && (S[1] == L'x' || S[1] == L'X')) {
		Base = 16;
		I = 2;
	}
	for (; I < Chars && S[I]; I++) {
		WCHAR C = S[I];
		ULONG D = C >= L'0' && C <= L'9' ? (ULONG)(C - L'0') :
			  C >= L'a' && C <= L'f' ? (ULONG)(C - L'a' + 10) :
			  C >= L'A' && C <= L'F' ? (ULONG)(C - L'A' + 10) : 99;

		if (D >= Base)
			break;
		V = V * Base + D;
	}
	return V;
}

static UCHAR ReadDeviceKey(NDIS_HANDLE MiniportHandle)
{
	PDEVICE_OBJECT Pdo = NULL, Fdo = NULL, Next = NULL;
	UNICODE_STRING Name;
	HANDLE Key;
	UCHAR Small[8], Buf[64];
	PKEY_VALUE_PARTIAL_INFORMATION Info =
		(PKEY_VALUE_PARTIAL_INFORMATION)Buf;
	ULONG Needed = 0, Got = 0, Count;
	UCHAR Byte4 = 0;
	NTSTATUS Status;

	NdisMGetDeviceProperty(MiniportHandle, &Pdo, &Fdo, &Next, NULL, NULL);
	if (!Pdo || !NT_SUCCESS(IoOpenDeviceRegistryKey(Pdo,
			PLUGPLAY_REGKEY_DRIVER, KEY_READ | KEY_WRITE, &Key)))
		return 0;
	RtlInitUnicodeString(&Name, L"MacByte4");
	/* Too small for the fixed part: nothing written, size reported. */
	Status = ZwQueryValueKey(Key, &Name, KeyValuePartialInformation,
				 Small, sizeof(Small), &Needed);
	if (Status == STATUS_BUFFER_TOO_SMALL && Needed > sizeof(Small) &&
	    Needed <= sizeof(Buf) &&
	    NT_SUCCESS(ZwQueryValueKey(Key, &Name, KeyValuePartialInformation,
				       Buf, Needed, &Got)) &&
	    Got == Needed && Info->Type == REG_SZ) {
		Byte4 = (UCHAR)ParseNumber((const WCHAR *)Info->Data,
					   Info->DataLength / sizeof(WCHAR));
		Checks |= OK_DEVKEY;
	}
	/* Count the initializations in the key; read the count back. */
	RtlInitUnicodeString(&Name, L"NtsysInitCount");
	Count = 0;
	if (NT_SUCCESS(ZwQueryValueKey(Key, &Name, KeyValuePartialInformation,
				       Buf, sizeof(Buf), &Got)) &&
	    Info->Type == REG_DWORD)
		Count = *(ULONG *)Info->Data;
	Count++;
	if (NT_SUCCESS(ZwSetValueKey(Key, &Name, 0, REG_DWORD, &Count,
				     sizeof(Count))) &&
	    NT_SUCCESS(ZwQueryValueKey(Key, &Name, KeyValuePartialInformation,
				       Buf, sizeof(Buf), &Got)) &&
	    *(ULONG *)Info->Data == Count)
		Checks |= OK_WRITE;
	ZwClose(Key);
	return Byte4;
}

static NDIS_STATUS NtsysInitialize(PNDIS_STATUS OpenError, PUINT Selected,
				   PNDIS_MEDIUM Media, UINT MediaCount,
				   NDIS_HANDLE MiniportHandle,
				   NDIS_HANDLE Config)
{
	NTSYS_ADAPTER *A;
	UINT I;

	for (I = 0; I < MediaCount && Media[I] != NdisMedium802_3; I++)
		;
	if (I == MediaCount)
		return NDIS_STATUS_UNSUPPORTED_MEDIA;
	*Selected = I;
	if (NdisAllocateMemoryWithTag((PVOID *)&A, sizeof(*A), NTSYS_TAG) !=
	    NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	NdisZeroMemory(A, sizeof(*A));
	A->Handle = MiniportHandle;
	A->Mac[4] = ReadDeviceKey(MiniportHandle);
	NdisMoveMemory(A->Mac, FwMac, sizeof(FwMac));
	A->Mac[5] = (UCHAR)Checks;
	A->Lookahead = 1500;
	NdisMSetAttributesEx(MiniportHandle, A, 0,
			     NDIS_ATTRIBUTE_NO_HALT_ON_SUSPEND,
			     NdisInterfaceInternal);
	NtsysCtlRegister(WrapperHandle);
	return NDIS_STATUS_SUCCESS;
}

static VOID NtsysHalt(NDIS_HANDLE Context)
{
	NtsysCtlDeregister();
	NdisFreeMemory(Context, sizeof(NTSYS_ADAPTER), 0);
}

static NDIS_STATUS NtsysReset(PBOOLEAN AddressingReset, NDIS_HANDLE Context)
{
	*AddressingReset = FALSE;
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS NtsysSend(NDIS_HANDLE Context, PNDIS_PACKET Packet,
			     UINT Flags)
{
	return NDIS_STATUS_SUCCESS;	/* a wire to nowhere */
}

static const NDIS_OID SupportedOids[] = {
	OID_GEN_SUPPORTED_LIST, OID_GEN_HARDWARE_STATUS,
	OID_GEN_MEDIA_SUPPORTED, OID_GEN_MEDIA_IN_USE,
	OID_GEN_MAXIMUM_LOOKAHEAD, OID_GEN_MAXIMUM_FRAME_SIZE,
	OID_GEN_LINK_SPEED, OID_GEN_TRANSMIT_BUFFER_SPACE,
	OID_GEN_RECEIVE_BUFFER_SPACE, OID_GEN_TRANSMIT_BLOCK_SIZE,
	OID_GEN_RECEIVE_BLOCK_SIZE, OID_GEN_VENDOR_ID,
	OID_GEN_VENDOR_DESCRIPTION, OID_GEN_CURRENT_PACKET_FILTER,
	OID_GEN_CURRENT_LOOKAHEAD, OID_GEN_DRIVER_VERSION,
	OID_GEN_MAXIMUM_TOTAL_SIZE, OID_GEN_MAC_OPTIONS,
	OID_GEN_MEDIA_CONNECT_STATUS, OID_GEN_MAXIMUM_SEND_PACKETS,
	OID_GEN_XMIT_OK, OID_GEN_RCV_OK, OID_GEN_XMIT_ERROR,
	OID_GEN_RCV_ERROR, OID_GEN_RCV_NO_BUFFER,
	OID_802_3_PERMANENT_ADDRESS, OID_802_3_CURRENT_ADDRESS,
	OID_802_3_MULTICAST_LIST, OID_802_3_MAXIMUM_LIST_SIZE,
};

static NDIS_STATUS NtsysQuery(NDIS_HANDLE Context, NDIS_OID Oid, PVOID Buf,
			      ULONG Len, PULONG Written, PULONG Needed)
{
	NTSYS_ADAPTER *A = Context;
	static const char Desc[] = "ndisload ntsys";
	const void *Src;
	ULONG Value = 0, Size = sizeof(ULONG);

	Src = &Value;
	switch (Oid) {
	case OID_GEN_SUPPORTED_LIST:
		Src = SupportedOids;
		Size = sizeof(SupportedOids);
		break;
	case OID_GEN_HARDWARE_STATUS:
		Value = NdisHardwareStatusReady;
		break;
	case OID_GEN_MEDIA_SUPPORTED:
	case OID_GEN_MEDIA_IN_USE:
		Value = NdisMedium802_3;
		break;
	case OID_GEN_MAXIMUM_LOOKAHEAD:
	case OID_GEN_MAXIMUM_FRAME_SIZE:
		Value = 1500;
		break;
	case OID_GEN_CURRENT_LOOKAHEAD:
		Value = A->Lookahead;
		break;
	case OID_GEN_LINK_SPEED:
		Value = 1000000;	/* 100 Mbit/s in 100 bit/s units */
		break;
	case OID_GEN_TRANSMIT_BUFFER_SPACE:
	case OID_GEN_RECEIVE_BUFFER_SPACE:
		Value = 16 * 1514;
		break;
	case OID_GEN_TRANSMIT_BLOCK_SIZE:
	case OID_GEN_RECEIVE_BLOCK_SIZE:
	case OID_GEN_MAXIMUM_TOTAL_SIZE:
		Value = 1514;
		break;
	case OID_GEN_VENDOR_ID:
		Value = 0xffffff;
		break;
	case OID_GEN_VENDOR_DESCRIPTION:
		Src = Desc;
		Size = sizeof(Desc);
		break;
	case OID_GEN_DRIVER_VERSION:
		Value = 0x0501;
		Size = sizeof(USHORT);
		break;
	case OID_GEN_CURRENT_PACKET_FILTER:
		Value = A->Filter;
		break;
	case OID_GEN_MAC_OPTIONS:
		Value = NDIS_MAC_OPTION_NO_LOOPBACK;
		break;
	case OID_GEN_MEDIA_CONNECT_STATUS:
		Value = NdisMediaStateConnected;
		break;
	case OID_GEN_MAXIMUM_SEND_PACKETS:
		Value = 1;
		break;
	case OID_GEN_XMIT_OK:
	case OID_GEN_RCV_OK:
	case OID_GEN_XMIT_ERROR:
	case OID_GEN_RCV_ERROR:
	case OID_GEN_RCV_NO_BUFFER:
		break;
	case OID_802_3_PERMANENT_ADDRESS:
	case OID_802_3_CURRENT_ADDRESS:
		Src = A->Mac;
		Size = 6;
		break;
	case OID_802_3_MAXIMUM_LIST_SIZE:
		Value = 32;
		break;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	if (Len < Size) {
		*Needed = Size;
		*Written = 0;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Buf, Src, Size);
	*Written = Size;
	*Needed = 0;
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS NtsysSet(NDIS_HANDLE Context, NDIS_OID Oid, PVOID Buf,
			    ULONG Len, PULONG Read, PULONG Needed)
{
	NTSYS_ADAPTER *A = Context;

	*Read = 0;
	*Needed = 0;
	switch (Oid) {
	case OID_GEN_CURRENT_PACKET_FILTER:
	case OID_GEN_CURRENT_LOOKAHEAD:
		if (Len < sizeof(ULONG)) {
			*Needed = sizeof(ULONG);
			return NDIS_STATUS_INVALID_LENGTH;
		}
		if (Oid == OID_GEN_CURRENT_PACKET_FILTER)
			A->Filter = *(ULONG *)Buf;
		else
			A->Lookahead = *(ULONG *)Buf;
		*Read = sizeof(ULONG);
		return NDIS_STATUS_SUCCESS;
	case OID_802_3_MULTICAST_LIST:
		if (Len % 6) {
			*Needed = (Len / 6 + 1) * 6;
			return NDIS_STATUS_INVALID_LENGTH;
		}
		*Read = Len;
		return NDIS_STATUS_SUCCESS;
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
	NDIS_MINIPORT_CHARACTERISTICS Chars;
	NDIS_STATUS Status;

	if (!NT_SUCCESS(ReadParameters(RegistryPath)) ||
	    !NT_SUCCESS(RunFirmwareThread()))
		return STATUS_UNSUCCESSFUL;
	CheckNamedEvent();
	NdisMInitializeWrapper(&WrapperHandle, DriverObject, RegistryPath,
			       NULL);
	if (!WrapperHandle)
		return STATUS_UNSUCCESSFUL;
	NdisZeroMemory(&Chars, sizeof(Chars));
	Chars.MajorNdisVersion = 5;
	Chars.MinorNdisVersion = 1;
	Chars.InitializeHandler = NtsysInitialize;
	Chars.HaltHandler = NtsysHalt;
	Chars.ResetHandler = NtsysReset;
	Chars.QueryInformationHandler = NtsysQuery;
	Chars.SetInformationHandler = NtsysSet;
	Chars.SendHandler = NtsysSend;
	Status = NdisMRegisterMiniport(WrapperHandle, &Chars, sizeof(Chars));
	if (Status != NDIS_STATUS_SUCCESS) {
		NdisTerminateWrapper(WrapperHandle, NULL);
		return Status;
	}
	return STATUS_SUCCESS;
}
