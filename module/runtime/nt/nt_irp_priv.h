/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internals of the I/O manager's IRP files (nt_irp.c, nt_irp_build.c,
 * nt_hostdev.c): the runtime's header before every IRP IoAllocateIrp
 * returns, and what completion does once the last location is done.
 */
#ifndef NDL_NT_IRP_PRIV_H
#define NDL_NT_IRP_PRIV_H

#include "nt/nt_api.h"
#include "nt/nt_io.h"
#include "nt/nt_list.h"

/* IRP.AllocationFlags bit no Windows flag uses: "has an ndl_irp_hdr". */
#define NDL_IRP_OURS	0x80

enum ndl_irp_kind {
	NDL_IRP_PLAIN,		/* IoAllocateIrp: the creator frees it */
	NDL_IRP_THREADED,	/* IoBuildDeviceIoControlRequest, ...Synchronous */
	NDL_IRP_ASYNC,		/* IoBuildAsynchronousFsdRequest */
	NDL_IRP_HOST,		/* a host user's request (nt_hostdev.c) */
};

struct ndl_irp_hdr {
	u32 magic;
	u8 kind;
	u8 holds;			/* NDL_IRP_HOST: who may still touch it */
	u32 out_len;			/* buffered output: most to copy back */
	u32 pad;			/* irp starts 16-byte aligned */
	IRP irp;
};
#define NDL_IRP_MAGIC 0x4e444c49u	/* "NDLI" */
NDL_STATIC_ASSERT(offsetof(struct ndl_irp_hdr, irp) % 16 == 0,
		  "IRPs start 16-byte aligned, as pool allocations do");

/* Our header, if IoAllocateIrp made irp; NULL otherwise. */
struct ndl_irp_hdr *ndl_irp_hdr(IRP *irp);
/* Free the system buffer and MDLs the I/O manager attached. */
void ndl_irp_release_buffers(IRP *irp);
/* After the last completion routine: the I/O manager's part. */
void ndl_irp_finish(IRP *irp);
/*
 * Give an IRP for dev the buffers a request with this major code (and
 * IOCTL) gets from the I/O manager: system buffer, MDL or the caller's
 * pointers (METHOD_NEITHER / neither-I/O devices). 0 or -NDL_ENOMEM.
 */
int ndl_irp_attach_buffers(IRP *irp, DEVICE_OBJECT *dev, u8 major, u32 ioctl,
			   const void *in, u32 in_len, void *out, u32 out_len);

#endif
