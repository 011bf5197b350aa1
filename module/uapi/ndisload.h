/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */
/*
 * ndisload — the user/kernel contract on /dev/ndisload.
 *
 * WHAT IT IS FOR
 *
 * ndisload.ko runs Windows NDIS miniport drivers. It never reads a file and
 * never calls user space: the helper (the `ndisload` program, the only
 * intended client) parses the driver's .inf, then pushes everything the
 * module needs through the ioctls below — the driver's name, its .sys
 * image(s), the device IDs it serves, the registry values the .inf and the
 * user's configuration give each device, and any firmware or data files the
 * driver opens with NdisOpenFile. The module then registers one pci_driver
 * for exactly those IDs; each device it binds becomes a network interface.
 *
 * THE IOCTLS
 *
 *   NDL_IOC_VERSION        struct ndl_version        (anyone who can open)
 *   NDL_IOC_ADD_DRIVER     struct ndl_add_driver     (CAP_NET_ADMIN or
 *   NDL_IOC_REMOVE_DRIVER  struct ndl_remove_driver   CAP_SYS_ADMIN)
 *   NDL_IOC_LIST_DRIVERS   struct ndl_list + ndl_driver_info[]  (anyone)
 *   NDL_IOC_LIST_DEVICES   struct ndl_list + ndl_device_info[]  (anyone)
 *   NDL_IOC_ADD_VIRTUAL    struct ndl_virtual        (CAP_NET_ADMIN or
 *   NDL_IOC_REMOVE_VIRTUAL struct ndl_virtual         CAP_SYS_ADMIN)
 *
 * The device node is created mode 0600; the capability check is made on
 * every changing call as well, so a descriptor handed to an unprivileged
 * process can only read.
 *
 * VERSIONING
 *
 * Every ioctl argument starts with struct ndl_hdr: the size of the whole
 * argument struct and the ABI version (NDL_ABI_VERSION) the caller was built
 * against. The module dispatches on the ioctl's type and number only (not
 * on the size bits encoded in the command), then checks the header:
 * an ABI version it does not speak fails with EPROTO, a size that is not
 * exactly that version's struct size with EINVAL. Arrays passed by pointer
 * are described by a count and an element size (elem_size); the element size
 * must be exactly the size of that element struct in this ABI version
 * (EINVAL otherwise). A later ABI version may grow structs; a module then
 * accepts each version it knows with that version's sizes.
 *
 * Layouts are identical for 32- and 64-bit callers: user pointers travel as
 * __u64, every struct is padded explicitly, and every reserved field and
 * every unused flag bit must be zero (EINVAL otherwise) so that later
 * versions can give them meaning.
 *
 * STRINGS AND LIMITS
 *
 * Fixed-size char arrays hold NUL-terminated UTF-8 (a missing terminator is
 * EINVAL). Names of drivers are 1..31 characters of [A-Za-z0-9_.-] starting
 * with a letter or digit; file names are 1..63 printable ASCII characters
 * without '/', '\\' or ':' and not starting with '.'; registry names and
 * string data (REG_SZ, REG_EXPAND_SZ, REG_MULTI_SZ) are well-formed UTF-8
 * without control characters in names. Every count and length
 * is checked against the NDL_MAX_* limits below before anything is copied
 * (E2BIG if over).
 *
 * ADDING A DRIVER (NDL_IOC_ADD_DRIVER)
 *
 * files[] holds exactly one NDL_FILE_DRIVER (the miniport whose DriverEntry
 * runs), any number of NDL_FILE_LIBRARY images (PE images whose exports the
 * driver imports, loaded first) and NDL_FILE_DATA files (firmware and other
 * files the driver opens with NdisOpenFile, found by case-insensitive base
 * name). ids[] lists the devices the driver serves (see struct
 * ndl_device_id); a device that is not present is fine — it binds when it
 * appears. regs[] holds typed registry values (struct ndl_reg_value); each
 * applies to every device, to the devices one ids[] entry matches, or to
 * the device at one PCI location. The module loads the image(s), runs
 * DriverEntry, registers "ndisload-<name>" as a pci_driver for exactly the
 * PCI ids[] and as a usb_driver for the USB ones, and binds every matching
 * device that has no driver yet. A matching device
 * that a native Linux driver already owns is never taken: it is reported
 * (NDL_DEV_OWNED in the device list, and a kernel log line). To move such a
 * device to ndisload, unbind the native driver and write its address to
 * /sys/bus/pci/drivers/ndisload-<name>/bind (USB: its first interface,
 * e.g. 1-1:1.0, to /sys/bus/usb/drivers/ndisload-<name>/bind).
 *
 * flags holds the driver's compatibility settings (NDL_COMPAT_*): two bits
 * per setting, neither meaning automatic (the module decides per device),
 * _ON or _OFF forcing it; both bits of one setting are EINVAL. A module
 * that knows them says NDL_FEAT_COMPAT; older ones refuse any flag with
 * EINVAL. What each device runs with is in struct ndl_device_info.flags
 * (NDL_DEVF_SINGLE_BUF, NDL_DEVF_MCAST_ALL). The settings (docs/runtime.md):
 *
 *   single-buffer sends   every send packet carries the whole frame in one
 *                         buffer (fragments copied), for miniports that
 *                         transmit only a packet's first buffer. Automatic:
 *                         on (the module may decide per device).
 *   multicast all         the multicast list is never given to the
 *                         miniport (OID_802_3_MULTICAST_LIST); a non-empty
 *                         list sets NDIS_PACKET_TYPE_ALL_MULTICAST in the
 *                         packet filter instead. Automatic: off.
 *
 * On return, `bound` and `owned` count the devices bound and the ones left
 * to their native driver. A device whose miniport fails to initialise does
 * not fail the add: it is listed as NDL_DEV_FAILED with the reason (and is
 * the driver's last error). On failure, `error` holds a one-line reason
 * (it is also in the kernel log, prefixed with the driver's name).
 *
 * REMOVING A DRIVER (NDL_IOC_REMOVE_DRIVER)
 *
 * Fails with EBUSY while any interface of the driver is up, unless
 * NDL_REMOVE_FORCE is set; then the interfaces are taken down, each device
 * is halted (MiniportHalt), the pci_driver is unregistered and the image
 * unloaded. Unloading the module (rmmod) removes every driver this way.
 *
 * VIRTUAL ADAPTERS (NDL_IOC_ADD_VIRTUAL, NDL_IOC_REMOVE_VIRTUAL)
 *
 * A driver whose .inf names no bus device (ROOT\..., *NAME: VPN and
 * virtual adapters) is added with one NDL_BUS_VIRTUAL ID (every other
 * field 0). Nothing binds it by itself: each NDL_IOC_ADD_VIRTUAL creates
 * one adapter (its registry: the values for that ID, then those with
 * NDL_REG_AT_LOCATION at location {instance, 0, 0, 0}), on a platform
 * device "ndisload-virtual.N.auto" of its own, and returns its instance
 * number: the lowest free one below NDL_MAX_VIRTUAL, or with
 * NDL_VIRTUAL_AT exactly the instance asked for (EEXIST if it exists), so
 * that a saved configuration comes back with the same numbers (and the
 * per-instance values that go with them). NDL_IOC_REMOVE_VIRTUAL
 * halts the instance named; EBUSY while its interface is up unless
 * NDL_REMOVE_FORCE. Removing the driver removes its virtual adapters. In
 * the device list a virtual adapter has bus NDL_BUS_VIRTUAL and
 * location.domain = its instance.
 *
 * LISTING (NDL_IOC_LIST_DRIVERS, NDL_IOC_LIST_DEVICES)
 *
 * The caller passes a buffer of `max` elements; the module fills up to
 * `max` and sets `count` to the number that exist. If count > max the list
 * was truncated: call again with a larger buffer. The device list names
 * bound devices, devices whose initialisation failed (with the reason) and
 * matching devices owned by a native driver.
 *
 * ERRORS
 *
 *   ENOTTY      not an ndisload ioctl
 *   EPROTO      ABI version not spoken by this module
 *   EINVAL      wrong struct or element size, bad field, string, flag or
 *               reserved value, or a registry value whose data does not
 *               match its type
 *   E2BIG       a count or length over its NDL_MAX_* limit
 *   EFAULT      a pointer the module cannot read or write
 *   EPERM       a changing call without CAP_NET_ADMIN / CAP_SYS_ADMIN
 *   EEXIST      a driver of that name exists, or one of ids[] overlaps an
 *               ID another driver serves
 *   ENOSPC      NDL_MAX_DRIVERS drivers are loaded already
 *   ENOENT      no driver of that name (remove)
 *   EBUSY       remove without NDL_REMOVE_FORCE while an interface is up
 *   ENOEXEC     a .sys file is not a loadable x86-64 PE driver image
 *   ELIBACC     the image imports a DLL or function ndisload does not
 *               provide (`error` names them)
 *   EOPNOTSUPP  this kernel offers no way to make driver code executable
 *               (see docs/kernel.md), so nothing can be loaded; or the
 *               request needs what this module does not do yet
 *               (NDL_FILE_LIBRARY images)
 *   EIO         DriverEntry or miniport registration failed (`error` holds
 *               the NTSTATUS / NDIS_STATUS)
 *   ENOMEM      out of memory
 */
