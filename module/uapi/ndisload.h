/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */
/*
 * ndisload — the user/kernel contract on /dev/ndisload.
 *
 * The helper (the only intended client) opens /dev/ndisload and issues the
 * ioctls below. Every argument struct starts with a struct ndl_hdr carrying
 * the struct's size and the ABI version the caller was built against; the
 * module refuses a size or version it does not know with EINVAL / EPROTO
 * rather than guessing. Variable-length data (images, ID lists, registry
 * values, files) is passed by user pointer plus length, each length checked
 * against the module's limits before anything is copied.
 *
 * Reading needs no privilege; anything that changes state needs
 * CAP_NET_ADMIN or CAP_SYS_ADMIN.
 */
#ifndef _UAPI_NDISLOAD_H
#define _UAPI_NDISLOAD_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define NDL_ABI_VERSION		1

struct ndl_hdr {
	__u32 size;		/* sizeof the whole argument struct */
	__u32 abi_version;	/* NDL_ABI_VERSION of the caller */
};

/* NDL_IOC_VERSION: the module's release and ABI version. */
struct ndl_version {
	struct ndl_hdr hdr;
	__u32 abi_version;	/* out */
	__u32 reserved;
	char release[32];	/* out: e.g. "0.1.0", NUL-terminated */
};

#define NDL_IOC_MAGIC		'N'
#define NDL_IOC_VERSION		_IOWR(NDL_IOC_MAGIC, 0x00, struct ndl_version)

#endif /* _UAPI_NDISLOAD_H */
