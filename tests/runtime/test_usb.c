// SPDX-License-Identifier: GPL-2.0-only
/*
 * Conformance of the USB bus (module/runtime/usb/) with the WDK's USB
 * client-driver documentation, one documented rule per test: URBs sent
 * as a driver sends them (IRP_MJ_INTERNAL_DEVICE_CONTROL with
 * IOCTL_INTERNAL_USB_SUBMIT_URB to the PDO) to a simulated CDC Ethernet
 * device (module/user/usbsim_ecm.c), and the usbd.sys helpers.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common.h"
#include "nt/nt_exports.h"
#include "nt/nt_status.h"
#include "usbsim.h"
#include "usb/usb_desc.h"
#include "usb/usb_priv.h"
#include "usb/usbd_api.h"

KIRQL FASTCALL ndlw_KfRaiseIrql(KIRQL to);
void FASTCALL ndlw_KfLowerIrql(KIRQL to);

#define ALL (SL_INVOKE_ON_SUCCESS | SL_INVOKE_ON_ERROR | SL_INVOKE_ON_CANCEL)

static struct ndl_usbsim *sim;
static struct ndl_usb_dev *usb;
static DEVICE_OBJECT *pdo;
static u8 config[256];
static USBD_PIPE_HANDLE pipe_notify, pipe_in, pipe_out;
static USBD_CONFIGURATION_HANDLE config_handle;

/* One request as a driver tracks it. */
struct req {
	IRP *irp;
	bool done;
	NTSTATUS status;
	KIRQL irql;
	int order;
};
static int completions;

static NTAPI NTSTATUS on_done(DEVICE_OBJECT *dev, IRP *irp, void *ctx)
{
	struct req *r = ctx;

	r->done = true;
	r->status = irp->IoStatus.Status;
	r->irql = ndlw_KeGetCurrentIrql();
	r->order = ++completions;
	return STATUS_MORE_PROCESSING_REQUIRED;	/* the driver frees it */
}

static NTSTATUS send_ioctl(struct req *r, u32 code, void *arg)
{
	IO_STACK_LOCATION *sl;

	memset(r, 0, sizeof(*r));
	r->irp = ndlw_IoAllocateIrp(pdo->StackSize, FALSE);
	sl = ndl_irp_next_sl(r->irp);
	sl->MajorFunction = IRP_MJ_INTERNAL_DEVICE_CONTROL;
	sl->Parameters.Others.Argument1 = arg;
	sl->Parameters.DeviceIoControl.IoControlCode = code;
	sl->CompletionRoutine = on_done;
	sl->Context = r;
	sl->Control = ALL;
	return ndlw_IofCallDriver(pdo, r->irp);
}

static NTSTATUS send(struct req *r, URB *urb)
{
	return send_ioctl(r, IOCTL_INTERNAL_USB_SUBMIT_URB, urb);
}

static void pump(void)
{
	for (int i = 0; i < 20; i++)
		ndl_user_run_pending();
}

static NTSTATUS finish(struct req *r)
{
	pump();
	CHECK(r->done);
	ndlw_IoFreeIrp(r->irp);
	return r->status;
}

/* A synchronous round trip; returns the IRP's status. */
static NTSTATUS roundtrip(URB *urb)
{
	struct req r;

	send(&r, urb);
	return finish(&r);
}

static void bulk(URB *urb, USBD_PIPE_HANDLE pipe, void *buf, MDL *mdl,
		 u32 len, u32 flags)
{
	memset(urb, 0, sizeof(*urb));
	urb->UrbHeader.Length = sizeof(struct _URB_BULK_OR_INTERRUPT_TRANSFER);
	urb->UrbHeader.Function = URB_FUNCTION_BULK_OR_INTERRUPT_TRANSFER;
	urb->UrbBulkOrInterruptTransfer.PipeHandle = pipe;
	urb->UrbBulkOrInterruptTransfer.TransferBuffer = buf;
	urb->UrbBulkOrInterruptTransfer.TransferBufferMDL = mdl;
	urb->UrbBulkOrInterruptTransfer.TransferBufferLength = len;
	urb->UrbBulkOrInterruptTransfer.TransferFlags = flags;
}

static void get_descriptor(URB *urb, u8 type, void *buf, u32 len)
{
	memset(urb, 0, sizeof(*urb));
	urb->UrbHeader.Length = sizeof(struct _URB_CONTROL_DESCRIPTOR_REQUEST);
	urb->UrbHeader.Function = URB_FUNCTION_GET_DESCRIPTOR_FROM_DEVICE;
	urb->UrbControlDescriptorRequest.DescriptorType = type;
	urb->UrbControlDescriptorRequest.TransferBuffer = buf;
	urb->UrbControlDescriptorRequest.TransferBufferLength = len;
}

static int wcs_eq(const WCHAR *w, const char *s)
{
	while (*s && *w == (u8)*s)
		w++, s++;
	return !*s && !*w;
}

/* Rule (USB identifiers): the hub driver reports USB\VID_v&PID_p&REV_r
 * and USB\VID_v&PID_p as hardware IDs and the USB class triple as
 * compatible IDs; the enumerator is "USB". */