#ifndef _UAPI_NDISLOAD_H
#define _UAPI_NDISLOAD_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define NDL_ABI_VERSION		1

/* Limits (E2BIG past them). */
#define NDL_NAME_MAX		32	/* driver name, with the NUL */
#define NDL_VERSION_MAX		32	/* driver version string, with the NUL */
#define NDL_FILE_NAME_MAX	64	/* file base name, with the NUL */
#define NDL_REG_NAME_MAX	128	/* registry path + value name, with NUL */
#define NDL_MSG_MAX		160	/* error messages, with the NUL */
#define NDL_MAX_DRIVERS		16	/* drivers loaded at once */
#define NDL_MAX_FILES		16	/* files per driver */
#define NDL_MAX_FILE_SIZE	(32u << 20)	/* bytes per file */
#define NDL_MAX_TOTAL_SIZE	(64u << 20)	/* bytes of all files of a driver */
#define NDL_MAX_IDS		256	/* device IDs per driver */
#define NDL_MAX_REGS		1024	/* registry values per driver */
#define NDL_MAX_REG_DATA	4096	/* bytes per registry value */
#define NDL_MAX_VIRTUAL		16	/* virtual adapters per driver */

struct ndl_hdr {
	__u32 size;		/* sizeof the whole argument struct */
	__u32 abi_version;	/* NDL_ABI_VERSION of the caller */
};

