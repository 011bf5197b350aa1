// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi's radio: scanning, joining an access point (the SSID/BSSID NDIS
 * set, checked against the authentication mode, encryption status and
 * WEP keys the way the access point would check them), the WPA2 access
 * point's 4-way handshake timer, disassociation, and whether a data frame
 * gets through in each direction with the keys we hold. Everything here
 * runs with A->Lock held except the timer entry points.
 */
#include "vwifi.h"

const UCHAR VwifiBroadcast[NDD_ETH_ALEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};

ULONG VwifiApIndex(const struct vw_ap *Ap)
{
	return (ULONG)(Ap - vw_aps);
}

VOID VwifiStartScanLocked(PVWIFI_ADAPTER A)
{
	if (A->Scanning || A->Halting)
		return;
	A->Scanning = TRUE;
	NdisMSetTimer(&A->ScanTimer, A->ScanTimeMs);
}

VOID VwifiScanTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVWIFI_ADAPTER A = Context;

	if (!VwifiTimerBegin(A))
		return;
	A->Scanning = FALSE;
	A->ScansDone++;
	if (A->AuthMode == Ndis802_11AuthModeWPA2 ||
	    A->AuthMode == Ndis802_11AuthModeWPA2PSK)
		VwifiIndicatePmkidCandidatesLocked(A);
	VwifiTimerEnd(A);
}

/* The strongest access point that fits the SSID (and BSSID) we were given. */
static const struct vw_ap *VwifiFindApLocked(PVWIFI_ADAPTER A)
{
	const struct vw_ap *Best = NULL;
	ULONG i;

	for (i = 0; i < vw_ap_count && i < VWIFI_MAX_APS; i++) {
		const struct vw_ap *Ap = &vw_aps[i];
		ULONG Len = (ULONG)strlen(Ap->ssid);

		if (A->DesiredSsid.SsidLength &&
		    (A->DesiredSsid.SsidLength != Len ||
		     memcmp(A->DesiredSsid.Ssid, Ap->ssid, Len)))
			continue;
		if (A->BssidLocked &&
		    memcmp(A->DesiredBssid, Ap->bssid, NDD_ETH_ALEN))
			continue;
		if (!Best || Ap->rssi_dbm > Best->rssi_dbm)
			Best = Ap;
	}
	return Best;
}

/*
 * Would this access point let us in with our settings? Open and WPA2 need
 * the matching mode and encryption; WEP with shared-key authentication
 * needs the AP's key as our transmit key (the challenge is encrypted
 * with it), with open authentication any key associates and only data
 * fails later.
 */
static BOOLEAN VwifiAdmittedLocked(PVWIFI_ADAPTER A, const struct vw_ap *Ap)
{
	const VWIFI_KEY *Tx = &A->WepKeys[A->WepTxIndex];

	if (A->InfraMode == Ndis802_11IBSS)
		return FALSE;
	switch (Ap->security) {
	case VW_SEC_OPEN:
		return A->Encryption == Ndis802_11EncryptionDisabled &&
		       (A->AuthMode == Ndis802_11AuthModeOpen ||
			A->AuthMode == Ndis802_11AuthModeAutoSwitch);
	case VW_SEC_WEP:
		if (A->Encryption != Ndis802_11Encryption1Enabled)
			return FALSE;
		if (A->AuthMode == Ndis802_11AuthModeOpen ||
		    A->AuthMode == Ndis802_11AuthModeAutoSwitch)
			return TRUE;
		return A->AuthMode == Ndis802_11AuthModeShared &&
		       A->WepTxIndex == Ap->wep_key_index &&
		       VwifiKeyEquals(Tx, Ap->wep_key, Ap->wep_key_len);
	case VW_SEC_WPA2_PSK:
		return A->AuthMode == Ndis802_11AuthModeWPA2PSK &&
		       A->Encryption == Ndis802_11Encryption3Enabled;
	}
	return FALSE;
}

VOID VwifiClearKeysLocked(PVWIFI_ADAPTER A)
{
	vw_wipe(A->WepKeys, sizeof(A->WepKeys));
	A->WepTxIndex = 0;
}

/* Leave the current BSS (if any); WPA keys belong to it and go too. */
VOID VwifiDisassociateLocked(PVWIFI_ADAPTER A)
{
	A->Joining = NULL;
	if (!A->Assoc)
		return;
	A->Assoc = NULL;
	A->PortOpen = FALSE;
	A->Eth.MediaState = NdisMediaStateDisconnected;
	vw_auth_reset(&A->Auth);
	vw_wipe(&A->PairwiseKey, sizeof(A->PairwiseKey));
	vw_wipe(A->GroupKeys, sizeof(A->GroupKeys));
	VwifiPurgeRxLocked(A);
	VwifiQueueStatusLocked(A, NDIS_STATUS_MEDIA_DISCONNECT, NULL, 0);
}

