// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi send side: each frame NDIS gives us goes "on air" at once. EAPOL
 * frames reach the access point's authenticator; data frames reach the
 * host on its LAN if the access point can decrypt them (the keys we hold
 * match its keys) — otherwise the access point drops them, as it would.
 * Sends complete synchronously; answers come back through the receive
 * path.
 */
#include "vwifi.h"

/* One frame, copied into A->TxFrame. Caller holds A->Lock. */
static NDIS_STATUS VwifiTransmitLocked(PVWIFI_ADAPTER A, ULONG Length)
{
	const UCHAR *F = A->TxFrame;
	USHORT Type;
	ULONG n;

	if (A->Halting || A->Removed)
		return NDIS_STATUS_FAILURE;
	if (!A->Assoc)
		return NDIS_STATUS_NO_CABLE;
	NddEthCountTx(&A->Eth, F, Length);
	A->TxFragments++;
	Type = (USHORT)(F[12] << 8 | F[13]);
	if (Type == VW_ETH_P_EAPOL) {
		if (A->Assoc->security == VW_SEC_WPA2_PSK)
			VwifiEapolFromStationLocked(A, F, Length);
		return NDIS_STATUS_SUCCESS;
	}
	if (!VwifiTxAllowedLocked(A, F))
		return NDIS_STATUS_SUCCESS;	/* sent; the AP discards it */
	n = (ULONG)vw_lan_input(A->Assoc, &A->Lan, F, Length, A->Reply);
	if (n && VwifiRxAllowedLocked(A, A->Reply))
		VwifiQueueRxLocked(A, A->Reply, n);
	return NDIS_STATUS_SUCCESS;
}

VOID VwifiSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count)
{
	PVWIFI_ADAPTER A = Context;
	NDIS_STATUS Status;
	UINT i, Total;

	for (i = 0; i < Count; i++) {
		PNDIS_PACKET P = Packets[i];

		NdisQueryPacket(P, NULL, NULL, NULL, &Total);
		NdisAcquireSpinLock(&A->Lock);
		if (Total < NDD_ETH_HLEN || Total > NDD_ETH_MAX_FRAME ||
		    NddCopyPacket(P, A->TxFrame, sizeof(A->TxFrame)) != Total)
			Status = NDIS_STATUS_INVALID_PACKET;
		else
			Status = VwifiTransmitLocked(A, Total);
		if (Status != NDIS_STATUS_SUCCESS)
			A->Eth.Stats.XmitError++;
		NdisReleaseSpinLock(&A->Lock);
		NdisMSendComplete(A->Handle, P, Status);
	}
}
