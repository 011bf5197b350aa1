// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi OID sets: the 802.11 configuration NDIS hands down (mode,
 * authentication, encryption, SSID/BSSID to associate with, scans, keys,
 * thresholds, power) and the generic Ethernet ones (packet filter,
 * multicast list, lookahead) through common/ndd_oid.c. Every value is
 * checked; a bad one is refused with NDIS_STATUS_INVALID_DATA and changes
 * nothing.
 */
#include "vwifi.h"

/* The ULONG-sized OIDs: read the value and check its range. */
static NDIS_STATUS VwifiSetUlong(PVWIFI_ADAPTER A, NDIS_OID Oid, ULONG V)
{
	switch (Oid) {
	case OID_802_11_INFRASTRUCTURE_MODE:
		/* This radio only joins access points. */
		if (V == Ndis802_11IBSS)
			return NDIS_STATUS_NOT_SUPPORTED;
		if (V != Ndis802_11Infrastructure &&
		    V != Ndis802_11AutoUnknown)
			return NDIS_STATUS_INVALID_DATA;
		/* A mode change resets the station: no BSS, no keys. */
		A->WantAssociation = FALSE;
		VwifiDisassociateLocked(A);
		VwifiClearKeysLocked(A);
		A->InfraMode = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_AUTHENTICATION_MODE:
		if (V >= Ndis802_11AuthModeMax ||
		    V == Ndis802_11AuthModeWPANone)
			return NDIS_STATUS_INVALID_DATA;
		A->AuthMode = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_ENCRYPTION_STATUS:
		/* WEP and CCMP; no TKIP in this radio. */
		if (V != Ndis802_11EncryptionDisabled &&
		    V != Ndis802_11Encryption1Enabled &&
		    V != Ndis802_11Encryption3Enabled)
			return NDIS_STATUS_INVALID_DATA;
		A->Encryption = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_PRIVACY_FILTER:
		if (V != Ndis802_11PrivFilterAcceptAll &&
		    V != Ndis802_11PrivFilter8021xWEP)
			return NDIS_STATUS_INVALID_DATA;
		A->PrivacyFilter = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_POWER_MODE:
		if (V >= Ndis802_11PowerModeMax)
			return NDIS_STATUS_INVALID_DATA;
		A->PowerMode = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_TX_POWER_LEVEL:
		if (V < 1 || V > 100)		/* mW */
			return NDIS_STATUS_INVALID_DATA;
		A->TxPowerMw = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_RTS_THRESHOLD:
		if (V > 2347)
			return NDIS_STATUS_INVALID_DATA;
		A->RtsThreshold = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_FRAGMENTATION_THRESHOLD:
		if (V < 256 || V > 2346)
			return NDIS_STATUS_INVALID_DATA;
		A->FragThreshold = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_NETWORK_TYPE_IN_USE:
		if (V != Ndis802_11DS && V != Ndis802_11OFDM24 &&
		    V != Ndis802_11OFDM5 && V != Ndis802_11Automode)
			return NDIS_STATUS_INVALID_DATA;
		A->NetworkType = V;
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_RELOAD_DEFAULTS:
		/* No WEP keys are configured in the registry: none remain. */
		if (V != Ndis802_11ReloadWEPKeys)
			return NDIS_STATUS_INVALID_DATA;
		VwifiClearKeysLocked(A);
		return NDIS_STATUS_SUCCESS;
	}
	return NDIS_STATUS_NOT_SUPPORTED;
}

