// SPDX-License-Identifier: GPL-2.0-only
/*
 * An NDIS miniport over a USB device (the NDIS side of issue #16): the
 * adapter's device stack is the miniport's FDO on the USB device's PDO,
 * which is where a USB miniport sends its URBs. One documented rule per
 * test, with the C miniport of ndis_fakemp.c and the simulated CDC
 * Ethernet device (module/user/usbsim_ecm.c).
 */
#include <string.h>

#include "check.h"
#include "ndis_fakemp.h"
#include "nt/nt_exports.h"
#include "nt/nt_status.h"
#include "usbsim.h"
#include "usb/usb_types.h"
#include "usb/usb_bus.h"

void NTAPI ndlw_NdisMGetDeviceProperty(NDIS_HANDLE ad, DEVICE_OBJECT **pdo,
				       DEVICE_OBJECT **fdo,
				       DEVICE_OBJECT **next, void **raw,
				       void **translated);

static struct tap tap;

static NTAPI NTSTATUS on_done(DEVICE_OBJECT *dev, IRP *irp, void *ctx)
{
	*(bool *)ctx = true;
	return STATUS_MORE_PROCESSING_REQUIRED;
}

/* Rule (NdisMGetDeviceProperty): for a USB adapter the physical device
 * object and the next-lower one are the USB device's PDO, under the
 * miniport's FDO; an URB sent to the next-lower object reaches the
 * device, and the PDO stays the USB device's after the adapter is gone. */
static void test_usb_adapter_stack(void)
{
	struct ndl_usbsim *sim = ndl_usbsim_create(&ndl_usbsim_ecm);
	DEVICE_OBJECT *pdo = NULL, *fdo = NULL, *next = NULL;
	struct ndl_adapter_params p = {
		.ctx = &tap, .name = "usb0", .tx_slots = 8,
	};
	struct ndl_adapter *ad = NULL;
	struct ndl_pdo_desc desc;
	struct ndl_usb_dev *usb = NULL;
	struct ndl_driver *drv;
	USB_DEVICE_DESCRIPTOR dd;
	IO_STACK_LOCATION *sl;
	bool done = false;
	IRP *irp;
	URB urb;

	memset(&fm, 0, sizeof(fm));
	ndl_pdo_desc_usb(&desc, 0x0525, 0xa4a2, 0x0100, -1, 2, 0, 0, 1, 1);
	CHECK_EQ_INT(ndl_usb_dev_create(ndl_usbsim_os(sim), &ndl_usbsim_ops,
					&desc, &usb), STATUS_SUCCESS);
	drv = fm_container();
	if (!usb || !drv || fm_register(drv))
		goto out;
	tap_reset(&tap);
	p.drv = drv;
	p.ops = &tap_ops;
	p.usb = usb;
	if (ndl_adapter_create(&p, &ad))
		goto out;
	ndlw_NdisMGetDeviceProperty(ad, &pdo, &fdo, &next, NULL, NULL);
	CHECK(pdo == ndl_usb_dev_pdo(usb));
	CHECK(next == pdo);
	CHECK(fdo && fdo->DriverObject == &drv->object);
	CHECK_EQ_INT(fdo->StackSize, 2);

	memset(&urb, 0, sizeof(urb));
	urb.UrbHeader.Length = sizeof(struct _URB_CONTROL_DESCRIPTOR_REQUEST);
	urb.UrbHeader.Function = URB_FUNCTION_GET_DESCRIPTOR_FROM_DEVICE;
	urb.UrbControlDescriptorRequest.DescriptorType =
		USB_DEVICE_DESCRIPTOR_TYPE;
	urb.UrbControlDescriptorRequest.TransferBuffer = &dd;
	urb.UrbControlDescriptorRequest.TransferBufferLength = sizeof(dd);
	irp = ndlw_IoAllocateIrp(next->StackSize, FALSE);
	sl = ndl_irp_next_sl(irp);
	sl->MajorFunction = IRP_MJ_INTERNAL_DEVICE_CONTROL;
	sl->Parameters.DeviceIoControl.IoControlCode =
		IOCTL_INTERNAL_USB_SUBMIT_URB;
	sl->Parameters.Others.Argument1 = &urb;
	sl->CompletionRoutine = on_done;
	sl->Context = &done;
	sl->Control = SL_INVOKE_ON_SUCCESS | SL_INVOKE_ON_ERROR |
		      SL_INVOKE_ON_CANCEL;
	CHECK_EQ_INT(ndlw_IofCallDriver(next, irp), STATUS_PENDING);
	for (int i = 0; i < 10 && !done; i++)
		ndl_user_run_pending();
	CHECK(done);
	CHECK_EQ_INT(irp->IoStatus.Status, STATUS_SUCCESS);
	CHECK_EQ_INT(dd.idProduct, 0xa4a2);
	ndlw_IoFreeIrp(irp);
out:
	ndl_adapter_destroy(ad);
	if (drv)
		ndl_driver_unload(drv);
	if (usb) {
		CHECK(ndl_device_valid(ndl_usb_dev_pdo(usb)));
		CHECK_EQ_INT(ndl_usb_dev_delete(usb), 0);
	}
	ndl_usbsim_destroy(sim);
}

int main(void)
{
	int rc;

	test_init();
	RUN(test_usb_adapter_stack);
	rc = CHECK_EXIT_CODE();
	return test_exit() | rc;
}
