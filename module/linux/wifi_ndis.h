/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NDIS 5.1 wireless interface as the cfg80211 glue speaks it: the
 * OID_802_11_* numbers, their enumerations and the structures whose
 * layout (Windows x64) the glue reads and writes. Sizes and offsets are
 * asserted against the Windows layout.
 */
#ifndef NDL_LINUX_WIFI_NDIS_H
#define NDL_LINUX_WIFI_NDIS_H

#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/types.h>

#define OID_GEN_PHYSICAL_MEDIUM			0x00010202
#define OID_802_11_BSSID			0x0d010101
#define OID_802_11_SSID				0x0d010102
#define OID_802_11_NETWORK_TYPES_SUPPORTED	0x0d010203
#define OID_802_11_TX_POWER_LEVEL		0x0d010205
#define OID_802_11_RSSI				0x0d010206
#define OID_802_11_INFRASTRUCTURE_MODE		0x0d010108
#define OID_802_11_FRAGMENTATION_THRESHOLD	0x0d010209
#define OID_802_11_RTS_THRESHOLD		0x0d01020a
#define OID_802_11_CONFIGURATION		0x0d010211
#define OID_802_11_ADD_WEP			0x0d010113
#define OID_802_11_REMOVE_WEP			0x0d010114
#define OID_802_11_DISASSOCIATE			0x0d010115
#define OID_802_11_POWER_MODE			0x0d010216
#define OID_802_11_BSSID_LIST			0x0d010217
#define OID_802_11_AUTHENTICATION_MODE		0x0d010118
#define OID_802_11_BSSID_LIST_SCAN		0x0d01011a
#define OID_802_11_ENCRYPTION_STATUS		0x0d01011b
#define OID_802_11_ADD_KEY			0x0d01011d
#define OID_802_11_REMOVE_KEY			0x0d01011e
#define OID_802_11_ASSOCIATION_INFORMATION	0x0d01011f
#define OID_802_11_CAPABILITY			0x0d010122
#define OID_802_11_PMKID			0x0d010123

#define NDL_PHYSICAL_MEDIUM_WIRELESS_LAN	1

/* NDIS_802_11_NETWORK_TYPE */
#define NDL_NET_TYPE_FH		0
#define NDL_NET_TYPE_DS		1
#define NDL_NET_TYPE_OFDM5	2
#define NDL_NET_TYPE_OFDM24	3

/* NDIS_802_11_NETWORK_INFRASTRUCTURE */
#define NDL_INFRA_IBSS		0
#define NDL_INFRA_BSS		1

/* NDIS_802_11_AUTHENTICATION_MODE */
#define NDL_AUTH_OPEN		0
#define NDL_AUTH_SHARED		1
#define NDL_AUTH_AUTO_SWITCH	2
#define NDL_AUTH_WPA		3
#define NDL_AUTH_WPA_PSK	4
#define NDL_AUTH_WPA2		6
#define NDL_AUTH_WPA2_PSK	7

/* NDIS_802_11_ENCRYPTION_STATUS */
#define NDL_ENC1_ENABLED	0	/* WEP */
#define NDL_ENC_DISABLED	1
#define NDL_ENC1_KEY_ABSENT	2
#define NDL_ENC_NOT_SUPPORTED	3
#define NDL_ENC2_ENABLED	4	/* TKIP */
#define NDL_ENC2_KEY_ABSENT	5
#define NDL_ENC3_ENABLED	6	/* AES-CCMP */
#define NDL_ENC3_KEY_ABSENT	7

/* NDIS_802_11_POWER_MODE */
#define NDL_POWER_CAM		0
#define NDL_POWER_MAX_PSP	1
#define NDL_POWER_FAST_PSP	2

/* KeyIndex bits of OID_802_11_ADD_KEY / ADD_WEP / REMOVE_KEY. */
#define NDL_KEY_TRANSMIT	0x80000000u
#define NDL_KEY_PAIRWISE	0x40000000u
#define NDL_KEY_RSC_VALID	0x20000000u

/* NDIS_802_11_STATUS_TYPE, in NDIS_STATUS_MEDIA_SPECIFIC_INDICATION. */
#define NDL_STATUS_TYPE_AUTHENTICATION	0
#define NDL_STATUS_TYPE_PMKID_CANDIDATES	2

