// SPDX-License-Identifier: GPL-2.0-only
/*
 * vwifi's key OIDs, with the checks the NDIS 5.1 WPA/WPA2 rules ask for:
 * OID_802_11_ADD_WEP / REMOVE_WEP (four default keys, bit 31 = transmit
 * key) and OID_802_11_ADD_KEY / REMOVE_KEY (bit 31 transmit, bit 30
 * pairwise, bit 29 KeyRSC valid, bits 8-28 reserved; pairwise keys are
 * transmit keys at index 0 for a specific BSSID). Lengths are checked
 * against both the buffer and the structure's own Length field. Called
 * with A->Lock held.
 */
#include "vwifi.h"

BOOLEAN VwifiKeyEquals(const VWIFI_KEY *Key, const UCHAR *Material,
		       ULONG Length)
{
	return Key->Present && Key->Length == Length &&
	       !vw_memcmp_ct(Key->Material, Material, Length);
}

static VOID VwifiStoreKey(PVWIFI_KEY Key, const UCHAR *Material,
			  ULONG Length, ULONG64 Rsc)
{
	vw_wipe(Key, sizeof(*Key));
	Key->Present = TRUE;
	Key->Length = Length;
	NdisMoveMemory(Key->Material, (PVOID)Material, Length);
	Key->Rsc = Rsc;
}

static BOOLEAN VwifiWepLength(ULONG Length)
{
	return Length == 5 || Length == 13;	/* WEP-40, WEP-104 */
}

