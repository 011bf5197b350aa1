/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internals of the device-object files (nt_device.c, nt_symlink.c,
 * nt_pdo.c): the runtime's wrapper around each DEVICE_OBJECT and the
 * lock over device stacks and names.
 */
#ifndef NDL_NT_DEVICE_H
#define NDL_NT_DEVICE_H

#include "nt/nt_api.h"
#include "nt/nt_io.h"

struct ndl_pdo;
struct ndl_hostdev;

struct ndl_devobj {
	DEVICE_OBJECT obj;		/* first: what drivers hold */
	u64 magic;
	struct {			/* head of Windows' DEVOBJ_EXTENSION */
		CSHORT Type;
		USHORT Size;
		DEVICE_OBJECT *DeviceObject;
	} ext;
	DEVICE_OBJECT *lower;		/* IoAttachDeviceToDeviceStack */
	struct ndl_pdo *pdo;		/* set for PDOs (nt_pdo.c) */
	ULONG power[2];			/* PoSetPowerState: system, device */
	PDRIVER_DISPATCH *major;	/* a table of its own, or NULL */
	struct ndl_hostdev *host;	/* exposed to the host's users */
	bool deleted;			/* IoDeleteDevice'd, still referenced */
	struct ndl_devobj *next_all;
	char name[64];			/* "\Device\X", or empty */
	u8 ext_data[] __aligned(16);	/* DeviceExtension */
};
#define NDL_DEVOBJ_MAGIC 0x4e444c4445564f42ull	/* "NDLDEVOB" */

/* Guards every stack link, the device list and the link table. */
extern KSPIN_LOCK ndl_dev_lock;

struct ndl_devobj *ndl_devobj(DEVICE_OBJECT *dev);
/* A runtime PDO's description (nt_pdo.c), or NULL if dev is no PDO. */
const struct ndl_pdo_desc *ndl_pdo_desc_of(DEVICE_OBJECT *dev);
/*
 * Append one ID (printf format) to a multi-sz list at offset at; returns
 * the offset after its NUL, or at if it does not fit (bus ID builders).
 */
u32 ndl_pdo_add_id(char *buf, u32 size, u32 at, const char *fmt, ...)
	__printf(4, 5);
/* The first live device match() accepts (called under ndl_dev_lock). */
DEVICE_OBJECT *ndl_device_find(bool (*match)(struct ndl_devobj *d,
					      void *arg), void *arg);
/* With ndl_dev_lock held: the device with this name / a link by name. */
DEVICE_OBJECT *ndl_device_named(const char *name);
bool ndl_link_exists(const char *name);
/* ASCII copy of a UNICODE_STRING; case-insensitive name compare. */
void ndl_name_from_ustr(const UNICODE_STRING *s, char *buf, u32 len);
bool ndl_name_eq(const char *a, const char *b);

#endif
