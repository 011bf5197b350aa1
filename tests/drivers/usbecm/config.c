// SPDX-License-Identifier: GPL-2.0-only
/*
 * Finding the ECM function and selecting it (CDC 1.2, ECM 1.2): the
 * configuration holding a communications interface of the ECM subclass
 * (a device may offer others first, as QEMU's usb-net offers RNDIS), its
 * union and Ethernet networking functional descriptors, the data
 * interface selected in alternate setting 0 with the configuration and
 * then in the setting with the bulk pipes, and the MAC address string.
 */
#include "usbecm.h"

static NTSTATUS UecmGetDescriptor(PUECM_ADAPTER A, UCHAR Type, UCHAR Index,
				  USHORT Language, PVOID Buffer, PULONG Length)
{
	NTSTATUS Status;
	URB Urb;

	NdisZeroMemory(&Urb, sizeof(Urb));
	UsbBuildGetDescriptorRequest(&Urb,
				     sizeof(struct _URB_CONTROL_DESCRIPTOR_REQUEST),
				     Type, Index, Language, Buffer, NULL,
				     *Length, NULL);
	Status = UecmCallUsb(A, &Urb);
	*Length = Urb.UrbControlDescriptorRequest.TransferBufferLength;
	if (NT_SUCCESS(Status) && !USBD_SUCCESS(Urb.UrbHeader.Status))
		Status = STATUS_UNSUCCESSFUL;
	return Status;
}

/* Configuration Index if it holds an ECM communications interface. */
static PUSB_CONFIGURATION_DESCRIPTOR UecmReadConfig(PUECM_ADAPTER A,
						    UCHAR Index)
{
	USB_CONFIGURATION_DESCRIPTOR Head;
	PUSB_CONFIGURATION_DESCRIPTOR C;
	ULONG Length = sizeof(Head), Total;

	if (!NT_SUCCESS(UecmGetDescriptor(A, USB_CONFIGURATION_DESCRIPTOR_TYPE,
					  Index, 0, &Head, &Length)) ||
	    Length < sizeof(Head) || Head.wTotalLength < sizeof(Head))
		return NULL;
	Total = Head.wTotalLength;
	if (NddAllocateZeroed((PVOID *)&C, Total, UECM_TAG) !=
	    NDIS_STATUS_SUCCESS)
		return NULL;
	Length = Total;
	if (NT_SUCCESS(UecmGetDescriptor(A, USB_CONFIGURATION_DESCRIPTOR_TYPE,
					 Index, 0, C, &Length)) &&
	    Length == Total && C->wTotalLength == Total &&
	    USBD_ParseConfigurationDescriptorEx(C, C, -1, -1, CDC_CLASS_COMM,
						CDC_SUBCLASS_ECM, -1))
		return C;
	NdisFreeMemory(C, Total, 0);
	return NULL;
}

/* The union and Ethernet functional descriptors after Comm. */
static BOOLEAN UecmParseFunctional(PUECM_ADAPTER A,
				   PUSB_INTERFACE_DESCRIPTOR Comm)
{
	PUCHAR End = (PUCHAR)A->Config + A->Config->wTotalLength;
	PUCHAR P = (PUCHAR)Comm + Comm->bLength;
	BOOLEAN Union = FALSE, Ether = FALSE;

	while (P + 2 < End && P[0] >= 2 && P + P[0] <= End &&
	       P[1] != USB_INTERFACE_DESCRIPTOR_TYPE) {
		if (P[1] == CDC_CS_INTERFACE && P[2] == CDC_FD_UNION &&
		    P[0] >= 5) {
			A->DataInterface = P[4];
			Union = TRUE;
		} else if (P[1] == CDC_CS_INTERFACE &&
			   P[2] == CDC_FD_ETHERNET && P[0] >= 13) {
			A->MacString = P[3];
			A->MaxSegment = P[8] | P[9] << 8;
			Ether = TRUE;
		}
		P += P[0];
	}
	return Union && Ether;
}

