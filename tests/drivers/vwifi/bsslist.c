// SPDX-License-Identifier: GPL-2.0-only
/*
 * What vwifi reports about the BSSs around it: the scan results
 * (OID_802_11_BSSID_LIST as NDIS_802_11_BSSID_LIST_EX, each entry with the
 * fixed and variable elements of the beacon), the association
 * information (OID_802_11_ASSOCIATION_INFORMATION: the elements of our
 * request and of the AP's response) and, in WPA2 mode, the PMKID
 * candidate list indication.
 */
#include "vwifi.h"

#define VWIFI_FIXED_IES		sizeof(NDIS_802_11_FIXED_IEs)
#define VWIFI_MAX_IES		128

static ULONG VwifiAlign4(ULONG n)
{
	return (n + 3) & ~3u;
}

/* Bytes one access point's NDIS_WLAN_BSSID_EX entry takes, padded. */
static ULONG VwifiEntrySize(const struct vw_ap *Ap, PUCHAR Ies, PULONG IeLen)
{
	*IeLen = (ULONG)vw_ap_ies(Ap, Ies, VWIFI_MAX_IES);
	return VwifiAlign4(FIELD_OFFSET(NDIS_WLAN_BSSID_EX, IEs) +
			   VWIFI_FIXED_IES + *IeLen);
}

static VOID VwifiFillEntry(PVWIFI_ADAPTER A, const struct vw_ap *Ap,
			   PNDIS_WLAN_BSSID_EX E, ULONG Size, const UCHAR *Ies,
			   ULONG IeLen)
{
	NDIS_802_11_FIXED_IEs Fixed;
	LARGE_INTEGER Now;
	UCHAR Rates[NDIS_802_11_LENGTH_RATES_EX];
	ULONG n;

	NdisZeroMemory(E, Size);
	E->Length = Size;
	NdisMoveMemory(E->MacAddress, (PVOID)Ap->bssid, NDD_ETH_ALEN);
	E->Ssid.SsidLength = (ULONG)strlen(Ap->ssid);
	NdisMoveMemory(E->Ssid.Ssid, (PVOID)Ap->ssid, E->Ssid.SsidLength);
	E->Privacy = (vw_ap_capability(Ap) & VW_CAP_PRIVACY) != 0;
	E->Rssi = Ap->rssi_dbm;
	E->NetworkTypeInUse = Ap->channel > 14 ? Ndis802_11OFDM5 :
						 Ndis802_11OFDM24;
	E->Configuration.Length = sizeof(E->Configuration);
	E->Configuration.BeaconPeriod = VW_BEACON_INTERVAL;
	E->Configuration.DSConfig = vw_channel_khz(Ap->channel);
	E->Configuration.FHConfig.Length = sizeof(E->Configuration.FHConfig);
	E->InfrastructureMode = Ndis802_11Infrastructure;
	n = (ULONG)vw_ap_rates(Ap, Rates, sizeof(Rates));
	NdisMoveMemory(E->SupportedRates, Rates, n);
	E->IELength = VWIFI_FIXED_IES + IeLen;

	/* Fixed fields: the AP's TSF (microseconds), interval, capability. */
	NdisGetCurrentSystemTime(&Now);
	NdisMoveMemory(Fixed.Timestamp, &Now, sizeof(Fixed.Timestamp));
	Fixed.BeaconInterval = VW_BEACON_INTERVAL;
	Fixed.Capabilities = vw_ap_capability(Ap);
	NdisMoveMemory(E->IEs, &Fixed, VWIFI_FIXED_IES);
	NdisMoveMemory(E->IEs + VWIFI_FIXED_IES, (PVOID)Ies, IeLen);
	(VOID)A;
}

