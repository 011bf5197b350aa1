/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The socket address types the WDK's ws2def.h gives kernel code, for
 * mingw-w64's ntddndis.h and ws2ipdef.h, which use them (NDIS 6.30 power
 * management and NDK structures): mingw-w64 keeps them in the user-mode
 * winsock2.h. Layouts as Microsoft's Winsock reference documents them.
 */
#ifndef NDL_WDK_WS2_KERNEL_H
#define NDL_WDK_WS2_KERNEL_H

#include <ntddk.h>
#include <inaddr.h>

typedef USHORT ADDRESS_FAMILY;

typedef struct sockaddr {
	ADDRESS_FAMILY sa_family;
	CHAR sa_data[14];
} SOCKADDR, *PSOCKADDR, *LPSOCKADDR;

typedef struct sockaddr_in {
	ADDRESS_FAMILY sin_family;
	USHORT sin_port;
	IN_ADDR sin_addr;
	CHAR sin_zero[8];
} SOCKADDR_IN, *PSOCKADDR_IN;

typedef struct sockaddr_storage {
	ADDRESS_FAMILY ss_family;
	CHAR __ss_pad1[6];
	__int64 __ss_align;
	CHAR __ss_pad2[112];
} SOCKADDR_STORAGE, *PSOCKADDR_STORAGE;

typedef struct _SOCKET_ADDRESS {
	LPSOCKADDR lpSockaddr;
	INT iSockaddrLength;
} SOCKET_ADDRESS, *PSOCKET_ADDRESS;

_Static_assert(sizeof(SOCKADDR_STORAGE) == 128, "sockaddr_storage");
_Static_assert(sizeof(SOCKADDR_IN) == 16, "sockaddr_in");

#endif
