/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The USB driver interface (USBDI) as client drivers compile it: USB
 * descriptors (packed, as usb100.h), URBs and the pipe and interface
 * information they carry (x64 layouts: drivers fill these with inline
 * macros such as UsbBuildInterruptOrBulkTransferRequest, so every offset
 * is ABI; static asserts below), URB function codes, transfer flags,
 * USBD_STATUS values and the internal IOCTLs a USB PDO answers.
 */
#ifndef NDL_USB_TYPES_H
#define NDL_USB_TYPES_H

#include "nt/nt_io.h"

/* Internal IOCTLs of a USB PDO: CTL_CODE(FILE_DEVICE_USB, n, NEITHER). */
#define FILE_DEVICE_USB			FILE_DEVICE_UNKNOWN
#define NDL_USB_IOCTL(n) \
	NDL_CTL_CODE(FILE_DEVICE_USB, n, METHOD_NEITHER, FILE_ANY_ACCESS)
#define IOCTL_INTERNAL_USB_SUBMIT_URB		NDL_USB_IOCTL(0)
#define IOCTL_INTERNAL_USB_RESET_PORT		NDL_USB_IOCTL(1)
#define IOCTL_INTERNAL_USB_GET_PORT_STATUS	NDL_USB_IOCTL(4)
#define IOCTL_INTERNAL_USB_CYCLE_PORT		NDL_USB_IOCTL(7)
#define USBD_PORT_ENABLED		0x1
#define USBD_PORT_CONNECTED		0x2

/* URB function codes. */
#define URB_FUNCTION_SELECT_CONFIGURATION		0x0000
#define URB_FUNCTION_SELECT_INTERFACE			0x0001
#define URB_FUNCTION_ABORT_PIPE				0x0002
#define URB_FUNCTION_GET_CURRENT_FRAME_NUMBER		0x0007
#define URB_FUNCTION_CONTROL_TRANSFER			0x0008
#define URB_FUNCTION_BULK_OR_INTERRUPT_TRANSFER		0x0009
#define URB_FUNCTION_ISOCH_TRANSFER			0x000a
#define URB_FUNCTION_GET_DESCRIPTOR_FROM_DEVICE		0x000b
#define URB_FUNCTION_GET_STATUS_FROM_DEVICE		0x0013
#define URB_FUNCTION_GET_STATUS_FROM_INTERFACE		0x0014
#define URB_FUNCTION_GET_STATUS_FROM_ENDPOINT		0x0015
#define URB_FUNCTION_VENDOR_DEVICE			0x0017
#define URB_FUNCTION_VENDOR_INTERFACE			0x0018
#define URB_FUNCTION_VENDOR_ENDPOINT			0x0019
#define URB_FUNCTION_CLASS_DEVICE			0x001a
#define URB_FUNCTION_CLASS_INTERFACE			0x001b
#define URB_FUNCTION_CLASS_ENDPOINT			0x001c
#define URB_FUNCTION_SYNC_RESET_PIPE_AND_CLEAR_STALL	0x001e
#define URB_FUNCTION_RESET_PIPE		URB_FUNCTION_SYNC_RESET_PIPE_AND_CLEAR_STALL
#define URB_FUNCTION_CLASS_OTHER			0x001f
#define URB_FUNCTION_VENDOR_OTHER			0x0020
#define URB_FUNCTION_GET_STATUS_FROM_OTHER		0x0021
#define URB_FUNCTION_GET_DESCRIPTOR_FROM_ENDPOINT	0x0024
#define URB_FUNCTION_GET_DESCRIPTOR_FROM_INTERFACE	0x0028
#define URB_FUNCTION_SYNC_RESET_PIPE			0x0030
#define URB_FUNCTION_SYNC_CLEAR_STALL			0x0031
#define URB_FUNCTION_CONTROL_TRANSFER_EX		0x0032

/* TransferFlags */
#define USBD_TRANSFER_DIRECTION_IN	0x1
#define USBD_SHORT_TRANSFER_OK		0x2
#define USBD_START_ISO_TRANSFER_ASAP	0x4
#define USBD_DEFAULT_PIPE_TRANSFER	0x8

