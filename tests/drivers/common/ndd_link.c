// SPDX-License-Identifier: GPL-2.0-only
/*
 * The link state an Ethernet miniport reports: media state and speed in
 * its NDD_ETH, and the media connect and disconnect status indications.
 */
#include "ndd.h"

VOID NddEthSetLink(NDIS_HANDLE Miniport, PNDD_ETH Eth, PNDIS_SPIN_LOCK Lock,
		   BOOLEAN Up, ULONG Mbps, BOOLEAN Always)
{
	NDIS_MEDIA_STATE State = Up ? NdisMediaStateConnected :
				      NdisMediaStateDisconnected;
	BOOLEAN Changed;

	NdisAcquireSpinLock(Lock);
	Changed = State != Eth->MediaState;
	Eth->MediaState = State;
	Eth->LinkSpeed = Mbps * 10000;	/* in 100 bit/s */
	NdisReleaseSpinLock(Lock);
	if (!Changed && !Always)
		return;
	NdisMIndicateStatus(Miniport, Up ? NDIS_STATUS_MEDIA_CONNECT :
			    NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
	NdisMIndicateStatusComplete(Miniport);
}
