/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Added Windows drivers and the devices they matched (drv.c), as the ioctl
 * layer (ctl*.c), the PCI binding (pci.c) and the network interface
 * (netdev.c) share them. One mutex, ndl_drv_lock, guards the driver list
 * and every device record; it is never held across calls into a driver or
 * across pci_unregister_driver().
 */
#ifndef NDL_LINUX_DRV_H
#define NDL_LINUX_DRV_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/usb.h>

#include "../uapi/ndisload.h"

struct ndl_driver;	/* runtime/core/driver.h */
struct ndl_bound;
struct platform_device;	/* adapter.h: a device bound and running */

/* A registry value as pushed, data in kernel memory. */
struct ndl_kreg {
	char name[NDL_REG_NAME_MAX];
	u32 type;
	u32 length;
	u32 id_index;
	u32 flags;
	struct ndl_pci_location location;
	void *data;
};

/* A file as pushed (ctl_add.c fills it; drv.c consumes it). */
struct ndl_kfile {
	char name[NDL_FILE_NAME_MAX];
	u32 type;
	u32 length;
	void *data;	/* kvmalloc'ed */
};

/* A validated add-driver request, all in kernel memory. */
struct ndl_pkg {
	char name[NDL_NAME_MAX];
	char version[NDL_VERSION_MAX];
	struct ndl_kfile *files;
	u32 n_files;
	struct ndl_device_id *ids;
	u32 n_ids;
	struct ndl_kreg *regs;
	u32 n_regs;
	u32 compat;			/* NDL_COMPAT_* */
};

void ndl_pkg_free(struct ndl_pkg *pkg);

/* What a device record says about a device (the list ioctl's source). */
struct ndl_devrec {
	struct list_head link;		/* ndl_drv.devices */
	struct ndl_drv *drv;		/* the driver it belongs to */
	u16 bus;			/* enum ndl_bus */
	struct ndl_pci_location loc;	/* PCI; virtual: domain = instance */
	struct platform_device *vdev;	/* virtual: its device (virt.c) */
	char usb_path[32];		/* USB: the device, e.g. "1-1" */
	u16 vendor, device, subvendor, subdevice;
	u8 revision;
	u32 state;			/* enum ndl_device_state */
	s32 last_error;
	u32 ndis_status;
	char owner[NDL_NAME_MAX];
	char message[NDL_MSG_MAX];
	struct ndl_bound *bound;	/* NDL_DEV_RUNNING only */
};

struct ndl_drv {
	struct list_head link;		/* ndl_drivers */
	char name[NDL_NAME_MAX];
	char version[NDL_VERSION_MAX];
	char pci_name[NDL_NAME_MAX + 16];	/* "ndisload-<name>" */
	u32 state;			/* enum ndl_driver_state */
	u32 ndis_version;
	u64 image_size;
	s32 last_error;
	char message[NDL_MSG_MAX];

	struct ndl_driver *rt;		/* the loaded image (runtime) */
	struct ndl_device_id *ids;
	u32 n_ids;
	struct ndl_kreg *regs;
	u32 n_regs;
	u32 compat;			/* NDL_COMPAT_*: ndl_drv_compat() */
	struct pci_device_id *id_table;	/* n_ids + terminator */
	struct pci_driver pdrv;
	bool pdrv_registered;
	struct usb_device_id *usb_id_table;	/* its USB IDs + terminator */
	struct usb_driver udrv;		/* named pci_name too */
	bool udrv_registered;

	struct list_head devices;	/* struct ndl_devrec */
};

extern struct mutex ndl_drv_lock;
/* Serialises adds and removes (drv.c), held across the slow parts. */
extern struct mutex ndl_ctl_lock;
extern struct list_head ndl_drivers;

/*
 * Add a driver from a validated package (taken over and freed in any
 * case). On failure *err holds the reason. Returns 0 or -errno; on success
 * *bound and *owned count the devices bound and left to native drivers.
 */
int ndl_drv_add(struct ndl_pkg *pkg, u32 *bound, u32 *owned,
		char *err, size_t errlen);
/* Remove a driver by name: -ENOENT, -EBUSY unless force. */
int ndl_drv_remove(const char *name, bool force);
/* Remove every driver (module unload). */
void ndl_drv_remove_all(void);
/* Find a driver by name; caller holds ndl_drv_lock. */
struct ndl_drv *ndl_drv_find(const char *name);

/* Device records and their state changes; caller holds ndl_drv_lock. */
struct ndl_devrec *ndl_devrec_get(struct ndl_drv *drv, struct pci_dev *pdev);
struct ndl_devrec *ndl_devrec_get_usb(struct ndl_drv *drv,
				      struct usb_device *udev);
void ndl_devrec_running(struct ndl_devrec *rec, struct ndl_bound *b);
void ndl_devrec_gone(struct ndl_devrec *rec);
/* "0000:00:03.0" or "usb 1-1", for messages. */
void ndl_devrec_name(const struct ndl_devrec *rec, char *buf, size_t len);
/*
 * A device failed: its record (and the driver's last error) say why, and
 * so does the log. Takes ndl_drv_lock.
 */
void ndl_devrec_fail(struct ndl_devrec *rec, int err, u32 ndis_status,
		     const char *fmt, ...) __printf(4, 5);

/* pci.c */
int ndl_pci_register(struct ndl_drv *drv, u32 *bound, u32 *owned);
void ndl_pci_unregister(struct ndl_drv *drv);
/* Does the driver's ID list match this device? Best match's index or -1. */
int ndl_pci_match(const struct ndl_drv *drv, const struct pci_dev *pdev);

/* virt.c: virtual (root-enumerated) adapters. */
/* *instance: out, or in when at (NDL_VIRTUAL_AT). */
int ndl_virt_add(const char *driver, u32 *instance, bool at, char *err,
		 size_t errlen);
int ndl_virt_remove(const char *driver, u32 instance, bool force);
/* Every virtual adapter of drv (driver removal, ndl_ctl_lock held). */
void ndl_virt_remove_all(struct ndl_drv *drv);

/* usb.c: the same for the driver's USB IDs (none: nothing registered). */
int ndl_usb_register(struct ndl_drv *drv, u32 *bound, u32 *owned);
void ndl_usb_unregister(struct ndl_drv *drv);

#endif
