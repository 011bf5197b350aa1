// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NetworkAddress parameter (Advanced tab "Locally Administered
 * Address"), read through NdisReadNetworkAddress: a unicast address
 * overrides the one the adapter would use.
 */
#include "ndd.h"

BOOLEAN NddReadNetworkAddress(NDIS_HANDLE Config,
			      UCHAR Address[NDD_ETH_ALEN])
{
	NDIS_STATUS Status;
	PVOID Addr;
	UINT AddrLen;

	NdisReadNetworkAddress(&Status, &Addr, &AddrLen, Config);
	if (Status != NDIS_STATUS_SUCCESS || AddrLen != NDD_ETH_ALEN ||
	    (((PUCHAR)Addr)[0] & 1))
		return FALSE;
	NdisMoveMemory(Address, Addr, NDD_ETH_ALEN);
	return TRUE;
}
