/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A loaded Windows driver: its image, the DRIVER_OBJECT handed to
 * DriverEntry, and the slot where the NDIS layer keeps its per-driver
 * state. This is what the kernel glue and the user-space host hold.
 */
#ifndef NDL_DRIVER_H
#define NDL_DRIVER_H

#include "pe/pe.h"
#include "nt/nt_objects.h"

/* Miniport handlers, one bit each, as registered through NDIS. */
enum ndl_mp_handler {
	NDL_MP_CHECK_FOR_HANG, NDL_MP_DISABLE_INTERRUPT,
	NDL_MP_ENABLE_INTERRUPT, NDL_MP_HALT, NDL_MP_HANDLE_INTERRUPT,
	NDL_MP_INITIALIZE, NDL_MP_ISR, NDL_MP_QUERY_INFORMATION,
	NDL_MP_RECONFIGURE, NDL_MP_RESET, NDL_MP_SEND, NDL_MP_SET_INFORMATION,
	NDL_MP_TRANSFER_DATA, NDL_MP_RETURN_PACKET, NDL_MP_SEND_PACKETS,
	NDL_MP_ALLOCATE_COMPLETE, NDL_MP_CANCEL_SEND_PACKETS,
	NDL_MP_PNP_EVENT_NOTIFY, NDL_MP_SHUTDOWN,
	NDL_MP_HANDLER_COUNT
};
extern const char *const ndl_mp_handler_names[NDL_MP_HANDLER_COUNT];
/* NDIS 6 handlers (NDIS_MINIPORT_DRIVER_CHARACTERISTICS), in that order. */
enum ndl_mp6_handler {
	NDL_MP6_SET_OPTIONS, NDL_MP6_INITIALIZE, NDL_MP6_HALT, NDL_MP6_UNLOAD,
	NDL_MP6_PAUSE, NDL_MP6_RESTART, NDL_MP6_OID_REQUEST,
	NDL_MP6_SEND_NBLS, NDL_MP6_RETURN_NBLS, NDL_MP6_CANCEL_SEND,
	NDL_MP6_CHECK_FOR_HANG, NDL_MP6_RESET, NDL_MP6_DEVICE_PNP_EVENT,
	NDL_MP6_SHUTDOWN, NDL_MP6_CANCEL_OID_REQUEST, NDL_MP6_DIRECT_OID_REQUEST,
	NDL_MP6_CANCEL_DIRECT_OID_REQUEST, NDL_MP6_SYNCHRONOUS_OID_REQUEST,
	NDL_MP6_HANDLER_COUNT
};
extern const char *const ndl_mp6_handler_names[NDL_MP6_HANDLER_COUNT];

/* What the NDIS layer records when the driver registers (for reports). */
struct ndl_miniport_summary {
	bool registered;	/* NdisMRegisterMiniport(Driver) was called */
	u8 ndis_major, ndis_minor;	/* characteristics version */
	u32 status;		/* NDIS_STATUS returned to the driver */
	u32 handlers;		/* bit (1 << enum ndl_mp_handler) per handler */
	u32 attributes;		/* NdisMSetAttributes(Ex) flags, if called */
	char why[96];		/* why NDIS refused the registration, or "" */
};
/* The names of a summary's handler bits (NDIS 5 or NDIS 6), and how many. */
const char *const *ndl_mp_handler_table(const struct ndl_miniport_summary *s,
					u32 *count);

struct drv_ext;

struct ndl_driver {
	DRIVER_OBJECT object;
	DRIVER_EXTENSION extension;
	UNICODE_STRING registry_path;	/* \Registry\Machine\...\Services\<name> */
	WCHAR registry_buf[128];
	WCHAR name_buf[64];
	char name[48];			/* service name, ASCII */
	struct ndl_image *image;
	NTSTATUS entry_status;		/* what DriverEntry returned */
	bool started;
	/* NDIS layer: its per-driver state, released by ndis_release. */
	void *ndis;
	void (*ndis_release)(struct ndl_driver *drv);
	struct ndl_miniport_summary miniport;
	struct drv_ext *extensions;	/* IoAllocateDriverObjectExtension */
};

/*
 * Load a driver image and prepare its DRIVER_OBJECT (no code runs yet).
 * name: service name (e.g. "rtl8139"). Returns 0 or negative NDL_E*.
 */
int ndl_driver_load(const void *file, size_t len, const char *name,
		    const struct ndl_load_opts *opts, struct ndl_driver **out,
		    struct ndl_pe_error *err);
/* Run DriverEntry (PASSIVE level); returns its NTSTATUS. */
NTSTATUS ndl_driver_start(struct ndl_driver *drv);
/* DriverUnload (if started and set), NDIS release, unmap, free. */
void ndl_driver_unload(struct ndl_driver *drv);
/* Free the driver object extensions (nt_drvext.c); at unload. */
void ndl_driver_free_extensions(struct ndl_driver *drv);
/* The driver owning a DRIVER_OBJECT we created, or NULL. */
struct ndl_driver *ndl_driver_from_object(DRIVER_OBJECT *obj);

#endif