static void test_ids(void)
{
	WCHAR w[256];
	ULONG need;

	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 1, sizeof(w), w, &need),
		     STATUS_SUCCESS);	/* DevicePropertyHardwareID */
	CHECK(wcs_eq(w, "USB\\VID_0525&PID_A4A2&REV_0100"));
	CHECK(wcs_eq(w + 31, "USB\\VID_0525&PID_A4A2"));
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 2, sizeof(w), w, &need),
		     STATUS_SUCCESS);	/* DevicePropertyCompatibleIDs */
	CHECK(wcs_eq(w, "USB\\Class_02&SubClass_00&Prot_00"));
	CHECK_EQ_INT(ndlw_IoGetDeviceProperty(pdo, 15, sizeof(w), w, &need),
		     STATUS_SUCCESS);	/* DevicePropertyEnumeratorName */
	CHECK(wcs_eq(w, "USB"));
}

/* Rule (USB identifiers, composite devices): the composite driver
 * reports each function as USB\VID_v&PID_p&REV_r&MI_z and
 * USB\VID_v&PID_p&MI_z (z: the interface number,
 * bInterfaceNumber), and the interface's class triple as compatible IDs. */
static void test_ids_composite(void)
{
	struct ndl_pdo_desc d;
	const char *h2, *c2;

	ndl_pdo_desc_usb(&d, 0x0cf3, 0x9271, 0x0108, 2, 0xff, 0x01, 0x02,
			 1, 3);
	CHECK_EQ_INT(strcmp(d.hardware_ids,
			    "USB\\VID_0CF3&PID_9271&REV_0108&MI_02"), 0);
	h2 = d.hardware_ids + strlen(d.hardware_ids) + 1;
	CHECK_EQ_INT(strcmp(h2, "USB\\VID_0CF3&PID_9271&MI_02"), 0);
	CHECK_EQ_INT(h2[strlen(h2) + 1], 0);	/* the list ends there */
	CHECK_EQ_INT(strcmp(d.compatible_ids,
			    "USB\\Class_FF&SubClass_01&Prot_02"), 0);
	c2 = d.compatible_ids + strlen(d.compatible_ids) + 1;
	CHECK_EQ_INT(strcmp(c2, "USB\\Class_FF&SubClass_01"), 0);
	/* The whole device (no interface): no &MI_ anywhere. */
	ndl_pdo_desc_usb(&d, 0x0cf3, 0x9271, 0x0108, -1, 0xff, 0x01, 0x02,
			 1, 3);
	CHECK_EQ_INT(strcmp(d.hardware_ids, "USB\\VID_0CF3&PID_9271&REV_0108"),
		     0);
}

/* Rule (URB_FUNCTION_GET_DESCRIPTOR_FROM_DEVICE): the request pends,
 * completes at DISPATCH_LEVEL with USBD_STATUS_SUCCESS and
 * TransferBufferLength set to the bytes returned. */
static void test_device_descriptor(void)
{
	USB_DEVICE_DESCRIPTOR dd;
	struct req r;
	URB urb;

	get_descriptor(&urb, USB_DEVICE_DESCRIPTOR_TYPE, &dd, 64);
	CHECK_EQ_INT(send(&r, &urb), STATUS_PENDING);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_PENDING);
	CHECK_EQ_INT(finish(&r), STATUS_SUCCESS);
	CHECK_EQ_INT(r.irql, NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbControlDescriptorRequest.TransferBufferLength, 18);
	CHECK_EQ_INT(dd.idVendor, 0x0525);
	CHECK_EQ_INT(dd.idProduct, 0xa4a2);

	get_descriptor(&urb, USB_CONFIGURATION_DESCRIPTOR_TYPE, config,
		       sizeof(config));
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbControlDescriptorRequest.TransferBufferLength,
		     ((USB_CONFIGURATION_DESCRIPTOR *)config)->wTotalLength);
}

/* Rule (usbd.sys parsing): USBD_ParseConfigurationDescriptorEx finds an
 * interface by any of its fields (-1: any) from StartPosition on;
 * USBD_ParseDescriptors the next descriptor of a type; a malformed
 * descriptor (bLength 0) ends the search instead of looping. */
static void test_parse(void)
{
	USB_CONFIGURATION_DESCRIPTOR *cd = (void *)config;
	const USB_INTERFACE_DESCRIPTOR *i;
	const USB_COMMON_DESCRIPTOR *c;
	USBD_VERSION_INFORMATION v;
	u8 bad[32];

	i = ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, -1, 1, 0x0a, -1,
						     -1);
	CHECK(i && i->bInterfaceNumber == 1 && i->bNumEndpoints == 2);
	i = ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 0, -1, -1, -1,
						     -1);
	CHECK(i && i->bInterfaceClass == 2);
	CHECK(!ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 2, -1, -1, -1,
							-1));
	c = ndlw_USBD_ParseDescriptors(cd, cd->wTotalLength, cd,
				       USB_ENDPOINT_DESCRIPTOR_TYPE);
	CHECK(c && ((USB_ENDPOINT_DESCRIPTOR *)c)->bEndpointAddress == 0x81);
	CHECK_EQ_INT(ndlw_USBD_GetInterfaceLength(i, config + cd->wTotalLength),
		     9 + 5 + 5 + 13 + 7);
	memcpy(bad, config, 9);
	bad[9] = 0;			/* bLength 0 */
	bad[10] = USB_INTERFACE_DESCRIPTOR_TYPE;
	CHECK(!ndlw_USBD_ParseDescriptors(bad, sizeof(bad), bad,
					  USB_INTERFACE_DESCRIPTOR_TYPE));
	ndlw_USBD_GetUSBDIVersion(&v);
	CHECK_EQ_INT(v.USBDI_Version, 0x500);
	CHECK_EQ_INT(v.Supported_USB_Version, 0x200);
}