/* USBD_STATUS: bits 31..30 are the state (00 ok, 01 pending, 1x error). */
typedef LONG USBD_STATUS;
#define USBD_STATUS_SUCCESS			((USBD_STATUS)0x00000000)
#define USBD_STATUS_PENDING			((USBD_STATUS)0x40000000)
#define USBD_STATUS_CRC				((USBD_STATUS)0xc0000001)
#define USBD_STATUS_BTSTUFF			((USBD_STATUS)0xc0000002)
#define USBD_STATUS_DATA_TOGGLE_MISMATCH	((USBD_STATUS)0xc0000003)
#define USBD_STATUS_STALL_PID			((USBD_STATUS)0xc0000004)
#define USBD_STATUS_DEV_NOT_RESPONDING		((USBD_STATUS)0xc0000005)
#define USBD_STATUS_DATA_OVERRUN		((USBD_STATUS)0xc0000008)
#define USBD_STATUS_BUFFER_OVERRUN		((USBD_STATUS)0xc000000c)
#define USBD_STATUS_BUFFER_UNDERRUN		((USBD_STATUS)0xc000000d)
#define USBD_STATUS_XACT_ERROR			((USBD_STATUS)0xc0000011)
#define USBD_STATUS_BABBLE_DETECTED		((USBD_STATUS)0xc0000012)
#define USBD_STATUS_ENDPOINT_HALTED		((USBD_STATUS)0xc0000030)
#define USBD_STATUS_INVALID_URB_FUNCTION	((USBD_STATUS)0x80000200)
#define USBD_STATUS_INVALID_PARAMETER		((USBD_STATUS)0x80000300)
#define USBD_STATUS_ERROR_BUSY			((USBD_STATUS)0x80000400)
#define USBD_STATUS_INVALID_PIPE_HANDLE		((USBD_STATUS)0x80000600)
#define USBD_STATUS_INTERNAL_HC_ERROR		((USBD_STATUS)0x80000800)
#define USBD_STATUS_NOT_SUPPORTED		((USBD_STATUS)0xc0000e00)
#define USBD_STATUS_INSUFFICIENT_RESOURCES	((USBD_STATUS)0xc0001000)
#define USBD_STATUS_SET_CONFIG_FAILED		((USBD_STATUS)0xc0002000)
#define USBD_STATUS_BUFFER_TOO_SMALL		((USBD_STATUS)0xc0003000)
#define USBD_STATUS_INTERFACE_NOT_FOUND		((USBD_STATUS)0xc0004000)
#define USBD_STATUS_TIMEOUT			((USBD_STATUS)0xc0006000)
#define USBD_STATUS_DEVICE_GONE			((USBD_STATUS)0xc0007000)
#define USBD_STATUS_CANCELED			((USBD_STATUS)0xc0010000)

/* Descriptor types and standard requests (USB 2.0 chapter 9). */
#define USB_DEVICE_DESCRIPTOR_TYPE		0x01
#define USB_CONFIGURATION_DESCRIPTOR_TYPE	0x02
#define USB_STRING_DESCRIPTOR_TYPE		0x03
#define USB_INTERFACE_DESCRIPTOR_TYPE		0x04
#define USB_ENDPOINT_DESCRIPTOR_TYPE		0x05
#define USB_INTERFACE_ASSOCIATION_DESCRIPTOR_TYPE	0x0b
#define USB_REQUEST_GET_STATUS			0x00
#define USB_REQUEST_CLEAR_FEATURE		0x01
#define USB_REQUEST_GET_DESCRIPTOR		0x06
#define USB_REQUEST_SET_CONFIGURATION		0x09
#define USB_REQUEST_SET_INTERFACE		0x0b

typedef struct __packed _USB_COMMON_DESCRIPTOR {
	UCHAR bLength;
	UCHAR bDescriptorType;
} USB_COMMON_DESCRIPTOR;

typedef struct __packed _USB_DEVICE_DESCRIPTOR {
	UCHAR bLength;
	UCHAR bDescriptorType;
	USHORT bcdUSB;
	UCHAR bDeviceClass;
	UCHAR bDeviceSubClass;
	UCHAR bDeviceProtocol;
	UCHAR bMaxPacketSize0;
	USHORT idVendor;
	USHORT idProduct;
	USHORT bcdDevice;
	UCHAR iManufacturer;
	UCHAR iProduct;
	UCHAR iSerialNumber;
	UCHAR bNumConfigurations;
} USB_DEVICE_DESCRIPTOR;

