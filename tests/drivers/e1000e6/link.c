// SPDX-License-Identifier: GPL-2.0-only
/* Link state: read from STATUS, told to NDIS with NDIS_STATUS_LINK_STATE. */
#include "e1000e6.h"

VOID E6IndicateLink(PE6_ADAPTER Adapter)
{
	NDIS_LINK_STATE ls;
	NDIS_STATUS_INDICATION si;

	NdisZeroMemory(&ls, sizeof(ls));
	ls.Header.Type = NDIS_OBJECT_TYPE_DEFAULT;
	ls.Header.Revision = NDIS_LINK_STATE_REVISION_1;
	ls.Header.Size = NDIS_SIZEOF_LINK_STATE_REVISION_1;
	NdisAcquireSpinLock(&Adapter->Lock);
	if (Adapter->LinkUp) {
		ls.MediaConnectState = MediaConnectStateConnected;
		ls.MediaDuplexState = Adapter->FullDuplex ?
			MediaDuplexStateFull : MediaDuplexStateHalf;
		ls.XmitLinkSpeed = ls.RcvLinkSpeed = Adapter->LinkSpeed;
	} else {
		ls.MediaConnectState = MediaConnectStateDisconnected;
		ls.MediaDuplexState = MediaDuplexStateUnknown;
		ls.XmitLinkSpeed = ls.RcvLinkSpeed = E6_LINK_SPEED_UNKNOWN;
	}
	NdisReleaseSpinLock(&Adapter->Lock);
	ls.PauseFunctions = NdisPauseFunctionsUnsupported;

	NdisZeroMemory(&si, sizeof(si));
	si.Header.Type = NDIS_OBJECT_TYPE_STATUS_INDICATION;
	si.Header.Revision = NDIS_STATUS_INDICATION_REVISION_1;
	si.Header.Size = NDIS_SIZEOF_STATUS_INDICATION_REVISION_1;
	si.SourceHandle = Adapter->Handle;
	si.StatusCode = NDIS_STATUS_LINK_STATE;
	si.StatusBuffer = &ls;
	si.StatusBufferSize = sizeof(ls);
	NdisMIndicateStatusEx(Adapter->Handle, &si);
}

/* From the DPC on a link status change interrupt, and the hang check. */
VOID E6LinkChanged(PE6_ADAPTER Adapter)
{
	BOOLEAN changed;

	NdisAcquireSpinLock(&Adapter->Lock);
	changed = E6HwReadLink(Adapter);
	NdisReleaseSpinLock(&Adapter->Lock);
	if (changed)
		E6IndicateLink(Adapter);
}