/* ---- NDL_IOC_VERSION --------------------------------------------------- */

/* What this module can do (struct ndl_version.features). */
#define NDL_FEAT_EXEC		(1u << 0)	/* can run driver code */
#define NDL_FEAT_NDIS5		(1u << 1)	/* NDIS 5.x miniports */
#define NDL_FEAT_NDIS6		(1u << 2)	/* NDIS 6.x miniports */
#define NDL_FEAT_COMPAT		(1u << 3)	/* NDL_COMPAT_* add flags */
#define NDL_FEAT_HW_REG		(1u << 4)	/* NDL_REG_HARDWARE values */

struct ndl_version {
	struct ndl_hdr hdr;
	__u32 abi_version;	/* out: the module's NDL_ABI_VERSION */
	__u32 features;		/* out: NDL_FEAT_* */
	char release[32];	/* out: e.g. "0.1.0" */
};

/* ---- NDL_IOC_ADD_DRIVER ------------------------------------------------ */

enum ndl_file_type {
	NDL_FILE_DRIVER = 1,	/* the miniport image: exactly one */
	NDL_FILE_LIBRARY = 2,	/* a PE image the driver imports from */
	NDL_FILE_DATA = 3,	/* firmware or other file for NdisOpenFile */
};

struct ndl_file {
	char name[NDL_FILE_NAME_MAX];	/* base name, e.g. "rtl8139.sys" */
	__u32 type;			/* enum ndl_file_type */
	__u32 length;			/* bytes at data, 1..NDL_MAX_FILE_SIZE */
	__u64 data;			/* user pointer */
};

enum ndl_bus {
	NDL_BUS_PCI = 1,
	NDL_BUS_USB = 2,
	NDL_BUS_VIRTUAL = 3,	/* root-enumerated: NDL_IOC_ADD_VIRTUAL */
};

/* struct ndl_device_id.match: optional fields that must also match. */
#define NDL_MATCH_SUBSYS	(1u << 0)	/* subvendor and subdevice */
#define NDL_MATCH_REV		(1u << 1)	/* revision (USB: bcd_device) */
#define NDL_MATCH_MI		(1u << 2)	/* USB: interface number */

/*
 * One Windows hardware ID, e.g. PCI\VEN_10EC&DEV_8139&SUBSYS_813910EC&REV_20
 * is {PCI, SUBSYS|REV, 0x10ec, 0x8139, 0x10ec, 0x8139, 0x20}, and
 * USB\VID_0525&PID_A4A2&REV_0100&MI_01 is {USB, REV|MI, 0x0525, 0xa4a2,
 * .bcd_device 0x0100, .interface 1}. vendor 0x0000 and 0xffff are invalid
 * (EINVAL). A USB ID without MI names the whole device: the driver gets
 * every interface of its active configuration; with MI, that interface of
 * a composite device.
 */
