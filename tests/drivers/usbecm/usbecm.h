/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * usbecm: a deserialized NDIS 5.1 miniport for USB CDC Ethernet (ECM)
 * devices such as QEMU's usb-net, written from the USB CDC 1.2 and ECM
 * 1.2 specifications. It reaches the device only through the WDM USB
 * interface: NdisMGetDeviceProperty gives the next-lower device object,
 * URBs go down in IRPs (IOCTL_INTERNAL_USB_SUBMIT_URB) with completion
 * routines; bulk IN reads stay posted, the interrupt endpoint carries
 * link notifications, the packet filter is a class request.
 */
#ifndef USBECM_H
#define USBECM_H

#include "ndd.h"
#include <usbdrivr.h>

#define UECM_TAG		'mceU'
#define UECM_VERSION_MAJOR	1
#define UECM_VERSION_MINOR	0
#define UECM_MAX_RX_IRPS	32
#define UECM_MAX_TX_IRPS	32
#define UECM_XFER_SIZE		2048	/* a frame, a multiple of any packet */
#define UECM_NOTIFY_SIZE	64

/* CDC class codes and requests (CDC 1.2 section 4, 6; ECM 1.2 6.2). */
#define CDC_CLASS_COMM			0x02
#define CDC_SUBCLASS_ECM		0x06
#define CDC_CLASS_DATA			0x0a
#define CDC_CS_INTERFACE		0x24
#define CDC_FD_UNION			0x06
#define CDC_FD_ETHERNET			0x0f
#define CDC_SET_ETHERNET_PACKET_FILTER	0x43
#define CDC_NOTIFY_NETWORK_CONNECTION	0x00
#define CDC_NOTIFY_SPEED_CHANGE		0x2a
/* ECM 1.2 table 8: the packet filter bitmap. */
#define ECM_FILTER_PROMISCUOUS		0x01
#define ECM_FILTER_ALL_MULTICAST	0x02
#define ECM_FILTER_DIRECTED		0x04
#define ECM_FILTER_BROADCAST		0x08
#define ECM_FILTER_MULTICAST		0x10

struct _UECM_ADAPTER;

/* One IRP the driver owns, with its URB and transfer buffer. */
typedef struct _UECM_XFER {
	LIST_ENTRY Link;		/* on the free list (sends) */
	struct _UECM_ADAPTER *Adapter;
	PIRP Irp;
	URB Urb;
	PUCHAR Buffer;
	ULONG Size;			/* of Buffer */
	ULONG Length;			/* bytes to send */
	PNDIS_PACKET Packet;		/* the send it carries */
	BOOLEAN ZlpDue;			/* a zero-length packet ends it */
	BOOLEAN Busy;			/* the bus holds Irp (adapter lock) */
} UECM_XFER, *PUECM_XFER;

typedef struct _UECM_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;
	PDEVICE_OBJECT NextDevice;	/* where URBs go */

	/* The ECM function (config.c). */
	PUSB_CONFIGURATION_DESCRIPTOR Config;
	USBD_CONFIGURATION_HANDLE ConfigHandle;
	UCHAR CommInterface, DataInterface, MacString;
	USHORT MaxSegment;
	USBD_PIPE_HANDLE BulkIn, BulkOut, Notify;
	USHORT BulkOutPacket;		/* wMaxPacketSize of bulk OUT */
	USHORT NotifyPacket;		/* ... of the interrupt IN */
	ULONG RxIrps, TxIrps;
	BOOLEAN TestUnsupportedUrb;	/* probe.c */

	NDIS_SPIN_LOCK Lock;		/* everything below */
	LONG Posted;			/* IRPs the bus holds */
	NDIS_EVENT Idle;		/* set while Posted is 0 */
	BOOLEAN Halting;
	BOOLEAN Removed;
	LIST_ENTRY TxFree;
	LIST_ENTRY SendQueue;
	NDD_RX_POOL RxPool;
	UECM_XFER Rx[UECM_MAX_RX_IRPS];
	UECM_XFER Tx[UECM_MAX_TX_IRPS];
	UECM_XFER Int;
	UECM_XFER Ctl;			/* the packet filter request */
	USHORT DeviceFilter;		/* what the device was told */
	BOOLEAN FilterPending;
	ULONG RxErrorRun;		/* failed reads in a row */
	UCHAR Note[UECM_NOTIFY_SIZE];	/* a notification being assembled */
	ULONG NoteLength;
	ULONG64 RxErrors, FilterFailures;
} UECM_ADAPTER, *PUECM_ADAPTER;

/* usbio.c: URBs in IRPs to the next-lower device object. */
NTSTATUS UecmCallUsb(PUECM_ADAPTER A, PURB Urb);
NDIS_STATUS UecmXferAlloc(PUECM_ADAPTER A, PUECM_XFER X, ULONG Size);
VOID UecmXferFree(PUECM_XFER X);
/*
 * Send X's URB down X's IRP (reused), Done as completion routine; the
 * IRP counts as posted until Done hands it back with UecmXferDone.
 * FALSE (nothing sent) while halting or removed.
 */
BOOLEAN UecmXferSubmit(PUECM_XFER X, PIO_COMPLETION_ROUTINE Done);
VOID UecmXferDone(PUECM_XFER X);
/* Cancel X's IRP if the bus holds it. */
VOID UecmXferCancel(PUECM_XFER X);
VOID UecmBuildBulk(PUECM_XFER X, USBD_PIPE_HANDLE Pipe, ULONG Length,
		   BOOLEAN In);

/* config.c: finding and selecting the ECM function; its MAC address. */
NDIS_STATUS UecmConfigure(PUECM_ADAPTER A);
VOID UecmUnconfigure(PUECM_ADAPTER A);
BOOLEAN UecmReadMac(PUECM_ADAPTER A, UCHAR Mac[NDD_ETH_ALEN]);

/* probe.c: the TestUnsupportedUrb request; SUCCESS if refused as documented. */
NDIS_STATUS UecmProbeUnsupportedUrb(PUECM_ADAPTER A);

/* recv.c */
NDIS_STATUS UecmRxStart(PUECM_ADAPTER A);
VOID UecmRxFree(PUECM_ADAPTER A);
VOID UecmReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet);

/* send.c */
NDIS_STATUS UecmTxInit(PUECM_ADAPTER A);
VOID UecmTxFree(PUECM_ADAPTER A);
VOID UecmSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count);
VOID UecmCancelSendPackets(NDIS_HANDLE Context, PVOID CancelId);
VOID UecmFailQueuedSends(PUECM_ADAPTER A, NDIS_STATUS Status);

/* notify.c */
NDIS_STATUS UecmNotifyStart(PUECM_ADAPTER A);

/* oid.c */
extern const NDIS_OID UecmOids[];
extern const ULONG UecmOidsSize;
USHORT UecmEcmFilter(ULONG NdisFilter);
NDIS_STATUS UecmSetDeviceFilter(PUECM_ADAPTER A, USHORT Filter);
NDIS_STATUS UecmQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				 PVOID Buffer, ULONG Length,
				 PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS UecmSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
			       PVOID Buffer, ULONG Length, PULONG BytesRead,
			       PULONG BytesNeeded);

#endif
