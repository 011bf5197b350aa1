// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi OID queries: the mandatory Ethernet set (common/ndd_oid.c) with the
 * physical medium of a wireless LAN, and the NDIS 5.1 OID_802_11_* set.
 */
#include "vwifi.h"

const NDIS_OID VwifiOids[] = {
	NDD_ETH_MANDATORY_OIDS,
	OID_802_11_BSSID, OID_802_11_SSID, OID_802_11_NETWORK_TYPES_SUPPORTED,
	OID_802_11_NETWORK_TYPE_IN_USE, OID_802_11_TX_POWER_LEVEL,
	OID_802_11_RSSI, OID_802_11_INFRASTRUCTURE_MODE,
	OID_802_11_FRAGMENTATION_THRESHOLD, OID_802_11_RTS_THRESHOLD,
	OID_802_11_SUPPORTED_RATES, OID_802_11_DESIRED_RATES,
	OID_802_11_CONFIGURATION, OID_802_11_STATISTICS, OID_802_11_ADD_WEP,
	OID_802_11_REMOVE_WEP, OID_802_11_DISASSOCIATE, OID_802_11_POWER_MODE,
	OID_802_11_BSSID_LIST, OID_802_11_AUTHENTICATION_MODE,
	OID_802_11_PRIVACY_FILTER, OID_802_11_BSSID_LIST_SCAN,
	OID_802_11_ENCRYPTION_STATUS, OID_802_11_RELOAD_DEFAULTS,
	OID_802_11_ADD_KEY, OID_802_11_REMOVE_KEY,
	OID_802_11_ASSOCIATION_INFORMATION, OID_802_11_CAPABILITY,
	OID_802_11_PMKID,
};
const ULONG VwifiOidsSize = sizeof(VwifiOids);

/* What the encryption status reads as: enabled, or enabled but keyless. */
static NDIS_802_11_ENCRYPTION_STATUS VwifiEncryptionState(PVWIFI_ADAPTER A)
{
	ULONG i;

	switch (A->Encryption) {
	case Ndis802_11Encryption1Enabled:
		for (i = 0; i < 4; i++)
			if (A->WepKeys[i].Present)
				return Ndis802_11Encryption1Enabled;
		return Ndis802_11Encryption1KeyAbsent;
	case Ndis802_11Encryption3Enabled:
		if (A->PairwiseKey.Present)
			return Ndis802_11Encryption3Enabled;
		return Ndis802_11Encryption3KeyAbsent;
	default:
		return A->Encryption;
	}
}

static NDIS_STATUS VwifiQueryCapability(PVOID Buffer, ULONG Length,
					PULONG BytesWritten,
					PULONG BytesNeeded)
{
	static const NDIS_802_11_AUTHENTICATION_ENCRYPTION Pairs[] = {
		{ Ndis802_11AuthModeOpen, Ndis802_11EncryptionDisabled },
		{ Ndis802_11AuthModeOpen, Ndis802_11Encryption1Enabled },
		{ Ndis802_11AuthModeShared, Ndis802_11Encryption1Enabled },
		{ Ndis802_11AuthModeWPA2, Ndis802_11Encryption3Enabled },
		{ Ndis802_11AuthModeWPA2PSK, Ndis802_11Encryption3Enabled },
	};
	struct {
		NDIS_802_11_CAPABILITY Cap;
		NDIS_802_11_AUTHENTICATION_ENCRYPTION More[4];
	} C;
	ULONG Size = FIELD_OFFSET(NDIS_802_11_CAPABILITY,
				  AuthenticationEncryptionSupported) +
		     sizeof(Pairs);

	NdisZeroMemory(&C, sizeof(C));
	C.Cap.Length = Size;
	C.Cap.Version = 2;
	C.Cap.NoOfPMKIDs = VWIFI_MAX_PMKIDS;
	C.Cap.NoOfAuthEncryptPairsSupported = sizeof(Pairs) / sizeof(Pairs[0]);
	NdisMoveMemory((PUCHAR)&C + FIELD_OFFSET(NDIS_802_11_CAPABILITY,
			AuthenticationEncryptionSupported), (PVOID)Pairs,
		       sizeof(Pairs));
	return NddCopyInfo(Buffer, Length, &C, Size, BytesWritten, BytesNeeded);
}