/* An SSID or BSSID was set: leave, then (after AssocTimeMs) try to join. */
VOID VwifiJoinLocked(PVWIFI_ADAPTER A)
{
	VwifiDisassociateLocked(A);
	A->Joining = VwifiFindApLocked(A);
	if (A->Joining && !A->Halting)
		NdisMSetTimer(&A->JoinTimer, A->AssocTimeMs);
}

/* Queue the authenticator's frame (if any) to the station. */
static VOID VwifiSendAuthFrameLocked(PVWIFI_ADAPTER A)
{
	UCHAR *F = A->Reply;
	ULONG Len = (ULONG)A->AuthOut.len;

	if (!Len || Len > NDD_ETH_MAX_FRAME - NDD_ETH_HLEN)
		return;
	NdisMoveMemory(F, A->Eth.CurrentAddress, NDD_ETH_ALEN);
	NdisMoveMemory(F + 6, (PVOID)A->Assoc->bssid, NDD_ETH_ALEN);
	F[12] = (UCHAR)(VW_ETH_P_EAPOL >> 8);
	F[13] = (UCHAR)VW_ETH_P_EAPOL;
	NdisMoveMemory(F + NDD_ETH_HLEN, A->AuthOut.frame, Len);
	VwifiQueueRxLocked(A, F, NDD_ETH_HLEN + Len);
	A->AuthOut.len = 0;
}

static VOID VwifiArmAuthTimerLocked(PVWIFI_ADAPTER A)
{
	if (!A->AuthTimerArmed && !A->Halting) {
		A->AuthTimerArmed = TRUE;
		NdisMSetTimer(&A->AuthTimer, VWIFI_AUTH_TICK_MS);
	}
}

/* After the authenticator ran: act on where it is now. */
static VOID VwifiAfterAuthLocked(PVWIFI_ADAPTER A)
{
	VwifiSendAuthFrameLocked(A);
	switch (A->Auth.state) {
	case VW_AUTH_MSG1_SENT:
	case VW_AUTH_MSG3_SENT:
		VwifiArmAuthTimerLocked(A);
		break;
	case VW_AUTH_DONE:
		A->PortOpen = TRUE;
		break;
	case VW_AUTH_FAILED:
		/* The AP deauthenticates us (reason in A->Auth.reason). */
		A->FourWayFailures++;
		VwifiDisassociateLocked(A);
		break;
	default:
		break;
	}
}

static VOID VwifiStartHandshakeLocked(PVWIFI_ADAPTER A)
{
	ULONG i = VwifiApIndex(A->Assoc);
	struct vw_auth *Auth = &A->Auth;

	NdisZeroMemory(Auth, sizeof(*Auth));
	NdisMoveMemory(Auth->pmk, A->Pmk[i], VW_PMK_LEN);
	NdisMoveMemory(Auth->aa, (PVOID)A->Assoc->bssid, NDD_ETH_ALEN);
	NdisMoveMemory(Auth->spa, A->Eth.CurrentAddress, NDD_ETH_ALEN);
	/* The RSN element of our association request. */
	NdisMoveMemory(Auth->sta_ie, (PVOID)vw_rsn_ie, VW_RSN_IE_LEN);
	Auth->sta_ie_len = VW_RSN_IE_LEN;
	NdisMoveMemory(Auth->gtk, A->Gtk[i], VW_GTK_LEN);
	Auth->gtk_id = 1;
	Auth->random = vw_prng_bytes;
	Auth->random_ctx = &A->Prng;
	vw_auth_start(Auth, &A->AuthOut);
	VwifiAfterAuthLocked(A);
}