struct ndl_device_id {
	__u16 bus;		/* enum ndl_bus */
	__u16 match;		/* NDL_MATCH_* */
	__u16 vendor;		/* PCI vendor, USB idVendor */
	__u16 device;		/* PCI device, USB idProduct */
	union {
		struct {	/* NDL_BUS_PCI */
			__u16 subvendor;	/* with NDL_MATCH_SUBSYS, else 0 */
			__u16 subdevice;	/* with NDL_MATCH_SUBSYS, else 0 */
		};
		struct {	/* NDL_BUS_USB */
			__u16 bcd_device;	/* with NDL_MATCH_REV, else 0 */
			__u16 interface;	/* with NDL_MATCH_MI, else 0 */
		};
	};
	__u8 revision;		/* PCI, with NDL_MATCH_REV, else 0 */
	__u8 reserved[3];
};

/* A PCI function's address: domain:bus:slot.function. */
struct ndl_pci_location {
	__u32 domain;
	__u8 bus;
	__u8 slot;		/* 0..31 */
	__u8 function;		/* 0..7 */
	__u8 reserved;
};

/* Registry value types: the Windows REG_* numbers. */
enum ndl_reg_type {
	NDL_REG_SZ = 1,		/* UTF-8 string, NUL-terminated */
	NDL_REG_EXPAND_SZ = 2,	/* same as REG_SZ */
	NDL_REG_BINARY = 3,	/* raw bytes */
	NDL_REG_DWORD = 4,	/* 4 bytes, host byte order */
	/* non-empty strings, each NUL-terminated, then one more NUL
	 * ("\0" alone: the empty list)
	 */
	NDL_REG_MULTI_SZ = 7,
	NDL_REG_QWORD = 11,	/* 8 bytes, host byte order */
};

/* struct ndl_reg_value: which devices the value applies to. */
#define NDL_REG_ALL_IDS		0xffffffffu	/* id_index: every ID */
#define NDL_REG_AT_LOCATION	(1u << 0)	/* flags: only at location */
#define NDL_REG_HARDWARE	(1u << 1)	/* flags: hardware key */

/*
 * A registry value the driver reads with NdisReadConfiguration (or with
 * NdisOpenConfigurationKeyByName and friends: name may hold subkey names
 * separated by '\\' before the value name, e.g. "Ndi\\params\\Speed\\default"
 * — relative to the device's own driver key, the .inf's HKR). Names compare
 * case-insensitively, as Windows does.
 *
 * A device's registry is built from the values that apply to it, in order
 * of increasing precedence: id_index == NDL_REG_ALL_IDS, then values for
 * the ID that matched the device, then values with NDL_REG_AT_LOCATION for
 * its location; within one precedence level a later value of the same name
 * replaces an earlier one.
 *
 * NDL_REG_HARDWARE values belong to the device's hardware key instead
 * (what the .inf's [DDInstall.HW] section adds with HKR), which the driver
 * does not read with NdisReadConfiguration. The module reads
 * "Interrupt Management\\MessageSignaledInterruptProperties\\MSISupported"
 * and "...\\MessageNumberLimit" there (REG_DWORD) to decide, as Windows
 * does, whether an NDIS 6 miniport gets message-signalled interrupts
 * (docs/runtime.md). A module that takes them says NDL_FEAT_HW_REG.
 */
struct ndl_reg_value {
	char name[NDL_REG_NAME_MAX];
	__u32 type;		/* enum ndl_reg_type */
	__u32 length;		/* bytes at data, 0..NDL_MAX_REG_DATA */
	__u64 data;		/* user pointer */
	__u32 id_index;		/* index into ids[], or NDL_REG_ALL_IDS */
	__u32 flags;		/* NDL_REG_AT_LOCATION */
	struct ndl_pci_location location;	/* with NDL_REG_AT_LOCATION */
};

/* struct ndl_add_driver.flags: compatibility settings (neither: auto). */
#define NDL_COMPAT_SINGLE_BUF_ON	(1u << 0)
#define NDL_COMPAT_SINGLE_BUF_OFF	(1u << 1)
#define NDL_COMPAT_MCAST_ALL_ON		(1u << 2)
#define NDL_COMPAT_MCAST_ALL_OFF	(1u << 3)
#define NDL_COMPAT_ALL			0xfu

