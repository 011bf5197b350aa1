/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulated USB devices for the user-space host: the host half of the
 * runtime's USB OS interface (struct ndl_os_usb_ops) over a device model.
 *
 * The host answers the standard requests from the model's descriptors
 * (GET_DESCRIPTOR, SET_CONFIGURATION, SET_INTERFACE, GET_STATUS,
 * CLEAR_FEATURE(ENDPOINT_HALT)) and passes everything else to the model.
 * Transfers wait in the host until the event loop's next pump point
 * (ndl_user_run_pending), where the model serves them; an IN transfer
 * the model has no data for stays pending (NAK), as on a real bus.
 * Completion never happens inside submit or cancel.
 */
#ifndef NDL_USER_USBSIM_H
#define NDL_USER_USBSIM_H

#include "core/os.h"

struct ndl_usbsim;

/* What a model's handler returns besides a byte count. */
#define NDL_USBSIM_NAK		(-1)	/* nothing yet: keep it pending */
#define NDL_USBSIM_STALL	(-2)	/* halt the endpoint */

struct ndl_usbsim_model {
	const char *name;
	const u8 *device_desc;		/* 18 bytes */
	/* Each configuration's whole set (wTotalLength), by descriptor
	 * index; NULL ends the list. */
	const u8 *const *configs;
	const char *const *strings;	/* index 1..: ASCII, NULL ends */
	size_t priv_size;		/* zeroed state for the model */
	/* Non-standard control request: IN bytes written to data, or
	 * NAK/STALL; OUT data is in data (len bytes). */
	int (*control)(struct ndl_usbsim *d, const u8 setup[8], void *data,
		       u32 len);
	/* OUT data on an endpoint: 0 (accepted) or STALL. */
	int (*out)(struct ndl_usbsim *d, u8 ep, const void *data, u32 len);
	/* IN transfer of up to len bytes: bytes, NAK or STALL. */
	int (*in)(struct ndl_usbsim *d, u8 ep, void *data, u32 len);
	/* After SET_CONFIGURATION / SET_INTERFACE succeeded. */
	void (*configured)(struct ndl_usbsim *d, u8 config);
	void (*interface_set)(struct ndl_usbsim *d, u8 intf, u8 alt);
	/* A frame from the wire: false if dropped. */
	bool (*receive)(struct ndl_usbsim *d, const void *frame, size_t len);
};

extern const struct ndl_os_usb_ops ndl_usbsim_ops;

struct ndl_usbsim *ndl_usbsim_create(const struct ndl_usbsim_model *model);
void ndl_usbsim_destroy(struct ndl_usbsim *d);	/* after the runtime let go */
struct ndl_os_usb *ndl_usbsim_os(struct ndl_usbsim *d);
void *ndl_usbsim_priv(struct ndl_usbsim *d);
const struct ndl_usbsim_model *ndl_usbsim_model(struct ndl_usbsim *d);

/* Test controls. */
void ndl_usbsim_unplug(struct ndl_usbsim *d);	/* pending: GONE */
void ndl_usbsim_halt(struct ndl_usbsim *d, u8 ep);	/* stall it */
u32 ndl_usbsim_pending(struct ndl_usbsim *d);	/* transfers held */
u8 ndl_usbsim_configuration(struct ndl_usbsim *d);
u8 ndl_usbsim_alternate(struct ndl_usbsim *d, u8 intf);
u32 ndl_usbsim_resets(struct ndl_usbsim *d);	/* port resets seen */
/* Frames: to the device from the wire, and what it sent. */
bool ndl_usbsim_inject(struct ndl_usbsim *d, const void *frame, size_t len);
void ndl_usbsim_transmit(struct ndl_usbsim *d, const void *frame,
			 size_t len);		/* for models */
size_t ndl_usbsim_collect(struct ndl_usbsim *d, void *frame, size_t len);

/* Serve pending transfers of every device (the event loop calls it). */
bool ndl_usbsim_poll_all(void);

/* The CDC Ethernet (ECM) device QEMU's usb-net presents (usbsim_ecm.c):
 * the ECM configuration alone, and as QEMU's usb-net has it (0525:a4a2
 * revision 0, configuration 2 RNDIS first, then configuration 1 ECM). */
extern const struct ndl_usbsim_model ndl_usbsim_ecm;
extern const struct ndl_usbsim_model ndl_usbsim_ecm_qemu;
/* Link state: sends NETWORK_CONNECTION on the interrupt endpoint. */
void ndl_usbsim_ecm_link(struct ndl_usbsim *d, bool up);
u16 ndl_usbsim_ecm_filter(struct ndl_usbsim *d);	/* packet filter */

#endif
