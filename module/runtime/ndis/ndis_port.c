// SPDX-License-Identifier: GPL-2.0-only
/*
 * Port I/O exports of ndis.sys: NdisRead/WritePort{Uchar,Ushort,Ulong}
 * (miniport handle) and NdisImmediateRead/WritePort* (configuration
 * context), on the host's port routing.
 */
#include "ndis/ndis_priv.h"

#define PORT_FNS(Suffix, type, size)					\
void NTAPI ndlw_NdisWritePort##Suffix(NDIS_HANDLE h, ULONG port, type data) \
{									\
	ndl_os_port_write(port, size, data);				\
}									\
void NTAPI ndlw_NdisReadPort##Suffix(NDIS_HANDLE h, ULONG port, type *data) \
{									\
	*data = (type)ndl_os_port_read(port, size);			\
}									\
void NTAPI ndlw_NdisImmediateWritePort##Suffix(NDIS_HANDLE wcc, ULONG port, \
					       type data)		\
{									\
	ndl_os_port_write(port, size, data);				\
}									\
void NTAPI ndlw_NdisImmediateReadPort##Suffix(NDIS_HANDLE wcc, ULONG port, \
					      type *data)		\
{									\
	*data = (type)ndl_os_port_read(port, size);			\
}

PORT_FNS(Uchar, UCHAR, 1)
PORT_FNS(Ushort, USHORT, 2)
PORT_FNS(Ulong, ULONG, 4)