VOID VwifiJoinTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVWIFI_ADAPTER A = Context;
	const struct vw_ap *Ap;

	if (!VwifiTimerBegin(A))
		return;
	Ap = A->Joining;
	A->Joining = NULL;
	if (Ap && A->WantAssociation && !A->Assoc) {
		if (VwifiAdmittedLocked(A, Ap)) {
			A->Assoc = Ap;
			A->AssocId = (USHORT)(A->AssocId % 2007 + 1);
			A->AssocReqIesLength = VwifiBuildAssocReqIes(
				Ap, A->AssocReqIes, sizeof(A->AssocReqIes));
			A->NetworkType = Ap->channel > 14 ? Ndis802_11OFDM5 :
							    Ndis802_11OFDM24;
			A->PortOpen = Ap->security != VW_SEC_WPA2_PSK;
			A->Eth.MediaState = NdisMediaStateConnected;
			VwifiQueueStatusLocked(A, NDIS_STATUS_MEDIA_CONNECT,
					       NULL, 0);
			if (Ap->security == VW_SEC_WPA2_PSK)
				VwifiStartHandshakeLocked(A);
		} else if (A->AuthMode == Ndis802_11AuthModeShared) {
			/* A failed shared-key challenge discards the keys. */
			VwifiClearKeysLocked(A);
		}
	}
	VwifiTimerEnd(A);
}

VOID VwifiAuthTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3)
{
	PVWIFI_ADAPTER A = Context;

	if (!VwifiTimerBegin(A))
		return;
	A->AuthTimerArmed = FALSE;
	if (A->Assoc && A->Assoc->security == VW_SEC_WPA2_PSK) {
		vw_auth_tick(&A->Auth, VWIFI_AUTH_TICK_MS, &A->AuthOut);
		VwifiAfterAuthLocked(A);
	}
	VwifiTimerEnd(A);
}

VOID VwifiEapolFromStationLocked(PVWIFI_ADAPTER A, const UCHAR *Frame,
				 ULONG Length)
{
	if (Length <= NDD_ETH_HLEN || A->Auth.state == VW_AUTH_IDLE)
		return;
	vw_auth_receive(&A->Auth, Frame + NDD_ETH_HLEN, Length - NDD_ETH_HLEN,
			&A->AuthOut);
	VwifiAfterAuthLocked(A);
}

/* Does our WEP key Index match the AP's key? Counted when not. */
static BOOLEAN VwifiWepKeyMatchesLocked(PVWIFI_ADAPTER A, ULONG Index)
{
	const struct vw_ap *Ap = A->Assoc;
	BOOLEAN Ok = Index == Ap->wep_key_index &&
		     VwifiKeyEquals(&A->WepKeys[Index], Ap->wep_key,
				    Ap->wep_key_len);

	if (!Ok)
		A->WepUndecryptable++;
	return Ok;
}

/* Station to AP: can the AP decrypt what we send with our keys? */
BOOLEAN VwifiTxAllowedLocked(PVWIFI_ADAPTER A, const UCHAR *Frame)
{
	const struct vw_ap *Ap = A->Assoc;
	BOOLEAN Ok = FALSE;

	switch (Ap->security) {
	case VW_SEC_OPEN:
		return TRUE;
	case VW_SEC_WEP:
		Ok = VwifiWepKeyMatchesLocked(A, A->WepTxIndex);
		break;
	case VW_SEC_WPA2_PSK:
		/* Nothing but EAPOL passes the AP's port before the handshake. */
		if (!A->PortOpen || !A->PairwiseKey.Present)
			return FALSE;
		Ok = VwifiKeyEquals(&A->PairwiseKey, A->Auth.ptk.tk, VW_TK_LEN);
		if (!Ok)
			A->DecryptFailure++;
		break;
	}
	return Ok;
}

/* AP to station: can we decrypt it? Group-addressed frames use the GTK. */
BOOLEAN VwifiRxAllowedLocked(PVWIFI_ADAPTER A, const UCHAR *Frame)
{
	const struct vw_ap *Ap = A->Assoc;
	BOOLEAN Group = (Frame[0] & 1) != 0;
	BOOLEAN Ok = FALSE;

	switch (Ap->security) {
	case VW_SEC_OPEN:
		return TRUE;
	case VW_SEC_WEP:
		Ok = VwifiWepKeyMatchesLocked(A, Ap->wep_key_index);
		break;
	case VW_SEC_WPA2_PSK:
		if (!A->PortOpen)
			return FALSE;
		if (Group)
			Ok = VwifiKeyEquals(&A->GroupKeys[A->Auth.gtk_id & 3],
					    A->Gtk[VwifiApIndex(Ap)],
					    VW_GTK_LEN);
		else
			Ok = VwifiKeyEquals(&A->PairwiseKey, A->Auth.ptk.tk,
					    VW_TK_LEN);
		break;
	}
	if (Ok)
		A->DecryptSuccess++;
	else if (Ap->security == VW_SEC_WPA2_PSK)
		A->DecryptFailure++;
	return Ok;
}