static NDIS_STATUS VwifiQueryStatistics(PVWIFI_ADAPTER A, PVOID Buffer,
					ULONG Length, PULONG BytesWritten,
					PULONG BytesNeeded)
{
	NDIS_802_11_STATISTICS S;

	NdisZeroMemory(&S, sizeof(S));
	S.Length = sizeof(S);
	S.TransmittedFragmentCount.QuadPart = A->TxFragments;
	S.ReceivedFragmentCount.QuadPart = A->RxFragments;
	S.FourWayHandshakeFailures.QuadPart = A->FourWayFailures;
	S.WEPUndecryptableCount.QuadPart = A->WepUndecryptable;
	S.DecryptSuccessCount.QuadPart = A->DecryptSuccess;
	S.DecryptFailureCount.QuadPart = A->DecryptFailure;
	return NddCopyInfo(Buffer, Length, &S, sizeof(S), BytesWritten,
			   BytesNeeded);
}

/* Queries whose answer exists only while associated. */
static NDIS_STATUS VwifiQueryAssociated(PVWIFI_ADAPTER A, NDIS_OID Oid,
					PVOID Buffer, ULONG Length,
					PULONG BytesWritten,
					PULONG BytesNeeded)
{
	const struct vw_ap *Ap = A->Assoc;
	NDIS_802_11_CONFIGURATION Config;
	NDIS_802_11_RSSI Rssi;

	if (!Ap)
		return NDIS_STATUS_ADAPTER_NOT_READY;
	switch (Oid) {
	case OID_802_11_BSSID:
		return NddCopyInfo(Buffer, Length, Ap->bssid, NDD_ETH_ALEN,
				   BytesWritten, BytesNeeded);
	case OID_802_11_RSSI:
		Rssi = Ap->rssi_dbm;
		return NddCopyInfo(Buffer, Length, &Rssi, sizeof(Rssi),
				   BytesWritten, BytesNeeded);
	case OID_802_11_CONFIGURATION:
		NdisZeroMemory(&Config, sizeof(Config));
		Config.Length = sizeof(Config);
		Config.BeaconPeriod = VW_BEACON_INTERVAL;
		Config.DSConfig = vw_channel_khz(Ap->channel);
		Config.FHConfig.Length = sizeof(Config.FHConfig);
		return NddCopyInfo(Buffer, Length, &Config, sizeof(Config),
				   BytesWritten, BytesNeeded);
	default:
		return VwifiQueryAssocInfo(A, Buffer, Length, BytesWritten,
					   BytesNeeded);
	}
}