/* Rule (URB_FUNCTION_SELECT_CONFIGURATION, USBD_CreateConfigurationRequestEx):
 * the URB holds one interface entry per list entry, sized for its
 * endpoints, with Interface pointing into it; after selection each entry
 * has its class triple, an interface handle and one pipe per endpoint
 * (address, type, packet size, interval, handle), and the device is
 * configured with the alternate settings asked for. */
static void test_select_configuration(void)
{
	USB_CONFIGURATION_DESCRIPTOR *cd = (void *)config;
	USBD_INTERFACE_LIST_ENTRY list[3] = { 0 };
	USBD_INTERFACE_INFORMATION *i0, *i1;
	URB *urb;

	list[0].InterfaceDescriptor = (USB_INTERFACE_DESCRIPTOR *)
		ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 0, 0, -1, -1,
							 -1);
	list[1].InterfaceDescriptor = (USB_INTERFACE_DESCRIPTOR *)
		ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 1, 1, -1, -1,
							 -1);
	urb = ndlw_USBD_CreateConfigurationRequestEx(cd, list);
	CHECK(urb);
	CHECK_EQ_INT(urb->UrbHeader.Function,
		     URB_FUNCTION_SELECT_CONFIGURATION);
	CHECK_EQ_INT(urb->UrbHeader.Length, 0x28 + 0x30 + 0x30 + 0x18);
	i0 = list[0].Interface;
	i1 = list[1].Interface;
	CHECK(i0 == &urb->UrbSelectConfiguration.Interface);
	CHECK((u8 *)i1 == (u8 *)i0 + 0x30);
	CHECK_EQ_INT(i1->Length, 0x48);
	CHECK_EQ_INT(i1->Pipes[1].MaximumTransferSize, 4096);

	CHECK_EQ_INT(roundtrip(urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb->UrbHeader.Status, USBD_STATUS_SUCCESS);
	CHECK(urb->UrbSelectConfiguration.ConfigurationHandle);
	CHECK_EQ_INT(ndl_usbsim_configuration(sim), 1);
	CHECK_EQ_INT(ndl_usbsim_alternate(sim, 1), 1);
	CHECK_EQ_INT(i0->Class, 2);
	CHECK_EQ_INT(i0->SubClass, 6);
	CHECK_EQ_INT(i0->NumberOfPipes, 1);
	CHECK_EQ_INT(i0->Pipes[0].EndpointAddress, 0x81);
	CHECK_EQ_INT(i0->Pipes[0].PipeType, UsbdPipeTypeInterrupt);
	CHECK_EQ_INT(i0->Pipes[0].MaximumPacketSize, 16);
	CHECK_EQ_INT(i0->Pipes[0].Interval, 32);
	CHECK_EQ_INT(i1->Class, 0x0a);
	CHECK_EQ_INT(i1->NumberOfPipes, 2);
	CHECK_EQ_INT(i1->Pipes[0].EndpointAddress, 0x82);
	CHECK_EQ_INT(i1->Pipes[0].PipeType, UsbdPipeTypeBulk);
	CHECK_EQ_INT(i1->Pipes[1].EndpointAddress, 0x02);
	CHECK_EQ_INT(i1->Pipes[1].MaximumPacketSize, 64);
	CHECK(i0->InterfaceHandle && i1->InterfaceHandle &&
	      i0->InterfaceHandle != i1->InterfaceHandle);
	pipe_notify = i0->Pipes[0].PipeHandle;
	pipe_in = i1->Pipes[0].PipeHandle;
	pipe_out = i1->Pipes[1].PipeHandle;
	CHECK(pipe_notify && pipe_in && pipe_out && pipe_in != pipe_out);
	config_handle = urb->UrbSelectConfiguration.ConfigurationHandle;
	ndlw_ExFreePool(urb);
}

/* Rule (URB_FUNCTION_SELECT_INTERFACE) sent above PASSIVE_LEVEL: the bus
 * does it at PASSIVE (the IRP pends), then reports the new setting's
 * pipes; alternate 0 of the data interface has none. */
