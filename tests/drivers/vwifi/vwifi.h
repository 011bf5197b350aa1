/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vwifi: a deserialized NDIS 5.1 802.11 miniport for a simulated radio.
 * Like every NDIS 5.1 wireless miniport it shows NDIS an 802.3 medium
 * (OID_GEN_PHYSICAL_MEDIUM says NdisPhysicalMediumWirelessLan) and is
 * steered through the OID_802_11_* set: scans find the access points of
 * vw_aps.c; association honours the authentication mode, encryption
 * status and keys; the WPA2 access point runs the 4-way handshake over
 * EAPOL frames on the data path; once the keys agree, a host on the
 * access point's LAN answers ARP and ping.
 */
#ifndef VWIFI_H
#define VWIFI_H

#include "ndd.h"
#include "vw_sim.h"

#define VWIFI_TAG		'ifwV'
#define VWIFI_VERSION_MAJOR	1
#define VWIFI_VERSION_MINOR	0
#define VWIFI_MAX_BATCH		16	/* frames indicated per timer run */
#define VWIFI_MAX_APS		8
#define VWIFI_MAX_PMKIDS	8
#define VWIFI_STATUS_RING	8
#define VWIFI_AUTH_TICK_MS	100
#define VWIFI_LISTEN_INTERVAL	10
#define VWIFI_LINK_SPEED	540000	/* 54 Mb/s in 100 b/s units */

#define VWIFI_KEY_TRANSMIT	0x80000000	/* ADD_KEY / ADD_WEP bits */
#define VWIFI_KEY_PAIRWISE	0x40000000
#define VWIFI_KEY_RSC		0x20000000
#define VWIFI_KEY_RESERVED	0x1fffff00
#define VWIFI_KEY_INDEX		0x000000ff

typedef struct _VWIFI_KEY {
	BOOLEAN Present;
	ULONG Length;			/* 5, 13 (WEP), 16 (CCMP) */
	UCHAR Material[32];
	ULONG64 Rsc;
} VWIFI_KEY, *PVWIFI_KEY;

/* A status indication waiting for the delivery timer. */
typedef struct _VWIFI_STATUS {
	NDIS_STATUS Status;
	ULONG Length;
	ULONG Buffer[16];		/* 64 bytes, ULONG aligned */
} VWIFI_STATUS;

typedef struct _VWIFI_ADAPTER {
	NDIS_HANDLE Handle;
	NDD_ETH Eth;
	char Label[64];
	NDIS_SPIN_LOCK Lock;		/* everything below */

	/* registry */
	ULONG ScanTimeMs;
	ULONG AssocTimeMs;

	/* what NDIS asked for (OID sets) */
	NDIS_802_11_NETWORK_INFRASTRUCTURE InfraMode;
	NDIS_802_11_AUTHENTICATION_MODE AuthMode;
	NDIS_802_11_ENCRYPTION_STATUS Encryption;	/* *Enabled / Disabled */
	NDIS_802_11_PRIVACY_FILTER PrivacyFilter;
	NDIS_802_11_POWER_MODE PowerMode;
	NDIS_802_11_NETWORK_TYPE NetworkType;
	ULONG TxPowerMw;
	ULONG RtsThreshold;
	ULONG FragThreshold;
	UCHAR DesiredRates[NDIS_802_11_LENGTH_RATES];
	NDIS_802_11_SSID DesiredSsid;
	BOOLEAN WantAssociation;	/* an SSID was set, no disassociate since */
	BOOLEAN BssidLocked;
	UCHAR DesiredBssid[NDD_ETH_ALEN];
	VWIFI_KEY WepKeys[4];
	ULONG WepTxIndex;
	VWIFI_KEY PairwiseKey;
	VWIFI_KEY GroupKeys[4];
	ULONG PmkidCount;
	BSSID_INFO Pmkids[VWIFI_MAX_PMKIDS];

	/* the radio */
	BOOLEAN Scanning;
	ULONG ScansDone;
	const struct vw_ap *Joining;	/* association under way */
	const struct vw_ap *Assoc;	/* associated with */
	USHORT AssocId;
	UCHAR AssocReqIes[96];
	ULONG AssocReqIesLength;
	BOOLEAN PortOpen;		/* 4-way handshake done (WPA2) */
	struct vw_auth Auth;
	struct vw_auth_out AuthOut;
	struct vw_lan_stats Lan;
	struct vw_prng Prng;
	UCHAR Pmk[VWIFI_MAX_APS][VW_PMK_LEN];
	UCHAR Gtk[VWIFI_MAX_APS][VW_GTK_LEN];
	UCHAR TxFrame[NDD_ETH_MAX_FRAME];
	UCHAR Reply[NDD_ETH_MAX_FRAME];

	/* 802.11 statistics */
	ULONG64 FourWayFailures;
	ULONG64 WepUndecryptable;
	ULONG64 DecryptSuccess;
	ULONG64 DecryptFailure;
	ULONG64 TxFragments;
	ULONG64 RxFragments;

	/* status indications waiting for the delivery timer */
	VWIFI_STATUS StatusRing[VWIFI_STATUS_RING];
	ULONG StatusHead, StatusCount;

	/* timers */
	NDIS_MINIPORT_TIMER ScanTimer;
	NDIS_MINIPORT_TIMER JoinTimer;
	NDIS_MINIPORT_TIMER AuthTimer;
	NDIS_MINIPORT_TIMER DeliverTimer;
	BOOLEAN AuthTimerArmed;
	BOOLEAN DeliverArmed;
	ULONG TimersRunning;

	BOOLEAN Halting;
	BOOLEAN Removed;

	/* receive */
	NDD_RX_POOL RxPool;
	LIST_ENTRY RxQueue;		/* filled, waiting for the timer */
} VWIFI_ADAPTER, *PVWIFI_ADAPTER;