/* SELECT_INTERFACE: the data interface's alternate setting Alt. */
static NDIS_STATUS UecmSelectData(PUECM_ADAPTER A, UCHAR Alt, ULONG Pipes)
{
	ULONG Size = GET_SELECT_INTERFACE_REQUEST_SIZE(Pipes);
	PUSBD_INTERFACE_INFORMATION If;
	NDIS_STATUS Status;
	NTSTATUS NtStatus;
	PURB Urb;
	ULONG i;

	if (NddAllocateZeroed((PVOID *)&Urb, Size, UECM_TAG) !=
	    NDIS_STATUS_SUCCESS)
		return NDIS_STATUS_RESOURCES;
	UsbBuildSelectInterfaceRequest(Urb, (USHORT)Size, A->ConfigHandle,
				       A->DataInterface, Alt);
	If = &Urb->UrbSelectInterface.Interface;
	for (i = 0; i < Pipes; i++)
		If->Pipes[i].MaximumTransferSize = UECM_XFER_SIZE;
	NtStatus = UecmCallUsb(A, Urb);
	Status = NT_SUCCESS(NtStatus) ? NDIS_STATUS_ADAPTER_NOT_FOUND :
					NDIS_STATUS_FAILURE;
	for (i = 0; NT_SUCCESS(NtStatus) && i < If->NumberOfPipes; i++) {
		PUSBD_PIPE_INFORMATION P = &If->Pipes[i];

		if (P->PipeType != UsbdPipeTypeBulk)
			continue;
		if (USB_ENDPOINT_DIRECTION_IN(P->EndpointAddress)) {
			A->BulkIn = P->PipeHandle;
		} else {
			A->BulkOut = P->PipeHandle;
			A->BulkOutPacket = P->MaximumPacketSize;
		}
	}
	if (A->BulkIn && A->BulkOut && A->BulkOutPacket)
		Status = NDIS_STATUS_SUCCESS;
	NdisFreeMemory(Urb, Size, 0);
	return Status;
}

/* SELECT_CONFIGURATION: both interfaces, the data one in setting 0. */
static NDIS_STATUS UecmSelectConfig(PUECM_ADAPTER A,
				    PUSB_INTERFACE_DESCRIPTOR Comm,
				    PUSB_INTERFACE_DESCRIPTOR Data)
{
	USBD_INTERFACE_LIST_ENTRY List[3];
	PUSBD_INTERFACE_INFORMATION If;
	NDIS_STATUS Status = NDIS_STATUS_ADAPTER_NOT_FOUND;
	PURB Urb;
	ULONG i;

	NdisZeroMemory(List, sizeof(List));
	List[0].InterfaceDescriptor = Comm;
	List[1].InterfaceDescriptor = Data;
	Urb = USBD_CreateConfigurationRequestEx(A->Config, List);
	if (!Urb)
		return NDIS_STATUS_RESOURCES;
	if (NT_SUCCESS(UecmCallUsb(A, Urb)) &&
	    USBD_SUCCESS(Urb->UrbHeader.Status)) {
		A->ConfigHandle = Urb->UrbSelectConfiguration.ConfigurationHandle;
		If = List[0].Interface;
		for (i = 0; i < If->NumberOfPipes; i++) {
			if (If->Pipes[i].PipeType == UsbdPipeTypeInterrupt &&
			    USB_ENDPOINT_DIRECTION_IN(
				    If->Pipes[i].EndpointAddress)) {
				A->Notify = If->Pipes[i].PipeHandle;
				A->NotifyPacket =
					If->Pipes[i].MaximumPacketSize;
			}
		}
		Status = NDIS_STATUS_SUCCESS;
	}
	ExFreePool(Urb);
	return Status;
}