static void test_select_interface(void)
{
	u8 buf[sizeof(struct _URB_SELECT_INTERFACE) + 0x18];
	URB *urb = (URB *)buf;
	struct req r;
	KIRQL old;

	memset(buf, 0, sizeof(buf));
	urb->UrbHeader.Length = sizeof(buf);
	urb->UrbHeader.Function = URB_FUNCTION_SELECT_INTERFACE;
	urb->UrbSelectInterface.ConfigurationHandle = config_handle;
	urb->UrbSelectInterface.Interface.Length = NDL_USBD_INTERFACE_SIZE(2);
	urb->UrbSelectInterface.Interface.InterfaceNumber = 1;
	urb->UrbSelectInterface.Interface.AlternateSetting = 0;
	old = ndlw_KfRaiseIrql(NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(send(&r, urb), STATUS_PENDING);
	ndlw_KfLowerIrql(old);
	CHECK_EQ_INT(finish(&r), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usbsim_alternate(sim, 1), 0);
	CHECK_EQ_INT(urb->UrbSelectInterface.Interface.NumberOfPipes, 0);

	urb->UrbSelectInterface.Interface.AlternateSetting = 1;
	CHECK_EQ_INT(roundtrip(urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb->UrbSelectInterface.Interface.NumberOfPipes, 2);
	pipe_in = urb->UrbSelectInterface.Interface.Pipes[0].PipeHandle;
	pipe_out = urb->UrbSelectInterface.Interface.Pipes[1].PipeHandle;

	/* A handle from before the change is no pipe any more. */
	urb->UrbSelectInterface.ConfigurationHandle = (void *)buf;
	CHECK_EQ_INT(roundtrip(urb), STATUS_INVALID_PARAMETER);
}

/* Rule (interrupt pipes): the device's notifications arrive on the
 * interrupt IN pipe; NETWORK_CONNECTION (CDC) says connected. */
static void test_interrupt_notification(void)
{
	u8 n[16];
	URB urb;

	bulk(&urb, pipe_notify, n, NULL, sizeof(n),
	     USBD_TRANSFER_DIRECTION_IN | USBD_SHORT_TRANSFER_OK);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbBulkOrInterruptTransfer.TransferBufferLength, 16);
	CHECK(n[0] == 0xa1 && n[1] == 0x00 && n[2] == 1);
	CHECK(n[8] == 0xa1 && n[9] == 0x2a);
	bulk(&urb, pipe_notify, n, NULL, sizeof(n),
	     USBD_TRANSFER_DIRECTION_IN | USBD_SHORT_TRANSFER_OK);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbBulkOrInterruptTransfer.TransferBufferLength, 8);
}

/* Rule (bulk transfers, buffer and MDL forms): OUT data reaches the
 * device; an IN transfer ends with the device's short packet, and
 * TransferBufferLength is what arrived. */
static void test_bulk(void)
{
	u8 frame[100], got[2048], *rx = malloc(2048);
	MDL *mdl = ndlw_IoAllocateMdl(rx, 2048, FALSE, FALSE, NULL);
	struct req r;
	URB urb;

	for (u32 i = 0; i < sizeof(frame); i++)
		frame[i] = (u8)i;
	bulk(&urb, pipe_out, frame, NULL, sizeof(frame), 0);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usbsim_collect(sim, got, sizeof(got)), sizeof(frame));
	CHECK(!memcmp(got, frame, sizeof(frame)));

	ndlw_MmBuildMdlForNonPagedPool(mdl);
	bulk(&urb, pipe_in, NULL, mdl, 2048,
	     USBD_TRANSFER_DIRECTION_IN | USBD_SHORT_TRANSFER_OK);
	CHECK_EQ_INT(send(&r, &urb), STATUS_PENDING);
	pump();
	CHECK(!r.done);			/* nothing on the wire yet: NAK */
	CHECK(ndl_usbsim_inject(sim, frame, sizeof(frame)));
	CHECK_EQ_INT(finish(&r), STATUS_SUCCESS);
	CHECK_EQ_INT(r.irql, NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(urb.UrbBulkOrInterruptTransfer.TransferBufferLength,
		     sizeof(frame));
	CHECK(!memcmp(rx, frame, sizeof(frame)));
	ndlw_IoFreeMdl(mdl);
	free(rx);
}

/* Rule (IoCancelIrp on a pending URB): the bus unlinks the transfer and
 * completes the IRP with STATUS_CANCELLED, USBD_STATUS_CANCELED, at
 * DISPATCH_LEVEL; data arriving later goes to the next transfer. */
static void test_cancel(void)
{
	u8 buf[2048], frame[60] = { 1, 2, 3 };
	struct req r;
	URB urb;

	bulk(&urb, pipe_in, buf, NULL, sizeof(buf),
	     USBD_TRANSFER_DIRECTION_IN | USBD_SHORT_TRANSFER_OK);
	CHECK_EQ_INT(send(&r, &urb), STATUS_PENDING);
	pump();
	CHECK_EQ_INT(ndl_usbsim_pending(sim), 1);
	CHECK(ndlw_IoCancelIrp(r.irp));
	CHECK_EQ_INT(finish(&r), STATUS_CANCELLED);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_CANCELED);
	CHECK_EQ_INT(r.irql, NDL_DISPATCH_LEVEL);
	CHECK_EQ_INT(ndl_usbsim_pending(sim), 0);
	CHECK_EQ_INT(ndl_usb_dev_busy(usb), 0);

	CHECK(ndl_usbsim_inject(sim, frame, sizeof(frame)));
	bulk(&urb, pipe_in, buf, NULL, sizeof(buf),
	     USBD_TRANSFER_DIRECTION_IN | USBD_SHORT_TRANSFER_OK);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbBulkOrInterruptTransfer.TransferBufferLength,
		     sizeof(frame));
}

/* Rule (URB_FUNCTION_ABORT_PIPE): every transfer pending on the pipe
 * completes as cancelled, then the abort request completes. */