struct ndl_add_driver {
	struct ndl_hdr hdr;
	char name[NDL_NAME_MAX];	/* unique; names the pci_driver */
	char version[NDL_VERSION_MAX];	/* the .inf's DriverVer, for ethtool */
	__u32 flags;			/* NDL_COMPAT_* */
	__u32 n_files;			/* 1..NDL_MAX_FILES */
	__u32 n_ids;			/* 1..NDL_MAX_IDS */
	__u32 n_regs;			/* 0..NDL_MAX_REGS */
	__u32 file_size;		/* sizeof(struct ndl_file) */
	__u32 id_size;			/* sizeof(struct ndl_device_id) */
	__u32 reg_size;			/* sizeof(struct ndl_reg_value) */
	__u32 reserved;
	__u64 files;			/* struct ndl_file[n_files] */
	__u64 ids;			/* struct ndl_device_id[n_ids] */
	__u64 regs;			/* struct ndl_reg_value[n_regs] */
	__u32 bound;			/* out: devices bound by this call */
	__u32 owned;			/* out: left to native drivers */
	char error[NDL_MSG_MAX];	/* out: why the call failed */
};

/* ---- NDL_IOC_REMOVE_DRIVER --------------------------------------------- */

#define NDL_REMOVE_FORCE	(1u << 0)	/* even with interfaces up */

struct ndl_remove_driver {
	struct ndl_hdr hdr;
	char name[NDL_NAME_MAX];
	__u32 flags;			/* NDL_REMOVE_* */
	__u32 reserved;
};

/* ---- NDL_IOC_LIST_DRIVERS / NDL_IOC_LIST_DEVICES ------------------------ */

struct ndl_list {
	struct ndl_hdr hdr;
	__u32 elem_size;	/* sizeof the element struct */
	__u32 max;		/* elements buf holds (0: only count) */
	__u32 count;		/* out: elements that exist */
	__u32 reserved;
	__u64 buf;		/* user pointer to the elements */
	/* devices: only this driver's ("": all); drivers: must be "" */
	char driver[NDL_NAME_MAX];
};

enum ndl_driver_state {
	NDL_DRV_LOADED = 1,	/* DriverEntry done, pci_driver registered */
	NDL_DRV_REMOVING = 2,	/* being torn down */
};

struct ndl_driver_info {
	char name[NDL_NAME_MAX];
	char version[NDL_VERSION_MAX];
	__u32 state;		/* enum ndl_driver_state */
	__u32 ndis_version;	/* registered NDIS version: 0x0501 = 5.1 */
	__u32 n_ids;
	__u32 n_devices;	/* entries in the device list */
	__u64 image_size;	/* bytes of loaded image(s) */
	__s32 last_error;	/* -errno of the last failure, 0: none */
	__u32 reserved;
	char message[NDL_MSG_MAX];	/* the last failure, in words */
};

enum ndl_device_state {
	NDL_DEV_RUNNING = 1,	/* MiniportInitialize succeeded; interface */
	NDL_DEV_FAILED = 2,	/* initialisation failed: see message */
	NDL_DEV_OWNED = 3,	/* a native Linux driver owns it: see owner */
	NDL_DEV_GONE = 4,	/* was bound; the device went away */
};

/* struct ndl_device_info.flags */
#define NDL_DEVF_UP		(1u << 0)	/* interface administratively up */
#define NDL_DEVF_CARRIER	(1u << 1)	/* media connected */
#define NDL_DEVF_DMA64		(1u << 2)	/* miniport is 64-bit DMA capable */
#define NDL_DEVF_SINGLE_BUF	(1u << 3)	/* single-buffer sends in force */
#define NDL_DEVF_MCAST_ALL	(1u << 4)	/* multicast via all-multicast */

struct ndl_device_info {
	char driver[NDL_NAME_MAX];
	/* PCI: its address; USB: domain = the USB bus number, the rest 0 */
	struct ndl_pci_location location;
	__u16 vendor;
	__u16 device;
	__u16 subvendor;
	__u16 subdevice;
	__u8 revision;
	__u8 bus;		/* enum ndl_bus; 0 from modules before USB */
	__u8 reserved0[2];
	__u32 state;		/* enum ndl_device_state */
	__u32 flags;		/* NDL_DEVF_* */
	__u32 ifindex;		/* 0 if no interface */
	char ifname[16];
	__s32 last_error;	/* -errno, 0: none */
	__u32 ndis_status;	/* the failing NDIS_STATUS, 0: none */
	__u64 link_speed;	/* bit/s, 0: unknown */
	char owner[NDL_NAME_MAX];	/* NDL_DEV_OWNED: the native driver */
	char message[NDL_MSG_MAX];	/* the last failure, in words */
};