NDIS_STATUS UecmConfigure(PUECM_ADAPTER A)
{
	PUSB_INTERFACE_DESCRIPTOR Comm, Data0, Data;
	USB_DEVICE_DESCRIPTOR Dev;
	ULONG Length = sizeof(Dev);
	NDIS_STATUS Status;
	UCHAR i;

	if (!NT_SUCCESS(UecmGetDescriptor(A, USB_DEVICE_DESCRIPTOR_TYPE, 0, 0,
					  &Dev, &Length)) ||
	    Length != sizeof(Dev))
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	for (i = 0; i < Dev.bNumConfigurations && !A->Config; i++)
		A->Config = UecmReadConfig(A, i);
	if (!A->Config)
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	Comm = USBD_ParseConfigurationDescriptorEx(A->Config, A->Config, -1, -1,
						   CDC_CLASS_COMM,
						   CDC_SUBCLASS_ECM, -1);
	A->CommInterface = Comm->bInterfaceNumber;
	if (!UecmParseFunctional(A, Comm))
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	Data0 = USBD_ParseConfigurationDescriptorEx(A->Config, A->Config,
						    A->DataInterface, 0,
						    CDC_CLASS_DATA, -1, -1);
	/* ECM 1.2 section 3.3: the setting with the two bulk endpoints. */
	Data = NULL;
	for (i = 1; i < 8 && !Data; i++) {
		Data = USBD_ParseConfigurationDescriptorEx(
			A->Config, A->Config, A->DataInterface, i,
			CDC_CLASS_DATA, -1, -1);
		if (Data && Data->bNumEndpoints != 2)
			Data = NULL;
	}
	if (!Data0 || !Data)
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	Status = UecmSelectConfig(A, Comm, Data0);
	if (Status != NDIS_STATUS_SUCCESS)
		return Status;
	if (!A->Notify)
		return NDIS_STATUS_ADAPTER_NOT_FOUND;
	return UecmSelectData(A, Data->bAlternateSetting, Data->bNumEndpoints);
}

VOID UecmUnconfigure(PUECM_ADAPTER A)
{
	URB Urb;

	if (A->ConfigHandle && !A->Removed) {
		/* A NULL configuration descriptor puts the device back in the
		 * unconfigured state. */
		NdisZeroMemory(&Urb, sizeof(Urb));
		UsbBuildSelectConfigurationRequest(
			&Urb, sizeof(struct _URB_SELECT_CONFIGURATION), NULL);
		UecmCallUsb(A, &Urb);
	}
	A->ConfigHandle = NULL;
	if (A->Config)
		NdisFreeMemory(A->Config, A->Config->wTotalLength, 0);
	A->Config = NULL;
}

static int UecmHexDigit(WCHAR C)
{
	if (C >= L'0' && C <= L'9')
		return C - L'0';
	if (C >= L'A' && C <= L'F')
		return C - L'A' + 10;
	if (C >= L'a' && C <= L'f')
		return C - L'a' + 10;
	return -1;
}

/* ECM 1.2 section 5.4: iMACAddress is 12 hex digits, first byte first. */
BOOLEAN UecmReadMac(PUECM_ADAPTER A, UCHAR Mac[NDD_ETH_ALEN])
{
	UCHAR Buf[2 + 2 * 2 * NDD_ETH_ALEN];
	ULONG Length = sizeof(Buf);
	UCHAR Out[NDD_ETH_ALEN];
	ULONG i;

	if (!A->MacString ||
	    !NT_SUCCESS(UecmGetDescriptor(A, USB_STRING_DESCRIPTOR_TYPE,
					  A->MacString, 0x0409, Buf,
					  &Length)) ||
	    Length < sizeof(Buf) || Buf[0] < sizeof(Buf))
		return FALSE;
	for (i = 0; i < 2 * NDD_ETH_ALEN; i++) {
		int D = UecmHexDigit(Buf[2 + 2 * i] | Buf[3 + 2 * i] << 8);

		if (D < 0)
			return FALSE;
		if (i & 1)
			Out[i / 2] = (UCHAR)(Out[i / 2] << 4 | D);
		else
			Out[i / 2] = (UCHAR)D;
	}
	if (Out[0] & 1)
		return FALSE;			/* not a unicast address */
	NdisMoveMemory(Mac, Out, NDD_ETH_ALEN);
	return TRUE;
}