static void test_abort_pipe(void)
{
	u8 b1[512], b2[512];
	struct req r1, r2, ra;
	URB u1, u2, ua;

	bulk(&u1, pipe_in, b1, NULL, sizeof(b1), USBD_TRANSFER_DIRECTION_IN);
	bulk(&u2, pipe_in, b2, NULL, sizeof(b2), USBD_TRANSFER_DIRECTION_IN);
	send(&r1, &u1);
	send(&r2, &u2);
	pump();
	memset(&ua, 0, sizeof(ua));
	ua.UrbHeader.Length = sizeof(struct _URB_PIPE_REQUEST);
	ua.UrbHeader.Function = URB_FUNCTION_ABORT_PIPE;
	ua.UrbPipeRequest.PipeHandle = pipe_in;
	CHECK_EQ_INT(send(&ra, &ua), STATUS_PENDING);
	CHECK_EQ_INT(finish(&r1), STATUS_CANCELLED);
	CHECK_EQ_INT(finish(&r2), STATUS_CANCELLED);
	CHECK_EQ_INT(finish(&ra), STATUS_SUCCESS);
	CHECK(ra.order > r1.order && ra.order > r2.order);
	CHECK_EQ_INT(u2.UrbHeader.Status, USBD_STATUS_CANCELED);
}

/* Rule (stalls and URB_FUNCTION_SYNC_RESET_PIPE_AND_CLEAR_STALL): a
 * halted endpoint fails transfers with USBD_STATUS_STALL_PID (the IRP
 * STATUS_UNSUCCESSFUL) until the driver resets the pipe. */
static void test_stall_and_reset(void)
{
	u8 frame[64] = { 0xff };
	URB urb;

	ndl_usbsim_halt(sim, 0x02);
	bulk(&urb, pipe_out, frame, NULL, sizeof(frame), 0);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_UNSUCCESSFUL);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_STALL_PID);
	memset(&urb, 0, sizeof(urb));
	urb.UrbHeader.Length = sizeof(struct _URB_PIPE_REQUEST);
	urb.UrbHeader.Function = URB_FUNCTION_SYNC_RESET_PIPE_AND_CLEAR_STALL;
	urb.UrbPipeRequest.PipeHandle = pipe_out;
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	bulk(&urb, pipe_out, frame, NULL, sizeof(frame), 0);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usbsim_collect(sim, frame, sizeof(frame)), 64);
}

/* Rule (class and vendor requests): the bus builds the SETUP packet from
 * the URB (type, recipient, direction, request, value, index); the
 * device's stall of a request it does not know is USBD_STATUS_STALL_PID. */
static void test_class_vendor(void)
{
	struct _URB_CONTROL_VENDOR_OR_CLASS_REQUEST *v;
	URB urb;

	memset(&urb, 0, sizeof(urb));
	v = &urb.UrbControlVendorClassRequest;
	v->Hdr.Length = sizeof(*v);
	v->Hdr.Function = URB_FUNCTION_CLASS_INTERFACE;
	v->Request = 0x43;		/* SET_ETHERNET_PACKET_FILTER */
	v->Value = 0x000e;
	v->Index = 0;
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usbsim_ecm_filter(sim), 0x000e);
	v->Hdr.Function = URB_FUNCTION_VENDOR_DEVICE;
	v->Request = 0x99;
	CHECK_EQ_INT(roundtrip(&urb), STATUS_UNSUCCESSFUL);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_STALL_PID);
}

/* Rule: a URB function the bus does not implement is refused with
 * STATUS_NOT_SUPPORTED and a log line naming it and the device; a code usb.h does not
 * define is USBD_STATUS_INVALID_URB_FUNCTION; an unknown pipe handle is
 * USBD_STATUS_INVALID_PIPE_HANDLE. */
static void test_refusals(void)
{
	URB urb;

	memset(&urb, 0, sizeof(urb));
	urb.UrbHeader.Length = sizeof(urb);
	urb.UrbHeader.Function = URB_FUNCTION_ISOCH_TRANSFER;
	log_clear();
	CHECK_EQ_INT(roundtrip(&urb), STATUS_NOT_SUPPORTED);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_NOT_SUPPORTED);
	CHECK(log_contains("URB_FUNCTION_ISOCH_TRANSFER"));
	CHECK(log_contains("USB\\VID_0525&PID_A4A2&REV_0100: URB_FUNCTION"));
	urb.UrbHeader.Function = 0x7777;
	CHECK_EQ_INT(roundtrip(&urb), STATUS_NOT_SUPPORTED);
	CHECK(log_contains("unknown URB function 0x7777"));
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_INVALID_URB_FUNCTION);
	bulk(&urb, &urb, NULL, NULL, 0, 0);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_INVALID_PARAMETER);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_INVALID_PIPE_HANDLE);
	CHECK_EQ_INT(strcmp(ndl_urb_function_name(0x2a),
			    "GET_MS_FEATURE_DESCRIPTOR"), 0);
	CHECK_EQ_INT(strcmp(ndl_urb_function_name(0x32),
			    "CONTROL_TRANSFER_EX"), 0);
}

/* A device that never answers a control request (NAKs forever). */
static int silent_control(struct ndl_usbsim *d, const u8 setup[8],
			  void *data, u32 len)
{
	return NDL_USBSIM_NAK;
}