/* ---- NDL_IOC_ADD_VIRTUAL / NDL_IOC_REMOVE_VIRTUAL ----------------------- */

#define NDL_VIRTUAL_AT		(1u << 1)	/* add: make that instance */

struct ndl_virtual {
	struct ndl_hdr hdr;
	char driver[NDL_NAME_MAX];	/* in: the driver's name */
	__u32 instance;			/* add: out (in with NDL_VIRTUAL_AT) */
	__u32 flags;			/* remove: NDL_REMOVE_FORCE; add: _AT */
	char error[NDL_MSG_MAX];	/* out: why an add failed */
};

/* ---- driver control devices: /dev/ndisload-dev/<name> ------------------ */

/*
 * A driver's control device (NdisMRegisterDevice) appears as
 * /dev/ndisload-dev/<name>, <name> being the last component of the
 * driver's symbolic link (\DosDevices\<name>; characters other than
 * [A-Za-z0-9._-] become '_'). Mode 0600; opening also needs CAP_NET_ADMIN
 * or CAP_SYS_ADMIN. open = IRP_MJ_CREATE (its NTSTATUS as errno), close =
 * IRP_MJ_CLEANUP + IRP_MJ_CLOSE, read/write = IRP_MJ_READ/WRITE (at most
 * NDL_DEVCTL_MAX bytes per call, no offsets: the file is a stream), and
 * NDL_IOC_DEVCTL = IRP_MJ_DEVICE_CONTROL (DeviceIoControl). The module
 * copies the caller's buffers: the driver never sees a user pointer,
 * whatever the IOCTL's transfer method. After the driver deletes the
 * device (or is removed), the node is gone and every call on a handle
 * still open fails with ENODEV.
 */
#define NDL_DEVCTL_MAX		0x10000u	/* bytes per direction */

struct ndl_devctl {
	struct ndl_hdr hdr;
	__u32 code;		/* the Windows IOCTL code (CTL_CODE) */
	__u32 status;		/* out: the NTSTATUS the driver completed */
	__u32 in_len;		/* bytes at in, at most NDL_DEVCTL_MAX */
	__u32 out_len;		/* room at out, at most NDL_DEVCTL_MAX */
	__u32 returned;		/* out: bytes stored at out (Information) */
	__u32 reserved;		/* must be 0 */
	__u64 in;		/* input buffer (user pointer), or 0 */
	__u64 out;		/* output buffer (user pointer), or 0 */
};

/* ---- ioctl numbers ------------------------------------------------------- */

#define NDL_IOC_MAGIC		'N'
#define NDL_IOC_VERSION		_IOWR(NDL_IOC_MAGIC, 0x00, struct ndl_version)
#define NDL_IOC_ADD_DRIVER	_IOWR(NDL_IOC_MAGIC, 0x01, struct ndl_add_driver)
#define NDL_IOC_REMOVE_DRIVER	_IOW(NDL_IOC_MAGIC, 0x02, struct ndl_remove_driver)
#define NDL_IOC_LIST_DRIVERS	_IOWR(NDL_IOC_MAGIC, 0x03, struct ndl_list)
#define NDL_IOC_LIST_DEVICES	_IOWR(NDL_IOC_MAGIC, 0x04, struct ndl_list)
#define NDL_IOC_ADD_VIRTUAL	_IOWR(NDL_IOC_MAGIC, 0x05, struct ndl_virtual)
#define NDL_IOC_REMOVE_VIRTUAL	_IOW(NDL_IOC_MAGIC, 0x06, struct ndl_virtual)
/*
 * On a control device only: 0 once the driver completed the request
 * (status tells how; returned bytes were copied to out unless status is
 * an error), else EINVAL/EPROTO (header, reserved), E2BIG (lengths),
 * EFAULT, ENOMEM, ENODEV (the device is gone).
 */
#define NDL_IOC_DEVCTL		_IOWR(NDL_IOC_MAGIC, 0x10, struct ndl_devctl)

#endif /* _UAPI_NDISLOAD_H */