typedef struct __packed _USB_CONFIGURATION_DESCRIPTOR {
	UCHAR bLength;
	UCHAR bDescriptorType;
	USHORT wTotalLength;
	UCHAR bNumInterfaces;
	UCHAR bConfigurationValue;
	UCHAR iConfiguration;
	UCHAR bmAttributes;
	UCHAR MaxPower;
} USB_CONFIGURATION_DESCRIPTOR;

typedef struct __packed _USB_INTERFACE_DESCRIPTOR {
	UCHAR bLength;
	UCHAR bDescriptorType;
	UCHAR bInterfaceNumber;
	UCHAR bAlternateSetting;
	UCHAR bNumEndpoints;
	UCHAR bInterfaceClass;
	UCHAR bInterfaceSubClass;
	UCHAR bInterfaceProtocol;
	UCHAR iInterface;
} USB_INTERFACE_DESCRIPTOR;

typedef struct __packed _USB_ENDPOINT_DESCRIPTOR {
	UCHAR bLength;
	UCHAR bDescriptorType;
	UCHAR bEndpointAddress;
	UCHAR bmAttributes;
	USHORT wMaxPacketSize;
	UCHAR bInterval;
} USB_ENDPOINT_DESCRIPTOR;

typedef enum _USBD_PIPE_TYPE {
	UsbdPipeTypeControl,
	UsbdPipeTypeIsochronous,
	UsbdPipeTypeBulk,
	UsbdPipeTypeInterrupt,
} USBD_PIPE_TYPE;

typedef void *USBD_PIPE_HANDLE;
typedef void *USBD_CONFIGURATION_HANDLE;
typedef void *USBD_INTERFACE_HANDLE;

typedef struct _USBD_PIPE_INFORMATION {
	USHORT MaximumPacketSize;
	UCHAR EndpointAddress;
	UCHAR Interval;
	USBD_PIPE_TYPE PipeType;
	USBD_PIPE_HANDLE PipeHandle;
	ULONG MaximumTransferSize;
	ULONG PipeFlags;
} USBD_PIPE_INFORMATION;

typedef struct _USBD_INTERFACE_INFORMATION {
	USHORT Length;
	UCHAR InterfaceNumber;
	UCHAR AlternateSetting;
	UCHAR Class;
	UCHAR SubClass;
	UCHAR Protocol;
	UCHAR Reserved;
	USBD_INTERFACE_HANDLE InterfaceHandle;
	ULONG NumberOfPipes;
	USBD_PIPE_INFORMATION Pipes[1];
} USBD_INTERFACE_INFORMATION;

/* The size an interface entry with n pipes needs (GET_USBD_INTERFACE_SIZE). */
#define NDL_USBD_INTERFACE_SIZE(n) \
	(sizeof(USBD_INTERFACE_INFORMATION) + \
	 ((n) ? (n) - 1 : 0) * sizeof(USBD_PIPE_INFORMATION))

typedef struct _USBD_INTERFACE_LIST_ENTRY {
	USB_INTERFACE_DESCRIPTOR *InterfaceDescriptor;
	USBD_INTERFACE_INFORMATION *Interface;
} USBD_INTERFACE_LIST_ENTRY;

typedef struct _USBD_VERSION_INFORMATION {
	ULONG USBDI_Version;
	ULONG Supported_USB_Version;
} USBD_VERSION_INFORMATION;

struct _URB_HEADER {
	USHORT Length;
	USHORT Function;
	USBD_STATUS Status;
	void *UsbdDeviceHandle;
	ULONG UsbdFlags;
};

struct _URB_HCD_AREA {
	void *Reserved8[8];
};

struct _URB_SELECT_CONFIGURATION {
	struct _URB_HEADER Hdr;
	USB_CONFIGURATION_DESCRIPTOR *ConfigurationDescriptor;
	USBD_CONFIGURATION_HANDLE ConfigurationHandle;
	USBD_INTERFACE_INFORMATION Interface;
};

struct _URB_SELECT_INTERFACE {
	struct _URB_HEADER Hdr;
	USBD_CONFIGURATION_HANDLE ConfigurationHandle;
	USBD_INTERFACE_INFORMATION Interface;
};

struct _URB_PIPE_REQUEST {
	struct _URB_HEADER Hdr;
	USBD_PIPE_HANDLE PipeHandle;
	ULONG Reserved;
};

struct _URB_GET_CURRENT_FRAME_NUMBER {
	struct _URB_HEADER Hdr;
	ULONG FrameNumber;
};