/* Rule (URB_FUNCTION_CONTROL_TRANSFER_EX): a request the device does not
 * finish within Timeout milliseconds is cancelled and completes with
 * USBD_STATUS_TIMEOUT (STATUS_IO_TIMEOUT); the SETUP packet's wLength is
 * the transfer length. */
static void test_control_timeout(void)
{
	struct ndl_usbsim_model m = ndl_usbsim_ecm;
	struct _URB_CONTROL_TRANSFER_EX *c;
	struct ndl_usb_dev *u2;
	struct ndl_usbsim *s2;
	struct ndl_pdo_desc desc;
	DEVICE_OBJECT *keep = pdo;
	u8 buf[4];
	struct req r;
	URB urb;

	m.control = silent_control;
	s2 = ndl_usbsim_create(&m);
	ndl_pdo_desc_usb(&desc, 0x1234, 0x5678, 0x0001, 0, 0xff, 0, 0, 1, 2);
	CHECK_EQ_INT(ndl_usb_dev_create(ndl_usbsim_os(s2), &ndl_usbsim_ops,
					&desc, &u2), STATUS_SUCCESS);
	pdo = ndl_usb_dev_pdo(u2);
	memset(&urb, 0, sizeof(urb));
	c = &urb.UrbControlTransferEx;
	c->Hdr.Length = sizeof(*c);
	c->Hdr.Function = URB_FUNCTION_CONTROL_TRANSFER_EX;
	c->TransferFlags = USBD_DEFAULT_PIPE_TRANSFER |
			   USBD_TRANSFER_DIRECTION_IN;
	c->TransferBuffer = buf;
	c->TransferBufferLength = sizeof(buf);
	c->Timeout = 30;
	c->SetupPacket[0] = 0xc0;
	c->SetupPacket[1] = 0x01;
	CHECK_EQ_INT(send(&r, &urb), STATUS_PENDING);
	ndl_user_run_until(ndl_os_monotonic_ns() + 60000000);
	CHECK_EQ_INT(finish(&r), STATUS_IO_TIMEOUT);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_TIMEOUT);
	CHECK_EQ_INT(ndl_usbsim_pending(s2), 0);
	CHECK_EQ_INT(ndl_usb_dev_delete(u2), 0);
	ndl_usbsim_destroy(s2);
	pdo = keep;
}

/* Rule (USBD_STATUS from the host's transfer status, and the NTSTATUS
 * the documentation pairs with it). */
static void test_status_mapping(void)
{
	CHECK_EQ_INT(ndl_usbd_status(NDL_OS_USB_STALL), USBD_STATUS_STALL_PID);
	CHECK_EQ_INT(ndl_usbd_status(NDL_OS_USB_CRC), USBD_STATUS_CRC);
	CHECK_EQ_INT(ndl_usbd_status(NDL_OS_USB_NO_RESPONSE),
		     USBD_STATUS_DEV_NOT_RESPONDING);
	CHECK_EQ_INT(ndl_usbd_status(NDL_OS_USB_BABBLE),
		     USBD_STATUS_BABBLE_DETECTED);
	CHECK_EQ_INT(ndl_usbd_status(NDL_OS_USB_CANCELLED),
		     USBD_STATUS_CANCELED);
	CHECK_EQ_INT(ndl_usbd_status(NDL_OS_USB_GONE),
		     USBD_STATUS_DEVICE_GONE);
	CHECK_EQ_INT(ndl_usbd_ntstatus(USBD_STATUS_DEVICE_GONE),
		     STATUS_DEVICE_NOT_CONNECTED);
	CHECK_EQ_INT(ndl_usbd_ntstatus(USBD_STATUS_CANCELED),
		     STATUS_CANCELLED);
	CHECK_EQ_INT(ndl_usbd_ntstatus(USBD_STATUS_TIMEOUT),
		     STATUS_IO_TIMEOUT);
	CHECK_EQ_INT(ndl_usbd_ntstatus(USBD_STATUS_CRC), STATUS_UNSUCCESSFUL);
}

/* Rule (IOCTL_INTERNAL_USB_GET_PORT_STATUS, RESET_PORT): the port is
 * enabled and connected; a reset reaches the device's port. */
static void test_port(void)
{
	ULONG status = 0;
	struct req r;

	send_ioctl(&r, IOCTL_INTERNAL_USB_GET_PORT_STATUS, &status);
	CHECK_EQ_INT(finish(&r), STATUS_SUCCESS);
	CHECK_EQ_INT(status, USBD_PORT_ENABLED | USBD_PORT_CONNECTED);
	send_ioctl(&r, IOCTL_INTERNAL_USB_RESET_PORT, NULL);
	CHECK_EQ_INT(finish(&r), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usbsim_resets(sim), 1);
}

/* Rule (surprise removal): requests in flight complete with
 * STATUS_DEVICE_NOT_CONNECTED / USBD_STATUS_DEVICE_GONE, and so does
 * every later URB; the port reads not connected. */