NDIS_STATUS VwifiQueryBssidList(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	UCHAR Ies[VWIFI_MAX_IES];
	ULONG i, IeLen, Count = 0, Need = sizeof(ULONG), Off;
	PUCHAR Out = Buffer;

	/* Until the first scan finishes there is nothing to report. */
	if (A->ScansDone)
		for (i = 0; i < vw_ap_count && i < VWIFI_MAX_APS; i++) {
			Need += VwifiEntrySize(&vw_aps[i], Ies, &IeLen);
			Count++;
		}
	*BytesNeeded = Need;
	if (Length < Need) {
		*BytesWritten = 0;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	NdisMoveMemory(Out, &Count, sizeof(ULONG));
	Off = sizeof(ULONG);
	for (i = 0; i < Count; i++) {
		ULONG Size = VwifiEntrySize(&vw_aps[i], Ies, &IeLen);

		VwifiFillEntry(A, &vw_aps[i], (PNDIS_WLAN_BSSID_EX)(Out + Off),
			       Size, Ies, IeLen);
		Off += Size;
	}
	*BytesWritten = Off;
	return NDIS_STATUS_SUCCESS;
}

/* SSID, rates and (WPA2) our RSN element: what we asked to associate with. */
ULONG VwifiBuildAssocReqIes(const struct vw_ap *Ap, PUCHAR Buffer, ULONG Max)
{
	UCHAR Rates[16];
	ULONG Ssid = (ULONG)strlen(Ap->ssid);
	ULONG n = (ULONG)vw_ap_rates(Ap, Rates, sizeof(Rates));
	ULONG First = n > 8 ? 8 : n, Len = 0;
	ULONG Need = 2 + Ssid + 2 + First + (n > First ? 2 + n - First : 0) +
		     (Ap->security == VW_SEC_WPA2_PSK ? VW_RSN_IE_LEN : 0);

	if (Need > Max)
		return 0;
	Buffer[Len++] = 0;
	Buffer[Len++] = (UCHAR)Ssid;
	NdisMoveMemory(Buffer + Len, (PVOID)Ap->ssid, Ssid);
	Len += Ssid;
	Buffer[Len++] = 1;
	Buffer[Len++] = (UCHAR)First;
	NdisMoveMemory(Buffer + Len, Rates, First);
	Len += First;
	if (n > First) {
		Buffer[Len++] = 50;
		Buffer[Len++] = (UCHAR)(n - First);
		NdisMoveMemory(Buffer + Len, Rates + First, n - First);
		Len += n - First;
	}
	if (Ap->security == VW_SEC_WPA2_PSK) {
		NdisMoveMemory(Buffer + Len, (PVOID)vw_rsn_ie, VW_RSN_IE_LEN);
		Len += VW_RSN_IE_LEN;
	}
	return Len;
}

NDIS_STATUS VwifiQueryAssocInfo(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded)
{
	NDIS_802_11_ASSOCIATION_INFORMATION Info;
	const struct vw_ap *Ap = A->Assoc;
	UCHAR Rates[16], Resp[2 + 8 + 2 + 8];
	ULONG RespLen, n, First, Need;
	PUCHAR Out = Buffer;

	*BytesWritten = 0;
	*BytesNeeded = 0;
	if (!Ap)
		return NDIS_STATUS_ADAPTER_NOT_READY;
	/* The response carries the AP's rates. */
	n = (ULONG)vw_ap_rates(Ap, Rates, sizeof(Rates));
	First = n > 8 ? 8 : n;
	Resp[0] = 1;
	Resp[1] = (UCHAR)First;
	NdisMoveMemory(Resp + 2, Rates, First);
	RespLen = 2 + First;
	if (n > First && n - First <= 8) {
		Resp[RespLen] = 50;
		Resp[RespLen + 1] = (UCHAR)(n - First);
		NdisMoveMemory(Resp + RespLen + 2, Rates + First, n - First);
		RespLen += 2 + n - First;
	}
	Need = sizeof(Info) + A->AssocReqIesLength + RespLen;
	*BytesNeeded = Need;
	if (Length < Need)
		return NDIS_STATUS_INVALID_LENGTH;

	NdisZeroMemory(&Info, sizeof(Info));
	Info.Length = sizeof(Info);
	Info.AvailableRequestFixedIEs = NDIS_802_11_AI_REQFI_CAPABILITIES |
					NDIS_802_11_AI_REQFI_LISTENINTERVAL;
	Info.RequestFixedIEs.Capabilities = VW_CAP_ESS |
		(Ap->security != VW_SEC_OPEN ? VW_CAP_PRIVACY : 0);
	Info.RequestFixedIEs.ListenInterval = VWIFI_LISTEN_INTERVAL;
	Info.RequestIELength = A->AssocReqIesLength;
	Info.OffsetRequestIEs = sizeof(Info);
	Info.AvailableResponseFixedIEs = NDIS_802_11_AI_RESFI_CAPABILITIES |
					 NDIS_802_11_AI_RESFI_STATUSCODE |
					 NDIS_802_11_AI_RESFI_ASSOCIATIONID;
	Info.ResponseFixedIEs.Capabilities = vw_ap_capability(Ap);
	Info.ResponseFixedIEs.StatusCode = 0;
	Info.ResponseFixedIEs.AssociationId = (USHORT)(A->AssocId | 0xc000);
	Info.ResponseIELength = RespLen;
	Info.OffsetResponseIEs = sizeof(Info) + A->AssocReqIesLength;
	NdisMoveMemory(Out, &Info, sizeof(Info));
	NdisMoveMemory(Out + sizeof(Info), A->AssocReqIes,
		       A->AssocReqIesLength);
	NdisMoveMemory(Out + Info.OffsetResponseIEs, Resp, RespLen);
	*BytesWritten = Need;
	return NDIS_STATUS_SUCCESS;
}

/*
 * WPA2 miniports tell the supplicant which BSSs of the wanted SSID it may
 * pre-authenticate with or cache PMKs for (here: none pre-authenticate).
 */
VOID VwifiIndicatePmkidCandidatesLocked(PVWIFI_ADAPTER A)
{
	struct {
		NDIS_802_11_STATUS_INDICATION Status;
		NDIS_802_11_PMKID_CANDIDATE_LIST List;
		PMKID_CANDIDATE More[3];
	} Ind;
	ULONG i, n = 0;

	if (!A->DesiredSsid.SsidLength)
		return;
	NdisZeroMemory(&Ind, sizeof(Ind));
	Ind.Status.StatusType = Ndis802_11StatusType_PMKID_CandidateList;
	Ind.List.Version = 1;
	for (i = 0; i < vw_ap_count && i < VWIFI_MAX_APS && n < 4; i++) {
		const struct vw_ap *Ap = &vw_aps[i];
		PMKID_CANDIDATE *C = (PMKID_CANDIDATE *)((PUCHAR)&Ind.List +
			FIELD_OFFSET(NDIS_802_11_PMKID_CANDIDATE_LIST,
				     CandidateList)) + n;

		if (Ap->security != VW_SEC_WPA2_PSK ||
		    strlen(Ap->ssid) != A->DesiredSsid.SsidLength ||
		    memcmp(Ap->ssid, A->DesiredSsid.Ssid,
			   A->DesiredSsid.SsidLength))
			continue;
		NdisMoveMemory(C->BSSID, (PVOID)Ap->bssid, NDD_ETH_ALEN);
		C->Flags = 0;
		n++;
	}
	if (!n)
		return;
	Ind.List.NumCandidates = n;
	VwifiQueueStatusLocked(A, NDIS_STATUS_MEDIA_SPECIFIC_INDICATION, &Ind,
			       FIELD_OFFSET(NDIS_802_11_PMKID_CANDIDATE_LIST,
					    CandidateList) +
			       sizeof(Ind.Status) +
			       n * sizeof(PMKID_CANDIDATE));
}