/* The head every transfer URB shares (PipeHandle is Reserved in some). */
#define NDL_URB_TRANSFER_HEAD						\
	struct _URB_HEADER Hdr;						\
	USBD_PIPE_HANDLE PipeHandle;					\
	ULONG TransferFlags;						\
	ULONG TransferBufferLength;					\
	void *TransferBuffer;						\
	MDL *TransferBufferMDL

struct _URB_CONTROL_TRANSFER {
	NDL_URB_TRANSFER_HEAD;
	union _URB *UrbLink;
	struct _URB_HCD_AREA hca;
	UCHAR SetupPacket[8];
};

struct _URB_CONTROL_TRANSFER_EX {
	NDL_URB_TRANSFER_HEAD;
	ULONG Timeout;			/* milliseconds, 0: none */
	struct _URB_HCD_AREA hca;
	UCHAR SetupPacket[8];
};

struct _URB_BULK_OR_INTERRUPT_TRANSFER {
	NDL_URB_TRANSFER_HEAD;
	union _URB *UrbLink;
	struct _URB_HCD_AREA hca;
};

struct _URB_CONTROL_DESCRIPTOR_REQUEST {
	NDL_URB_TRANSFER_HEAD;		/* PipeHandle, TransferFlags reserved */
	union _URB *UrbLink;
	struct _URB_HCD_AREA hca;
	USHORT Reserved1;
	UCHAR Index;
	UCHAR DescriptorType;
	USHORT LanguageId;
	USHORT Reserved2;
};

struct _URB_CONTROL_GET_STATUS_REQUEST {
	NDL_URB_TRANSFER_HEAD;		/* PipeHandle, TransferFlags reserved */
	union _URB *UrbLink;
	struct _URB_HCD_AREA hca;
	UCHAR Reserved1[4];
	USHORT Index;
	USHORT Reserved2;
};

struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST {
	NDL_URB_TRANSFER_HEAD;		/* PipeHandle reserved */
	union _URB *UrbLink;
	struct _URB_HCD_AREA hca;
	UCHAR RequestTypeReservedBits;
	UCHAR Request;
	USHORT Value;
	USHORT Index;
	USHORT Reserved1;
};

/* Every transfer URB starts like this one (asserted below). */
struct ndl_urb_transfer {
	NDL_URB_TRANSFER_HEAD;
};

typedef union _URB {
	struct _URB_HEADER UrbHeader;
	struct _URB_SELECT_INTERFACE UrbSelectInterface;
	struct _URB_SELECT_CONFIGURATION UrbSelectConfiguration;
	struct _URB_PIPE_REQUEST UrbPipeRequest;
	struct _URB_GET_CURRENT_FRAME_NUMBER UrbGetCurrentFrameNumber;
	struct _URB_CONTROL_TRANSFER UrbControlTransfer;
	struct _URB_CONTROL_TRANSFER_EX UrbControlTransferEx;
	struct _URB_BULK_OR_INTERRUPT_TRANSFER UrbBulkOrInterruptTransfer;
	struct _URB_CONTROL_DESCRIPTOR_REQUEST UrbControlDescriptorRequest;
	struct _URB_CONTROL_GET_STATUS_REQUEST UrbControlGetStatusRequest;
	struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST
		UrbControlVendorClassRequest;
	struct ndl_urb_transfer transfer;
} URB;

NDL_STATIC_ASSERT(sizeof(USB_DEVICE_DESCRIPTOR) == 18, "device descriptor");
NDL_STATIC_ASSERT(sizeof(USB_CONFIGURATION_DESCRIPTOR) == 9, "config desc");
NDL_STATIC_ASSERT(sizeof(USB_INTERFACE_DESCRIPTOR) == 9, "interface desc");
NDL_STATIC_ASSERT(sizeof(USB_ENDPOINT_DESCRIPTOR) == 7, "endpoint desc");
NDL_STATIC_ASSERT(offsetof(USB_DEVICE_DESCRIPTOR, idVendor) == 8, "idVendor");
NDL_STATIC_ASSERT(sizeof(USBD_VERSION_INFORMATION) == 8, "version info");
#if defined(__x86_64__)
NDL_STATIC_ASSERT(sizeof(USBD_PIPE_INFORMATION) == 0x18, "x64 pipe info");
NDL_STATIC_ASSERT(offsetof(USBD_PIPE_INFORMATION, PipeType) == 4, "PipeType");
NDL_STATIC_ASSERT(offsetof(USBD_PIPE_INFORMATION, PipeHandle) == 8,
		  "x64 PipeHandle");