static void test_surprise_removal(void)
{
	u8 buf[512];
	ULONG status = 3;
	struct req r;
	URB urb;

	bulk(&urb, pipe_in, buf, NULL, sizeof(buf), USBD_TRANSFER_DIRECTION_IN);
	CHECK_EQ_INT(send(&r, &urb), STATUS_PENDING);
	pump();
	ndl_usbsim_unplug(sim);
	ndl_usb_dev_gone(usb);
	CHECK_EQ_INT(finish(&r), STATUS_DEVICE_NOT_CONNECTED);
	CHECK_EQ_INT(urb.UrbHeader.Status, USBD_STATUS_DEVICE_GONE);
	bulk(&urb, pipe_out, buf, NULL, 64, 0);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_DEVICE_NOT_CONNECTED);
	send_ioctl(&r, IOCTL_INTERNAL_USB_GET_PORT_STATUS, &status);
	CHECK_EQ_INT(finish(&r), STATUS_SUCCESS);
	CHECK_EQ_INT(status, 0);
	CHECK_EQ_INT(ndl_usb_dev_busy(usb), 0);
}

/* Composite test devices: config(9), then descriptors as listed. */
#define CFG(total, n) 9, 2, (total) & 0xff, (total) >> 8, n, 1, 0, 0x80, 50
#define IAD(first, count, cls) 8, 0x0b, first, count, cls, 0, 0, 0
#define INTF(nr, alt, eps, cls) 9, 4, nr, alt, eps, cls, 0, 0, 0
#define EP(addr, type) 7, 5, addr, type, 64, 0, 0
#define CS(sub) 5, 0x24, sub, 0x10, 0x01

/* With IADs: function 0 = interfaces 0 and 1 (CDC comm + data with two
 * alternate settings), function 2 = interface 2. */
static const u8 composite_iad[] = {
	CFG(9 + 8 + 9 + 5 + 7 + 9 + 9 + 7 + 7 + 8 + 9 + 7, 3),
	IAD(0, 2, 2), INTF(0, 0, 1, 2), CS(0), EP(0x81, 3),
	INTF(1, 0, 0, 10), INTF(1, 1, 2, 10), EP(0x82, 2), EP(0x02, 2),
	IAD(2, 1, 0xff), INTF(2, 0, 1, 0xff), EP(0x83, 2),
};

/* Without IADs: each interface is a function of its own. */
static const u8 composite_plain[] = {
	CFG(9 + 9 + 7 + 9 + 9 + 7 + 7, 2),
	INTF(0, 0, 1, 0xff), EP(0x81, 2),
	INTF(1, 0, 0, 10), INTF(1, 1, 2, 10), EP(0x82, 2), EP(0x02, 2),
};

/* The filtered set of function first, checked for its totals. */
static u32 function_set(const u8 *cfg, u32 len, u8 first, u8 *out,
			u8 num_ifaces)
{
	const USB_CONFIGURATION_DESCRIPTOR *cd = (const void *)out;
	u32 n = ndl_usb_desc_function(cfg, len, first, out);

	if (n) {
		CHECK_EQ_INT(cd->wTotalLength, n);
		CHECK_EQ_INT(cd->bNumInterfaces, num_ifaces);
		CHECK_EQ_INT(cd->bConfigurationValue, 1);
	}
	return n;
}

/* Rule (USB generic parent driver, enumeration of interface collections):
 * the driver of a composite device's function sees a configuration
 * descriptor holding only that function's interfaces: the interface
 * association's group, else the single interface with its alternate
 * settings; interface numbers unchanged, bNumInterfaces and wTotalLength
 * adjusted; other functions' interfaces and endpoints absent. */
static void test_function_descriptor(void)
{
	u8 out[sizeof(composite_iad)], bad[sizeof(composite_plain)];
	const USB_CONFIGURATION_DESCRIPTOR *cd = (void *)out;
	const USB_INTERFACE_DESCRIPTOR *i;
	u32 n;

	/* MI_00 with an IAD: its IAD, interfaces 0 and 1 (both settings). */
	n = function_set(composite_iad, sizeof(composite_iad), 0, out, 2);
	CHECK_EQ_INT(n, 9 + 8 + 9 + 5 + 7 + 9 + 9 + 7 + 7);
	CHECK_EQ_INT(memcmp(out + 9, composite_iad + 9, n - 9), 0);
	CHECK(!ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 2, -1, -1, -1,
							-1));
	/* MI_02 with an IAD: interface 2 keeps its number. */
	n = function_set(composite_iad, sizeof(composite_iad), 2, out, 1);
	CHECK_EQ_INT(n, 9 + 8 + 9 + 7);
	CHECK_EQ_INT(out[9 + 1], 0x0b);
	i = ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, -1, -1, -1, -1,
						     -1);
	CHECK(i && i->bInterfaceNumber == 2 && i->bInterfaceClass == 0xff);
	CHECK(ndl_usb_desc_endpoint(out, n, i, 0)->bEndpointAddress == 0x83);
	CHECK(!ndl_usb_desc_endpoint(out, n, i, 1));
	/* Interface 1 starts no function of this device. */
	CHECK_EQ_INT(ndl_usb_desc_function(composite_iad,
					   sizeof(composite_iad), 1, out), 0);

	/* MI_00 without an IAD: interface 0 and its endpoint only. */
	n = function_set(composite_plain, sizeof(composite_plain), 0, out, 1);
	CHECK_EQ_INT(n, 9 + 9 + 7);
	CHECK(!ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 1, -1, -1, -1,
							-1));
	/* MI_01 without an IAD: both settings of interface 1, numbered 1. */
	n = function_set(composite_plain, sizeof(composite_plain), 1, out, 1);
	CHECK_EQ_INT(n, 9 + 9 + 9 + 7 + 7);
	i = ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 1, 1, -1, -1, -1);
	CHECK(i && i->bNumEndpoints == 2);
	CHECK(ndl_usb_desc_endpoint(out, n, i, 0)->bEndpointAddress == 0x82);
	CHECK(!ndlw_USBD_ParseConfigurationDescriptorEx(cd, cd, 0, -1, -1, -1,
							-1));
	CHECK_EQ_INT(ndl_usb_desc_function(composite_plain,
					   sizeof(composite_plain), 2, out), 0);

	/* A bad bLength, a short buffer or a non-configuration: nothing. */
	memcpy(bad, composite_plain, sizeof(bad));
	bad[9 + 9] = 0;
	CHECK_EQ_INT(ndl_usb_desc_function(bad, sizeof(bad), 0, out), 0);
	CHECK_EQ_INT(ndl_usb_desc_function(composite_plain, 8, 0, out), 0);
	CHECK_EQ_INT(ndl_usb_desc_function(composite_plain,
					   sizeof(composite_plain) - 1, 1,
					   out), 0);
	memcpy(bad, composite_plain, sizeof(bad));
	bad[1] = 1;
	CHECK_EQ_INT(ndl_usb_desc_function(bad, sizeof(bad), 0, out), 0);
}