/* main.c */
/*
 * Timer callbacks (DISPATCH_LEVEL) begin with VwifiTimerBegin: FALSE once
 * halting, else TRUE with A->Lock held and the callback counted running
 * (halt waits for it); they end with VwifiTimerEnd, lock held, which
 * releases it.
 */
BOOLEAN VwifiTimerBegin(PVWIFI_ADAPTER A);
VOID VwifiTimerEnd(PVWIFI_ADAPTER A);

/* recv.c */
VOID VwifiQueueRxLocked(PVWIFI_ADAPTER A, const UCHAR *Frame, ULONG Length);
VOID VwifiPurgeRxLocked(PVWIFI_ADAPTER A);
VOID VwifiQueueStatusLocked(PVWIFI_ADAPTER A, NDIS_STATUS Status,
			    const VOID *Buffer, ULONG Length);
VOID VwifiDeliverTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3);
VOID VwifiReturnPacket(NDIS_HANDLE Context, PNDIS_PACKET Packet);

/* send.c */
VOID VwifiSendPackets(NDIS_HANDLE Context, PPNDIS_PACKET Packets, UINT Count);

/* radio.c: all with A->Lock held */
extern const UCHAR VwifiBroadcast[NDD_ETH_ALEN];
VOID VwifiStartScanLocked(PVWIFI_ADAPTER A);
VOID VwifiJoinLocked(PVWIFI_ADAPTER A);
VOID VwifiDisassociateLocked(PVWIFI_ADAPTER A);
VOID VwifiClearKeysLocked(PVWIFI_ADAPTER A);
ULONG VwifiApIndex(const struct vw_ap *Ap);
BOOLEAN VwifiTxAllowedLocked(PVWIFI_ADAPTER A, const UCHAR *Frame);
BOOLEAN VwifiRxAllowedLocked(PVWIFI_ADAPTER A, const UCHAR *Frame);
VOID VwifiEapolFromStationLocked(PVWIFI_ADAPTER A, const UCHAR *Frame,
				 ULONG Length);
VOID VwifiScanTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3);
VOID VwifiJoinTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3);
VOID VwifiAuthTimer(PVOID S1, PVOID Context, PVOID S2, PVOID S3);

/* bsslist.c */
NDIS_STATUS VwifiQueryBssidList(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS VwifiQueryAssocInfo(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length,
				PULONG BytesWritten, PULONG BytesNeeded);
ULONG VwifiBuildAssocReqIes(const struct vw_ap *Ap, PUCHAR Buffer, ULONG Max);
VOID VwifiIndicatePmkidCandidatesLocked(PVWIFI_ADAPTER A);

/* keys.c: OID set handlers for keys, with A->Lock held */
NDIS_STATUS VwifiAddWep(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length);
NDIS_STATUS VwifiRemoveWep(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length);
NDIS_STATUS VwifiAddKey(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length);
NDIS_STATUS VwifiRemoveKey(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length);
NDIS_STATUS VwifiSetPmkids(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length);
NDIS_STATUS VwifiQueryPmkids(PVWIFI_ADAPTER A, PVOID Buffer, ULONG Length,
			     PULONG BytesWritten, PULONG BytesNeeded);
BOOLEAN VwifiKeyEquals(const VWIFI_KEY *Key, const UCHAR *Material,
		       ULONG Length);

/* oid.c, oidset.c */
extern const NDIS_OID VwifiOids[];
extern const ULONG VwifiOidsSize;
NDIS_STATUS VwifiQueryInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				  PVOID Buffer, ULONG Length,
				  PULONG BytesWritten, PULONG BytesNeeded);
NDIS_STATUS VwifiSetInformation(NDIS_HANDLE Context, NDIS_OID Oid,
				PVOID Buffer, ULONG Length, PULONG BytesRead,
				PULONG BytesNeeded);

#endif
