/* SPDX-License-Identifier: GPL-2.0-only */
/* ntsys: what its miniport (ntsys.c) and control device (ctl.c) share. */
#ifndef NTSYS_H
#define NTSYS_H

#include <ntddk.h>
#include <ndis.h>

/* The control device's requests (CTL_CODE, FILE_DEVICE_UNKNOWN). */
#define IOCTL_NTSYS_REVERSE_BUFFERED \
	CTL_CODE(FILE_DEVICE_UNKNOWN, 0x800, METHOD_BUFFERED, FILE_ANY_ACCESS)
#define IOCTL_NTSYS_REVERSE_DIRECT \
	CTL_CODE(FILE_DEVICE_UNKNOWN, 0x801, METHOD_OUT_DIRECT, FILE_ANY_ACCESS)
#define IOCTL_NTSYS_REVERSE_NEITHER \
	CTL_CODE(FILE_DEVICE_UNKNOWN, 0x802, METHOD_NEITHER, FILE_ANY_ACCESS)
#define IOCTL_NTSYS_STATE \
	CTL_CODE(FILE_DEVICE_UNKNOWN, 0x803, METHOD_BUFFERED, FILE_ANY_ACCESS)

/* With the first adapter / the last one's halt (ctl.c). */
VOID NtsysCtlRegister(NDIS_HANDLE Wrapper);
VOID NtsysCtlDeregister(VOID);

#endif