/* Rule (USB generic parent driver): a function's driver asking its PDO
 * for the configuration descriptor gets its function's set: MI_01 of the
 * CDC device (no IAD) sees the data interface alone, still numbered 1,
 * with wTotalLength its own; a 9-byte request gets the header. */
static void test_function_config(void)
{
	const USB_CONFIGURATION_DESCRIPTOR *cd = (void *)config;
	const USB_CONFIGURATION_DESCRIPTOR *fd;
	const USB_INTERFACE_DESCRIPTOR *i;
	DEVICE_OBJECT *whole = pdo;
	struct ndl_pdo_desc desc;
	struct ndl_usb_dev *fn;
	u8 buf[256];
	URB urb;

	fd = (void *)buf;
	ndl_pdo_desc_usb(&desc, 0x0525, 0xa4a2, 0x0100, 1, 10, 0, 0, 1, 1);
	CHECK_EQ_INT(ndl_usb_dev_create(ndl_usbsim_os(sim), &ndl_usbsim_ops,
					&desc, &fn), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usb_dev_set_function(fn, 1), STATUS_SUCCESS);
	CHECK_EQ_INT(ndl_usb_dev_set_function(fn, 2), STATUS_NOT_FOUND);
	pdo = ndl_usb_dev_pdo(fn);
	get_descriptor(&urb, USB_CONFIGURATION_DESCRIPTOR_TYPE, buf, 9);
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbControlDescriptorRequest.TransferBufferLength, 9);
	CHECK_EQ_INT(fd->bNumInterfaces, 1);
	CHECK(fd->wTotalLength < cd->wTotalLength);
	get_descriptor(&urb, USB_CONFIGURATION_DESCRIPTOR_TYPE, buf,
		       sizeof(buf));
	CHECK_EQ_INT(roundtrip(&urb), STATUS_SUCCESS);
	CHECK_EQ_INT(urb.UrbControlDescriptorRequest.TransferBufferLength,
		     fd->wTotalLength);
	i = ndlw_USBD_ParseConfigurationDescriptorEx(fd, fd, -1, -1, -1, -1,
						     -1);
	CHECK(i && i->bInterfaceNumber == 1 && i->bInterfaceClass == 0x0a);
	CHECK(!ndlw_USBD_ParseConfigurationDescriptorEx(fd, fd, 0, -1, -1, -1,
							-1));
	pdo = whole;
	CHECK_EQ_INT(ndl_usb_dev_delete(fn), 0);
}

int main(void)
{
	struct ndl_pdo_desc desc;
	int rc;

	test_init();
	sim = ndl_usbsim_create(&ndl_usbsim_ecm);
	ndl_pdo_desc_usb(&desc, 0x0525, 0xa4a2, 0x0100, -1, 2, 0, 0, 1, 1);
	CHECK_EQ_INT(ndl_usb_dev_create(ndl_usbsim_os(sim), &ndl_usbsim_ops,
					&desc, &usb), STATUS_SUCCESS);
	pdo = ndl_usb_dev_pdo(usb);
	RUN(test_ids);
	RUN(test_ids_composite);
	RUN(test_device_descriptor);
	RUN(test_parse);
	RUN(test_function_descriptor);
	RUN(test_select_configuration);
	RUN(test_select_interface);
	RUN(test_function_config);
	RUN(test_interrupt_notification);
	RUN(test_bulk);
	RUN(test_cancel);
	RUN(test_abort_pipe);
	RUN(test_stall_and_reset);
	RUN(test_class_vendor);
	RUN(test_refusals);
	RUN(test_control_timeout);
	RUN(test_status_mapping);
	RUN(test_port);
	RUN(test_surprise_removal);
	CHECK_EQ_INT(ndl_usb_dev_delete(usb), 0);
	ndl_usbsim_destroy(sim);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