NDIS_STATUS VwifiAddWep(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	PNDIS_802_11_WEP W = Buffer;
	ULONG Index;

	if (Length < FIELD_OFFSET(NDIS_802_11_WEP, KeyMaterial))
		return NDIS_STATUS_INVALID_LENGTH;
	Index = W->KeyIndex & ~VWIFI_KEY_TRANSMIT;
	if (Index > 3 || !VwifiWepLength(W->KeyLength) ||
	    W->Length > Length ||
	    W->Length < FIELD_OFFSET(NDIS_802_11_WEP, KeyMaterial) +
			W->KeyLength)
		return NDIS_STATUS_INVALID_DATA;
	VwifiStoreKey(&A->WepKeys[Index], W->KeyMaterial, W->KeyLength, 0);
	if (W->KeyIndex & VWIFI_KEY_TRANSMIT)
		A->WepTxIndex = Index;
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS VwifiRemoveWep(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	ULONG Index;

	if (Length < sizeof(ULONG))
		return NDIS_STATUS_INVALID_LENGTH;
	NdisMoveMemory(&Index, Buffer, sizeof(Index));
	if (Index > 3)			/* includes the transmit bit */
		return NDIS_STATUS_INVALID_DATA;
	vw_wipe(&A->WepKeys[Index], sizeof(A->WepKeys[Index]));
	return NDIS_STATUS_SUCCESS;
}

/* A BSSID a key may be for: ours (associated) or "any" for group keys. */
static BOOLEAN VwifiKeyBssidOk(PVWIFI_ADAPTER A, const UCHAR *Bssid,
			       BOOLEAN Pairwise)
{
	BOOLEAN Any = !memcmp(Bssid, VwifiBroadcast, NDD_ETH_ALEN);

	if (Pairwise && Any)
		return FALSE;
	if (Any)
		return TRUE;
	return A->Assoc && !memcmp(Bssid, A->Assoc->bssid, NDD_ETH_ALEN);
}

NDIS_STATUS VwifiAddKey(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	PNDIS_802_11_KEY K = Buffer;
	ULONG Flags, Index;
	BOOLEAN Pairwise;
	ULONG64 Rsc;

	if (Length < FIELD_OFFSET(NDIS_802_11_KEY, KeyMaterial))
		return NDIS_STATUS_INVALID_LENGTH;
	Flags = K->KeyIndex;
	Index = Flags & VWIFI_KEY_INDEX;
	Pairwise = (Flags & VWIFI_KEY_PAIRWISE) != 0;
	if ((Flags & VWIFI_KEY_RESERVED) || Index > 3 || K->Length > Length ||
	    K->KeyLength > sizeof(((VWIFI_KEY *)0)->Material) ||
	    K->Length < FIELD_OFFSET(NDIS_802_11_KEY, KeyMaterial) +
			K->KeyLength)
		return NDIS_STATUS_INVALID_DATA;
	/* A pairwise key is the transmit key, at index 0. */
	if (Pairwise && (!(Flags & VWIFI_KEY_TRANSMIT) || Index != 0))
		return NDIS_STATUS_INVALID_DATA;
	/* Group transmit keys exist only in IBSS (WPA-None): not ours. */
	if (!Pairwise && (Flags & VWIFI_KEY_TRANSMIT) &&
	    !VwifiWepLength(K->KeyLength))
		return NDIS_STATUS_INVALID_DATA;
	if (!VwifiKeyBssidOk(A, K->BSSID, Pairwise))
		return NDIS_STATUS_INVALID_DATA;
	Rsc = (Flags & VWIFI_KEY_RSC) ? K->KeyRSC : 0;

	if (VwifiWepLength(K->KeyLength) && !Pairwise) {
		/* A static WEP key given through ADD_KEY. */
		VwifiStoreKey(&A->WepKeys[Index], K->KeyMaterial,
			      K->KeyLength, 0);
		if (Flags & VWIFI_KEY_TRANSMIT)
			A->WepTxIndex = Index;
		return NDIS_STATUS_SUCCESS;
	}
	/* CCMP only (no TKIP in this radio): a 128-bit key. */
	if (K->KeyLength != VW_TK_LEN ||
	    A->Encryption != Ndis802_11Encryption3Enabled)
		return NDIS_STATUS_INVALID_DATA;
	VwifiStoreKey(Pairwise ? &A->PairwiseKey : &A->GroupKeys[Index],
		      K->KeyMaterial, K->KeyLength, Rsc);
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS VwifiRemoveKey(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	PNDIS_802_11_REMOVE_KEY R = Buffer;
	ULONG Flags, Index;
	BOOLEAN Pairwise;

	/* The structure's bytes end with the BSSID (padding aside). */
	ULONG Size = FIELD_OFFSET(NDIS_802_11_REMOVE_KEY, BSSID) + NDD_ETH_ALEN;

	if (Length < Size)
		return NDIS_STATUS_INVALID_LENGTH;
	Flags = R->KeyIndex;
	Index = Flags & VWIFI_KEY_INDEX;
	Pairwise = (Flags & VWIFI_KEY_PAIRWISE) != 0;
	if ((Flags & (VWIFI_KEY_TRANSMIT | VWIFI_KEY_RSC | VWIFI_KEY_RESERVED)) ||
	    Index > 3 || R->Length > Length || R->Length < Size)
		return NDIS_STATUS_INVALID_DATA;
	if (Pairwise && (Index != 0 ||
			 !memcmp(R->BSSID, VwifiBroadcast, NDD_ETH_ALEN)))
		return NDIS_STATUS_INVALID_DATA;
	/* A valid index with no key there is not an error. */
	if (Pairwise)
		vw_wipe(&A->PairwiseKey, sizeof(A->PairwiseKey));
	else
		vw_wipe(&A->GroupKeys[Index], sizeof(A->GroupKeys[Index]));
	return NDIS_STATUS_SUCCESS;
}

/* OID_802_11_PMKID: the supplicant's PMK cache for the driver's use. */
NDIS_STATUS VwifiSetPmkids(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length)
{
	PNDIS_802_11_PMKID P = Buffer;
	ULONG Head = FIELD_OFFSET(NDIS_802_11_PMKID, BSSIDInfo);

	if (Length < Head)
		return NDIS_STATUS_INVALID_LENGTH;
	if (P->BSSIDInfoCount > VWIFI_MAX_PMKIDS ||
	    Length < Head + P->BSSIDInfoCount * sizeof(BSSID_INFO) ||
	    P->Length < Head + P->BSSIDInfoCount * sizeof(BSSID_INFO))
		return NDIS_STATUS_INVALID_DATA;
	A->PmkidCount = P->BSSIDInfoCount;
	if (A->PmkidCount)
		NdisMoveMemory(A->Pmkids, P->BSSIDInfo,
			       A->PmkidCount * sizeof(BSSID_INFO));
	return NDIS_STATUS_SUCCESS;
}

NDIS_STATUS VwifiQueryPmkids(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length,
			     PULONG BytesWritten, PULONG BytesNeeded)
{
	ULONG Head = FIELD_OFFSET(NDIS_802_11_PMKID, BSSIDInfo);
	ULONG Need = Head + A->PmkidCount * sizeof(BSSID_INFO);
	PNDIS_802_11_PMKID P = Buffer;

	*BytesNeeded = Need;
	if (Length < Need) {
		*BytesWritten = 0;
		return NDIS_STATUS_INVALID_LENGTH;
	}
	P->Length = Need;
	P->BSSIDInfoCount = A->PmkidCount;
	if (A->PmkidCount)
		NdisMoveMemory(P->BSSIDInfo, A->Pmkids,
			       A->PmkidCount * sizeof(BSSID_INFO));
	*BytesWritten = Need;
	return NDIS_STATUS_SUCCESS;
}