NDL_STATIC_ASSERT(offsetof(USBD_PIPE_INFORMATION, MaximumTransferSize) ==
		  0x10, "x64 MaximumTransferSize");
NDL_STATIC_ASSERT(sizeof(USBD_INTERFACE_INFORMATION) == 0x30,
		  "x64 interface info");
NDL_STATIC_ASSERT(offsetof(USBD_INTERFACE_INFORMATION, InterfaceHandle) == 8,
		  "x64 InterfaceHandle");
NDL_STATIC_ASSERT(offsetof(USBD_INTERFACE_INFORMATION, NumberOfPipes) == 0x10,
		  "x64 NumberOfPipes");
NDL_STATIC_ASSERT(offsetof(USBD_INTERFACE_INFORMATION, Pipes) == 0x18,
		  "x64 Pipes");
NDL_STATIC_ASSERT(sizeof(USBD_INTERFACE_LIST_ENTRY) == 16, "x64 list entry");
NDL_STATIC_ASSERT(sizeof(struct _URB_HEADER) == 0x18, "x64 URB header");
NDL_STATIC_ASSERT(offsetof(struct _URB_HEADER, Status) == 4, "x64 Status");
NDL_STATIC_ASSERT(offsetof(struct _URB_HEADER, UsbdFlags) == 0x10,
		  "x64 UsbdFlags");
NDL_STATIC_ASSERT(offsetof(struct _URB_SELECT_CONFIGURATION,
			   ConfigurationHandle) == 0x20, "x64 config handle");
NDL_STATIC_ASSERT(offsetof(struct _URB_SELECT_CONFIGURATION, Interface) ==
		  0x28, "x64 select-configuration Interface");
NDL_STATIC_ASSERT(sizeof(struct _URB_SELECT_CONFIGURATION) == 0x58,
		  "x64 select-configuration URB");
NDL_STATIC_ASSERT(offsetof(struct _URB_SELECT_INTERFACE, Interface) == 0x20,
		  "x64 select-interface Interface");
NDL_STATIC_ASSERT(sizeof(struct _URB_PIPE_REQUEST) == 0x28, "x64 pipe URB");
NDL_STATIC_ASSERT(offsetof(struct _URB_GET_CURRENT_FRAME_NUMBER,
			   FrameNumber) == 0x18, "x64 FrameNumber");
NDL_STATIC_ASSERT(offsetof(struct ndl_urb_transfer, TransferFlags) == 0x20,
		  "x64 TransferFlags");
NDL_STATIC_ASSERT(offsetof(struct ndl_urb_transfer, TransferBufferLength) ==
		  0x24, "x64 TransferBufferLength");
NDL_STATIC_ASSERT(offsetof(struct ndl_urb_transfer, TransferBuffer) == 0x28,
		  "x64 TransferBuffer");
NDL_STATIC_ASSERT(offsetof(struct ndl_urb_transfer, TransferBufferMDL) ==
		  0x30, "x64 TransferBufferMDL");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_TRANSFER, hca) == 0x40,
		  "x64 hca");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_TRANSFER, SetupPacket) == 0x80,
		  "x64 SetupPacket");
NDL_STATIC_ASSERT(sizeof(struct _URB_CONTROL_TRANSFER) == 0x88,
		  "x64 control URB");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_TRANSFER_EX, Timeout) == 0x38,
		  "x64 Timeout");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_TRANSFER_EX, SetupPacket) ==
		  0x80, "x64 SetupPacket (EX)");
NDL_STATIC_ASSERT(sizeof(struct _URB_BULK_OR_INTERRUPT_TRANSFER) == 0x80,
		  "x64 bulk URB");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_DESCRIPTOR_REQUEST, Index) ==
		  0x82, "x64 descriptor Index");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_DESCRIPTOR_REQUEST,
			   LanguageId) == 0x84, "x64 LanguageId");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_GET_STATUS_REQUEST, Index) ==
		  0x84, "x64 status Index");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST,
			   Request) == 0x81, "x64 Request");
NDL_STATIC_ASSERT(offsetof(struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST,
			   Index) == 0x84, "x64 vendor Index");
NDL_STATIC_ASSERT(sizeof(URB) == 0x88, "x64 URB");
#endif

#endif