static NDIS_STATUS VwifiSetSsid(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	PNDIS_802_11_SSID Ssid = Buffer;

	if (Length < sizeof(NDIS_802_11_SSID))
		return NDIS_STATUS_INVALID_LENGTH;
	if (Ssid->SsidLength > NDIS_802_11_LENGTH_SSID)
		return NDIS_STATUS_INVALID_DATA;
	A->DesiredSsid = *Ssid;
	A->WantAssociation = TRUE;
	VwifiJoinLocked(A);
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS VwifiSetBssid(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	const UCHAR *Bssid = Buffer;

	if (Length < NDD_ETH_ALEN)
		return NDIS_STATUS_INVALID_LENGTH;
	/* Broadcast: any BSS of the SSID will do again. */
	if (!memcmp(Bssid, VwifiBroadcast, NDD_ETH_ALEN)) {
		A->BssidLocked = FALSE;
		return NDIS_STATUS_SUCCESS;
	}
	if (Bssid[0] & 1)
		return NDIS_STATUS_INVALID_DATA;
	NdisMoveMemory(A->DesiredBssid, (PVOID)Bssid, NDD_ETH_ALEN);
	A->BssidLocked = TRUE;
	/* Roam now if we are with another BSS of the SSID we want. */
	if (A->WantAssociation && (A->Assoc || A->Joining))
		VwifiJoinLocked(A);
	return NDIS_STATUS_SUCCESS;
}

static NDIS_STATUS VwifiSet80211(PVWIFI_ADAPTER A, NDIS_OID Oid, PVOID Buffer,
				 ULONG Length, PULONG BytesRead,
				 PULONG BytesNeeded)
{
	ULONG Value;

	switch (Oid) {
	case OID_802_11_SSID:
		*BytesNeeded = sizeof(NDIS_802_11_SSID);
		return VwifiSetSsid(A, Buffer, Length);
	case OID_802_11_BSSID:
		*BytesNeeded = NDD_ETH_ALEN;
		return VwifiSetBssid(A, Buffer, Length);
	case OID_802_11_DISASSOCIATE:
		A->WantAssociation = FALSE;
		A->DesiredSsid.SsidLength = 0;
		VwifiDisassociateLocked(A);
		VwifiClearKeysLocked(A);
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_BSSID_LIST_SCAN:
		VwifiStartScanLocked(A);
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_ADD_WEP:
		*BytesNeeded = FIELD_OFFSET(NDIS_802_11_WEP, KeyMaterial);
		return VwifiAddWep(A, Buffer, Length);
	case OID_802_11_REMOVE_WEP:
		*BytesNeeded = sizeof(ULONG);
		return VwifiRemoveWep(A, Buffer, Length);
	case OID_802_11_ADD_KEY:
		*BytesNeeded = FIELD_OFFSET(NDIS_802_11_KEY, KeyMaterial);
		return VwifiAddKey(A, Buffer, Length);
	case OID_802_11_REMOVE_KEY:
		*BytesNeeded = FIELD_OFFSET(NDIS_802_11_REMOVE_KEY, BSSID) +
			       NDD_ETH_ALEN;
		return VwifiRemoveKey(A, Buffer, Length);
	case OID_802_11_PMKID:
		*BytesNeeded = FIELD_OFFSET(NDIS_802_11_PMKID, BSSIDInfo);
		return VwifiSetPmkids(A, Buffer, Length);
	case OID_802_11_DESIRED_RATES:
		*BytesNeeded = sizeof(A->DesiredRates);
		if (Length < sizeof(A->DesiredRates))
			return NDIS_STATUS_INVALID_LENGTH;
		NdisMoveMemory(A->DesiredRates, Buffer,
			       sizeof(A->DesiredRates));
		return NDIS_STATUS_SUCCESS;
	case OID_802_11_CONFIGURATION:
		/* Only an IBSS starter uses this; we never start one. */
		*BytesNeeded = sizeof(NDIS_802_11_CONFIGURATION);
		if (Length < sizeof(NDIS_802_11_CONFIGURATION))
			return NDIS_STATUS_INVALID_LENGTH;
		return NDIS_STATUS_SUCCESS;
	}
	*BytesNeeded = sizeof(ULONG);
	if (Length < sizeof(ULONG))
		return NDIS_STATUS_INVALID_LENGTH;
	NdisMoveMemory(&Value, Buffer, sizeof(Value));
	return VwifiSetUlong(A, Oid, Value);
}

NDIS_STATUS VwifiSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length, PULONG BytesRead,
				PULONG BytesNeeded)
{
	PVWIFI_ADAPTER A = Context;
	NDIS_STATUS Status;
	ULONG Changed;

	*BytesRead = 0;
	*BytesNeeded = 0;
	NdisAcquireSpinLock(&A->Lock);
	if ((Oid & 0xffff0000) == 0x0d010000) {
		Status = VwifiSet80211(A, Oid, Buffer, Length, BytesRead,
				       BytesNeeded);
		if (Status == NDIS_STATUS_SUCCESS)
			*BytesRead = Length;
	} else {
		Status = NddEthSet(&A->Eth, Oid, Buffer, Length, BytesRead,
				   BytesNeeded, &Changed);
	}
	NdisReleaseSpinLock(&A->Lock);
	return Status;
}