static NDIS_STATUS VwifiQuery80211(PVWIFI_ADAPTER A, NDIS_OID Oid,
				   PVOID Buffer, ULONG Length,
				   PULONG BytesWritten, PULONG BytesNeeded)
{
	static const struct {
		ULONG Count;
		NDIS_802_11_NETWORK_TYPE Type[3];
	} Types = { 3, { Ndis802_11DS, Ndis802_11OFDM24, Ndis802_11OFDM5 } };
	static const UCHAR Rates[NDIS_802_11_LENGTH_RATES_EX] = {
		0x02, 0x04, 0x0b, 0x16, 0x0c, 0x12, 0x18, 0x24,
		0x30, 0x48, 0x60, 0x6c
	};
	NDIS_802_11_SSID Ssid;
	ULONG Value;
	const VOID *Data = &Value;
	ULONG Size = sizeof(Value);

	switch (Oid) {
	case OID_802_11_BSSID:
	case OID_802_11_RSSI:
	case OID_802_11_CONFIGURATION:
	case OID_802_11_ASSOCIATION_INFORMATION:
		return VwifiQueryAssociated(A, Oid, Buffer, Length,
					    BytesWritten, BytesNeeded);
	case OID_802_11_BSSID_LIST:
		return VwifiQueryBssidList(A, Buffer, Length, BytesWritten,
					   BytesNeeded);
	case OID_802_11_CAPABILITY:
		return VwifiQueryCapability(Buffer, Length, BytesWritten,
					    BytesNeeded);
	case OID_802_11_STATISTICS:
		return VwifiQueryStatistics(A, Buffer, Length, BytesWritten,
					    BytesNeeded);
	case OID_802_11_SSID:
		NdisZeroMemory(&Ssid, sizeof(Ssid));
		if (A->Assoc) {
			Ssid.SsidLength = (ULONG)strlen(A->Assoc->ssid);
			NdisMoveMemory(Ssid.Ssid, (PVOID)A->Assoc->ssid,
				       Ssid.SsidLength);
		}
		Data = &Ssid;
		Size = sizeof(Ssid);
		break;
	case OID_802_11_NETWORK_TYPES_SUPPORTED:
		Data = &Types;
		Size = sizeof(Types);
		break;
	case OID_802_11_NETWORK_TYPE_IN_USE:
		Value = A->NetworkType;
		break;
	case OID_802_11_TX_POWER_LEVEL:
		Value = A->TxPowerMw;
		break;
	case OID_802_11_INFRASTRUCTURE_MODE:
		Value = A->InfraMode;
		break;
	case OID_802_11_FRAGMENTATION_THRESHOLD:
		Value = A->FragThreshold;
		break;
	case OID_802_11_RTS_THRESHOLD:
		Value = A->RtsThreshold;
		break;
	case OID_802_11_SUPPORTED_RATES:
		Data = Rates;
		Size = Length >= sizeof(Rates) ? sizeof(Rates) :
						 NDIS_802_11_LENGTH_RATES;
		break;
	case OID_802_11_DESIRED_RATES:
		Data = A->DesiredRates;
		Size = sizeof(A->DesiredRates);
		break;
	case OID_802_11_POWER_MODE:
		Value = A->PowerMode;
		break;
	case OID_802_11_AUTHENTICATION_MODE:
		Value = A->AuthMode;
		break;
	case OID_802_11_PRIVACY_FILTER:
		Value = A->PrivacyFilter;
		break;
	case OID_802_11_ENCRYPTION_STATUS:
		Value = VwifiEncryptionState(A);
		break;
	case OID_802_11_PMKID:
		return VwifiQueryPmkids(A, Buffer, Length, BytesWritten,
					BytesNeeded);
	default:
		return NDIS_STATUS_NOT_SUPPORTED;
	}
	return NddCopyInfo(Buffer, Length, Data, Size, BytesWritten,
			   BytesNeeded);
}

NDIS_STATUS VwifiQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				  PVOID Buffer, ULONG Length,
				  PULONG BytesWritten, PULONG BytesNeeded)
{
	PVWIFI_ADAPTER A = Context;
	NDIS_PHYSICAL_MEDIUM Physical = NdisPhysicalMediumWirelessLan;
	NDIS_STATUS Status;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	NdisAcquireSpinLock(&A->Lock);
	if (Oid == OID_GEN_PHYSICAL_MEDIUM)
		Status = NddCopyInfo(Buffer, Length, &Physical,
				     sizeof(Physical), BytesWritten,
				     BytesNeeded);
	else if ((Oid & 0xffff0000) == 0x0d010000 ||
		 (Oid & 0xffff0000) == 0x0d020000)
		Status = VwifiQuery80211(A, Oid, Buffer, Length, BytesWritten,
					 BytesNeeded);
	else
		Status = NddEthQuery(&A->Eth, Oid, Buffer, Length,
				     BytesWritten, BytesNeeded);
	NdisReleaseSpinLock(&A->Lock);
	return Status;
}