/* NDIS_802_11_AUTHENTICATION_REQUEST Flags */
#define NDL_AUTH_REQ_PAIRWISE_ERROR	0x06
#define NDL_AUTH_REQ_GROUP_ERROR	0x0e
#define NDL_AUTH_REQ_FIELDS		0x0f

#define NDL_PMKID_CANDIDATE_PREAUTH	0x01

struct ndl_ndis_ssid {
	u32 len;
	u8 ssid[32];
};

struct ndl_ndis_wep {
	u32 length;
	u32 index;
	u32 key_len;
	u8 key[];
};

struct ndl_ndis_key {
	u32 length;
	u32 index;
	u32 key_len;
	u8 bssid[6];
	u64 rsc;
	u8 key[];
};

struct ndl_ndis_remove_key {
	u32 length;
	u32 index;
	u8 bssid[6];
};

struct ndl_ndis_config_fh {
	u32 length, hop_pattern, hop_set, dwell_time;
};

struct ndl_ndis_config {
	u32 length;
	u32 beacon_period;	/* Kusec */
	u32 atim_window;
	u32 ds_config;		/* kHz */
	struct ndl_ndis_config_fh fh;
};

/* NDIS_WLAN_BSSID_EX: one BSSID_LIST entry (NDIS 5.0 entries end at ies). */
struct ndl_ndis_bssid {
	u32 length;
	u8 mac[6];
	u8 reserved[2];
	struct ndl_ndis_ssid ssid;
	u32 privacy;
	s32 rssi;		/* dBm */
	u32 net_type;
	struct ndl_ndis_config config;
	u32 infra_mode;
	u8 rates[16];		/* 8 in NDIS 5.0 entries */
	u32 ie_len;		/* NDIS 5.1 (_EX) from here */
	u8 ies[];		/* NDIS_802_11_FIXED_IEs, then elements */
};

#define NDL_BSSID_50_LEN	offsetof(struct ndl_ndis_bssid, rates[8])
#define NDL_FIXED_IES_LEN	12	/* timestamp, interval, capability */

struct ndl_ndis_assoc_info {
	u32 length;
	u16 req_fixed_avail;
	u16 req_capabilities;
	u16 req_listen_interval;
	u8 req_current_ap[6];
	u32 req_ie_len;
	u32 req_ie_offset;
	u16 resp_fixed_avail;
	u16 resp_capabilities;
	u16 resp_status;
	u16 resp_aid;
	u32 resp_ie_len;
	u32 resp_ie_offset;
};

struct ndl_ndis_auth_encr {
	u32 auth_mode;
	u32 encryption;
};

struct ndl_ndis_capability {
	u32 length;
	u32 version;
	u32 num_pmkids;
	u32 num_pairs;
	struct ndl_ndis_auth_encr pairs[];
};

struct ndl_ndis_bssid_info {
	u8 bssid[6];
	u8 pmkid[16];
};

struct ndl_ndis_pmkid {
	u32 length;
	u32 count;
	struct ndl_ndis_bssid_info info[];
};

/* The Windows x64 layouts (ntddndis.h). */
static_assert(offsetof(struct ndl_ndis_key, rsc) == 24);
static_assert(offsetof(struct ndl_ndis_key, key) == 32);
static_assert(offsetof(struct ndl_ndis_wep, key) == 12);
static_assert(sizeof(struct ndl_ndis_remove_key) == 16);
static_assert(offsetof(struct ndl_ndis_bssid, ssid) == 12);
static_assert(offsetof(struct ndl_ndis_bssid, rssi) == 52);
static_assert(offsetof(struct ndl_ndis_bssid, config) == 60);
static_assert(offsetof(struct ndl_ndis_bssid, rates) == 96);
static_assert(offsetof(struct ndl_ndis_bssid, ie_len) == 112);
static_assert(offsetof(struct ndl_ndis_bssid, ies) == 116);
static_assert(sizeof(struct ndl_ndis_assoc_info) == 40);
static_assert(offsetof(struct ndl_ndis_assoc_info, req_ie_len) == 16);
static_assert(offsetof(struct ndl_ndis_assoc_info, resp_ie_offset) == 36);
static_assert(sizeof(struct ndl_ndis_bssid_info) == 22);
static_assert(offsetof(struct ndl_ndis_pmkid, info) == 8);
static_assert(offsetof(struct ndl_ndis_capability, pairs) == 16);

#endif
